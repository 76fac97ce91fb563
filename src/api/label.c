/* label.c: resolvers for labels, createLabel, updateLabel, deleteLabel and setLabels. */
#include <ctype.h>
#include <string.h>

#include "api/api_int.h"
#include "util/utf8.h"
#include "util/limits.h"

#define XSTR(x) STR(x)
#define STR(x) #x

struct labels_out { struct store_label *l; size_t n; };

/* NULL when fine, else why not: a colour is #RGB, #RRGGBB (or with alpha) or a CSS colour name */
static const char *bad_color(const char *c)
{
	size_t n = strlen(c);
	if (c[0] == '#') {
		if (n != 4 && n != 5 && n != 7 && n != 9)
			return "a colour is #RGB or #RRGGBB";
		for (size_t i = 1; i < n; i++)
			if (!isxdigit((unsigned char)c[i]))
				return "a colour is #RGB or #RRGGBB";
		return NULL;
	}
	if (n == 0 || n > 32)
		return "a colour is #RGB, #RRGGBB or a CSS colour name";
	for (size_t i = 0; i < n; i++)
		if (!isalpha((unsigned char)c[i]))
			return "a colour is #RGB, #RRGGBB or a CSS colour name";
	return NULL;
}

/* checks name, colour and description of a label input; NULL when fine, else the message */
static const char *check_label(const char *name, const char *color, const char *desc)
{
	const char *why;
	if (name && *name == '\0')
		return "a label name must not be empty";
	if (name && utf8_count(name, strlen(name)) > LIMIT_LABEL_NAME)
		return "a label name has at most " XSTR(LIMIT_LABEL_NAME) " characters";
	if (name && strpbrk(name, "\r\n\t") != NULL)
		return "a label name must not hold line breaks or tabs";
	if (color && *color && (why = bad_color(color)) != NULL)
		return why;
	if (desc && utf8_count(desc, strlen(desc)) > LIMIT_LABEL_DESCRIPTION)
		return "a label description has at most " XSTR(LIMIT_LABEL_DESCRIPTION) " characters";
	return NULL;
}

static int resolve_labels(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct labels_out *res;
	int r;
	if (ctx->user == NULL)
		return api_out_error(rc, out, "LabelsError", "UNAUTHORIZED", API_NO_USER_MSG);
	if ((res = ARENA_NEW(gql_arena(rc), struct labels_out)) == NULL)
		return api_internal(rc, "labels", 0);
	if ((r = store_label_list(ctx->store, gql_arena(rc), ctx->user->id, &res->l, &res->n)) != STORE_OK)
		return api_internal(rc, "listing labels", r);
	gql_out_object(out, "LabelsSuccess", res);
	return 0;
}

static int resolve_labels_list(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct labels_out *res = parent;
	struct gql_out *items;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	if ((items = gql_out_list(rc, out, (uint32_t)res->n)) == NULL && res->n > 0)
		return api_internal(rc, "labels", 0);
	for (size_t i = 0; i < res->n; i++)
		gql_out_object(&items[i], "Label", &res->l[i]);
	return 0;
}

static int resolve_create(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const char *name = api_str_trim(rc, gql_value_get(in, "name")), *color = api_str(gql_value_get(in, "color")),
	           *desc = api_str(gql_value_get(in, "description")), *why;
	struct store_label *l;
	int r;
	if (ctx->user == NULL)
		return api_out_error(rc, out, "CreateLabelError", "UNAUTHORIZED", API_NO_USER_MSG);
	if (name == NULL)
		return api_out_error(rc, out, "CreateLabelError", "BAD_REQUEST", "a label needs a name");
	if ((why = check_label(name, color, desc)) != NULL)
		return api_out_error(rc, out, "CreateLabelError", "BAD_REQUEST", "%s", why);
	if ((l = ARENA_NEW(gql_arena(rc), struct store_label)) == NULL)
		return api_internal(rc, "createLabel", 0);
	r = store_label_create(ctx->store, gql_arena(rc), ctx->user->id, name, color, desc, l);
	if (r == STORE_E_EXISTS)
		return api_out_error(rc, out, "CreateLabelError", "LABEL_ALREADY_EXISTS", "you already have a label named \"%s\"", name);
	if (r == STORE_E_LIMIT)
		return api_out_error(rc, out, "CreateLabelError", "BAD_REQUEST", "%s", store_errmsg(ctx->store));
	if (r != STORE_OK)
		return api_internal(rc, "creating the label", r);
	gql_out_object(out, "CreateLabelSuccess", l);
	return 0;
}

static int resolve_update(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const char *id = api_str(gql_value_get(in, "labelId")), *name = api_str_trim(rc, gql_value_get(in, "name")),
	           *color = api_str(gql_value_get(in, "color")), *desc = api_str(gql_value_get(in, "description")), *why;
	struct store_label *l;
	int r;
	if (ctx->user == NULL)
		return api_out_error(rc, out, "UpdateLabelError", "UNAUTHORIZED", API_NO_USER_MSG);
	if ((why = check_label(name, color, desc)) != NULL)
		return api_out_error(rc, out, "UpdateLabelError", "BAD_REQUEST", "%s", why);
	if ((l = ARENA_NEW(gql_arena(rc), struct store_label)) == NULL)
		return api_internal(rc, "updateLabel", 0);
	r = store_label_update(ctx->store, gql_arena(rc), ctx->user->id, id, name, color && *color ? color : NULL, desc, l);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "UpdateLabelError", "NOT_FOUND", "you have no label with id \"%.64s\"", id ? id : "");
	if (r == STORE_E_EXISTS)
		return api_out_error(rc, out, "UpdateLabelError", "BAD_REQUEST", "you already have a label named \"%s\"", name);
	if (r != STORE_OK)
		return api_internal(rc, "updating the label", r);
	gql_out_object(out, "UpdateLabelSuccess", l);
	return 0;
}

