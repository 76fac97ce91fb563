/* extract_corpus.c: the extractor over the Readability corpus: token F1 and metadata match rates, with floors. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "content/article/extract.h"
#include "content/reader.h"
#include "extract_score.h"
#include "tap.h"
#include "util/arena.h"

#ifndef CORPUS_DEFAULT
#define CORPUS_DEFAULT "../shared/corpus/readability"
#endif
#define PAGE_URL "http://fakehost/test/page.html"

/* The floors this test holds the extractor to. The targets are mean F1 >= 0.97 and
 * title match >= 95%; the figures reached are printed as diagnostics. */
#define FLOOR_F1        0.97
#define FLOOR_TITLE     0.95

static int score_page(const char *corpus, const char *name, struct sc_totals *tot, int verbose)
{
	char dir[4096], path[4200];
	struct sc_expect e;
	snprintf(dir, sizeof dir, "%s/%s", corpus, name);
	if (sc_load_expect(dir, &e) < 0)
		return -1;
	snprintf(path, sizeof path, "%s/source.html", dir);
	size_t n;
	char *src = sc_slurp(path, &n);
	struct arena a;
	arena_init(&a);
	struct content_article art;
	int rc = -1;
	/* the corpus is stored as UTF-8 whatever the pages declare (as Readability's own tests read it) */
	if (src && content_extract(&a, src, n, PAGE_URL, NULL, &art, &(struct content_error){ 0 }) == 0) {
		double f1 = sc_f1(art.text_content, e.text);
		const char *got[SC_NFIELDS] = { art.page_title, art.byline, art.excerpt, art.site_name, art.published_time,
		                                art.language, art.dir, NULL };
		const char *want[SC_NFIELDS] = { e.title, e.byline, e.excerpt, e.site_name, e.published, e.lang,
		                                 e.dir, NULL };
		tot->pages++;
		tot->f1_sum += f1;
		for (int i = 0; i < SC_READERABLE; i++) {
			int same = sc_same(got[i], want[i]);
			tot->match[i] += same;
			if (!same && verbose)
				printf("# %s: %s: got [%s] want [%s]\n", name, sc_field_names[i], got[i] ? got[i] : "(null)",
				       want[i] ? want[i] : "(null)");
		}
		tot->match[SC_READERABLE] += art.readerable == (bool)e.readerable;
		if (verbose && art.readerable != (bool)e.readerable)
			printf("# %s: readerable: got %d want %d\n", name, art.readerable, e.readerable);
		if (f1 < 0.95 || verbose > 1)
			printf("# %s: F1 %.4f\n", name, f1);
		rc = 0;
	}
	arena_free(&a);
	free(src);
	sc_free_expect(&e);
	return rc;
}

int main(void)
{
	const char *corpus = getenv("LARDER_CORPUS");
	const char *v = getenv("EXTRACT_VERBOSE");
	int verbose = v ? atoi(v) : 0;
	char **names;
	if (!corpus)
		corpus = CORPUS_DEFAULT;
	size_t n = sc_pages(corpus, &names);
	if (n == 0) {
		printf("1..0 # SKIP no Readability corpus at %s\n", corpus);
		return 0;
	}
	struct sc_totals tot = { 0 };
	size_t failed = 0;
	clock_t t0 = clock();
	for (size_t i = 0; i < n; i++) {
		if (score_page(corpus, names[i], &tot, verbose) < 0) {
			printf("# %s: could not be scored\n", names[i]);
			failed++;
		}
		free(names[i]);
	}
	free(names);
	double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	double f1 = tot.pages ? tot.f1_sum / (double)tot.pages : 0;
	printf("# pages %zu (%zu failed), %.2f s\n", tot.pages, failed, secs);
	printf("# mean token F1 %.4f\n", f1);
	for (int i = 0; i < SC_NFIELDS; i++)
		printf("# %s match %.1f%%\n", sc_field_names[i], tot.pages ? 100.0 * (double)tot.match[i] / (double)tot.pages : 0);
	is_int(failed, 0, "every page extracts");
	ok(tot.pages >= 100, "corpus has its pages (%zu)", tot.pages);
	ok(f1 >= FLOOR_F1, "mean F1 %.4f >= %.2f", f1, FLOOR_F1);
	double title = tot.pages ? (double)tot.match[SC_TITLE] / (double)tot.pages : 0;
	ok(title >= FLOOR_TITLE, "title match %.3f >= %.2f", title, FLOOR_TITLE);
	return done_testing();
}
