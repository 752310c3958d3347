/* sarif.c: diagnostics as a SARIF 2.1.0 log. */
#include <string.h>

#include "base/buf.h"
#include "render/report.h"
#include "base/strindex.h"
#include "render/sarif.h"

/* A path as a URI reference: unreserved bytes and '/' as they are, the rest %XX; absolute: file://. */
static json_t *path_uri(const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	struct buf b = BUF_INIT;

	if (path[0] == '/')
		buf_adds(&b, "file://");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("-._~/", *p)) {
			buf_addc(&b, (char)*p);
		} else {
			buf_addc(&b, '%');
			buf_addc(&b, hex[*p >> 4]);
			buf_addc(&b, hex[*p & 15]);
		}
	}
	json_t *s = json_string(b.p);
	buf_release(&b);
	return s;
}

/* Byte column col of line of l, in code points (a UTF-8 continuation byte is no new one). */
static int code_point_column(const struct lesson *l, int line, int col)
{
	if (!l || line < 1 || (size_t)line > l->nlines || col < 1)
		return col;
	const unsigned char *p = (const unsigned char *)l->lines[line - 1];
	int cps = 1;
	for (int i = 0; i < col - 1 && p[i] && p[i] != '\n'; i++)
		cps += (p[i] & 0xc0) != 0x80;
	return cps;
}

static const char *level(enum severity sev)
{
	return sev == SEV_ERROR ? "error" : sev == SEV_WARNING ? "warning" : "note";
}

/* The rules a document's results name, each once, looked up by id (a course may have thousands). */
struct sarif_rules {
	json_t *list;
	struct strindex ids; /* keys: the ids' strings in list */
};

static size_t rule_index(struct sarif_rules *rules, const char *id, const struct ruleset *rs)
{
	long at = strindex_find(&rules->ids, id);

	if (at >= 0)
		return (size_t)at;
	const struct rule_info *info = rs ? ruleset_find(rs, id) : NULL;
	json_t *r = json_object();
	json_object_set_new(r, "id", json_string(id));
	json_t *desc = json_object();
	json_object_set_new(desc, "text", info && info->summary && *info->summary
						  ? report_string(info->summary, strlen(info->summary))
						  : json_string(id));
	json_object_set_new(r, "shortDescription", desc);
	json_array_append_new(rules->list, r);
	strindex_add(&rules->ids, json_string_value(json_object_get(r, "id")), json_array_size(rules->list) - 1);
	return json_array_size(rules->list) - 1;
}

static void add_result(json_t *results, struct sarif_rules *rules, const struct ruleset *rs, const struct lesson *l,
		       const struct diag *d)
{
	json_t *r = json_object();
	struct buf text = BUF_INIT;

	buf_adds(&text, d->message);
	if (d->detail && *d->detail) {
		buf_adds(&text, "\n\n");
		buf_adds(&text, d->detail);
	}
	json_object_set_new(r, "ruleId", report_string(d->rule, strlen(d->rule)));
	json_object_set_new(r, "ruleIndex", json_integer((json_int_t)rule_index(rules, d->rule, rs)));
	json_object_set_new(r, "level", json_string(level(d->severity)));
	json_t *msg = json_object();
	json_object_set_new(msg, "text", report_string(text.p, text.len));
	json_object_set_new(r, "message", msg);
	buf_release(&text);

	json_t *art = json_object();
	json_object_set_new(art, "uri", path_uri(d->path));
	if (d->path[0] != '/')
		json_object_set_new(art, "uriBaseId", json_string("%SRCROOT%"));
	json_t *region = json_object();
	json_object_set_new(region, "startLine", json_integer(d->line));
	int own = l && strcmp(l->path, d->path) == 0;
	json_object_set_new(region, "startColumn", json_integer(code_point_column(own ? l : NULL, d->line, d->col)));
	json_t *phys = json_object();
	json_object_set_new(phys, "artifactLocation", art);
	json_object_set_new(phys, "region", region);
	json_t *loc = json_object();
	json_object_set_new(loc, "physicalLocation", phys);
	json_t *locs = json_array();
	json_array_append_new(locs, loc);
	json_object_set_new(r, "locations", locs);
	json_array_append_new(results, r);
}

json_t *sarif_document(const struct lesson_result *lessons, size_t n, const struct diags *rule_errors,
		       const struct ruleset *rs)
{
	json_t *results = json_array();
	struct sarif_rules rules = { json_array(), STRINDEX_INIT };

	for (size_t i = 0; i < n; i++) {
		const struct lesson *l = lessons[i].lesson;
		for (size_t k = 0; k < l->diags.n; k++)
			add_result(results, &rules, rs, l, &l->diags.v[k]);
	}
	for (size_t k = 0; rule_errors && k < rule_errors->n; k++)
		add_result(results, &rules, rs, NULL, &rule_errors->v[k]);
	strindex_release(&rules.ids);

	json_t *driver = json_object();
	json_object_set_new(driver, "name", json_string("litlab"));
	json_object_set_new(driver, "version", json_string(LITLAB_VERSION));
	json_object_set_new(driver, "rules", rules.list);
	json_t *tool = json_object();
	json_object_set_new(tool, "driver", driver);
	json_t *run = json_object();
	json_object_set_new(run, "tool", tool);
	json_object_set_new(run, "columnKind", json_string("unicodeCodePoints"));
	json_object_set_new(run, "results", results);
	json_t *runs = json_array();
	json_array_append_new(runs, run);
	json_t *doc = json_object();
	json_object_set_new(doc, "$schema", json_string("https://json.schemastore.org/sarif-2.1.0.json"));
	json_object_set_new(doc, "version", json_string("2.1.0"));
	json_object_set_new(doc, "runs", runs);
	return doc;
}
