/* ingest.c (svc): page HTML to a storable article: one parse, extraction and in-place sanitizing, text and metadata. */
#include <string.h>

#include "svc/svc.h"
#include "content/article/extract.h"
#include "content/article/html.h"
#include "content/article/sanitize.h"
#include "content/reader.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/time.h"
#include "util/url.h"

/* the page's <link rel=canonical href> made absolute and normalised, or NULL */
static const char *canonical(struct arena *a, const struct html_doc *d, const char *url)
{
	char *abs, *norm;
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

/* Extracting and sanitizing a page takes many times its size in memory (the DOM, its copies for the
 * extractor's retries, the extractor's work): that happens in an arena of its own, sized to the page
 * and freed when done, so a page up to content_max_bytes does not exhaust the request's memory
 * (LIMIT_GQL_REQUEST_ARENA); only the results are copied into a. */
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
	const char *image = url_http_only(a, art->image);
	out->words_count = art->words_count;
	if (art->published_time && time_parse_iso(art->published_time, strlen(art->published_time), &ms) == 0)
		out->published_ms = ms;
	return keep(a, art->title, &out->title) && keep(a, art->byline, &out->author) &&
	       keep(a, art->excerpt, &out->description) && keep(a, art->site_name, &out->site_name) &&
	       keep(a, image, &out->image) && keep(a, art->language, &out->language) && keep(a, art->dir, &out->dir) &&
	       keep(a, art->text_content, &out->text);
}

#define NO_MEMORY "the article needs more memory than a request may use"

/* the sanitized article of doc's page, serialized into a; 0, or -1 with *err */
static int clean_article(struct arena *a, struct arena *s, size_t n, struct html_doc *doc, struct html_node *article,
                         const char *url, size_t max_content, const char **content, const char **err)
{
	struct sb b;
	sb_init(&b);
	b.max = LIMIT_SANITIZE_OUTPUT;
	struct content_error e;
	if (article && content_sanitize_tree(doc, article, url, &e) != 0) {
		*err = failed(a, s, n, "the page could not be sanitized");
		return -1;
	}
	if (article)
		html_serialize(article, &b, false);
	if (sb_error(&b)) {
		*err = failed(a, s, n, "the page could not be sanitized");
	} else if (b.len > max_content) {
		*err = arena_printf(a, "the article is larger than %zu bytes (content_max_bytes in larder.conf)", max_content);
		if (*err == NULL)
			*err = "the article is larger than Larder stores";
	} else if ((*content = arena_strndup(a, sb_str(&b), b.len)) == NULL) {
		*err = NO_MEMORY;
	}
	sb_free(&b);
	return *content ? 0 : -1;
}

/* the article of doc: extracted from the page, or (kept) its body as it is; its metadata, text and sanitized
 * content into out; 0, or -1 with *err */
static int article_of(struct arena *a, struct arena *s, size_t n, struct html_doc *doc, const char *url, bool kept,
                      size_t max_content, struct store_article *out, const char **err)
{
	struct content_article art;
	struct html_node *article;
	if (kept) { /* nothing extracted, so nothing of it is dropped as boilerplate */
		if ((article = html_first_element(doc->root, "body")) == NULL)
			article = doc->root;
		if (clean_article(a, s, n, doc, article, url, max_content, &out->content, err) != 0)
			return -1;
		if ((out->text = html_inner_text(a, article)) == NULL) { /* blocks apart: their words stay apart */
			*err = NO_MEMORY;
			return -1;
		}
		out->words_count = content_count_words(out->text);
		return 0;
	}
	struct content_error e;
	if (content_extract_doc(s, doc, url, &art, &article, &e) != 0) {
		*err = failed(a, s, n, "the page could not be parsed");
		return -1;
	}
	if (!keep_article(a, &art, out)) {
		*err = NO_MEMORY;
		return -1;
	}
	if (clean_article(a, s, n, doc, article, url, max_content, &out->content, err) != 0)
		return -1;
	/* the indexed text by blocks, as the reader shows it: <p>a</p><p>b</p> is two words, not "ab" */
	if (article && (out->text = html_inner_text(a, article)) == NULL) {
		*err = NO_MEMORY;
		return -1;
	}
	return 0;
}

/* svc_ingest and svc_ingest_kept: one parse, then the article of the page (canonical_url may be NULL) */
static int ingest(struct arena *a, const char *html, size_t n, const char *url, const struct content_limits *lim,
                  bool kept, size_t max_content, struct store_article *out, const char **canonical_url,
                  const char **err)
{
	struct arena s;
	struct html_doc *doc;
	int rc = -1;

	memset(out, 0, sizeof *out);
	out->words_count = -1;
	if (canonical_url)
		*canonical_url = NULL;
	/* one parse: the canonical link is read from it, then the extractor and the sanitizer edit it */
	scratch_init(&s, n);
	if ((doc = content_parse_page(&s, html, n, lim)) == NULL) {
		*err = failed(a, &s, n, kept ? "the content could not be parsed" : "the page could not be parsed");
		goto out;
	}
	if (canonical_url) {
		const char *c = canonical(&s, doc, url);
		if (c && (*canonical_url = arena_strdup(a, c)) == NULL) {
			*err = NO_MEMORY;
			goto out;
		}
	}
	rc = article_of(a, &s, n, doc, url, kept, max_content, out, err);
	if (rc == 0)
		svc_article_cut(a, out); /* the page's metadata, from outside: cut to what an item keeps */
out:
	arena_free(&s);
	if (rc != 0) {
		memset(out, 0, sizeof *out);
		out->words_count = -1;
		if (canonical_url)
			*canonical_url = NULL;
	}
	return rc;
}

int svc_ingest(struct arena *a, const char *html, size_t n, const char *url, const struct content_limits *lim,
               size_t max_content, struct store_article *out, const char **canonical_url, const char **err)
{
	return ingest(a, html, n, url, lim, false, max_content, out, canonical_url, err);
}

int svc_ingest_kept(struct arena *a, const char *html, size_t n, const char *url, size_t max_content,
                    struct store_article *out, const char **err)
{
	return ingest(a, html, n, url, NULL, true, max_content, out, NULL, err);
}
