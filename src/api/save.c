/* save.c: resolvers for saveUrl and savePage: their inputs handed to svc_save, its answer as SaveSuccess (with the reader URL) or SaveError. */
#include <string.h>

#include "api/api_int.h"
#include "svc/save.h"

struct save_out { const char *id, *url; };

/* the label names of the input's labels list (a label without a name gives NULL, which svc refuses); over
 * labels_per_item only their count is passed, which svc refuses before reading any name; -1 when out of memory */
static int read_labels(struct gql_rctx *rc, const struct gql_value *labels, struct svc_save_in *in)
{
	const char **names;
	if (labels == NULL || labels->kind != GQL_V_LIST || labels->u.list.n == 0)
		return 0;
	in->nlabels = labels->u.list.n;
	if (in->nlabels > api_ctx_of(rc)->cfg->labels_per_item)
		return 0;
	if ((names = ARENA_NEWN(gql_arena(rc), const char *, labels->u.list.n)) == NULL)
		return -1;
	for (uint32_t i = 0; i < labels->u.list.n; i++)
		names[i] = api_str(gql_value_get(labels->u.list.items[i], "name"));
	in->labels = names;
	return 0;
}

int api_save_input(struct gql_rctx *rc, const struct gql_value *v, struct svc_save_in *in)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	int64_t ms;

	memset(in, 0, sizeof *in);
	in->user_id = ctx->user->id;
	in->username = ctx->user->username;
	in->url = api_str(gql_value_get(v, "url"));
	in->client_request_id = api_str(gql_value_get(v, "clientRequestId"));
	in->source = api_str(gql_value_get(v, "source"));
	in->folder = api_str(gql_value_get(v, "folder"));
	in->state = api_str(gql_value_get(v, "state"));
	if (api_value_date(gql_value_get(v, "savedAt"), &ms) == 0)
		in->saved_ms = ms;
	if (api_value_date(gql_value_get(v, "publishedAt"), &ms) == 0)
		in->published_ms = ms;
	return read_labels(rc, gql_value_get(v, "labels"), in);
}

int api_save(struct gql_rctx *rc, struct gql_out *out, const struct svc_save_in *in, const char *error_type,
             const char *code, struct svc_save_out *r)
{
	struct api_ctx *ctx = api_ctx_of(rc);
	switch (svc_save(ctx->store, ctx->cfg, gql_arena(rc), in, r)) {
	case SVC_SAVE_REFUSED:
		return api_out_error(rc, out, error_type, code, "%s", r->message);
	case SVC_SAVE_FAILED:
		return api_internal(rc, r->message, r->store_rc);
	case SVC_SAVED:
		break;
	}
	return 1;
}

/* svc_save's answer: SaveSuccess with the reader URL (base_url in front), SaveError, or an internal error */
static int answer(struct gql_rctx *rc, struct gql_out *out, const struct svc_save_in *in)
{
	struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const char *base = ctx->cfg->base_url, *path;
	struct svc_save_out r;
	struct save_out *res;
	int saved = api_save(rc, out, in, "SaveError", "UNKNOWN", &r);

	if (saved != 1)
		return saved;
	if ((res = ARENA_NEW(a, struct save_out)) == NULL || (path = svc_reader_path(a, in->username, &r.item)) == NULL ||
	    (res->url = arena_printf(a, "%s%s", base, path)) == NULL)
		return api_internal(rc, "save", 0);
	res->id = r.item.id;
	gql_out_object(out, "SaveSuccess", res);
	return 0;
}

static int resolve_save_url(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	struct svc_save_in in;
	if (api_save_input(rc, gql_arg(rc, "input"), &in) != 0)
		return api_internal(rc, "saveUrl", 0);
	return answer(rc, out, &in);
}

static int resolve_save_page(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct gql_value *v = gql_arg(rc, "input"), *html = gql_value_get(v, "originalContent");
	struct svc_save_in in;
	if (api_save_input(rc, v, &in) != 0)
		return api_internal(rc, "savePage", 0);
	in.page = true;
	if (html && html->kind == GQL_V_STRING) {
		in.html = html->u.s.p;
		in.html_len = html->u.s.len;
	}
	in.title = api_str(gql_value_get(v, "title"));
	return answer(rc, out, &in);
}

enum save_field { SF_CLIENT_REQUEST_ID, SF_URL };
static const char *const save_fields[] = { [SF_CLIENT_REQUEST_ID] = "clientRequestId", [SF_URL] = "url" };

static int resolve_save_success(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct save_out *res = parent;
	switch (api_field(rc, parent, API_NAMES(save_fields))) {
	case SF_CLIENT_REQUEST_ID: return api_text(out, res->id);
	case SF_URL: return api_text(out, res->url);
	default: return api_resolve_absent(rc, parent, out);
	}
}

int api_bind_save(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_SIGNED_IN("Mutation.saveUrl", resolve_save_url, "SaveError"),
		API_SIGNED_IN("Mutation.savePage", resolve_save_page, "SaveError"),
		API_EACH("SaveSuccess", resolve_save_success, save_fields),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
