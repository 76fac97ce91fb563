/* library.c: resolvers for reading and managing items: article, articleSavingRequest, updatesSince, setBookmarkArticle, setLinkArchived, updatePage, saveArticleReadingProgress. */
#include <math.h>
#include <string.h>

#include "api/api_int.h"
#include "util/arena.h"
#include "util/url.h"


int api_resolve_self(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	gql_out_object(out, NULL, parent);
	return 0;
}

/* ---- article ---- */

static int resolve_article(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *slug = api_str(gql_arg(rc, "slug"));
	struct store_item it;
	struct api_item *o;
	int r;
	if (ctx->user == NULL)
		return api_out_error(rc, out, "ArticleError", "UNAUTHORIZED", API_NO_USER_MSG);
	if (slug == NULL || *slug == '\0')
		return api_out_error(rc, out, "ArticleError", "BAD_DATA", "slug must not be empty");
	r = store_item_get(ctx->store, gql_arena(rc), ctx->user->id, slug, &it);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "ArticleError", "NOT_FOUND", "no item with slug or id \"%.200s\" in your library", slug);
	if (r != STORE_OK)
		return api_internal(rc, "reading the item", r);
	if ((o = api_item_new(rc, &it, api_str(gql_arg(rc, "format")))) == NULL)
		return api_internal(rc, "article", 0);
	gql_out_object(out, "ArticleSuccess", o);
	return 0;
}

/* ---- articleSavingRequest ---- */

static int resolve_saving_request(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const char *id = api_str(gql_arg(rc, "id")), *url = api_str(gql_arg(rc, "url"));
	struct store_item it;
	struct api_item *o;
	int r = STORE_E_NOTFOUND;
	if (ctx->user == NULL)
		return api_out_error(rc, out, "ArticleSavingRequestError", "UNAUTHORIZED", API_NO_USER_MSG);
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
	if (r != STORE_OK)
		return api_internal(rc, "reading the item", r);
	if ((o = api_item_new(rc, &it, NULL)) == NULL)
		return api_internal(rc, "articleSavingRequest", 0);
	gql_out_object(out, "ArticleSavingRequestSuccess", o);
	return 0;
}

static int resolve_saving_request_obj(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_item *o = parent;
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *f = gql_rfield(rc)->name;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	if (strcmp(f, "id") == 0)
		gql_out_cstr(out, o->it.id);
	else if (strcmp(f, "url") == 0)
		gql_out_cstr(out, o->it.url);
	else if (strcmp(f, "slug") == 0)
		gql_out_cstr(out, o->it.slug);
	else if (strcmp(f, "status") == 0)
		gql_out_enum(out, api_item_state(&o->it));
	else if (strcmp(f, "errorCode") == 0) {
		if (strcmp(o->it.state, "FAILED") == 0)
			gql_out_enum(out, "UNABLE_TO_FETCH");
		else
			gql_out_null(out);
	} else if (strcmp(f, "createdAt") == 0)
		return api_out_date(rc, out, o->it.created_ms);
	else if (strcmp(f, "updatedAt") == 0)
		return api_out_date(rc, out, o->it.updated_ms);
	else if (strcmp(f, "user") == 0)
		gql_out_object(out, "User", ctx->user);
	else if (strcmp(f, "userId") == 0)
		gql_out_cstr(out, o->it.user_id);
	else if (strcmp(f, "article") == 0)
		gql_out_object(out, "Article", o);
	else
		return api_resolve_absent(rc, parent, out);
	return 0;
}

/* ---- updatesSince ---- */

struct update_edge {
	const char *item_id, *reason, *cursor;
	struct api_item *node;      /* NULL for deleted items */
};
struct updates_out {
	struct update_edge *edges;
	size_t n;
	struct api_pageinfo *pi;
};
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

