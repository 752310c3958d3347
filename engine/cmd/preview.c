/*
 * preview.c: the preview's HTTP server (preview.h), on libmicrohttpd with a
 * thread per connection: an event stream waits on a condition variable for
 * the next site, which a thread of its own can do without holding up the
 * other requests.
 *
 * The listening socket is litlab's own (bound here, then handed to the
 * library), so that a port in use or an address that is not this machine's
 * is a message that says so, and port 0 tells which port it got.
 *
 * The library is opened (dlopen) when a preview starts, not linked: it brings
 * GnuTLS and seven more libraries whose loading and start-up took 2.6 ms of
 * every litlab command (a warm build is about ten), and only serve uses it.
 */
#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/util.h"
#include "cmd/preview.h"

/*
 * A connection that neither sends nor takes a byte for this long is closed:
 * each holds a thread, and the library takes about a thousand connections,
 * so idle or slow ones (a request never finished, a client that does not
 * read) would otherwise lock every page out for good.
 */
#define IDLE_TIMEOUT_S 10
/* A comment line on an idle event stream this often: a closed page's stream ends, an open one is not idle. */
#define KEEPALIVE_S 4

/* The library's file: its soname, which the Makefile reads from the library litlab is built against. */
#ifndef MHD_SONAME
#define MHD_SONAME "libmicrohttpd.so.12"
#endif

/* The functions of the library litlab calls, with the types its header declares. */
static struct {
	__typeof__(&MHD_start_daemon) start_daemon;
	__typeof__(&MHD_stop_daemon) stop_daemon;
	__typeof__(&MHD_create_response_from_buffer) create_response_from_buffer;
	__typeof__(&MHD_create_response_from_callback) create_response_from_callback;
	__typeof__(&MHD_add_response_header) add_response_header;
	__typeof__(&MHD_queue_response) queue_response;
	__typeof__(&MHD_destroy_response) destroy_response;
	__typeof__(&MHD_lookup_connection_value) lookup_connection_value;
} mhd;

/* Opens the library once; -1 with *err if it or one of its functions cannot be found. */
static int mhd_open(char **err)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	static int opened;
	static const char *const names[] = {
		"MHD_start_daemon",	      "MHD_stop_daemon",    "MHD_create_response_from_buffer",
		"MHD_create_response_from_callback", "MHD_add_response_header", "MHD_queue_response",
		"MHD_destroy_response",	      "MHD_lookup_connection_value",
	};
	void *fns[sizeof names / sizeof *names];
	int rc = 0;

	_Static_assert(sizeof fns == sizeof mhd, "one name per function of mhd");
	pthread_mutex_lock(&lock);
	if (!opened) {
		void *h = dlopen(MHD_SONAME, RTLD_NOW | RTLD_LOCAL);
		for (size_t i = 0; h && i < sizeof names / sizeof *names; i++)
			if (!(fns[i] = dlsym(h, names[i]))) {
				dlclose(h);
				h = NULL;
			}
		if (h) {
			memcpy(&mhd, fns, sizeof mhd);
			opened = 1;
		} else {
			const char *why = dlerror();
			*err = xasprintf("litlab serve needs the HTTP library " MHD_SONAME
					 " (Debian package libmicrohttpd12): %s",
					 why ? why : "it cannot be opened");
			rc = -1;
		}
	}
	pthread_mutex_unlock(&lock);
	return rc;
}

struct preview {
	struct MHD_Daemon *d;
	int fd;
	unsigned port;
	int loopback;
	pthread_mutex_t lock; /* guards what follows */
	pthread_cond_t changed;
	struct preview_file *files;
	size_t n;
	unsigned long gen;
	int stopping;
};

struct stream {
	struct preview *pv;
	unsigned long since;
	int hello;
};

