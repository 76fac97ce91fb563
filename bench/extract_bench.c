/* extract_bench.c: the extractor over the Readability corpus: accuracy figures, then warm pages/s in one process. */
#include "config.h"

#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/cpu_clock.h"
#include "content/article/extract.h"
#include "content/reader.h"
#include "t/extract_score.h"
#include "util/arena.h"

#define PAGE_URL "http://fakehost/test/page.html"

struct page {
	char *name, *html;
	size_t len;
	struct sc_expect e;
};

static void add(struct sc_totals *t, const struct sc_expect *e, const char *text, const char *const got[SC_NFIELDS],
                int readerable)
{
	const char *want[SC_NFIELDS] = { e->title, e->byline, e->excerpt, e->site_name, e->published, e->lang, e->dir,
	                                 NULL };
	t->pages++;
	t->f1_sum += sc_f1(text, e->text);
	for (int i = 0; i < SC_READERABLE; i++)
		t->match[i] += sc_same(got[i], want[i]);
	if (readerable >= 0)
		t->match[SC_READERABLE] += readerable == e->readerable;
}

static void report(const char *who, const struct sc_totals *t, int with_readerable)
{
	double n = t->pages ? (double)t->pages : 1;
	printf("%s_pages %zu\n%s_f1 %.4f\n", who, t->pages, who, t->f1_sum / n);
	for (int i = 0; i < SC_NFIELDS; i++)
		if (i != SC_READERABLE || with_readerable)
			printf("%s_%s %.1f\n", who, sc_field_names[i], 100.0 * (double)t->match[i] / n);
}

/* Readability's results, one JSON file per page written by extract_bench.mjs */
static void score_theirs(struct page *pages, size_t n, const char *dir)
{
	struct sc_totals t = { 0 };
	for (size_t i = 0; i < n; i++) {
		char path[4096];
		snprintf(path, sizeof path, "%s/%s.json", dir, pages[i].name);
		char *js = sc_slurp(path, NULL);
		struct json_object *o = js ? json_tokener_parse(js) : NULL;
		free(js);
		if (!o) {
			/* Readability returned nothing or failed: an empty result */
			const char *got[SC_NFIELDS] = { 0 };
			add(&t, &pages[i].e, "", got, -1);
			continue;
		}
		char *text = sc_jdup(o, "textContent");
		char *f[SC_NFIELDS] = { sc_jdup(o, "title"), sc_jdup(o, "byline"), sc_jdup(o, "excerpt"),
		                        sc_jdup(o, "siteName"), sc_jdup(o, "publishedTime"), sc_jdup(o, "lang"),
		                        sc_jdup(o, "dir"), NULL };
		const char *got[SC_NFIELDS];
		for (int k = 0; k < SC_NFIELDS; k++)
			got[k] = f[k];
		add(&t, &pages[i].e, text ? text : "", got, -1);
		free(text);
		for (int k = 0; k < SC_NFIELDS; k++)
			free(f[k]);
		json_object_put(o);
	}
	report("readability", &t, 0);
}

int main(int argc, char **argv)
{
	double seconds = 3;
	const char *theirs = NULL;
	int opt;
	while ((opt = getopt(argc, argv, "t:r:")) != -1) {
		if (opt == 't')
			seconds = atof(optarg);
		else if (opt == 'r')
			theirs = optarg;
		else
			goto usage;
	}
	if (optind + 1 != argc || !(seconds > 0)) {
	usage:
		fprintf(stderr, "usage: extract_bench [-t SECONDS] [-r READABILITY_RESULTS_DIR] CORPUS\n");
		return 2;
	}
	const char *corpus = argv[optind];
	char **names;
	size_t n = sc_pages(corpus, &names);
	if (!n) {
		fprintf(stderr, "extract_bench: no pages in %s\n", corpus);
		return 1;
	}
	struct page *pages = calloc(n, sizeof *pages);
	for (size_t i = 0; i < n; i++) {
		char dir[4096], path[4200];
		snprintf(dir, sizeof dir, "%s/%s", corpus, names[i]);
		snprintf(path, sizeof path, "%s/source.html", dir);
		pages[i].name = names[i];
		pages[i].html = sc_slurp(path, &pages[i].len);
		if (!pages[i].html || sc_load_expect(dir, &pages[i].e) < 0) {
			fprintf(stderr, "extract_bench: cannot load %s\n", dir);
			return 1;
		}
	}

	/* accuracy */
	struct arena a;
	arena_init(&a);
	struct sc_totals t = { 0 };
	for (size_t i = 0; i < n; i++) {
		struct content_article art;
		if (content_extract(&a, pages[i].html, pages[i].len, PAGE_URL, NULL, &art, &(struct content_error){ 0 }) < 0)
			memset(&art, 0, sizeof art);
		const char *got[SC_NFIELDS] = { art.title, art.byline, art.excerpt, art.site_name, art.published_time,
		                                art.language, art.dir, NULL };
		add(&t, &pages[i].e, art.text_content ? art.text_content : "", got, art.readerable);
		arena_reset(&a);
	}
	report("ours", &t, 1);
	if (theirs)
		score_theirs(pages, n, theirs);

	/* speed: whole corpus passes, warm (one untimed pass first), one arena reset per page */
	for (size_t i = 0; i < n; i++) {
		struct content_article art;
		content_extract(&a, pages[i].html, pages[i].len, PAGE_URL, NULL, &art, &(struct content_error){ 0 });
		arena_reset(&a);
	}
	size_t done = 0, bytes = 0;
	double t0 = cpu_seconds(), el;
	do {
		for (size_t i = 0; i < n; i++) {
			struct content_article art;
			content_extract(&a, pages[i].html, pages[i].len, PAGE_URL, NULL, &art, &(struct content_error){ 0 });
			arena_reset(&a);
			bytes += pages[i].len;
		}
		done += n;
		el = cpu_seconds() - t0;
	} while (el < seconds);
	printf("ours_pages_per_s %.1f\nours_mb_per_s %.1f\n", (double)done / el, (double)bytes / el / 1e6);
	arena_free(&a);
	for (size_t i = 0; i < n; i++) {
		free(pages[i].name);
		free(pages[i].html);
		sc_free_expect(&pages[i].e);
	}
	free(pages);
	free(names);
	return 0;
}
