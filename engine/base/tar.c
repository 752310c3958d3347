/* tar.c: writing and reading the ustar subset of tar.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/tar.h"
#include "base/util.h"

/* The fields of a ustar header: offset and length. */
#define F_NAME 0, 100
#define F_MODE 100, 8
#define F_UID 108, 8
#define F_GID 116, 8
#define F_SIZE 124, 12
#define F_MTIME 136, 12
#define F_CHKSUM 148, 8
#define F_TYPE 156, 1
#define F_LINK 157, 100
#define F_MAGIC 257, 6
#define F_VERSION 263, 2
#define F_PREFIX 345, 155

static void put(unsigned char *h, size_t off, size_t len, const char *s)
{
	size_t n = strlen(s);
	memcpy(h + off, s, n < len ? n : len);
}

static void put_octal(unsigned char *h, size_t off, size_t len, unsigned long long v)
{
	char s[32];
	snprintf(s, sizeof s, "%0*llo", (int)len - 1, v);
	memcpy(h + off, s, len - 1); /* and the NUL the header already has */
}

static unsigned sum_header(const unsigned char *h)
{
	unsigned sum = 0;
	for (size_t i = 0; i < TAR_BLOCK; i++)
		sum += i >= 148 && i < 156 ? ' ' : h[i];
	return sum;
}

void tar_add(struct buf *out, const char *name, const void *data, size_t len)
{
	unsigned char h[TAR_BLOCK];

	if (strlen(name) > TAR_NAME_MAX)
		BUG("tar entry name '%s' is too long", name);
	memset(h, 0, sizeof h);
	put(h, F_NAME, name);
	put_octal(h, F_MODE, 0644);
	put_octal(h, F_UID, 0);
	put_octal(h, F_GID, 0);
	put_octal(h, F_SIZE, len);
	put_octal(h, F_MTIME, 0);
	h[156] = '0';
	put(h, F_MAGIC, "ustar");
	put(h, F_VERSION, "00");
	char sum[8];
	snprintf(sum, sizeof sum, "%06o", sum_header(h));
	memcpy(h + 148, sum, 7); /* six digits, a NUL, and the space already there */
	h[155] = ' ';
	buf_add(out, h, sizeof h);
	buf_add(out, data, len);
	static const char zero[TAR_BLOCK];
	if (len % TAR_BLOCK)
		buf_add(out, zero, TAR_BLOCK - len % TAR_BLOCK);
}

void tar_end(struct buf *out)
{
	static const char zero[2 * TAR_BLOCK];
	buf_add(out, zero, sizeof zero);
}

int tar_open(struct tar_reader *t, int fd)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return -1;
	if (!S_ISREG(st.st_mode)) {
		errno = EINVAL;
		return -1;
	}
	t->fd = fd;
	t->size = st.st_size;
	t->next = 0;
	return 0;
}

/* Reads len bytes at off; -1 (errno) when the file has fewer. */
static int read_at(int fd, void *p, size_t len, off_t off)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = pread(fd, (char *)p + done, len - done, off + (off_t)done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = EIO;
			return -1;
		}
		done += (size_t)n;
	}
	return 0;
}

/* An octal field: digits, then NULs or spaces to its end; -1 when it is not one. */
static int get_octal(const unsigned char *h, size_t off, size_t len, unsigned long long *v)
{
	size_t i = off, end = off + len;

	while (i < end && h[i] == ' ')
		i++;
	if (i == end || h[i] < '0' || h[i] > '7')
		return -1;
	*v = 0;
	for (; i < end && h[i] >= '0' && h[i] <= '7'; i++) {
		if (*v >> 60)
			return -1;
		*v = *v * 8 + (h[i] - '0');
	}
	for (; i < end; i++)
		if (h[i] != '\0' && h[i] != ' ')
			return -1;
	return 0;
}

static const char *type_name(unsigned char type)
{
	switch (type) {
	case '1': return "a hard link";
	case '2': return "a symbolic link";
	case '3': return "a character device";
	case '4': return "a block device";
	case '5': return "a folder";
	case '6': return "a FIFO";
	case 'x': case 'g': return "a pax header";
	case 'L': case 'K': return "a GNU long-name header";
	default: return "not a regular file";
	}
}

int tar_next(struct tar_reader *t, size_t max, struct tar_entry *e, char **why)
{
	unsigned char h[TAR_BLOCK];
	unsigned long long size, sum;
	static const unsigned char zero[TAR_BLOCK];

	*why = NULL;
	memset(e, 0, sizeof *e);
	if (t->size - t->next < TAR_BLOCK) {
		*why = xstrdup("the archive ends before its end marker (cut short)");
		return -1;
	}
	if (read_at(t->fd, h, sizeof h, t->next) < 0) {
		*why = xasprintf("cannot read it: %s", strerror(errno));
		return -1;
	}
	if (memcmp(h, zero, sizeof h) == 0)
		return 0;
	if (get_octal(h, F_CHKSUM, &sum) < 0 || sum != sum_header(h)) {
		*why = xasprintf("the header at byte %lld is not a tar header (its checksum is wrong)", (long long)t->next);
		return -1;
	}
	memcpy(e->name, h, 100);
	e->name[100] = '\0';
	if (memcmp(h + 257, "ustar", 6) != 0 || memcmp(h + 263, "00", 2) != 0) {
		*why = xstrdup("not a POSIX ustar header");
		return -1;
	}
	if (h[156] != '0' && h[156] != '\0') {
		*why = xasprintf("it is %s: an evidence archive holds regular files only", type_name(h[156]));
		return -1;
	}
	if (memchr(h + 345, '\0', 155) != h + 345) {
		*why = xstrdup("its name has a prefix (a long path): an evidence archive has none");
		return -1;
	}
	if (get_octal(h, F_SIZE, &size) < 0) {
		*why = xstrdup("its size is not an octal number");
		return -1;
	}
	if (size > max) {
		*why = xasprintf("it is %llu bytes, more than the %zu it may hold", size, max);
		return -1;
	}
	off_t data = t->next + TAR_BLOCK;
	if ((unsigned long long)(t->size - data) < size) {
		*why = xasprintf("it is %llu bytes, and the archive ends before them (cut short)", size);
		return -1;
	}
	e->data = data;
	e->size = (size_t)size;
	t->next = data + (off_t)((size + TAR_BLOCK - 1) / TAR_BLOCK * TAR_BLOCK);
	if (t->next > t->size)
		t->next = t->size; /* its padding is cut: the next header is missing, said then */
	return 1;
}

int tar_read(const struct tar_reader *t, const struct tar_entry *e, char **out)
{
	char *p = xmalloc(e->size + 1);

	if (read_at(t->fd, p, e->size, e->data) < 0) {
		free(p);
		return -1;
	}
	p[e->size] = '\0';
	*out = p;
	return 0;
}
