/* share.c: the resolver of setItemShare (an item's public read-only link made or revoked, through svc/share.c) and its success type. */
#include <string.h>

#include "api/api_int.h"
#include "svc/share.h"

/* the parent of SetItemShareSuccess */
struct share_out {
	const char *item_id, *url;   /* url NULL after a revocation */
	int64_t since_ms;            /* 0 after a revocation */
};

static int resolve_set_share(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const char *id = api_str(gql_value_get(in, "itemId"));
	const struct gql_value *ev = gql_value_get(in, "enabled");
	bool enabled = ev && ev->kind == GQL_V_BOOLEAN && ev->u.b;
	struct share_out *res = ARENA_NEW(a, struct share_out);
	struct store_item it;
	enum svc_share_rc r;

	if (res == NULL)
		return api_internal(rc, "setItemShare", 0);
	if (enabled) {
		res->since_ms = ctx->now_ms;
		r = svc_share_make(ctx->store, a, ctx->cfg, ctx->user->id, id, ctx->now_ms, &res->url, &it);
	} else
		r = svc_share_revoke(ctx->store, a, ctx->user->id, id, &it);
	switch (r) {
	case SVC_SHARE_OK:
		res->item_id = it.id;
		return api_obj(out, "SetItemShareSuccess", res);
	case SVC_SHARE_NOT_FOUND:
		return api_out_error(rc, out, "SetItemShareError", "NOT_FOUND", "no item with id \"%.200s\" in your library",
		                     id ? id : "");
	case SVC_SHARE_TRASHED:
		return api_out_error(rc, out, "SetItemShareError", "BAD_REQUEST",
		                     "the item is in the trash: restore it before sharing it");
	default:
		return api_internal(rc, enabled ? "making the share link" : "revoking the share link", STORE_E_DB);
	}
}

enum share_field { SH_ITEM_ID, SH_URL, SH_SINCE };
static const char *const share_fields[] = { [SH_ITEM_ID] = "itemId", [SH_URL] = "shareUrl", [SH_SINCE] = "sharedAt" };

static int resolve_share_success(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct share_out *res = parent;
	switch (api_field(rc, parent, API_NAMES(share_fields))) {
	case SH_ITEM_ID: return api_text(out, res->item_id);
	case SH_URL: return res->url ? api_text(out, res->url) : api_null(out);
	case SH_SINCE: return res->since_ms ? api_out_date(rc, out, res->since_ms) : api_null(out);
	default: return api_resolve_absent(rc, parent, out);
	}
}

int api_bind_share(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_SIGNED_IN("Mutation.setItemShare", resolve_set_share, "SetItemShareError"),
		API_EACH("SetItemShareSuccess", resolve_share_success, share_fields),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
