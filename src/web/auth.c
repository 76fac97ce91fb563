/* auth.c: API-key authentication: the authorization header read, the key checked by svc (lookup by SHA-256, expiry, last-used touch), the client's messages. */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "svc/apikey.h"
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
	char when[TIME_ISO_BUF];
	int rc;

	msg[0] = 0;
	if (!authorization)
		return WEB_AUTH_NONE;
	key_of(authorization, &k, &klen);
	if (klen == 0)
		return WEB_AUTH_NONE;
	switch (svc_apikey_check(st, cfg, a, k, klen, now_ms, key, owner, &rc)) {
	case SVC_KEY_UNKNOWN:
		snprintf(msg, msglen, "The API key is not valid: no such key exists (it may have been revoked)");
		return WEB_AUTH_UNKNOWN;
	case SVC_KEY_FAILED:
		snprintf(msg, msglen, "API key lookup failed: %s", store_strerror(rc));
		return WEB_AUTH_ERROR;
	case SVC_KEY_EXPIRED:
		time_format_iso(key->expires_ms, when, sizeof when);
		snprintf(msg, msglen, "The API key \"%s\" expired at %s", key->name ? key->name : "", when);
		return WEB_AUTH_EXPIRED;
	default:
		if (rc != STORE_OK) /* failing to record the use does not fail the request */
			snprintf(msg, msglen, "could not record the key's use: %s", store_strerror(rc));
		return WEB_AUTH_OK;
	}
}
