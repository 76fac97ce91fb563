/* save_guard.c: the "Save URL to your library?" page with its CSRF token, and /api/save/token (the bookmarklet's save token itself is svc/savetoken.c's). */
#include <stdio.h>
#include <string.h>

#include "svc/apikey.h"
#include "svc/savetoken.h"
#include "util/crypto.h"
#include "util/jsonw.h"
#include "util/sb.h"
#include "util/text.h"
#include "util/time.h"
#include "web/authenticate.h"
#include "web/page.h"
#include "web/save_guard.h"

#define CSRF_SECRET "save_csrf_key"    /* the settings row holding the HMAC key of the CSRF tokens */

int web_save_csrf(struct store *st, const char *user_id, const char *session_hash, char out[65])
{
	char key[65], msg[128];
	if (store_secret(st, CSRF_SECRET, key) != STORE_OK)
		return -1;
	snprintf(msg, sizeof msg, "save-csrf:%s:%s", session_hash ? "session" : "user", session_hash ? session_hash : user_id);
	crypto_hmac_sha256_hex(key, 64, msg, strlen(msg), out);
	return 0;
}

bool web_save_csrf_ok(struct store *st, const char *user_id, const char *session_hash, const char *given, size_t len)
{
	char want[65];
	if (given == NULL || len != 64 || web_save_csrf(st, user_id, session_hash, want) != 0)
		return false;
	return crypto_equal(want, given, 64);
}

static void hidden(struct sb *b, const char *name, const char *value)
{
	sb_puts(b, "<input type=\"hidden\" name=\"");
	sb_puts(b, name);
	sb_puts(b, "\" value=\"");
	sb_put_html(b, value);
	sb_puts(b, "\">\n");
}

void web_save_confirm(struct web_response *res, const struct web_qparam *q, size_t n, const char *csrf,
                      const char *notice)
{
	struct sb *b = res->body;
	const struct web_qparam *url = web_query_get(q, n, "url"), *state = web_query_get(q, n, "state");
	bool archived = state && strcmp(state->value, "ARCHIVED") == 0, any = false;

	sb_reset(b);
	sb_puts(b, WEB_PAGE_HEAD "<title>Save this page? · Larder</title></head>\n"
	           "<body class=\"message-page\"><main class=\"confirm-save\">\n<h1>Save URL to your library?</h1>\n");
	if (notice) {
		sb_puts(b, "<p class=\"warning\" id=\"save-notice\">");
		sb_put_html(b, notice);
		sb_puts(b, "</p>\n");
	}
	sb_puts(b, "<p>A page asked Larder to save this address. Save it only if you meant to.</p>\n"
	           "<dl class=\"save-what\"><dt>URL</dt><dd id=\"save-url\">");
	sb_put_html(b, url ? url->value : "");
	sb_puts(b, "</dd>\n<dt>Labels</dt><dd id=\"save-labels\">");
	for (size_t i = 0; i < n; i++)
		if (strcmp(q[i].name, "labels") == 0 && q[i].value_len > 0) {
			sb_puts(b, "<span class=\"chip\">");
			sb_put_html(b, q[i].value);
			sb_puts(b, "</span> ");
			any = true;
		}
	sb_puts(b, any ? "</dd>\n" : "none</dd>\n");
	if (archived)
		sb_puts(b, "<dt>Where</dt><dd>Straight to the archive</dd>\n");
	sb_puts(b, "</dl>\n<form method=\"post\" action=\"/api/save\" class=\"actions\">\n");
	hidden(b, "csrf", csrf);
	hidden(b, "url", url ? url->value : "");
	for (size_t i = 0; i < n; i++)
		if (strcmp(q[i].name, "labels") == 0 && q[i].value_len > 0)
			hidden(b, "labels", q[i].value);
	if (archived)
		hidden(b, "state", "ARCHIVED");
	sb_puts(b, "<button type=\"submit\" class=\"primary\" id=\"confirm-save\">Save to library</button>\n"
	           "<a class=\"button\" href=\"/home\" id=\"cancel-save\">Cancel</a>\n</form>\n"
	           "<p class=\"hint\">The bookmarklet of <a href=\"/settings/bookmarklet\">the settings page</a> "
	           "saves in one click, without this question.</p>\n</main></body></html>\n");
	res->status = 200;
	res->content_type = WEB_CT_HTML;
}

