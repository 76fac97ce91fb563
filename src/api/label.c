/* label.c: resolvers for the Label type, labels, createLabel, updateLabel, deleteLabel and setLabels. */
#include <string.h>

#include "api/api_int.h"
#include "svc/label.h"
#include "svc/library.h"
#include "util/limits.h"


enum label_field { LF_ID, LF_NAME, LF_COLOR, LF_DESCRIPTION, LF_CREATED, LF_POSITION, LF_INTERNAL, LF_SOURCE };
static const char *const label_fields[] = {
	[LF_ID] = "id", [LF_NAME] = "name", [LF_COLOR] = "color", [LF_DESCRIPTION] = "description",
	[LF_CREATED] = "createdAt", [LF_POSITION] = "position", [LF_INTERNAL] = "internal", [LF_SOURCE] = "source",
};

static int resolve_label(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct store_label *l = parent;
	switch (api_field(rc, parent, API_NAMES(label_fields))) {
	case LF_ID: return api_text(out, l->id);
	case LF_NAME: return api_text(out, l->name);
	case LF_COLOR: return api_text(out, l->color);
	case LF_DESCRIPTION: return api_text(out, l->description);
	case LF_CREATED: return api_out_date(rc, out, l->created_ms);
	case LF_POSITION: return api_int(out, l->position);
	case LF_INTERNAL: return api_bool(out, l->internal != 0);
	case LF_SOURCE: return api_text(out, l->source);
	default: return api_resolve_absent(rc, parent, out);
	}
}

static int resolve_labels(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct api_labels *res = ARENA_NEW(gql_arena(rc), struct api_labels);
	int r = res ? store_label_list(ctx->store, gql_arena(rc), ctx->user->id, &res->l, &res->n) : STORE_OK;
	return api_answer(rc, out, r, "listing labels", "LabelsSuccess", res);
}

/* LabelsSuccess.labels, SetLabelsSuccess.labels */
static int resolve_labels_list(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_labels *res = parent;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	return api_out_objects(rc, out, "Label", res->l, res->n, sizeof *res->l);
}

static int resolve_create(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const char *name = api_str_trim(rc, gql_value_get(in, "name")), *color = api_str(gql_value_get(in, "color")),
	           *desc = api_str(gql_value_get(in, "description")), *why;
	struct store_label *l;
	int r;
	if (name == NULL)
		return api_out_error(rc, out, "CreateLabelError", "BAD_REQUEST", "a label needs a name");
	if ((why = svc_label_refusal(name, color, desc)) != NULL)
		return api_out_error(rc, out, "CreateLabelError", "BAD_REQUEST", "%s", why);
	if ((l = ARENA_NEW(gql_arena(rc), struct store_label)) == NULL)
		return api_internal(rc, "createLabel", 0);
	r = svc_label_create(ctx->store, gql_arena(rc), ctx->user->id, name, color, desc, l);
	if (r == STORE_E_EXISTS)
		return api_out_error(rc, out, "CreateLabelError", "LABEL_ALREADY_EXISTS", "you already have a label named \"%s\"", name);
	if (r == STORE_E_LIMIT)
		return api_out_error(rc, out, "CreateLabelError", "BAD_REQUEST", "%s", store_errmsg(ctx->store));
	return api_answer(rc, out, r, "creating the label", "CreateLabelSuccess", l);
}

static int resolve_update(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const char *id = api_str(gql_value_get(in, "labelId")), *name = api_str_trim(rc, gql_value_get(in, "name")),
	           *color = api_str(gql_value_get(in, "color")), *desc = api_str(gql_value_get(in, "description")), *why;
	struct store_label *l;
	int r;
	if ((why = svc_label_refusal(name, color, desc)) != NULL)
		return api_out_error(rc, out, "UpdateLabelError", "BAD_REQUEST", "%s", why);
	if ((l = ARENA_NEW(gql_arena(rc), struct store_label)) == NULL)
		return api_internal(rc, "updateLabel", 0);
	r = svc_label_update(ctx->store, gql_arena(rc), ctx->user->id, id, name, color && *color ? color : NULL, desc, l);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "UpdateLabelError", "NOT_FOUND", "you have no label with id \"%.64s\"", id ? id : "");
	if (r == STORE_E_EXISTS)
		return api_out_error(rc, out, "UpdateLabelError", "BAD_REQUEST", "you already have a label named \"%s\"", name);
	return api_answer(rc, out, r, "updating the label", "UpdateLabelSuccess", l);
}

