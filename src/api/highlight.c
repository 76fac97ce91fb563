/* highlight.c: resolvers for createHighlight, updateHighlight and deleteHighlight. */
#include <math.h>
#include <stddef.h>
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

/* createHighlight's text inputs and the members they fill */
#define TEXT_INPUT(name, member) { name, offsetof(struct store_highlight, member) }
static const struct { const char *name; size_t at; } create_inputs[] = {
	TEXT_INPUT("id", id), TEXT_INPUT("shortId", short_id), TEXT_INPUT("articleId", item_id), TEXT_INPUT("type", type),
	TEXT_INPUT("quote", quote), TEXT_INPUT("prefix", prefix), TEXT_INPUT("suffix", suffix),
	TEXT_INPUT("patch", patch), TEXT_INPUT("annotation", annotation), TEXT_INPUT("html", html),
	TEXT_INPUT("color", color), TEXT_INPUT("representation", representation),
};

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
	for (size_t i = 0; i < sizeof create_inputs / sizeof create_inputs[0]; i++)
		*(const char **)((char *)&h + create_inputs[i].at) = api_str(gql_value_get(in, create_inputs[i].name));
	h.position_percent = api_num(gql_value_get(in, "highlightPositionPercent"), 0);
	h.position_anchor = (int64_t)api_num(gql_value_get(in, "highlightPositionAnchorIndex"), 0);
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
	return api_answer(rc, out, r, "creating the highlight", "CreateHighlightSuccess", res);
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
	return api_answer(rc, out, r, "updating the highlight", "UpdateHighlightSuccess", res);
}

static int remove_highlight(struct store *st, struct arena *a, const char *user_id, const char *id, void *row)
{
	return store_highlight_delete(st, a, user_id, id, row);
}

int api_bind_highlight(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_delete del = {
		.arg = "highlightId", .noun = "highlight", .doing = "deleting the highlight",
		.success = "DeleteHighlightSuccess", .size = sizeof(struct store_highlight), .remove = remove_highlight,
	};
	static const struct api_bind table[] = {
		API_SIGNED_IN("Mutation.createHighlight", resolve_create, "CreateHighlightError"),
		API_SIGNED_IN("Mutation.updateHighlight", resolve_update, "UpdateHighlightError"),
		API_DELETE("Mutation.deleteHighlight", "DeleteHighlightError", &del),
		API_ALL("CreateHighlightSuccess", api_resolve_self),
		API_ALL("UpdateHighlightSuccess", api_resolve_self),
		API_ALL("DeleteHighlightSuccess", api_resolve_self),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
