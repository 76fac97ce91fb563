/* feed_find.c: content_feed_discover: the feeds a page announces with <link rel=alternate type=...>, read through the HTML parser. */
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include "content/article/html.h"
#include "content/feeds/feed.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/url.h"

/* whether the space-separated list rel holds "alternate" */
static bool rel_alternate(const char *rel)
{
	for (const char *p = rel; p && *p;) {
		p += strspn(p, " \t\r\n\f");
		size_t n = strcspn(p, " \t\r\n\f");
		if (n == 9 && strncasecmp(p, "alternate", 9) == 0)
			return true;
		p += n;
	}
	return false;
}

/* the feed kind a link's type names; -1 for any other type */
static int type_kind(const char *type)
{
	if (type == NULL)
		return -1;
	size_t n = strcspn(type, " ;");
	if (n == 19 && strncasecmp(type, "application/rss+xml", n) == 0)
		return CONTENT_FEED_RSS;
	if (n == 20 && strncasecmp(type, "application/atom+xml", n) == 0)
		return CONTENT_FEED_ATOM;
	if ((n == 21 && strncasecmp(type, "application/feed+json", n) == 0) ||
	    (n == 16 && strncasecmp(type, "application/json", n) == 0))
		return CONTENT_FEED_JSON;
	return -1;
}

static bool seen(const struct content_feed_link *list, long n, const char *url)
{
	for (long i = 0; i < n; i++)
		if (strcmp(list[i].url, url) == 0)
			return true;
	return false;
}

long content_feed_discover(struct arena *a, const char *html, size_t len, const char *page_url,
                           const struct content_limits *lim, struct content_feed_link **out, struct content_error *e)
{
	struct html_doc *doc = html_parse(a, html, len, NULL);
	(void)lim; /* the HTML parse keeps LIMIT_HTML_* (it never refuses a page: one too costly is read degraded) */
	content_error_clear(e);
	if (doc == NULL)
		return content_fail(e, CONTENT_E_NOMEM, "the page could not be read");
	struct content_feed_link *list = arena_alloc(a, LIMIT_FEED_DISCOVER * sizeof *list);
	long n = 0;
	for (struct html_node *el = html_next(doc->root, doc->root); el && n < LIMIT_FEED_DISCOVER;
	     el = html_next(doc->root, el)) {
		if (!html_is(el, "link") || !rel_alternate(html_get_attr(el, "rel")))
			continue;
		int kind = type_kind(html_get_attr(el, "type"));
		const char *href = html_get_attr(el, "href");
		char *abs;
		if (kind < 0 || href == NULL || url_resolve(a, page_url, href, &abs) != 0 || seen(list, n, abs))
			continue;
		list[n].url = abs;
		list[n].title = html_get_attr(el, "title");
		list[n].kind = (enum content_feed_kind)kind;
		n++;
	}
	*out = list;
	return n;
}
