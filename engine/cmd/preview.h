/*
 * preview.h: the HTTP side of `litlab serve`: a site held in memory, served
 * by libmicrohttpd, and a reload pushed to every open page by Server-Sent
 * Events.
 *
 * The server hands out only the files it was given with preview_publish(),
 * each by its exact name ("/" is index.html): a URL is looked up among
 * those names and nothing else, so no URL, however written ("/../x",
 * "/%2e%2e/etc/passwd", a link a lesson wrote), reaches a file of the host.
 * Every HTML page gets a script element before </body> (PREVIEW_PAGE: no
 * inline script runs, see PREVIEW_CSP) that listens on
 * PREVIEW_EVENTS and reloads the page when a newer site is published; the
 * page carries the generation it belongs to, so a site published between
 * the page's load and its listener's start still reloads it. Pages listen
 * through one shared worker (PREVIEW_WORKER), so that all the open pages of
 * a browser hold one stream, not one each (a browser opens at most 6
 * connections to a host: a seventh page would never load); a browser
 * without shared workers opens a stream per page. A page asked
 * for before the first site (503) or that the site does not hold (404) is
 * one that reloads by itself too. Bound to a
 * loopback address, requests whose Host header names another host are
 * refused (403): a web page elsewhere cannot read the preview by pointing a
 * name of its own at 127.0.0.1 (DNS rebinding). Only GET and HEAD; every
 * answer is Cache-Control: no-store. A connection idle for 10 seconds (no
 * byte either way; an event stream sends one every 4) is closed.
 *
 * Requests are answered on threads of the library's (one per connection);
 * preview_publish() is called from one thread (the one that checks), at any time.
 */
#ifndef LITLAB_PREVIEW_H
#define LITLAB_PREVIEW_H

#include <stddef.h>

/* The path of the event stream, and of the shared worker that listens to it; site files never start with '.'. */
#define PREVIEW_EVENTS "/.litlab/events"
#define PREVIEW_WORKER "/.litlab/reload.js"
#define PREVIEW_PAGE "/.litlab/page.js"

/*
 * Every answer's Content-Security-Policy. A lesson's raw HTML is published
 * without script (lesson/rawhtml.h); this is the second guard: the preview
 * runs a repository a reviewer
 * may not have written, at http://127.0.0.1:PORT, whose cookies a browser
 * shares with every other server on 127.0.0.1: no script but the preview's
 * own files runs (no inline script, no event handler attribute), nothing
 * is loaded from another origin, no form is sent. (Other pages may frame
 * it: it has no action to trick anyone into; tests/scripts/serve-tabs.sh
 * frames it from a page of its own.)
 */
#define PREVIEW_CSP                                                                                          \
	"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "   \
	"object-src 'none'; base-uri 'none'; form-action 'none'"

struct preview;

/* One file of the site: name ("index.html", "style.css"), bytes; preview_publish() takes them. */
struct preview_file {
	char *name;
	char *data;
	size_t len;
};

/*
 * Listens on addr (an IPv4 or IPv6 address, numeric) and port (0: any free
 * one) and starts answering. NULL with *err (malloc'd) when it cannot: the
 * port is in use, the address is not one of this machine, not numeric.
 */
struct preview *preview_start(const char *addr, unsigned port, char **err);

/* The port it listens on (the one the system chose for port 0). */
unsigned preview_port(const struct preview *pv);

/* 1 if addr is a loopback address (127.0.0.0/8, ::1). */
int preview_loopback(const char *addr);

/*
 * Replaces the site with files[0..n) (which it takes, the array too) and
 * tells every open page to reload. Returns the new generation (1, 2, ...).
 */
unsigned long preview_publish(struct preview *pv, struct preview_file *files, size_t n);

/* Stops answering, ends every event stream, frees everything. */
void preview_stop(struct preview *pv);

#endif
