/* auth.c: API-key authentication: header parsing, lookup by SHA-256, expiry check and last-used touch. */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "util/crypto.h"
#include "util/time.h"
#include "web/auth.h"

static bool is_ows(char c)
{
	return c == ' ' || c == '\t';
}

/* the key inside an authorization value: "KEY" or "Bearer KEY" (scheme case-insensitive) */
static void key_of(const char *v, const char **key, size_t *len)
{
	const char *e;

	while (is_ows(*v))
		v++;
	e = v + strlen(v);
	while (e > v && is_ows(e[-1]))
		e--;
	if ((size_t)(e - v) > 6 && strncasecmp(v, "Bearer", 6) == 0 && is_ows(v[6])) {
		v += 6;
		while (is_ows(*v))
			v++;
	}
	*key = v;
	*len = (size_t)(e - v);
}

enum web_auth web_auth_key(struct store *st, const struct larder_config *cfg, struct arena *a,
                           const char *authorization, int64_t now_ms, struct store_apikey *key,
                           struct store_user *owner, char *msg, size_t msglen)
{
	const char *k;
	size_t klen;
	char hash[65], when[TIME_ISO_BUF];
	int rc;

	msg[0] = 0;
	if (!authorization)
		return WEB_AUTH_NONE;
	key_of(authorization, &k, &klen);
	if (klen == 0)
		return WEB_AUTH_NONE;
	crypto_sha256_hex(k, klen, hash);
	rc = store_apikey_lookup(st, a, hash, key, owner);
	if (rc == STORE_E_NOTFOUND) {
		snprintf(msg, msglen, "The API key is not valid: no such key exists (it may have been revoked)");
		return WEB_AUTH_UNKNOWN;
	}
	if (rc != STORE_OK) {
		snprintf(msg, msglen, "API key lookup failed: %s", store_strerror(rc));
		return WEB_AUTH_ERROR;
	}
	if (key->expires_ms <= now_ms) {
		time_format_iso(key->expires_ms, when, sizeof when);
		snprintf(msg, msglen, "The API key \"%s\" expired at %s", key->name ? key->name : "", when);
		return WEB_AUTH_EXPIRED;
	}
	/* record the use at most once per interval: the common case takes no write lock at all
	 * (the store's UPDATE keeps the same guard for workers racing each other); failing to
	 * record the use does not fail the request */
	int64_t interval = (int64_t)cfg->key_touch_interval_s * 1000;
	if (key->used_ms != 0 && key->used_ms <= now_ms && now_ms - key->used_ms < interval)
		return WEB_AUTH_OK;
	rc = store_apikey_touch(st, key->id, now_ms, interval);
	if (rc != STORE_OK)
		snprintf(msg, msglen, "could not record the key's use: %s", store_strerror(rc));
	return WEB_AUTH_OK;
}
