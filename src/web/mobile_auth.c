/* mobile_auth.c: Omnivore's apps' sign-in and sign-up (JSON in, JSON out) and /api/auth/verify, on svc/account.c's policy: a session like the login form's, throttled the same way. */
#include <json-c/json.h>
#include <stdio.h>
#include <string.h>

#include "svc/account.h"
#include "util/jsonw.h"
#include "util/time.h"
#include "util/utf8.h"
#include "web/authenticate.h"
#include "web/mobile_auth.h"
#include "web/session.h"

#define SIGN_IN_LIMIT (16 * 1024)   /* bytes of a sign-in or sign-up body */

/* a JSON answer: status, then the object b holds */
static void answer(struct web_response *res, int status, const char *json)
{
	res->status = status;
	res->content_type = "application/json";
	sb_reset(res->body);
	sb_puts(res->body, json);
}

/* an error answer as Omnivore writes one: {"errorCodes":[code],"message":why}, the message for people (the apps
 * read the code), and why in the log line */
static void failed(struct web_response *res, int status, const char *code, const char *why)
{
	res->status = status;
	res->content_type = "application/json";
	sb_reset(res->body);
	sb_puts(res->body, "{\"errorCodes\":[");
	jw_cstr(res->body, code);
	sb_puts(res->body, "],\"message\":");
	jw_cstr(res->body, why);
	sb_putc(res->body, '}');
	snprintf(res->reason, sizeof res->reason, "mobile sign-in refused: %s", why);
}

/* Omnivore's refusal of a sign-in or sign-up: 403 AUTH_FAILED */
static void refused(struct web_response *res, const char *why)
{
	failed(res, 403, "AUTH_FAILED", why);
}

/* the body as a JSON object, or NULL with res answered (the caller frees it) */
static struct json_object *json_body(struct web_request *req, struct web_response *res, struct arena *a)
{
	struct json_object *o;
	if (req->method != WEB_M_POST) {
		web_response_header(res, "Allow", "POST");
		failed(res, 405, "BAD_REQUEST", "send it with POST");
		return NULL;
	}
	switch (web_request_read_body(req, a, SIGN_IN_LIMIT)) {
	case WEB_BODY_OK:
		break;
	case WEB_BODY_TOO_LARGE:
		failed(res, 413, "BAD_REQUEST", "the body is too large");
		return NULL;
	default:
		failed(res, 400, "BAD_REQUEST", "the body could not be read");
		return NULL;
	}
	if (memchr(req->body, 0, req->body_len) || !utf8_valid(req->body, req->body_len) ||
	    (o = json_tokener_parse(req->body)) == NULL) {
		failed(res, 400, "BAD_REQUEST", "the body must be a JSON object");
		return NULL;
	}
	if (!json_object_is_type(o, json_type_object)) {
		json_object_put(o);
		failed(res, 400, "BAD_REQUEST", "the body must be a JSON object");
		return NULL;
	}
	return o;
}

/* a string member of o copied into a (trimmed of white space at its ends), or NULL when absent or not a string */
static const char *member(struct arena *a, struct json_object *o, const char *name)
{
	struct json_object *v;
	const char *s;
	size_t n;
	if (!json_object_object_get_ex(o, name, &v) || !json_object_is_type(v, json_type_string))
		return NULL;
	s = json_object_get_string(v);
	n = (size_t)json_object_get_string_len(v);
	if (strcmp(name, "password") != 0) { /* a password is taken as typed */
		while (n > 0 && (*s == ' ' || *s == '\t'))
			s++, n--;
		while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
			n--;
	}
	return arena_strndup(a, s, n);
}

/* the answer of a signed-in app: its token and the session cookie the iOS app keeps for its web views; the cookie
 * is also set, so that the iOS app's plain GET of a PDF item's url (/api/file/ID: its PDFLoading.swift sends no
 * token) carries it from URLSession's cookie store, as a browser's would */
static void signed_in(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a,
                      const char *token)
{
	const char *cookie = web_session_cookie(a, app->cfg, req, token);
	if (cookie)
		web_response_header(res, "Set-Cookie", cookie);
	res->status = 200;
	res->content_type = "application/json";
	sb_reset(res->body);
	sb_puts(res->body, "{\"authToken\":");
	jw_cstr(res->body, token);
	sb_puts(res->body, ",\"authCookieString\":");
	jw_cstr(res->body, cookie ? cookie : "");
	sb_putc(res->body, '}');
}

