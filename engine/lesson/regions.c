/*
 * regions.c: the runner's side of the region side channel (protocol in
 * engine/include/litlab.h).
 *
 * The data comes from a program under test, so it is read as hostile: every
 * field is bounded, and names are found through a small hash table so that
 * no input makes the parse quadratic.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "lesson/regions.h"
#include "base/util.h"

/* Bytes of a malformed line quoted in the message. */
#define QUOTE_MAX 40
/* Slots of the name table: a power of two, at least twice REGIONS_MAX. */
#define SLOTS 2048

struct record {
	char kind;
	long pid;
	int64_t ns;
	struct span name;
};

struct region {
	struct span name;	/* borrowed from the data */
	int open;
	int64_t t0;
	size_t begun_at;	/* line number of the open begin */
	int64_t sum;
	size_t pairs;
};

struct parser {
	int64_t lo, hi; /* the run's window; hi 0: none */
	struct region *regions;
	size_t n, alloc;
	int slot[SLOTS];	/* index into regions, or -1 */
	struct buf error;
};

static int name_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
}

/* Reads 1 to 19 decimal digits at *p up to end, not above max. */
static int parse_num(const char **p, const char *end, int64_t max, int64_t *out)
{
	const char *s = *p;
	int64_t v = 0;

	if (s == end || *s < '0' || *s > '9')
		return -1;
	for (; s < end && *s >= '0' && *s <= '9'; s++) {
		int d = *s - '0';

		if (v > (max - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	*p = s;
	*out = v;
	return 0;
}

static int parse_record(struct record *r, const char *s, const char *end)
{
	int64_t pid;

	if (end - s < 2 || (s[0] != 'B' && s[0] != 'E') || s[1] != ' ')
		return -1;
	r->kind = s[0];
	s += 2;
	if (parse_num(&s, end, LONG_MAX, &pid) < 0 || s == end || *s++ != ' ')
		return -1;
	r->pid = (long)pid;
	if (parse_num(&s, end, INT64_MAX, &r->ns) < 0 || s == end || *s++ != ' ')
		return -1;
	if (s == end || end - s > REGIONS_NAME_MAX)
		return -1;
	r->name.p = s;
	r->name.len = (size_t)(end - s);
	for (; s < end; s++)
		if (!name_byte((unsigned char)*s))
			return -1;
	return 0;
}

static void malformed(struct parser *ps, const char *s, size_t len)
{
	size_t n = len < QUOTE_MAX ? len : QUOTE_MAX;

	buf_adds(&ps->error, "malformed region record on the side channel: '");
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\\' || c == '\'')
			buf_addf(&ps->error, "\\%c", c);
		else if (c >= 0x20 && c < 0x7f)
			buf_addc(&ps->error, (char)c);
		else
			buf_addf(&ps->error, "\\x%02x", c);
	}
	buf_adds(&ps->error, len > n ? "...'" : "'");
}

static void region_error(struct parser *ps, struct span name, const char *what)
{
	buf_addf(&ps->error, "region '%.*s' %s", (int)name.len, name.p, what);
}

static size_t hash(struct span s)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	for (size_t i = 0; i < s.len; i++)
		h = (h ^ (unsigned char)s.p[i]) * 16777619u;
	return h & (SLOTS - 1);
}

/* The region named name, created if create is set; NULL if there is none. */
static struct region *lookup(struct parser *ps, struct span name, int create)
{
	size_t i = hash(name);

	for (; ps->slot[i] >= 0; i = (i + 1) & (SLOTS - 1)) {
		struct region *r = &ps->regions[ps->slot[i]];

		if (r->name.len == name.len && !memcmp(r->name.p, name.p, name.len))
			return r;
	}
	if (!create)
		return NULL;
	if (ps->n == REGIONS_MAX) {
		buf_addf(&ps->error, "more than %d distinct regions in one sample", REGIONS_MAX);
		return NULL;
	}
	if (ps->n == ps->alloc) {
		ps->alloc = ps->alloc ? ps->alloc * 2 : 8;
		ps->regions = xreallocarray(ps->regions, ps->alloc, sizeof(*ps->regions));
	}
	ps->slot[i] = (int)ps->n;
	memset(&ps->regions[ps->n], 0, sizeof(*ps->regions));
	ps->regions[ps->n].name = name;
	return &ps->regions[ps->n++];
}

