/* saving_request.c: the createArticleSavingRequest resolver: a URL saved through svc_save, answered as the item's ArticleSavingRequest. */
#include <string.h>

#include "api/api_int.h"
#include "svc/save.h"

static int resolve_create(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct svc_save_in in = {
		.user_id = ctx->user->id, .username = ctx->user->username,
		.url = api_str(gql_value_get(gql_arg(rc, "input"), "url")), .source = "api",
	};
	struct svc_save_out r;
	int saved = api_save(rc, out, &in, "CreateArticleSavingRequestError", "BAD_DATA", &r);
	if (saved != 1)
		return saved;
	/* CreateArticleSavingRequestSuccess.articleSavingRequest is the item itself, as for articleSavingRequest */
	return api_answer_item(rc, out, STORE_OK, "createArticleSavingRequest", "CreateArticleSavingRequestSuccess",
	                       &r.item, NULL);
}

int api_bind_saving_request(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_SIGNED_IN("Mutation.createArticleSavingRequest", resolve_create, "CreateArticleSavingRequestError"),
		API_ALL("CreateArticleSavingRequestSuccess", api_resolve_self),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
