/* receipts.c: the receipts of a built site (receipts.h). */
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/keyhash.h"
#include "base/twice.h"
#include "cmd/receipts.h"
#include "run/cache.h"

static json_t *hex_json(const char *data, size_t len)
{
	char hex[KEY_HEX + 1];

	key_sha256(data, len, hex);
	return json_string(hex);
}

void receipts_code_hash(const struct lesson *l, const struct block *b, char out[KEY_HEX + 1])
{
	struct sha256_ctx ctx;

	sha256_init(&ctx);
	key_str(&ctx, "info", b->info);
	key_str(&ctx, "lesson-cflags", l->cflags);
	key_field(&ctx, "code", b->code, b->code_len);
	key_field(&ctx, "stdin", b->has_stdin ? b->stdin_text : "", b->has_stdin ? b->stdin_len : 0);
	for (size_t i = 0; i < b->ndeps; i++) {
		const struct block *u = &l->blocks[b->deps[i]];
		key_str(&ctx, "use", u->id);
		key_field(&ctx, "code", u->code, u->code_len);
	}
	for (size_t i = 0; i < b->nsees; i++) {
		const struct block *f = &l->blocks[b->sees[i]];
		key_str(&ctx, "file", f->file);
		key_field(&ctx, "code", f->code, f->code_len);
	}
	for (size_t i = 0; i < b->nsources; i++)
		key_str(&ctx, "source", b->sources[i]);
	key_finish(&ctx, out);
}

static json_t *str_or_null(const char *s)
{
	json_t *j = s ? json_string(s) : NULL;
	return j ? j : json_null();
}

json_t *receipts_claim(const struct block *b, const struct block_result *br)
{
	const struct evidence *ev = &br->ev;
	json_t *j = json_object();

	json_object_set_new(j, "status", json_string(block_status_name(br->status)));
	if (b->mode == MODE_DERIVED)
		json_object_set_new(j, "reason", str_or_null(b->reason));
	if (ev->compiled) {
		json_object_set_new(j, "cflags", str_or_null(ev->cflags ? ev->cflags : ""));
		json_object_set_new(j, "compiled", json_boolean(ev->compile_ok));
		if (!ev->compile_ok || b->mode == MODE_COMPILE_FAIL)
			json_object_set_new(j, "compiler_output_sha256",
					    hex_json(ev->compile_log.p, ev->compile_log.len));
	}
	if (ev->executed) {
		const struct launch_result *run = &ev->run;
		json_object_set_new(j, "end", json_string(launch_end_name(run->end)));
		json_object_set_new(j, "exit", run->end == END_EXITED ? json_integer(run->exit_code) : json_null());
		if (run->signo) {
			char *sig = signal_name(run->signo);
			json_object_set_new(j, "signal", str_or_null(sig));
			free(sig);
		} else {
			json_object_set_new(j, "signal", json_null());
		}
		json_object_set_new(j, "stdout_sha256", hex_json(run->out.p, run->out.len));
		json_object_set_new(j, "stderr_sha256", hex_json(run->err.p, run->err.len));
	}
	if (br->measured) {
		const struct stats *w = &br->m.wall;
		json_object_set_new(
			j, "measurement",
			json_pack("{s:I, s:i, s:{s:I, s:I, s:I, s:I, s:I}}", "samples", (json_int_t)br->m.samples,
				  "warmup", br->m.warmup, "wall_ns", "min", (json_int_t)w->min, "q1", (json_int_t)w->q1,
				  "median", (json_int_t)w->median, "q3", (json_int_t)w->q3, "max", (json_int_t)w->max));
	}
	return j;
}

/* The hash of a receipt that has neither evidence_sha256 nor receipt_sha256. */
static void hash_bare(json_t *receipt, char out[KEY_HEX + 1])
{
	char *text = json_dumps(receipt, JSON_COMPACT | JSON_SORT_KEYS);

	key_sha256(text ? text : "", text ? strlen(text) : 0, out);
	free(text);
}

void receipts_block_hash(json_t *receipt, char out[KEY_HEX + 1])
{
	json_t *copy = json_copy(receipt);

	json_object_del(copy, "evidence_sha256");
	json_object_del(copy, "receipt_sha256");
	hash_bare(copy, out);
	json_decref(copy);
}

