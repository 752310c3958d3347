/*
 * progress.h: the "[12/40] 15-profiling: storage-estimate ok" line that long
 * runs show on a terminal.
 *
 * On stderr, and only when stderr is a terminal: with colour allowed, one
 * line rewritten in place ("\r\033[K"); with NO_COLOR, one plain line per
 * block and no cursor control. Nothing at all when stderr is not a
 * terminal. File names and ids are shown with their control characters
 * escaped. progress_clear() takes a line written in place away, before
 * anything else is printed.
 *
 * check, build, audit (course_check.c) and promote show their progress here.
 */
#ifndef LITLAB_PROGRESS_H
#define LITLAB_PROGRESS_H

#include <stddef.h>

#include "check/check.h"

struct progress {
	size_t done, total;
	int tty;   /* stderr is a terminal: show progress */
	int lines; /* NO_COLOR: one plain line per block, no cursor control */
	int shown; /* a progress line stands on the terminal's last line */
};

/* total blocks to come; shown when on and stderr is a terminal; color: lines rewritten in place. */
void progress_init(struct progress *p, size_t total, int on, int color);

/* A check_progress_fn (ctx: the struct progress): block b of l is done, with br's status. */
void progress_block(void *ctx, const struct lesson *l, const struct block *b, const struct block_result *br);

/* Takes away a progress line written in place, if one stands. */
void progress_clear(struct progress *p);

#endif
