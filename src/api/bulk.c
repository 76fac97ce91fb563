/* bulk.c: resolvers for bulkAction (through svc_bulk), emptyTrash, setFavoriteArticle and moveToFolder, and the `success: Boolean` types they answer. */
#include <string.h>

#include "api/api_int.h"
#include "svc/bulk.h"
#include "svc/library.h"
#include "util/limits.h"

const char api_done[1] = "";

int api_resolve_success(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	return api_bool(out, true);
}

/* labelIds as an arena array of strings (*n of them; an entry that is not a string is NULL); -1 when out of memory */
static int read_ids(struct gql_rctx *rc, const struct gql_value *list, const char ***ids, size_t *n)
{
	*ids = NULL;
	*n = list && list->kind == GQL_V_LIST ? list->u.list.n : 0;
	if (*n == 0)
		return 0;
	if ((*ids = ARENA_NEWN(gql_arena(rc), const char *, *n)) == NULL)
		return -1;
	for (size_t i = 0; i < *n; i++)
		(*ids)[i] = api_str(list->u.list.items[i]);
	return 0;
}

static int resolve_bulk(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *expected = gql_arg(rc, "expectedCount");
	struct svc_bulk_in in = {
		.user_id = ctx->user->id, .action = api_str(gql_arg(rc, "action")), .query = api_str(gql_arg(rc, "query")),
		.folder = api_str(gql_value_get(gql_arg(rc, "arguments"), "folder")), .now_ms = ctx->now_ms,
	};
	const char **ids;
	struct svc_bulk_out res;
	if (expected && expected->kind == GQL_V_INT)
		in.expected_count = &expected->u.i;
	if (read_ids(rc, gql_arg(rc, "labelIds"), &ids, &in.nlabels) != 0)
		return api_internal(rc, "bulkAction", 0);
	in.label_ids = ids;
	switch (svc_bulk(ctx->store, ctx->cfg, gql_arena(rc), &in, &res)) {
	case SVC_BULK_REFUSED: return api_out_error(rc, out, "BulkActionError", "BAD_REQUEST", "%s", res.message);
	case SVC_BULK_FAILED: return api_internal(rc, res.message, res.store_rc);
	case SVC_BULK_DONE: break;
	}
	return api_obj(out, "BulkActionSuccess", api_done);
}

static int resolve_empty_trash(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	int64_t purged;
	int r = svc_trash_empty(ctx->store, ctx->user->id, &purged);
	return api_answer(rc, out, r, "emptying the trash", "EmptyTrashSuccess", api_done);
}

static int resolve_favorite(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *id = api_str(gql_arg(rc, "id"));
	struct store_item it;
	int r = svc_item_favorite(ctx->store, gql_arena(rc), ctx->user->id, id, &it);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "SetFavoriteArticleError", "NOT_FOUND", "no item with id \"%.200s\" in your library",
		                     id ? id : "");
	if (r == STORE_E_LIMIT)
		return api_out_error(rc, out, "SetFavoriteArticleError", "BAD_REQUEST", "%s", store_errmsg(ctx->store));
	return api_answer(rc, out, r, "adding the item to the favourites", "SetFavoriteArticleSuccess", api_done);
}

static int resolve_move(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *id = api_str(gql_arg(rc, "id")), *folder = api_str(gql_arg(rc, "folder")), *why;
	struct store_item it;
	int r;
	if ((why = svc_folder_refusal(folder)) != NULL)
		return api_out_error(rc, out, "MoveToFolderError", "BAD_REQUEST", "%s", why);
	r = svc_item_move(ctx->store, gql_arena(rc), ctx->user->id, id, folder, &it);
	if (r == STORE_E_NOTFOUND) /* MoveToFolderErrorCode has no NOT_FOUND */
		return api_out_error(rc, out, "MoveToFolderError", "BAD_REQUEST", "no item with id \"%.200s\" in your library",
		                     id ? id : "");
	if (r == STORE_E_EXISTS)
		return api_out_error(rc, out, "MoveToFolderError", "ALREADY_EXISTS", "the item is in %s already", folder);
	return api_answer(rc, out, r, "moving the item", "MoveToFolderSuccess", api_done);
}

int api_bind_bulk(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_SIGNED_IN("Mutation.bulkAction", resolve_bulk, "BulkActionError"),
		API_SIGNED_IN("Mutation.emptyTrash", resolve_empty_trash, "EmptyTrashError"),
		API_SIGNED_IN("Mutation.setFavoriteArticle", resolve_favorite, "SetFavoriteArticleError"),
		API_SIGNED_IN("Mutation.moveToFolder", resolve_move, "MoveToFolderError"),
		API_ALL("BulkActionSuccess", api_resolve_success),
		API_ALL("EmptyTrashSuccess", api_resolve_success),
		API_ALL("SetFavoriteArticleSuccess", api_resolve_success),
		API_ALL("MoveToFolderSuccess", api_resolve_success),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
