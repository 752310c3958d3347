/*
 * litlab.h: marks regions of a lesson program for litlab to time.
 *
 *	#include "litlab.h"
 *
 *	LITLAB_REGION_BEGIN("parse");
 *	parse(input);
 *	LITLAB_REGION_END("parse");
 *
 * (or litlab_region_begin("parse") and litlab_region_end("parse")). Regions
 * may nest, and a region may be entered again after it ended: litlab adds up
 * a region's passes within one run. Each mark costs a few system calls; the
 * time of a region includes about one write(2) of overhead.
 *
 * Under litlab, a `measure` block's program reports each region to the
 * runner. Anywhere else the marks do nothing, unless the environment has
 * LITLAB_REGION_STDERR=1: then each end prints
 * "litlab region parse: 12.345 ms" on stderr (a region begun in one
 * translation unit must end in the same one there). Nothing is ever
 * written to stdout.
 *
 * Region names are letters, digits, '-', '_' and '.', at most 64 bytes:
 * any other byte becomes '_', a longer name is cut at 64 bytes, and an
 * empty or NULL name is "_".
 *
 * The side channel (the contract with engine/lesson/regions.h): the runner
 * opens a pipe and puts the number of its write end, inherited across exec,
 * in the environment variable LITLAB_REGION_FD. Each mark is one line, written with
 * a single write(2) (atomic: far below PIPE_BUF):
 *
 *	B <pid> <ns> <name>\n	at a begin
 *	E <pid> <ns> <name>\n	at an end
 *
 * pid is getpid() of the writer (a child after fork() writes its own pid,
 * which the runner ignores); ns is CLOCK_MONOTONIC in nanoseconds, read as
 * late as possible at a begin and first thing at an end. The header uses
 * the channel only if, at the first mark, LITLAB_REGION_FD names a pipe; it
 * checks before each write that the descriptor is still that pipe, so a
 * program that closes it, or reuses its number for a file or a pipe of its
 * own, is safe (the marks are then lost, silently). The runner must keep
 * the pipe blocking and drained until the program and its children are
 * gone, and should place it at a high descriptor number.
 *
 * The clock: CLOCK_MONOTONIC when <time.h> declares it; in strict ISO modes
 * (-std=c99, -std=c11), which hide it, the header declares clock_gettime
 * itself on 64-bit Linux, and elsewhere falls back to C11 timespec_get
 * (TIME_UTC) or, in C99, gettimeofday. The header defines no feature-test
 * macro, so it never changes what the program's other headers declare.
 *
 * State: one small static struct per translation unit (the channel, and
 * the open regions of the stderr mode). Marks from several threads at
 * once are not supported.
 */
#ifndef LITLAB_H
#define LITLAB_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define LITLAB_REGION_NAME_MAX 64

#define LITLAB_REGION_BEGIN(name) litlab_region_begin(name)
#define LITLAB_REGION_END(name) litlab_region_end(name)

#if !defined(CLOCK_MONOTONIC) && defined(__linux__) && defined(__LP64__)
/* Strict ISO mode hides clock_gettime; on LP64 Linux its ABI is this. */
struct litlab_timespec_ {
	long tv_sec;
	long tv_nsec;
};
extern int clock_gettime(int, struct litlab_timespec_ *);
#define LITLAB_CLOCK_LINUX_ 1
#elif !defined(CLOCK_MONOTONIC) && !defined(TIME_UTC)
#include <sys/time.h>
#endif

/* The most regions open at once in the stderr mode (more are not printed). */
#define LITLAB_OPEN_MAX_ 32

struct litlab_state_ {
	int looked_up;
	int fd;				/* the channel, or -1 */
	unsigned long long dev, ino;	/* the pipe it was at the first mark */
	int nopen;			/* stderr mode only */
	struct {
		char name[LITLAB_REGION_NAME_MAX + 1];
		long long t0;
	} open[LITLAB_OPEN_MAX_];
};

static inline struct litlab_state_ *litlab_state_(void)
{
	static struct litlab_state_ state;

	return &state;
}

static inline long long litlab_now_(void)
{
#if defined(CLOCK_MONOTONIC)
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return 0;
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
#elif defined(LITLAB_CLOCK_LINUX_)
	struct litlab_timespec_ ts;

	if (clock_gettime(1 /* CLOCK_MONOTONIC */, &ts) != 0)
		return 0;
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
#elif defined(TIME_UTC)
	struct timespec ts;

	if (timespec_get(&ts, TIME_UTC) != TIME_UTC)
		return 0;
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
#else
	struct timeval tv;

	if (gettimeofday(&tv, NULL) != 0)
		return 0;
	return (long long)tv.tv_sec * 1000000000LL + (long long)tv.tv_usec * 1000;
#endif
}

