/* ingest.c: page HTML to a storable article: readable-article extraction, sanitizing, text and metadata. */
#include <string.h>

#include "api/api_int.h"
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

int api_ingest(struct arena *a, const char *html, size_t n, const char *url, size_t max_content,
               struct store_article *out, const char **canonical_url, const char **err)
{
	struct content_article art;
	char *clean;
	size_t clean_len;
	int64_t ms;

	memset(out, 0, sizeof *out);
	out->words_count = -1;
	if (canonical_url)
		*canonical_url = canonical(a, html, n, url);
	if (content_extract(a, html, n, url, &art) != 0) {
		*err = "the page could not be parsed";
		return -1;
	}
	if (content_sanitize(a, art.content ? art.content : "", art.content ? strlen(art.content) : 0, url, &clean,
	                     &clean_len) != 0) {
		*err = "the page could not be sanitized";
		return -1;
	}
	if (clean_len > max_content) {
		*err = arena_printf(a, "the article is larger than %zu bytes (content_max_bytes in larder.conf)", max_content);
		if (*err == NULL)
			*err = "the article is larger than Larder stores";
		return -1;
	}
	out->title = art.title;
	out->author = art.byline;
	out->description = art.excerpt;
	out->site_name = art.site_name;
	out->image = art.image && (strncmp(art.image, "https://", 8) == 0 || strncmp(art.image, "http://", 7) == 0)
	             ? art.image : NULL;
	out->language = art.language;
	out->dir = art.dir;
	out->content = clean;
	out->text = art.text_content;
	out->words_count = art.words_count;
	if (art.published_time && time_parse_iso(art.published_time, strlen(art.published_time), &ms) == 0)
		out->published_ms = ms;
	return 0;
}