int preview_loopback(const char *addr)
{
	struct in_addr a4;
	struct in6_addr a6;

	if (inet_pton(AF_INET, addr, &a4) == 1)
		return (ntohl(a4.s_addr) >> 24) == 127;
	return inet_pton(AF_INET6, addr, &a6) == 1 && IN6_IS_ADDR_LOOPBACK(&a6);
}

/* 1 if the Host header names this machine by a loopback name or address (or is missing). */
static int host_allowed(const struct preview *pv, const char *host)
{
	if (!pv->loopback || !host)
		return 1;
	size_t len = strlen(host);
	if (host[0] == '[') {
		const char *close = strchr(host, ']');
		if (!close)
			return 0;
		char *inner = xstrndup(host + 1, (size_t)(close - host - 1));
		int ok = preview_loopback(inner);
		free(inner);
		return ok;
	}
	const char *colon = strrchr(host, ':');
	if (colon)
		len = (size_t)(colon - host);
	char *name = xstrndup(host, len);
	int ok = strcmp(name, "localhost") == 0 || preview_loopback(name);
	free(name);
	return ok;
}

static const char *content_type(const char *name)
{
	static const struct {
		const char *ext, *type;
	} types[] = {
		{ ".html", "text/html; charset=utf-8" }, { ".css", "text/css; charset=utf-8" },
		{ ".svg", "image/svg+xml" },		  { ".png", "image/png" },
		{ ".jpg", "image/jpeg" },		  { ".jpeg", "image/jpeg" },
		{ ".gif", "image/gif" },		  { ".json", "application/json" },
		{ ".txt", "text/plain; charset=utf-8" },
	};
	size_t len = strlen(name);

	for (size_t i = 0; i < ARRAY_LEN(types); i++) {
		size_t e = strlen(types[i].ext);
		if (len >= e && strcmp(name + len - e, types[i].ext) == 0)
			return types[i].type;
	}
	return "application/octet-stream";
}

static enum MHD_Result answer(struct MHD_Connection *c, unsigned status, const char *type, const void *data,
			      size_t len)
{
	struct MHD_Response *r = mhd.create_response_from_buffer(len, (void *)data, MHD_RESPMEM_MUST_COPY);

	mhd.add_response_header(r, "Content-Type", type);
	mhd.add_response_header(r, "Cache-Control", "no-store");
	mhd.add_response_header(r, "X-Content-Type-Options", "nosniff");
	mhd.add_response_header(r, "Content-Security-Policy", PREVIEW_CSP);
	enum MHD_Result rc = mhd.queue_response(c, status, r);
	mhd.destroy_response(r);
	return rc;
}

static enum MHD_Result text(struct MHD_Connection *c, unsigned status, const char *msg)
{
	return answer(c, status, "text/plain; charset=utf-8", msg, strlen(msg));
}

static ssize_t events_read(void *cls, uint64_t pos, char *out, size_t max)
{
	struct stream *s = cls;
	struct preview *pv = s->pv;
	struct timespec until;
	int n;

	(void)pos;
	pthread_mutex_lock(&pv->lock);
	if (!s->hello) {
		/* Sent at once, so that the page knows it listens (and a test when to edit). */
		s->hello = 1;
		pthread_mutex_unlock(&pv->lock);
		n = snprintf(out, max, "retry: 1000\n: litlab preview, generation %lu\n\n", s->since);
		return n < 0 || (size_t)n >= max ? MHD_CONTENT_READER_END_WITH_ERROR : n;
	}
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += KEEPALIVE_S;
	while (!pv->stopping && pv->gen <= s->since)
		if (pthread_cond_timedwait(&pv->changed, &pv->lock, &until) == ETIMEDOUT)
			break;
	if (pv->stopping) {
		pthread_mutex_unlock(&pv->lock);
		return MHD_CONTENT_READER_END_OF_STREAM;
	}
	if (pv->gen <= s->since) {
		pthread_mutex_unlock(&pv->lock);
		n = snprintf(out, max, ": keepalive\n\n");
	} else {
		s->since = pv->gen;
		pthread_mutex_unlock(&pv->lock);
		n = snprintf(out, max, "event: reload\ndata: %lu\n\n", s->since);
	}
	return n < 0 || (size_t)n >= max ? MHD_CONTENT_READER_END_WITH_ERROR : n;
}

