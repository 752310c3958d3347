/*
 * import.h: bringing a Markdown lesson written for pandoc, Quarto or GitHub
 * into litlab's format.
 *
 * import_rewrite() changes nothing but the info strings of fenced code
 * blocks (the text after the opening fence): every other byte of the file
 * (prose, code, fences, container prefixes, CRLF or LF, a missing final
 * newline, a BOM) is copied as it was. It rewrites:
 *
 *   - attribute syntax: "{.c .numberLines}", "{c}", "{c, echo=FALSE}",
 *     "c {#id .class key=val}", "{#id .c}" become "c", with the id kept as
 *     id=ID when litlab can take it (letters, digits, '-'; '_', '.' and ':'
 *     made '-'; unique in the lesson) and the classes and keys litlab does
 *     not know dropped (a litlab attribute or mode written there is kept);
 *   - the language spelled "C" becomes "c";
 *   - a c block with no mode, no use=, sources= or file=, whose code
 *     defines no main(): compile-only when it is a whole translation unit
 *     (an #include, of system headers or of lesson files declared before it
 *     (file=), not of other headers of the course's own ("x.h"), and
 *     at file scope only declarations and definitions:
 *     it compiles with -c as it stands), else fragment (statements, or a
 *     "..." line, that only make sense inside a function); a block marked
 *     eval=false in the source becomes a fragment too;
 *   - a c block whose mode import decides (a program, or a block with only
 *     declarations and definitions) and that names what an earlier such
 *     block without main() defines at file scope (a function, a variable, a
 *     struct, union or enum tag, a typedef, a macro), and redefines none of
 *     it, uses that block: use=ID, the block given id=NAME (its first name)
 *     when it has none. The search stops at the previous program. This is
 *     the book's "continuing the program above";
 *   - a c block that defines main() but elides code ("..."), includes a
 *     header of the course's own (not a lesson file declared before it) or
 *     has braces that do not balance is a
 *     fragment;
 *   - a fence with no language (or text, txt, plain, plaintext) whose block
 *     comes right after a c block that runs (it defines main(), no output
 *     block yet) becomes that block's output block. One with a paragraph
 *     between ("The output is:") is left alone, with a note: litlab ties
 *     an output block only to the block right before it, and import moves
 *     no text.
 *
 * A lesson with a fence that is not closed where it should be (the loader's
 * unclosed-fence error) is refused: where its blocks end is not known. The
 * result is parsed again before it is returned: the same code blocks at the
 * same lines with the same contents, and every line but the rewritten
 * fences the same bytes, or nothing is returned.
 */
#ifndef LITLAB_IMPORT_H
#define LITLAB_IMPORT_H

#include <stddef.h>

#include "base/buf.h"

/* What one change did (bits of import_change.kinds). */
enum import_kind {
	IMPORT_SYNTAX = 1 << 0,	      /* pandoc or Quarto braces made litlab attributes */
	IMPORT_LANG = 1 << 1,	      /* the language spelled another way ("C") */
	IMPORT_DROPPED = 1 << 2,      /* classes or keys litlab does not know, dropped */
	IMPORT_FRAGMENT = 1 << 3,     /* no main(), not a whole translation unit: fragment */
	IMPORT_COMPILE_ONLY = 1 << 4, /* no main(), a whole translation unit: compile-only */
	IMPORT_OUTPUT = 1 << 5,	      /* a plain fence after a program: its output block */
	IMPORT_USE = 1 << 6,	      /* use= of an earlier block it needs, or the id= such a block is named by */
};
#define IMPORT_NKINDS 7

/* The name of one kind bit ("syntax", "lang", "dropped", "fragment", "compile-only", "output", "use"). */
const char *import_kind_name(unsigned kind);

struct import_change {
	int line;	/* of the fence, in the file as written */
	unsigned kinds; /* enum import_kind bits */
	char *old_info; /* the info string as written */
	char *new_info; /* what replaces it */
	char *why;	/* what changed, in words: "pandoc attributes; no main(): fragment" */
};

/* Something import saw and left alone, that the author may want to change. */
struct import_note {
	int line;
	char *text;
};

struct import_result {
	struct import_change *v; /* in the order of the file */
	size_t n;
	struct import_note *notes; /* in the order of the file */
	size_t nnotes;
	size_t blocks; /* fenced code blocks in the file (output and stdin blocks too) */
};

void import_result_init(struct import_result *r);
void import_result_release(struct import_result *r);

/*
 * Rewrites src[0..len), the file path, into out (appended) and lists each
 * change in res. Returns 0 (out then holds the whole new file, equal to src
 * when res->n is 0), or -1 with *err (malloc'd, naming the file and line)
 * when the file is refused; out and res are then unspecified.
 */
int import_rewrite(const char *path, const char *src, size_t len, struct buf *out, struct import_result *res,
		   char **err);

#endif
