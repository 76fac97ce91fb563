/* library.c: resolvers for reading and managing items: article, articleSavingRequest, updatesSince, setBookmarkArticle, setLinkArchived, updatePage, saveArticleReadingProgress. */
#include <math.h>
#include <string.h>

#include "api/api_int.h"
#include "svc/library.h"
#include "svc/svc.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/url.h"


int api_resolve_self(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	gql_out_object(out, NULL, parent);
	return 0;
}

/* the error member `type` for an item id not in the user's library */
static int no_item(struct gql_rctx *rc, struct gql_out *out, const char *type, const char *code, const char *id)
{
	return api_out_error(rc, out, type, code, "no item with id \"%.200s\" in your library", id ? id : "");
}

/* ---- article ---- */

static int resolve_article(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *slug = api_str(gql_arg(rc, "slug"));
	struct store_item it;
	int r;
	if (slug == NULL || *slug == '\0')
		return api_out_error(rc, out, "ArticleError", "BAD_DATA", "slug must not be empty");
	r = store_item_get(ctx->store, gql_arena(rc), ctx->user->id, slug, &it);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "ArticleError", "NOT_FOUND", "no item with slug or id \"%.200s\" in your library", slug);
	return api_answer_item(rc, out, r, "reading the item", "ArticleSuccess", &it, api_str(gql_arg(rc, "format")));
}

/* ---- articleSavingRequest ---- */

static int resolve_saving_request(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const char *id = api_str(gql_arg(rc, "id")), *url = api_str(gql_arg(rc, "url"));
	struct store_item it;
	int r = STORE_E_NOTFOUND;
	if ((id == NULL || *id == '\0') && (url == NULL || *url == '\0'))
		return api_out_error(rc, out, "ArticleSavingRequestError", "BAD_DATA", "give the id or the url of a saved item");
	if (id && *id)
		r = store_item_get(ctx->store, a, ctx->user->id, id, &it);
	if (r == STORE_E_NOTFOUND && url && *url) {
		char *norm;
		if (url_normalise(a, url, strlen(url), &norm, NULL) == 0)
			r = store_item_by_url(ctx->store, a, ctx->user->id, norm, &it);
	}
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "ArticleSavingRequestError", "NOT_FOUND", "no such item in your library");
	return api_answer_item(rc, out, r, "reading the item", "ArticleSavingRequestSuccess", &it, NULL);
}

enum saving_field {
	SF_ID, SF_URL, SF_SLUG, SF_STATUS, SF_ERROR_CODE, SF_CREATED, SF_UPDATED, SF_USER, SF_USER_ID, SF_ARTICLE,
};
static const char *const saving_fields[] = {
	[SF_ID] = "id", [SF_URL] = "url", [SF_SLUG] = "slug", [SF_STATUS] = "status", [SF_ERROR_CODE] = "errorCode",
	[SF_CREATED] = "createdAt", [SF_UPDATED] = "updatedAt", [SF_USER] = "user", [SF_USER_ID] = "userId",
	[SF_ARTICLE] = "article",
};

static int resolve_saving_request_obj(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_item *o = parent;
	switch (api_field(rc, parent, API_NAMES(saving_fields))) {
	case SF_ID: return api_text(out, o->it.id);
	case SF_URL: return api_text(out, o->it.url);
	case SF_SLUG: return api_text(out, o->it.slug);
	case SF_STATUS: return api_enum(out, api_item_state(&o->it));
	case SF_ERROR_CODE: return strcmp(o->it.state, "FAILED") == 0 ? api_enum(out, "UNABLE_TO_FETCH") : api_null(out);
	case SF_CREATED: return api_out_date(rc, out, o->it.created_ms);
	case SF_UPDATED: return api_out_date(rc, out, o->it.updated_ms);
	case SF_USER: return api_obj(out, "User", api_ctx_of(rc)->user);
	case SF_USER_ID: return api_text(out, o->it.user_id);
	case SF_ARTICLE: return api_obj(out, "Article", o);
	default: return api_resolve_absent(rc, parent, out);
	}
}

/* ---- updatesSince ---- */

struct updates_count {
	int64_t since;
	const char *folder;
};

static int count_updates(struct gql_rctx *rc, const void *arg, int64_t *total)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct updates_count *c = arg;
	int r = store_updates_since_count(ctx->store, ctx->user->id, c->since, c->folder, total);
	return r == STORE_OK ? 0 : api_internal(rc, "counting updates", r);
}

/* one edge of updatesSince: the item, or DELETED when it is gone */
static int update_edge(struct gql_rctx *rc, const struct store_update *up, int64_t since, struct api_edge *e)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct store_item it;
	int r;
	e->item_id = up->item_id;
	e->reason = "DELETED";
	if (up->seq == 0)
		return 0;
	if ((r = store_item_by_seq(ctx->store, gql_arena(rc), up->seq, &it)) != STORE_OK)
		return api_internal(rc, "reading an item", r);
	if (it.deleted_ms)
		return 0;
	e->reason = it.created_ms > since ? "CREATED" : "UPDATED";
	return (e->node = api_item_new(rc, &it, NULL)) != NULL ? 0 : api_internal(rc, "updatesSince", 0);
}

