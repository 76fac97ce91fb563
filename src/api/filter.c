/* filter.c: resolvers for saved searches (filters, saveFilter, updateFilter, deleteFilter, moveFilter, the Filter type) and recentSearches. */
#include <string.h>

#include "api/api_int.h"
#include "svc/filter.h"
#include "util/limits.h"

/* a list answer (FiltersSuccess.filters, RecentSearchesSuccess.searches): n rows at first */
struct rows_out { void *first; size_t n; };

enum filter_field {
	FF_ID, FF_NAME, FF_FILTER, FF_POSITION, FF_FOLDER, FF_CATEGORY, FF_DESCRIPTION, FF_VISIBLE, FF_DEFAULT,
	FF_CREATED, FF_UPDATED,
};
static const char *const filter_fields[] = {
	[FF_ID] = "id", [FF_NAME] = "name", [FF_FILTER] = "filter", [FF_POSITION] = "position", [FF_FOLDER] = "folder",
	[FF_CATEGORY] = "category", [FF_DESCRIPTION] = "description", [FF_VISIBLE] = "visible",
	[FF_DEFAULT] = "defaultFilter", [FF_CREATED] = "createdAt", [FF_UPDATED] = "updatedAt",
};

static int resolve_filter(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct store_filter *f = parent;
	switch (api_field(rc, parent, API_NAMES(filter_fields))) {
	case FF_ID: return api_text(out, f->id);
	case FF_NAME: return api_text(out, f->name);
	case FF_FILTER: return api_text(out, f->filter);
	case FF_POSITION: return api_int(out, f->position);
	case FF_FOLDER: return api_text(out, f->folder);
	case FF_CATEGORY: return api_text(out, f->category);
	case FF_DESCRIPTION: return api_text(out, f->description);
	case FF_VISIBLE: return api_bool(out, f->visible != 0);
	case FF_DEFAULT: return api_bool(out, f->default_filter != 0); /* made with the account (store_filter_defaults) */
	case FF_CREATED: return api_out_date(rc, out, f->created_ms);
	case FF_UPDATED: return api_out_date(rc, out, f->updated_ms);
	default: return api_resolve_absent(rc, parent, out);
	}
}

enum recent_field { RF_ID, RF_TERM, RF_CREATED };
static const char *const recent_fields[] = { [RF_ID] = "id", [RF_TERM] = "term", [RF_CREATED] = "createdAt" };

static int resolve_recent(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct store_recent_search *r = parent;
	switch (api_field(rc, parent, API_NAMES(recent_fields))) {
	case RF_ID: return api_text(out, r->id);
	case RF_TERM: return api_text(out, r->term);
	case RF_CREATED: return api_out_date(rc, out, r->created_ms);
	default: return api_resolve_absent(rc, parent, out);
	}
}

static int resolve_filters(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct rows_out *res = ARENA_NEW(gql_arena(rc), struct rows_out);
	int r = res ? store_filter_list(ctx->store, gql_arena(rc), ctx->user->id, (struct store_filter **)&res->first,
	                                &res->n) : STORE_OK;
	return api_answer(rc, out, r, "listing saved searches", "FiltersSuccess", res);
}

static int resolve_recent_searches(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct rows_out *res = ARENA_NEW(gql_arena(rc), struct rows_out);
	int r = res ? store_recent_search_list(ctx->store, gql_arena(rc), ctx->user->id,
	                                       (struct store_recent_search **)&res->first, &res->n) : STORE_OK;
	return api_answer(rc, out, r, "listing recent searches", "RecentSearchesSuccess", res);
}

static int resolve_filter_list(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct rows_out *res = parent;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	return api_out_objects(rc, out, "Filter", res->first, res->n, sizeof(struct store_filter));
}

static int resolve_search_list(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct rows_out *res = parent;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	return api_out_objects(rc, out, "RecentSearch", res->first, res->n, sizeof(struct store_recent_search));
}

/* an Int input field as a position (STORE_NO_POSITION when absent or null) */
static int64_t input_position(const struct gql_value *in)
{
	const struct gql_value *v = gql_value_get(in, "position");
	return v && v->kind == GQL_V_INT ? v->u.i : STORE_NO_POSITION;
}

