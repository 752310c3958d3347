/*
 * keyhash.h: SHA-256 (nettle) keys made of named fields, for the evidence
 * cache and the memos. Each field is its name, its length and its bytes,
 * so that no two keys' inputs run together.
 */
#ifndef LITLAB_KEYHASH_H
#define LITLAB_KEYHASH_H

#include <stddef.h>

#include <nettle/sha2.h>

#define KEY_HEX 64 /* hex digits of a key */

void key_field(struct sha256_ctx *ctx, const char *name, const void *data, size_t len);
/* A string field; NULL is "" (an absent cflags= builds like an empty one). */
void key_str(struct sha256_ctx *ctx, const char *name, const char *s);
/* A number field: the text "%.17g" writes of v (key_num_text(), its length returned). */
void key_num(struct sha256_ctx *ctx, const char *name, double v);
int key_num_text(double v, char s[64]);
/* The digest as KEY_HEX lowercase hex digits and a NUL. */
void key_finish(struct sha256_ctx *ctx, char out[KEY_HEX + 1]);
/* The plain SHA-256 of data[0..len) (what sha256sum prints), as hex. */
void key_sha256(const void *data, size_t len, char out[KEY_HEX + 1]);
/*
 * The hash of the contents of the regular file at path; -1 if it cannot be
 * read, or gives more or fewer bytes than its size (files of /proc, a file
 * changing while read).
 */
int key_file(const char *path, char out[KEY_HEX + 1]);

#endif
