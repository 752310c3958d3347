/* fuzz_quantity.c: the quantity scanner and judge on arbitrary bytes, with and without code spans. */
#include <string.h>

#include "fuzz.h"
#include "lesson/quantity.h"

#define MAX 64
#define SPANS 16

static void check(const char *s, size_t size, const struct quantity_spans *sp)
{
	struct quantity q[MAX], few[2];
	size_t n = quantity_find(s, size, sp, q, MAX);

	FUZZ_CHECK(n <= size);
	FUZZ_CHECK(quantity_find(s, size, sp, NULL, 0) == n);
	FUZZ_CHECK(quantity_find(s, size, sp, few, 2) == n);
	size_t end = 0;
	for (size_t i = 0; i < n && i < MAX; i++) {
		FUZZ_CHECK(q[i].len > 0);
		FUZZ_CHECK(q[i].start >= end);
		FUZZ_CHECK(q[i].start + q[i].len <= size);
		FUZZ_CHECK(q[i].cls <= QUANTITY_NOT_TIMING);
		FUZZ_CHECK(q[i].why != NULL);
		if (q[i].cue_span == QUANTITY_LEAD_CUE) {
			FUZZ_CHECK(sp && sp->lead && q[i].cue + q[i].cue_len <= sp->lead_len);
		} else if (q[i].cue_span) {
			FUZZ_CHECK(sp && q[i].cue_span <= sp->n);
			FUZZ_CHECK(q[i].cue + q[i].cue_len <= strlen(sp->text[q[i].cue_span - 1]));
		} else {
			FUZZ_CHECK(q[i].cue + q[i].cue_len <= size);
		}
		FUZZ_CHECK(!q[i].span || (sp && q[i].span <= sp->n));
		if (i < 2)
			FUZZ_CHECK(few[i].start == q[i].start && few[i].len == q[i].len);
		end = q[i].start + q[i].len;
		(void)quantity_kind_name(q[i].kind);
		(void)quantity_class_name(q[i].cls);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const figures[] = { "35 GB/s", "1.3x", "86%", "thrd_sleep()", "tv_nsec", "2 seconds",
					       "x", "" };
	const char *s = (const char *)data;
	const char *texts[SPANS];
	size_t offsets[SPANS], k = 0;

	check(s, size, NULL);
	/* each U+FFFC a code span, as prose_collect() makes them */
	for (size_t i = 0; i + 3 <= size && k < SPANS; i++) {
		if (memcmp(s + i, "\xef\xbf\xbc", 3) == 0) {
			texts[k] = figures[(i + k) % (sizeof figures / sizeof figures[0])];
			offsets[k++] = i;
			i += 2;
		}
	}
	struct quantity_spans sp = { texts, offsets, k, NULL, 0, 0 };
	check(s, size, &sp);
	/* a table led in by a sentence: the input's first line the lead, the rest the table (eighteenth round) */
	const char *nl = memchr(s, '\n', size);
	if (nl) {
		struct quantity_spans led = { texts, offsets, 0, s, (size_t)(nl - s), 0 };
		check(nl + 1, size - (size_t)(nl - s) - 1, &led);
		/* the same table among results (thirtieth round): a bare figure nothing decides is unsure */
		led.results = 1;
		check(nl + 1, size - (size_t)(nl - s) - 1, &led);
	}
	/* a lead-in of any bytes, line breaks and the blank line before the sentence after a table among
	   them (twenty-fourth round): the bytes before a \x01, the rest the table */
	const char *cut = memchr(s, '\x01', size);
	if (cut) {
		struct quantity_spans led = { texts, offsets, 0, s, (size_t)(cut - s), 0 };
		check(cut + 1, size - (size_t)(cut - s) - 1, &led);
	}
	return 0;
}