static int resolve_updates_since(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const struct gql_value *sort = gql_arg(rc, "sort");
	const char *order = api_str(gql_value_get(sort, "order"));
	struct updates_count *cnt;
	struct store_update *ups;
	struct updates_out *res;
	struct api_page pg;
	size_t n;
	int64_t since;
	int r;
	if (ctx->user == NULL)
		return api_out_error(rc, out, "UpdatesSinceError", "UNAUTHORIZED", API_NO_USER_MSG);
	if (api_value_date(gql_arg(rc, "since"), &since))
		return gql_error(rc, "BAD_USER_INPUT", "since must be a date");
	if (api_page_args(rc, &pg))
		return -1;
	if ((res = ARENA_NEW(a, struct updates_out)) == NULL || (cnt = ARENA_NEW(a, struct updates_count)) == NULL)
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
	if ((res->pi = api_pageinfo_new(rc, &pg, n, has_next)) == NULL ||
	    (n > 0 && (res->edges = ARENA_NEWN(a, struct update_edge, n)) == NULL))
		return api_internal(rc, "updatesSince", 0);
	res->pi->count = count_updates;
	res->pi->count_arg = cnt;
	for (size_t i = 0; i < n; i++) {
		struct update_edge *e = &res->edges[i];
		struct store_item it;
		e->item_id = ups[i].item_id;
		e->cursor = res->pi->end;
		if (ups[i].seq == 0) {
			e->reason = "DELETED";
			continue;
		}
		if ((r = store_item_by_seq(ctx->store, a, ups[i].seq, &it)) != STORE_OK)
			return api_internal(rc, "reading an item", r);
		if (it.deleted_ms) {
			e->reason = "DELETED";
			continue;
		}
		e->reason = it.created_ms > since ? "CREATED" : "UPDATED";
		if ((e->node = api_item_new(rc, &it, NULL)) == NULL)
			return api_internal(rc, "updatesSince", 0);
	}
	res->n = n;
	gql_out_object(out, "UpdatesSinceSuccess", res);
	return 0;
}

static int resolve_updates_success(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct updates_out *res = parent;
	const char *f = gql_rfield(rc)->name;
	struct gql_out *items;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	if (strcmp(f, "pageInfo") == 0) {
		gql_out_object(out, "PageInfo", res->pi);
		return 0;
	}
	if (strcmp(f, "edges") != 0)
		return api_resolve_absent(rc, parent, out);
	if ((items = gql_out_list(rc, out, (uint32_t)res->n)) == NULL && res->n > 0)
		return api_internal(rc, "edges", 0);
	for (size_t i = 0; i < res->n; i++)
		gql_out_object(&items[i], "SyncUpdatedItemEdge", &res->edges[i]);
	return 0;
}

static int resolve_update_edge(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct update_edge *e = parent;
	const char *f = gql_rfield(rc)->name;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	if (strcmp(f, "cursor") == 0)
		gql_out_cstr(out, e->cursor);
	else if (strcmp(f, "itemID") == 0)
		gql_out_cstr(out, e->item_id);
	else if (strcmp(f, "updateReason") == 0)
		gql_out_enum(out, e->reason);
	else if (strcmp(f, "node") == 0) {
		if (e->node)
			gql_out_object(out, "SearchItem", e->node);
		else
			gql_out_null(out);
	} else
		return api_resolve_absent(rc, parent, out);
	return 0;
}

/* ---- setBookmarkArticle (bookmark: false deletes) ---- */

