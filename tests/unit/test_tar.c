/*
 * test_tar.c: the ustar subset of base/tar: what tar_add() writes reads back
 * (names, sizes, bytes, the end marker); a header whose checksum, kind,
 * prefix or size is wrong, and a file cut short, are errors with a reason;
 * the shard a block belongs to (course_check_shard_of) spreads blocks over
 * every shard and depends only on the lesson's file name and the block's id.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/tar.h"
#include "cmd/course_check.h"

/* The archive in out as a file, open for reading. */
static int as_file(const struct buf *out)
{
	FILE *f = tmpfile();
	assert_non_null(f);
	assert_int_equal(fwrite(out->p, 1, out->len, f), out->len);
	fflush(f);
	int fd = dup(fileno(f));
	fclose(f);
	return fd;
}

static void test_round_trip(void **state)
{
	struct buf out = BUF_INIT;
	struct tar_reader t;
	struct tar_entry e;
	char *why, *data;

	(void)state;
	tar_add(&out, "manifest.tsv", "a\tb\n", 4);
	tar_add(&out, "evidence/ab/empty.json", "", 0);
	char big[1300];
	memset(big, 'x', sizeof big);
	tar_add(&out, "big", big, sizeof big);
	tar_end(&out);
	assert_int_equal(out.len % TAR_BLOCK, 0);
	int fd = as_file(&out);
	assert_int_equal(tar_open(&t, fd), 0);
	assert_int_equal(tar_next(&t, 1 << 20, &e, &why), 1);
	assert_string_equal(e.name, "manifest.tsv");
	assert_int_equal(e.size, 4);
	assert_int_equal(tar_read(&t, &e, &data), 0);
	assert_string_equal(data, "a\tb\n");
	free(data);
	assert_int_equal(tar_next(&t, 1 << 20, &e, &why), 1);
	assert_string_equal(e.name, "evidence/ab/empty.json");
	assert_int_equal(e.size, 0);
	assert_int_equal(tar_next(&t, 1 << 20, &e, &why), 1);
	assert_int_equal(e.size, sizeof big);
	assert_int_equal(tar_read(&t, &e, &data), 0);
	assert_memory_equal(data, big, sizeof big);
	free(data);
	assert_int_equal(tar_next(&t, 1 << 20, &e, &why), 0);
	/* A bound below an entry's size refuses it. */
	assert_int_equal(tar_open(&t, fd), 0);
	assert_int_equal(tar_next(&t, 3, &e, &why), -1);
	assert_non_null(strstr(why, "more than the 3 it may hold"));
	free(why);
	close(fd);
	buf_release(&out);
}

/* Reads an archive whose first header was changed by edit (and cut after cut bytes) to its error: the reason. */
static char *first_error(void (*edit)(unsigned char *h), size_t cut)
{
	struct buf out = BUF_INIT;
	struct tar_reader t;
	struct tar_entry e;
	char *why = NULL;

	tar_add(&out, "name", "data", 4);
	tar_end(&out);
	if (edit) {
		unsigned char *h = (unsigned char *)out.p;
		edit(h);
		unsigned sum = 0;
		memset(h + 148, ' ', 8);
		for (size_t i = 0; i < TAR_BLOCK; i++)
			sum += h[i];
		snprintf((char *)h + 148, 8, "%06o", sum);
	}
	if (cut)
		buf_setlen(&out, cut);
	int fd = as_file(&out);
	assert_int_equal(tar_open(&t, fd), 0);
	int r;
	while ((r = tar_next(&t, 1 << 20, &e, &why)) == 1)
		;
	assert_int_equal(r, -1);
	close(fd);
	buf_release(&out);
	return why;
}

static void symlink_type(unsigned char *h) { h[156] = '2'; }
static void prefix(unsigned char *h) { h[345] = 'x'; }
static void base256(unsigned char *h) { h[124] = 0x80; }
static void gnu_magic(unsigned char *h) { memcpy(h + 257, "ustar  ", 8); }

static void expect_reason(char *why, const char *words)
{
	assert_non_null(why);
	if (!strstr(why, words))
		fail_msg("'%s' does not say '%s'", why, words);
	free(why);
}

static void test_refused(void **state)
{
	(void)state;
	expect_reason(first_error(symlink_type, 0), "a symbolic link");
	expect_reason(first_error(prefix, 0), "prefix");
	expect_reason(first_error(base256, 0), "not an octal number");
	expect_reason(first_error(gnu_magic, 0), "not a POSIX ustar header");
	expect_reason(first_error(NULL, 100), "cut short");
	expect_reason(first_error(NULL, TAR_BLOCK + 2), "cut short");
	expect_reason(first_error(NULL, 2 * TAR_BLOCK), "end marker");
}

static void test_shards(void **state)
{
	struct lesson a = { 0 }, b = { 0 };
	struct block blk = { 0 };
	size_t count[4] = { 0 };
	char id[32];

	(void)state;
	a.path = "lessons/07-x.md";
	b.path = "elsewhere/07-x.md";
	blk.id = id;
	for (int i = 0; i < 400; i++) {
		snprintf(id, sizeof id, "b%d", i);
		unsigned s = course_check_shard_of(&a, &blk, 4);
		assert_true(s >= 1 && s <= 4);
		assert_int_equal(course_check_shard_of(&b, &blk, 4), s); /* the folder does not matter */
		assert_int_equal(course_check_shard_of(&a, &blk, 1), 1);
		count[s - 1]++;
	}
	for (int s = 0; s < 4; s++) /* 100 each on average; a hash puts 70 to 130 */
		assert_true(count[s] >= 70 && count[s] <= 130);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_shards),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