static inline void litlab_name_(char *out, const char *name)
{
	size_t n = 0;

	for (; name && name[n] && n < LITLAB_REGION_NAME_MAX; n++) {
		char c = name[n];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.'))
			c = '_';
		out[n] = c;
	}
	if (n == 0)
		out[n++] = '_';
	out[n] = '\0';
}

/* The channel's descriptor if it is still the pipe litlab gave, else -1. */
static inline int litlab_channel_(struct litlab_state_ *s)
{
	struct stat st;

	if (!s->looked_up) {
		const char *v = getenv("LITLAB_REGION_FD");
		long fd = 0;
		int i;

		s->looked_up = 1;
		s->fd = -1;
		for (i = 0; v && i < 9 && v[i] >= '0' && v[i] <= '9'; i++)
			fd = fd * 10 + (v[i] - '0');
		if (!v || i == 0 || v[i] != '\0')
			return -1;
		if (fstat((int)fd, &st) != 0 || !S_ISFIFO(st.st_mode))
			return -1;
		s->fd = (int)fd;
		s->dev = (unsigned long long)st.st_dev;
		s->ino = (unsigned long long)st.st_ino;
		return s->fd;
	}
	if (s->fd < 0)
		return -1;
	if (fstat(s->fd, &st) != 0 || !S_ISFIFO(st.st_mode) ||
	    (unsigned long long)st.st_dev != s->dev ||
	    (unsigned long long)st.st_ino != s->ino)
		return -1;
	return s->fd;
}

static inline void litlab_write_(int fd, const char *p, int n)
{
	while (n > 0 && write(fd, p, (size_t)n) < 0 && errno == EINTR)
		;
}

static inline void litlab_emit_(int fd, char kind, long long ns, const char *name)
{
	char line[160];
	int n = snprintf(line, sizeof(line), "%c %ld %lld %s\n", kind,
			 (long)getpid(), ns, name);

	if (n > 0 && (size_t)n < sizeof(line))
		litlab_write_(fd, line, n);
}

static inline int litlab_stderr_mode_(void)
{
	const char *v = getenv("LITLAB_REGION_STDERR");

	return v && strcmp(v, "1") == 0;
}

static inline void litlab_region_begin(const char *name)
{
	struct litlab_state_ *s = litlab_state_();
	char nm[LITLAB_REGION_NAME_MAX + 1];
	int fd;

	litlab_name_(nm, name);
	fd = litlab_channel_(s);
	if (fd >= 0) {
		litlab_emit_(fd, 'B', litlab_now_(), nm);
	} else if (s->fd < 0 && litlab_stderr_mode_() && s->nopen < LITLAB_OPEN_MAX_) {
		memcpy(s->open[s->nopen].name, nm, sizeof(nm));
		s->open[s->nopen++].t0 = litlab_now_();
	}
}

static inline void litlab_region_end(const char *name)
{
	long long t = litlab_now_();
	struct litlab_state_ *s = litlab_state_();
	char nm[LITLAB_REGION_NAME_MAX + 1];
	char line[LITLAB_REGION_NAME_MAX + 96];
	long long d;
	int fd, i, n;

	litlab_name_(nm, name);
	fd = litlab_channel_(s);
	if (fd >= 0) {
		litlab_emit_(fd, 'E', t, nm);
		return;
	}
	if (s->fd >= 0 || !litlab_stderr_mode_())
		return;
	for (i = s->nopen - 1; i >= 0 && strcmp(s->open[i].name, nm) != 0; i--)
		;
	if (i < 0) {
		n = snprintf(line, sizeof(line), "litlab region %s: ended without a begin\n", nm);
	} else {
		d = t > s->open[i].t0 ? t - s->open[i].t0 : 0;
		n = snprintf(line, sizeof(line), "litlab region %s: %lld.%03lld ms\n", nm,
			     d / 1000000, d % 1000000 / 1000);
		s->nopen--;
		memmove(&s->open[i], &s->open[i + 1], (size_t)(s->nopen - i) * sizeof(s->open[0]));
	}
	if (n > 0 && (size_t)n < sizeof(line))
		litlab_write_(2, line, n);
}

#endif
