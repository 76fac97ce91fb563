/* save_http.c: save.fcgi's requests: GET /api/save?url=…&labels=…&token=… (saved at once through svc_save with the bookmarklet's token, else confirmed first; also the installed app's share target, the link in text=), the confirmation's POST, and /api/save/token. */
#include <stdio.h>
#include <string.h>

#include "svc/apikey.h"
#include "svc/save.h"
#include "svc/savetoken.h"
#include "util/limits.h"
#include "util/url.h"
#include "util/utf8.h"
#include "web/authenticate.h"
#include "web/page.h"
#include "web/save_guard.h"
#include "web/save_http.h"
#include "web/session.h"

#define FORM_LIMIT (64 * 1024)  /* bytes of the confirmation form: a URL and labels */

/* a copy of the n bytes at s in a with every byte that is not valid UTF-8 replaced by U+FFFD, as a JSON
 * writer would send them (NULL when out of memory) */
static const char *as_utf8(struct arena *a, const char *s, size_t n)
{
	char *out = arena_alloc(a, 3 * n + 1), *o = out;
	size_t k;
	if (out == NULL)
		return NULL;
	for (size_t i = 0; i < n; i += k ? k : 1) {
		k = utf8_valid_prefix((const unsigned char *)s + i, n - i);
		memcpy(o, k ? s + i : "\xef\xbf\xbd", k ? k : 3);
		o += k ? k : 3;
	}
	*o = '\0';
	return out;
}

/* the save asked for by the query string or form into *in (the URL and labels as UTF-8); false with *why
 * set when it is unusable */
static bool read_save(struct arena *a, const struct larder_config *cfg, const struct web_qparam *q, size_t n,
                      struct svc_save_in *in, const char **why)
{
	const struct web_qparam *url = web_query_get(q, n, "url"), *state = web_query_get(q, n, "state");
	const char **labels;
	char *norm;
	const char *bad = NULL;
	if (url == NULL || url->value_len == 0) {
		*why = web_query_get(q, n, "text")
		           ? "No URL to save: what was shared holds no web address (http:// or https://)."
		           : "No URL to save: use /api/save?url=https://… (the bookmarklet on the settings page does this for you).";
		return false;
	}
	if (url->value_len > LIMIT_URL_BYTES || strlen(url->value) != url->value_len) {
		*why = "The URL to save is too long or holds a NUL byte.";
		return false;
	}
	/* a URL that cannot be saved is said before asking to confirm (invalid UTF-8 is left to svc_save, which
	 * gets the bytes replaced) */
	if (utf8_valid(url->value, url->value_len) && url_normalise(a, url->value, url->value_len, &norm, &bad) != 0) {
		*why = arena_printf(a, "This URL cannot be saved: %s.", bad ? bad : "malformed");
		if (*why == NULL)
			*why = "This URL cannot be saved.";
		return false;
	}
	memset(in, 0, sizeof *in);
	in->url = as_utf8(a, url->value, url->value_len);
	in->source = "api-save-url";
	in->state = state ? state->value : NULL;
	if ((labels = ARENA_NEWN(a, const char *, cfg->labels_per_item + 1)) == NULL || in->url == NULL) {
		*why = "Out of memory.";
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		if (strcmp(q[i].name, "labels") != 0 || q[i].value_len == 0)
			continue;
		if (in->nlabels >= cfg->labels_per_item) {
			*why = arena_printf(a, "Too many labels for one page: at most %u (labels_per_item in larder.conf).",
			                    (unsigned)cfg->labels_per_item);
			if (*why == NULL)
				*why = "Too many labels for one page.";
			return false;
		}
		if ((labels[in->nlabels++] = as_utf8(a, q[i].value, q[i].value_len)) == NULL) {
			*why = "Out of memory.";
			return false;
		}
	}
	in->labels = labels;
	return true;
}

/* who asks, for /api/save: an API key (a program), else the session cookie from any site (the
 * bookmarklet runs on the page being saved); false when the answer is already made */
static bool identify(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a,
                     struct web_authn *w)
{
	if (web_authenticate(app, req, a, WEB_AUTHN_KEY | WEB_AUTHN_SESSION, w) != WEB_AUTHN_REFUSED) {
		if (w->outcome != WEB_AUTHN_USER || web_authn_allows(w, SVC_GRANT_SAVE))
			return true;
		web_page(res, 403, "Not saved", w->msg);
		return false;
	}
	if (w->status == 429) {
		web_response_header(res, "Retry-After", "1");
		web_response_header(res, "Refresh", "2"); /* a page a person looks at asks again by itself */
		web_page(res, 429, "Not saved yet", w->msg);
	} else if (w->status == 401)
		web_page(res, 401, "Not saved", w->msg);
	else
		web_page(res, 500, "Error", "The database could not be read.");
	return false;
}