static int remove_label(struct store *st, struct arena *a, const char *user_id, const char *id, void *row)
{
	return svc_label_delete(st, a, user_id, id, row);
}

int api_label_refs(struct gql_rctx *rc, struct gql_out *out, const struct gql_value *in,
                   struct store_label_ref **all, size_t *n)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *ids = gql_value_get(in, "labelIds"), *named = gql_value_get(in, "labels");
	uint32_t nids = ids && ids->kind == GQL_V_LIST ? ids->u.list.n : 0;
	uint32_t nnamed = named && named->kind == GQL_V_LIST ? named->u.list.n : 0;
	struct store_label_ref *refs;
	*all = NULL;
	*n = 0;
	if ((size_t)nids + nnamed > ctx->cfg->labels_per_item)
		return api_out_error(rc, out, "SetLabelsError", "BAD_REQUEST",
		                     "at most %u labels on one item (labels_per_item in larder.conf)", ctx->cfg->labels_per_item);
	if ((refs = ARENA_NEWN(gql_arena(rc), struct store_label_ref, (size_t)nids + nnamed + 1)) == NULL)
		return api_internal(rc, "setLabels", 0);
	for (uint32_t i = 0; i < nids; i++) {
		refs[*n].name = refs[*n].color = NULL;
		if ((refs[*n].id = api_str(ids->u.list.items[i])) != NULL)
			(*n)++;
	}
	for (uint32_t i = 0; i < nnamed; i++) {
		const struct gql_value *li = named->u.list.items[i];
		const char *name = api_str_trim(rc, gql_value_get(li, "name")), *color = api_str(gql_value_get(li, "color")),
		           *why = NULL;
		if (name == NULL || (why = svc_label_refusal(name, color, api_str(gql_value_get(li, "description")))) != NULL)
			return api_out_error(rc, out, "SetLabelsError", "BAD_REQUEST", "label %u: %s", i + 1,
			                     name ? why : "a label needs a name");
		refs[*n].id = NULL;
		refs[*n].name = name;
		refs[(*n)++].color = color && *color ? color : NULL;
	}
	*all = refs;
	return 0;
}

int api_resolve_set_labels(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct api_set_labels *sl = api_row(rc)->data;
	struct arena *a = gql_arena(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	struct api_labels *res;
	struct store_label_ref *all;
	size_t n;
	int r;
	if ((r = api_label_refs(rc, out, in, &all, &n)) != 0 || all == NULL)
		return r;
	if ((res = ARENA_NEW(a, struct api_labels)) == NULL)
		return api_internal(rc, "setLabels", 0);
	/* one transaction: labels made by name are created only when the whole change is accepted */
	r = sl->set(ctx->store, a, ctx->user->id, api_str(gql_value_get(in, sl->id_field)), all, n, &res->l, &res->n);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "SetLabelsError", "NOT_FOUND", "no such %s, or a label id that is not one of yours",
		                     sl->noun);
	if (r == STORE_E_LIMIT || r == STORE_E_INVAL)
		return api_out_error(rc, out, "SetLabelsError", "BAD_REQUEST", "%s", store_errmsg(ctx->store));
	return api_answer(rc, out, r, "setting labels", "SetLabelsSuccess", res);
}

int api_bind_label(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_delete del = {
		.arg = "id", .noun = "label", .doing = "deleting the label", .success = "DeleteLabelSuccess",
		.size = sizeof(struct store_label), .remove = remove_label,
	};
	static const struct api_set_labels item_labels = { .id_field = "pageId", .noun = "item",
	                                                   .set = svc_item_set_labels };
	static const struct api_bind table[] = {
		API_SIGNED_IN("Query.labels", resolve_labels, "LabelsError"),
		API_SIGNED_IN("Mutation.createLabel", resolve_create, "CreateLabelError"),
		API_SIGNED_IN("Mutation.updateLabel", resolve_update, "UpdateLabelError"),
		API_DELETE("Mutation.deleteLabel", "DeleteLabelError", &del),
		API_SET_LABELS("Mutation.setLabels", &item_labels),
		API_ALL("LabelsSuccess", resolve_labels_list),
		API_ALL("SetLabelsSuccess", resolve_labels_list),
		API_ALL("CreateLabelSuccess", api_resolve_self),
		API_ALL("UpdateLabelSuccess", api_resolve_self),
		API_ALL("DeleteLabelSuccess", api_resolve_self),
		API_EACH("Label", resolve_label, label_fields),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
