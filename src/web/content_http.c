/* content_http.c: the REST side channel plugins use for note bodies: POST /api/content hands out signed download links, GET /api/content/download serves them. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "svc/apikey.h"
#include "svc/export.h"
#include "svc/signlink.h"
#include "util/jsonw.h"
#include "util/limits.h"
#include "util/time.h"
#include "util/utf8.h"
#include "web/authenticate.h"
#include "web/content_http.h"

#define MAX_IDS 50                       /* item ids in one request, as Omnivore allows */
#define LINK_TTL_MS (60 * 60 * 1000)     /* a download link works for an hour */

bool web_content_route(const char *path)
{
	return path && (strcmp(path, "/api/content") == 0 || strcmp(path, "/api/content/download") == 0);
}

/* {"errorCode":code,"message":…} or {"error":…} bodies the plugins read */
static void reply(struct web_response *res, int status, const char *key, const char *code, const char *message)
{
	sb_reset(res->body);
	sb_putc(res->body, '{');
	jw_string(res->body, key, strlen(key));
	sb_putc(res->body, ':');
	jw_string(res->body, code, strlen(code));
	if (message) {
		sb_puts(res->body, ",\"message\":");
		jw_string(res->body, message, strlen(message));
	}
	sb_putc(res->body, '}');
	res->status = status;
	res->content_type = "application/json";
	snprintf(res->reason, sizeof res->reason, "%s", message ? message : code);
}

/* the signature of one link: user, item, format and expiry under the server's secret (svc/signlink.h) */
static int sign(struct store *st, const char *user, const char *item, const char *format, int64_t exp, char out[65])
{
	const char *fields[] = { user, item, format };
	return svc_signlink_sign(st, SVC_SIGNLINK_CONTENT, fields, 3, exp, out);
}

/* URL-safe ids and formats only go into links (ids are UUIDs, slugs or client ids; formats are words) */
static bool url_safe(const char *s)
{
	if (!*s || strlen(s) > 200)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '-' ||
		      *s == '_' || *s == '.'))
			return false;
	return true;
}

static void post_content(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	struct web_authn who;
	struct json_object *root = NULL, *ids, *fmt;
	const char *format = "markdown";
	char sig[65];
	int64_t exp;
	size_t n;
	int rc;

	if (web_authenticate(app, req, a, WEB_AUTHN_KEY, &who) != WEB_AUTHN_USER) { /* an API key only */
		if (web_authn_busy(res, NULL, &who))
			return;
		if (who.outcome == WEB_AUTHN_REFUSED && who.status == 500)
			reply(res, 500, "error", "INTERNAL_SERVER_ERROR", NULL);
		else
			reply(res, 401, "error", "UNAUTHORIZED", NULL);
		return;
	}
	if (!web_authn_allows(&who, SVC_GRANT_READ)) {
		reply(res, 403, "errorCode", "FORBIDDEN", who.msg);
		return;
	}
	exp = who.ctx.now_ms + LINK_TTL_MS;
	/* JSON only, as the GraphQL endpoint: a form or text body is a client mistake, said as such */
	if (!req->content_type || !web_media_type_is(req->content_type, "application/json")) {
		reply(res, 415, "errorCode", "UNSUPPORTED_MEDIA_TYPE", "send the body as Content-Type: application/json");
		return;
	}
	rc = web_request_read_body(req, a, LIMIT_BODY_UNAUTH);
	if (rc == WEB_BODY_TOO_LARGE) {
		reply(res, 413, "errorCode", "BAD_REQUEST", "the request body is too large");
		return;
	}
	if (rc != WEB_BODY_OK) {
		reply(res, 400, "errorCode", "BAD_REQUEST", "the request body could not be read");
		return;
	}
	/* the ids are echoed into the JSON answer: NUL bytes and invalid UTF-8 are refused, not copied */
	if (memchr(req->body, 0, req->body_len) || !utf8_valid(req->body, req->body_len)) {
		reply(res, 400, "errorCode", "BAD_REQUEST", "the body must be UTF-8 JSON without NUL bytes");
		return;
	}
	root = json_tokener_parse(req->body);
	if (root == NULL || !json_object_is_type(root, json_type_object)) {
		reply(res, 400, "errorCode", "BAD_REQUEST", "the body must be a JSON object");
		goto out;
	}
	if (!json_object_object_get_ex(root, "libraryItemIds", &ids) || !json_object_is_type(ids, json_type_array) ||
	    (n = json_object_array_length(ids)) == 0 || n > MAX_IDS) {
		reply(res, 400, "errorCode", "BAD_REQUEST", "libraryItemIds must be a list of 1 to 50 item ids");
		goto out;
	}
	if (json_object_object_get_ex(root, "format", &fmt) && !json_object_is_type(fmt, json_type_null)) {
		if (!json_object_is_type(fmt, json_type_string) || !url_safe(json_object_get_string(fmt))) {
			reply(res, 400, "errorCode", "BAD_REQUEST", "format must be markdown, highlightedMarkdown or html");
			goto out;
		}
		format = json_object_get_string(fmt);
	}
	for (size_t i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(ids, i);
		if (!json_object_is_type(e, json_type_string)) {
			reply(res, 400, "errorCode", "BAD_REQUEST", "every libraryItemId must be a string");
			goto out;
		}
	}
	sb_reset(res->body);
	sb_puts(res->body, "{\"data\":[");
	for (size_t i = 0; i < n; i++) {
		const char *id = json_object_get_string(json_object_array_get_idx(ids, i));
		struct store_item it;
		if (i)
			sb_putc(res->body, ',');
		sb_puts(res->body, "{\"libraryItemId\":");
		jw_string(res->body, id, strlen(id));
		rc = url_safe(id) ? store_item_get(app->store, a, who.user.id, id, &it) : STORE_E_NOTFOUND;
		if (rc == STORE_OK && sign(app->store, who.user.id, it.id, format, exp, sig) == 0) {
			char *link = arena_printf(a, "%s/api/content/download?user=%s&item=%s&format=%s&expires=%" PRId64 "&sig=%s",
			                          app->cfg->base_url, who.user.id, it.id, format, exp, sig);
			sb_puts(res->body, ",\"downloadUrl\":");
			jw_string(res->body, link ? link : "", link ? strlen(link) : 0);
		} else
			sb_printf(res->body, ",\"error\":\"%s\"", rc == STORE_E_NOTFOUND ? "NOT_FOUND" : "INTERNAL_SERVER_ERROR");
		sb_putc(res->body, '}');
	}
	sb_puts(res->body, "]}");
	res->status = 200;
	res->content_type = "application/json";
out:
	json_object_put(root);
}