static json_t *block_receipt(const struct lesson *l, const struct block *b, const struct block_result *br,
			     const char *lesson_hex, struct render_receipt *r)
{
	json_t *j = json_object();

	memcpy(r->lesson, lesson_hex, KEY_HEX + 1);
	receipts_code_hash(l, b, r->code);
	json_object_set_new(j, "id", str_or_null(b->id));
	json_object_set_new(j, "line", json_integer(b->line));
	json_object_set_new(j, "mode", json_string(block_mode_name(b->mode)));
	json_object_set_new(j, "lesson_sha256", json_string(r->lesson));
	json_object_set_new(j, "code_sha256", json_string(r->code));
	json_object_set_new(j, "claim", receipts_claim(b, br));
	hash_bare(j, r->receipt); /* receipts_block_hash(), before the two fields it leaves out are set */
	r->evidence[0] = '\0';
	if ((br->ev.compiled || br->ev.executed) && cache_evidence_sha256(&br->ev, r->evidence) < 0)
		r->evidence[0] = '\0';
	json_object_set_new(j, "evidence_sha256", *r->evidence ? json_string(r->evidence) : json_null());
	json_object_set_new(j, "receipt_sha256", json_string(r->receipt));
	return j;
}

/* Lesson i's receipts: its blocks' (in r->v[i]) and their JSON (r->blocks[i]); each lesson apart. */
void receipts_lesson(struct receipts *r, const struct lesson_result *v, size_t i)
{
	const struct lesson *l = v[i].lesson;

	if (r->blocks[i])
		return;
	key_sha256(l->src, l->src_len, r->hex[i]);
	r->v[i] = xcalloc(l->nblocks + 1, sizeof *r->v[i]);
	json_t *blocks = json_array();
	for (size_t k = 0; k < l->nblocks; k++)
		json_array_append_new(blocks, block_receipt(l, &l->blocks[k], &v[i].blocks[k], r->hex[i], &r->v[i][k]));
	r->blocks[i] = blocks;
}

void receipts_begin(struct receipts *r, size_t n)
{
	memset(r, 0, sizeof *r);
	r->n = n;
	r->v = xcalloc(n + 1, sizeof *r->v);
	r->blocks = xcalloc(n + 1, sizeof *r->blocks);
	r->hex = xcalloc(n + 1, sizeof *r->hex);
	r->text = xcalloc(n + 1, sizeof *r->text);
	r->page_hex = xcalloc(n + 1, sizeof *r->page_hex);
}

/* Lesson i's object in receipts.json, page_hex its page's hash (NULL: not known yet). */
static json_t *lesson_object(const struct receipts *r, const struct lesson_result *v, size_t i, const char *page_hex)
{
	char *page = render_page_name(v[i].lesson->path);
	json_t *o = json_pack("{s:o, s:s, s:s, s:o, s:O}", "path", str_or_null(v[i].lesson->path), "page", page,
			      "lesson_sha256", r->hex[i], "page_sha256", str_or_null(page_hex), "blocks",
			      r->blocks[i]);
	free(page);
	return o;
}

/* s with n spaces after each newline: an element's JSON, written alone, as it stands nested. */
static char *indented(const char *s, size_t n)
{
	struct buf b = BUF_INIT;

	for (const char *nl; (nl = strchr(s, '\n')); s = nl + 1) {
		buf_add(&b, s, (size_t)(nl - s) + 1);
		for (size_t k = 0; k < n; k++)
			buf_addc(&b, ' ');
	}
	buf_adds(&b, s);
	return buf_detach(&b, NULL);
}

#define RECEIPTS_DUMP (JSON_INDENT(2) | JSON_PRESERVE_ORDER)

/* Lesson i's object as receipts.json writes it (indented as an element of "lessons"). */
static char *lesson_text(json_t *o)
{
	char *t = json_dumps(o, RECEIPTS_DUMP), *out = indented(t ? t : "null", 4);

	free(t);
	return out;
}

void receipts_page(struct receipts *r, const struct lesson_result *v, size_t i, const char page_hex[KEY_HEX + 1])
{
	receipts_lesson(r, v, i);
	json_t *o = lesson_object(r, v, i, page_hex);
	free(r->text[i]);
	r->text[i] = lesson_text(o);
	memcpy(r->page_hex[i], page_hex, KEY_HEX + 1);
	json_decref(o);
}

struct lessons_left {
	struct receipts *r;
	const struct lesson_result *v;
};

static void lesson_left(void *ctx, size_t i)
{
	struct lessons_left *q = ctx;

	receipts_lesson(q->r, q->v, i);
}