static enum MHD_Result events(struct preview *pv, struct MHD_Connection *c)
{
	const char *since = mhd.lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "since");
	struct stream *s = xcalloc(1, sizeof *s);

	s->pv = pv;
	if (since)
		s->since = strtoul(since, NULL, 10);
	pthread_mutex_lock(&pv->lock);
	if (!since || s->since > pv->gen)
		s->since = pv->gen; /* no page to bring up to date, or one from another run of litlab */
	pthread_mutex_unlock(&pv->lock);
	struct MHD_Response *r = mhd.create_response_from_callback(MHD_SIZE_UNKNOWN, 1024, events_read, s, free);
	mhd.add_response_header(r, "Content-Type", "text/event-stream");
	mhd.add_response_header(r, "Cache-Control", "no-store");
	enum MHD_Result rc = mhd.queue_response(c, MHD_HTTP_OK, r);
	mhd.destroy_response(r);
	return rc;
}

static void with_script(struct buf *out, const char *data, size_t len, unsigned long gen);

/*
 * The shared worker of every open page: one event stream for them all (a
 * browser opens at most 6 connections to a host: a stream per page would
 * leave a seventh tab waiting forever). since=0: the stream's first event
 * is the generation it starts at; each page reloads when it hears a newer
 * generation than its own. A lost stream forgets its generation: the
 * server that answers next may be another run of litlab, which counts
 * from 1 again (told to a page of that run, an old, higher one would reload
 * it again and again).
 */
static const char worker_js[] =
	"var ports = [], gen = 0;\n"
	"var es = new EventSource(\"" PREVIEW_EVENTS "?since=0\");\n"
	"es.addEventListener(\"reload\", function (e) {\n"
	"\tgen = +e.data;\n"
	"\tports.forEach(function (p) { p.postMessage(gen); });\n"
	"});\n"
	"es.onerror = function () { gen = 0; };\n" /* another run of litlab may answer next: its generations */
	"onconnect = function (e) {\n"
	"\tvar p = e.ports[0];\n"
	"\tports.push(p);\n"
	"\tif (gen)\n"
	"\t\tp.postMessage(gen);\n"
	"};\n";

/*
 * What each page runs: its generation from its script element; reloads
 * when the shared worker (or its own stream) hears a newer one.
 */
