/*
 * fuzz_lesson.c: the loader on arbitrary bytes: lesson_parse(), then the
 * prose units over the result, the quantity scanner over each unit (as the
 * timing rule does), and every position the lesson hands out.
 */
#include <string.h>

#include "fuzz.h"
#include "lesson/lesson.h"
#include "lesson/prose.h"
#include "lesson/quantity.h"

static void check_position(const struct lesson *l, int line, int col)
{
	FUZZ_CHECK(line >= 1);
	FUZZ_CHECK(col >= 1);
	FUZZ_CHECK((size_t)line <= l->nlines || l->nlines == 0);
}

static void check_blocks(struct lesson *l)
{
	for (size_t i = 0; i < l->nblocks; i++) {
		const struct block *b = &l->blocks[i];
		FUZZ_CHECK(b->index == i);
		FUZZ_CHECK(b->id && *b->id);
		FUZZ_CHECK(strlen(b->code) == b->code_len);
		check_position(l, b->line, b->col);
		FUZZ_CHECK(b->end_line >= b->line);
		for (size_t k = 0; k < b->ndeps; k++)
			FUZZ_CHECK(b->deps[k] < l->nblocks && b->deps[k] != i);
		for (size_t k = 0; k < b->attrs.n; k++)
			check_position(l, b->attrs.v[k].line, b->attrs.v[k].col);
		for (size_t k = 0; k < b->noutputs; k++)
			check_position(l, b->outputs[k].line, b->outputs[k].col);
		(void)block_mode_name(b->mode);
	}
	/* lesson_block() is a linear search: once, not once per block. */
	if (l->nblocks)
		FUZZ_CHECK(lesson_block(l, l->blocks[l->nblocks - 1].id) != NULL);
	for (size_t i = 0; i < l->diags.n; i++)
		FUZZ_CHECK(l->diags.v[i].line >= 1 && l->diags.v[i].col >= 1);
	(void)lesson_fm(l, "title");
}

static void check_prose(const struct lesson *l)
{
	struct prose p;
	struct quantity q[8];

	prose_collect(&p, l);
	for (size_t i = 0; i < p.n; i++) {
		const struct text_unit *u = &p.v[i];
		int line, col;
		FUZZ_CHECK(u->text[u->len] == '\0');
		for (size_t off = 0; off < u->len; off++) {
			FUZZ_CHECK(u->pos[off] < l->text_len);
			prose_position(l, u, off, &line, &col);
			check_position(l, line, col);
		}
		for (size_t k = 0; k < u->nspans; k++)
			FUZZ_CHECK(u->spans[k].offset + 3 <= u->len);
		size_t n = quantity_scan(u->text, u->len, q, ARRAY_LEN(q));
		for (size_t k = 0; k < n && k < ARRAY_LEN(q); k++) {
			FUZZ_CHECK(q[k].start + q[k].len <= u->len);
			prose_position(l, u, q[k].start, &line, &col);
			check_position(l, line, col);
		}
		(void)unit_kind_name(u->kind);
	}
	prose_release(&p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lesson *l = lesson_parse("15-fuzz.md", (const char *)data, size);

	check_blocks(l);
	check_prose(l);
	lesson_free(l);
	return 0;
}