/* the answer to a store call on one saved search: `type`'s error member for what the caller got wrong */
static int answer_filter(struct gql_rctx *rc, struct gql_out *out, int r, const char *id, const char *err_type,
                         const char *doing, const char *success, const struct store_filter *f)
{
	struct store *st = api_ctx_of(rc)->store;
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, err_type, "NOT_FOUND", "you have no saved search with id \"%.64s\"",
		                     id ? id : "");
	if (r == STORE_E_INVAL || r == STORE_E_LIMIT)
		return api_out_error(rc, out, err_type, "BAD_REQUEST", "%s", store_errmsg(st));
	return api_answer(rc, out, r, doing, success, f);
}

static int resolve_save(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	struct store_filter spec = {
		.name = api_str_trim(rc, gql_value_get(in, "name")), .filter = api_str(gql_value_get(in, "filter")),
		.folder = api_str(gql_value_get(in, "folder")), .category = api_str(gql_value_get(in, "category")),
		.description = api_str(gql_value_get(in, "description")), .position = input_position(in),
	};
	struct store_filter *f = ARENA_NEW(gql_arena(rc), struct store_filter);
	int r = f ? svc_filter_create(ctx->store, gql_arena(rc), ctx->user->id, &spec, f)
	          : STORE_OK;
	return answer_filter(rc, out, r, NULL, "SaveFilterError", "saving the search", "SaveFilterSuccess", f);
}

static int resolve_update(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input"), *vis = gql_value_get(in, "visible");
	const char *id = api_str(gql_value_get(in, "id"));
	struct store_filter_patch p = {
		.name = api_str_trim(rc, gql_value_get(in, "name")), .filter = api_str(gql_value_get(in, "filter")),
		.folder = api_str(gql_value_get(in, "folder")), .category = api_str(gql_value_get(in, "category")),
		.description = api_str(gql_value_get(in, "description")), .position = input_position(in),
		.visible = vis && vis->kind == GQL_V_BOOLEAN ? vis->u.b : -1,
	};
	struct store_filter *f = ARENA_NEW(gql_arena(rc), struct store_filter);
	int r = f ? svc_filter_update(ctx->store, gql_arena(rc), ctx->user->id, id, &p, f) : STORE_OK;
	return answer_filter(rc, out, r, id, "UpdateFilterError", "changing the saved search", "UpdateFilterSuccess", f);
}

static int resolve_move(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const char *id = api_str(gql_value_get(in, "filterId")), *after = api_str(gql_value_get(in, "afterFilterId"));
	struct store_filter *f = ARENA_NEW(gql_arena(rc), struct store_filter);
	int r = f ? svc_filter_move(ctx->store, gql_arena(rc), ctx->user->id, id, after, f) : STORE_OK;
	if (r == STORE_E_NOTFOUND && after != NULL)
		return api_out_error(rc, out, "MoveFilterError", "NOT_FOUND",
		                     "you have no saved search with id \"%.64s\" or \"%.64s\"", id ? id : "", after);
	return answer_filter(rc, out, r, id, "MoveFilterError", "moving the saved search", "MoveFilterSuccess", f);
}

static int remove_filter(struct store *st, struct arena *a, const char *user_id, const char *id, void *row)
{
	return svc_filter_delete(st, a, user_id, id, row);
}

int api_bind_filter(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_delete del = {
		.arg = "id", .noun = "saved search", .doing = "deleting the saved search", .success = "DeleteFilterSuccess",
		.size = sizeof(struct store_filter), .remove = remove_filter,
	};
	static const struct api_bind table[] = { /* each operation beside its success member */
		API_EACH("Filter", resolve_filter, filter_fields),
		API_EACH("RecentSearch", resolve_recent, recent_fields),
		API_SIGNED_IN("Query.filters", resolve_filters, "FiltersError"),
		API_ALL("FiltersSuccess", resolve_filter_list),
		API_SIGNED_IN("Query.recentSearches", resolve_recent_searches, "RecentSearchesError"),
		API_ALL("RecentSearchesSuccess", resolve_search_list),
		API_SIGNED_IN("Mutation.saveFilter", resolve_save, "SaveFilterError"),
		API_ALL("SaveFilterSuccess", api_resolve_self),
		API_SIGNED_IN("Mutation.updateFilter", resolve_update, "UpdateFilterError"),
		API_ALL("UpdateFilterSuccess", api_resolve_self),
		API_DELETE("Mutation.deleteFilter", "DeleteFilterError", &del),
		API_ALL("DeleteFilterSuccess", api_resolve_self),
		API_SIGNED_IN("Mutation.moveFilter", resolve_move, "MoveFilterError"),
		API_ALL("MoveFilterSuccess", api_resolve_self),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
