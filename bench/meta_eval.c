/* meta_eval.c: the extractor's metadata against pages whose metadata is known (Postlight Parser's checked values; the Readability corpus's expected metadata): the match rate per field. */
#include "config.h"

#include <ctype.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "content/article/extract.h"
#include "content/reader.h"
#pragma GCC diagnostic ignored "-Wunused-function" /* the scorer's F1, which this bench does not use */
#include "t/extract_score.h"
#include "util/arena.h"
#include "util/time.h"

/* ---- comparing one field */

/* s with whitespace runs (and no-break spaces) collapsed to one space, trimmed, ASCII lower-cased when fold */
static char *norm(const char *s, bool fold)
{
	char *o = malloc(strlen(s) + 1), *q = o;
	bool sp = false;
	if (!o)
		abort();
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		bool ws = isspace(*p) || (p[0] == 0xC2 && p[1] == 0xA0);
		if (ws) {
			p += p[0] == 0xC2;
			sp = q > o;
			continue;
		}
		if (sp)
			*q++ = ' ';
		sp = false;
		*q++ = fold ? (char)tolower(*p) : (char)*p;
	}
	*q = '\0';
	return o;
}

static bool same_text(const char *got, const char *want, bool fold)
{
	if (!got || !want)
		return !got == !want;
	char *g = norm(got, fold), *w = norm(want, fold);
	/* a byline's "By " is the page's wording, not part of the name */
	const char *gs = g, *ws = w;
	if (fold && strncmp(gs, "by ", 3) == 0)
		gs += 3;
	if (fold && strncmp(ws, "by ", 3) == 0)
		ws += 3;
	bool same = strcmp(gs, ws) == 0;
	free(g);
	free(w);
	return same;
}

/* the same UTC day (pages give local times with or without a zone; the tests keep the instant in UTC) */
static bool same_day(const char *got, const char *want)
{
	int64_t g, w;
	if (!got || !want)
		return !got == !want;
	if (time_parse_iso(got, strlen(got), &g) != 0 || time_parse_iso(want, strlen(want), &w) != 0)
		return false;
	return g / 86400000 == w / 86400000;
}

/* the same image: the address without its scheme, or failing that without its query */
static bool same_image(const char *got, const char *want)
{
	if (!got || !want)
		return !got == !want;
	const char *g = strstr(got, "//"), *w = strstr(want, "//");
	g = g ? g : got;
	w = w ? w : want;
	if (strcmp(g, w) == 0)
		return true;
	size_t gl = strcspn(g, "?#"), wl = strcspn(w, "?#");
	return gl == wl && strncmp(g, w, gl) == 0;
}

/* ---- the sets */

enum { F_TITLE, F_PTITLE, F_AUTHOR, F_DATE, F_SITE, F_LANG, F_IMAGE, F_N };
static const char *const field_names[F_N] = { "title", "title, Readability's rule", "author", "published date",
	                                      "site name", "language", "lead image" };

struct score {
	int known[F_N], match[F_N];
};

static void tally(struct score *s, int f, bool known, bool match, const char *page, const char *got, const char *want)
{
	if (!known)
		return;
	s->known[f]++;
	s->match[f] += match;
	if (!match && getenv("META_VERBOSE"))
		printf("  %s: %s: got [%s] want [%s]\n", page, field_names[f], got ? got : "(none)", want ? want : "(none)");
}

