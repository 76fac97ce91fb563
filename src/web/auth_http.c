/* auth_http.c: auth.fcgi's requests: POST /api/auth/login (password, throttled, sets the session cookie) and POST /api/auth/logout. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "util/crypto.h"
#include "util/limits.h"
#include "util/time.h"
#include "web/auth_http.h"
#include "web/page.h"
#include "web/session.h"
#include "web/throttle.h"

#define FORM_LIMIT (16 * 1024)         /* bytes of a login form */
#define PASSWORD_MAX 1024

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

/* spend the time a password check takes when there is no password to check, so a missing
 * account answers as slowly as a wrong password */
static void dummy_verify(const struct larder_config *cfg, const char *pw)
{
	static char encoded[CRYPTO_PASSWORD_HASH_MAX];
	if (!encoded[0] && crypto_password_hash("larder", 6, cfg->argon2_t_cost, cfg->argon2_m_kib,
	                                        cfg->argon2_parallelism, encoded, sizeof encoded) != 0)
		return;
	crypto_password_verify(encoded, pw, strlen(pw));
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

/* POST /api/auth/login: throttled per account-from-this-address and per address (web/throttle.h) */
static void login(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	const struct larder_config *cfg = app->cfg;
	struct login_form f;
	struct store_user u;
	struct web_throttle t;
	const char *cookie, *redirect;
	int64_t now = time_now_ms(), wait;
	int rc;

	if (web_cross_site(cfg, req)) { /* a login form posted from another site */
		web_page(res, 403, "Refused", "The login form must be sent from this site.");
		return;
	}
	if (read_form(req, a, &f) != 0) {
		back_to_login(res, a, "invalid", NULL);
		return;
	}
	redirect = f.redirect && web_safe_redirect(f.redirect) ? f.redirect : "/home";
	if (f.username == NULL || !*f.username || f.password == NULL || !*f.password ||
	    strlen(f.username) > 320 || strlen(f.password) > PASSWORD_MAX) {
		back_to_login(res, a, "invalid", f.redirect);
		return;
	}
	rc = store_user_by_name(app->store, a, f.username, &u);
	if (rc != STORE_OK && rc != STORE_E_NOTFOUND) {
		web_page(res, 500, "Error", "The database could not be read.");
		return;
	}
	if (web_throttle_keys(a, rc == STORE_OK ? u.id : NULL, f.username, req->remote_addr, &t) != 0) {
		web_page(res, 500, "Error", "Out of memory.");
		return;
	}
	if ((wait = web_throttle_attempt(app->store, &t, now)) != 0) { /* no password is checked while waiting */
		if (wait > 0)
			too_many(res, a, wait);
		else
			web_page(res, 500, "Error", "The database could not be written.");
		return;
	}
	if (rc == STORE_E_NOTFOUND || u.password_hash == NULL) {
		dummy_verify(cfg, f.password);
		rc = -1;
	} else
		rc = crypto_password_verify(u.password_hash, f.password, strlen(f.password));
	if (rc != 0) { /* the attempt is already counted as a failure */
		back_to_login(res, a, "invalid", f.redirect);
		return;
	}
	web_throttle_pass(app->store, &t, now);
	if (web_session_start(app->store, cfg, a, u.id, now, web_request_secure(cfg, req), &cookie) != 0) {
		web_page(res, 500, "Error", "The session could not be stored.");
		return;
	}
	web_response_header(res, "Set-Cookie", cookie);
	web_redirect(res, 303, redirect);
}

/* POST /api/auth/signup: only when larder.conf says `signup = yes` */
static void signup(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	const struct larder_config *cfg = app->cfg;
	struct login_form f;
	struct store_user u;
	char hash[CRYPTO_PASSWORD_HASH_MAX];
	const char *cookie;
	int rc;

	if (!cfg->signup) {
		back_to_login(res, a, "signup-disabled", NULL);
		return;
	}
	if (web_cross_site(cfg, req)) {
		web_page(res, 403, "Refused", "The signup form must be sent from this site.");
		return;
	}
	if (read_form(req, a, &f) != 0 || f.username == NULL || f.password == NULL) {
		web_redirect(res, 303, "/login?error=signup-invalid&signup=1");
		return;
	}
	if (strlen(f.password) < LIMIT_PASSWORD_MIN || strlen(f.password) > PASSWORD_MAX) {
		web_redirect(res, 303, "/login?error=signup-password&signup=1");
		return;
	}
	if (crypto_password_hash(f.password, strlen(f.password), cfg->argon2_t_cost, cfg->argon2_m_kib,
	                         cfg->argon2_parallelism, hash, sizeof hash) != 0) {
		web_page(res, 500, "Error", "The password could not be hashed.");
		return;
	}
	rc = store_user_add(app->store, a, f.username, f.name, f.email, hash, &u);
	if (rc == STORE_E_EXISTS || rc == STORE_E_INVAL) {
		web_redirect(res, 303, rc == STORE_E_EXISTS ? "/login?error=signup-taken&signup=1" : "/login?error=signup-invalid&signup=1");
		return;
	}
	if (rc != STORE_OK || web_session_start(app->store, cfg, a, u.id, time_now_ms(), web_request_secure(cfg, req),
	                                        &cookie) != 0) {
		web_page(res, 500, "Error", "The account could not be stored.");
		return;
	}
	web_response_header(res, "Set-Cookie", cookie);
	web_redirect(res, 303, "/home");
}

static void logout(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	const char *token_hash = NULL;
	struct store_user u;
	if (web_cross_site(app->cfg, req)) {
		web_page(res, 403, "Refused", "Logging out must be asked from this site.");
		return;
	}
	if (web_auth_session(app->store, app->cfg, a, req, time_now_ms(), &u, &token_hash) == WEB_AUTH_OK && token_hash)
		store_session_delete(app->store, token_hash); /* ended server-side: the cookie is worth nothing now */
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
	web_page(res, 404, "Not found", "There is no such page.");
}
