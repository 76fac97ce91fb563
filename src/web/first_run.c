/* first_run.c: the first-run page of auth.fcgi (/api/auth/setup): while no account exists, a form that makes the first one and logs it in; afterwards a redirect to /login. */
#include <stdio.h>
#include <string.h>

#include "svc/account.h"
#include "util/limits.h"
#include "util/text.h"
#include "util/time.h"
#include "web/first_run.h"
#include "web/page.h"
#include "web/session.h"

#define FORM_LIMIT (16 * 1024) /* bytes of the first-run form */

/* the form, while no account exists */
static void form_page(struct web_response *res, const char *problem)
{
	sb_reset(res->body);
	sb_puts(res->body, WEB_PAGE_HEAD "<title>Larder: first run</title></head><body><main class=\"first-run\">"
	                   "<h1>Welcome to Larder</h1><p>No account exists yet. Make the first one here: it is "
	                   "yours, and this page is gone as soon as it exists.</p>");
	if (problem) {
		sb_puts(res->body, "<p class=\"error\" role=\"alert\">");
		sb_put_html(res->body, problem);
		sb_puts(res->body, "</p>");
	}
	sb_printf(res->body,
	          "<form method=\"post\" action=\"" WEB_FIRST_RUN_PATH "\">"
	          "<p><label>Username <input name=\"username\" required maxlength=\"64\" autocomplete=\"username\" "
	          "pattern=\"[A-Za-z0-9_.\\-]+\"></label></p>"
	          "<p><label>Name (optional) <input name=\"name\" maxlength=\"200\" autocomplete=\"name\"></label></p>"
	          "<p><label>Password (%d characters or more) <input type=\"password\" name=\"password\" required "
	          "minlength=\"%d\" autocomplete=\"new-password\"></label></p>"
	          "<p><button type=\"submit\">Make the account</button></p></form></main></body></html>\n",
	          LIMIT_PASSWORD_MIN, LIMIT_PASSWORD_MIN);
	res->status = problem ? 400 : 200;
	res->content_type = WEB_CT_HTML;
}

/* the form's fields; -1 when the body cannot be read */
static int read_fields(struct web_request *req, struct arena *a, const char **username, const char **name,
                       const char **password)
{
	const char *const names[] = { "username", "name", "password" };
	const char **to[] = { username, name, password };
	struct web_qparam *q;
	size_t n;

	*username = *name = *password = NULL;
	if (web_request_read_body(req, a, FORM_LIMIT) != WEB_BODY_OK || web_query_parse(a, req->body, req->body_len, &q, &n) != 0)
		return -1;
	for (size_t i = 0; i < 3; i++) {
		const struct web_qparam *v = web_query_get(q, n, names[i]);
		if (v != NULL && strlen(v->value) == v->value_len && *v->value) /* a NUL byte or nothing: no value */
			*to[i] = v->value;
	}
	return 0;
}

static void make_first(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	const char *username, *name, *password, *cookie;
	char token[2 * SVC_TOKEN_BYTES + 1];
	struct store_user u;

	if (web_cross_site(app->cfg, req)) {
		web_page(res, 403, "Refused", "The first-run form must be sent from this site.");
		return;
	}
	/* once set up, a form costs no password hash (argon2's time and memory): anyone may send one */
	if (store_user_any(app->store) == STORE_OK) {
		snprintf(res->reason, sizeof res->reason, "first run refused: an account exists already");
		web_redirect(res, 303, "/login");
		return;
	}
	if (read_fields(req, a, &username, &name, &password) != 0) {
		form_page(res, "The form could not be read (it is limited to 16 KiB).");
		return;
	}
	switch (svc_signup(app->store, app->cfg, a, &(struct svc_signup){ username, name, NULL, password },
	                   &svc_signup_first, &u)) {
	case SVC_ACCOUNT_OK:
		break;
	case SVC_ACCOUNT_EXISTS: /* another browser was first, or the page was kept open: log in instead */
		snprintf(res->reason, sizeof res->reason, "first run refused: an account exists already");
		web_redirect(res, 303, "/login");
		return;
	case SVC_ACCOUNT_INVALID:
		form_page(res, "A username is 1 to 64 letters, digits, '_', '-' or '.', and a password is needed.");
		return;
	case SVC_ACCOUNT_PASSWORD:
		form_page(res, "The password is too short (8 characters or more) or too long.");
		return;
	case SVC_ACCOUNT_HASH:
		web_page(res, 500, "Error", "The password could not be hashed (see argon2_memory_kib in larder.conf).");
		return;
	default:
		snprintf(res->reason, sizeof res->reason, "first run: the account could not be stored: %s",
		         store_errmsg(app->store));
		web_page(res, 500, "Error", "The account could not be stored (the server's error log says why).");
		return;
	}
	if (svc_session_start_from(app->store, app->cfg, u.id, time_now_ms(), NULL, web_agent_name(a, req->user_agent),
	                           token) != SVC_ACCOUNT_OK ||
	    (cookie = web_session_cookie(a, app->cfg, req, token)) == NULL) {
		web_redirect(res, 303, "/login"); /* the account exists: its owner logs in by hand */
		return;
	}
	web_response_header(res, "Set-Cookie", cookie);
	web_redirect(res, 303, "/home");
}

void web_first_run(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	if (req->method == WEB_M_POST) {
		make_first(app, req, res, a);
		return;
	}
	if (req->method != WEB_M_GET && req->method != WEB_M_HEAD) {
		web_response_header(res, "Allow", "GET, POST");
		web_page(res, 405, "Method not allowed", "Open this page with GET, send its form with POST.");
		return;
	}
	switch (store_user_any(app->store)) {
	case STORE_E_NOTFOUND:
		form_page(res, NULL);
		break;
	case STORE_OK: /* set up: the page is gone */
		web_redirect(res, 302, "/login");
		break;
	default:
		snprintf(res->reason, sizeof res->reason, "first run: %s", store_errmsg(app->store));
		web_page(res, 500, "Error", "The database could not be read (the server's error log says why).");
		break;
	}
}