static int resolve_set_bookmark(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const char *id = api_str(gql_value_get(in, "articleID"));
	const struct gql_value *bm = gql_value_get(in, "bookmark");
	struct store_item it;
	struct api_item *o;
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
	r = store_item_delete(ctx->store, gql_arena(rc), ctx->user->id, id, &it);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "SetBookmarkArticleError", "NOT_FOUND", "no item with id \"%.200s\" in your library",
		                     id ? id : "");
	if (r != STORE_OK)
		return api_internal(rc, "deleting the item", r);
	if ((o = api_item_new(rc, &it, NULL)) == NULL)
		return api_internal(rc, "setBookmarkArticle", 0);
	gql_out_object(out, "SetBookmarkArticleSuccess", o);
	return 0;
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
	struct archive_out *res;
	int r;
	if (ctx->user == NULL)
		return api_out_error(rc, out, "ArchiveLinkError", "UNAUTHORIZED", API_NO_USER_MSG);
	r = store_item_get(ctx->store, gql_arena(rc), ctx->user->id, id, &it);
	if (r == STORE_OK)
		r = store_item_set_archived(ctx->store, gql_arena(rc), ctx->user->id, it.id, archived, &it);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "ArchiveLinkError", "BAD_REQUEST", "no item with id \"%.200s\" in your library",
		                     id ? id : "");
	if (r != STORE_OK)
		return api_internal(rc, "archiving the item", r);
	if ((res = ARENA_NEW(gql_arena(rc), struct archive_out)) == NULL)
		return api_internal(rc, "setLinkArchived", 0);
	res->id = it.id;
	res->message = archived ? "Link Archived" : "Link Unarchived";
	gql_out_object(out, "ArchiveLinkSuccess", res);
	return 0;
}

static int resolve_archive_success(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct archive_out *res = parent;
	const char *f = gql_rfield(rc)->name;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	gql_out_cstr(out, strcmp(f, "linkId") == 0 ? res->id : res->message);
	return 0;
}

/* ---- updatePage ---- */

static int resolve_update_page(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const char *id = api_str(gql_value_get(in, "pageId")), *state = api_str(gql_value_get(in, "state"));
	struct store_item_patch p = { 0 };
	struct store_item it;
	struct api_item *o;
	int r;
	if (ctx->user == NULL)
		return api_out_error(rc, out, "UpdatePageError", "UNAUTHORIZED", API_NO_USER_MSG);
	p.title = api_str_trim(rc, gql_value_get(in, "title"));
	p.description = api_str(gql_value_get(in, "description"));
	p.author = api_str(gql_value_get(in, "byline"));
	p.image = api_str(gql_value_get(in, "previewImage"));
	if (p.title && *p.title == '\0')
		return api_out_error(rc, out, "UpdatePageError", "BAD_REQUEST", "title must not be empty");
	if (api_value_date(gql_value_get(in, "savedAt"), &p.saved_ms))
		p.saved_ms = 0;
	if (api_value_date(gql_value_get(in, "publishedAt"), &p.published_ms))
		p.published_ms = 0;
	r = store_item_get(ctx->store, a, ctx->user->id, id, &it);
	if (r == STORE_OK)
		r = store_item_update(ctx->store, a, ctx->user->id, it.id, &p, &it);
	if (r == STORE_OK && state) {
		if (strcmp(state, "ARCHIVED") == 0)
			r = store_item_set_archived(ctx->store, a, ctx->user->id, it.id, true, &it);
		else if (strcmp(state, "SUCCEEDED") == 0 && it.archived_ms)
			r = store_item_set_archived(ctx->store, a, ctx->user->id, it.id, false, &it);
		else if (strcmp(state, "DELETED") == 0)
			r = store_item_delete(ctx->store, a, ctx->user->id, it.id, &it);
	}
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "UpdatePageError", "NOT_FOUND", "no item with id \"%.200s\" in your library",
		                     id ? id : "");
	if (r != STORE_OK)
		return api_internal(rc, "updating the item", r);
	if ((o = api_item_new(rc, &it, NULL)) == NULL)
		return api_internal(rc, "updatePage", 0);
	gql_out_object(out, "UpdatePageSuccess", o);
	return 0;
}

/* ---- saveArticleReadingProgress ---- */

