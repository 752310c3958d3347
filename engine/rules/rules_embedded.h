/* rules_embedded.h: the built-in Lua rules, compiled into the binary (see embed.sh). */
#ifndef LITLAB_RULES_EMBEDDED_H
#define LITLAB_RULES_EMBEDDED_H

#include <stddef.h>

struct embedded_rule {
	const char *path; /* as in the source tree, e.g. "engine/rules/timing.lua" */
	const char *text;
	size_t len;
};

/* Terminated by an entry whose path is NULL. */
extern const struct embedded_rule embedded_rules[];

#endif
