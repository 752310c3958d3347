/*
 * lesson.h: loading a lesson file into blocks with positions.
 *
 * lesson_load() reads the file, tolerates a BOM and CRLF, reads the front
 * matter, parses the body with libcmark and turns every code block into a
 * struct block: its language, mode, attributes, code, and the output and
 * stdin blocks that belong to it, each with its line and column in the file
 * as written. Problems in the lesson become diagnostics in lesson->diags;
 * the loader never exits and never crashes on a file cmark accepts.
 *
 * The lesson owns everything reachable from it; lesson_free() frees it all.
 */
#ifndef LITLAB_LESSON_H
#define LITLAB_LESSON_H

#include <cmark.h>

#include "lesson/attr.h"
#include "lesson/diag.h"
#include "lesson/match.h"

enum block_mode {
	MODE_RUN,
	MODE_MEASURE,
	MODE_COMPILE_ONLY,
	MODE_COMPILE_FAIL,
	MODE_FRAGMENT,
	MODE_DERIVED,
	MODE_DISPLAY, /* any other language, shown only */
	MODE_SESSION, /* a console block: a shell session, executed (console.h) */
};

enum stream { STREAM_STDOUT, STREAM_STDERR };

/* An `output` block, tied to the code block before it. */
struct output_block {
	int line; /* its opening fence */
	int col;
	int end_line;
	enum match_mode match;
	enum stream stream;
	char *text; /* contents, LF line endings */
	size_t len;
	struct attr_list attrs;
	char *fence; /* the fence as written, e.g. "```" */
	cmark_node *node;
};

struct block {
	size_t index; /* among the lesson's code blocks */
	char *id;
	int id_explicit;
	char *lang; /* "" when the block has none */
	char *info; /* the info string as written */
	enum block_mode mode;
	int fenced;
	int line; /* opening fence (or first line of an indented block) */
	int col;
	int end_line;
	char *code; /* LF line endings */
	size_t code_len;
	char *fence;
	struct attr_list attrs;
	int bad_attrs; /* an error in the block (an attribute, a fence, one of its output blocks' fences): it is
			  reported, not run */

	/* parsed attributes */
	char *cflags;
	char *ldlibs;
	char *args;
	char *reason;
	int exit_expected;
	double timeout; /* seconds */
	int samples;
	int warmup;
	long long disk; /* disk=: bytes of its work folders and /tmp; 0: the sandbox's default */
	long files;	/* files=: files there; 0: the default */

	/* use=: the ids as written, then every block to put first, in order */
	char **use;
	size_t nuse;
	int use_line, use_col;
	size_t *deps; /* indices into lesson->blocks */
	size_t ndeps;

	/* Lesson files (lessonfiles.h): file= declares a version of one, sources= names
	   those a run block links; sees lists the files the block's folder holds. */
	char *file; /* file=PATH, or NULL */
	int file_line, file_col;
	char **sources; /* sources= as written */
	size_t nsources;
	int sources_line, sources_col;
	size_t *source_blocks; /* resolved: the blocks declaring the versions compiled */
	size_t *sees; /* the blocks declaring the version of each lesson file it sees, by path */
	size_t nsees;

	struct output_block *outputs;
	size_t noutputs;
	int has_stdin;
	char *stdin_text;
	size_t stdin_len;
	int stdin_line;

	cmark_node *node;
};

/*
 * An output or stdin block that belongs to no block that runs: the loader
 * records it; check_end() reports it (output-provenance), and promote
 * refuses the lesson.
 */
struct orphan {
	int line, col;
	int is_stdin;
	char *why; /* e.g. "this one follows nothing" */
	char *text;
};

struct fm_entry {
	char *key;
	char *value;
	int line;
	size_t value_off; /* where value starts in its line (after any quote), in bytes */
};

struct lesson {
	char *path; /* as the user named it: printed in every diagnostic */
	char *src;  /* the bytes as read */
	size_t src_len;
	int has_bom;
	int crlf;
	char *text; /* what cmark parsed: BOM gone, CR LF made LF, front matter blanked */
	size_t text_len;
	char **lines; /* pointers into text, one per line; line N is lines[N - 1] */
	size_t *line_len;
	size_t nlines;

	struct fm_entry *fm;
	size_t nfm;
	char *title;
	int number; /* -1 when neither the front matter nor the file name says */
	int number_line; /* the front matter's 'lesson:' line that set number; 0 when the file name did */
	char *unit;
	char *course;
	char *summary;
	char *reviewed;
	char *cflags;
	int cflags_line; /* of the front matter's cflags; 0 without */
	int bad_cflags;	 /* the front matter's cflags are refused: no block is built */
	int warnings_are_errors; /* 'warnings: error': a compiler's warning is an error [compile-warning] */

	struct block *blocks;
	size_t nblocks;
	struct orphan *orphans;
	size_t norphans;
	cmark_node *doc;
	struct diags diags;
	struct prose *prose; /* lesson_prose(): its prose, collected once; NULL until asked */
	struct prose *prose_refs; /* lesson_prose_refs(): the units that hold "{{"; NULL until asked */
};

/* How many blocks one block's use= may bring in, counting the blocks those use. */
#define USE_MAX 256

/* Default limits of a block. */
#define BLOCK_TIMEOUT_DEFAULT 10.0
#define BLOCK_TIMEOUT_MAX 3600.0
#define MEASURE_SAMPLES_DEFAULT 20
#define MEASURE_WARMUP_DEFAULT 3

/* The largest lesson file litlab reads. */
#define LESSON_MAX (16u << 20)

/*
 * Loads the lesson at path (links followed: the path is the user's; a
 * regular file of at most LESSON_MAX bytes). Returns NULL (with errno set,
 * fs.h's errors among them: say it with fs_strerror()) only when the file
 * cannot be read; every problem inside it is a diagnostic.
 */
struct lesson *lesson_load(const char *path);
/* Why lesson_load() failed with errno err, for "cannot read 'PATH': WHY" (a lesson too large names the limit). */
const char *lesson_strerror(int err);
/* Parses bytes already in memory as if they were the file path. */
struct lesson *lesson_parse(const char *path, const char *data, size_t len);
void lesson_free(struct lesson *l);

/* The front matter value for key, or NULL. */
const char *lesson_fm(const struct lesson *l, const char *key);
/* The block with this id, or NULL. */
struct block *lesson_block(struct lesson *l, const char *id);

const char *block_mode_name(enum block_mode mode);
/* b's output block for stream s, or NULL. */
const struct output_block *block_output(const struct block *b, enum stream s);
/* "stdout" or "stderr". */
const char *stream_name(enum stream s);
/* 1 if the block is compiled and executed on its own (run, measure). */
int block_executes(const struct block *b);
/* 1 if the block is compiled on its own (run, measure, compile-only, compile-fail). */
int block_compiles(const struct block *b);
/* 1 if the runner has something to do for the block: it compiles, or it is a session. */
int block_runs(const struct block *b);

/*
 * Why litlab refuses compiler flags (the words of cflags= or ldlibs=), or
 * NULL: a flag that makes the compiler run another program or load code
 * (-wrapper, -B, -specs=, -fplugin=, @file, --sysroot outside /usr, a
 * linker plugin, a linker by path) would run it outside what the lesson
 * shows. malloc'd; it names the flag.
 */
char *lesson_refused_flag(const char *flags);

/* The column (1-based, bytes) of byte offset off in line n as written: the BOM counts. */
int lesson_col(const struct lesson *l, int line, size_t off);

#endif