static int resolve_updates_since(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const char *order = api_str(gql_value_get(gql_arg(rc, "sort"), "order"));
	struct updates_count *cnt;
	struct store_update *ups;
	struct api_connection *c;
	struct api_page pg;
	size_t n;
	int64_t since;
	int r;
	if (api_value_date(gql_arg(rc, "since"), &since))
		return gql_error(rc, "BAD_USER_INPUT", "since must be a date");
	if (api_page_args(rc, &pg))
		return -1;
	if ((cnt = ARENA_NEW(a, struct updates_count)) == NULL)
		return api_internal(rc, "updatesSince", 0);
	cnt->since = since;
	cnt->folder = api_str(gql_arg(rc, "folder"));
	if (cnt->folder && (*cnt->folder == '\0' || strcmp(cnt->folder, "all") == 0))
		cnt->folder = NULL;
	r = store_updates_since(ctx->store, a, ctx->user->id, since, cnt->folder, order && strcmp(order, "DESCENDING") == 0,
	                        pg.offset, pg.limit + 1, &ups, &n);
	if (r != STORE_OK)
		return api_internal(rc, "listing updates", r);
	bool has_next = n > (size_t)pg.limit;
	if (has_next)
		n = (size_t)pg.limit;
	if ((c = api_connection_new(rc, &pg, n, has_next, "SyncUpdatedItemEdge", count_updates, cnt)) == NULL)
		return api_internal(rc, "updatesSince", 0);
	for (size_t i = 0; i < n; i++)
		if (update_edge(rc, &ups[i], since, &c->edges[i]) != 0)
			return -1;
	return api_answer(rc, out, r, "updatesSince", "UpdatesSinceSuccess", c);
}

/* ---- setBookmarkArticle (bookmark: false deletes) ---- */

static int resolve_set_bookmark(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const char *id = api_str(gql_value_get(in, "articleID"));
	const struct gql_value *bm = gql_value_get(in, "bookmark");
	struct store_item it;
	int r;
	if (ctx->user == NULL) /* the schema's enum has no UNAUTHORIZED */
		return api_out_error(rc, out, "SetBookmarkArticleError", "NOT_FOUND", API_NO_USER_MSG);
	if (bm && bm->kind == GQL_V_BOOLEAN && bm->u.b) {
		r = store_item_get(ctx->store, gql_arena(rc), ctx->user->id, id, &it);
		if (r == STORE_OK && !it.deleted_ms)
			return api_out_error(rc, out, "SetBookmarkArticleError", "BOOKMARK_EXISTS", "this item is already in your library");
		if (r != STORE_OK && r != STORE_E_NOTFOUND)
			return api_internal(rc, "reading the item", r);
		return api_out_error(rc, out, "SetBookmarkArticleError", "NOT_FOUND",
		                     "save the page with saveUrl to add it to your library");
	}
	r = svc_item_delete(ctx->store, gql_arena(rc), ctx->user->id, id, &it);
	if (r == STORE_E_NOTFOUND)
		return no_item(rc, out, "SetBookmarkArticleError", "NOT_FOUND", id);
	return api_answer_item(rc, out, r, "deleting the item", "SetBookmarkArticleSuccess", &it, NULL);
}

/* ---- setLinkArchived ---- */

struct archive_out { const char *id, *message; };

static int resolve_set_archived(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const char *id = api_str(gql_value_get(in, "linkId"));
	const struct gql_value *av = gql_value_get(in, "archived");
	bool archived = av && av->kind == GQL_V_BOOLEAN && av->u.b;
	struct store_item it;
	struct archive_out *res = ARENA_NEW(gql_arena(rc), struct archive_out);
	int r = svc_item_archive(ctx->store, gql_arena(rc), ctx->user->id, id, archived, &it);
	if (r == STORE_E_NOTFOUND) /* ArchiveLinkErrorCode has no NOT_FOUND */
		return no_item(rc, out, "ArchiveLinkError", "BAD_REQUEST", id);
	if (r == STORE_OK && res != NULL) {
		res->id = it.id;
		res->message = archived ? "Link Archived" : "Link Unarchived";
	}
	return api_answer(rc, out, r, "archiving the item", "ArchiveLinkSuccess", res);
}

enum archive_field { AF_LINK_ID, AF_MESSAGE };
static const char *const archive_fields[] = { [AF_LINK_ID] = "linkId", [AF_MESSAGE] = "message" };