static const char page_js[] =
	"(function () {\n"
	"\tvar gen = +document.currentScript.getAttribute(\"data-gen\");\n"
	"\tif (window.SharedWorker) {\n"
	"\t\ttry {\n"
	"\t\t\tvar w = new SharedWorker(\"" PREVIEW_WORKER "\");\n"
	"\t\t\tw.port.onmessage = function (e) { if (e.data > gen) location.reload(); };\n"
	"\t\t\tw.port.start();\n"
	"\t\t\treturn;\n"
	"\t\t} catch (e) {}\n"
	"\t}\n"
	"\tvar es = new EventSource(\"" PREVIEW_EVENTS "?since=\" + gen);\n"
	"\tes.addEventListener(\"reload\", function () { es.close(); location.reload(); });\n"
	"})();\n";

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url, const char *method,
			      const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls)
{
	struct preview *pv = cls;

	(void)version;
	(void)upload_data;
	(void)con_cls;
	if (*upload_data_size)
		return text(c, MHD_HTTP_METHOD_NOT_ALLOWED, "litlab serve answers GET and HEAD only\n");
	if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
		return text(c, MHD_HTTP_METHOD_NOT_ALLOWED, "litlab serve answers GET and HEAD only\n");
	if (!host_allowed(pv, mhd.lookup_connection_value(c, MHD_HEADER_KIND, "Host")))
		return text(c, MHD_HTTP_FORBIDDEN, "litlab serve answers only requests for this machine's own names\n");
	if (strcmp(url, PREVIEW_EVENTS) == 0)
		return events(pv, c);
	if (strcmp(url, PREVIEW_WORKER) == 0)
		return answer(c, MHD_HTTP_OK, "text/javascript; charset=utf-8", worker_js, sizeof worker_js - 1);
	if (strcmp(url, PREVIEW_PAGE) == 0)
		return answer(c, MHD_HTTP_OK, "text/javascript; charset=utf-8", page_js, sizeof page_js - 1);
	const char *name = url[0] == '/' ? url + 1 : url;
	if (!*name)
		name = "index.html";
	pthread_mutex_lock(&pv->lock);
	for (size_t i = 0; i < pv->n; i++)
		if (strcmp(pv->files[i].name, name) == 0) {
			enum MHD_Result rc =
				answer(c, MHD_HTTP_OK, content_type(name), pv->files[i].data, pv->files[i].len);
			pthread_mutex_unlock(&pv->lock);
			return rc;
		}
	unsigned long gen = pv->gen;
	pthread_mutex_unlock(&pv->lock);
	size_t len = strlen(name);
	if (len < 5 || strcmp(name + len - 5, ".html") != 0)
		return text(c, gen ? MHD_HTTP_NOT_FOUND : MHD_HTTP_SERVICE_UNAVAILABLE,
			    gen ? "not a file of the preview\n" : "litlab is checking the lessons: try again soon\n");
	/* A page: one that reloads by itself once there are pages (the first ones, or the lesson back). */
	struct buf b = BUF_INIT;
	static const char page[] = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
				   "<title>%s</title>\n</head>\n<body>\n<p>%s</p>\n</body>\n</html>\n";
	if (gen)
		buf_addf(&b, page, "Not a page of the preview",
			 "No lesson makes this page (now): it loads again by itself when the lessons change.");
	else
		buf_addf(&b, page, "Checking the lessons", "litlab is checking the lessons: this page loads by itself "
							   "once they are checked.");
	struct buf out = BUF_INIT;
	with_script(&out, b.p, b.len, gen);
	enum MHD_Result rc = answer(c, gen ? MHD_HTTP_NOT_FOUND : MHD_HTTP_SERVICE_UNAVAILABLE,
				    "text/html; charset=utf-8", out.p, out.len);
	buf_release(&out);
	buf_release(&b);
	return rc;
}

/* The socket, bound and listening; -1 with *err. */
static int listen_on(const char *addr, unsigned port, unsigned *bound, int *family, char **err)
{
	struct addrinfo hints, *res = NULL;
	char service[16];

	memset(&hints, 0, sizeof hints);
	hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV | AI_PASSIVE;
	hints.ai_socktype = SOCK_STREAM;
	snprintf(service, sizeof service, "%u", port);
	int rc = getaddrinfo(addr, service, &hints, &res);
	if (rc != 0) {
		*err = xasprintf("cannot listen on '%s': not a numeric IPv4 or IPv6 address (%s)", addr,
				 gai_strerror(rc));
		return -1;
	}
	int fd = socket(res->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0), one = 1;
	if (fd < 0) {
		*err = xasprintf("cannot make a socket for '%s': %s", addr, strerror(errno));
		freeaddrinfo(res);
		return -1;
	}
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	if (bind(fd, res->ai_addr, res->ai_addrlen) < 0 || listen(fd, 64) < 0) {
		int e = errno;
		if (e == EADDRINUSE)
			*err = xasprintf("port %u on %s is in use by another program: choose another with --port N, "
					 "or --port 0 for any free one",
					 port, addr);
		else if (e == EACCES)
			*err = xasprintf("cannot listen on port %u of %s: %s (ports below 1024 need privileges; "
					 "choose another with --port N)",
					 port, addr, strerror(e));
		else
			*err = xasprintf("cannot listen on port %u of %s: %s", port, addr, strerror(e));
		close(fd);
		freeaddrinfo(res);
		return -1;
	}
	*family = res->ai_family;
	freeaddrinfo(res);
	struct sockaddr_storage ss;
	socklen_t sl = sizeof ss;
	getsockname(fd, (struct sockaddr *)&ss, &sl);
	*bound = ntohs(ss.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&ss)->sin6_port
						: ((struct sockaddr_in *)&ss)->sin_port);
	return fd;
}

