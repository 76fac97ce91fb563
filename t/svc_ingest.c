/* svc_ingest.c: svc_ingest parses each page exactly once (counted by html_parse_count) and stores what extracting, re-parsing and sanitizing the article would. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/article/extract.h"
#include "content/article/html.h"
#include "content/article/sanitize.h"
#include "content/reader.h"
#include "svc/svc.h"
#include "tap.h"
#include "util/arena.h"
#include "util/sb.h"

#ifndef CORPUS_DEFAULT
#define CORPUS_DEFAULT "../shared/corpus/readability"
#endif
#define PAGE_URL "http://fakehost/test/page.html"
#define MAX_CONTENT ((size_t)64 * 1024 * 1024)

static struct arena A;
static struct content_limits ingest_lim; /* the bounds of svc_ingest's parse (zeros: the usual ones) */

/* the body of html parsed as our pages parse it (no-quirks), serialized */
static const char *reparse(struct arena *a, const char *html)
{
	const char *src = arena_printf(a, "<!DOCTYPE html>%s", html);
	struct html_doc *d = html_parse(a, src, strlen(src), NULL);
	struct html_node *body = d ? html_first_element(d->root, "body") : NULL;
	struct sb b;
	sb_init(&b);
	if (body)
		html_serialize(body, &b, false);
	const char *r = arena_strndup(a, sb_str(&b), b.len);
	sb_free(&b);
	return r;
}

/* what the article was before ingest parsed once: the extractor's article serialized, then parsed
 * again and sanitized (content_sanitize) */
static const char *by_reparsing(struct arena *a, const char *html, size_t n)
{
	struct content_article art;
	char *clean;
	size_t len;
	int rc = content_extract(a, html, n, PAGE_URL, &ingest_lim, &art, &(struct content_error){ 0 });
	if (rc != 0)
		return "(extract failed)";
	const char *raw = art.content ? art.content : "";
	if (content_sanitize(a, raw, strlen(raw), PAGE_URL, NULL, &clean, &len, &(struct content_error){ 0 }) != 0)
		return "(sanitize failed)";
	return clean;
}

/* one page through svc_ingest: one parse, the article as re-parsing gives it, stable itself; the
 * number of checks that failed */
static int check_page(const char *name, const char *html, size_t n, int verbose)
{
	struct arena a;
	struct store_article art;
	const char *canon, *err = NULL;
	int bad = 0;
	arena_init(&a);
	unsigned long before = html_parse_count();
	int rc = svc_ingest(&a, html, n, PAGE_URL, &ingest_lim, MAX_CONTENT, &art, &canon, &err);
	unsigned long parses = html_parse_count() - before;
	if (rc != 0) {
		printf("# %s: svc_ingest failed: %s\n", name, err ? err : "?");
		arena_free(&a);
		return 1;
	}
	if (parses != 1) {
		printf("# %s: parsed %lu times\n", name, parses);
		bad++;
	}
	const char *want = by_reparsing(&a, html, n);
	if (strcmp(art.content, want) != 0) {
		printf("# %s: the article differs from extract + re-parse + sanitize\n", name);
		if (verbose)
			printf("#  got:  %.300s\n#  want: %.300s\n", art.content, want);
		bad++;
	}
	if (strcmp(reparse(&a, art.content), art.content) != 0) {
		printf("# %s: the article does not parse back to itself\n", name);
		bad++;
	}
	arena_free(&a);
	return bad;
}

/* the whole file at path (NUL-terminated), or NULL */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct sb b;
	char buf[65536];
	size_t k;
	if (!f)
		return NULL;
	sb_init(&b);
	while ((k = fread(buf, 1, sizeof buf, f)) > 0)
		sb_putn(&b, buf, k);
	fclose(f);
	*len = b.len;
	char *r = sb_error(&b) ? NULL : strdup(sb_str(&b));
	sb_free(&b);
	return r;
}

