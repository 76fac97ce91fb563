/* export_epub.c (svc): the EPUB export: the articles of one item or one search found (svc_epub_plan), then written chapter by chapter through content's XHTML serializer and EPUB writer (svc_epub_write). */
#include <string.h>

#include "content/article/xhtml.h"
#include "content/reader.h"
#include "content/transfer/epubw.h"
#include "store/search.h"
#include "svc/export_epub.h"
#include "util/crypto.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/slug.h"

static enum svc_epub_rc refuse(const char **why, const char *msg)
{
	*why = msg;
	return SVC_EPUB_REFUSED;
}

/* the articles the query finds, at most LIMIT_EPUB_ITEMS of them */
static enum svc_epub_rc search(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                               const char *query, int64_t now_ms, struct svc_epub_plan *plan, const char **why)
{
	struct store_search_req q = {
		.user_id = user_id, .query = query, .offset = 0, .limit = LIMIT_EPUB_ITEMS, .now_ms = now_ms,
		.time_ms = cfg->search_time_ms,
	};
	struct store_search_res res;
	int r;
	if (strlen(query) > LIMIT_SEARCH_QUERY)
		return refuse(why, "a search query has at most " LIMIT_STR(LIMIT_SEARCH_QUERY) " characters");
	r = store_search(st, a, &q, &res);
	if (r == STORE_E_INVAL)
		return refuse(why, res.error[0] ? arena_strdup(a, res.error) : "malformed search query");
	if (r == STORE_E_LIMIT)
		return refuse(why, "the search took longer than search_time_ms in larder.conf allows: narrow the query");
	if (r != STORE_OK)
		return SVC_EPUB_E_STORE;
	if (res.has_next)
		return refuse(why, "the search finds more than " LIMIT_STR(LIMIT_EPUB_ITEMS) " articles, the most one EPUB "
		              "holds (LIMIT_EPUB_ITEMS): narrow the query");
	if (res.n == 0) {
		*why = "the search finds no article";
		return SVC_EPUB_NOT_FOUND;
	}
	plan->items = res.items;
	plan->n = res.n;
	plan->title = arena_printf(a, "Larder: %s", *query ? query : "every article");
	return SVC_EPUB_OK;
}

enum svc_epub_rc svc_epub_plan(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                               const char *item, const char *query, int64_t now_ms, struct svc_epub_plan *plan,
                               const char **why)
{
	enum svc_epub_rc rc;
	char *slug;
	memset(plan, 0, sizeof *plan);
	*why = NULL;
	if (item && *item) {
		int r;
		if ((plan->items = ARENA_NEW(a, struct store_item)) == NULL)
			return SVC_EPUB_E_STORE;
		r = store_item_get(st, a, user_id, item, plan->items);
		if (r == STORE_E_NOTFOUND) {
			*why = "no such item in your library";
			return SVC_EPUB_NOT_FOUND;
		}
		if (r != STORE_OK)
			return SVC_EPUB_E_STORE;
		plan->n = 1;
		plan->title = plan->items->title;
	} else if (query) {
		if ((rc = search(st, cfg, a, user_id, query, now_ms, plan, why)) != SVC_EPUB_OK)
			return rc;
	} else
		return refuse(why, "name an item (id) or a search (q) to make a book of");
	if (plan->title == NULL || (slug = slug_make(a, plan->title, strlen(plan->title), NULL)) == NULL ||
	    (plan->filename = arena_printf(a, "%s.epub", slug)) == NULL)
		return SVC_EPUB_E_STORE;
	return SVC_EPUB_OK;
}

/* one article as a chapter, its memory from scratch (reset by the caller) */
static enum svc_epub_rc chapter(struct store *st, struct arena *scratch, struct content_epubw *ep,
                                const struct store_item *it)
{
	const char *html = NULL;
	struct content_error e;
	struct sb body;
	int r = store_item_content(st, scratch, it->seq, &html);
	enum svc_epub_rc rc = SVC_EPUB_OK;
	if (r != STORE_OK)
		return SVC_EPUB_E_STORE;
	sb_init(&body);
	if (html == NULL)
		sb_puts(&body, "<p>This article has no readable text yet.</p>");
	else if (content_xhtml(scratch, html, strlen(html), NULL, &body, &e) != 0)
		rc = SVC_EPUB_E_STORE;
	if (rc == SVC_EPUB_OK) {
		struct content_epub_chapter c = {
			.title = it->title, .author = it->author, .site = it->site_name, .url = it->url, .lang = it->language,
			.dir = it->dir, .body = sb_str(&body), .body_len = body.len,
		};
		if (sb_error(&body))
			rc = SVC_EPUB_E_STORE;
		else if (content_epubw_chapter(ep, &c) != 0)
			rc = SVC_EPUB_E_WRITE;
	}
	sb_free(&body);
	return rc;
}

enum svc_epub_rc svc_epub_write(struct store *st, const struct svc_epub_plan *plan, int64_t now_ms,
                                svc_epub_write_fn *w, void *ctx)
{
	char uuid[37];
	struct content_epub_book book = { .title = plan->title, .uuid = uuid, .modified_ms = now_ms };
	struct content_epubw *ep;
	struct arena scratch;
	enum svc_epub_rc rc = SVC_EPUB_OK;

	crypto_uuid_v4(uuid);
	book.lang = plan->n > 0 ? plan->items[0].language : NULL;
	if ((ep = content_epubw_open(w, ctx, &book)) == NULL)
		return SVC_EPUB_E_WRITE;
	arena_init(&scratch);
	for (size_t i = 0; i < plan->n && rc == SVC_EPUB_OK; i++) {
		rc = chapter(st, &scratch, ep, &plan->items[i]);
		arena_reset(&scratch);
	}
	arena_free(&scratch);
	if (rc != SVC_EPUB_OK) {
		content_epubw_abandon(ep);
		return rc;
	}
	return content_epubw_close(ep) == 0 ? SVC_EPUB_OK : SVC_EPUB_E_WRITE;
}
