/*
 * sitelink.h: the links and images of a lesson that point at files beside
 * it, as the site sees them.
 *
 * A lesson's page stands at the top of the site, and the lesson's folder
 * maps onto the site's top: a link or image whose URL is a relative path
 * (no scheme, not "/..." nor "//...", not only "#..." or "?...") names a
 * file of the lessons folder, and build copies that file into the site at
 * the same relative path, so the URL keeps working unchanged. A link to
 * another lesson of the course ("02-two.md", "02-two.md#loops") becomes a
 * link to its page ("02-two.html#loops"); the renderer does that.
 *
 * The path is the URL up to its '?' or '#', percent-decoded, with "." and
 * empty components dropped and ".." taken back; one that climbs out of the
 * folder, or that decodes to a NUL or a control character, is refused.
 */
#ifndef LITLAB_SITELINK_H
#define LITLAB_SITELINK_H

enum sitelink_kind {
	SITELINK_NONE,	  /* not a file of the lessons folder: a URL, an absolute path, an anchor */
	SITELINK_FILE,	  /* *path is the file, relative to the lesson's folder */
	SITELINK_OUTSIDE, /* a relative path that climbs out of the lesson's folder */
	SITELINK_BAD,	  /* a relative path that decodes to a NUL or a control character */
};

/*
 * Classifies url. For SITELINK_FILE, *path is the normalised relative path
 * (malloc'd) and *suffix points into url at what follows the path (its
 * '?' or '#', or the end). Otherwise *path is NULL.
 */
enum sitelink_kind sitelink_parse(const char *url, char **path, const char **suffix);

/*
 * A path as the user wrote it, normalised as above but kept relative or
 * absolute as given ("./lessons//02-two.md" is "lessons/02-two.md"; ".."
 * components that cannot be taken back are kept). The caller frees it.
 */
char *sitelink_normalize(const char *path);

#endif
