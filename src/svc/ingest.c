/* ingest.c (svc): page HTML to a storable article: readable-article extraction, sanitizing, text and metadata. */
#include <string.h>

#include "svc/svc.h"
#include "content/extract.h"
#include "content/html.h"
#include "content/sanitize.h"
#include "util/limits.h"
#include "util/time.h"
#include "util/url.h"

/* the page's <link rel=canonical href> made absolute and normalised, or NULL */
static const char *canonical(struct arena *a, const char *html, size_t n, const char *url)
{
	struct html_doc *d = html_parse(a, html, n);
	char *abs, *norm;
	if (d == NULL)
		return NULL;
	for (struct html_node *e = d->root; e; e = html_next(d->root, e)) {
		const char *rel, *href;
		if (!html_is(e, "link") || (rel = html_get_attr(e, "rel")) == NULL || (href = html_get_attr(e, "href")) == NULL)
			continue;
		if (strcasecmp(rel, "canonical") != 0)
			continue;
		if (url == NULL)
			abs = (char *)href;
		else if (url_resolve(a, url, href, &abs) != 0)
			return NULL;
		if (url_normalise(a, abs, strlen(abs), &norm, NULL) != 0)
			return NULL;
		return norm;
	}
	return NULL;
}

/* Extracting and sanitizing a page takes many times its size in memory (the DOM, the extractor's
 * work, every sanitizer pass): each stage gets an arena of its own, sized to the page and freed
 * when the stage is done, so a page up to content_max_bytes does not exhaust the request's memory
 * (LIMIT_GQL_REQUEST_ARENA) and stages do not add up; only their results are copied into a. */
static void scratch_init(struct arena *s, size_t n)
{
	arena_init(s);
	s->limit = LIMIT_INGEST_ARENA + (n < LIMIT_SANITIZE_INPUT ? n : LIMIT_SANITIZE_INPUT) * LIMIT_INGEST_PER_BYTE;
}

/* why a stage in scratch arena s failed, saying so when it ran out of memory */
static const char *failed(struct arena *a, const struct arena *s, size_t n, const char *what)
{
	if (s->total + n + LIMIT_INGEST_ARENA / 4 <= s->limit)
		return what;
	const char *m = arena_printf(a, "%s: it needs more than the %zu bytes of memory allowed for a page of its size",
	                             what, s->limit);
	return m ? m : what;
}

/* a copy in a of a string from a scratch arena; false when a is exhausted */
static bool keep(struct arena *a, const char *from, const char **to)
{
	*to = from ? arena_strdup(a, from) : NULL;
	return from == NULL || *to != NULL;
}

/* the extracted metadata and text, copied into a */
static bool keep_article(struct arena *a, const struct content_article *art, struct store_article *out)
{
	int64_t ms;
	const char *image = art->image && (strncmp(art->image, "https://", 8) == 0 || strncmp(art->image, "http://", 7) == 0)
	                    ? art->image : NULL;
	out->words_count = art->words_count;
	if (art->published_time && time_parse_iso(art->published_time, strlen(art->published_time), &ms) == 0)
		out->published_ms = ms;
	return keep(a, art->title, &out->title) && keep(a, art->byline, &out->author) &&
	       keep(a, art->excerpt, &out->description) && keep(a, art->site_name, &out->site_name) &&
	       keep(a, image, &out->image) && keep(a, art->language, &out->language) && keep(a, art->dir, &out->dir) &&
	       keep(a, art->text_content, &out->text);
}

#define NO_MEMORY "the article needs more memory than a request may use"

int svc_ingest(struct arena *a, const char *html, size_t n, const char *url, size_t max_content,
               struct store_article *out, const char **canonical_url, const char **err)
{
	struct arena s1, s2;
	struct content_article art;
	char *raw, *clean;
	size_t clean_len;
	int rc = -1;

	memset(out, 0, sizeof *out);
	out->words_count = -1;
	if (canonical_url) {
		scratch_init(&s1, n);
		const char *c = canonical(&s1, html, n, url);
		*canonical_url = c ? arena_strdup(a, c) : NULL;
		arena_free(&s1);
	}
	scratch_init(&s1, n);
	scratch_init(&s2, n);
	if (content_extract(&s1, html, n, url, &art) != 0) {
		*err = failed(a, &s1, n, "the page could not be parsed");
		goto out;
	}
	if (!keep_article(a, &art, out) || (raw = arena_strdup(&s2, art.content ? art.content : "")) == NULL) {
		*err = NO_MEMORY;
		goto out;
	}
	arena_free(&s1);
	if (content_sanitize(&s2, raw, strlen(raw), url, &clean, &clean_len) != 0) {
		*err = failed(a, &s2, n, "the page could not be sanitized");
		goto out;
	}
	if (clean_len > max_content) {
		*err = arena_printf(a, "the article is larger than %zu bytes (content_max_bytes in larder.conf)", max_content);
		if (*err == NULL)
			*err = "the article is larger than Larder stores";
		goto out;
	}
	if ((out->content = arena_strndup(a, clean, clean_len)) == NULL) {
		*err = NO_MEMORY;
		goto out;
	}
	rc = 0;
out:
	arena_free(&s1);
	arena_free(&s2);
	if (rc != 0) {
		memset(out, 0, sizeof *out);
		out->words_count = -1;
		if (canonical_url)
			*canonical_url = NULL;
	}
	return rc;
}
