/* authenticate.c: web_authenticate: API key, then session cookie, then the same-site check, as a policy asks. */
#include <stdio.h>
#include <string.h>

#include "svc/apikey.h"
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

static enum web_authn_outcome admit(struct web_authn *out, bool by_key)
{
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

/* no key was sent: the session cookie, when the policy takes it */
static enum web_authn_outcome by_session(const struct web_graphql *app, const struct web_request *req,
                                         struct arena *a, unsigned policy, struct web_authn *out)
{
	if (!(policy & WEB_AUTHN_SESSION))
		return out->outcome;
	switch (web_auth_session(app->store, app->cfg, a, req, out->ctx.now_ms, &out->user, &out->session_hash)) {
	case WEB_AUTH_OK:
		if ((policy & WEB_AUTHN_SAME_ORIGIN) && !web_same_origin(app->cfg, req)) {
			snprintf(out->msg, sizeof out->msg, "A request carrying the session cookie must come from %s "
			         "itself: this one's Origin or Referer is another site's, or missing",
			         app->cfg->base_url ? app->cfg->base_url : "this site");
			out->session_hash = NULL;
			return refuse(out, 403);
		}
		return admit(out, false);
	case WEB_AUTH_ERROR:
		snprintf(out->msg, sizeof out->msg, "session lookup failed: %s", store_errmsg(app->store));
		return refuse(out, 500);
	default: /* no session, or a forged, expired or ended one: an anonymous request */
		out->session_hash = NULL;
		return out->outcome;
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
	case WEB_AUTH_EXPIRED:
		return refuse(out, 401);
	default:
		return refuse(out, 500);
	}
}