static int resolve_archive_success(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct archive_out *res = parent;
	int f = api_field(rc, parent, API_NAMES(archive_fields));
	return f == API_NO_FIELD ? api_resolve_absent(rc, parent, out) : api_text(out, f == AF_LINK_ID ? res->id : res->message);
}

/* ---- updatePage ---- */

static int resolve_update_page(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const char *id = api_str(gql_value_get(in, "pageId"));
	struct store_item_patch p = { 0 };
	struct store_item it;
	int r;
	p.title = api_str_trim(rc, gql_value_get(in, "title"));
	p.description = api_str(gql_value_get(in, "description"));
	p.author = api_str(gql_value_get(in, "byline"));
	p.image = api_str(gql_value_get(in, "previewImage"));
	if (p.title && *p.title == '\0')
		return api_out_error(rc, out, "UpdatePageError", "BAD_REQUEST", "title must not be empty");
	const char *too_long = svc_item_text_refusal(a, p.title, p.author, p.description);
	if (too_long == NULL && p.image && strlen(p.image) > LIMIT_URL_BYTES)
		too_long = arena_printf(a, "previewImage is longer than %d bytes (the limit of a URL)", LIMIT_URL_BYTES);
	if (too_long)
		return api_out_error(rc, out, "UpdatePageError", "BAD_REQUEST", "%s", too_long);
	if (api_value_date(gql_value_get(in, "savedAt"), &p.saved_ms))
		p.saved_ms = 0;
	if (api_value_date(gql_value_get(in, "publishedAt"), &p.published_ms))
		p.published_ms = 0;
	r = svc_item_update(ctx->store, a, ctx->user->id, id, &p, api_str(gql_value_get(in, "state")), &it);
	if (r == STORE_E_NOTFOUND)
		return no_item(rc, out, "UpdatePageError", "NOT_FOUND", id);
	return api_answer_item(rc, out, r, "updating the item", "UpdatePageSuccess", &it, NULL);
}

/* ---- saveArticleReadingProgress ---- */

static int resolve_progress(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const char *id = api_str(gql_value_get(in, "id"));
	const struct gql_value *tv = gql_value_get(in, "readingProgressTopPercent"),
	                       *av = gql_value_get(in, "readingProgressAnchorIndex"), *fv = gql_value_get(in, "force");
	double pct = api_num(gql_value_get(in, "readingProgressPercent"), 0), top = api_num(tv, -1);
	int64_t anchor = av && av->kind == GQL_V_INT ? av->u.i : -1;
	bool force = fv && fv->kind == GQL_V_BOOLEAN && fv->u.b;
	struct store_item it;
	int r;
	if (!isfinite(pct) || pct < 0 || pct > 100 || (tv && tv->kind != GQL_V_NULL && (!isfinite(top) || top < 0 || top > 100)))
		return api_out_error(rc, out, "SaveArticleReadingProgressError", "BAD_DATA",
		                     "reading progress is a percentage from 0 to 100");
	if (av && av->kind == GQL_V_INT && anchor < 0)
		return api_out_error(rc, out, "SaveArticleReadingProgressError", "BAD_DATA",
		                     "readingProgressAnchorIndex must not be negative");
	r = svc_item_progress(ctx->store, a, ctx->user->id, id, pct, anchor, top, force, &it);
	if (r == STORE_E_NOTFOUND)
		return no_item(rc, out, "SaveArticleReadingProgressError", "NOT_FOUND", id);
	return api_answer_item(rc, out, r, "saving reading progress", "SaveArticleReadingProgressSuccess", &it, NULL);
}

int api_bind_library(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_SIGNED_IN("Query.article", resolve_article, "ArticleError"),
		API_SIGNED_IN("Query.articleSavingRequest", resolve_saving_request, "ArticleSavingRequestError"),
		API_SIGNED_IN("Query.updatesSince", resolve_updates_since, "UpdatesSinceError"),
		API_ONE("Mutation.setBookmarkArticle", resolve_set_bookmark), /* answers a missing user itself */
		API_SIGNED_IN("Mutation.setLinkArchived", resolve_set_archived, "ArchiveLinkError"),
		API_SIGNED_IN("Mutation.updatePage", resolve_update_page, "UpdatePageError"),
		API_SIGNED_IN("Mutation.saveArticleReadingProgress", resolve_progress, "SaveArticleReadingProgressError"),
		API_ALL("ArticleSuccess", api_resolve_self),
		API_ALL("ArticleSavingRequestSuccess", api_resolve_self),
		API_EACH("ArticleSavingRequest", resolve_saving_request_obj, saving_fields),
		API_ALL("SetBookmarkArticleSuccess", api_resolve_self),
		API_EACH("ArchiveLinkSuccess", resolve_archive_success, archive_fields),
		API_ALL("UpdatePageSuccess", api_resolve_self),
		API_ALL("SaveArticleReadingProgressSuccess", api_resolve_self),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
