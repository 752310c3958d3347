/* util.c: allocation, files, clocks and UTF-8 checks shared by every module. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/util.h"

static NORETURN void oom(size_t size)
{
	fprintf(stderr, "litlab: out of memory (%zu bytes)\n", size);
	abort();
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		oom(size);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		oom(n * size);
	return p;
}

void *xrealloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);

	if (!q)
		oom(size);
	return q;
}

void *xreallocarray(void *p, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		oom(SIZE_MAX);
	return xrealloc(p, n * size);
}

void *xappendarray(void *p, size_t n, size_t size)
{
	if (n & (n - 1))
		return p; /* n is not a power of two: the last doubling left room */
	return xreallocarray(p, n ? 2 * n : 1, size);
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	return buf_detach(&b, NULL);
}

void complain(const char *fmt, ...)
{
	struct buf b = BUF_INIT, e = BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	buf_adds(&e, "litlab: ");
	buf_add_printable(&e, b.p, b.len);
	buf_addc(&e, '\n');
	fflush(stdout);
	fwrite(e.p, 1, e.len, stderr);
	buf_release(&e);
	buf_release(&b);
}

void bug_at(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "litlab: BUG: %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

int write_all(int fd, const void *data, size_t len)
{
	const char *p = data;

	while (len > 0) {
		ssize_t n = write(fd, p, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int write_file(const char *path, const char *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

	if (fd < 0)
		return -1;
	int rc = write_all(fd, data, len);
	int e = errno;
	if (close(fd) < 0 && rc == 0)
		return -1;
	errno = e;
	return rc;
}

static int is_executable(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

char *path_lookup(const char *name, const char *path)
{
	if (strchr(name, '/'))
		return is_executable(name) ? xstrdup(name) : NULL;
	if (!path || !*path)
		path = PROGRAM_PATH;
	for (;;) {
		const char *colon = strchr(path, ':');
		size_t n = colon ? (size_t)(colon - path) : strlen(path);
		char *cand = n && path[0] == '/' ? xasprintf("%.*s/%s", (int)n, path, name) : NULL;
		if (cand && is_executable(cand))
			return cand;
		free(cand);
		if (!colon)
			return NULL;
		path = colon + 1;
	}
}

char *signal_name(int signo)
{
	const char *abbrev = sigabbrev_np(signo);

	return abbrev ? xasprintf("SIG%s", abbrev) : xasprintf("signal %d", signo);
}

char *signal_text(int signo)
{
	const char *abbrev = sigabbrev_np(signo);

	return abbrev ? xasprintf("SIG%s (%s)", abbrev, strsignal(signo)) : xasprintf("signal %d", signo);
}

long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

long cpu_used_s(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) < 0)
		return -1;
	long long us = (long long)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000 + ru.ru_utime.tv_usec +
		       ru.ru_stime.tv_usec;
	return (long)((us + 999999) / 1000000);
}

size_t utf8_first_invalid(const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;

	while (i < len) {
		unsigned c = s[i];
		size_t n;
		unsigned min;

		if (c < 0x80) {
			/* ASCII, most text: eight bytes at a time while no byte has its high bit */
			uint64_t w;
			for (i++; i + sizeof w <= len; i += sizeof w) {
				memcpy(&w, s + i, sizeof w);
				if (w & 0x8080808080808080ULL)
					break;
			}
			continue;
		} else if (c >= 0xc2 && c <= 0xdf) {
			n = 1, min = 0x80;
		} else if (c >= 0xe0 && c <= 0xef) {
			n = 2, min = 0x800;
		} else if (c >= 0xf0 && c <= 0xf4) {
			n = 3, min = 0x10000;
		} else {
			return i;
		}
		if (i + n >= len)
			return i;
		unsigned cp = c & (0x3f >> n);
		for (size_t k = 1; k <= n; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return i;
			cp = (cp << 6) | (s[i + k] & 0x3f);
		}
		if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return i;
		i += n + 1;
	}
	return len;
}

int utf8_valid(const char *s, size_t len)
{
	return utf8_first_invalid(s, len) == len;
}

void free_words(char **argv, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(argv[i]);
	free(argv);
}
