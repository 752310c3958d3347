/* progress.c: the [N/M] line of long runs on a terminal. */
#include <stdio.h>
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

void progress_block(void *ctx, const struct lesson *l, const struct block *b, const struct block_result *br)
{
	struct progress *p = ctx;
	const char *name = strrchr(l->path, '/');
	name = name ? name + 1 : l->path;
	size_t n = strlen(name);

	p->done++;
	if (!p->tty)
		return;
	if (n > 3 && strcmp(name + n - 3, ".md") == 0)
		n -= 3;
	struct buf shown = BUF_INIT; /* a file name can hold escapes too */
	buf_add_printable(&shown, name, n);
	buf_adds(&shown, ": ");
	buf_adds_printable(&shown, b->id);
	fprintf(stderr, "%s[%zu/%zu] %s %s%s%s", p->lines ? "" : "\r\033[K", p->done, p->total, shown.p,
		br->status == STATUS_PASSED ? "ok" : block_status_name(br->status), br->ev.cached ? " (cached)" : "",
		p->lines ? "\n" : "");
	buf_release(&shown);
	p->shown = !p->lines;
	fflush(stderr);
}

void progress_clear(struct progress *p)
{
	if (p->shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		p->shown = 0;
	}
}