static void apply(struct parser *ps, const struct record *rec, size_t line)
{
	if (ps->hi && (rec->ns < ps->lo || rec->ns > ps->hi)) {
		double off = ((double)rec->ns - (double)ps->lo) / 1e9;
		buf_addf(&ps->error, "region '%.*s' was marked outside the run (at %.6g s from its start)",
			 (int)rec->name.len, rec->name.p, off);
		return;
	}
	struct region *r = lookup(ps, rec->name, rec->kind == 'B');

	if (rec->kind == 'B') {
		if (!r)
			return;
		if (r->open) {
			region_error(ps, r->name, "was begun again before it ended");
			return;
		}
		r->open = 1;
		r->t0 = rec->ns;
		r->begun_at = line;
		return;
	}
	if (!r || !r->open) {
		region_error(ps, rec->name, "was ended but never begun");
		return;
	}
	if (rec->ns < r->t0) {
		region_error(ps, r->name, "ended before it began");
		return;
	}
	int64_t d = rec->ns - r->t0;
	r->sum = r->sum > INT64_MAX - d ? INT64_MAX : r->sum + d;
	r->pairs++;
	r->open = 0;
}

static void parse(struct region_sample *rs, const char *data, size_t len, long main_pid, int64_t lo, int64_t hi)
{
	struct parser ps = { .lo = lo, .hi = hi, .error = BUF_INIT };
	const char *p = data, *end = len ? data + len : data;
	size_t line = 0;

	memset(rs, 0, sizeof(*rs));
	memset(ps.slot, -1, sizeof(ps.slot));
	while (p < end && !ps.error.len) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		struct record rec;

		line++;
		if (!nl || parse_record(&rec, p, eol) < 0) {
			malformed(&ps, p, (size_t)(eol - p));
			break;
		}
		if (rec.pid == main_pid)
			apply(&ps, &rec, line);
		p = nl + 1;
	}

	struct region *first_open = NULL;
	for (size_t i = 0; i < ps.n && !ps.error.len; i++) {
		struct region *r = &ps.regions[i];

		if (r->open && (!first_open || r->begun_at < first_open->begun_at))
			first_open = r;
	}
	if (first_open)
		region_error(&ps, first_open->name, "was begun and never ended");

	if (ps.error.len) {
		rs->error = buf_detach(&ps.error, NULL);
	} else if (ps.n) {
		rs->times = xreallocarray(NULL, ps.n, sizeof(*rs->times));
		for (size_t i = 0; i < ps.n; i++) {
			struct region *r = &ps.regions[i];

			rs->times[i].name = xstrndup(r->name.p, r->name.len);
			rs->times[i].ns = r->sum;
			rs->times[i].pairs = r->pairs;
		}
		rs->n = ps.n;
	}
	free(ps.regions);
	buf_release(&ps.error);
}

void regions_parse(struct region_sample *rs, const char *data, size_t len, long main_pid)
{
	parse(rs, data, len, main_pid, 0, 0);
}

void regions_parse_run(struct region_sample *rs, const char *data, size_t len, long main_pid, int64_t start_ns,
		       int64_t end_ns, int truncated)
{
	if (truncated) {
		memset(rs, 0, sizeof(*rs));
		rs->error = xasprintf("the program wrote more region records than litlab keeps (%zu bytes)", len);
		return;
	}
	parse(rs, data, len, main_pid, start_ns, end_ns > start_ns ? end_ns : start_ns + 1);
}

void regions_release(struct region_sample *rs)
{
	for (size_t i = 0; i < rs->n; i++)
		free(rs->times[i].name);
	free(rs->times);
	free(rs->error);
	memset(rs, 0, sizeof(*rs));
}
