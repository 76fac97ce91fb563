/* session.c: cookie sessions of the browser pages: the `auth` cookie, sliding expiry, REMOTE_USER, and the same-site check that guards cookie-authenticated requests. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "util/crypto.h"
#include "web/session.h"

#define TOKEN_BYTES 32

const char *web_cookie_get(struct arena *a, const char *header, const char *name)
{
	size_t nl = strlen(name);
	const char *p = header;
	if (header == NULL)
		return NULL;
	while (*p) {
		const char *e, *v;
		while (*p == ' ' || *p == '\t' || *p == ';')
			p++;
		e = strchr(p, ';');
		if (e == NULL)
			e = p + strlen(p);
		v = memchr(p, '=', (size_t)(e - p));
		if (v && (size_t)(v - p) == nl && strncmp(p, name, nl) == 0) {
			const char *ve = e;
			v++;
			while (ve > v && (ve[-1] == ' ' || ve[-1] == '\t'))
				ve--;
			if (ve - v >= 2 && *v == '"' && ve[-1] == '"')
				v++, ve--;
			return arena_strndup(a, v, (size_t)(ve - v));
		}
		p = e;
	}
	return NULL;
}

const char *web_cookie_make(struct arena *a, const char *value, int64_t max_age_s, bool secure)
{
	return arena_printf(a, "%s=%s; Path=/; Max-Age=%lld; HttpOnly; SameSite=Lax%s", WEB_SESSION_COOKIE,
	                    value ? value : "", (long long)max_age_s, secure ? "; Secure" : "");
}

bool web_request_secure(const struct larder_config *cfg, const struct web_request *req)
{
	return req->https || (cfg && cfg->base_url && strncasecmp(cfg->base_url, "https://", 8) == 0);
}

/* the origin ("scheme://host[:port]") of the configured base URL: its length in *n */
static const char *base_origin(const struct larder_config *cfg, size_t *n)
{
	const char *b = cfg ? cfg->base_url : NULL, *hs, *slash;
	if (b == NULL || (hs = strstr(b, "://")) == NULL)
		return NULL;
	slash = strchr(hs + 3, '/');
	*n = slash ? (size_t)(slash - b) : strlen(b);
	return b;
}

bool web_same_origin(const struct larder_config *cfg, const struct web_request *req)
{
	size_t n;
	const char *o = base_origin(cfg, &n);
	if (o == NULL)
		return false;
	if (req->origin != NULL) /* browsers send Origin on every POST and on cross-site requests */
		return strlen(req->origin) == n && strncasecmp(req->origin, o, n) == 0;
	if (req->referer != NULL)
		return strncasecmp(req->referer, o, n) == 0 && (req->referer[n] == '/' || req->referer[n] == '\0');
	return false;
}

bool web_cross_site(const struct larder_config *cfg, const struct web_request *req)
{
	return req->origin != NULL && !web_same_origin(cfg, req);
}

enum web_auth web_auth_session(struct store *st, const struct larder_config *cfg, struct arena *a,
                               const struct web_request *req, int64_t now_ms, struct store_user *owner,
                               const char **token_hash)
{
	const char *token;
	char *hash;
	int64_t expires, life = (int64_t)(cfg ? cfg->session_days : 30) * 86400 * 1000;
	int rc;

	if (token_hash)
		*token_hash = NULL;
	if (cfg && cfg->trust_remote_user && req->remote_user) {
		rc = store_user_by_name(st, a, req->remote_user, owner);
		if (rc == STORE_OK)
			return WEB_AUTH_OK;
		return rc == STORE_E_NOTFOUND ? WEB_AUTH_UNKNOWN : WEB_AUTH_ERROR;
	}
	token = web_cookie_get(a, req->cookie, WEB_SESSION_COOKIE);
	if (token == NULL || *token == '\0')
		return WEB_AUTH_NONE;
	if (strlen(token) != 2 * TOKEN_BYTES || (hash = arena_alloc(a, 65)) == NULL)
		return WEB_AUTH_UNKNOWN;
	crypto_sha256_hex(token, strlen(token), hash);
	rc = store_session_lookup(st, a, hash, now_ms, owner, &expires);
	if (rc == STORE_E_NOTFOUND)
		return WEB_AUTH_UNKNOWN; /* forged, expired or logged out: the request is anonymous */
	if (rc != STORE_OK)
		return WEB_AUTH_ERROR;
	/* sliding expiry: renewed when less than half of its life is left (one write a day or so) */
	if (expires - now_ms < life / 2)
		store_session_extend(st, hash, now_ms + life, now_ms);
	if (token_hash)
		*token_hash = hash;
	return WEB_AUTH_OK;
}

int web_session_start(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                      int64_t now_ms, bool secure, const char **set_cookie)
{
	char token[2 * TOKEN_BYTES + 1], hash[65];
	int64_t days = cfg ? cfg->session_days : 30;
	if (crypto_random_hex(token, TOKEN_BYTES) != 0)
		return -1;
	crypto_sha256_hex(token, strlen(token), hash);
	/* each login also forgets the sessions that have expired */
	store_session_purge(st, now_ms);
	if (store_session_create(st, user_id, hash, now_ms + days * 86400 * 1000) != STORE_OK)
		return -1;
	*set_cookie = web_cookie_make(a, token, days * 86400, secure);
	return *set_cookie ? 0 : -1;
}
