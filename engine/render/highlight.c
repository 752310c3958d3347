/*
 * highlight.c: a one-pass C lexer that turns source into HTML spans.
 *
 * It follows the preprocessor's view of tokens (pp-numbers, directives on
 * logical lines) closely enough for colouring, not for compiling: it
 * never rejects input, only classifies it. Every scanner takes the
 * position of a token's first byte and returns the position just past
 * its end, never beyond len, so no byte is looked at more than a few
 * times and the whole pass is linear.
 */
#include <string.h>

#include "render/highlight.h"

#define REPLACEMENT "\xEF\xBF\xBD"

/*
 * Length of the valid UTF-8 sequence at s[0..len) whose lead byte is
 * >= 0x80, or 0 if it is not valid (bad lead, truncated, overlong,
 * surrogate or above U+10FFFF). *c1 is set when it is a C1 control.
 */
static size_t utf8_seq(const unsigned char *s, size_t len, int *c1)
{
	unsigned c = s[0], cp, min;
	size_t n;

	if (c >= 0xc2 && c <= 0xdf)
		n = 2, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, min = 0x10000;
	else
		return 0;
	if (n > len)
		return 0;
	cp = c & (0x7f >> n);
	for (size_t k = 1; k < n; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[k] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	*c1 = cp <= 0x9f;
	return n;
}

/* Copies runs of safe bytes whole and replaces only what must change. */
void html_escape_text(struct buf *out, const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0, run = 0;

	while (i < len) {
		unsigned c = s[i];
		const char *rep;
		size_t n = 1;

		if (c >= 0x80) {
			int c1 = 0;

			n = utf8_seq(s + i, len - i, &c1);
			if (n == 3 && buf_bidi_control(text + i, len - i)) {
				buf_add(out, s + run, i - run);
				buf_addf(out, "\\u%04x", buf_bidi_control(text + i, len - i));
				i += n;
				run = i;
				continue;
			}
			if (n && !c1) {
				i += n;
				continue;
			}
			n = n ? n : 1;
			rep = REPLACEMENT;
		} else if (c == '&') {
			rep = "&amp;";
		} else if (c == '<') {
			rep = "&lt;";
		} else if (c == '>') {
			rep = "&gt;";
		} else if (c == '"') {
			rep = "&quot;";
		} else if (c == '\'') {
			rep = "&#39;";
		} else if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f) {
			rep = REPLACEMENT;
		} else {
			i++;
			continue;
		}
		buf_add(out, s + run, i - run);
		buf_adds(out, rep);
		i += n;
		run = i;
	}
	buf_add(out, s + run, i - run);
}

/*
 * The lexer's state: the input, and where the plain text that has not
 * been written yet starts (everything before it is in out).
 */
struct hl {
	struct buf *out;
	const char *s;
	size_t len;
	size_t plain;
};

