/* extract_corpus.c: the extractor over the Readability corpus: token F1 and metadata match rates with floors, and no page's recall below its figure before issue 27's precision pass. */
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
#ifndef RECALL_FLOOR_FILE
#define RECALL_FLOOR_FILE "t/extract_corpus_floor.txt"
#endif
/* a page may read one word differently (the corpus's "A22" over two inline elements, read as "A 22" by
 * html_lines_text since words stopped running together), on top of the floor file's rounding */
#define RECALL_SLACK(ntok) (0.00005 + 1.0 / (double)((ntok) ? (ntok) : 1))

/* each page's figures before issue 27's precision pass (t/extract_corpus_floor.txt): its token recall against
 * the expected text read with blocks apart, and its token F1 */
struct floor {
	char name[128];
	double recall, f1;
};
static struct floor floors[512];
static size_t nfloors;

static void load_floors(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[512];
	while (f && nfloors < sizeof floors / sizeof *floors && fgets(line, sizeof line, f))
		if (line[0] != '#' && sscanf(line, "%127s %lf %lf", floors[nfloors].name, &floors[nfloors].recall,
		                             &floors[nfloors].f1) == 3)
			nfloors++;
	if (f)
		fclose(f);
}

static const struct floor *floor_of(const char *name)
{
	for (size_t i = 0; i < nfloors; i++)
		if (strcmp(floors[i].name, name) == 0)
			return &floors[i];
	return NULL;
}

/* the page's text: extracted, or (EXTRACT_CORPUS_TEXTS=DIR) DIR/NAME.txt, another build's texts scored here
 * (how the floor file is made) */
static const char *page_text(struct arena *a, const char *name, const char *src, size_t n, struct content_article *art)
{
	const char *texts = getenv("EXTRACT_CORPUS_TEXTS");
	if (content_extract(a, src, n, PAGE_URL, NULL, art, &(struct content_error){ 0 }) != 0)
		return NULL;
	if (!texts)
		return art->text_content;
	char path[4200];
	snprintf(path, sizeof path, "%s/%s.txt", texts, name);
	char *t = sc_slurp(path, NULL), *copy = t ? arena_strdup(a, t) : NULL;
	free(t);
	return copy;
}

#ifndef BOILER_FILE
#define BOILER_FILE "t/extract_corpus_boiler.txt"
#endif

/* the blocks of a page judged boilerplate (t/extract_corpus_boiler.txt: page, what it is, its text) */
struct boiler {
	char page[128];
	char *text;
};
static struct boiler boilers[256];
static size_t nboilers, stale_boilers;

static void load_boilers(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	while (f && nboilers < sizeof boilers / sizeof *boilers && fgets(line, sizeof line, f)) {
		char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
		if (line[0] == '#' || !t2 || (size_t)(t1 - line) >= sizeof boilers[0].page)
			continue;
		memcpy(boilers[nboilers].page, line, (size_t)(t1 - line));
		boilers[nboilers].page[t1 - line] = '\0';
		boilers[nboilers++].text = strdup(t2 + 1);
	}
	if (f)
		fclose(f);
}

/* ours' token recall against expected without the tokens of the page's boilerplate blocks (each block's
 * tokens taken out of expected's once) */
static double recall_without_boiler(const char *name, const char *ours, const char *expected, size_t *ntok)
{
	struct sc_tokens a, b, c;
	sc_tokenize(ours, &a);
	sc_tokenize(expected, &b);
	for (size_t k = 0; k < nboilers; k++) {
		if (strcmp(boilers[k].page, name) != 0)
			continue;
		sc_tokenize(boilers[k].text, &c);
		size_t i = 0, j = 0, o = 0, gone = 0;   /* b minus c, both sorted */
		while (i < b.n) {
			int d = j < c.n ? strcmp(b.v[i], c.v[j]) : -1;
			if (d == 0) {
				free(b.v[i++]);
				j++;
				gone++;
			} else if (d < 0) {
				b.v[o++] = b.v[i++];
			} else {
				j++;
			}
		}
		b.n = o;
		if (gone < c.n) {
			printf("# %s: the boilerplate line \"%.40s\" is not in the expected text\n", name, boilers[k].text);
			stale_boilers++;
		}
		sc_free(&c);
	}
	size_t i = 0, j = 0, common = 0;
	while (i < a.n && j < b.n) {
		int d = strcmp(a.v[i], b.v[j]);
		common += d == 0;
		i += d <= 0;
		j += d >= 0;
	}
	double r = b.n ? (double)common / (double)b.n : 1;
	*ntok = b.n;
	sc_free(&a);
	sc_free(&b);
	return r;
}

static size_t lost_pages;

/* the page's recall beside its floor: a page that keeps less of the expected text than it did fails */
static void check_recall(const char *name, double f1, double recall, size_t ntok, int verbose)
{
	const struct floor *fl = floor_of(name);
	if (getenv("EXTRACT_CORPUS_TEXTS")) {
		printf("%s %.4f %.4f\n", name, recall, f1);
		return;
	}
	if (!fl) {
		printf("# %s: no floor in %s\n", name, RECALL_FLOOR_FILE);
		lost_pages++;
		return;
	}
	if (recall < fl->recall - RECALL_SLACK(ntok)) {
		printf("# %s: recall %.4f below %.4f before the precision pass: article text lost\n", name, recall,
		       fl->recall);
		lost_pages++;
	}
	if (verbose || f1 < fl->f1 - 0.00005)
		printf("# %s: F1 %.4f (before the precision pass %.4f), recall %.4f (%.4f)\n", name, f1, fl->f1, recall,
		       fl->recall);
}

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
	const char *text = src ? page_text(&a, name, src, n, &art) : NULL;
	if (text) {
		size_t ntok;
		double f1 = sc_f1(text, e.text), recall = recall_without_boiler(name, text, e.lines, &ntok);
		check_recall(name, f1, recall, ntok, verbose);
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
	load_floors(RECALL_FLOOR_FILE);
	load_boilers(BOILER_FILE);
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
	double f1_before = 0;
	for (size_t i = 0; i < nfloors; i++)
		f1_before += floors[i].f1 / (double)nfloors;
	printf("# mean token F1 %.4f (before the precision pass %.4f)\n", f1, f1_before);
	for (int i = 0; i < SC_NFIELDS; i++)
		printf("# %s match %.1f%%\n", sc_field_names[i], tot.pages ? 100.0 * (double)tot.match[i] / (double)tot.pages : 0);
	is_int(failed, 0, "every page extracts");
	ok(tot.pages >= 100, "corpus has its pages (%zu)", tot.pages);
	ok(f1 >= FLOOR_F1, "mean F1 %.4f >= %.2f", f1, FLOOR_F1);
	is_int(stale_boilers, 0, "every line of %s is in its page's expected text", BOILER_FILE);
	is_int(lost_pages, 0, "no page's recall below its figure before the precision pass (%zu floors)", nfloors);
	double title = tot.pages ? (double)tot.match[SC_TITLE] / (double)tot.pages : 0;
	ok(title >= FLOOR_TITLE, "title match %.3f >= %.2f", title, FLOOR_TITLE);
	return done_testing();
}
