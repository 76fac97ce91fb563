/* save_http.c: save.fcgi's request: GET /api/save?url=…&labels=…, saved through the API's saveUrl, then a redirect to the reader (or to the login page first). */
#include <stdio.h>
#include <string.h>
#include <json-c/json.h>

#include "api/api.h"
#include "gql/gql.h"
#include "util/jsonw.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/time.h"
#include "web/page.h"
#include "web/save_http.h"
#include "web/session.h"

#define SAVE_QUERY "mutation Save($input: SaveUrlInput!) { saveUrl(input: $input) { __typename" \
	" ... on SaveSuccess { url } ... on SaveError { message } } }"

/* the variables of the saveUrl call, from the query string; NULL with *why set when it is unusable */
static const char *variables(struct arena *a, const struct larder_config *cfg, const struct web_qparam *q, size_t n,
                             const char **why)
{
	const struct web_qparam *url = web_query_get(q, n, "url"), *state = web_query_get(q, n, "state");
	struct sb b;
	size_t labels = 0;
	char *r;
	if (url == NULL || url->value_len == 0) {
		*why = "No URL to save: use /api/save?url=https://… (the bookmarklet on the settings page does this for you).";
		return NULL;
	}
	if (url->value_len > LIMIT_URL_BYTES || strlen(url->value) != url->value_len) {
		*why = "The URL to save is too long or holds a NUL byte.";
		return NULL;
	}
	sb_init(&b);
	sb_puts(&b, "{\"input\":{\"url\":");
	jw_string(&b, url->value, url->value_len);
	sb_puts(&b, ",\"source\":\"api-save-url\",\"clientRequestId\":\"\"");
	if (state && strcmp(state->value, "ARCHIVED") == 0)
		sb_puts(&b, ",\"state\":\"ARCHIVED\"");
	sb_puts(&b, ",\"labels\":[");
	for (size_t i = 0; i < n; i++) {
		if (strcmp(q[i].name, "labels") != 0 || q[i].value_len == 0)
			continue;
		if (++labels > cfg->labels_per_item) {
			sb_free(&b);
			*why = arena_printf(a, "Too many labels for one page: at most %u (labels_per_item in larder.conf).",
			                    (unsigned)cfg->labels_per_item);
			if (*why == NULL)
				*why = "Too many labels for one page.";
			return NULL;
		}
		sb_puts(&b, labels > 1 ? ",{\"name\":" : "{\"name\":");
		jw_string(&b, q[i].value, q[i].value_len);
		sb_putc(&b, '}');
	}
	sb_puts(&b, "]}}");
	r = sb_error(&b) ? NULL : arena_strdup(a, sb_str(&b));
	sb_free(&b);
	if (r == NULL)
		*why = "Out of memory.";
	return r;
}

static void save(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	const struct larder_config *cfg = app->cfg;
	struct store_apikey key;
	struct store_user owner;
	struct api_ctx ctx;
	struct web_qparam *q;
	struct gql_request g;
	struct gql_result r;
	struct json_object *root = NULL, *data, *su, *v;
	const char *vars, *why = NULL;
	char msg[256];
	size_t n;

	memset(&ctx, 0, sizeof ctx);
	ctx.store = app->store;
	ctx.cfg = cfg;
	ctx.now_ms = time_now_ms();
	switch (web_auth_key(app->store, cfg, a, req->authorization, ctx.now_ms, &key, &owner, msg, sizeof msg)) {
	case WEB_AUTH_OK:
		ctx.user = &owner;
		break;
	case WEB_AUTH_NONE:
		if (web_auth_session(app->store, cfg, a, req, ctx.now_ms, &owner, NULL) == WEB_AUTH_OK)
			ctx.user = &owner;
		break;
	case WEB_AUTH_ERROR:
	case WEB_AUTH__MAX:
		web_page(res, 500, "Error", "The database could not be read.");
		return;
	default:
		web_page(res, 401, "Not saved", msg);
		return;
	}
	if (ctx.user == NULL) { /* log in first, then come back here to finish the save */
		const char *back = arena_printf(a, "/api/save%s%s", req->query_string[0] ? "?" : "", req->query_string);
		const char *enc = back ? web_url_encode(a, back) : NULL;
		web_redirect(res, 302, enc && strlen(back) <= 2048 ? arena_printf(a, "/login?redirect=%s", enc) : "/login");
		return;
	}
	if (req->query_too_long) {
		web_page(res, 414, "Not saved", "The address of this request is too long.");
		return;
	}
	if (web_query_parse(a, req->query_string, req->query_len, &q, &n) != 0) {
		web_page(res, 500, "Error", "Out of memory.");
		return;
	}
	if ((vars = variables(a, cfg, q, n, &why)) == NULL) {
		web_page(res, 400, "Not saved", why);
		return;
	}
	memset(&g, 0, sizeof g);
	g.query = SAVE_QUERY;
	g.query_len = strlen(SAVE_QUERY);
	g.variables = json_tokener_parse(vars);
	g.context = &ctx;
	sb_reset(res->body);
	gql_execute(app->schema, &g, a, res->body, &r);
	json_object_put(g.variables);
	app->queued_fetch = ctx.queued_fetch;
	root = json_tokener_parse(sb_str(res->body));
	if (r.outcome != GQL_RESULT_DATA || !json_object_object_get_ex(root, "data", &data) ||
	    !json_object_object_get_ex(data, "saveUrl", &su) || !json_object_object_get_ex(su, "__typename", &v)) {
		web_page(res, 500, "Not saved", "The page could not be saved.");
		snprintf(res->reason, sizeof res->reason, "saveUrl answered %.200s", sb_str(res->body));
		goto out;
	}
	if (strcmp(json_object_get_string(v), "SaveSuccess") == 0 && json_object_object_get_ex(su, "url", &v)) {
		/* the reader's path on our site (SaveSuccess.url is absolute, with base_url in front) */
		const char *u = json_object_get_string(v), *base = cfg->base_url ? cfg->base_url : "";
		const char *path = strncmp(u, base, strlen(base)) == 0 ? u + strlen(base) : u;
		web_redirect(res, 302, arena_strdup(a, path[0] == '/' ? path : "/home"));
		goto out;
	}
	why = json_object_object_get_ex(su, "message", &v) ? json_object_get_string(v) : NULL;
	web_page(res, 400, "Not saved", why ? why : "This page cannot be saved.");
out:
	json_object_put(root);
}

void web_save_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	web_no_frame_no_cache(res);
	if (req->long_header) {
		web_page(res, 431, "Not saved", "A header of this request is too large.");
		return;
	}
	if (strcmp(req->path, "/api/save") != 0) {
		web_page(res, 404, "Not found", "There is no such page.");
		return;
	}
	if (req->method != WEB_M_GET) { /* not even HEAD: a save must not happen as a side effect of a probe */
		web_response_header(res, "Allow", "GET");
		web_page(res, 405, "Method not allowed", "Open /api/save?url=… with GET.");
		return;
	}
	save(app, req, res, a);
}
