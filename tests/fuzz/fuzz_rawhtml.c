/*
 * fuzz_rawhtml.c: a lesson's raw HTML on arbitrary bytes (lesson/rawhtml.h). What comes out holds
 * markup of the filter's own making only: every '<' opens a tag of its list by a lowercase name,
 * no attribute is a handler, a class, an id or a style, no value holds a '<', every tag opened is
 * closed, and filtering the output again changes nothing.
 */
#include <string.h>

#include "base/buf.h"
#include "lesson/rawhtml.h"
#include "fuzz.h"

struct count {
	size_t n, size;
};

static void note(void *arg, size_t offset, const char *what)
{
	struct count *c = arg;

	FUZZ_CHECK(offset < c->size);
	FUZZ_CHECK(what && *what);
	c->n++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct buf out = BUF_INIT, again = BUF_INIT;
	struct count c = { 0, size };

	struct rawhtml_hooks h = { note, NULL, &c }; /* no anchor asked for: none kept */

	rawhtml_filter(&out, (const char *)data, size, NULL, &h);
	for (const char *p = memchr(out.p, '<', out.len); p;
	     p = memchr(p + 1, '<', out.len - (size_t)(p + 1 - out.p))) {
		const char *name = p + 1 + (p[1] == '/');
		size_t nl = strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789");
		FUZZ_CHECK(nl > 0);
		FUZZ_CHECK(name[nl] == '>' || name[nl] == ' ');
		const char *end = strchr(name, '>');
		FUZZ_CHECK(end);
		const char *a = name + nl;
		while (*a == ' ') { /* attributes: NAME or NAME="VALUE" (a value has no '"' of its own) */
			const char *an = a + 1;
			size_t anl = strspn(an, "abcdefghijklmnopqrstuvwxyz");
			FUZZ_CHECK(anl > 0);
			FUZZ_CHECK(strncmp(an, "on", 2) != 0 && strncmp(an, "class", anl) != 0 &&
				   strncmp(an, "id", anl) != 0 && strncmp(an, "style", anl) != 0);
			a = an + anl;
			if (*a == '=') {
				FUZZ_CHECK(a[1] == '"');
				const char *q = strchr(a + 2, '"');
				FUZZ_CHECK(q && q < strchr(q, '>'));
				FUZZ_CHECK(memchr(a + 2, '<', (size_t)(q - a - 2)) == NULL);
				a = q + 1;
			}
		}
		FUZZ_CHECK(*a == '>');
	}
	/* what it wrote is what it would keep: nothing left out the second time, every tag it
	   opened closed by it (in a container of litlab's, nothing is left for litlab to close) */
	struct rawhtml_open open = { 0 };
	c.n = 0;
	c.size = out.len + 1;
	rawhtml_enter(&open);
	rawhtml_filter(&again, out.p, out.len, &open, &h);
	FUZZ_CHECK(!rawhtml_any_open(&open));
	rawhtml_leave(&again, &open, "in the test", &h);
	FUZZ_CHECK(open.n == 0);
	rawhtml_open_release(&open);
	FUZZ_CHECK(c.n == 0);
	FUZZ_CHECK(again.len == out.len && memcmp(again.p, out.p, out.len) == 0);
	buf_release(&out);
	buf_release(&again);
	return 0;
}
