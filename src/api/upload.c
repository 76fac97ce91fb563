/* upload.c: the resolvers of uploadFileRequest (an item and a one-time upload URL on our site, svc_upload_request) and saveFile (the uploaded PDF put in the library, svc_save_file), and the file URLs of a PDF item's url (a signed link, svc/signlink.h) and originalArticleUrl. */
#include <string.h>

#include "api/api_int.h"
#include "svc/save.h"
#include "svc/signlink.h"
#include "svc/upload.h"

/* the parent of UploadFileRequestSuccess */
struct upload_out { const char *id, *url, *item_id; };

static int resolve_upload_file_request(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const struct gql_value *v = gql_arg(rc, "input");
	struct svc_upload_in in = { .user_id = ctx->user->id, .url = api_str(gql_value_get(v, "url")),
	                            .content_type = api_str(gql_value_get(v, "contentType")),
	                            .client_request_id = api_str(gql_value_get(v, "clientRequestId")) };
	struct svc_upload_out r;
	struct upload_out *res;
	(void)parent;
	switch (svc_upload_request(ctx->store, a, &in, &r)) {
	case SVC_FILE_OK:
		break;
	case SVC_FILE_REFUSED:
	case SVC_FILE_UNKNOWN:
		return api_out_error(rc, out, "UploadFileRequestError", "BAD_INPUT", "%s", r.message);
	case SVC_FILE_FAILED:
		return api_out_error(rc, out, "UploadFileRequestError", "FAILED_CREATE", "%s", r.message);
	}
	if ((res = ARENA_NEW(a, struct upload_out)) == NULL ||
	    (res->url = arena_printf(a, "%s%s%s", ctx->cfg->base_url, SVC_FILE_UPLOAD_PATH, r.token)) == NULL)
		return api_internal(rc, "uploadFileRequest", 0);
	res->id = r.file.id;
	res->item_id = r.item.id;
	gql_out_object(out, "UploadFileRequestSuccess", res);
	return 0;
}

enum upload_field { UF_ID, UF_SIGNED_URL, UF_FILE_ID, UF_PAGE_ID };
static const char *const upload_fields[] = { [UF_ID] = "id", [UF_SIGNED_URL] = "uploadSignedUrl",
	                                     [UF_FILE_ID] = "uploadFileId", [UF_PAGE_ID] = "createdPageId" };

static int resolve_upload_success(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct upload_out *res = parent;
	switch (api_field(rc, parent, API_NAMES(upload_fields))) {
	case UF_ID: case UF_FILE_ID: return api_text(out, res->id);
	case UF_SIGNED_URL: return api_text(out, res->url);
	case UF_PAGE_ID: return api_text(out, res->item_id);
	default: return api_resolve_absent(rc, parent, out);
	}
}

/* saveFile's labels as names (a label without a name is skipped by svc); -1 when out of memory */
static int label_names(struct gql_rctx *rc, const struct gql_value *labels, struct svc_save_file_in *in)
{
	const char **names;
	if (labels == NULL || labels->kind != GQL_V_LIST || labels->u.list.n == 0)
		return 0;
	if ((names = ARENA_NEWN(gql_arena(rc), const char *, labels->u.list.n)) == NULL)
		return -1;
	for (uint32_t i = 0; i < labels->u.list.n; i++)
		names[i] = api_str(gql_value_get(labels->u.list.items[i], "name"));
	in->labels = names;
	in->nlabels = labels->u.list.n;
	return 0;
}

/* the parent of SaveSuccess (as save.c answers it): the item's id and its reader URL */
struct save_file_out { const char *id, *url; };

static int resolve_save_file(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const struct gql_value *v = gql_arg(rc, "input");
	struct svc_save_file_in in = { .user_id = ctx->user->id,
	                               .upload_file_id = api_str(gql_value_get(v, "uploadFileId")),
	                               .state = api_str(gql_value_get(v, "state")),
	                               .folder = api_str(gql_value_get(v, "folder")) };
	struct save_file_out *res;
	struct store_item it;
	const char *msg, *path;
	(void)parent;
	if (label_names(rc, gql_value_get(v, "labels"), &in) != 0)
		return api_internal(rc, "saveFile", 0);
	switch (svc_save_file(ctx->store, a, &in, &it, &msg)) {
	case SVC_FILE_OK:
		break;
	case SVC_FILE_UNKNOWN:
		return api_out_error(rc, out, "SaveError", "UNAUTHORIZED", "%s", msg);
	case SVC_FILE_REFUSED:
	case SVC_FILE_FAILED:
		return api_out_error(rc, out, "SaveError", "UNKNOWN", "%s", msg);
	}
	if ((res = ARENA_NEW(a, struct save_file_out)) == NULL ||
	    (path = svc_reader_path(a, ctx->user->username, &it)) == NULL ||
	    (res->url = arena_printf(a, "%s%s", ctx->cfg->base_url, path)) == NULL)
		return api_internal(rc, "saveFile", 0);
	res->id = it.id;
	gql_out_object(out, "SaveSuccess", res);
	return 0;
}

bool api_item_is_file(const struct store_item *it)
{
	return it->page_type && strcmp(it->page_type, "FILE") == 0;
}

int api_out_file_url(struct gql_rctx *rc, const struct store_item *it, bool original, struct gql_out *out)
{
	struct api_ctx *ctx = api_ctx_of(rc);
	const char *u;
	if (original && (strncmp(it->url, "http://", 7) == 0 || strncmp(it->url, "https://", 8) == 0))
		return api_text(out, it->url);  /* a fetched PDF, or an upload naming where it came from */
	if (original) { /* kept in notes (Obsidian's, Logseq's): the file's lasting address, for a login or a key */
		u = arena_printf(gql_arena(rc), "%s%s%s", ctx->cfg->base_url, SVC_FILE_PATH, it->id);
		return u ? api_text(out, u) : api_internal(rc, "a file's URL", 0);
	}
	/* url: the link the apps download with no credential (Android's PSPDFKit download, Obsidian's attachment),
	 * signed as Omnivore's storage links were (svc/signlink.h) */
	if (svc_file_link(ctx->store, gql_arena(rc), ctx->cfg->base_url, it->user_id, it->id, ctx->now_ms, &u) != 0)
		return api_internal(rc, "signing a file's link", 0);
	return api_text(out, u);
}

int api_bind_upload(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_SIGNED_IN("Mutation.uploadFileRequest", resolve_upload_file_request, "UploadFileRequestError"),
		API_SIGNED_IN("Mutation.saveFile", resolve_save_file, "SaveError"),
		API_EACH("UploadFileRequestSuccess", resolve_upload_success, upload_fields),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