/* svc_save for the user who asks, then a redirect (status) to the reader, or a page saying why not */
static void run_save(struct web_graphql *app, struct web_response *res, struct arena *a, const struct web_authn *w,
                     struct svc_save_in *in, int status)
{
	struct svc_save_out r;
	const char *path;

	in->user_id = w->user.id;
	in->username = w->user.username;
	switch (svc_save(app->store, app->cfg, a, in, &r)) {
	case SVC_SAVED:
		path = svc_reader_path(a, in->username, &r.item);
		web_redirect(res, status, path ? path : "/home");
		break;
	case SVC_SAVE_REFUSED:
		web_page(res, 400, "Not saved", r.message);
		break;
	case SVC_SAVE_FAILED:
		web_page(res, 500, "Not saved", "The page could not be saved.");
		snprintf(res->reason, sizeof res->reason, "%s failed: %s", r.message,
		         r.store_rc < 0 ? store_strerror(r.store_rc) : "out of memory");
		break;
	}
}

/* the notice of the confirmation page for a bookmarklet token that did not do */
static const char *token_notice(enum svc_save_token t)
{
	switch (t) {
	case SVC_SAVE_TOKEN_MALFORMED:
		return "The link's save token is malformed (it must be 64 hex digits), so Larder asks first.";
	case SVC_SAVE_TOKEN_WRONG:
		return "The link's save token is no longer valid: a newer bookmarklet replaced it, it was revoked, or it "
		       "belongs to another account. Larder asks first; make a new bookmarklet on the settings page.";
	default:
		return NULL;
	}
}

/* a share from a phone (the installed app's share target sends GET /api/save?title=…&text=…&url=…): many apps
 * send the link inside text ("A title https://…") and no url, so the first http(s) address of text stands in
 * for a missing or empty url. 0, or -1 when out of memory */
static int shared_url(struct arena *a, struct web_qparam **q, size_t *n)
{
	const struct web_qparam *url = web_query_get(*q, *n, "url"), *text = web_query_get(*q, *n, "text");
	const char *s, *h, *e;
	struct web_qparam *out;
	size_t k = 0;

	if ((url && url->value_len) || text == NULL)
		return 0;
	s = strstr(text->value, "https://");
	h = strstr(text->value, "http://");
	if (h && (!s || h < s))
		s = h;
	if (s == NULL)
		return 0;
	for (e = s; *e && !strchr(" \t\r\n\"<>", *e); e++)
		;
	if ((out = ARENA_NEWN(a, struct web_qparam, *n + 1)) == NULL)
		return -1;
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*q)[i].name, "url") != 0)
			out[k++] = (*q)[i];
	out[k] = (struct web_qparam){ .name = "url", .name_len = 3, .value = arena_strndup(a, s, (size_t)(e - s)),
	                              .value_len = (size_t)(e - s) };
	if (out[k].value == NULL)
		return -1;
	*q = out;
	*n = k + 1;
	return 0;
}

/* GET /api/save?url=…&labels=…[&token=…]: saves at once with an API key or the user's save token,
 * otherwise asks first (the confirmation page); without a login, goes to log in and comes back */
static void get_save(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	struct web_authn w;
	struct web_qparam *q;
	const struct web_qparam *tok;
	struct svc_save_in in;
	const char *why = NULL;
	enum svc_save_token t;
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
	if (web_query_parse(a, req->query_string, req->query_len, &q, &n) != 0 || shared_url(a, &q, &n) != 0) {
		web_page(res, 500, "Error", "Out of memory.");
		return;
	}
	if (!read_save(a, app->cfg, q, n, &in, &why)) {
		web_page(res, 400, "Not saved", why);
		return;
	}
	tok = web_query_get(q, n, "token");
	t = w.by_key ? SVC_SAVE_TOKEN_OK
	             : svc_save_token_check(app->store, w.user.id, tok ? tok->value : NULL, tok ? tok->value_len : 0,
	                                    w.ctx.now_ms);
	if (t == SVC_SAVE_TOKEN_OK) {
		run_save(app, res, a, &w, &in, 302);
		return;
	}
	if (t == SVC_SAVE_TOKEN_ERROR || web_save_csrf(app->store, w.user.id, w.session_hash, csrf) != 0) {
		web_page(res, 500, "Error", "The database could not be read.");
		return;
	}
	web_save_confirm(res, q, n, csrf, token_notice(t));
}

/* POST /api/save: the confirmation page's form, honoured only with the session's CSRF token */
static void post_save(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	struct svc_save_in in;
	struct web_authn w;
	struct web_qparam *q;
	const struct web_qparam *csrf;
	const char *why = NULL;
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
	if (!read_save(a, app->cfg, q, n, &in, &why)) {
		web_page(res, 400, "Not saved", why);
		return;
	}
	run_save(app, res, a, &w, &in, 303);
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