static void corpus(int verbose)
{
	const char *corpus = getenv("LARDER_CORPUS");
	struct dirent *e;
	size_t pages = 0;
	int bad = 0;
	if (!corpus)
		corpus = CORPUS_DEFAULT;
	DIR *dir = opendir(corpus);
	if (!dir) {
		ok(1, "# SKIP no Readability corpus at %s", corpus);
		return;
	}
	while ((e = readdir(dir)) != NULL) {
		char path[4200];
		size_t len;
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s/source.html", corpus, e->d_name);
		char *src = slurp(path, &len);
		if (src) {
			bad += check_page(e->d_name, src, len, verbose) != 0;
			pages++;
		}
		free(src);
	}
	closedir(dir);
	ok(pages >= 100, "the corpus has its pages (%zu)", pages);
	is_int(bad, 0, "every corpus page: parsed once, the article as re-parsing gives it, stable");
}

/* a page of prefix, count repeats of unit, then suffix */
static char *built(const char *prefix, const char *unit, size_t count, const char *suffix, size_t *n)
{
	struct sb b;
	sb_init(&b);
	sb_puts(&b, prefix);
	for (size_t i = 0; i < count; i++)
		sb_puts(&b, unit);
	sb_puts(&b, suffix);
	*n = b.len;
	char *r = strdup(sb_str(&b));
	sb_free(&b);
	return r;
}

static void hostile(int verbose)
{
	static const char *const lead = "<!DOCTYPE html><html><head><title>Hostile</title></head><body><article>"
	                                "<p>Some words to read, enough of them to make an article worth keeping. ";
	struct { const char *name, *open, *unit, *suffix; size_t count; } shapes[] = {
		{ "attribute bomb", "<p id=x", " a=1", ">after the bomb</p></article></body></html>", 100000 },
		{ "deep nesting", "", "<div>", "deep text, deep down.</article></body></html>", 100000 },
		{ "misnested markup", "", "<p>a<div>b</div>c<table><tr><td>d</td></tr>e</table><li>f<li>g<h1>h<h2>i</h2></h1>"
		  "<a href=/x>j<a href=/y>k</a></a><tr><td>l</td></tr>", "</article></body></html>", 200 },
	};
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		size_t n;
		char *open = arena_printf(&A, "%s%s", lead, shapes[i].open);
		char *html = built(open, shapes[i].unit, shapes[i].count, shapes[i].suffix, &n);
		is_int(check_page(shapes[i].name, html, n, verbose), 0, "%s: parsed once, as re-parsing gives it, stable",
		       shapes[i].name);
		free(html);
	}
	/* a parse past its budget reads the page degraded: still one parse */
	size_t n;
	char *html = built(lead, "<p>More words of the degraded page, one paragraph after another.</p>", 50,
	                   "</article></body></html>", &n);
	ingest_lim.budget_ms = CONTENT_BUDGET_SPENT;
	is_int(check_page("degraded page", html, n, verbose), 0, "degraded page: parsed once, as re-parsing gives it");
	ingest_lim.budget_ms = 0;
	free(html);
}

/* the canonical link comes from the same parse */
static void canonical(void)
{
	static const char page[] = "<html><head><link rel=canonical href=\"/canon/page?b=2&amp;a=1\"></head><body>"
	                           "<article><p>Text of the article, long enough to be kept by the extractor as it is."
	                           "</p></article></body></html>";
	struct arena a;
	struct store_article art;
	const char *canon = NULL, *err = NULL;
	arena_init(&a);
	unsigned long before = html_parse_count();
	is_int(svc_ingest(&a, page, strlen(page), PAGE_URL, NULL, MAX_CONTENT, &art, &canon, &err), 0, "ingest ok");
	is_int(html_parse_count() - before, 1, "one parse with the canonical link read");
	like(canon ? canon : "(none)", "http://fakehost/canon/page", "canonical link resolved against the page");
	arena_free(&a);
}

int main(int argc, char **argv)
{
	int verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
	arena_init(&A);
	canonical();
	hostile(verbose);
	corpus(verbose);
	arena_free(&A);
	return done_testing();
}