/* the user of a /api/save/token request: an API key, or the session cookie sent from our own site;
 * false with the JSON error answered */
static bool token_user(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a,
                       struct web_authn *w)
{
	switch (web_authenticate(app, req, a, WEB_AUTHN_API, w)) {
	case WEB_AUTHN_USER:
		if (web_authn_allows(w, SVC_GRANT_SAVE))
			return true;
		web_response_error(res, 403, NULL, "FORBIDDEN", "%s", w->msg);
		return false;
	case WEB_AUTHN_ANONYMOUS:
		web_response_error(res, 401, NULL, "UNAUTHENTICATED", "Log in first: there is no session.");
		return false;
	case WEB_AUTHN_REFUSED:
		break;
	}
	if (web_authn_busy(res, NULL, w))
		return false;
	if (w->status == 500)
		web_response_error(res, 500, NULL, "INTERNAL_SERVER_ERROR", "The database could not be read.");
	else
		web_response_error(res, w->status, NULL, w->status == 403 ? "FORBIDDEN" : "UNAUTHENTICATED", "%s", w->msg);
	return false;
}

/* "createdAt":"…","lastUsedAt":… of a token into b */
static void token_times(struct sb *b, int64_t created, int64_t used)
{
	char when[TIME_ISO_BUF];
	time_format_iso(created, when, sizeof when);
	sb_puts(b, "\"createdAt\":");
	jw_cstr(b, when);
	sb_puts(b, ",\"lastUsedAt\":");
	if (used) {
		time_format_iso(used, when, sizeof when);
		jw_cstr(b, when);
	} else
		sb_puts(b, "null");
}

/* POST: a new token, stored as its hash, answered once */
static void token_new(struct web_graphql *app, struct web_response *res, const struct store_user *u, int64_t now)
{
	char token[SVC_SAVE_TOKEN_HEX + 1];
	int r = svc_save_token_mint(app->store, u->id, now, token);
	if (r == -1) {
		web_response_error(res, 500, NULL, "INTERNAL_SERVER_ERROR", "No random bytes for a token.");
		return;
	}
	if (r != 0) {
		web_response_fail(res, NULL, "The token could not be stored.", "save token: %s", store_errmsg(app->store));
		return;
	}
	sb_puts(res->body, "{\"token\":");
	jw_cstr(res->body, token);
	sb_putc(res->body, ',');
	token_times(res->body, now, 0);
	sb_puts(res->body, "}\n");
}

void web_save_token_handle(struct web_graphql *app, struct web_request *req, struct web_response *res,
                           struct arena *a)
{
	struct web_authn w;
	struct store_savetoken t;
	int rc;

	if (req->method != WEB_M_GET && req->method != WEB_M_POST && req->method != WEB_M_DELETE) {
		web_response_header(res, "Allow", "GET, POST, DELETE");
		web_response_error(res, 405, NULL, "METHOD_NOT_ALLOWED", "Use GET, POST or DELETE.");
		return;
	}
	if (!token_user(app, req, res, a, &w))
		return;
	sb_reset(res->body);
	res->status = 200;
	res->content_type = "application/json";
	if (req->method == WEB_M_POST) {
		token_new(app, res, &w.user, w.ctx.now_ms);
		return;
	}
	rc = req->method == WEB_M_GET ? store_savetoken_get(app->store, w.user.id, &t) : svc_save_token_revoke(app->store, w.user.id);
	if (rc != STORE_OK && rc != STORE_E_NOTFOUND) {
		web_response_fail(res, NULL, "The database could not be read.", "save token: %s", store_errmsg(app->store));
		return;
	}
	if (req->method == WEB_M_DELETE) {
		sb_puts(res->body, rc == STORE_OK ? "{\"revoked\":true}\n" : "{\"revoked\":false}\n");
		return;
	}
	sb_puts(res->body, "{\"token\":");
	if (rc == STORE_OK) {
		sb_puts(res->body, "{\"exists\":true,");
		token_times(res->body, t.created_ms, t.used_ms);
		sb_puts(res->body, "}}\n");
	} else
		sb_puts(res->body, "null}\n");
}
