/* progress.c: the [N/M] line of long runs on a terminal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "cmd/progress.h"

void progress_init(struct progress *p, size_t total, int on, int color)
{
	memset(p, 0, sizeof *p);
	p->total = total;
	p->tty = on && isatty(2);
	p->lines = !color;
}

void progress_release(struct progress *p)
{
	free(p->running);
	p->running = NULL;
	p->nrunning = 0;
}

/* "NAME: ID": the lesson's file name without .md, and the block's id, escaped. */
static void name_block(struct buf *shown, const struct lesson *l, const struct block *b)
{
	const char *name = strrchr(l->path, '/');
	name = name ? name + 1 : l->path;
	size_t n = strlen(name);

	if (n > 3 && strcmp(name + n - 3, ".md") == 0)
		n -= 3;
	buf_add_printable(shown, name, n); /* a file name can hold escapes too */
	buf_adds(shown, ": ");
	buf_adds_printable(shown, b->id);
}

static void show(struct progress *p, const struct lesson *l, const struct block *b, const char *what,
		 const char *cached)
{
	struct buf shown = BUF_INIT;

	name_block(&shown, l, b);
	fprintf(stderr, "%s[%zu/%zu] %s %s%s%s", p->lines ? "" : "\r\033[K", p->done, p->total, shown.p, what, cached,
		p->lines ? "\n" : "");
	buf_release(&shown);
	p->shown = !p->lines;
	fflush(stderr);
}

void progress_start(struct progress *p, const struct lesson *l, const struct block *b)
{
	p->running = xreallocarray(p->running, p->nrunning + 1, sizeof *p->running);
	p->running[p->nrunning++] = (struct progress_running){ l, b };
	if (p->tty && !p->lines)
		show(p, p->running[0].l, p->running[0].b, "running", "");
}

void progress_block(void *ctx, const struct lesson *l, const struct block *b, const struct block_result *br)
{
	struct progress *p = ctx;

	p->done++;
	for (size_t i = 0; i < p->nrunning; i++)
		if (p->running[i].b == b) {
			memmove(p->running + i, p->running + i + 1, (p->nrunning - i - 1) * sizeof *p->running);
			p->nrunning--;
			break;
		}
	if (!p->tty)
		return;
	/* Written in place, the line names what is running now: the block that started first. */
	if (!p->lines && p->nrunning)
		show(p, p->running[0].l, p->running[0].b, "running", "");
	else
		show(p, l, b, br->status == STATUS_PASSED ? "ok" : block_status_name(br->status),
		     br->ev.cached ? " (cached)" : "");
}

void progress_clear(struct progress *p)
{
	if (p->shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		p->shown = 0;
	}
}

void progress_restore(struct progress *p)
{
	if (p->tty && !p->lines && !p->shown && p->nrunning)
		show(p, p->running[0].l, p->running[0].b, "running", "");
}
