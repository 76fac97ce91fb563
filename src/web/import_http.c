/* import_http.c: PUT /api/import/upload/TOKEN streams an import's file to svc_import_receive (over import_max_bytes: 413); GET /api/import/ID answers the signed-in user's import: status, counts and report; GET /api/import/usage the user's usage against the quotas. */
#include <string.h>

#include "svc/apikey.h"
#include "svc/import.h"
#include "svc/jobs.h"
#include "svc/svc.h"
#include "util/jsonw.h"
#include "util/limits.h"
#include "web/authenticate.h"
#include "web/import_http.h"

#define PREFIX "/api/import/"

bool web_import_route(const char *path)
{
	return path && strncmp(path, PREFIX, strlen(PREFIX)) == 0;
}

static long read_io(void *ctx, char *buf, size_t n)
{
	struct web_io *io = ctx;
	return io->read(io->ctx, buf, n);
}

/* the import as JSON: {"id","status","format","added","updated","unchanged","failed","report"} */
static void import_json(struct web_response *res, const struct store_import_job *j)
{
	struct sb *b = res->body;
	sb_reset(b);
	sb_puts(b, "{\"id\":");
	jw_cstr(b, j->id);
	sb_puts(b, ",\"status\":");
	jw_cstr(b, j->status);
	sb_puts(b, ",\"format\":");
	jw_cstr(b, j->format);
	sb_printf(b, ",\"added\":%lld,\"updated\":%lld,\"unchanged\":%lld,\"failed\":%lld,\"report\":",
	          (long long)j->added, (long long)j->updated, (long long)j->unchanged, (long long)j->failed);
	jw_cstr(b, j->report);
	sb_putc(b, '}');
	res->content_type = "application/json; charset=utf-8";
	web_response_header(res, "Cache-Control", "no-store");
}

static void put_upload(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a,
                       const char *token)
{
	size_t max = app->cfg->import_max_bytes;
	struct store_import_job job;
	const char *msg;
	switch (svc_import_receive(app->store, app->cfg, a, token, req->content_length, read_io, req->io, &job, &msg)) {
	case SVC_UPLOAD_OK:
		import_json(res, &job);
		return;
	case SVC_UPLOAD_UNKNOWN:
		web_response_error(res, 404, NULL, "NOT_FOUND", "this upload URL is unknown, used already or expired: "
		                   "ask uploadImportFile for a new one");
		return;
	case SVC_UPLOAD_TOO_LARGE:
		web_response_error(res, 413, NULL, "PAYLOAD_TOO_LARGE", "the file is larger than %zu bytes "
		                   "(import_max_bytes in larder.conf)", max);
		return;
	case SVC_UPLOAD_FAILED:
		web_response_fail(res, NULL, msg ? msg : "the file could not be received", "import upload: %s",
		                  msg ? msg : "failed");
		return;
	}
}

/* the signed-in user (a session or an API key) into who; false when the answer (401, 403, 500) is in res */
static bool signed_in(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a,
                      struct web_authn *who)
{
	if (web_authenticate(app, req, a, WEB_AUTHN_API, who) == WEB_AUTHN_USER) {
		if (web_authn_allows(who, SVC_GRANT_READ))
			return true;
		web_response_error(res, 403, NULL, "FORBIDDEN", "%s", who->msg);
		return false;
	}
	if (web_authn_busy(res, NULL, who))
		return false;
	if (who->outcome == WEB_AUTHN_REFUSED)
		web_response_error(res, who->status, NULL, who->status == 500 ? "INTERNAL_SERVER_ERROR" : "UNAUTHORIZED",
		                   "%s", who->msg);
	else
		web_response_error(res, 401, NULL, "UNAUTHORIZED", "sign in or send an API key");
	return false;
}

/* {"items":{"used":N,"most":M,"key":"items_per_user"},"bytes":…,"importsPending":…,"subscriptions":…} */
static void get_usage(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	static const char *const names[SVC_QUOTA__N] = { "items", "bytes", "importsPending", "subscriptions" };
	struct web_authn who;
	struct svc_quota q[SVC_QUOTA__N];
	if (!signed_in(app, req, res, a, &who))
		return;
	if (svc_quota_usage(app->store, app->cfg, who.user.id, q) != STORE_OK) {
		web_response_fail(res, NULL, "the usage could not be read", "usage: %s", store_errmsg(app->store));
		return;
	}
	sb_reset(res->body);
	for (int i = 0; i < SVC_QUOTA__N; i++) {
		sb_printf(res->body, "%s\"%s\":{\"used\":%lld,\"most\":%lld,\"key\":", i ? "," : "{", names[i],
		          (long long)q[i].used, (long long)q[i].most);
		jw_cstr(res->body, q[i].key);
		sb_putc(res->body, '}');
	}
	sb_putc(res->body, '}');
	res->content_type = "application/json; charset=utf-8";
	web_response_header(res, "Cache-Control", "no-store");
}

static void get_import(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a,
                       const char *id)
{
	struct web_authn who;
	struct store_import_job job;
	int rc;
	if (!signed_in(app, req, res, a, &who))
		return;
	rc = store_import_get(app->store, a, who.user.id, id, &job);
	if (rc == STORE_E_NOTFOUND)
		web_response_error(res, 404, NULL, "NOT_FOUND", "no such import");
	else if (rc != STORE_OK)
		web_response_fail(res, NULL, "the import could not be read", "import: %s", store_errmsg(app->store));
	else
		import_json(res, &job);
}

void web_import_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	const char *rest = req->path + strlen(PREFIX);
	size_t up = strlen("upload/");
	if (strncmp(rest, "upload/", up) == 0 && !strchr(rest + up, '/')) {
		if (req->method == WEB_M_PUT)
			put_upload(app, req, res, a, rest + up);
		else {
			web_response_header(res, "Allow", "PUT");
			web_response_error(res, 405, NULL, "METHOD_NOT_ALLOWED", "PUT the file to this URL");
		}
	} else if (*rest && !strchr(rest, '/')) {
		if ((req->method == WEB_M_GET || req->method == WEB_M_HEAD) && strcmp(rest, "usage") == 0)
			get_usage(app, req, res, a);
		else if (req->method == WEB_M_GET || req->method == WEB_M_HEAD)
			get_import(app, req, res, a, rest);
		else {
			web_response_header(res, "Allow", "GET, HEAD");
			web_response_error(res, 405, NULL, "METHOD_NOT_ALLOWED", "an import is read with GET");
		}
	} else
		web_response_error(res, 404, NULL, "NOT_FOUND", "no such import URL");
}
