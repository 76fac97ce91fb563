/* articles.c: the older clients' calls on the library: articles (search answered as ArticleEdge and ArticlesSuccess) and createArticle (a prepared page or a URL, saved through svc_save). */
#include <string.h>

#include "api/api_int.h"
#include "svc/save.h"

/* the parent of CreateArticleSuccess */
struct created { struct api_item *item; bool created; };

/* createArticle: with a preparedDocument the page is stored at once (as savePage), else the URL is fetched
 * (as saveUrl); articleSavingRequestId plays clientRequestId's part */
static int resolve_create(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const struct gql_value *v = gql_arg(rc, "input"), *doc = gql_value_get(v, "preparedDocument");
	const struct gql_value *html = gql_value_get(doc, "document");
	struct svc_save_in in;
	struct svc_save_out r;
	struct created *res;
	if (api_save_input(rc, v, &in) != 0 || (res = ARENA_NEW(a, struct created)) == NULL)
		return api_internal(rc, "createArticle", 0);
	if (api_str(gql_value_get(v, "uploadFileId")) && html == NULL)
		return api_out_error(rc, out, "CreateArticleError", "UPLOAD_FILE_MISSING",
		                     "file uploads are not offered by this server: send the page as preparedDocument");
	in.client_request_id = api_str(gql_value_get(v, "articleSavingRequestId"));
	if (html && html->kind == GQL_V_STRING) {
		in.page = true;
		in.html = html->u.s.p;
		in.html_len = html->u.s.len;
		in.title = api_str(gql_value_get(gql_value_get(doc, "pageInfo"), "title"));
	}
	switch (svc_save(ctx->store, ctx->cfg, a, &in, &r)) {
	case SVC_SAVE_REFUSED:
		return api_out_error(rc, out, "CreateArticleError", "UNABLE_TO_PARSE", "%s", r.message);
	case SVC_SAVE_FAILED:
		return api_internal(rc, r.message, r.store_rc);
	case SVC_SAVED:
		break;
	}
	res->created = !r.existed;
	if ((res->item = api_item_new(rc, &r.item, NULL)) == NULL)
		return api_internal(rc, "createArticle", 0);
	return api_obj(out, "CreateArticleSuccess", res);
}

enum created_field { CR_ARTICLE, CR_USER, CR_CREATED };
static const char *const created_fields[] = { [CR_ARTICLE] = "createdArticle", [CR_USER] = "user", [CR_CREATED] = "created" };

static int resolve_created(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct created *res = parent;
	switch (api_field(rc, parent, API_NAMES(created_fields))) {
	case CR_ARTICLE: return api_obj(out, "Article", res->item);
	case CR_USER: return api_obj(out, "User", api_ctx_of(rc)->user);
	case CR_CREATED: return api_bool(out, res->created);
	default: return api_resolve_absent(rc, parent, out);
	}
}

int api_bind_articles(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_search_as as_articles = { "ArticleEdge", "ArticlesSuccess", "Article" };
	static const struct api_bind table[] = {
		{ .where = "Query.articles", .fn = api_resolve_search, .user_error = "ArticlesError", .data = &as_articles },
		API_SIGNED_IN("Mutation.createArticle", resolve_create, "CreateArticleError"),
		API_EACH("CreateArticleSuccess", resolve_created, created_fields),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
