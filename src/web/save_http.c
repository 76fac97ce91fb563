/* save_http.c: save.fcgi's requests: GET /api/save?url=…&labels=…&token=… (saved at once with the bookmarklet's token, else confirmed first), the confirmation's POST, and /api/save/token. */
#include <stdio.h>
#include <string.h>
#include <json-c/json.h>

#include "api/api.h"
#include "gql/gql.h"
#include "util/jsonw.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/time.h"
#include "util/url.h"
#include "util/utf8.h"
#include "web/authenticate.h"
#include "web/page.h"
#include "web/save_guard.h"
#include "web/save_http.h"
#include "web/session.h"

#define FORM_LIMIT (64 * 1024)  /* bytes of the confirmation form: a URL and labels */

#define SAVE_QUERY "mutation Save($input: SaveUrlInput!) { saveUrl(input: $input) { __typename" \
	" ... on SaveSuccess { url } ... on SaveError { message } } }"

/* the variables of the saveUrl call, from the query string; NULL with *why set when it is unusable */
static const char *variables(struct arena *a, const struct larder_config *cfg, const struct web_qparam *q, size_t n,
                             const char **why)
{
	const struct web_qparam *url = web_query_get(q, n, "url"), *state = web_query_get(q, n, "state");
	struct sb b;
	size_t labels = 0;
	char *r, *norm;
	const char *bad = NULL;
	if (url == NULL || url->value_len == 0) {
		*why = "No URL to save: use /api/save?url=https://… (the bookmarklet on the settings page does this for you).";
		return NULL;
	}
	if (url->value_len > LIMIT_URL_BYTES || strlen(url->value) != url->value_len) {
		*why = "The URL to save is too long or holds a NUL byte.";
		return NULL;
	}
	/* a URL that cannot be saved is said before asking to confirm (invalid UTF-8 is left to saveUrl,
	 * which replaces the bytes) */
	if (utf8_valid(url->value, url->value_len) && url_normalise(a, url->value, url->value_len, &norm, &bad) != 0) {
		*why = arena_printf(a, "This URL cannot be saved: %s.", bad ? bad : "malformed");
		if (*why == NULL)
			*why = "This URL cannot be saved.";
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

/* who asks, for /api/save: an API key (a program), else the session cookie from any site (the
 * bookmarklet runs on the page being saved); false when the answer is already made */
static bool identify(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a,
                     struct web_authn *w)
{
	if (web_authenticate(app, req, a, WEB_AUTHN_KEY | WEB_AUTHN_SESSION, w) != WEB_AUTHN_REFUSED)
		return true;
	if (w->status == 401)
		web_page(res, 401, "Not saved", w->msg);
	else
		web_page(res, 500, "Error", "The database could not be read.");
	return false;
}

/* saveUrl with vars, then a redirect (status) to the reader, or a page saying why not */
static void run_save(struct web_graphql *app, struct web_response *res, struct arena *a, struct api_ctx *ctx,
                     const char *vars, int status)
{
	const struct larder_config *cfg = app->cfg;
	struct gql_request g;
	struct gql_result r;
	struct json_object *root = NULL, *data, *su, *v;
	const char *why;

	memset(&g, 0, sizeof g);
	g.query = SAVE_QUERY;
	g.query_len = strlen(SAVE_QUERY);
	g.variables = json_tokener_parse(vars);
	g.context = ctx;
	sb_reset(res->body);
	gql_execute(app->schema, &g, a, res->body, &r);
	json_object_put(g.variables);
	app->queued_fetch = ctx->queued_fetch;
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
		web_redirect(res, status, arena_strdup(a, path[0] == '/' ? path : "/home"));
		goto out;
	}
	why = json_object_object_get_ex(su, "message", &v) ? json_object_get_string(v) : NULL;
	web_page(res, 400, "Not saved", why ? why : "This page cannot be saved.");
out:
	json_object_put(root);
}

/* the notice of the confirmation page for a bookmarklet token that did not do */
static const char *token_notice(enum web_save_token t)
{
	switch (t) {
	case WEB_SAVE_TOKEN_MALFORMED:
		return "The link's save token is malformed (it must be 64 hex digits), so Larder asks first.";
	case WEB_SAVE_TOKEN_WRONG:
		return "The link's save token is no longer valid: a newer bookmarklet replaced it, it was revoked, or it "
		       "belongs to another account. Larder asks first; make a new bookmarklet on the settings page.";
	default:
		return NULL;
	}
}

/* GET /api/save?url=…&labels=…[&token=…]: saves at once with an API key or the user's save token,
 * otherwise asks first (the confirmation page); without a login, goes to log in and comes back */
static void get_save(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	struct web_authn w;
	struct web_qparam *q;
	const struct web_qparam *tok;
	const char *vars, *why = NULL;
	enum web_save_token t;
	char csrf[65];
	size_t n;

	if (!identify(app, req, res, a, &w))
		return;
	if (w.ctx.user == NULL) { /* log in first, then come back here to finish the save */
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
	if ((vars = variables(a, app->cfg, q, n, &why)) == NULL) {
		web_page(res, 400, "Not saved", why);
		return;
	}
	tok = web_query_get(q, n, "token");
	t = w.by_key ? WEB_SAVE_TOKEN_OK
	             : web_save_token_check(app->store, w.user.id, tok ? tok->value : NULL, tok ? tok->value_len : 0,
	                                    w.ctx.now_ms);
	if (t == WEB_SAVE_TOKEN_OK) {
		run_save(app, res, a, &w.ctx, vars, 302);
		return;
	}
	if (t == WEB_SAVE_TOKEN_ERROR || web_save_csrf(app->store, w.user.id, w.session_hash, csrf) != 0) {
		web_page(res, 500, "Error", "The database could not be read.");
		return;
	}
	web_save_confirm(res, q, n, csrf, token_notice(t));
}

/* POST /api/save: the confirmation page's form, honoured only with the session's CSRF token */
static void post_save(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	struct web_authn w;
	struct web_qparam *q;
	const struct web_qparam *csrf;
	const char *vars, *why = NULL;
	size_t n;

	if (web_cross_site(app->cfg, req)) {
		web_page(res, 403, "Not saved", "This form was sent from another site: Larder saves only when you confirm "
		                                "on its own page.");
		return;
	}
	if (!identify(app, req, res, a, &w))
		return;
	if (w.ctx.user == NULL || w.by_key) {
		web_page(res, 403, "Not saved", w.by_key ? "POST is the browser's confirmation form: a program saves with "
		                                           "GET /api/save?url=… and its API key."
		                                         : "You are not logged in (or the session has ended): log in, then "
		                                           "open the link to save again.");
		return;
	}
	if (web_request_read_body(req, a, FORM_LIMIT) != WEB_BODY_OK) {
		web_page(res, 413, "Not saved", "The form is too large.");
		return;
	}
	if (web_query_parse(a, req->body, req->body_len, &q, &n) != 0) {
		web_page(res, 500, "Error", "Out of memory.");
		return;
	}
	csrf = web_query_get(q, n, "csrf");
	if (!web_save_csrf_ok(app->store, w.user.id, w.session_hash, csrf ? csrf->value : NULL, csrf ? csrf->value_len : 0)) {
		web_page(res, 403, "Not saved", "This form does not carry a valid confirmation token (CSRF token): it did "
		                                "not come from Larder's own \"Save URL to your library?\" page, or that "
		                                "page belonged to an older login. Nothing was saved.");
		return;
	}
	if ((vars = variables(a, app->cfg, q, n, &why)) == NULL) {
		web_page(res, 400, "Not saved", why);
		return;
	}
	run_save(app, res, a, &w.ctx, vars, 303);
}

void web_save_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	web_no_frame_no_cache(res);
	if (req->long_header) {
		web_page(res, 431, "Not saved", "A header of this request is too large.");
		return;
	}
	if (strcmp(req->path, "/api/save/token") == 0) {
		web_save_token_handle(app, req, res, a);
		return;
	}
	if (strcmp(req->path, "/api/save") != 0) {
		web_page(res, 404, "Not found", "There is no such page.");
		return;
	}
	if (req->method == WEB_M_GET) /* not even HEAD: a save must not happen as a side effect of a probe */
		get_save(app, req, res, a);
	else if (req->method == WEB_M_POST)
		post_save(app, req, res, a);
	else {
		web_response_header(res, "Allow", "GET, POST");
		web_page(res, 405, "Method not allowed", "Open /api/save?url=… with GET.");
	}
}
