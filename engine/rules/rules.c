/*
 * rules.c: loading Lua rule files and running them over a lesson.
 *
 * The parent forks one child per lesson. The child runs the rule files one
 * after the other (the built-in ones already loaded, in the parent, before
 * the fork: load_builtin()) and writes what happens on a pipe, one record a
 * line:
 *
 *	S FILE			file FILE starts
 *	H FILE LINE		a handler defined at LINE of FILE is running
 *	D FILE LINE COL SEV ID\tMESSAGE	a rule reported a problem
 *	X FILE LINE\tMESSAGE	file FILE failed (rule-error at LINE of FILE)
 *	E FILE			file FILE is done
 *
 * Messages have '\\', '\t' and '\n' escaped. When a file does not finish in
 * time the parent kills the child, reports the file, and starts a new child
 * at the next file.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <lauxlib.h>
#include <limits.h>
#include <lua.h>
#include <lualib.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/buf.h"
#include "run/cache.h"
#include "run/envinfo.h"
#include "base/keyhash.h"
#include "lesson/prose.h"
#include "lesson/quantity.h"
#include "base/fs.h"
#include "base/strindex.h"
#include "base/subproc.h"
#include "run/console.h"
#include "sandbox/sandbox.h"
#include "rules/rules.h"
#include "base/embedded.h"

/* ---- the sandboxed Lua state ---- */

struct alloc_state {
	size_t used;
	size_t limit;
	/* Set while a rule file's code runs, or the lesson is made for it (both protected calls,
	   where a refusal is an error the rule pass reports). Between them litlab's own bookkeeping
	   (a registry entry, a handler's closures) outside any protected call may use RULE_RESERVE
	   more: a refusal there would be a panic, and the child would abort. */
	int strict;
};

#define RULE_RESERVE (1u << 20)
/* A rule child's exit status: run the files after the last one it ended in a new child. */
#define RULE_CHILD_AGAIN 5 /* not send()'s 3 nor meta_child()'s 4 */
/* A child's exit status when it refused a course's file for want of confinement (confine()): what it
   wrote is not remembered, for a run where it is confined to do better. */
#define RULE_CHILD_UNCONFINED 6
/* The data memory a rule child may take past what it has when it starts: its Lua states' limits
   (RULE_MEMORY_LIMIT each) and room; the backstop for code past Lua's walls, which the counting
   allocator does not see. */
#define RULE_CHILD_MEMORY (256LL << 20)

static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
	struct alloc_state *a = ud;
	size_t old = ptr ? osize : 0;

	if (nsize == 0) {
		a->used -= old;
		free(ptr);
		return NULL;
	}
	if (nsize > old && a->used + (nsize - old) > a->limit + (a->strict ? 0 : RULE_RESERVE)) {
		return NULL;
	}
	void *p = realloc(ptr, nsize);
	if (p)
		a->used = a->used - old + nsize;
	return p;
}

struct host {
	lua_State *L;
	struct alloc_state alloc;
	long steps;
	long step_limit; /* RULE_INSTRUCTION_LIMIT, or more over a large lesson (rule_steps()) */
	int out;	 /* the pipe to the parent */
	size_t file;	 /* index of the rule file */
	int reports;
	int notes;	 /* ledger records */
	int failed;	 /* the file being run said it failed (send_fail()) */
	const void *last_fn; /* the handler that ran last */
	int last_line;	 /* of the handler that runs */
};

static void count_hook(lua_State *L, lua_Debug *ar)
{
	struct host *h;

	(void)ar;
	lua_getfield(L, LUA_REGISTRYINDEX, "litlab.host");
	h = lua_touserdata(L, -1);
	lua_pop(L, 1);
	h->steps += 1000;
	if (h->steps > h->step_limit)
		luaL_error(L, "ran past its instruction limit (%d million)", (int)(h->step_limit / 1000000));
}

static const char *const safe_globals[] = {
	"assert", "error", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget", "rawlen",
	"rawset", "select", "setmetatable", "tonumber", "tostring", "type", "xpcall", "_VERSION",
};
static const char *const safe_libs[] = { "string", "table", "math", "utf8" };

#define SHOWN_SPAN_MAX 60

/*
 * Pushes text[at, at + len) as the reader sees it: each code span's U+FFFC (the stand-in the
 * quantity scanner reads) given back as the span, in backquotes ("| `%`, runtime m |" quoted from
 * a header is "`%`, runtime m", not "\xef\xbf\xbc, runtime m"), a long one cut to SHOWN_SPAN_MAX bytes
 * and an ellipsis, each fenced so that a backquote inside it stays inside ("``a`b``"). The spans'
 * offsets are sorted.
 */
