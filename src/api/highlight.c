/* highlight.c: resolvers for createHighlight, updateHighlight, deleteHighlight, mergeHighlight and setLabelsForHighlight. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "api/api_int.h"
#include "svc/highlight.h"
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

/* the refusal of an id that is not a UUID, and of one another user's highlight has: the same words and code, so
 * that the answer does not tell that an id exists in someone else's library */
#define BAD_ID "id must be a UUID"

/* a new highlight's id refused by the store as taken (EXISTS): ALREADY_EXISTS when the highlight is the user's own,
 * else (another user's) the answer to a malformed id */
static int taken(struct gql_rctx *rc, struct gql_out *out, const char *type, const char *id)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct store_highlight own;
	if (store_highlight_get(ctx->store, gql_arena(rc), ctx->user->id, id, &own) == STORE_OK)
		return api_out_error(rc, out, type, "ALREADY_EXISTS", "a highlight with id %s exists", id);
	return api_out_error(rc, out, type, "BAD_DATA", BAD_ID);
}

/* createHighlight's or mergeHighlight's input into *h; NULL when it may be saved, else why not (BAD_DATA) */
static const char *read_input(struct gql_rctx *rc, const struct gql_value *in, struct store_highlight *h)
{
	static const char *const texts[] = { "quote", "prefix", "suffix", "patch", "annotation", "html", NULL };
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *field;
	int64_t shared;
	memset(h, 0, sizeof *h);
	for (size_t i = 0; i < sizeof create_inputs / sizeof create_inputs[0]; i++)
		*(const char **)((char *)h + create_inputs[i].at) = api_str(gql_value_get(in, create_inputs[i].name));
	h->position_percent = api_num(gql_value_get(in, "highlightPositionPercent"), 0);
	h->position_anchor = (int64_t)api_num(gql_value_get(in, "highlightPositionAnchorIndex"), 0);
	if (h->id == NULL || !crypto_is_uuid(h->id, strlen(h->id)))
		return BAD_ID;
	if (h->short_id == NULL || strlen(h->short_id) == 0 || strlen(h->short_id) > 14)
		return "shortId must hold 1 to 14 characters";
	if ((field = too_long(in, texts, ctx->cfg->highlight_max_bytes)) != NULL) {
		const char *why = arena_printf(gql_arena(rc), "%s is longer than %zu bytes (highlight_max_bytes in larder.conf)",
		                               field, ctx->cfg->highlight_max_bytes);
		return why ? why : "a text is longer than highlight_max_bytes in larder.conf allows";
	}
	if (!isfinite(h->position_percent) || h->position_percent < 0 || h->position_percent > 100 || h->position_anchor < 0)
		return "highlight position out of range";
	if (api_value_date(gql_value_get(in, "sharedAt"), &shared) == 0)
		h->shared_ms = shared;
	return NULL;
}

static int resolve_create(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	struct store_highlight h, *res;
	struct store_highlight existing;
	const char *why;
	int r;
	if ((why = read_input(rc, gql_arg(rc, "input"), &h)) != NULL)
		return api_out_error(rc, out, "CreateHighlightError", "BAD_DATA", "%s", why);
	if (store_highlight_get(ctx->store, a, ctx->user->id, h.id, &existing) == STORE_OK)
		return api_out_error(rc, out, "CreateHighlightError", "ALREADY_EXISTS", "a highlight with id %s exists", h.id);
	if ((res = ARENA_NEW(a, struct store_highlight)) == NULL)
		return api_internal(rc, "createHighlight", 0);
	r = svc_highlight_create(ctx->store, a, ctx->user->id, &h, res);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "CreateHighlightError", "NOT_FOUND", "no item with id \"%.200s\" in your library",
		                     h.item_id ? h.item_id : "");
	if (r == STORE_E_EXISTS)
		return taken(rc, out, "CreateHighlightError", h.id);
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
	if ((field = too_long(in, texts, ctx->cfg->highlight_max_bytes)) != NULL)
		return api_out_error(rc, out, "UpdateHighlightError", "BAD_DATA",
		                     "%s is longer than %zu bytes (highlight_max_bytes in larder.conf)", field,
		                     ctx->cfg->highlight_max_bytes);
	if (api_value_date(gql_value_get(in, "sharedAt"), &shared))
		shared = 0;
	if ((res = ARENA_NEW(gql_arena(rc), struct store_highlight)) == NULL)
		return api_internal(rc, "updateHighlight", 0);
	r = svc_highlight_update(ctx->store, gql_arena(rc), ctx->user->id, id, api_str(gql_value_get(in, "annotation")),
	                         api_str(gql_value_get(in, "quote")), api_str(gql_value_get(in, "html")),
	                         api_str(gql_value_get(in, "color")), shared, res);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "UpdateHighlightError", "NOT_FOUND", "you have no highlight with id \"%.64s\"",
		                     id ? id : "");
	return api_answer(rc, out, r, "updating the highlight", "UpdateHighlightSuccess", res);
}

