/* measure.c: from samples to the statistics of a measurement record. */
#include <stdlib.h>
#include <string.h>

#include "run/measure.h"

const char measure_stat_names[] = "min, median, max, mean, iqr, mad, samples";

static struct region_stats *find_or_add(struct measurement *m, const char *name, size_t nsamples)
{
	for (size_t i = 0; i < m->nregions; i++)
		if (strcmp(m->regions[i].name, name) == 0)
			return &m->regions[i];
	m->regions = xreallocarray(m->regions, m->nregions + 1, sizeof *m->regions);
	struct region_stats *r = &m->regions[m->nregions++];
	memset(r, 0, sizeof *r);
	r->name = xstrdup(name);
	r->values = xcalloc(nsamples, sizeof *r->values);
	return r;
}

void measure_summarize(struct measurement *m, const struct evidence *ev)
{
	size_t n = ev->nsamples;
	int64_t *user = xcalloc(n, sizeof *user);
	int64_t *sys = xcalloc(n, sizeof *sys);
	int64_t *rss = xcalloc(n, sizeof *rss);

	memset(m, 0, sizeof *m);
	m->samples = n;
	m->warmup = ev->warmup;
	m->wall_values = xcalloc(n, sizeof *m->wall_values);
	for (size_t i = 0; i < n; i++) {
		const struct sample *s = &ev->samples[i];
		m->wall_values[i] = s->wall_ns;
		user[i] = s->user_ns;
		sys[i] = s->sys_ns;
		rss[i] = s->max_rss_kb;
		if (s->regions.error && !m->region_error) {
			m->region_error = xstrdup(s->regions.error);
			m->region_error_sample = (int)i + 1;
		}
		for (size_t k = 0; k < s->regions.n; k++) {
			struct region_stats *r = find_or_add(m, s->regions.times[k].name, n);
			if (r->n < n)
				r->values[r->n++] = s->regions.times[k].ns;
		}
	}
	stats_compute(&m->wall, m->wall_values, n);
	stats_compute(&m->user, user, n);
	stats_compute(&m->sys, sys, n);
	stats_compute(&m->rss_kb, rss, n);
	for (size_t i = 0; i < m->nregions; i++) {
		struct region_stats *r = &m->regions[i];
		stats_compute(&r->st, r->values, r->n);
		if (r->n != n && !m->region_error) {
			m->region_error = xasprintf("region '%s' ran in %zu of %zu samples: a region must run in "
						    "every sample to be measured",
						    r->name, r->n, n);
			m->region_error_sample = 0;
		}
	}
	free(user);
	free(sys);
	free(rss);
}

void measurement_release(struct measurement *m)
{
	for (size_t i = 0; i < m->nregions; i++) {
		free(m->regions[i].name);
		free(m->regions[i].values);
	}
	free(m->regions);
	free(m->wall_values);
	free(m->region_error);
	memset(m, 0, sizeof *m);
}

const struct region_stats *measure_region(const struct measurement *m, const char *name)
{
	for (size_t i = 0; i < m->nregions; i++)
		if (strcmp(m->regions[i].name, name) == 0)
			return &m->regions[i];
	return NULL;
}

int measure_stat(const struct stats *st, const char *stat, int64_t *value, int *is_count)
{
	*is_count = 0;
	if (!strcmp(stat, "min"))
		*value = st->min;
	else if (!strcmp(stat, "median"))
		*value = st->median;
	else if (!strcmp(stat, "max"))
		*value = st->max;
	else if (!strcmp(stat, "mean"))
		*value = st->mean;
	else if (!strcmp(stat, "iqr"))
		*value = st->iqr;
	else if (!strcmp(stat, "mad"))
		*value = st->mad;
	else if (!strcmp(stat, "samples"))
		*value = (int64_t)st->samples, *is_count = 1;
	else
		return -1;
	return 0;
}
