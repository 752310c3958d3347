/* fuzz_quantity.c: the quantity scanner on arbitrary bytes. */
#include "fuzz.h"
#include "quantity.h"

#define MAX 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	struct quantity q[MAX], few[2];

	size_t n = quantity_scan(s, size, q, MAX);
	FUZZ_CHECK(n <= size);
	FUZZ_CHECK(quantity_scan(s, size, NULL, 0) == n);
	FUZZ_CHECK(quantity_scan(s, size, few, 2) == n);
	size_t end = 0;
	for (size_t i = 0; i < n && i < MAX; i++) {
		FUZZ_CHECK(q[i].len > 0);
		FUZZ_CHECK(q[i].start >= end);
		FUZZ_CHECK(q[i].start + q[i].len <= size);
		if (i < 2)
			FUZZ_CHECK(few[i].start == q[i].start && few[i].len == q[i].len);
		end = q[i].start + q[i].len;
		(void)quantity_kind_name(q[i].kind);
	}
	return 0;
}