static int only_blanks(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

/*
 * Writes the pending plain text up to start, then s[start..end) in a
 * span of class cls, one span per line.
 */
static void emit(struct hl *h, const char *cls, size_t start, size_t end)
{
	html_escape_text(h->out, h->s + h->plain, start - h->plain);
	h->plain = end;
	while (start < end) {
		const char *nl = memchr(h->s + start, '\n', end - start);
		size_t stop = nl ? (size_t)(nl - h->s) : end;

		if (only_blanks(h->s + start, stop - start)) {
			html_escape_text(h->out, h->s + start, stop - start);
		} else {
			buf_adds(h->out, "<span class=\"hl-");
			buf_adds(h->out, cls);
			buf_adds(h->out, "\">");
			html_escape_text(h->out, h->s + start, stop - start);
			buf_adds(h->out, "</span>");
		}
		if (stop < end) {
			buf_addc(h->out, '\n');
			stop++;
		}
		start = stop;
	}
}

static int is_alpha(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/* Identifier bytes: GCC's $ and any non-ASCII byte (extended characters). */
static int is_ident(unsigned char c)
{
	return is_alpha(c) || is_digit(c) || c == '_' || c == '$' || c >= 0x80;
}

static int at(const struct hl *h, size_t i, char c)
{
	return i < h->len && h->s[i] == c;
}

/* i at the opening quote; past the closing one, or at the newline or len. */
static size_t scan_quoted(const struct hl *h, size_t i)
{
	char q = h->s[i++];

	while (i < h->len) {
		char c = h->s[i];

		if (c == q)
			return i + 1;
		if (c == '\n')
			return i;
		i += c == '\\' ? 2 : 1;
	}
	return h->len;
}

/* i at the slash of slash-star; past the closing star-slash, or len. */
static size_t scan_block_comment(const struct hl *h, size_t i)
{
	const char *end;

	if (i + 2 >= h->len)
		return h->len;
	end = h->s + h->len;
	for (const char *p = h->s + i + 2; p + 1 < end; p++)
		if (p[0] == '*' && p[1] == '/')
			return (size_t)(p - h->s) + 2;
	return h->len;
}

/* i at the first slash; at the newline that ends the logical line, or len. */
static size_t scan_line_comment(const struct hl *h, size_t i)
{
	for (i += 2; i < h->len; i++)
		if (h->s[i] == '\n' && h->s[i - 1] != '\\')
			return i;
	return h->len;
}

/* i at the first byte; past the pp-number (C23 digit separators included). */
static size_t scan_number(const struct hl *h, size_t i)
{
	for (i++; i < h->len; i++) {
		unsigned char c = h->s[i], prev = h->s[i - 1];

		if (is_alpha(c) || is_digit(c) || c == '_' || c == '.')
			continue;
		if ((c == '+' || c == '-') &&
		    (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P'))
			continue;
		if (c == '\'' && i + 1 < h->len &&
		    (is_alpha(h->s[i + 1]) || is_digit(h->s[i + 1]) || h->s[i + 1] == '_'))
			continue;
		break;
	}
	return i;
}

/* Skips spaces, tabs and backslash-newlines. */
static size_t skip_blanks(const struct hl *h, size_t i)
{
	while (i < h->len) {
		if (h->s[i] == ' ' || h->s[i] == '\t')
			i++;
		else if (h->s[i] == '\\' && at(h, i + 1, '\n'))
			i += 2;
		else
			break;
	}
	return i;
}

/* 1 if the directive whose # is at i takes a <header> operand. */
static int takes_header(const struct hl *h, size_t i)
{
	static const char *const names[] = { "include", "include_next", "import", "embed" };
	size_t start = skip_blanks(h, i + 1), end = start;

	while (end < h->len && is_ident((unsigned char)h->s[end]))
		end++;
	for (size_t k = 0; k < ARRAY_LEN(names); k++)
		if (strlen(names[k]) == end - start && !memcmp(h->s + start, names[k], end - start))
			return 1;
	return 0;
}

/*
 * i at the #; emits the directive up to the newline that ends its logical
 * line (or len) and returns that position. Quoted text and <header> are
 * skipped over so that a // inside them is not taken for a comment.
 */
static size_t directive(struct hl *h, size_t i)
{
	int header = takes_header(h, i);
	size_t seg = i;

	while (i < h->len) {
		char c = h->s[i];

		if (c == '\n')
			break;
		if (c == '\\' && at(h, i + 1, '\n')) {
			i += 2;
		} else if (c == '/' && (at(h, i + 1, '*') || at(h, i + 1, '/'))) {
			size_t end = h->s[i + 1] == '*' ? scan_block_comment(h, i)
							: scan_line_comment(h, i);

			emit(h, "pp", seg, i);
			emit(h, "com", i, end);
			i = seg = end;
		} else if (c == '"' || c == '\'') {
			i = scan_quoted(h, i);
		} else if (c == '<' && header) {
			header = 0;
			while (++i < h->len && h->s[i] != '>' && h->s[i] != '\n')
				;
			i += at(h, i, '>');
		} else {
			i++;
		}
	}
	emit(h, "pp", seg, i);
	return i;
}

static const char *const keywords[] = {
	"alignas", "alignof", "auto", "bool", "break", "case", "const", "constexpr",
	"continue", "default", "do", "else", "enum", "extern", "false", "for",
	"goto", "if", "inline", "nullptr", "register", "restrict", "return",
	"sizeof", "static", "static_assert", "struct", "switch", "thread_local",
	"true", "typedef", "typeof", "typeof_unqual", "union", "volatile", "while",
	"_Alignas", "_Alignof", "_Atomic", "_BitInt", "_Bool", "_Complex",
	"_Decimal128", "_Decimal32", "_Decimal64", "_Generic", "_Imaginary",
	"_Noreturn", "_Pragma", "_Static_assert", "_Thread_local",
	"__asm__", "__attribute__", "__typeof__", "__restrict", "__inline",
};

static const char *const types[] = {
	"char", "double", "float", "int", "long", "short", "signed", "unsigned",
	"void",
	"size_t", "ssize_t", "ptrdiff_t", "max_align_t", "nullptr_t", "wchar_t",
	"char8_t", "char16_t", "char32_t", "wint_t", "mbstate_t",
	"int8_t", "int16_t", "int32_t", "int64_t",
	"uint8_t", "uint16_t", "uint32_t", "uint64_t",
	"int_least8_t", "int_least16_t", "int_least32_t", "int_least64_t",
	"uint_least8_t", "uint_least16_t", "uint_least32_t", "uint_least64_t",
	"int_fast8_t", "int_fast16_t", "int_fast32_t", "int_fast64_t",
	"uint_fast8_t", "uint_fast16_t", "uint_fast32_t", "uint_fast64_t",
	"intptr_t", "uintptr_t", "intmax_t", "uintmax_t",
	"FILE", "fpos_t", "va_list", "jmp_buf", "sig_atomic_t", "time_t",
	"clock_t", "div_t", "ldiv_t", "lldiv_t", "off_t", "pid_t", "uid_t",
	"gid_t", "mode_t", "dev_t", "ino_t", "socklen_t", "pthread_t",
	"pthread_mutex_t", "atomic_int", "atomic_bool", "atomic_size_t",
};

/* Linear scans: the lists are short, and the first letter rejects most before a strlen(). */
static int in_list(const char *const *list, size_t n, const char *s, size_t len)
{
	for (size_t k = 0; k < n; k++)
		if (list[k][0] == s[0] && strlen(list[k]) == len && !memcmp(list[k], s, len))
			return 1;
	return 0;
}

static int is_prefix(const char *s, size_t len)
{
	return (len == 1 && (*s == 'L' || *s == 'u' || *s == 'U')) ||
	       (len == 2 && s[0] == 'u' && s[1] == '8');
}

/* i at an identifier byte; emits it as whatever it turns out to be. */
static size_t word(struct hl *h, size_t i)
{
	size_t end = i;
	const char *w = h->s + i;

	while (end < h->len && is_ident((unsigned char)h->s[end]))
		end++;
	if (is_prefix(w, end - i) && (at(h, end, '"') || at(h, end, '\''))) {
		size_t stop = scan_quoted(h, end);

		emit(h, "str", i, stop);
		return stop;
	}
	if (in_list(keywords, ARRAY_LEN(keywords), w, end - i))
		emit(h, "kw", i, end);
	else if (in_list(types, ARRAY_LEN(types), w, end - i))
		emit(h, "ty", i, end);
	else if (at(h, end, '('))
		emit(h, "fn", i, end);
	return end;
}

void highlight_c(struct buf *out, const char *code, size_t len)
{
	struct hl h = { out, code, len, 0 };
	/* Only blanks and comments so far on this logical line: a # here starts a directive. */
	int bol = 1;
	size_t i = 0;

	while (i < len) {
		unsigned char c = code[i];
		size_t end;

		if (c == '\n') {
			bol = 1;
			i++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r') {
			i++;
			continue;
		}
		if (c == '\\' && at(&h, i + 1, '\n')) {
			i += 2;
			continue;
		}
		if (c == '/' && (at(&h, i + 1, '*') || at(&h, i + 1, '/'))) {
			end = code[i + 1] == '*' ? scan_block_comment(&h, i) : scan_line_comment(&h, i);
			emit(&h, "com", i, end);
			i = end;
			continue;
		}
		if (c == '#' && bol) {
			end = directive(&h, i);
		} else if (c == '"' || c == '\'') {
			end = scan_quoted(&h, i);
			emit(&h, "str", i, end);
		} else if (is_digit(c) || (c == '.' && i + 1 < len && is_digit(code[i + 1]))) {
			end = scan_number(&h, i);
			emit(&h, "num", i, end);
		} else if (is_ident(c)) {
			end = word(&h, i);
		} else {
			end = i + 1;
		}
		bol = 0;
		i = end;
	}
	html_escape_text(out, code + h.plain, len - h.plain);
}
