/* session.h: cookie sessions for the browser pages (the auth cookie, REMOTE_USER; the policy is svc's), the same-site check, and the coarse client name a session is listed with. */
#ifndef LARDER_WEB_SESSION_H
#define LARDER_WEB_SESSION_H
#include <stdbool.h>
#include <stdint.h>
#include "store/store.h"
#include "util/arena.h"
#include "util/config.h"
#include "web/auth.h"
#include "web/request.h"

#define WEB_SESSION_COOKIE "auth"

/* the value of cookie `name` in a Cookie header, copied into the arena; NULL when absent */
const char *web_cookie_get(struct arena *a, const char *header, const char *name);
/* a Set-Cookie value for the session cookie: HttpOnly, SameSite=Lax, Path=/, Secure when asked;
 * max_age_s 0 with an empty value deletes it */
const char *web_cookie_make(struct arena *a, const char *value, int64_t max_age_s, bool secure);
/* does the request come over HTTPS, or is the site configured as https:// (cookies get Secure) */
bool web_request_secure(const struct larder_config *cfg, const struct web_request *req);
/* does the request come from our own site: its Origin (or, without one, its Referer) is the
 * origin of base_url. A request with neither is not same-site. */
bool web_same_origin(const struct larder_config *cfg, const struct web_request *req);
/* was this form sent from another site: it carries an Origin that is not ours (a request without
 * one is let through: a browser sends Origin on every POST) */
bool web_cross_site(const struct larder_config *cfg, const struct web_request *req);
/* who the session cookie (or REMOTE_USER, when trust_remote_user is set) says the user is:
 * NONE without a cookie, UNKNOWN for a forged, expired or ended session, OK with *owner filled
 * (the session's expiry slides forward) and *token_hash (may be NULL) set for a cookie session */
enum web_auth web_auth_session(struct store *st, const struct larder_config *cfg, struct arena *a,
                               const struct web_request *req, int64_t now_ms, struct store_user *owner,
                               const char **token_hash);
/* the Set-Cookie value carrying a new session's token (svc_session_start) for the session's life */
/* A session token sent in the Authorization header (Omnivore's apps send the token they signed in with there,
 * bare or after "Bearer"): 64 hex digits, checked as the session cookie is. WEB_AUTH_OK with *owner and
 * *token_hash; WEB_AUTH_NONE when the value is no session token; WEB_AUTH_UNKNOWN for no live session. */
enum web_auth web_auth_header_session(struct store *st, const struct larder_config *cfg, struct arena *a,
                                      const char *authorization, int64_t now_ms, struct store_user *owner,
                                      const char **token_hash);
/* a coarse name of the client a User-Agent header names, for the sessions page ("Firefox on Linux", "Omnivore
 * app on Android"): words from a fixed table only, nothing copied from the header; NULL when none is known */
const char *web_agent_name(struct arena *a, const char *ua);
const char *web_session_cookie(struct arena *a, const struct larder_config *cfg, const struct web_request *req,
                               const char *token);
#endif
