/* authenticate.c: web_authenticate: API key, then session cookie, then the same-site check, as a policy asks; then one of the user's requests_per_user slots, held until the answer is out. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "svc/account.h"
#include "svc/apikey.h"
#include "util/slots.h"
#include "util/time.h"
#include "web/auth.h"
#include "web/authenticate.h"
#include "web/session.h"

static enum web_authn_outcome refuse(struct web_authn *out, int status)
{
	out->outcome = WEB_AUTHN_REFUSED;
	out->status = status;
	return out->outcome;
}

/* the user slot this process holds for the request it is answering (one request at a time per process) */
static int held_slot = -1;
static char held_user[80];

void web_authn_release(void)
{
	if (held_slot >= 0)
		close(held_slot);
	held_slot = -1;
	held_user[0] = 0;
}

/* one of the user's requests_per_user slots for this request (kept when this request already holds it);
 * false when every one is busy, with the 429 refusal set */
static bool take_user_slot(const struct larder_config *cfg, const char *user_id, struct web_authn *out)
{
	static bool warned;
	char kind[sizeof held_user + 8];
	int fd;

	if (held_slot >= 0 && strcmp(held_user, user_id) == 0)
		return true;
	web_authn_release();
	/* ids are UUIDs; anything else is kept out of the file name */
	if (strlen(user_id) >= sizeof held_user || strspn(user_id, "0123456789abcdefABCDEF-") != strlen(user_id))
		return true;
	snprintf(kind, sizeof kind, "user-%s", user_id);
	fd = slots_take(cfg, kind, cfg->requests_per_user);
	if (fd == -2) { /* no slot file opens (data_dir not writable): serve uncapped rather than refuse everyone */
		if (!warned)
			fprintf(stderr, "larder: warning: no slot file for requests_per_user opens in data_dir: requests "
			        "are not capped per user\n");
		warned = true;
		return true;
	}
	if (fd < 0) {
		snprintf(out->msg, sizeof out->msg, "This account already has %u requests running (requests_per_user in "
		         "larder.conf): retry when one of them is answered", (unsigned)cfg->requests_per_user);
		out->outcome = WEB_AUTHN_REFUSED;
		out->status = 429;
		return false;
	}
	held_slot = fd;
	snprintf(held_user, sizeof held_user, "%s", user_id);
	return true;
}

bool web_authn_busy(struct web_response *res, const char *content_type, const struct web_authn *who)
{
	if (who->outcome != WEB_AUTHN_REFUSED || who->status != 429)
		return false;
	web_response_header(res, "Retry-After", "1");
	web_response_error(res, 429, content_type, "TOO_MANY_REQUESTS", "%s", who->msg);
	return true;
}

static enum web_authn_outcome admit(struct web_authn *out, bool by_key)
{
	if (!take_user_slot(out->ctx.cfg, out->user.id, out))
		return out->outcome;
	out->outcome = WEB_AUTHN_USER;
	out->by_key = by_key;
	out->ctx.user = &out->user;
	out->ctx.key = by_key ? &out->key : NULL;
	out->ctx.session_hash = by_key ? NULL : out->session_hash;
	out->grants = by_key ? svc_apikey_grants(out->key.scopes_json) : SVC_GRANT_ALL;
	return out->outcome;
}

bool web_authn_allows(struct web_authn *who, unsigned need)
{
	const char *scope = svc_grant_scope(need);
	if (who->grants & need)
		return true;
	if (scope != NULL)
		snprintf(who->msg, sizeof who->msg, "This API key's scopes %.300s do not allow this: it needs the scope "
		         "\"%s\".", who->key.scopes_json ? who->key.scopes_json : "[]", scope);
	else
		snprintf(who->msg, sizeof who->msg, "This API key's scopes %.300s do not allow this: it needs a key "
		         "minted without scopes.", who->key.scopes_json ? who->key.scopes_json : "[]");
	return false;
}