/* POST /api/mobile-auth/email-sign-in {email, password}: the email may be a username too */
static void sign_in(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	struct json_object *o = json_body(req, res, a);
	struct svc_login lg;
	const char *name, *password;
	if (o == NULL)
		return;
	name = member(a, o, "email");
	if (name == NULL || *name == '\0')
		name = member(a, o, "username");
	password = member(a, o, "password");
	json_object_put(o);
	switch (svc_login(app->store, app->cfg, a, &(struct svc_login_try){ name, password, req->remote_addr, "app",
	                                                                  web_agent_name(a, req->user_agent) },
	                  time_now_ms(), &lg)) {
	case SVC_ACCOUNT_OK:
		signed_in(app, req, res, a, lg.token);
		return;
	case SVC_ACCOUNT_WAIT: {
		int64_t s = (lg.wait_ms + 999) / 1000;
		const char *secs = arena_printf(a, "%lld", (long long)s);
		web_response_header(res, "Retry-After", secs ? secs : "60");
		failed(res, 429, "AUTH_FAILED", "too many attempts: try again later");
		return;
	}
	case SVC_ACCOUNT_FAILED:
		failed(res, 500, "AUTH_FAILED", lg.failed ? lg.failed : "the server failed");
		return;
	default:
		refused(res, "wrong e-mail address, username or password");
		return;
	}
}

/* POST /api/mobile-auth/email-sign-up {email, password, username, name}: when larder.conf allows signups; answered
 * {} as Omnivore does (the app then signs in) */
static void sign_up(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	struct json_object *o;
	struct store_user u;
	const char *username, *name, *email, *password;
	if (!app->cfg->signup) {
		refused(res, "this server takes no signups");
		return;
	}
	if ((o = json_body(req, res, a)) == NULL)
		return;
	username = member(a, o, "username");
	name = member(a, o, "name");
	email = member(a, o, "email");
	password = member(a, o, "password");
	json_object_put(o);
	switch (svc_signup(app->store, app->cfg, a, &(struct svc_signup){ username, name, email, password },
	                   &svc_signup_web, &u)) {
	case SVC_ACCOUNT_OK:
		answer(res, 200, "{}");
		return;
	case SVC_ACCOUNT_EXISTS:
		refused(res, "that username or e-mail address is taken");
		return;
	case SVC_ACCOUNT_PASSWORD:
		refused(res, "the password is too short or too long");
		return;
	case SVC_ACCOUNT_INVALID:
		refused(res, "a username, an e-mail address and a password are needed");
		return;
	default:
		failed(res, 500, "AUTH_FAILED", "the account could not be stored");
		return;
	}
}

/* GET /api/auth/verify: whether the request's credentials (a key or a session token in Authorization, or the
 * session cookie) name a user now */
static void verify(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	struct web_authn who;
	enum web_authn_outcome k = web_authenticate(app, req, a, WEB_AUTHN_KEY | WEB_AUTHN_SESSION, &who);
	web_authn_release();
	if (k == WEB_AUTHN_REFUSED && who.status >= 500) {
		failed(res, 500, "AUTH_FAILED", "the credentials could not be checked");
		return;
	}
	answer(res, 200, k == WEB_AUTHN_USER ? "{\"authStatus\":\"AUTHENTICATED\"}" : "{\"authStatus\":\"NOT_AUTHENTICATED\"}");
}

bool web_mobile_auth_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	bool in = strcmp(req->path, "/api/mobile-auth/email-sign-in") == 0,
	     up = strcmp(req->path, "/api/mobile-auth/email-sign-up") == 0,
	     check = strcmp(req->path, "/api/auth/verify") == 0;
	if (!in && !up && !check)
		return false;
	web_response_header(res, "Cache-Control", "no-store");
	/* the apps send no Origin; a page of another site may not make a visitor's browser guess passwords (which
	 * would hold the visitor's own address back) */
	if ((in || up) && web_cross_site(app->cfg, req)) {
		failed(res, 403, "AUTH_FAILED", "a sign-in from another site's page is refused");
		return true;
	}
	if (check && req->method != WEB_M_GET && req->method != WEB_M_HEAD) {
		web_response_header(res, "Allow", "GET");
		failed(res, 405, "BAD_REQUEST", "ask with GET");
		return true;
	}
	if (in)
		sign_in(app, req, res, a);
	else if (up)
		sign_up(app, req, res, a);
	else
		verify(app, req, res, a);
	return true;
}
