/* auth.h: authentication of a request by API key (the `authorization` header: bare key or "Bearer <key>"). */
#ifndef LARDER_WEB_AUTH_H
#define LARDER_WEB_AUTH_H
#include <stddef.h>
#include <stdint.h>
#include "store/store.h"
#include "util/arena.h"
#include "util/config.h"

enum web_auth {
	WEB_AUTH_NONE,      /* no credentials sent: anonymous request */
	WEB_AUTH_OK,        /* key and owner filled in */
	WEB_AUTH_UNKNOWN,   /* no such key (never issued, or revoked) */
	WEB_AUTH_EXPIRED,   /* the key exists but its expiry has passed */
	WEB_AUTH_ERROR,     /* the store failed: answer 500 */
	WEB_AUTH__MAX
};

/* Authenticate the value of an `authorization` header (NULL or blank = no credentials). The key
 * is looked up by its SHA-256 on every request, so a revoked key stops working at once; a
 * valid key's last-used time is touched (at most once per cfg->key_touch_interval_s).
 * msg gets the message the client sees when the result is not NONE/OK. */
enum web_auth web_auth_key(struct store *st, const struct larder_config *cfg, struct arena *a,
                           const char *authorization, int64_t now_ms, struct store_apikey *key,
                           struct store_user *owner, char *msg, size_t msglen);
#endif
