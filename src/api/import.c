/* import.c: the resolver of uploadImportFile: a one-time upload URL on our site (svc_import_begin_upload) that the client PUTs its export file to. */
#include <string.h>

#include "api/api_int.h"
#include "svc/import.h"
#include "svc/jobs.h"

/* the format an UploadImportFileType names: a URL list, else found from the file (Pocket's CSV or HTML) */
static const char *format_of(const char *type)
{
	return type && strcmp(type, "URL_LIST") == 0 ? content_import_format_name(CONTENT_IMPORT_URLS) : NULL;
}

static int resolve_upload_import_file(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const char *base = ctx->cfg->base_url, *token, **url;
	struct store_import_job job;
	const char *msg = NULL;
	(void)parent;
	int r = svc_import_begin_upload(ctx->store, ctx->cfg, a, ctx->user->id, format_of(gql_value_str(gql_arg(rc, "type"))),
	                                &token, &job, &msg);
	if (r == -2)
		return api_out_error(rc, out, "UploadImportFileError", "UPLOAD_DAILY_LIMIT_EXCEEDED", "%s", msg);
	if (r != 0)
		return api_internal(rc, "uploadImportFile", STORE_E_DB);
	if ((url = ARENA_NEW(a, const char *)) == NULL ||
	    (*url = arena_printf(a, "%s%s%s", base, SVC_IMPORT_UPLOAD_PATH, token)) == NULL)
		return api_internal(rc, "uploadImportFile", 0);
	gql_out_object(out, "UploadImportFileSuccess", url);
	return 0;
}

static int resolve_signed_url(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	(void)rc;
	return api_text(out, *(const char *const *)parent);
}

int api_bind_import(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_SIGNED_IN("Mutation.uploadImportFile", resolve_upload_import_file, "UploadImportFileError"),
		API_ONE("UploadImportFileSuccess.uploadSignedUrl", resolve_signed_url),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