static int resolve_delete(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *id = api_str(gql_arg(rc, "id"));
	struct store_label *l;
	int r;
	if (ctx->user == NULL)
		return api_out_error(rc, out, "DeleteLabelError", "UNAUTHORIZED", API_NO_USER_MSG);
	if ((l = ARENA_NEW(gql_arena(rc), struct store_label)) == NULL)
		return api_internal(rc, "deleteLabel", 0);
	r = store_label_delete(ctx->store, gql_arena(rc), ctx->user->id, id, l);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "DeleteLabelError", "NOT_FOUND", "you have no label with id \"%.64s\"", id ? id : "");
	if (r != STORE_OK)
		return api_internal(rc, "deleting the label", r);
	gql_out_object(out, "DeleteLabelSuccess", l);
	return 0;
}

static int resolve_set_labels(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const char *page = api_str(gql_value_get(in, "pageId"));
	const struct gql_value *ids = gql_value_get(in, "labelIds"), *named = gql_value_get(in, "labels");
	uint32_t nids = ids && ids->kind == GQL_V_LIST ? ids->u.list.n : 0;
	uint32_t nnamed = named && named->kind == GQL_V_LIST ? named->u.list.n : 0;
	struct labels_out *res;
	struct store_label_ref *all;
	size_t n = 0;
	int r;
	if (ctx->user == NULL)
		return api_out_error(rc, out, "SetLabelsError", "UNAUTHORIZED", API_NO_USER_MSG);
	if ((size_t)nids + nnamed > api_labels_per_item(ctx))
		return api_out_error(rc, out, "SetLabelsError", "BAD_REQUEST",
		                     "at most %u labels on one item (labels_per_item in larder.conf)", api_labels_per_item(ctx));
	if ((res = ARENA_NEW(a, struct labels_out)) == NULL ||
	    (all = ARENA_NEWN(a, struct store_label_ref, (size_t)nids + nnamed + 1)) == NULL)
		return api_internal(rc, "setLabels", 0);
	for (uint32_t i = 0; i < nids; i++) {
		all[n].name = all[n].color = NULL;
		if ((all[n].id = api_str(ids->u.list.items[i])) != NULL)
			n++;
	}
	for (uint32_t i = 0; i < nnamed; i++) {
		const struct gql_value *li = named->u.list.items[i];
		const char *name = api_str_trim(rc, gql_value_get(li, "name")), *color = api_str(gql_value_get(li, "color")),
		           *why;
		if (name == NULL || (why = check_label(name, color, api_str(gql_value_get(li, "description")))) != NULL)
			return api_out_error(rc, out, "SetLabelsError", "BAD_REQUEST", "label %u: %s", i + 1,
			                     name ? why : "a label needs a name");
		all[n].id = NULL;
		all[n].name = name;
		all[n++].color = color && *color ? color : NULL;
	}
	/* one transaction: labels made by name are created only when the whole change is accepted */
	r = store_item_set_labels(ctx->store, a, ctx->user->id, page, all, n, &res->l, &res->n);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "SetLabelsError", "NOT_FOUND", "no such item, or a label id that is not one of yours");
	if (r == STORE_E_LIMIT || r == STORE_E_INVAL)
		return api_out_error(rc, out, "SetLabelsError", "BAD_REQUEST", "%s", store_errmsg(ctx->store));
	if (r != STORE_OK)
		return api_internal(rc, "setting labels", r);
	gql_out_object(out, "SetLabelsSuccess", res);
	return 0;
}

int api_bind_label(struct gql_schema *s, char *err, size_t errlen)
{
	if (api_bind_one(s, "Query.labels", resolve_labels, err, errlen) ||
	    api_bind_one(s, "Mutation.createLabel", resolve_create, err, errlen) ||
	    api_bind_one(s, "Mutation.updateLabel", resolve_update, err, errlen) ||
	    api_bind_one(s, "Mutation.deleteLabel", resolve_delete, err, errlen) ||
	    api_bind_one(s, "Mutation.setLabels", resolve_set_labels, err, errlen) ||
	    api_bind_all(s, "LabelsSuccess", resolve_labels_list, err, errlen) ||
	    api_bind_all(s, "SetLabelsSuccess", resolve_labels_list, err, errlen) ||
	    api_bind_all(s, "CreateLabelSuccess", api_resolve_self, err, errlen) ||
	    api_bind_all(s, "UpdateLabelSuccess", api_resolve_self, err, errlen) ||
	    api_bind_all(s, "DeleteLabelSuccess", api_resolve_self, err, errlen))
		return -1;
	return 0;
}