static const char *jget(struct json_object *o, const char *k, bool *known)
{
	struct json_object *v;
	*known = json_object_object_get_ex(o, k, &v);
	return *known && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

/* Postlight Parser's pages: truth.json (from meta_truth.py) and the pages it wrote back as published, DIR/pages */
static int postlight(const char *dir, struct score *s)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/truth.json", dir);
	struct json_object *all = json_object_from_file(path);
	if (!all || !json_object_is_type(all, json_type_array))
		return -1;
	for (size_t i = 0; i < json_object_array_length(all); i++) {
		struct json_object *r = json_object_array_get_idx(all, i);
		bool k, kt, ka, kd, ki;
		const char *page = jget(r, "page", &k), *url = jget(r, "url", &k);
		const char *title = jget(r, "title", &kt), *author = jget(r, "author", &ka);
		const char *date = jget(r, "date_published", &kd), *image = jget(r, "lead_image_url", &ki);
		size_t n;
		snprintf(path, sizeof path, "%s/pages/%s", dir, page);
		char *src = sc_slurp(path, &n);
		struct arena a;
		struct content_article art;
		arena_init(&a);
		if (src && content_extract(&a, src, n, url, NULL, &art, &(struct content_error){ 0 }) == 0) {
			tally(s, F_TITLE, kt, same_text(art.title, title, false), page, art.title, title);
			tally(s, F_PTITLE, kt, same_text(art.page_title, title, false), page, art.page_title, title);
			tally(s, F_AUTHOR, ka, same_text(art.byline, author, true), page, art.byline, author);
			tally(s, F_DATE, kd, same_day(art.published_time, date), page, art.published_time, date);
			tally(s, F_IMAGE, ki, same_image(art.image, image), page, art.image, image);
		}
		arena_free(&a);
		free(src);
	}
	json_object_put(all);
	return 0;
}

/* the Readability corpus: its expected metadata (Readability's own output, checked by its maintainers) */
static int readability(const char *corpus, struct score *s)
{
	char **names, dir[2048], path[2100];
	size_t n = sc_pages(corpus, &names);
	for (size_t i = 0; i < n; i++) {
		struct sc_expect e;
		snprintf(dir, sizeof dir, "%s/%s", corpus, names[i]);
		snprintf(path, sizeof path, "%s/source.html", dir);
		size_t len;
		char *src = sc_load_expect(dir, &e) == 0 ? sc_slurp(path, &len) : NULL;
		struct arena a;
		struct content_article art;
		arena_init(&a);
		if (src && content_extract(&a, src, len, "http://fakehost/test/page.html", NULL, &art,
		                           &(struct content_error){ 0 }) == 0) {
			tally(s, F_TITLE, true, sc_same(art.title, e.title), names[i], art.title, e.title);
			tally(s, F_PTITLE, true, sc_same(art.page_title, e.title), names[i], art.page_title, e.title);
			tally(s, F_AUTHOR, true, sc_same(art.byline, e.byline), names[i], art.byline, e.byline);
			tally(s, F_DATE, true, sc_same(art.published_time, e.published), names[i], art.published_time, e.published);
			tally(s, F_SITE, true, sc_same(art.site_name, e.site_name), names[i], art.site_name, e.site_name);
			tally(s, F_LANG, true, sc_same(art.language, e.lang), names[i], art.language, e.lang);
		}
		if (src)
			sc_free_expect(&e);
		arena_free(&a);
		free(src);
		free(names[i]);
	}
	free(names);
	return n ? 0 : -1;
}

int main(int argc, char **argv)
{
	const char *pl = NULL, *rc = NULL;
	int opt;
	while ((opt = getopt(argc, argv, "P:R:")) != -1) {
		if (opt == 'P')
			pl = optarg;
		else if (opt == 'R')
			rc = optarg;
		else {
			fprintf(stderr, "usage: meta_eval [-P POSTLIGHT_DIR] [-R READABILITY_CORPUS]\n");
			return 2;
		}
	}
	struct score p = { 0 }, r = { 0 };
	if (pl && postlight(pl, &p) != 0) {
		fprintf(stderr, "meta_eval: no truth.json in %s\n", pl);
		return 1;
	}
	if (rc && readability(rc, &r) != 0) {
		fprintf(stderr, "meta_eval: no pages in %s\n", rc);
		return 1;
	}
	printf("%-26s %26s %30s\n", "field", "Postlight (checked values)", "Readability corpus (expected)");
	for (int f = 0; f < F_N; f++) {
		char a[64] = "-", b[64] = "-";
		if (p.known[f])
			snprintf(a, sizeof a, "%5.1f%% of %d", 100.0 * p.match[f] / p.known[f], p.known[f]);
		if (r.known[f])
			snprintf(b, sizeof b, "%5.1f%% of %d", 100.0 * r.match[f] / r.known[f], r.known[f]);
		printf("%-26s %26s %30s\n", field_names[f], a, b);
	}
	return 0;
}