static int remove_highlight(struct store *st, struct arena *a, const char *user_id, const char *id, void *row)
{
	return svc_highlight_delete(st, a, user_id, id, row);
}

/* the parent of MergeHighlightSuccess */
struct merge_out {
	struct store_highlight h;
	const char **overlap;
	size_t n;
};

/* overlapHighlightIdList into m (at most highlights_per_item ids, each a UUID); NULL when fine, else why not */
static const char *read_overlap(struct gql_rctx *rc, const struct gql_value *list, struct merge_out *m)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	uint32_t max = ctx->cfg->highlights_per_item;
	m->n = list && list->kind == GQL_V_LIST ? list->u.list.n : 0;
	if (m->n > max)
		return "overlapHighlightIdList names more highlights than an item may have (highlights_per_item in larder.conf)";
	if ((m->overlap = ARENA_NEWN(gql_arena(rc), const char *, m->n + 1)) == NULL)
		return "out of memory";
	for (size_t i = 0; i < m->n; i++) {
		m->overlap[i] = api_str(list->u.list.items[i]);
		if (m->overlap[i] == NULL || !crypto_is_uuid(m->overlap[i], strlen(m->overlap[i])))
			return "every id in overlapHighlightIdList must be a UUID";
	}
	return NULL;
}

/* is id among the highlights the merge replaces? */
static bool replaced(const struct merge_out *m, const char *id)
{
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->overlap[i], id) == 0)
			return true;
	return false;
}

static int resolve_merge(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	struct merge_out *m = ARENA_NEW(a, struct merge_out);
	struct store_highlight h, existing;
	const char *why;
	int r;
	if (m == NULL)
		return api_internal(rc, "mergeHighlight", 0);
	if ((why = read_input(rc, in, &h)) != NULL || (why = read_overlap(rc, gql_value_get(in, "overlapHighlightIdList"), m)))
		return api_out_error(rc, out, "MergeHighlightError", "BAD_DATA", "%s", why);
	if (store_highlight_get(ctx->store, a, ctx->user->id, h.id, &existing) == STORE_OK && !replaced(m, h.id))
		return api_out_error(rc, out, "MergeHighlightError", "ALREADY_EXISTS", "a highlight with id %s exists", h.id);
	r = svc_highlight_merge(ctx->store, a, ctx->user->id, &h, m->overlap, m->n, &m->h);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "MergeHighlightError", "NOT_FOUND", "no item with id \"%.200s\" in your library, "
		                     "or a highlight in overlapHighlightIdList that is not yours", h.item_id ? h.item_id : "");
	if (r == STORE_E_EXISTS)
		return taken(rc, out, "MergeHighlightError", h.id);
	if (r == STORE_E_LIMIT)
		return api_out_error(rc, out, "MergeHighlightError", "BAD_DATA", "%s", store_errmsg(ctx->store));
	return api_answer(rc, out, r, "merging highlights", "MergeHighlightSuccess", m);
}

enum merge_field { MF_HIGHLIGHT, MF_OVERLAP };
static const char *const merge_fields[] = { [MF_HIGHLIGHT] = "highlight", [MF_OVERLAP] = "overlapHighlightIdList" };

static int resolve_merge_success(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct merge_out *m = parent;
	struct gql_out *ids;
	switch (api_field(rc, parent, API_NAMES(merge_fields))) {
	case MF_HIGHLIGHT: return api_obj(out, "Highlight", &m->h);
	case MF_OVERLAP:
		if ((ids = gql_out_list(rc, out, (uint32_t)m->n)) == NULL && m->n > 0)
			return api_internal(rc, "overlapHighlightIdList", 0);
		for (size_t i = 0; i < m->n; i++)
			gql_out_cstr(&ids[i], m->overlap[i]);
		return 0;
	default: return api_resolve_absent(rc, parent, out);
	}
}

int api_bind_highlight(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_delete del = {
		.arg = "highlightId", .noun = "highlight", .doing = "deleting the highlight",
		.success = "DeleteHighlightSuccess", .size = sizeof(struct store_highlight), .remove = remove_highlight,
	};
	static const struct api_set_labels labels = { .id_field = "highlightId", .noun = "highlight",
	                                              .set = svc_highlight_set_labels };
	static const struct api_bind table[] = {
		API_SIGNED_IN("Mutation.createHighlight", resolve_create, "CreateHighlightError"),
		API_SIGNED_IN("Mutation.updateHighlight", resolve_update, "UpdateHighlightError"),
		API_DELETE("Mutation.deleteHighlight", "DeleteHighlightError", &del),
		API_ALL("CreateHighlightSuccess", api_resolve_self),
		API_ALL("UpdateHighlightSuccess", api_resolve_self),
		API_ALL("DeleteHighlightSuccess", api_resolve_self),
		API_SIGNED_IN("Mutation.mergeHighlight", resolve_merge, "MergeHighlightError"),
		API_SET_LABELS("Mutation.setLabelsForHighlight", &labels),
		API_EACH("MergeHighlightSuccess", resolve_merge_success, merge_fields),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