/* a browser extension's own origin (Omnivore's extension sends the session cookie when no key is set): no web
 * page can send such an Origin, so the cookie is as safe with it as with our own site's */
static bool extension_origin(const char *origin)
{
	static const char *const schemes[] = { "chrome-extension://", "moz-extension://", "safari-web-extension://" };
	if (origin == NULL)
		return false;
	for (size_t i = 0; i < sizeof schemes / sizeof schemes[0]; i++)
		if (strncmp(origin, schemes[i], strlen(schemes[i])) == 0)
			return true;
	return false;
}

/* no key was sent: the session cookie, when the policy takes it */
static enum web_authn_outcome by_session(const struct web_graphql *app, const struct web_request *req,
                                         struct arena *a, unsigned policy, struct web_authn *out)
{
	if (!(policy & WEB_AUTHN_SESSION))
		return out->outcome;
	switch (web_auth_session(app->store, app->cfg, a, req, out->ctx.now_ms, &out->user, &out->session_hash)) {
	case WEB_AUTH_OK:
		if ((policy & WEB_AUTHN_SAME_ORIGIN) && !web_same_origin(app->cfg, req) && !extension_origin(req->origin)) {
			snprintf(out->msg, sizeof out->msg, "A request carrying the session cookie must come from %s "
			         "itself: this one's Origin or Referer is another site's, or missing",
			         app->cfg->base_url);
			out->session_hash = NULL;
			return refuse(out, 403);
		}
		if (extension_origin(req->origin)) /* the sessions page says the extension uses this session */
			svc_session_extension_seen(app->store, out->session_hash, out->ctx.now_ms);
		return admit(out, false);
	case WEB_AUTH_ERROR:
		snprintf(out->msg, sizeof out->msg, "session lookup failed: %s", store_errmsg(app->store));
		return refuse(out, 500);
	default: /* no session, or a forged, expired or ended one: an anonymous request */
		out->session_hash = NULL;
		return out->outcome;
	}
}

/* the Authorization header as a session token: true when it decided (a user admitted, or a store failure refused);
 * false to go on with the key's refusal */
static bool by_header_session(const struct web_graphql *app, const struct web_request *req, struct arena *a,
                              struct web_authn *out)
{
	switch (web_auth_header_session(app->store, app->cfg, a, req->authorization, out->ctx.now_ms, &out->user,
	                                &out->session_hash)) {
	case WEB_AUTH_OK:
		out->msg[0] = '\0';
		admit(out, false);
		return true;
	case WEB_AUTH_ERROR:
		snprintf(out->msg, sizeof out->msg, "session lookup failed: %s", store_errmsg(app->store));
		refuse(out, 500);
		return true;
	default:
		return false;
	}
}

enum web_authn_outcome web_authenticate(const struct web_graphql *app, const struct web_request *req, struct arena *a,
                                        unsigned policy, struct web_authn *out)
{
	enum web_auth k = WEB_AUTH_NONE;

	memset(out, 0, sizeof *out);
	out->outcome = WEB_AUTHN_ANONYMOUS;
	out->ctx.store = app->store;
	out->ctx.cfg = app->cfg;
	out->ctx.now_ms = time_now_ms();
	/* every request looks its key up, so revocation is immediate */
	if (policy & WEB_AUTHN_KEY)
		k = web_auth_key(app->store, app->cfg, a, req->authorization, out->ctx.now_ms, &out->key, &out->user,
		                 out->msg, sizeof out->msg);
	switch (k) {
	case WEB_AUTH_NONE:
		return by_session(app, req, a, policy, out);
	case WEB_AUTH_OK:
		return admit(out, true);
	case WEB_AUTH_UNKNOWN:
		/* not a key: a session token in the header (Omnivore's apps), which no other site's page can send */
		if ((policy & WEB_AUTHN_SESSION) && by_header_session(app, req, a, out))
			return out->outcome;
		return refuse(out, 401);
	case WEB_AUTH_EXPIRED:
		return refuse(out, 401);
	default:
		return refuse(out, 500);
	}
}