static void get_download(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	struct web_qparam *q;
	size_t nq, len;
	const struct web_qparam *user, *item, *format, *expires, *sigp;
	const char *body, *ctype, *fields[3];
	enum svc_signlink_verdict v;
	char *end;
	int64_t exp;
	int rc;
	if (web_query_parse(a, req->query_string, req->query_len, &q, &nq) != 0) {
		reply(res, 500, "error", "INTERNAL_SERVER_ERROR", NULL);
		return;
	}
	user = web_query_get(q, nq, "user");
	item = web_query_get(q, nq, "item");
	format = web_query_get(q, nq, "format");
	expires = web_query_get(q, nq, "expires");
	sigp = web_query_get(q, nq, "sig");
	if (!user || !item || !format || !expires || !sigp || strlen(sigp->value) != 64) {
		reply(res, 400, "errorCode", "BAD_REQUEST", "this download link is incomplete");
		return;
	}
	/* the signature covers C strings: a %00 would let a longer value pass as its prefix */
	if (strlen(user->value) != user->value_len || strlen(item->value) != item->value_len ||
	    strlen(format->value) != format->value_len || strlen(expires->value) != expires->value_len) {
		reply(res, 400, "errorCode", "BAD_REQUEST", "this download link holds a NUL byte");
		return;
	}
	exp = strtoll(expires->value, &end, 10);
	fields[0] = user->value, fields[1] = item->value, fields[2] = format->value;
	v = *end != '\0' ? SVC_SIGNLINK_BAD : svc_signlink_check(app->store, SVC_SIGNLINK_CONTENT, fields, 3, exp, sigp->value,
	                                                          sigp->value_len, time_now_ms());
	if (v == SVC_SIGNLINK_FAILED) {
		reply(res, 500, "error", "INTERNAL_SERVER_ERROR", NULL);
		return;
	}
	if (v == SVC_SIGNLINK_BAD) {
		reply(res, 403, "error", "FORBIDDEN", "this download link is not valid");
		return;
	}
	if (v == SVC_SIGNLINK_EXPIRED) {
		reply(res, 403, "error", "FORBIDDEN", "this download link has expired: ask for a new one");
		return;
	}
	rc = svc_content_export(app->store, a, user->value, item->value, format->value, &body, &len, &ctype);
	if (rc == STORE_E_NOTFOUND) {
		reply(res, 404, "error", "NOT_FOUND", "the item is no longer in the library");
		return;
	}
	if (rc != STORE_OK) {
		reply(res, 500, "error", "INTERNAL_SERVER_ERROR", NULL);
		return;
	}
	sb_reset(res->body);
	sb_putn(res->body, body, len);
	res->status = 200;
	res->content_type = ctype;
	web_response_header(res, "Cache-Control", "private, no-store");
	web_response_header(res, "X-Content-Type-Options", "nosniff");
}

void web_content_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	bool download = strcmp(req->path, "/api/content/download") == 0;
	if (download && (req->method == WEB_M_GET || req->method == WEB_M_HEAD))
		get_download(app, req, res, a);
	else if (!download && req->method == WEB_M_POST)
		post_content(app, req, res, a);
	else {
		web_response_header(res, "Allow", download ? "GET, HEAD" : "POST");
		reply(res, 405, "errorCode", "BAD_REQUEST", download ? "use GET" : "use POST");
	}
}