static void push_shown(lua_State *L, const char *text, size_t at, size_t len, const struct quantity_spans *sp)
{
	const char *fffc = "\xef\xbf\xbc";
	luaL_Buffer b;
	size_t lo = 0, hi = sp->n, p = at, end = at + len;

	if (!sp->n || !memmem(text + at, len, fffc, 3)) {
		lua_pushlstring(L, text + at, len);
		return;
	}
	while (lo < hi) { /* the first span at or after at */
		size_t mid = lo + (hi - lo) / 2;
		if (sp->offset[mid] < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	luaL_buffinit(L, &b);
	for (; lo < sp->n && sp->offset[lo] + 3 <= end; lo++) {
		size_t o = sp->offset[lo];
		if (o < p || memcmp(text + o, fffc, 3) != 0)
			continue;
		const char *t = sp->text[lo];
		size_t n = strlen(t), run = 0, fence = 1;
		int cut = n > SHOWN_SPAN_MAX; /* each cell's message quotes its header: a long span, cut short */
		if (cut) {
			n = SHOWN_SPAN_MAX;
			while (n > 0 && ((unsigned char)t[n] & 0xc0) == 0x80)
				n--; /* not inside a character */
		}
		/* fenced as the author wrote it: one backquote more than its longest run of them, a space
		   inside when it starts or ends with one ("``a`b``", "`` `x` ``") */
		for (size_t i = 0; i < n; i++) {
			run = t[i] == '`' ? run + 1 : 0;
			if (run + 1 > fence)
				fence = run + 1;
		}
		int pad = n > 0 && (t[0] == '`' || (!cut && t[n - 1] == '`'));
		luaL_addlstring(&b, text + p, o - p);
		for (size_t i = 0; i < fence; i++)
			luaL_addchar(&b, '`');
		if (pad)
			luaL_addchar(&b, ' ');
		luaL_addlstring(&b, t, n);
		if (cut)
			luaL_addstring(&b, "\xe2\x80\xa6");
		if (pad)
			luaL_addchar(&b, ' ');
		for (size_t i = 0; i < fence; i++)
			luaL_addchar(&b, '`');
		p = o + 3;
	}
	luaL_addlstring(&b, text + p, end - p);
	luaL_pushresult(&b);
}

/*
 * litlab.quantities(text [, spans [, lead [, results]]]): the time-like quantities of text,
 * each { kind, class, first, last, text, why, cue }; spans is a unit's
 * code_spans (each { offset, lead, text }), read as figures and as deciding words;
 * lead, when text is a table, the sentence that leads it in; results, true when
 * the table stands among results, so that a bare figure nothing decides is unsure.
 */
static int l_quantities(lua_State *L)
{
	size_t len;
	const char *s = luaL_checklstring(L, 1, &len);
	struct quantity q[256];
	struct quantity_spans sp = { NULL, NULL, 0, NULL, 0, 0 };
	const char **texts = NULL;
	size_t *offsets = NULL;

	if (lua_istable(L, 2) && lua_rawlen(L, 2) > 0) {
		size_t n = (size_t)lua_rawlen(L, 2);
		if (n > 4096)
			n = 4096;
		texts = lua_newuserdatauv(L, n * sizeof *texts, 0);
		offsets = lua_newuserdatauv(L, n * sizeof *offsets, 0);
		for (size_t i = 0; i < n; i++) {
			lua_rawgeti(L, 2, (lua_Integer)i + 1);
			if (!lua_istable(L, -1))
				return luaL_error(L, "quantities: spans[%d] is not a table", (int)i + 1);
			lua_getfield(L, -1, "offset");
			lua_getfield(L, -2, "text");
			lua_Integer off = lua_tointeger(L, -2);
			offsets[sp.n] = off >= 1 ? (size_t)(off - 1) : (size_t)-1;
			texts[sp.n] = lua_tostring(L, -1);
			if (sp.n && offsets[sp.n] <= offsets[sp.n - 1])
				offsets[sp.n] = (size_t)-1;
			if (offsets[sp.n] != (size_t)-1 && texts[sp.n])
				sp.n++;
			/* spans[i] too: each turn leaves the stack as it found it, however many spans there
			   are (the strings stay alive in spans[i], which the argument holds). */
			lua_pop(L, 3);
		}
		sp.text = texts;
		sp.offset = offsets;
	}
	/* the sentence that leads a table in (timing.lua passes it for a table's paragraph) */
	if (lua_type(L, 3) == LUA_TSTRING)
		sp.lead = lua_tolstring(L, 3, &sp.lead_len);
	/* the table stands among results (timing.lua's results_table) */
	sp.results = lua_toboolean(L, 4);
	size_t n = quantity_find(s, len, sp.n || sp.lead || sp.results ? &sp : NULL, q, ARRAY_LEN(q));

	if (n > ARRAY_LEN(q))
		n = ARRAY_LEN(q);
	lua_createtable(L, (int)n, 0);
	for (size_t i = 0; i < n; i++) {
		lua_createtable(L, 0, 8);
		lua_pushstring(L, quantity_kind_name(q[i].kind));
		lua_setfield(L, -2, "kind");
		lua_pushstring(L, quantity_class_name(q[i].cls));
		lua_setfield(L, -2, "class");
		lua_pushinteger(L, (lua_Integer)q[i].start + 1);
		lua_setfield(L, -2, "first");
		lua_pushinteger(L, (lua_Integer)(q[i].start + q[i].len));
		lua_setfield(L, -2, "last");
		if (q[i].span)
			lua_pushstring(L, sp.text[q[i].span - 1]);
		else
			lua_pushlstring(L, s + q[i].start, q[i].len);
		lua_setfield(L, -2, "text");
		lua_pushstring(L, q[i].why);
		lua_setfield(L, -2, "why");
		lua_pushboolean(L, q[i].table);
		lua_setfield(L, -2, "table");
		if (q[i].cue_len) {
			if (q[i].cue_span == QUANTITY_LEAD_CUE)
				lua_pushlstring(L, sp.lead + q[i].cue, q[i].cue_len);
			else if (q[i].cue_span)
				lua_pushlstring(L, sp.text[q[i].cue_span - 1] + q[i].cue, q[i].cue_len);
			else
				push_shown(L, s, q[i].cue, q[i].cue_len, &sp);
			lua_setfield(L, -2, "cue");
		}
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	return 1;
}

/* Builds the restricted environment table and leaves it on the stack. */
/* setmetatable without finalizers: a __gc runs when Lua collects garbage or closes the state,
   between the pass's protected calls and past its instruction limit. Lua marks an object for
   finalizing only when its metatable has __gc as it is set, so this check is enough. */
static int l_setmetatable(lua_State *L)
{
	if (lua_type(L, 2) == LUA_TTABLE) {
		lua_pushliteral(L, "__gc");
		if (lua_rawget(L, 2) != LUA_TNIL)
			return luaL_error(L, "setmetatable: a rule may not give a table a __gc finalizer (it would run "
					     "outside the rule pass's limits)");
		lua_pop(L, 1);
	}
	lua_settop(L, 2);
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	lua_call(L, 2, 1);
	return 1;
}

static void push_env(lua_State *L)
{
	lua_newtable(L);
	for (size_t i = 0; i < ARRAY_LEN(safe_globals); i++) {
		lua_getglobal(L, safe_globals[i]);
		if (strcmp(safe_globals[i], "setmetatable") == 0)
			lua_pushcclosure(L, l_setmetatable, 1);
		lua_setfield(L, -2, safe_globals[i]);
	}
	for (size_t i = 0; i < ARRAY_LEN(safe_libs); i++) {
		/* A copy, so that a rule cannot change what another part of it relies on. */
		lua_getglobal(L, safe_libs[i]);
		lua_newtable(L);
		lua_pushnil(L);
		while (lua_next(L, -3)) {
			lua_pushvalue(L, -2);
			lua_insert(L, -2);
			lua_settable(L, -4);
		}
		lua_remove(L, -2);
		lua_setfield(L, -2, safe_libs[i]);
	}
	lua_newtable(L);
	lua_pushcfunction(L, l_quantities);
	lua_setfield(L, -2, "quantities");
	lua_pushstring(L, LITLAB_VERSION);
	lua_setfield(L, -2, "version");
	lua_setfield(L, -2, "litlab");
}

static int host_open(struct host *h)
{
	memset(&h->alloc, 0, sizeof h->alloc);
	h->alloc.limit = RULE_MEMORY_LIMIT;
	h->steps = 0;
	h->step_limit = RULE_INSTRUCTION_LIMIT;
	h->L = lua_newstate(counting_alloc, &h->alloc);
	if (!h->L)
		return -1;
	lua_State *L = h->L;
	luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
	luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
	luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
	luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
	luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
	lua_settop(L, 0);
	/* math.random as the math library opens it is seeded from the clock (time() and an address):
	   a fixed seed, and no randomseed, so that a rule has no clock and a file's top level returns
	   the same rules in the loader and in every pass */
	lua_getglobal(L, "math");
	lua_getfield(L, -1, "randomseed");
	lua_pushinteger(L, 0);
	lua_call(L, 1, 0);
	lua_pushnil(L);
	lua_setfield(L, -2, "randomseed");
	lua_pop(L, 1);
	/* Strings' metatable reaches the real string table: take dump out of it. */
	lua_getglobal(L, "string");
	lua_pushnil(L);
	lua_setfield(L, -2, "dump");
	lua_pop(L, 1);
	lua_pushlightuserdata(L, h);
	lua_setfield(L, LUA_REGISTRYINDEX, "litlab.host");
	lua_sethook(L, count_hook, LUA_MASKCOUNT, 1000);
	return 0;
}

static void host_close(struct host *h)
{
	if (h->L)
		lua_close(h->L);
	h->L = NULL;
}

static int traceback(lua_State *L)
{
	const char *msg = lua_tostring(L, 1);

	if (!msg)
		msg = lua_isnil(L, 1) ? "error(nil)" : "error with a non-string value";
	luaL_traceback(L, L, msg, 1);
	return 1;
}

/* Loads rule file text into h->L and runs its chunk: leaves what it returned on the stack. */
/* lua_pcall with the memory limit strict (alloc_state's strict): the rule's code, or the lesson being
   made for it, runs inside. */
static int strict_pcall(struct host *h, int nargs, int nresults, int msgh)
{
	h->alloc.strict = 1;
	int rc = lua_pcall(h->L, nargs, nresults, msgh);
	h->alloc.strict = 0;
	return rc;
}

static int load_rule(struct host *h, const struct rule_file *f, char **err)
{
	lua_State *L = h->L;
	char *chunk = xasprintf("@%s", f->path);

	lua_pushcfunction(L, traceback);
	int rc = f->bytecode ? luaL_loadbufferx(L, f->bytecode, f->bytecode_len, chunk, "b")
			     : luaL_loadbufferx(L, f->text, f->len, chunk, "t");
	free(chunk);
	if (rc == LUA_OK) {
		push_env(L);
		if (!lua_setupvalue(L, -2, 1))
			lua_pop(L, 1);
		rc = strict_pcall(h, 0, 1, -2);
	}
	if (rc != LUA_OK) {
		*err = xstrdup(rc == LUA_ERRMEM ? "ran past its memory limit (64 MiB)"
						: lua_tostring(L, -1) ? lua_tostring(L, -1) : "unknown error");
		lua_settop(L, 0);
		return -1;
	}
	lua_remove(L, -2);
	return 0;
}

/* "path:LINE: msg\nstack..." -> line, and the first line of msg. */
static int error_line(const char *msg, const char *path, char **first)
{
	size_t plen = strlen(path);
	const char *p = strstr(msg, path);
	int line = 1;

	if (p && p[plen] == ':')
		line = atoi(p + plen + 1);
	if (line < 1)
		line = 1;
	const char *m = msg;
	if (p == msg && p[plen] == ':') {
		m = strchr(p + plen + 1, ':');
		m = m ? m + 1 : msg;
		while (*m == ' ')
			m++;
	}
	*first = xstrndup(m, strcspn(m, "\n"));
	return line;
}

/* ---- the protocol ---- */

/* Where to cut s at or before byte at so that no character is cut in two. */
static size_t char_cut(const char *s, size_t at)
{
	while (at > 0 && ((unsigned char)s[at] & 0xC0) == 0x80)
		at--;
	return at;
}

/* Appends s escaped for a record, cut to RULE_TEXT_LIMIT bytes at a character's start (rules.h). */
static void send_escaped(struct buf *b, const char *s)
{
	size_t len = strnlen(s, RULE_TEXT_LIMIT + 1);
	size_t cut = len > RULE_TEXT_LIMIT ? char_cut(s, RULE_TEXT_LIMIT) : len;

	for (size_t i = 0; i < cut; i++) {
		if (s[i] == '\\')
			buf_adds(b, "\\\\");
		else if (s[i] == '\n')
			buf_adds(b, "\\n");
		else if (s[i] == '\t')
			buf_adds(b, "\\t");
		else
			buf_addc(b, s[i]);
	}
	if (cut < len)
		buf_adds(b, "\u2026");
}

static void send(int fd, struct buf *b)
{
	buf_addc(b, '\n');
	if (write_all(fd, b->p, b->len) < 0)
		_exit(3);
	buf_reset(b);
}

static void send_fail(struct host *h, int line, const char *msg)
{
	struct buf b = BUF_INIT;

	buf_addf(&b, "X %zu %d\t", h->file, line);
	send_escaped(&b, msg);
	send(h->out, &b);
	buf_release(&b);
	h->failed = 1;
}

/* s (malloc'd), a text a child sent, cut as send_escaped() cuts a rule's (its "…" kept): a child past
   Lua's walls may send longer. Returns s. */
static char *cut_text(char *s)
{
	if (strlen(s) > RULE_TEXT_LIMIT + 3)
		s[char_cut(s, RULE_TEXT_LIMIT + 3)] = '\0';
	return s;
}

static char *unescape(const char *s)
{
	struct buf b = BUF_INIT;

	for (; *s; s++) {
		if (*s == '\\' && s[1]) {
			s++;
			buf_addc(&b, *s == 'n' ? '\n' : *s == 't' ? '\t' : *s);
		} else {
			buf_addc(&b, *s);
		}
	}
	return buf_detach(&b, NULL);
}

/* ---- the lesson, as Lua sees it ---- */

static void set_str(lua_State *L, const char *key, const char *value)
{
	if (value) {
		lua_pushstring(L, value);
		lua_setfield(L, -2, key);
	}
}

static void set_lstr(lua_State *L, const char *key, const char *value, size_t len)
{
	lua_pushlstring(L, value ? value : "", value ? len : 0);
	lua_setfield(L, -2, key);
}

static void set_int(lua_State *L, const char *key, lua_Integer v)
{
	lua_pushinteger(L, v);
	lua_setfield(L, -2, key);
}

static void set_bool(lua_State *L, const char *key, int v)
{
	lua_pushboolean(L, v);
	lua_setfield(L, -2, key);
}

/* unit.at(offset) -> { line =, col = }: offset is 1-based into unit.text. */
static int l_unit_at(lua_State *L)
{
	const struct lesson *l = lua_touserdata(L, lua_upvalueindex(1));
	const struct text_unit *u = lua_touserdata(L, lua_upvalueindex(2));
	lua_Integer off = luaL_checkinteger(L, 1);
	int line, col;

	if (off < 1)
		off = 1;
	prose_position(l, u, (size_t)(off - 1), &line, &col);
	lua_createtable(L, 0, 2);
	set_int(L, "line", line);
	set_int(L, "col", col);
	return 1;
}

/*
 * The bytes before a block's line in the file's line (a list item's indent, a quote's "> "): cmark
 * gives a block inside a container its lines without the container's marks, and a report points at
 * the file (twentieth round, an attacker's review: "    64    61.5" in a list item was one column
 * per indent off). 0 when the file's line does not end with the block's (a tab expanded), or no file.
 */
static size_t text_indent(const struct lesson *l, int line, const char *at, size_t left)
{
	const char *nl = memchr(at, '\n', left);
	size_t clen = nl ? (size_t)(nl - at) : left;

	if (!l || line < 1 || (size_t)line > l->nlines)
		return 0;
	const char *src = l->lines[line - 1];
	size_t slen = l->line_len[line - 1];
	while (slen > 0 && (src[slen - 1] == '\n' || src[slen - 1] == '\r'))
		slen--;
	return slen > clen && memcmp(src + slen - clen, at, clen) == 0 ? slen - clen : 0;
}

/*
 * block text .at(offset): the text starts on upvalue(2)'s line. Upvalues 3 to 5 remember where the
 * last call stopped (bytes counted, their line, where that line starts), and a call past it counts
 * on from there: a rule that walks a block's lines asks for growing offsets, and counting from the
 * block's start each time made a ten-megabyte block's pass quadratic.
 */
static int l_text_at(lua_State *L)
{
	size_t len;
	const char *text = lua_tolstring(L, lua_upvalueindex(1), &len);
	lua_Integer off = luaL_checkinteger(L, 1);
	if (off > (lua_Integer)len)
		off = (lua_Integer)len;
	size_t n = off > 1 ? (size_t)off - 1 : 0; /* the bytes before offset off */
	size_t done = (size_t)lua_tointeger(L, lua_upvalueindex(3));
	lua_Integer line = lua_tointeger(L, lua_upvalueindex(4));
	size_t start = (size_t)lua_tointeger(L, lua_upvalueindex(5));

	if (n < done) {
		done = start = 0;
		line = lua_tointeger(L, lua_upvalueindex(2));
	}
	for (const char *nl; done < n && (nl = memchr(text + done, '\n', n - done)); done = start) {
		line++;
		start = (size_t)(nl - text) + 1;
	}
	done = n;
	lua_pushinteger(L, (lua_Integer)done);
	lua_replace(L, lua_upvalueindex(3));
	lua_pushinteger(L, line);
	lua_replace(L, lua_upvalueindex(4));
	lua_pushinteger(L, (lua_Integer)start);
	lua_replace(L, lua_upvalueindex(5));
	lua_createtable(L, 0, 2);
	set_int(L, "line", line);
	set_int(L, "col", (lua_Integer)(text_indent(lua_touserdata(L, lua_upvalueindex(6)), (int)line, text + start,
						    len - start) +
				    n - start) +
				   1);
	return 1;
}

/* text is the block's, the lesson's (NULL: none) the file its lines stand in */
static void push_text_at(lua_State *L, const char *text, size_t len, int first_line, const struct lesson *l)
{
	lua_pushlstring(L, text, len);
	lua_pushinteger(L, first_line);
	lua_pushinteger(L, 0);		/* bytes counted */
	lua_pushinteger(L, first_line); /* their line */
	lua_pushinteger(L, 0);		/* where it starts */
	lua_pushlightuserdata(L, (void *)l);
	lua_pushcclosure(L, l_text_at, 6);
}

static void push_output(lua_State *L, const struct block *b, const struct output_block *o)
{
	lua_createtable(L, 0, 10);
	set_int(L, "line", o->line);
	set_int(L, "col", o->col);
	set_int(L, "end_line", o->end_line);
	set_lstr(L, "text", o->text, o->len);
	set_str(L, "match", match_mode_name(o->match));
	set_str(L, "stream", stream_name(o->stream));
	set_str(L, "block_id", b->id);
	set_str(L, "block_mode", block_mode_name(b->mode));
	set_bool(L, "derived", b->mode == MODE_DERIVED);
	push_text_at(L, o->text, o->len, o->line + 1, NULL);
	lua_setfield(L, -2, "at");
}

/* A console block's outputs, each command's, as output blocks: the rules read them as any other. */
static void push_session_outputs(lua_State *L, const struct block *b)
{
	struct console_session s;
	char *err;
	int line;

	if (b->mode != MODE_SESSION && !(b->mode == MODE_DERIVED && strcmp(b->lang, "console") == 0))
		return;
	if (console_parse(b->code, b->code_len, b->line + 1, &s, &err, &line) < 0) {
		free(err);
		return;
	}
	for (size_t k = 0; k < s.n; k++) {
		struct output_block o;
		memset(&o, 0, sizeof o);
		o.line = s.v[k].out_line - 1; /* its text starts on the line after */
		o.col = 1;
		o.end_line = s.v[k].out_line;
		o.match = MATCH_ELLIPSIS;
		o.stream = STREAM_STDOUT;
		o.text = s.v[k].out;
		o.len = s.v[k].out_len;
		push_output(L, b, &o);
		lua_rawseti(L, -2, (lua_Integer)(b->noutputs + k) + 1);
	}
	console_session_release(&s);
}

static void push_block(lua_State *L, const struct lesson_result *lr, size_t i)
{
	const struct block *b = &lr->lesson->blocks[i];
	const struct block_result *br = &lr->blocks[i];

	lua_createtable(L, 0, 20);
	set_str(L, "id", b->id);
	set_str(L, "lang", b->lang);
	set_str(L, "info", b->info);
	set_str(L, "mode", block_mode_name(b->mode));
	set_str(L, "status", block_status_name(br->status));
	set_int(L, "line", b->line);
	set_int(L, "col", b->col);
	set_int(L, "end_line", b->end_line);
	set_lstr(L, "code", b->code, b->code_len);
	set_str(L, "reason", b->reason);
	set_bool(L, "fenced", b->fenced);
	/* .at(offset) into a display block's code: a rule that reads its text points at the value */
	if (b->mode == MODE_DISPLAY) {
		push_text_at(L, b->code, b->code_len, b->fenced ? b->line + 1 : b->line, lr->lesson);
		lua_setfield(L, -2, "at");
	}
	lua_createtable(L, 0, (int)b->attrs.n);
	for (size_t k = 0; k < b->attrs.n; k++) {
		if (b->attrs.v[k].value)
			lua_pushstring(L, b->attrs.v[k].value);
		else
			lua_pushboolean(L, 1);
		lua_setfield(L, -2, b->attrs.v[k].key);
	}
	lua_setfield(L, -2, "attrs");
	lua_createtable(L, (int)b->noutputs, 0);
	for (size_t k = 0; k < b->noutputs; k++) {
		push_output(L, b, &b->outputs[k]);
		lua_rawseti(L, -2, (lua_Integer)k + 1);
	}
	push_session_outputs(L, b);
	lua_setfield(L, -2, "outputs");
	if (b->has_stdin) {
		lua_createtable(L, 0, 2);
		set_int(L, "line", b->stdin_line);
		set_lstr(L, "text", b->stdin_text, b->stdin_len);
		lua_setfield(L, -2, "stdin");
	}
	const struct evidence *ev = &br->ev;
	lua_createtable(L, 0, 8);
	set_bool(L, "compiled", ev->compile_ok);
	set_bool(L, "executed", ev->executed);
	if (ev->executed) {
		if (ev->run.end == END_EXITED)
			set_int(L, "exit", ev->run.exit_code);
		if (ev->run.signo)
			set_int(L, "signal", ev->run.signo);
		/* What a program printed, as far as a rule may need it: the memory of the rule pass
		   is bounded, the output of a course is not. */
		set_lstr(L, "stdout", ev->run.out.p, ev->run.out.len < RULE_OUTPUT_MAX ? ev->run.out.len : RULE_OUTPUT_MAX);
		set_lstr(L, "stderr", ev->run.err.p, ev->run.err.len < RULE_OUTPUT_MAX ? ev->run.err.len : RULE_OUTPUT_MAX);
		set_bool(L, "stdout_truncated", ev->run.out.len > RULE_OUTPUT_MAX || ev->run.out_truncated);
		set_bool(L, "stderr_truncated", ev->run.err.len > RULE_OUTPUT_MAX || ev->run.err_truncated);
		set_int(L, "max_rss_kb", ev->run.max_rss_kb);
	}
	set_bool(L, "measured", ev->nsamples > 0);
	set_int(L, "samples", (lua_Integer)ev->nsamples);
	lua_setfield(L, -2, "evidence");
}

static void push_lesson(lua_State *L, const struct lesson_result *lr, const struct prose *p)
{
	const struct lesson *l = lr->lesson;

	lua_createtable(L, 0, 10);
	set_str(L, "path", l->path);
	if (l->number >= 0)
		set_int(L, "number", l->number);
	set_str(L, "title", l->title);
	lua_createtable(L, 0, (int)l->nfm);
	for (size_t i = 0; i < l->nfm; i++)
		set_str(L, l->fm[i].key, l->fm[i].value);
	lua_setfield(L, -2, "front_matter");

	lua_createtable(L, (int)l->nblocks, 0);
	for (size_t i = 0; i < l->nblocks; i++) {
		push_block(L, lr, i);
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	lua_setfield(L, -2, "blocks");

	lua_createtable(L, (int)l->norphans, 0);
	for (size_t i = 0; i < l->norphans; i++) {
		const struct orphan *o = &l->orphans[i];
		lua_createtable(L, 0, 5);
		set_int(L, "line", o->line);
		set_int(L, "col", o->col);
		set_str(L, "kind", o->is_stdin ? "stdin" : "output");
		set_str(L, "why", o->why);
		set_str(L, "text", o->text);
		push_text_at(L, o->text, strlen(o->text), o->line + 1, NULL);
		lua_setfield(L, -2, "at");
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	lua_setfield(L, -2, "orphans");

	lua_createtable(L, (int)p->n, 0);
	for (size_t i = 0; i < p->n; i++) {
		const struct text_unit *u = &p->v[i];
		lua_createtable(L, 0, 8);
		set_str(L, "kind", unit_kind_name(u->kind));
		if (u->level)
			set_int(L, "level", u->level);
		set_str(L, "context", u->context);
		set_lstr(L, "text", u->text, u->len);
		set_int(L, "line", u->line);
		set_int(L, "end_line", u->end_line);
		lua_createtable(L, (int)u->nspans, 0);
		for (size_t k = 0; k < u->nspans; k++) {
			lua_createtable(L, 0, 3);
			set_int(L, "offset", (lua_Integer)u->spans[k].offset + 1);
			set_int(L, "lead", (lua_Integer)u->spans[k].lead);
			set_str(L, "text", u->spans[k].text);
			lua_rawseti(L, -2, (lua_Integer)k + 1);
		}
		lua_setfield(L, -2, "code_spans");
		lua_pushlightuserdata(L, (void *)l);
		lua_pushlightuserdata(L, (void *)u);
		lua_pushcclosure(L, l_unit_at, 2);
		lua_setfield(L, -2, "at");
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	lua_setfield(L, -2, "units");
}

/* push_lesson() as a protected call: the lesson may be more than the rules' memory holds. */
static int push_lesson_protected(lua_State *L)
{
	const struct lesson_result *lr = lua_touserdata(L, 1);
	const struct prose *p = lua_touserdata(L, 2);

	lua_settop(L, 0);
	push_lesson(L, lr, p);
	lua_pushvalue(L, -1);
	lua_setfield(L, LUA_REGISTRYINDEX, "litlab.lesson"); /* for the next built-in file */
	return 1;
}

/* ---- running one rule ---- */

/* The child's lesson and rules: a report a suppression covers does not count toward the 500. */
static struct {
	const struct ruleset *rs;
	struct lesson_result *lr;
} child_of;

static int suppressed(const struct ruleset *rs, struct lesson_result *lr, const struct diag *d);

/* report(where, message): where has line and col (a block, an output, or unit.at(n)). */
static int l_report(lua_State *L)
{
	struct host *h = lua_touserdata(L, lua_upvalueindex(1));
	const char *id = lua_tostring(L, lua_upvalueindex(2));
	const char *sev = lua_tostring(L, lua_upvalueindex(3));
	struct buf b = BUF_INIT;

	luaL_checktype(L, 1, LUA_TTABLE);
	const char *msg = luaL_checkstring(L, 2);
	lua_getfield(L, 1, "line");
	lua_getfield(L, 1, "col");
	if (!lua_isinteger(L, -2))
		return luaL_error(L, "report: 'where' needs an integer line (a block, an output, or unit.at(offset))");
	lua_Integer line = lua_tointeger(L, -2);
	lua_Integer col = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 1;
	if (line < 1 || col < 1)
		return luaL_error(L, "report: line and col must be 1 or more");
	struct diag d = { .line = line > INT_MAX ? INT_MAX : (int)line, .rule = (char *)id };
	if (!(child_of.lr && suppressed(child_of.rs, child_of.lr, &d)) && ++h->reports > RULE_REPORT_LIMIT) {
		if (h->reports == RULE_REPORT_LIMIT + 1) { /* said once: the parent makes it a rule-error */
			buf_addf(&b, "C %zu", h->file);
			send(h->out, &b);
			buf_release(&b);
		}
		return 0;
	}
	buf_addf(&b, "D %zu %lld %lld %s %s\t", h->file, (long long)line, (long long)col, sev, id);
	send_escaped(&b, msg);
	send(h->out, &b);
	buf_release(&b);
	return 0;
}

/*
 * ledger(where, text, decision, why): records that the rule let text pass,
 * and why, for the reviewer's ledger. where is as for report.
 */
static int l_ledger(lua_State *L)
{
	struct host *h = lua_touserdata(L, lua_upvalueindex(1));
	const char *id = lua_tostring(L, lua_upvalueindex(2));
	struct buf b = BUF_INIT;

	luaL_checktype(L, 1, LUA_TTABLE);
	const char *text = luaL_checkstring(L, 2);
	const char *decision = luaL_checkstring(L, 3);
	const char *why = luaL_optstring(L, 4, "");
	lua_getfield(L, 1, "line");
	lua_getfield(L, 1, "col");
	if (!lua_isinteger(L, -2))
		return luaL_error(L, "ledger: 'where' needs an integer line (a block, an output, or unit.at(offset))");
	lua_Integer line = lua_tointeger(L, -2);
	lua_Integer col = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 1;
	if (line < 1 || col < 1)
		return luaL_error(L, "ledger: line and col must be 1 or more");
	if (++h->notes > RULE_REPORT_LIMIT)
		return 0;
	buf_addf(&b, "L %zu %lld %lld %s\t", h->file, (long long)line, (long long)col, id);
	send_escaped(&b, text);
	buf_addc(&b, '\t');
	send_escaped(&b, decision);
	buf_addc(&b, '\t');
	send_escaped(&b, why);
	send(h->out, &b);
	buf_release(&b);
	return 0;
}

struct rule_call {
	const char *handler;
	int nargs; /* besides report */
};

/* Makes the report and ledger functions of the rule table at index rule, for call_handler(). */
static void rule_closures(struct host *h, int rule)
{
	lua_State *L = h->L;

	lua_pushlightuserdata(L, h);
	lua_getfield(L, rule, "id");
	lua_getfield(L, rule, "severity");
	if (!lua_tostring(L, -1)) {
		lua_pop(L, 1);
		lua_pushstring(L, "error");
	}
	lua_pushcclosure(L, l_report, 3);
	lua_setfield(L, LUA_REGISTRYINDEX, "litlab.report");
	lua_pushlightuserdata(L, h);
	lua_getfield(L, rule, "id");
	lua_pushcclosure(L, l_ledger, 2);
	lua_setfield(L, LUA_REGISTRYINDEX, "litlab.ledger");
}

/* Calls rule[handler](args..., report, ledger) for the rule table at index rule; -1 on error (reported). */
static int call_handler(struct host *h, const struct rule_file *f, int rule, const char *handler, int nargs)
{
	lua_State *L = h->L;

	lua_getfield(L, rule, handler);
	if (!lua_isfunction(L, -1)) {
		lua_pop(L, 1 + nargs);
		return 0;
	}
	lua_Debug ar;
	/* the line a handler is defined on, asked once per handler, not once per call */
	const void *fn = lua_topointer(L, -1);
	if (fn == h->last_fn) {
		ar.linedefined = h->last_line;
	} else {
		lua_pushvalue(L, -1);
		lua_getinfo(L, ">S", &ar);
		h->last_fn = fn;
	}
	if (ar.linedefined != h->last_line) {
		struct buf b = BUF_INIT;
		h->last_line = ar.linedefined;
		buf_addf(&b, "H %zu %d", h->file, ar.linedefined);
		send(h->out, &b);
		buf_release(&b);
	}
	lua_insert(L, -1 - nargs);
	/* the rule's report and ledger, made once per rule by rule_closures() */
	lua_getfield(L, LUA_REGISTRYINDEX, "litlab.report");
	lua_getfield(L, LUA_REGISTRYINDEX, "litlab.ledger");
	lua_pushcfunction(L, traceback);
	int tb = lua_gettop(L) - nargs - 3;
	lua_insert(L, tb);
	int rc = strict_pcall(h, nargs + 2, 0, tb);
	if (rc != LUA_OK) {
		char *first;
		/* a refusal the rule caught (pcall) is not why it failed: only one that ended it */
		const char *msg = rc == LUA_ERRMEM ? "ran past its memory limit (64 MiB)" : lua_tostring(L, -1);
		int line = error_line(msg ? msg : "error", f->path, &first);
		if (rc == LUA_ERRMEM && line == 1)
			line = h->last_line > 0 ? h->last_line : 1;
		send_fail(h, line, first);
		free(first);
		lua_settop(L, rule);
		return -1;
	}
	lua_remove(L, tb);
	return 0;
}

static int valid_rule_id(const char *s)
{
	if (!s || !*s || strlen(s) > RULE_ID_MAX)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
			return 0;
	return 1;
}

/*
 * Pushes t[k] without a metamethod: litlab reads a rule's and the lesson's tables outside any
 * protected call, where no code of a rule may run (an __index there would run unbounded by the
 * pass's limits, and its error or a refusal of memory would abort the child).
 */
static int raw_field(lua_State *L, int idx, const char *k)
{
	idx = lua_absindex(L, idx);
	lua_pushstring(L, k);
	return lua_rawget(L, idx);
}

/* A rule table's fields litlab reads, its handlers last: a rule is copied with these alone
   (normalize_rules()). */
static const char *const rule_fields[] = { "id", "severity", "summary", "aliases", "lesson", "text",
					   "block", "output", "orphan" };
#define RULE_HANDLERS 4 /* rule_fields + RULE_HANDLERS: the handlers */

/*
 * Checks that the value at idx is a rule table: its id and severity. Returns
 * NULL if it is, else a message (static).
 */
static const char *check_rule_table(lua_State *L, int idx)
{
	if (!lua_istable(L, idx))
		return "a rule file must return a rule table (or a list of them)";
	raw_field(L, idx, "id");
	const char *id = lua_tostring(L, -1);
	int ok = lua_type(L, -1) == LUA_TSTRING && valid_rule_id(id);
	lua_pop(L, 1);
	if (!ok)
		return "the rule needs id = \"lowercase-words-with-dashes\" (at most " XSTR(RULE_ID_MAX) " characters)";
	raw_field(L, idx, "severity");
	const char *sev = lua_tostring(L, -1);
	ok = lua_isnil(L, -1) || (lua_type(L, -1) == LUA_TSTRING &&
				   (!strcmp(sev, "error") || !strcmp(sev, "warning") || !strcmp(sev, "note")));
	lua_pop(L, 1);
	if (!ok)
		return "severity must be \"error\", \"warning\" or \"note\"";
	raw_field(L, idx, "aliases");
	ok = !lua_istable(L, -1) || lua_rawlen(L, -1) <= RULE_ALIASES_LIMIT;
	lua_pop(L, 1);
	if (!ok)
		return "a rule has at most " XSTR(RULE_ALIASES_LIMIT) " aliases";
	for (size_t i = RULE_HANDLERS; i < ARRAY_LEN(rule_fields); i++) {
		raw_field(L, idx, rule_fields[i]);
		ok = lua_isnil(L, -1) || lua_isfunction(L, -1);
		lua_pop(L, 1);
		if (!ok)
			return "a handler (lesson, text, block, output, orphan) must be a function";
	}
	return NULL;
}

/* Turns what the chunk returned (top of stack) into a list of rule tables at the top. */
static const char *normalize_rules(lua_State *L)
{
	if (!lua_istable(L, -1))
		return "a rule file must return a rule table (or a list of them)";
	raw_field(L, -1, "id");
	int single = !lua_isnil(L, -1);
	lua_pop(L, 1);
	if (single) {
		lua_createtable(L, 1, 0);
		lua_insert(L, -2);
		lua_rawseti(L, -2, 1);
	}
	lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
	if (n == 0)
		return "a rule file must return a rule table (or a list of them)";
	if (n > RULE_RULES_LIMIT)
		return "a rule file returns at most " XSTR(RULE_RULES_LIMIT) " rules: split it into files";
	for (lua_Integer i = 1; i <= n; i++) {
		lua_rawgeti(L, -1, i);
		const char *why = check_rule_table(L, lua_gettop(L));
		if (why) {
			lua_pop(L, 1);
			return why;
		}
		/* the rule as checked, in a plain table of its own: what litlab reads later is what was
		   checked, and reading it runs no metamethod */
		lua_createtable(L, 0, (int)ARRAY_LEN(rule_fields));
		for (size_t k = 0; k < ARRAY_LEN(rule_fields); k++) {
			raw_field(L, -2, rule_fields[k]);
			lua_setfield(L, -2, rule_fields[k]);
		}
		lua_rawseti(L, -3, i);
		lua_pop(L, 1);
	}
	return NULL;
}

static long mib(size_t len)
{
	return (long)(len >> 20);
}

/* A rule file's CPU seconds and instructions over a lesson of len bytes (see rules.h). */
static long rule_cpu_s(size_t len)
{
	return RULE_CPU_LIMIT_S + RULE_CPU_PER_MIB_S * mib(len);
}

static long rule_steps(size_t len)
{
	return RULE_INSTRUCTION_LIMIT + RULE_INSTRUCTIONS_PER_MIB * mib(len);
}

/* The wall-clock backstop grows with the CPU limit, three times as fast: a loaded machine gives a
   rule its CPU seconds slowly, and must not stop it. */
static double rule_wall_s(size_t len)
{
	return RULE_WALL_LIMIT_S + 3.0 * RULE_CPU_PER_MIB_S * (double)mib(len);
}

static void run_loaded(struct host *h, const struct rule_file *f, const struct lesson_result *lr,
		       const struct prose *p);

/* Runs rule file f over the lesson in the child. */
static void run_file(struct host *h, const struct rule_file *f, const struct lesson_result *lr,
		     const struct prose *p)
{
	char *err;

	if (f->loaded) {
		/* Loaded in the parent (load_builtin()): this child's copy, by fork, is its own. */
		f->loaded->out = h->out;
		f->loaded->file = h->file;
		h = f->loaded;
	}
	h->failed = 0;
	h->reports = 0;
	h->notes = 0;
	h->last_fn = NULL;
	h->last_line = 0;
	h->steps = 0;
	if (f->loaded) {
		run_loaded(h, f, lr, p);
		return;
	}
	if (host_open(h) < 0) {
		send_fail(h, 1, "cannot create a Lua state");
		return;
	}
	lua_State *L = h->L;
	if (load_rule(h, f, &err) < 0) {
		char *first;
		int line = error_line(err, f->path, &first);
		send_fail(h, line, first);
		free(first);
		free(err);
		host_close(h);
		return;
	}
	const char *why = normalize_rules(L);
	if (why) {
		send_fail(h, 1, why);
		host_close(h);
		return;
	}
	run_loaded(h, f, lr, p);
}

/*
 * Pushes the lesson as the rules see it, and keeps it in the registry for the files that run after
 * in the same state (the built-in files: a child checks one lesson, so the one kept is always its
 * own). On failure says why, and leaves the state to the next file; -1.
 */
static int give_lesson(struct host *h, const struct rule_file *f, const struct lesson_result *lr,
		       const struct prose *p)
{
	lua_State *L = h->L;

	size_t before = h->alloc.used;

	lua_pushcfunction(L, push_lesson_protected);
	lua_pushlightuserdata(L, (void *)lr);
	lua_pushlightuserdata(L, (void *)p);
	int rc = strict_pcall(h, 2, 1, 0);
	if (rc != LUA_OK) {
		/* The diagnostic names the lesson ("rule failed on 'PATH': ..."); when the file's own data
		   took more than half the limit before the lesson was made, that is why. */
		double mib = (double)lr->lesson->src_len / (1u << 20);
		char *big = before > h->alloc.limit / 2
				    ? xasprintf("what the rule file keeps (%.1f MiB, from its top level) left too little "
						"of the rules' memory limit (%u MiB) for the lesson (%.1f MiB): keep less",
						(double)before / (1u << 20), RULE_MEMORY_LIMIT >> 20, mib)
				    : xasprintf("the lesson, %.1f MiB, is more than the rules' memory limit (%u MiB) "
						"holds, so this rule file did not check it: split it into smaller lessons",
						mib, RULE_MEMORY_LIMIT >> 20);
		send_fail(h, 1, rc == LUA_ERRMEM ? big : "the lesson could not be given to the rules");
		free(big);
		if (f->loaded)
			lua_settop(L, 0); /* the next built-in file tries again */
		else
			host_close(h);
		return -1;
	}
	return 0;
}

/* Runs a file's rule list (loaded and checked: on top of h's stack, or a built-in file's at its
   list_ref) over the lesson. */
static void run_loaded(struct host *h, const struct rule_file *f, const struct lesson_result *lr,
		       const struct prose *p)
{
	lua_State *L = h->L;

	if (f->loaded)
		lua_rawgeti(L, LUA_REGISTRYINDEX, f->list_ref);
	int list = lua_gettop(L);

	h->step_limit = rule_steps(lr->lesson->src_len);
	/* The lesson as the rules see it is made once in a state: the built-in files share theirs. */
	if (lua_getfield(L, LUA_REGISTRYINDEX, "litlab.lesson") != LUA_TTABLE) {
		lua_pop(L, 1);
		if (give_lesson(h, f, lr, p) < 0)
			return;
	}
	int lesson = lua_gettop(L);
	lua_Integer nrules = (lua_Integer)lua_rawlen(L, list);
	for (lua_Integer r = 1; r <= nrules; r++) {
		lua_rawgeti(L, list, r);
		int rule = lua_gettop(L);
		int failed = 0;
		rule_closures(h, rule);
		lua_pushvalue(L, lesson);
		failed |= call_handler(h, f, rule, "lesson", 1) < 0;
		raw_field(L, lesson, "units");
		lua_Integer nu = (lua_Integer)lua_rawlen(L, -1);
		for (lua_Integer i = 1; i <= nu && !failed; i++) {
			lua_rawgeti(L, rule + 1, i);
			lua_pushvalue(L, lesson);
			failed |= call_handler(h, f, rule, "text", 2) < 0;
		}
		lua_settop(L, rule);
		raw_field(L, lesson, "blocks");
		lua_Integer nb = (lua_Integer)lua_rawlen(L, -1);
		for (lua_Integer i = 1; i <= nb && !failed; i++) {
			lua_rawgeti(L, rule + 1, i);
			lua_pushvalue(L, lesson);
			failed |= call_handler(h, f, rule, "block", 2) < 0;
			if (failed)
				break;
			lua_rawgeti(L, rule + 1, i);
			raw_field(L, -1, "outputs");
			lua_Integer no = (lua_Integer)lua_rawlen(L, -1);
			for (lua_Integer k = 1; k <= no && !failed; k++) {
				lua_rawgeti(L, rule + 3, k);
				lua_pushvalue(L, rule + 2);
				lua_pushvalue(L, lesson);
				failed |= call_handler(h, f, rule, "output", 3) < 0;
			}
			lua_settop(L, rule + 1);
		}
		lua_settop(L, rule);
		raw_field(L, lesson, "orphans");
		lua_Integer no = (lua_Integer)lua_rawlen(L, -1);
		for (lua_Integer i = 1; i <= no && !failed; i++) {
			lua_rawgeti(L, rule + 1, i);
			lua_pushvalue(L, lesson);
			failed |= call_handler(h, f, rule, "orphan", 2) < 0;
		}
		lua_settop(L, list + 1);
		if (failed)
			break;
	}
	/*
	 * The built-in files' state was loaded in the parent (load_builtin()), and this child holds it
	 * by fork, for the next built-in file too. It is never closed here: closing would free every
	 * object, writing to every page of the state and so copying each one, only for the child to
	 * exit right after, which frees it whole.
	 */
	if (!f->loaded)
		host_close(h);
	else
		lua_settop(L, 0);
}

/*
 * The rule file about to run gets that many seconds of CPU from now:
 * the kernel ends the child with SIGXCPU past them. CPU time, not the wall
 * clock: on a machine busy with other work, a rule that needs 0.1 s of CPU
 * may wait seconds for it, and must not fail for that.
 */
static void limit_cpu(long seconds)
{
	struct rlimit rl;
	long used = cpu_used_s();

	if (used < 0 || getrlimit(RLIMIT_CPU, &rl) < 0)
		return;
	rlim_t soft = (rlim_t)used + 1 + (rlim_t)seconds;
	if (rl.rlim_max != RLIM_INFINITY && soft > rl.rlim_max)
		soft = rl.rlim_max;
	rl.rlim_cur = soft;
	setrlimit(RLIMIT_CPU, &rl);
}

/* 1 if the child that ran rule files ended at its CPU limit (limit_cpu()). */
static int out_of_cpu(int status)
{
	return WIFSIGNALED(status) && (WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGKILL);
}

/*
 * 1 if file b may run in the child that ran file a (a before b): the same folder's, or litlab's own
 * before a course's folder. A file past Lua's walls can write anything its child writes after it:
 * none of another folder's files runs after it in its child. litlab's own files, which it trusts,
 * come first and may share their child with the first folder's, whose author the files before it do
 * not fear. Used by the children (where to stop) and by litlab (what to refuse).
 */
static int may_follow(const struct ruleset *rs, size_t a, size_t b)
{
	return rs->files[a].folder == rs->files[b].folder || rs->files[a].folder == 0;
}

/*
 * In a rule child, before any rule runs: the second wall, past Lua's (sandbox_confine_compute()),
 * and no secret of litlab's in the copy. 0, or -1 with the message a course's file is failed with:
 * litlab's own files may still run, a course's file never runs unconfined.
 */
static int confine(int *out, long cpu_s, char **why)
{
	const char *what;

	cache_forget_secrets();
	if (sandbox_confine_compute(out, cpu_s, RULE_CHILD_MEMORY, &what) == 0)
		return 0;
	*why = xasprintf("litlab cannot confine a course's rule file on this machine (%s), and runs none "
			 "unconfined: the rule pass needs seccomp filters (a container's own filter may refuse them)",
			 what);
	return -1;
}

static void NORETURN rule_child(const struct ruleset *rs, size_t from, const struct lesson_result *lr,
				int out)
{
	struct host h;
	const struct prose *p = lesson_prose(lr->lesson);
	struct buf b = BUF_INIT;
	int given_back = 0; /* the built-in files' lesson, before a course's first file */
	char *unconfined = NULL;
	int refused = 0;
	long cpu_s = 1; /* the files this child may run (may_follow()) */
	size_t ran = from; /* the last file it ran */

	for (size_t i = from, last = from; i < rs->nfiles && may_follow(rs, last, i); last = i++)
		if (!rs->files[i].broken)
			cpu_s += rule_cpu_s(lr->lesson->src_len) + 1;
	confine(&out, cpu_s, &unconfined);
	memset(&h, 0, sizeof h);
	h.out = out;
	child_of.rs = rs;
	child_of.lr = (struct lesson_result *)lr; /* this child's copy: suppressed() marks what it used */
	for (size_t i = from; i < rs->nfiles; i++) {
		const struct rule_file *f = &rs->files[i];
		if (f->broken)
			continue;
		if (!f->loaded && rs->builtin && rs->builtin->L && !given_back) {
			given_back = 1;
			/* A course's file comes after the built-in files: their lesson is given back first, so
			   that the child does not hold it twice. */
			lua_pushnil(rs->builtin->L);
			lua_setfield(rs->builtin->L, LUA_REGISTRYINDEX, "litlab.lesson");
			lua_gc(rs->builtin->L, LUA_GCCOLLECT, 0);
		}
		/* A file past Lua's walls could write the records of the files after it in its child (a
		   reviewer's --rules among them) as if they had run clean: after a folder's files, a child
		   runs no other folder's (may_follow()). */
		if (i > from && !may_follow(rs, ran, i)) {
			buf_release(&b);
			_exit(refused ? RULE_CHILD_UNCONFINED : RULE_CHILD_AGAIN);
		}
		ran = i;
		h.file = i;
		buf_addf(&b, "S %zu", i);
		send(out, &b);
		limit_cpu(rule_cpu_s(lr->lesson->src_len));
		if (!f->builtin && unconfined) {
			send_fail(&h, 1, unconfined);
			refused = 1;
		} else {
			run_file(&h, f, lr, p);
		}
		buf_addf(&b, "E %zu", i);
		send(out, &b);
		/* A built-in file that failed may have left the state it shares full, or changed: the
		   files after it run in a new child, from the state as the parent loaded it. */
		if (f->loaded && f->loaded->failed && i + 1 < rs->nfiles) {
			buf_release(&b);
			_exit(refused ? RULE_CHILD_UNCONFINED : RULE_CHILD_AGAIN);
		}
	}
	buf_release(&b);
	_exit(refused ? RULE_CHILD_UNCONFINED : 0);
}

/* ---- the parent ---- */

const struct rule_info *ruleset_find(const struct ruleset *rs, const char *id)
{
	long at = strindex_find(&rs->names, id);

	return at < 0 ? NULL : &rs->rules[at];
}

/* The rule whose id (not alias) is id, or NULL. */
static const struct rule_info *rule_by_id(const struct ruleset *rs, const char *id)
{
	const struct rule_info *r = ruleset_find(rs, id);

	return r && strcmp(r->id, id) == 0 ? r : NULL;
}

static enum severity parse_sev(const char *s)
{
	return !strcmp(s, "warning") ? SEV_WARNING : !strcmp(s, "note") ? SEV_NOTE : SEV_ERROR;
}

struct pass {
	const struct ruleset *rs;
	struct diags *out;   /* where rule diagnostics go (before suppressions) */
	struct ledger *ledger; /* where ledger records go */
	struct buf *raw;     /* every record read, to remember the pass; NULL */
	int unclean;	     /* a child was killed or did not exit 0: the pass is not remembered */
	const char *lesson_path;
	size_t lesson_len;   /* its bytes: the rule files' limits grow with them (rule_cpu_s()) */
	size_t current;	     /* file that runs */
	size_t next;	     /* the file the next S record must start (next_file()): in order, each once */
	int current_line;
	int started, ended;
	size_t kept;			   /* bytes of report and ledger records kept (keep_record()) */
	size_t said_forged, said_full;	   /* the last file (+ 1) whose records keep_record() refused */
	size_t said_failed, said_over;	   /* the last file (+ 1) whose X, C record was kept: one each */
};

/* The first file at or after i that runs (not broken), or rs->nfiles. */
static size_t next_file(const struct ruleset *rs, size_t i)
{
	while (i < rs->nfiles && rs->files[i].broken)
		i++;
	return i;
}

static void rule_error(struct pass *ps, size_t file, int line, const char *msg)
{
	diags_add(ps->out, ps->rs->files[file].path, line, 1, SEV_ERROR, "rule-error", "rule failed on '%s': %s",
		  ps->lesson_path, msg);
}

/*
 * 1 if litlab may keep len bytes more of a child's (with the lesson's path and bookkeeping beside
 * them), which it then counts: one lesson's, of every file together, up to RULE_LESSON_OUTPUT_LIMIT,
 * and a run's, of every lesson, up to RULE_COURSE_OUTPUT_LIMIT.
 */
static int charge(struct pass *ps, size_t len)
{
	_Atomic size_t *course = &((struct ruleset *)ps->rs)->kept; /* the pass's own count, not the rules' */

	len += strlen(ps->lesson_path) + RULE_RECORD_OVERHEAD;
	if (ps->kept + len > RULE_LESSON_OUTPUT_LIMIT || atomic_load(course) + len > RULE_COURSE_OUTPUT_LIMIT)
		return 0;
	ps->kept += len;
	atomic_fetch_add(course, len); /* (two threads may pass the bound by a record each) */
	return 1;
}

/*
 * 1 if a report or ledger record of file under id (len bytes) is kept: the id must be one of the
 * file's rules as the loader learnt them (a top level that returned other rules in the pass would
 * report under names not its own, a built-in's or another file's), and one lesson's records, of
 * every file together, are kept up to RULE_LESSON_OUTPUT_LIMIT bytes. Each refusal is a rule-error
 * once per file and pass.
 */
static int keep_record(struct pass *ps, size_t file, const char *id, size_t len)
{
	const struct rule_info *r = rule_by_id(ps->rs, id);

	if (file >= ps->rs->nfiles)
		return 0;
	if (!r || r->file != file) {
		if (ps->said_forged != file + 1) {
			char *msg = xasprintf("it reported under the id '%s', which is not one of its rules as litlab "
					      "loaded them: a rule file's top level must return the same rules every time",
					      id);
			ps->said_forged = file + 1;
			rule_error(ps, file, 1, msg);
			free(msg);
		}
		return 0;
	}
	/* what litlab holds for the record: its text, and a diagnostic's or ledger entry's path, id and
	   bookkeeping beside it */
	if (!charge(ps, len + strlen(id))) {
		if (ps->said_full != file + 1) {
			ps->said_full = file + 1;
			rule_error(ps, file, 1, "its reports were dropped: litlab keeps at most " XSTR(
							RULE_LESSON_OUTPUT_LIMIT_MIB) " MiB of reports and ledger records for one "
							"lesson, from all its rule files together, and " XSTR(
							RULE_COURSE_OUTPUT_LIMIT_MIB) " MiB for all the lessons it checks");
		}
		return 0;
	}
	return 1;
}

/*
 * One record of a rule child's (or of a memo). A child is read as untrusted, as one whose code got
 * past Lua and its filter might write anything: a file starts only where litlab expects the next
 * one (in order, each once, none skipped), and ends where it started; every other record is about
 * the file that runs and has not ended. Returns 0, or -1 for a record that breaks this (it is
 * dropped, and the caller stops the child).
 */
static int handle_record(struct pass *ps, char *line)
{
	size_t file;
	int n = 0;

	if (line[0] == 'S') {
		if (sscanf(line, "S %zu", &file) != 1 || file != ps->next || (ps->started && !ps->ended))
			return -1;
		ps->next = next_file(ps->rs, file + 1);
		ps->current = file;
		ps->current_line = 1;
		ps->started = 1;
		ps->ended = 0;
		return 0;
	}
	if (!strchr("EHDLCX", line[0]) || sscanf(line + 1, " %zu", &file) != 1 || !ps->started || ps->ended ||
	    file != ps->current)
		return -1;
	switch (line[0]) {
	case 'E':
		ps->ended = 1;
		break;
	case 'H':
		if (sscanf(line, "H %zu %d", &file, &n) != 2)
			return -1; /* (a record no child of litlab's writes: a malformed one is refused, not kept in a memo) */
		ps->current_line = n > 0 ? n : 1;
		break;
	case 'D': {
		long long ln, col;
		char sev[16], id[128];
		char *tab = strchr(line, '\t');
		if (!tab || sscanf(line, "D %zu %lld %lld %15s %127s", &file, &ln, &col, sev, id) != 5)
			return -1;
		if (!keep_record(ps, file, id, strlen(tab)))
			break;
		char *msg = unescape(tab + 1);
		diags_add(ps->out, ps->lesson_path, (int)ln, (int)col, parse_sev(sev), id, "%s", msg);
		free(msg);
		break;
	}
	case 'L': {
		long long ln, col;
		char id[128];
		char *f[3], *tab = strchr(line, '\t');
		if (!tab || sscanf(line, "L %zu %lld %lld %127s", &file, &ln, &col, id) != 4 || !strchr(tab + 1, '\t') ||
		    !strchr(strchr(tab + 1, '\t') + 1, '\t'))
			return -1;
		if (!ps->ledger || !keep_record(ps, file, id, strlen(tab)))
			break;
		f[0] = tab + 1;
		if (!(tab = strchr(f[0], '\t')))
			break;
		*tab = '\0';
		f[1] = tab + 1;
		if (!(tab = strchr(f[1], '\t')))
			break;
		*tab = '\0';
		f[2] = tab + 1;
		char *text = unescape(f[0]), *decision = unescape(f[1]), *why = unescape(f[2]);
		ledger_add(ps->ledger, (int)ln, (int)col, id, text, decision, why);
		free(text);
		free(decision);
		free(why);
		break;
	}
	case 'C':
		/* once a file: a child that wrote it again and again would fill litlab with the same error */
		if (ps->said_over == file + 1)
			break;
		ps->said_over = file + 1;
		rule_error(ps, file, 1,
			   "it reported more than " XSTR(RULE_REPORT_LIMIT) " problems on this lesson (those a "
			   "suppression covers not counted), and the rest were not kept, so the lesson may "
			   "hold more than is shown: mend these, or split the lesson");
		break;
	case 'X': {
		char *tab = strchr(line, '\t');
		if (!tab || sscanf(line, "X %zu %d", &file, &n) != 2)
			return -1;
		if (ps->said_failed == file + 1)
			break; /* a file fails once */
		ps->said_failed = file + 1;
		/* its message as a rule's text is, and counted as a report is */
		char *msg = cut_text(unescape(tab + 1));
		rule_error(ps, file, n,
			   charge(ps, strlen(msg)) ? msg
						  : "it failed (its message was not kept: litlab keeps no more for this run)");
		free(msg);
		break;
	}
	}
	return 0;
}

struct pass_child {
	struct pass *ps;
	const struct lesson_result *lr;
	size_t from;
	struct subproc_lines in; /* the records the child writes */
	size_t last_started;	 /* the file the child last began */
	struct subproc *sp;
	int forged;		 /* it wrote a record handle_record() refused, or began a file may_follow()
				    does not let follow: it is stopped */
};

static void pass_child_main(void *arg, int fd)
{
	struct pass_child *pc = arg;

	rule_child(pc->ps->rs, pc->from, pc->lr, fd);
}

/* Adds rec, and its newline, to what a memo will remember; -1 (nothing added) past what a memo holds
   (cache_memo_put() writes none larger): the memo is then not written, and raw need grow no more. */
static int remember(struct buf *raw, const char *rec)
{
	size_t len = strlen(rec);

	if (raw->len + len + 1 > CACHE_MEMO_MAX)
		return -1;
	buf_add(raw, rec, len);
	buf_addc(raw, '\n');
	return 0;
}

/* One record the child wrote; each file it begins gets the whole wall limit. */
static void pass_child_record(void *ctx, char *rec)
{
	struct pass_child *pc = ctx;
	struct pass *ps = pc->ps;

	if (pc->forged)
		return;
	/* remembered, but for the handlers' lines, which only a child that died needs */
	if (ps->raw && rec[0] != 'H' && remember(ps->raw, rec) < 0) {
		buf_release(ps->raw);
		ps->raw = NULL;
		ps->unclean = 1; /* not remembered */
	}
	/* after a folder's files a child may begin no other folder's (may_follow()) */
	const struct ruleset *rs = ps->rs;
	if ((rec[0] == 'S' && ps->started && ps->next < rs->nfiles && !may_follow(rs, ps->current, ps->next)) ||
	    handle_record(ps, rec) < 0) {
		pc->forged = 1;
		pc->sp->refused = 1;
		return;
	}
	if (ps->started && ps->current != pc->last_started) {
		pc->last_started = ps->current;
		pc->sp->deadline = now_ns() + (long long)(rule_wall_s(ps->lesson_len) * 1e9);
	}
}

static void pass_child_take(void *ctx, struct subproc *sp, const char *p, size_t n)
{
	struct pass_child *pc = ctx;

	(void)sp; /* pc->sp, for pass_child_record() */
	if (subproc_lines_take(&pc->in, p, n, pass_child_record, pc) < 0)
		sp->refused = 1;
}

/* What run_child() says of a child that ended in file (or before it): a rule-error, and where to go on. */
static size_t child_failed(struct pass *ps, size_t file, const char *msg)
{
	ps->unclean = 1;
	rule_error(ps, file, ps->started && ps->current == file ? ps->current_line : 1, msg);
	return file + 1;
}

/*
 * Runs files from..end in one child, as far as may_follow() lets it go (rule_child()); returns the
 * index to go on at, or nfiles when done. Every file the child was to
 * run and did not run to its end is a rule-error: a child never passes for clean by leaving early.
 */
static size_t run_child(struct pass *ps, const struct lesson_result *lr, size_t from)
{
	const struct ruleset *rs = ps->rs;
	struct subproc sp;
	size_t first = next_file(rs, from);
	/* (the child starts at the first file that runs: a course's file after a broken one is its first) */
	struct pass_child pc = { ps, lr, first, { BUF_INIT, RULE_RECORD_LIMIT }, (size_t)-1, &sp, 0 };

	if (first >= rs->nfiles)
		return rs->nfiles;
	ps->started = ps->ended = 0;
	ps->next = first;
	sandbox_signals_settled(); /* the child runs Lua without exec */
	if (subproc_fork(&sp, pass_child_main, &pc, (long long)(rule_wall_s(ps->lesson_len) * 1e9)) < 0)
		return child_failed(ps, first, "cannot start the rule pass (fork failed)");
	enum subproc_end end = subproc_read(&sp, pass_child_take, &pc);
	subproc_lines_release(&pc.in);
	int stopped;
	int status = subproc_finish(&sp, end != SUBPROC_EOF, &stopped);
	int killed = stopped && end == SUBPROC_LATE; /* past the wall limit */
	size_t at = ps->started ? ps->current : first;
	if (end == SUBPROC_ERROR || end == SUBPROC_REFUSED)
		return child_failed(ps, at,
				    end == SUBPROC_ERROR ? "its output could not be read, and it was stopped"
				    : pc.forged	 ? "it wrote records no rule file can make (of a file it was not running, "
						   "or out of order: it got past Lua's sandbox: report it to litlab's "
						   "authors), and was stopped"
						 : "it wrote a record longer than litlab reads (" XSTR(RULE_RECORD_LIMIT_KIB)
						   " KiB), and was stopped");
	int code = !killed && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	if (code == RULE_CHILD_UNCONFINED)
		ps->unclean = 1; /* not remembered: a run that can confine it runs the course's file */
	if ((code == RULE_CHILD_AGAIN || code == RULE_CHILD_UNCONFINED) && ps->started && ps->ended)
		return ps->next; /* at a folder's end, or after a built-in file that failed */
	if (code != 0)
		ps->unclean = 1;
	if (killed || (ps->started && !ps->ended && out_of_cpu(status))) {
		char cpu[64];
		snprintf(cpu, sizeof cpu, "ran past its CPU time limit (%ld s) and was stopped", rule_cpu_s(ps->lesson_len));
		return child_failed(ps, at, killed ? "ran past the rule pass's time limit and was stopped" : cpu);
	}
	if (ps->started && !ps->ended) /* the child died inside a file */
		return child_failed(ps, at,
				    WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS
					    ? "it made a system call a rule may not make (it got past Lua's sandbox, or litlab "
					      "has a bug: report it to litlab's authors), and was stopped"
				    : WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT
					    ? "the rule pass aborted (SIGABRT: litlab's own fault: report it to its authors)"
				    : WIFSIGNALED(status) ? "the rule pass was killed by a signal"
							  : "the rule pass stopped");
	if (ps->started && ps->ended && (ps->next >= rs->nfiles || !may_follow(rs, ps->current, ps->next)))
		return ps->next; /* its folder's files are done, however it left: the next folder's are not its */
	if (!ps->started && code != 0)
		return child_failed(ps, first, "the rule pass died before it began (a child litlab forks could not "
					       "start), and the rule did not run");
	if (ps->next < rs->nfiles) /* it left before files it was to run */
		return child_failed(ps, ps->next, "the rule pass ended before this file ran, and the rule did not run");
	return rs->nfiles;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/*
 * The ids litlab itself reports (docs/lesson-format.md, "Rule ids";
 * tests/scripts/docs.sh keeps this list equal to the ids the sources
 * report). They are facts about the lesson and its runs, not opinions, and
 * cannot be suppressed, except a compiler's warning, which an author may
 * have read and meant (an unused variable in a lesson about warnings).
 */
static const char *const engine_rule_ids[] = {
	"attribute",	 "front-matter",  "unclosed-fence", "encoding",	       "compile",
	"compile-warning", "output-mismatch", "exit-status",  "timeout",	       "resource-limit",
	"measurement",	 "measure-reference", "cite-reference", "sanitizer",   "nondeterministic",
	"suppression",	 "rule-error",	  "output-provenance", "lesson-number", "empty-lesson",
	"site-file",	 "session",	  "page-name",	     "cache",	       "lesson-name",
	"raw-html",
};
static const char *const engine_suppressible[] = { "compile-warning" };

static int in_list(const char *id, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(id, list[i]) == 0)
			return 1;
	return 0;
}

/* 1 if id is an engine id a suppression may name. */
static int engine_may_suppress(const char *id)
{
	return in_list(id, engine_suppressible, ARRAY_LEN(engine_suppressible));
}

/* Reads the suppression comments of the lesson. */
static void read_suppressions(const struct ruleset *rs, struct lesson_result *lr)
{
	struct lesson *l = lr->lesson;
	cmark_iter *it = cmark_iter_new(l->doc);
	cmark_event_type ev;
	static const char tag[] = "litlab-disable";

	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev != CMARK_EVENT_ENTER || (cmark_node_get_type(n) != CMARK_NODE_HTML_BLOCK &&
						 cmark_node_get_type(n) != CMARK_NODE_HTML_INLINE))
			continue;
		const char *lit = cmark_node_get_literal(n);
		if (!lit)
			continue;
		const char *p = lit;
		while (is_space(*p))
			p++;
		if (strncmp(p, "<!--", 4) != 0)
			continue;
		p += 4;
		while (is_space(*p))
			p++;
		if (strncmp(p, tag, sizeof tag - 1) != 0)
			continue;
		p += sizeof tag - 1;
		int line = cmark_node_get_start_line(n);
		if (cmark_node_get_type(n) == CMARK_NODE_HTML_INLINE) {
			diags_add(&l->diags, l->path, line, 1, SEV_ERROR, "suppression",
				  "a litlab-disable comment must stand on its own line, before the element it "
				  "applies to");
			continue;
		}
		const char *end = strstr(p, "-->");
		lr->supp = xreallocarray(lr->supp, lr->nsupp + 1, sizeof *lr->supp);
		struct suppression *s = &lr->supp[lr->nsupp++];
		memset(s, 0, sizeof *s);
		s->line = line;
		s->col = cmark_node_get_start_column(n);
		while (*p == ' ' || *p == '\t')
			p++;
		const char *id = p;
		while (*p && !is_space(*p) && *p != ':' && p != end)
			p++;
		if (p > id)
			s->rule = xstrndup(id, (size_t)(p - id));
		if (*p == ':') {
			p++;
			const char *r = p;
			const char *stop = end ? end : r + strlen(r);
			while (r < stop && is_space(*r))
				r++;
			while (stop > r && is_space(stop[-1]))
				stop--;
			if (stop > r)
				s->reason = xstrndup(r, (size_t)(stop - r));
		}
		const char *after = end ? end + 3 : "";
		while (is_space(*after))
			after++;
		cmark_node *next = cmark_node_next(n);
		if (next) {
			s->first_line = cmark_node_get_start_line(next);
			s->last_line = cmark_node_get_end_line(next);
		}
		if (!end || *after) {
			diags_add(&l->diags, l->path, line, s->col, SEV_ERROR, "suppression",
				  "a litlab-disable comment must stand alone on its line: <!-- litlab-disable "
				  "RULE-ID: reason -->");
		} else if (!s->rule) {
			diags_add(&l->diags, l->path, line, s->col, SEV_ERROR, "suppression",
				  "a litlab-disable comment needs a rule id and a reason: <!-- litlab-disable "
				  "RULE-ID: reason -->");
		} else if (!ruleset_find(rs, s->rule) && !engine_may_suppress(s->rule) &&
			   in_list(s->rule, engine_rule_ids, ARRAY_LEN(engine_rule_ids))) {
			diags_add(&l->diags, l->path, line, s->col, SEV_ERROR, "suppression",
				  "'%s' is reported by litlab itself and cannot be suppressed: fix what it reports",
				  s->rule);
		} else if (!ruleset_find(rs, s->rule) && !engine_may_suppress(s->rule)) {
			diags_add(&l->diags, l->path, line, s->col, SEV_ERROR, "suppression",
				  "unknown rule '%s' in litlab-disable ('litlab rules' lists them)", s->rule);
		} else if (!s->reason) {
			diags_add(&l->diags, l->path, line, s->col, SEV_ERROR, "suppression",
				  "suppressing '%s' needs a reason: <!-- litlab-disable %s: why -->", s->rule,
				  s->rule);
		} else if (!next) {
			diags_add(&l->diags, l->path, line, s->col, SEV_WARNING, "suppression",
				  "this suppression of '%s' is followed by nothing it could apply to", s->rule);
			s->valid = 1;
		} else {
			s->valid = 1;
		}
	}
	cmark_iter_free(it);
}

static int suppressed(const struct ruleset *rs, struct lesson_result *lr, const struct diag *d)
{
	for (size_t i = 0; i < lr->nsupp; i++) {
		struct suppression *s = &lr->supp[i];
		if (!s->valid || !s->first_line || d->line < s->first_line || d->line > s->last_line)
			continue;
		const struct rule_info *r = ruleset_find(rs, s->rule);
		const char *id = r ? r->id : engine_may_suppress(s->rule) ? s->rule : NULL;
		if (id && strcmp(id, d->rule) == 0) {
			s->used = 1;
			return 1;
		}
	}
	return 0;
}

/* The rule files (paths and texts) into a key; with_broken: and whether each loaded. */
static void key_rule_files(struct sha256_ctx *ctx, const struct ruleset *rs, int with_broken)
{
	/* This very litlab: a rebuild may change what rules are given without a new version. */
	char *self = envinfo_file_id("/proc/self/exe");

	key_str(ctx, "litlab", LITLAB_VERSION);
	key_str(ctx, "binary", self);
	free(self);
	key_num(ctx, "files", (double)rs->nfiles);
	for (size_t i = 0; i < rs->nfiles; i++) {
		key_str(ctx, "path", rs->files[i].path);
		key_field(ctx, "text", rs->files[i].text, rs->files[i].len);
		if (with_broken)
			key_num(ctx, "broken", rs->files[i].broken);
	}
}

/* The hash of everything the rule pass of lr is given, as hex. */
static void pass_key(const struct ruleset *rs, const struct lesson_result *lr, char hex[KEY_HEX + 1])
{
	const struct lesson *l = lr->lesson;
	struct sha256_ctx ctx;

	sha256_init(&ctx);
	if (rs->files_hex[0])
		key_str(&ctx, "rule files", rs->files_hex);
	else
		key_rule_files(&ctx, rs, 1);
	key_str(&ctx, "lesson", l->path);
	key_field(&ctx, "src", l->src, l->src_len);
	key_num(&ctx, "blocks", (double)l->nblocks);
	for (size_t i = 0; i < l->nblocks; i++) {
		const struct evidence *ev = &lr->blocks[i].ev;
		key_str(&ctx, "status", block_status_name(lr->blocks[i].status));
		key_num(&ctx, "compiled", ev->compile_ok);
		key_num(&ctx, "executed", ev->executed);
		key_num(&ctx, "end", ev->executed ? (double)ev->run.end : -1);
		key_num(&ctx, "exit", ev->executed ? ev->run.exit_code : -1);
		key_num(&ctx, "signal", ev->executed ? ev->run.signo : -1);
		key_field(&ctx, "stdout", ev->executed ? ev->run.out.p : "", ev->executed ? ev->run.out.len : 0);
		key_field(&ctx, "stderr", ev->executed ? ev->run.err.p : "", ev->executed ? ev->run.err.len : 0);
		key_num(&ctx, "max_rss_kb", ev->executed ? (double)ev->run.max_rss_kb : -1);
		key_num(&ctx, "samples", (double)ev->nsamples);
	}
	key_finish(&ctx, hex);
}

/* The hash of the rule files, as hex: the key of what the loader learnt of them. */
static void files_key(const struct ruleset *rs, char hex[KEY_HEX + 1])
{
	struct sha256_ctx ctx;

	sha256_init(&ctx);
	key_rule_files(&ctx, rs, 0);
	key_finish(&ctx, hex);
}

/* Feeds remembered records to the pass as if a child had just written them. */
static void replay(struct pass *ps, char *raw, size_t len)
{
	char *p = raw, *end = raw + len, *nl;

	while (p < end && (nl = memchr(p, '\n', (size_t)(end - p)))) {
		*nl = '\0';
		handle_record(ps, p);
		p = nl + 1;
	}
}

static int has_rule_error(const struct diags *d)
{
	for (size_t i = 0; i < d->n; i++)
		if (strcmp(d->v[i].rule, "rule-error") == 0)
			return 1;
	return 0;
}

struct drop_ctx {
	const struct ruleset *rs;
	struct lesson_result *lr;
};

/* The engine's findings a suppression covers (compile warnings). */
static int drop_suppressed(const struct diag *d, void *arg)
{
	struct drop_ctx *c = arg;

	return engine_may_suppress(d->rule) && suppressed(c->rs, c->lr, d);
}

/* rules_apply(); without may_fork, only a remembered pass: 0 (and nothing done) when there is none. */
static int apply(const struct ruleset *rs, struct lesson_result *lr, int may_fork)
{
	struct lesson *l = lr->lesson;
	struct diags found;
	struct pass ps;
	struct buf raw = BUF_INIT;
	char key[KEY_HEX + 1];
	char *known = NULL;
	size_t known_len = 0;

	if (rs->memo) {
		pass_key(rs, lr, key);
		known = cache_memo_get(rs->memo, "rules", key, &known_len);
	}
	if (!known && !may_fork)
		return 0;
	diags_init(&found);
	read_suppressions(rs, lr);
	memset(&ps, 0, sizeof ps);
	ps.rs = rs;
	ps.out = &found;
	ps.ledger = &lr->ledger;
	ps.lesson_path = l->path;
	ps.lesson_len = l->src_len;
	if (known) {
		ps.next = next_file(rs, 0);
		replay(&ps, known, known_len);
		free(known);
	} else {
		ps.raw = rs->memo ? &raw : NULL;
		for (size_t from = 0; from < rs->nfiles;)
			from = run_child(&ps, lr, from);
		/* Only a pass whose children ran every rule to its end, and said nothing wrong, is
		   remembered. */
		if (rs->memo && !ps.unclean && !has_rule_error(&found))
			cache_memo_put(rs->memo, "rules", key, raw.p ? raw.p : "", raw.len);
		buf_release(&raw);
	}
	for (size_t i = 0; i < found.n; i++) {
		struct diag *d = &found.v[i];
		if (strcmp(d->rule, "rule-error") != 0 && suppressed(rs, lr, d))
			continue;
		struct diag *c = diags_add(&l->diags, d->path, d->line, d->col, d->severity, d->rule, "%s",
					   d->message);
		if (d->detail)
			c->detail = xstrdup(d->detail);
	}
	diags_release(&found);
	struct drop_ctx drop = { rs, lr };
	diags_drop(&l->diags, drop_suppressed, &drop);
	for (size_t i = 0; i < lr->nsupp; i++) {
		const struct suppression *s = &lr->supp[i];
		if (s->valid && s->first_line && !s->used)
			diags_add(&l->diags, l->path, s->line, s->col, SEV_WARNING, "suppression",
				  "the suppression of '%s' suppressed nothing: remove it", s->rule);
	}
	diags_sort(&l->diags);
	return 1;
}

void rules_apply(const struct ruleset *rs, struct lesson_result *lr)
{
	apply(rs, lr, 1);
}

int rules_apply_known(const struct ruleset *rs, struct lesson_result *lr)
{
	return apply(rs, lr, 0);
}

/* ---- loading ---- */

/*
 * A course's rule file: a file of the repository, so read as one (no link
 * followed, a regular file, at most 1 MiB), from the folder as named.
 */
static int rule_file_read(const char *dir, const char *name, char **text, size_t *len)
{
	int dfd = fs_open_root(dir);

	if (dfd < 0)
		return -1;
	int rc = fs_read(dfd, name, 1u << 20, text, len);
	int e = errno;
	close(dfd);
	errno = e;
	return rc;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int dump_to(lua_State *L, const void *p, size_t n, void *ud)
{
	(void)L;
	buf_add(ud, p, n);
	return 0;
}

/*
 * A built-in file's chunk, compiled here with its debug information (the
 * lines its reports and errors name): a rule child loads it in a tenth of
 * the time it takes to parse the text, which every lesson paid for each
 * file. Left NULL if it does not compile: the child then says why, from the
 * text.
 */
static void compile_builtin(struct rule_file *f)
{
	lua_State *L = luaL_newstate();
	char *chunk = xasprintf("@%s", f->path);
	struct buf b = BUF_INIT;

	if (L && luaL_loadbufferx(L, f->text, f->len, chunk, "t") == LUA_OK && lua_dump(L, dump_to, &b, 0) == 0 &&
	    b.len) {
		f->bytecode = b.p;
		f->bytecode_len = b.len;
	} else {
		buf_release(&b);
	}
	free(chunk);
	if (L)
		lua_close(L);
}

/*
 * A built-in file's rules, loaded here, in the parent, once: its bytecode
 * into the Lua state of the built-in files (rs->builtin, made by the
 * first) and its chunk run (litlab's own code, as trusted as the rest of
 * litlab; each file's globals are its own), its rule list kept in the
 * registry at f->list_ref. Each rule child inherits the state by fork and
 * runs the handlers on its own copy, and its built-in files share the
 * lesson it gives them: made once, not once per file. The parent never
 * runs a handler, so every child starts from the same untouched state. A
 * course's files are never run here: only in a child, each in a state of
 * its own, under its limits. Left NULL if it does not load: the child then
 * loads it itself and says why.
 */
static void load_builtin(struct ruleset *rs, struct rule_file *f)
{
	char *err = NULL;

	if (!f->bytecode)
		return;
	if (!rs->builtin) {
		rs->builtin = xcalloc(1, sizeof *rs->builtin);
		rs->builtin->out = -1;
		if (host_open(rs->builtin) < 0) {
			host_close(rs->builtin);
			free(rs->builtin);
			rs->builtin = NULL;
		}
	}
	if (!rs->builtin)
		return;
	lua_State *L = rs->builtin->L;
	rs->builtin->steps = 0; /* each file's top level has the base limits, as in a state of its own */
	rs->builtin->alloc.limit = RULE_MEMORY_LIMIT + rs->builtin->alloc.used;
	if (load_rule(rs->builtin, f, &err) < 0 || normalize_rules(L)) {
		free(err);
		lua_settop(L, 0);
		return;
	}
	f->list_ref = luaL_ref(L, LUA_REGISTRYINDEX);
	f->loaded = rs->builtin;
	/* Each file keeps the memory it had in a state of its own: the limit grows by what the
	   files loaded so far take (their code and tables), so that what a lesson and a file's work
	   may use is RULE_MEMORY_LIMIT, as before. */
	rs->builtin->alloc.limit = RULE_MEMORY_LIMIT + rs->builtin->alloc.used;
}

static void add_file(struct ruleset *rs, char *path, char *text, size_t len, int builtin, int folder)
{
	rs->files = xreallocarray(rs->files, rs->nfiles + 1, sizeof *rs->files);
	rs->files[rs->nfiles].folder = folder;
	rs->files[rs->nfiles].path = path;
	rs->files[rs->nfiles].text = text;
	rs->files[rs->nfiles].len = len;
	rs->files[rs->nfiles].builtin = builtin;
	rs->files[rs->nfiles].broken = 0;
	rs->files[rs->nfiles].bytecode = NULL;
	rs->files[rs->nfiles].bytecode_len = 0;
	rs->files[rs->nfiles].loaded = NULL;
	rs->files[rs->nfiles].list_ref = LUA_NOREF;
	if (builtin) {
		compile_builtin(&rs->files[rs->nfiles]);
		load_builtin(rs, &rs->files[rs->nfiles]);
	}
	rs->nfiles++;
}

static int add_dir(struct ruleset *rs, const char *dir, int folder, char **err)
{
	DIR *d = opendir(dir);
	char **names = NULL;
	size_t n = 0;

	if (!d) {
		if (errno == ENOENT)
			return 0;
		*err = xasprintf("cannot open rule folder '%s': %s", dir, strerror(errno));
		return -1;
	}
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (len > 4 && strcmp(e->d_name + len - 4, ".lua") == 0 && e->d_name[0] != '.') {
			names = xreallocarray(names, n + 1, sizeof *names);
			names[n++] = xstrdup(e->d_name);
		}
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, cmp_str);
	int rc = 0;
	size_t course = 0;
	for (size_t i = 0; i < rs->nfiles; i++)
		course += !rs->files[i].builtin;
	if (course + n > RULE_FILES_LIMIT) {
		*err = xasprintf("cannot read rule folder '%s': a course's rule folders hold at most %d rule files "
				 "together, and this one would make %zu: put the rules into fewer files",
				 dir, RULE_FILES_LIMIT, course + n);
		rc = -1;
	}
	size_t dlen = strlen(dir);
	while (dlen > 1 && dir[dlen - 1] == '/')
		dlen--;
	for (size_t i = 0; i < n; i++) {
		char *path = xasprintf("%.*s/%s", (int)dlen, dir, names[i]);
		char *text;
		size_t len;
		if (rc == 0 && rule_file_read(dir, names[i], &text, &len) < 0) {
			*err = errno == EFBIG ? xasprintf("cannot read rule file '%s': it is larger than a rule file may be "
							  "(1 MiB)",
							  path)
					      : xasprintf("cannot read rule file '%s': %s", path, fs_strerror(errno));
			rc = -1;
		}
		if (rc == 0)
			add_file(rs, path, text, len, 0, folder);
		else
			free(path);
		free(names[i]);
	}
	free(names);
	return rc;
}

/*
 * Reads each file's rule ids, severities and summaries in a child (a rule
 * file's top level is untrusted code too), one record per rule:
 * "R FILE\tID\tSEVERITY\tSUMMARY\tALIAS,ALIAS" or "X FILE LINE\tMESSAGE".
 */
static void NORETURN meta_child(const struct ruleset *rs, size_t from, int out)
{
	struct host h;
	struct buf b = BUF_INIT;
	char *unconfined = NULL;
	int refused = 0;
	long cpu_s = 1;

	for (size_t i = from, last = from; i < rs->nfiles && may_follow(rs, last, i); last = i++)
		cpu_s += RULE_CPU_LIMIT_S + 1;
	confine(&out, cpu_s, &unconfined);
	memset(&h, 0, sizeof h);
	h.out = out;
	for (size_t i = from; i < rs->nfiles; i++) {
		char *err;
		if (i > from && !may_follow(rs, i - 1, i)) /* no other folder's files after a folder's */
			_exit(refused ? RULE_CHILD_UNCONFINED : RULE_CHILD_AGAIN);
		h.file = i;
		buf_addf(&b, "S %zu", i);
		send(out, &b);
		limit_cpu(RULE_CPU_LIMIT_S);
		if (!rs->files[i].builtin && unconfined) {
			send_fail(&h, 1, unconfined);
			refused = 1;
		} else if (host_open(&h) < 0) {
			_exit(4);
		} else if (load_rule(&h, &rs->files[i], &err) < 0) {
			char *first;
			int line = error_line(err, rs->files[i].path, &first);
			send_fail(&h, line, first);
			free(first);
			free(err);
		} else {
			lua_State *L = h.L;
			const char *why = normalize_rules(L);
			if (why) {
				send_fail(&h, 1, why);
			} else {
				lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
				for (lua_Integer k = 1; k <= n; k++) {
					lua_rawgeti(L, -1, k);
					lua_getfield(L, -1, "id");
					lua_getfield(L, -2, "severity");
					lua_getfield(L, -3, "summary");
					buf_addf(&b, "R %zu\t", i);
					send_escaped(&b, lua_tostring(L, -3));
					buf_addc(&b, '\t');
					send_escaped(&b, lua_isstring(L, -2) ? lua_tostring(L, -2) : "error");
					buf_addc(&b, '\t');
					send_escaped(&b, lua_isstring(L, -1) ? lua_tostring(L, -1) : "");
					buf_addc(&b, '\t');
					lua_pop(L, 3);
					lua_getfield(L, -1, "aliases");
					if (lua_istable(L, -1)) {
						lua_Integer na = (lua_Integer)lua_rawlen(L, -1);
						for (lua_Integer a = 1; a <= na; a++) {
							lua_rawgeti(L, -1, a);
							const char *alias = lua_tostring(L, -1);
							if (alias && valid_rule_id(alias))
								buf_addf(&b, "%s%s", a > 1 ? "," : "", alias);
							lua_pop(L, 1);
						}
					}
					lua_pop(L, 2);
					send(out, &b);
				}
			}
		}
		host_close(&h);
		buf_addf(&b, "E %zu", i);
		send(out, &b);
	}
	buf_release(&b);
	_exit(refused ? RULE_CHILD_UNCONFINED : 0);
}

static char *field(char **p)
{
	char *s = *p;
	char *tab = strchr(s, '\t');

	if (tab) {
		*tab = '\0';
		*p = tab + 1;
	} else {
		*p = s + strlen(s);
	}
	return unescape(s);
}

/* Why name may not be a new rule's id or alias, or NULL: a name stands for one rule, and litlab's
   own ids are litlab's (a course rule named "compile" could report what no compiler said). */
static char *name_taken(const struct ruleset *rs, const char *name)
{
	const struct rule_info *r = ruleset_find(rs, name);

	if (in_list(name, engine_rule_ids, ARRAY_LEN(engine_rule_ids)))
		return xasprintf("'%s' is one of litlab's own rule ids (docs/lesson-format.md, \"Rule ids\"): "
				 "name the rule otherwise",
				 name);
	if (r)
		return xasprintf("rule id '%s' is defined twice (also in '%s'%s): ids and aliases are unique", name,
				 rs->files[r->file].path, strcmp(r->id, name) == 0 ? "" : ", as an alias");
	return NULL;
}

/* A rule the loader learnt (a record "ID\tSEVERITY\tSUMMARY\tALIAS,ALIAS"). A name already taken
   makes the whole file broken: the pass would run its rules under names not theirs. */
static void add_rule(struct ruleset *rs, size_t file, char *rec)
{
	char *p = rec;
	char *id = field(&p), *sev = field(&p), *summary = field(&p), *aliases = field(&p);
	struct rule_info r = { .id = id, .severity = sev, .summary = summary, .file = file };
	/* what the loader checked (normalize_rules()), checked again: a loader past Lua's walls could
	   write anything */
	size_t naliases = aliases[0] ? 1 : 0;
	for (const char *a = aliases; *a; a++)
		naliases += *a == ',';
	char *why = !valid_rule_id(id) || (strcmp(sev, "error") && strcmp(sev, "warning") && strcmp(sev, "note")) ||
			    strlen(summary) > RULE_TEXT_LIMIT + 4 || naliases > RULE_ALIASES_LIMIT
		? xstrdup("its loader gave litlab a rule no rule file can return (it got past Lua's sandbox: report it "
			  "to litlab's authors)")
		: name_taken(rs, id);

	for (char *a = aliases; *a && !why;) {
		size_t n = strcspn(a, ",");
		char *alias = n ? xstrndup(a, n) : NULL;
		a += n;
		if (*a == ',')
			a++;
		if (alias && !valid_rule_id(alias)) {
			free(alias);
			why = xstrdup("its loader gave litlab an alias no rule file can return (it got past Lua's "
				      "sandbox: report it to litlab's authors)");
			break;
		}
		int again = alias && strcmp(alias, id) == 0;
		for (size_t k = 0; alias && !again && k < r.naliases; k++)
			again = strcmp(r.aliases[k], alias) == 0;
		if (!alias || again) {
			free(alias); /* a name said twice by one rule: once is enough */
			continue;
		}
		why = name_taken(rs, alias);
		r.aliases = xreallocarray(r.aliases, r.naliases + 1, sizeof *r.aliases);
		r.aliases[r.naliases++] = alias;
	}
	free(aliases);
	if (why || rs->files[file].broken) {
		if (why)
			diags_add(&rs->errors, rs->files[file].path, 1, 1, SEV_ERROR, "rule-error",
				  "rule file failed to load: %s", why);
		rs->files[file].broken = 1;
		free(why);
		free(id);
		free(sev);
		free(summary);
		free_words(r.aliases, r.naliases);
		return;
	}
	rs->rules = xreallocarray(rs->rules, rs->nrules + 1, sizeof *rs->rules);
	rs->rules[rs->nrules] = r;
	strindex_add(&rs->names, r.id, rs->nrules);
	for (size_t k = 0; k < r.naliases; k++)
		strindex_add(&rs->names, r.aliases[k], rs->nrules);
	rs->nrules++;
}

/* Where the loader's records leave off: the file they are about, and whether it started and ended. */
struct meta_state {
	size_t current;
	int started, ended, line;
	size_t next;  /* the file the next S record must start: files start in order, each once */
	size_t rules; /* the rules the current file returned */
};

/*
 * One record of a loader's (or of a memo). As handle_record() does for a pass: a file starts only
 * where litlab expects the next one, and every other record is of the file that runs; no file gives
 * more rules than one may return, nor fails twice. Returns 0, or -1 for a record that breaks this
 * (dropped; the caller stops the loader).
 */
static int meta_record(struct ruleset *rs, struct meta_state *st, char *rec)
{
	size_t f;

	if (rec[0] == 'S') {
		if (sscanf(rec, "S %zu", &f) != 1 || f != st->next || f >= rs->nfiles || (st->started && !st->ended))
			return -1;
		st->current = f, st->started = 1, st->ended = 0, st->next = f + 1, st->rules = 0;
		return 0;
	}
	if (!strchr("ERX", rec[0]) || sscanf(rec + 1, " %zu", &f) != 1 || !st->started || st->ended || f != st->current)
		return -1;
	if (rec[0] == 'E') {
		st->ended = 1;
	} else if (rec[0] == 'R') {
		if (!strchr(rec, '\t'))
			return -1;
		if (++st->rules > RULE_RULES_LIMIT)
			return -1;
		add_rule(rs, st->current, strchr(rec, '\t') + 1);
	} else if (rec[0] == 'X' && strchr(rec, '\t') && sscanf(rec, "X %zu %d", &f, &st->line) == 2 &&
		   !rs->files[st->current].broken) {
		char *msg = cut_text(unescape(strchr(rec, '\t') + 1));
		rs->files[st->current].broken = 1;
		diags_add(&rs->errors, rs->files[st->current].path, st->line, 1, SEV_ERROR, "rule-error",
			  "rule file failed to load: %s", msg);
		free(msg);
	}
	return 0;
}

static void files_key(const struct ruleset *rs, char hex[KEY_HEX + 1]);

/* One loader child: files from..end, its records read as they come. */
struct meta_loader {
	struct ruleset *rs;
	size_t from;
	struct subproc_lines in; /* the records the loader writes */
	struct buf *raw;	 /* every record, for the memo */
	struct meta_state st;
	struct subproc *sp;
	int too_big; /* raw would pass a memo's size: not remembered */
	int forged;  /* it wrote a record meta_record() refused, or began a file may_follow() does not
			let follow: it is stopped */
};

static void meta_child_main(void *arg, int fd)
{
	struct meta_loader *ml = arg;

	meta_child(ml->rs, ml->from, fd);
}

/* One record the loader wrote; each file it begins gets the whole wall limit. */
static void meta_take_record(void *ctx, char *rec)
{
	struct meta_loader *ml = ctx;
	int was = ml->st.started ? (int)ml->st.current : -1;

	if (ml->forged)
		return;
	if (remember(ml->raw, rec) < 0)
		ml->too_big = 1;
	/* no other folder's files after a folder's in one loader (meta_child()) */
	if ((rec[0] == 'S' && ml->st.started && ml->st.next < ml->rs->nfiles &&
	     !may_follow(ml->rs, ml->st.current, ml->st.next)) ||
	    meta_record(ml->rs, &ml->st, rec) < 0) {
		ml->forged = 1;
		ml->sp->refused = 1;
		return;
	}
	if (ml->st.started && (int)ml->st.current != was)
		ml->sp->deadline = now_ns() + (long long)(RULE_WALL_LIMIT_S * 1e9);
}

static void meta_take(void *ctx, struct subproc *sp, const char *p, size_t n)
{
	struct meta_loader *ml = ctx;

	(void)sp; /* ml->sp, for meta_take_record() */
	if (subproc_lines_take(&ml->in, p, n, meta_take_record, ml) < 0)
		sp->refused = 1;
}

static void load_meta(struct ruleset *rs)
{
	char key[KEY_HEX + 1];
	size_t known_len = 0;
	char *known = NULL;
	struct buf raw = BUF_INIT;
	int clean = 1;

	if (rs->memo) {
		files_key(rs, key);
		known = cache_memo_get(rs->memo, "rule-meta", key, &known_len);
	}
	if (known) {
		struct meta_state st = { 0, 0, 0, 1, 0, 0 };
		for (char *p = known, *nl; p < known + known_len && (nl = strchr(p, '\n')); p = nl + 1) {
			*nl = '\0';
			meta_record(rs, &st, p);
		}
		free(known);
		return;
	}
	for (size_t from = 0; from < rs->nfiles;) {
		struct subproc sp;
		struct meta_loader ml = { rs, from, { BUF_INIT, RULE_RECORD_LIMIT }, &raw, { from, 0, 0, 1, from, 0 }, &sp, 0, 0 };
		sandbox_signals_settled();
		if (subproc_fork(&sp, meta_child_main, &ml, (long long)(RULE_WALL_LIMIT_S * 1e9)) < 0) {
			clean = 0;
			break;
		}
		enum subproc_end end = subproc_read(&sp, meta_take, &ml);
		subproc_lines_release(&ml.in);
		int killed;
		int status = subproc_finish(&sp, end != SUBPROC_EOF, &killed);
		struct meta_state st = ml.st;
		int code = !killed && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
		if ((code != 0 && code != RULE_CHILD_AGAIN) || ml.too_big || ml.forged)
			clean = 0;
		if ((code == RULE_CHILD_AGAIN || code == RULE_CHILD_UNCONFINED) && st.started && st.ended && !ml.forged) {
			from = st.next; /* at a folder's end (may_follow()) */
		} else if (ml.forged || killed || (st.started && !st.ended)) {
			size_t at = st.started ? st.current : from;
			if (!rs->files[at].broken)
				diags_add(&rs->errors, rs->files[at].path, 1, 1, SEV_ERROR, "rule-error",
					  "rule file failed to load: %s",
					  ml.forged ? "its loader wrote records no rule file can make (of a file it was not "
						      "loading, out of order, or more rules than a file may return: it got past "
						      "Lua's sandbox: report it to litlab's authors), and was stopped"
					  : end == SUBPROC_ERROR ? "its loader's output could not be read"
					  : end == SUBPROC_REFUSED ? "its loader wrote a record longer than litlab reads (" XSTR(
									     RULE_RECORD_LIMIT_KIB) " KiB)"
					  : killed ? "its top level ran past the rule pass's time limit"
					  : out_of_cpu(status) ? "its top level ran past its CPU time limit (" XSTR(RULE_CPU_LIMIT_S) " s)"
					  : WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS
					  ? "its top level made a system call a rule may not make (it got past Lua's sandbox, "
					    "or litlab has a bug: report it to litlab's authors)"
					  : "the loader died");
			rs->files[at].broken = 1;
			from = at + 1;
			clean = 0;
		} else if (st.started && st.ended && (st.next >= rs->nfiles || !may_follow(rs, st.current, st.next))) {
			from = st.next; /* its folder's files are loaded, however it left (clean only after 0 or 5) */
		} else if (st.next < rs->nfiles || !st.started) {
			/* It ended (or died) before a file it was to load: that file is not loaded, and says so. */
			size_t at = st.started ? st.next : from;
			rs->files[at].broken = 1;
			diags_add(&rs->errors, rs->files[at].path, 1, 1, SEV_ERROR, "rule-error",
				  "rule file failed to load: its loader %s",
				  st.started ? "ended before it loaded this file"
					     : "died before it began (a child litlab forks could not start)");
			from = at + 1;
			clean = 0;
		} else {
			from = rs->nfiles;
		}
	}
	/* Remembered only when one loader read every file to its end. */
	if (rs->memo && clean)
		cache_memo_put(rs->memo, "rule-meta", key, raw.p ? raw.p : "", raw.len);
	buf_release(&raw);
}

int ruleset_load(struct ruleset *rs, char *const *dirs, size_t ndirs, struct cache *memo, char **err)
{
	memset(rs, 0, sizeof *rs);
	rs->memo = memo;
	diags_init(&rs->errors);
	for (const struct embedded_rule *e = embedded_rules; e->path; e++)
		add_file(rs, xstrdup(e->path), xstrndup(e->text, e->len), e->len, 1, 0);
	for (size_t i = 0; i < ndirs; i++)
		if (add_dir(rs, dirs[i], (int)i + 1, err) < 0)
			return -1;
	load_meta(rs);
	/* the rule files' part of every lesson's pass key, hashed once (not once per lesson) */
	{
		struct sha256_ctx ctx;
		char hex[KEY_HEX + 1];
		sha256_init(&ctx);
		key_rule_files(&ctx, rs, 1);
		key_finish(&ctx, hex);
		snprintf(rs->files_hex, sizeof rs->files_hex, "%s", hex);
	}
	return 0;
}

void ruleset_release(struct ruleset *rs)
{
	for (size_t i = 0; i < rs->nfiles; i++) {
		free(rs->files[i].path);
		free(rs->files[i].text);
		free(rs->files[i].bytecode);
	}
	free(rs->files);
	if (rs->builtin) {
		host_close(rs->builtin);
		free(rs->builtin);
	}
	for (size_t i = 0; i < rs->nrules; i++) {
		free(rs->rules[i].id);
		free(rs->rules[i].severity);
		free(rs->rules[i].summary);
		free_words(rs->rules[i].aliases, rs->rules[i].naliases);
	}
	free(rs->rules);
	strindex_release(&rs->names);
	diags_release(&rs->errors);
	memset(rs, 0, sizeof *rs);
}
