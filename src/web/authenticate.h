/* authenticate.h: web_authenticate, the one place a request's credentials are checked: a policy says which are accepted (API key, session cookie, session only from our own site) and the result says who asks or why not. */
#ifndef LARDER_WEB_AUTHENTICATE_H
#define LARDER_WEB_AUTHENTICATE_H
#include <stdbool.h>
#include <stdint.h>
#include "api/api.h"
#include "store/store.h"
#include "util/arena.h"
#include "web/graphql_http.h"
#include "web/request.h"
#include "web/response.h"

/* what credentials a request may carry (flags) */
enum web_authn_policy {
	WEB_AUTHN_KEY = 1,            /* an API key in the authorization header; a bad one is refused (401) */
	WEB_AUTHN_SESSION = 2,        /* without a key: the session cookie (or REMOTE_USER); a forged,
	                               * expired or ended one makes the request anonymous */
	WEB_AUTHN_SAME_ORIGIN = 4,    /* the session only on requests from our own site (403 otherwise), so
	                               * another site cannot act with a visitor's cookie */
};
/* the JSON API's policy: /api/graphql and /api/save/token */
#define WEB_AUTHN_API (WEB_AUTHN_KEY | WEB_AUTHN_SESSION | WEB_AUTHN_SAME_ORIGIN)

enum web_authn_outcome {
	WEB_AUTHN_USER,        /* user filled in (and key, when by_key) */
	WEB_AUTHN_ANONYMOUS,   /* no credentials the policy accepts were sent */
	WEB_AUTHN_REFUSED,     /* status is 401 (bad key), 403 (session from another site), 429 (the user's
	                        * requests_per_user slots are all busy) or 500 (store failed) */
};

struct web_authn {
	enum web_authn_outcome outcome;
	int status;                    /* REFUSED: the HTTP status to answer */
	struct api_ctx ctx;            /* store, cfg, now_ms; user (NULL unless USER) and key (when by_key) */
	struct store_user user;
	struct store_apikey key;
	bool by_key;                   /* USER through an API key */
	unsigned grants;               /* USER: what the credentials allow (svc/apikey.h's SVC_GRANT_*): a key's
	                                * scopes, or everything for a session */
	const char *session_hash;      /* USER through the session cookie: its token's hash; else NULL */
	char msg[512];                 /* REFUSED 401/403: what the client is told; 500: what failed (for
	                                * the log); USER by key: a warning to log, or "" */
};

/* Authenticate req under policy (enum web_authn_policy flags) at time_now_ms(). out->ctx is ready
 * for the API (its pointers point into *out: do not copy it). Returns out->outcome. A user also takes one
 * of their cfg->requests_per_user slots (a lock file under data_dir), held by this process until
 * web_authn_release (web_serve calls it once the answer is sent); none free: REFUSED with status 429. */
enum web_authn_outcome web_authenticate(const struct web_graphql *app, const struct web_request *req, struct arena *a,
                                        unsigned policy, struct web_authn *out);
/* does the USER who holds the grant need (one SVC_GRANT_* bit)? When not, out->msg says why (the
 * answer is a 403 naming the scope needed) */
bool web_authn_allows(struct web_authn *who, unsigned need);
/* a 429 refusal (TOO_MANY_REQUESTS, Retry-After, the message naming requests_per_user) answered into res, in
 * content_type (NULL: JSON): true; any other outcome: false and res untouched */
bool web_authn_busy(struct web_response *res, const char *content_type, const struct web_authn *who);
/* give back the user slot this process holds, if any */
void web_authn_release(void);
#endif
