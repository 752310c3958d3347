/* keyhash.c: SHA-256 keys made of named fields (see keyhash.h). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fs.h"
#include "base/keyhash.h"

void key_field(struct sha256_ctx *ctx, const char *name, const void *data, size_t len)
{
	uint8_t n[8];

	for (size_t i = 0; i < 8; i++)
		n[i] = (uint8_t)((uint64_t)len >> (8 * i));
	sha256_update(ctx, strlen(name) + 1, (const uint8_t *)name);
	sha256_update(ctx, sizeof n, n);
	sha256_update(ctx, len, (const uint8_t *)data);
}

void key_str(struct sha256_ctx *ctx, const char *name, const char *s)
{
	key_field(ctx, name, s ? s : "", s ? strlen(s) : 0);
}

int key_num_text(double v, char s[64])
{
	/* A whole number below 10^17 is its digits in "%.17g" too (no exponent, no point): written
	   without the floating-point printf, which took a third of a warm build's cache keys. */
	if (v == v && v > -1e17 && v < 1e17 && v == (double)(long long)v && (v != 0 || !signbit(v))) {
		long long n = (long long)v;
		unsigned long long u = n < 0 ? 0 - (unsigned long long)n : (unsigned long long)n;
		char digits[24];
		int k = 0, len = 0;
		do
			digits[k++] = (char)('0' + u % 10);
		while ((u /= 10) > 0);
		if (n < 0)
			s[len++] = '-';
		while (k > 0)
			s[len++] = digits[--k];
		s[len] = '\0';
		return len;
	}
	return snprintf(s, 64, "%.17g", v);
}

void key_num(struct sha256_ctx *ctx, const char *name, double v)
{
	char s[64];

	key_field(ctx, name, s, (size_t)key_num_text(v, s));
}

void key_finish(struct sha256_ctx *ctx, char out[KEY_HEX + 1])
{
	static const char digits[] = "0123456789abcdef";
	uint8_t d[SHA256_DIGEST_SIZE];

	sha256_digest(ctx, sizeof d, d);
	for (size_t i = 0; i < sizeof d; i++) {
		out[2 * i] = digits[d[i] >> 4];
		out[2 * i + 1] = digits[d[i] & 15];
	}
	out[KEY_HEX] = '\0';
}

void key_sha256(const void *data, size_t len, char out[KEY_HEX + 1])
{
	struct sha256_ctx ctx;

	sha256_init(&ctx);
	sha256_update(&ctx, len, data);
	key_finish(&ctx, out);
}

int key_file(const char *path, char out[KEY_HEX + 1])
{
	int fd = fs_open_regular(path); /* never a device or a FIFO a compiler was made to read */
	struct sha256_ctx ctx;
	struct stat st;
	uint8_t chunk[65536];
	ssize_t n;

	if (fd < 0)
		return -1;
	/* The bytes its size says, and not one more: files of /proc and /sys say 0 and have text,
	   /proc/self/pagemap hundreds of gigabytes, /proc/kmsg waits for the kernel (a record of an
	   archive may list any path); a file that grows or shrinks while read is not the one hashed. */
	if (fstat(fd, &st) < 0 || fcntl(fd, F_SETFL, O_NONBLOCK) < 0) {
		close(fd);
		return -1;
	}
	off_t left = st.st_size;
	sha256_init(&ctx);
	for (;;) {
		size_t want = left <= 0 ? 1 : (uint64_t)left < sizeof chunk ? (size_t)left : sizeof chunk;
		n = read(fd, chunk, want); /* at its end, one byte more: there must be none */
		if (n == 0)
			break;
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || left == 0) {
			close(fd);
			return -1;
		}
		sha256_update(&ctx, (size_t)n, chunk);
		left -= n;
	}
	close(fd);
	if (left != 0)
		return -1;
	key_finish(&ctx, out);
	return 0;
}
