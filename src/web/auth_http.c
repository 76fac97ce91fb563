/* auth_http.c: auth.fcgi's requests: the login, signup and logout forms read, answered with the session cookie, redirects or pages (the policy is svc/account.c's); the first-run page is first_run.c's. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "svc/account.h"
#include "util/time.h"
#include "web/auth_http.h"
#include "web/first_run.h"
#include "web/mobile_auth.h"
#include "web/page.h"
#include "web/session.h"

#define FORM_LIMIT (16 * 1024)         /* bytes of a login form */

/* the login (and signup) form's fields */
struct login_form {
	const char *username, *password, *redirect, *email, *name;
};

/* 303 to /login with an error code and the redirect kept */
static void back_to_login(struct web_response *res, struct arena *a, const char *error, const char *redirect)
{
	const char *enc = redirect && web_safe_redirect(redirect) ? web_url_encode(a, redirect) : NULL;
	const char *to = enc ? arena_printf(a, "/login?error=%s&redirect=%s", error, enc)
	                     : arena_printf(a, "/login?error=%s", error);
	web_redirect(res, 303, to ? to : "/login");
	snprintf(res->reason, sizeof res->reason, "login refused: %s", error);
}

static int read_form(struct web_request *req, struct arena *a, struct login_form *f)
{
	/* each field, where it goes, and whether an empty value counts as absent */
	const struct { const char *name; const char **to; bool nonempty; } fields[] = {
		{ "username", &f->username, false }, { "password", &f->password, false },
		{ "redirect", &f->redirect, false }, { "email", &f->email, true }, { "name", &f->name, true },
	};
	struct web_qparam *q;
	const struct web_qparam *v;
	size_t n;

	memset(f, 0, sizeof *f);
	if (web_request_read_body(req, a, FORM_LIMIT) != WEB_BODY_OK)
		return -1;
	if (web_query_parse(a, req->body, req->body_len, &q, &n) != 0)
		return -1;
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		v = web_query_get(q, n, fields[i].name);
		/* a value holding a NUL byte is no value */
		if (v != NULL && strlen(v->value) == v->value_len && (!fields[i].nonempty || *v->value))
			*fields[i].to = v->value;
	}
	return 0;
}

/* the answer while an attempt must wait: the same for every account, known or not, and every password */
static void too_many(struct web_response *res, struct arena *a, int64_t wait_ms)
{
	int64_t s = (wait_ms + 999) / 1000;
	const char *secs = arena_printf(a, "%lld", (long long)s);
	const char *msg = arena_printf(a, "Too many attempts; try again in %lld s.", (long long)s);
	web_response_header(res, "Retry-After", secs ? secs : "60");
	web_page(res, 429, "Too many attempts", msg ? msg : "Too many attempts; try again later.");
}

/* a new session's cookie set, then 303 to where the user goes */
static void logged_in(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a,
                      const char *token, const char *to, const char *failed)
{
	const char *cookie = web_session_cookie(a, app->cfg, req, token);
	if (cookie == NULL) {
		web_page(res, 500, "Error", failed);
		return;
	}
	web_response_header(res, "Set-Cookie", cookie);
	web_redirect(res, 303, to);
}

/* POST /api/auth/login: the password login of svc/account.h, throttled */
static void login(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	struct login_form f;
	struct svc_login lg;
	const char *redirect;

	if (web_cross_site(app->cfg, req)) { /* a login form posted from another site */
		web_page(res, 403, "Refused", "The login form must be sent from this site.");
		return;
	}
	if (read_form(req, a, &f) != 0) {
		back_to_login(res, a, "invalid", NULL);
		return;
	}
	redirect = f.redirect && web_safe_redirect(f.redirect) ? f.redirect : "/home";
	switch (svc_login(app->store, app->cfg, a, &(struct svc_login_try){ f.username, f.password, req->remote_addr, NULL,
	                                                                  web_agent_name(a, req->user_agent) },
	                  time_now_ms(), &lg)) {
	case SVC_ACCOUNT_OK:
		logged_in(app, req, res, a, lg.token, redirect, "The session could not be stored.");
		break;
	case SVC_ACCOUNT_WAIT:
		too_many(res, a, lg.wait_ms);
		break;
	case SVC_ACCOUNT_FAILED:
		web_page(res, 500, "Error", lg.failed);
		break;
	default:
		back_to_login(res, a, "invalid", f.redirect);
		break;
	}
}

