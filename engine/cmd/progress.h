/*
 * progress.h: the "[12/40] 15-profiling: storage-estimate ok" line that long
 * runs show on a terminal.
 *
 * On stderr, and only when stderr is a terminal: with colour allowed, one
 * line rewritten in place ("\r\033[K"); with NO_COLOR, one plain line per
 * block and no cursor control. Nothing at all when stderr is not a
 * terminal. Written in place, the line names the block that is running
 * (the one that started first, when several are), not the last one done. File names and ids are shown with their control characters
 * escaped. progress_clear() takes a line written in place away, before
 * anything else is printed.
 *
 * check, build, audit (course_check.c) and promote show their progress here.
 */
#ifndef LITLAB_PROGRESS_H
#define LITLAB_PROGRESS_H

#include <stddef.h>

#include "check/check.h"

struct progress_running {
	const struct lesson *l;
	const struct block *b;
};

struct progress {
	size_t done, total;
	struct progress_running *running; /* started and not done, in the order they started */
	size_t nrunning;
	int tty;   /* stderr is a terminal: show progress */
	int lines; /* NO_COLOR: one plain line per block, no cursor control */
	int shown; /* a progress line stands on the terminal's last line */
};

/* total blocks to come; shown when on and stderr is a terminal; color: lines rewritten in place. */
void progress_init(struct progress *p, size_t total, int on, int color);

/* Frees what progress_start() kept. */
void progress_release(struct progress *p);

/* Block b of l starts running (built and run: not one taken from the cache). */
void progress_start(struct progress *p, const struct lesson *l, const struct block *b);

/* A check_progress_fn (ctx: the struct progress): block b of l is done, with br's status. */
void progress_block(void *ctx, const struct lesson *l, const struct block *b, const struct block_result *br);

/* Takes away a progress line written in place, if one stands. */
void progress_clear(struct progress *p);
/* After progress_clear() and what was printed: the line of what is running, again. */
void progress_restore(struct progress *p);

#endif
