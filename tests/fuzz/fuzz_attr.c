/* fuzz_attr.c: the info-string attribute grammar on arbitrary bytes. */
#include <string.h>

#include "lesson/attr.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	struct attr_list l;
	char *err;
	int err_col;
	const int col0 = 5;

	int rc = attr_parse(s, size, 7, col0, &l, &err, &err_col);
	FUZZ_CHECK(rc == 0 || rc == -1);
	FUZZ_CHECK((rc == 0) == (err == NULL));
	if (rc < 0)
		FUZZ_CHECK(err_col >= col0 && (size_t)(err_col - col0) <= size);
	for (size_t i = 0; i < l.n; i++) {
		const struct attr *a = &l.v[i];
		FUZZ_CHECK(a->line == 7);
		FUZZ_CHECK(a->col >= col0 && (size_t)(a->col - col0) < size);
		FUZZ_CHECK(*a->key);
		FUZZ_CHECK(memcmp(a->key, s + (a->col - col0), strlen(a->key)) == 0);
		FUZZ_CHECK(attr_find(&l, a->key) != NULL);
	}
	free(err);
	attr_list_release(&l);
	return 0;
}
