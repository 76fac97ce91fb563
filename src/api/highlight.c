/* highlight.c: resolvers for createHighlight, updateHighlight and deleteHighlight. */
#include <math.h>
#include <string.h>

#include "api/api_int.h"
#include "util/crypto.h"
#include "util/limits.h"


/* NULL when every text field is within max bytes (highlight_max_bytes), else its name */
static const char *too_long(const struct gql_value *in, const char *const *names, size_t max)
{
	for (; *names; names++) {
		const char *v = api_str(gql_value_get(in, *names));
		if (v && strlen(v) > max)
			return *names;
	}
	return NULL;
}

static double num(const struct gql_value *v, double dflt)
{
	if (v && v->kind == GQL_V_FLOAT)
		return v->u.f;
	if (v && v->kind == GQL_V_INT)
		return (double)v->u.i;
	return dflt;
}

static int resolve_create(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	static const char *const texts[] = { "quote", "prefix", "suffix", "patch", "annotation", "html", NULL };
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	struct store_highlight h = { 0 }, *res;
	const char *field;
	int64_t shared;
	struct store_highlight existing;
	int r;
	if (ctx->user == NULL)
		return api_out_error(rc, out, "CreateHighlightError", "UNAUTHORIZED", API_NO_USER_MSG);
	h.id = api_str(gql_value_get(in, "id"));
	h.short_id = api_str(gql_value_get(in, "shortId"));
	h.item_id = api_str(gql_value_get(in, "articleId"));
	h.type = api_str(gql_value_get(in, "type"));
	h.quote = api_str(gql_value_get(in, "quote"));
	h.prefix = api_str(gql_value_get(in, "prefix"));
	h.suffix = api_str(gql_value_get(in, "suffix"));
	h.patch = api_str(gql_value_get(in, "patch"));
	h.annotation = api_str(gql_value_get(in, "annotation"));
	h.html = api_str(gql_value_get(in, "html"));
	h.color = api_str(gql_value_get(in, "color"));
	h.representation = api_str(gql_value_get(in, "representation"));
	h.position_percent = num(gql_value_get(in, "highlightPositionPercent"), 0);
	h.position_anchor = (int64_t)num(gql_value_get(in, "highlightPositionAnchorIndex"), 0);
	if (h.id == NULL || !crypto_is_uuid(h.id, strlen(h.id)))
		return api_out_error(rc, out, "CreateHighlightError", "BAD_DATA", "id must be a UUID");
	if (h.short_id == NULL || strlen(h.short_id) == 0 || strlen(h.short_id) > 14)
		return api_out_error(rc, out, "CreateHighlightError", "BAD_DATA", "shortId must hold 1 to 14 characters");
	if ((field = too_long(in, texts, api_highlight_max_bytes(ctx))) != NULL)
		return api_out_error(rc, out, "CreateHighlightError", "BAD_DATA",
		                     "%s is longer than %zu bytes (highlight_max_bytes in larder.conf)", field,
		                     api_highlight_max_bytes(ctx));
	if (!isfinite(h.position_percent) || h.position_percent < 0 || h.position_percent > 100 || h.position_anchor < 0)
		return api_out_error(rc, out, "CreateHighlightError", "BAD_DATA", "highlight position out of range");
	if (api_value_date(gql_value_get(in, "sharedAt"), &shared) == 0)
		h.shared_ms = shared;
	if (store_highlight_get(ctx->store, a, ctx->user->id, h.id, &existing) == STORE_OK)
		return api_out_error(rc, out, "CreateHighlightError", "ALREADY_EXISTS", "a highlight with id %s exists", h.id);
	if ((res = ARENA_NEW(a, struct store_highlight)) == NULL)
		return api_internal(rc, "createHighlight", 0);
	r = store_highlight_create(ctx->store, a, ctx->user->id, &h, res);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "CreateHighlightError", "NOT_FOUND", "no item with id \"%.200s\" in your library",
		                     h.item_id ? h.item_id : "");
	if (r == STORE_E_EXISTS)
		return api_out_error(rc, out, "CreateHighlightError", "ALREADY_EXISTS", "a highlight with id %s exists", h.id);
	if (r == STORE_E_LIMIT)
		return api_out_error(rc, out, "CreateHighlightError", "BAD_DATA", "%s", store_errmsg(ctx->store));
	if (r != STORE_OK)
		return api_internal(rc, "creating the highlight", r);
	gql_out_object(out, "CreateHighlightSuccess", res);
	return 0;
}

static int resolve_update(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	static const char *const texts[] = { "quote", "annotation", "html", NULL };
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const char *id = api_str(gql_value_get(in, "highlightId")), *field;
	struct store_highlight *res;
	int64_t shared = 0;
	int r;
	if (ctx->user == NULL)
		return api_out_error(rc, out, "UpdateHighlightError", "UNAUTHORIZED", API_NO_USER_MSG);
	if ((field = too_long(in, texts, api_highlight_max_bytes(ctx))) != NULL)
		return api_out_error(rc, out, "UpdateHighlightError", "BAD_DATA",
		                     "%s is longer than %zu bytes (highlight_max_bytes in larder.conf)", field,
		                     api_highlight_max_bytes(ctx));
	if (api_value_date(gql_value_get(in, "sharedAt"), &shared))
		shared = 0;
	if ((res = ARENA_NEW(gql_arena(rc), struct store_highlight)) == NULL)
		return api_internal(rc, "updateHighlight", 0);
	r = store_highlight_update(ctx->store, gql_arena(rc), ctx->user->id, id, api_str(gql_value_get(in, "annotation")),
	                           api_str(gql_value_get(in, "quote")), api_str(gql_value_get(in, "html")),
	                           api_str(gql_value_get(in, "color")), shared, res);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "UpdateHighlightError", "NOT_FOUND", "you have no highlight with id \"%.64s\"",
		                     id ? id : "");
	if (r != STORE_OK)
		return api_internal(rc, "updating the highlight", r);
	gql_out_object(out, "UpdateHighlightSuccess", res);
	return 0;
}

static int resolve_delete(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *id = api_str(gql_arg(rc, "highlightId"));
	struct store_highlight *res;
	int r;
	if (ctx->user == NULL)
		return api_out_error(rc, out, "DeleteHighlightError", "UNAUTHORIZED", API_NO_USER_MSG);
	if ((res = ARENA_NEW(gql_arena(rc), struct store_highlight)) == NULL)
		return api_internal(rc, "deleteHighlight", 0);
	r = store_highlight_delete(ctx->store, gql_arena(rc), ctx->user->id, id, res);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "DeleteHighlightError", "NOT_FOUND", "you have no highlight with id \"%.64s\"",
		                     id ? id : "");
	if (r != STORE_OK)
		return api_internal(rc, "deleting the highlight", r);
	gql_out_object(out, "DeleteHighlightSuccess", res);
	return 0;
}

int api_bind_highlight(struct gql_schema *s, char *err, size_t errlen)
{
	if (api_bind_one(s, "Mutation.createHighlight", resolve_create, err, errlen) ||
	    api_bind_one(s, "Mutation.updateHighlight", resolve_update, err, errlen) ||
	    api_bind_one(s, "Mutation.deleteHighlight", resolve_delete, err, errlen) ||
	    api_bind_all(s, "CreateHighlightSuccess", api_resolve_self, err, errlen) ||
	    api_bind_all(s, "UpdateHighlightSuccess", api_resolve_self, err, errlen) ||
	    api_bind_all(s, "DeleteHighlightSuccess", api_resolve_self, err, errlen))
		return -1;
	return 0;
}