static int resolve_progress(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const char *id = api_str(gql_value_get(in, "id"));
	const struct gql_value *pv = gql_value_get(in, "readingProgressPercent"),
	                       *tv = gql_value_get(in, "readingProgressTopPercent"),
	                       *av = gql_value_get(in, "readingProgressAnchorIndex"),
	                       *fv = gql_value_get(in, "force");
	double pct = 0, top = -1;
	int64_t anchor = -1;
	bool force = fv && fv->kind == GQL_V_BOOLEAN && fv->u.b;
	struct store_item it;
	struct api_item *o;
	int r;
	if (ctx->user == NULL)
		return api_out_error(rc, out, "SaveArticleReadingProgressError", "UNAUTHORIZED", API_NO_USER_MSG);
	if (pv && pv->kind == GQL_V_FLOAT)
		pct = pv->u.f;
	else if (pv && pv->kind == GQL_V_INT)
		pct = (double)pv->u.i;
	if (tv && tv->kind == GQL_V_FLOAT)
		top = tv->u.f;
	else if (tv && tv->kind == GQL_V_INT)
		top = (double)tv->u.i;
	if (av && av->kind == GQL_V_INT)
		anchor = av->u.i;
	if (!isfinite(pct) || pct < 0 || pct > 100 || (tv && tv->kind != GQL_V_NULL && (!isfinite(top) || top < 0 || top > 100)))
		return api_out_error(rc, out, "SaveArticleReadingProgressError", "BAD_DATA",
		                     "reading progress is a percentage from 0 to 100");
	if (av && av->kind == GQL_V_INT && anchor < 0)
		return api_out_error(rc, out, "SaveArticleReadingProgressError", "BAD_DATA",
		                     "readingProgressAnchorIndex must not be negative");
	r = store_item_get(ctx->store, a, ctx->user->id, id, &it);
	if (r == STORE_OK) {
		/* progress only moves forward unless forced or reset to 0, so a stale device cannot undo it */
		if (!force && pct != 0 && pct < it.progress) {
			pct = it.progress;
			if (it.progress_anchor > anchor)
				anchor = -1;
		}
		r = store_item_set_progress(ctx->store, a, ctx->user->id, it.id, pct, anchor, top, &it);
	}
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "SaveArticleReadingProgressError", "NOT_FOUND",
		                     "no item with id \"%.200s\" in your library", id ? id : "");
	if (r != STORE_OK)
		return api_internal(rc, "saving reading progress", r);
	if ((o = api_item_new(rc, &it, NULL)) == NULL)
		return api_internal(rc, "saveArticleReadingProgress", 0);
	gql_out_object(out, "SaveArticleReadingProgressSuccess", o);
	return 0;
}

int api_bind_library(struct gql_schema *s, char *err, size_t errlen)
{
	if (api_bind_one(s, "Query.article", resolve_article, err, errlen) ||
	    api_bind_one(s, "Query.articleSavingRequest", resolve_saving_request, err, errlen) ||
	    api_bind_one(s, "Query.updatesSince", resolve_updates_since, err, errlen) ||
	    api_bind_one(s, "Mutation.setBookmarkArticle", resolve_set_bookmark, err, errlen) ||
	    api_bind_one(s, "Mutation.setLinkArchived", resolve_set_archived, err, errlen) ||
	    api_bind_one(s, "Mutation.updatePage", resolve_update_page, err, errlen) ||
	    api_bind_one(s, "Mutation.saveArticleReadingProgress", resolve_progress, err, errlen) ||
	    api_bind_all(s, "ArticleSuccess", api_resolve_self, err, errlen) ||
	    api_bind_all(s, "ArticleSavingRequestSuccess", api_resolve_self, err, errlen) ||
	    api_bind_all(s, "ArticleSavingRequest", resolve_saving_request_obj, err, errlen) ||
	    api_bind_all(s, "UpdatesSinceSuccess", resolve_updates_success, err, errlen) ||
	    api_bind_all(s, "SyncUpdatedItemEdge", resolve_update_edge, err, errlen) ||
	    api_bind_all(s, "SetBookmarkArticleSuccess", api_resolve_self, err, errlen) ||
	    api_bind_all(s, "ArchiveLinkSuccess", resolve_archive_success, err, errlen) ||
	    api_bind_all(s, "UpdatePageSuccess", api_resolve_self, err, errlen) ||
	    api_bind_all(s, "SaveArticleReadingProgressSuccess", api_resolve_self, err, errlen))
		return -1;
	return 0;
}