/* POST /api/auth/signup: only when larder.conf says `signup = yes` */
static void signup(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	const struct larder_config *cfg = app->cfg;
	struct login_form f;
	struct store_user u;
	char token[2 * SVC_TOKEN_BYTES + 1];

	if (!cfg->signup) {
		back_to_login(res, a, "signup-disabled", NULL);
		return;
	}
	if (web_cross_site(cfg, req)) {
		web_page(res, 403, "Refused", "The signup form must be sent from this site.");
		return;
	}
	if (read_form(req, a, &f) != 0) {
		web_redirect(res, 303, "/login?error=signup-invalid&signup=1");
		return;
	}
	switch (svc_signup(app->store, cfg, a, &(struct svc_signup){ f.username, f.name, f.email, f.password },
	                   &svc_signup_web, &u)) {
	case SVC_ACCOUNT_OK:
		if (svc_session_start_from(app->store, cfg, u.id, time_now_ms(), NULL, web_agent_name(a, req->user_agent),
		                           token) == SVC_ACCOUNT_OK)
			logged_in(app, req, res, a, token, "/home", "The account could not be stored.");
		else
			web_page(res, 500, "Error", "The account could not be stored.");
		break;
	case SVC_ACCOUNT_INVALID:
		web_redirect(res, 303, "/login?error=signup-invalid&signup=1");
		break;
	case SVC_ACCOUNT_PASSWORD:
		web_redirect(res, 303, "/login?error=signup-password&signup=1");
		break;
	case SVC_ACCOUNT_EXISTS:
		web_redirect(res, 303, "/login?error=signup-taken&signup=1");
		break;
	case SVC_ACCOUNT_HASH:
		web_page(res, 500, "Error", "The password could not be hashed.");
		break;
	default:
		web_page(res, 500, "Error", "The account could not be stored.");
		break;
	}
}

static void logout(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	const char *token_hash = NULL;
	struct store_user u;
	if (web_cross_site(app->cfg, req)) {
		web_page(res, 403, "Refused", "Logging out must be asked from this site.");
		return;
	}
	if (web_auth_session(app->store, app->cfg, a, req, time_now_ms(), &u, &token_hash) == WEB_AUTH_OK)
		svc_session_end(app->store, token_hash); /* ended server-side: the cookie is worth nothing now */
	web_response_header(res, "Set-Cookie", web_cookie_make(a, "", 0, web_request_secure(app->cfg, req)));
	web_redirect(res, 303, "/login");
}

void web_auth_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	web_no_frame_no_cache(res);
	if (req->long_header) {
		web_page(res, 431, "Request refused", "A header of this request is too large.");
		return;
	}
	if (web_mobile_auth_handle(app, req, res, a))
		return;
	if (strcmp(req->path, "/api/auth/login") == 0 || strcmp(req->path, "/api/auth/logout") == 0 ||
	    strcmp(req->path, "/api/auth/signup") == 0) {
		if (req->method != WEB_M_POST) {
			web_response_header(res, "Allow", "POST");
			web_page(res, 405, "Method not allowed", "Send this form with POST.");
			return;
		}
		if (strcmp(req->path, "/api/auth/login") == 0)
			login(app, req, res, a);
		else if (strcmp(req->path, "/api/auth/signup") == 0)
			signup(app, req, res, a);
		else
			logout(app, req, res, a);
		return;
	}
	if (strcmp(req->path, WEB_FIRST_RUN_PATH) == 0) {
		web_first_run(app, req, res, a);
		return;
	}
	web_page(res, 404, "Not found", "There is no such page.");
}
