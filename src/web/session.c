/* session.c: the browser pages' side of sessions: the `auth` cookie read and made, REMOTE_USER, the same-site check that guards cookie-authenticated requests (the session policy is svc/account.c's), and the coarse client name a session is listed with. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "svc/account.h"
#include "web/session.h"

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
	return req->https || (cfg->base_url && strncasecmp(cfg->base_url, "https://", 8) == 0);
}

/* the origin ("scheme://host[:port]") of the configured base URL: its length in *n */
static const char *base_origin(const struct larder_config *cfg, size_t *n)
{
	const char *b = cfg->base_url, *hs, *slash;
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
	int rc;

	if (token_hash)
		*token_hash = NULL;
	if (cfg->trust_remote_user && req->remote_user) {
		rc = store_user_by_name(st, a, req->remote_user, owner);
		if (rc == STORE_OK)
			return WEB_AUTH_OK;
		return rc == STORE_E_NOTFOUND ? WEB_AUTH_UNKNOWN : WEB_AUTH_ERROR;
	}
	token = web_cookie_get(a, req->cookie, WEB_SESSION_COOKIE);
	if (token == NULL || *token == '\0')
		return WEB_AUTH_NONE;
	switch (svc_session_check(st, cfg, a, token, now_ms, owner, token_hash)) {
	case SVC_ACCOUNT_OK:
		return WEB_AUTH_OK;
	case SVC_ACCOUNT_NOTFOUND:
		return WEB_AUTH_UNKNOWN; /* forged, expired or logged out: the request is anonymous */
	default:
		return WEB_AUTH_ERROR;
	}
}

enum web_auth web_auth_header_session(struct store *st, const struct larder_config *cfg, struct arena *a,
                                      const char *authorization, int64_t now_ms, struct store_user *owner,
                                      const char **token_hash)
{
	const char *v = authorization;
	char token[2 * SVC_TOKEN_BYTES + 1];
	size_t n;
	*token_hash = NULL;
	if (v == NULL)
		return WEB_AUTH_NONE;
	v += strspn(v, " \t");
	if (strncasecmp(v, "Bearer", 6) == 0 && (v[6] == ' ' || v[6] == '\t'))
		v += 6 + strspn(v + 6, " \t");
	n = strspn(v, "0123456789abcdef");
	if (n != 2 * SVC_TOKEN_BYTES || v[n + strspn(v + n, " \t")] != '\0')
		return WEB_AUTH_NONE;
	memcpy(token, v, n);
	token[n] = '\0';
	switch (svc_session_check(st, cfg, a, token, now_ms, owner, token_hash)) {
	case SVC_ACCOUNT_OK:
		return WEB_AUTH_OK;
	case SVC_ACCOUNT_NOTFOUND:
		return WEB_AUTH_UNKNOWN;
	default:
		return WEB_AUTH_ERROR;
	}
}

const char *web_session_cookie(struct arena *a, const struct larder_config *cfg, const struct web_request *req,
                               const char *token)
{
	return web_cookie_make(a, token, svc_session_life_s(cfg), web_request_secure(cfg, req));
}

/* the first of names[] whose needle is in ua, else NULL; each row is { needle, name } */
static const char *first_known(const char *ua, const char *const (*names)[2], size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strstr(ua, names[i][0]) != NULL)
			return names[i][1];
	return NULL;
}

const char *web_agent_name(struct arena *a, const char *ua)
{
	/* order matters: Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux */
	static const char *const programs[][2] = {
		{ "Edg/", "Edge" }, { "OPR/", "Opera" }, { "Firefox/", "Firefox" }, { "Chromium/", "Chromium" },
		{ "Chrome/", "Chrome" }, { "CriOS/", "Chrome" }, { "FxiOS/", "Firefox" }, { "Safari/", "Safari" },
		{ "okhttp/", "Omnivore app" }, { "CFNetwork/", "Omnivore app" }, { "Omnivore", "Omnivore app" },
		{ "curl/", "curl" },
	};
	static const char *const systems[][2] = {
		{ "Android", "Android" }, { "okhttp/", "Android" }, { "iPhone", "iOS" }, { "iPad", "iPadOS" },
		{ "CFNetwork/", "iOS" }, { "CrOS", "ChromeOS" }, { "Mac OS X", "macOS" }, { "Macintosh", "macOS" },
		{ "Windows", "Windows" }, { "Linux", "Linux" },
	};
	const char *p, *s;
	if (ua == NULL)
		return NULL;
	p = first_known(ua, programs, sizeof programs / sizeof programs[0]);
	s = first_known(ua, systems, sizeof systems / sizeof systems[0]);
	if (p && s)
		return arena_printf(a, "%s on %s", p, s);
	return p ? p : s;
}
