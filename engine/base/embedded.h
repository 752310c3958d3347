/*
 * embedded.h: the files compiled into the binary, so that build/litlab
 * needs nothing from the source tree at run time. Generated into build/gen/
 * by engine/embed.sh (the built-in rules) and engine/embed-file.sh (one
 * file each); the Makefile's GEN list names them.
 */
#ifndef LITLAB_EMBEDDED_H
#define LITLAB_EMBEDDED_H

#include <stddef.h>

/* engine/include/litlab.h, the header lesson code includes for regions (NUL-terminated). */
extern const char litlab_h[];
extern const size_t litlab_h_len;

/* site/style.css, the theme build writes into the site (NUL-terminated). */
extern const char style_css[];
extern const size_t style_css_len;

/* The built-in Lua rules: the .lua files of engine/rules/. */
struct embedded_rule {
	const char *path; /* as in the source tree, e.g. "engine/rules/timing.lua" */
	const char *text;
	size_t len;
};

/* Terminated by an entry whose path is NULL. */
extern const struct embedded_rule embedded_rules[];

#endif