void receipts_end(struct receipts *r, const struct lesson_result *v, const struct evidence_context *ctx)
{
	json_t *lessons = json_array();
	size_t n = r->n;
	struct lessons_left q = { r, v };

	twice_for(n, 2, 1, lesson_left, &q); /* those not made yet, lessons apart on two threads */
	r->of = xcalloc(n + 1, sizeof *r->of);
	for (size_t i = 0; i < n; i++) {
		/* One a path that is not UTF-8 leaves out (jansson holds UTF-8 only): of[] says whose each is. */
		if (json_array_append_new(lessons, lesson_object(r, v, i, NULL)) == 0)
			r->of[json_array_size(lessons) - 1] = i;
		json_decref(r->blocks[i]);
		r->blocks[i] = NULL; /* the document's now */
	}
	r->doc = json_pack("{s:i, s:s, s:s, s:o, s:o, s:o, s:o, s:o}", "receipts", RECEIPTS_FORMAT, "litlab",
			   LITLAB_VERSION, "algorithm", "sha256", "compiler", str_or_null(ctx ? ctx->cc : NULL),
			   "compiler_version", str_or_null(ctx && ctx->env ? ctx->env->compiler_version : NULL),
			   "isolation", str_or_null(ctx ? ctx->isolation : NULL), "lessons", lessons, "files",
			   json_object());
}

void receipts_add_hash(struct receipts *r, const char *name, const char hex[KEY_HEX + 1])
{
	size_t i;
	json_t *l;

	json_object_set_new(json_object_get(r->doc, "files"), name, json_string(hex));
	json_array_foreach(json_object_get(r->doc, "lessons"), i,
			   l) if (strcmp(json_string_value(json_object_get(l, "page")), name) == 0)
		json_object_set_new(l, "page_sha256", json_string(hex));
}

/*
 * json_dumps() of the whole document, written faster: each lesson's object
 * was written with its page (receipts_page(), on the thread that rendered
 * it) where its page's hash is still the one the document names; the rest
 * is the document written with "lessons" empty, the lessons put in its place.
 */
char *receipts_text(struct receipts *r)
{
	json_t *lessons = json_incref(json_object_get(r->doc, "lessons"));
	json_object_set_new(r->doc, "lessons", json_array()); /* in place: the keys keep their order */
	char *text = json_dumps(r->doc, RECEIPTS_DUMP);
	json_object_set_new(r->doc, "lessons", lessons);
	static const char empty[] = "\n  \"lessons\": []"; /* a newline cannot stand in a JSON string */
	char *at = text ? strstr(text, empty) : NULL;
	if (!at || json_array_size(lessons) == 0) {
		free(text);
		text = json_dumps(r->doc, RECEIPTS_DUMP);
		char *out = xasprintf("%s\n", text ? text : "{}");
		free(text);
		return out;
	}
	struct buf b = BUF_INIT;
	size_t i;
	json_t *o;
	buf_add(&b, text, (size_t)(at - text) + sizeof empty - 2); /* up to the '[' */
	json_array_foreach(lessons, i, o) {
		const char *hex = json_string_value(json_object_get(o, "page_sha256"));
		size_t k = r->of && i < r->n ? r->of[i] : r->n;
		buf_adds(&b, i ? ",\n    " : "\n    ");
		if (k < r->n && r->text[k] && hex && strcmp(hex, r->page_hex[k]) == 0) {
			buf_adds(&b, r->text[k]);
		} else {
			char *t = lesson_text(o);
			buf_adds(&b, t);
			free(t);
		}
	}
	buf_adds(&b, "\n  ]");
	buf_adds(&b, at + sizeof empty - 1);
	buf_addc(&b, '\n');
	free(text);
	return buf_detach(&b, NULL);
}

void receipts_release(struct receipts *r)
{
	for (size_t i = 0; r->v && i < r->n; i++) {
		free(r->v[i]);
		json_decref(r->blocks[i]);
		free(r->text[i]);
	}
	free(r->v);
	free(r->blocks);
	free(r->hex);
	free(r->text);
	free(r->page_hex);
	free(r->of);
	json_decref(r->doc);
	memset(r, 0, sizeof *r);
}

void receipts_compare_timing(int64_t q1, int64_t median, int64_t q3, int64_t now, struct receipts_timing *t)
{
	double iqr = (double)q3 - (double)q1, m = (double)median;
	double widen = RECEIPTS_IQR_FACTOR * iqr, floor = RECEIPTS_MIN_SPREAD * m;
	double lo = (double)q1 - widen, hi = (double)q3 + widen;

	if (m - floor < lo)
		lo = m - floor;
	if (m + floor > hi)
		hi = m + floor;
	t->lo = lo < 0 ? 0 : lo >= 0x1p63 ? INT64_MAX : (int64_t)lo;
	t->hi = hi < 0 ? 0 : hi >= 0x1p63 ? INT64_MAX : (int64_t)hi; /* a receipt's q3 may be any integer */
	t->consistent = now >= t->lo && now <= t->hi;
	t->shift = median > 0 ? ((double)now - m) / m : 0;
}