struct preview *preview_start(const char *addr, unsigned port, char **err)
{
	int family;
	unsigned bound;

	if (mhd_open(err) < 0)
		return NULL;
	int fd = listen_on(addr, port, &bound, &family, err);

	if (fd < 0)
		return NULL;
	struct preview *pv = xcalloc(1, sizeof *pv);
	pv->fd = fd;
	pv->port = bound;
	pv->loopback = preview_loopback(addr);
	pthread_mutex_init(&pv->lock, NULL);
	pthread_cond_init(&pv->changed, NULL);
	unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL;
	if (family == AF_INET6)
		flags |= MHD_USE_IPv6;
	pv->d = mhd.start_daemon(flags, 0, NULL, NULL, handle, pv, MHD_OPTION_LISTEN_SOCKET, fd,
				 MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)IDLE_TIMEOUT_S, MHD_OPTION_END);
	if (!pv->d) {
		*err = xasprintf("cannot start the HTTP server on %s port %u", addr, bound);
		close(fd);
		pthread_cond_destroy(&pv->changed);
		pthread_mutex_destroy(&pv->lock);
		free(pv);
		return NULL;
	}
	return pv;
}

unsigned preview_port(const struct preview *pv)
{
	return pv->port;
}

/* data with the reload script before its last </body>. */
static void with_script(struct buf *out, const char *data, size_t len, unsigned long gen)
{
	static const char end[] = "</body>";
	size_t at = len;

	for (size_t i = len; i >= sizeof end - 1; i--)
		if (memcmp(data + i - (sizeof end - 1), end, sizeof end - 1) == 0) {
			at = i - (sizeof end - 1);
			break;
		}
	buf_add(out, data, at);
	buf_addf(out, "<script src=\"" PREVIEW_PAGE "\" data-gen=\"%lu\"></script>\n", gen);
	buf_add(out, data + at, len - at);
}

static void files_free(struct preview_file *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].data);
	}
	free(v);
}

unsigned long preview_publish(struct preview *pv, struct preview_file *files, size_t n)
{
	pthread_mutex_lock(&pv->lock);
	unsigned long gen = pv->gen + 1;
	pthread_mutex_unlock(&pv->lock);
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(files[i].name);
		if (len < 5 || strcmp(files[i].name + len - 5, ".html") != 0)
			continue;
		struct buf b = BUF_INIT;
		with_script(&b, files[i].data, files[i].len, gen);
		free(files[i].data);
		files[i].data = buf_detach(&b, &files[i].len);
	}
	pthread_mutex_lock(&pv->lock);
	struct preview_file *old = pv->files;
	size_t nold = pv->n;
	pv->files = files;
	pv->n = n;
	pv->gen = gen;
	pthread_cond_broadcast(&pv->changed);
	pthread_mutex_unlock(&pv->lock);
	files_free(old, nold);
	return gen;
}

void preview_stop(struct preview *pv)
{
	if (!pv)
		return;
	pthread_mutex_lock(&pv->lock);
	pv->stopping = 1;
	pthread_cond_broadcast(&pv->changed);
	pthread_mutex_unlock(&pv->lock);
	mhd.stop_daemon(pv->d);
	close(pv->fd);
	files_free(pv->files, pv->n);
	pthread_cond_destroy(&pv->changed);
	pthread_mutex_destroy(&pv->lock);
	free(pv);
}
