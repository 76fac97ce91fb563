/* apikey.c (svc): API keys: minted (name rules, scopes as JSON, the value stored only as its hash), revoked, and checked when presented. */
#include <string.h>

#include "svc/apikey.h"
#include "util/crypto.h"
#include "util/jsonw.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/utf8.h"

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

const char *svc_apikey_name(struct arena *a, const char *name, size_t len, const char **msg)
{
	while (len > 0 && is_space(name[0]))
		name++, len--;
	while (len > 0 && is_space(name[len - 1]))
		len--;
	*msg = NULL;
	if (len == 0)
		*msg = "name must not be empty";
	else if (memchr(name, 0, len) != NULL)
		*msg = "name must not contain a NUL character";
	else if (utf8_count(name, len) > LIMIT_APIKEY_NAME)
		*msg = arena_printf(a, "name is too long: at most %d characters", LIMIT_APIKEY_NAME);
	else if ((name = arena_strndup(a, name, len)) != NULL)
		return name;
	return NULL;
}

/* a refusal written into the arena (a shorter one when the arena is full) */
#define REFUSAL(a, ...) refusal(arena_printf((a), __VA_ARGS__))
static const char *refusal(const char *msg)
{
	return msg ? msg : "the scopes are refused (out of memory)";
}

static const struct { const char *name; unsigned grants; } scope_table[] = {
	{ "read", SVC_GRANT_READ },
	{ "save", SVC_GRANT_SAVE },
	{ "write", SVC_GRANT_WRITE | SVC_GRANT_SAVE | SVC_GRANT_READ },
};

/* the grants of the scope written as p[0..len) (0: not a scope Larder knows) */
static unsigned scope_grants(const char *p, size_t len)
{
	for (size_t i = 0; i < sizeof scope_table / sizeof scope_table[0]; i++)
		if (strlen(scope_table[i].name) == len && memcmp(scope_table[i].name, p, len) == 0)
			return scope_table[i].grants;
	return 0;
}

const char *svc_grant_scope(unsigned need)
{
	for (size_t i = 0; i < sizeof scope_table / sizeof scope_table[0]; i++)
		if (scope_table[i].grants & need & -need)
			return scope_table[i].name;
	return NULL;
}

/* scopes_json's arrays of strings, read back: a string's raw text between its quotes is compared as it
 * stands (no known scope holds a character JSON escapes, so an escaped one matches none) */
unsigned svc_apikey_grants(const char *j)
{
	unsigned g = 0;
	bool any = false;
	if (j == NULL)
		return SVC_GRANT_ALL;
	for (const char *p = j; *p; p++) {
		const char *q;
		if (*p != '"')
			continue;
		for (q = p + 1; *q && *q != '"'; q++)
			if (*q == '\\' && q[1])
				q++;
		g |= scope_grants(p + 1, (size_t)(q - p - 1));
		any = true;
		if (*q == 0)
			break;
		p = q;
	}
	return any ? g : SVC_GRANT_ALL;
}

/* why the scopes are refused (in the arena), or NULL when they are fine */
static const char *scopes_refused(struct arena *a, const struct svc_scope *s, size_t n)
{
	if (n > LIMIT_APIKEY_SCOPES)
		return REFUSAL(a, "too many scopes (%zu): at most %d", n, LIMIT_APIKEY_SCOPES);
	for (size_t i = 0; i < n; i++) {
		if (s[i].p == NULL)
			return "scopes must be a list of strings";
		if (utf8_count(s[i].p, s[i].len) > LIMIT_APIKEY_SCOPE)
			return REFUSAL(a, "scope %zu is too long: at most %d characters", i + 1, LIMIT_APIKEY_SCOPE);
		if (memchr(s[i].p, 0, s[i].len) != NULL)
			return REFUSAL(a, "scope %zu contains a NUL character", i + 1);
		if (scope_grants(s[i].p, s[i].len) == 0)
			return REFUSAL(a, "unknown scope \"%.*s\": the scopes are " SVC_SCOPE_NAMES
			               " (a key without scopes has full access)", (int)s[i].len, s[i].p);
	}
	return NULL;
}

/* the scopes as a JSON array of strings in the arena; NULL when out of memory */
static const char *scopes_json(struct arena *a, const struct svc_scope *s, size_t n)
{
	const char *json = NULL;
	struct sb b;
	sb_init(&b);
	sb_putc(&b, '[');
	for (size_t i = 0; i < n; i++) {
		if (i)
			sb_putc(&b, ',');
		jw_string(&b, s[i].p, s[i].len);
	}
	sb_putc(&b, ']');
	if (!sb_error(&b))
		json = arena_strndup(a, sb_str(&b), b.len);
	sb_free(&b);
	return json;
}

int svc_apikey_create(struct store *st, struct arena *a, const char *user_id, const struct svc_key_spec *spec,
                      struct svc_key *out, const char **msg)
{
	const char *name, *scopes = NULL;
	char hash[65];
	int rc;

	memset(out, 0, sizeof *out);
	if ((name = svc_apikey_name(a, spec->name, spec->name_len, msg)) == NULL)
		return *msg ? STORE_E_INVAL : STORE_E_DB;
	if (spec->scopes != NULL && (*msg = scopes_refused(a, spec->scopes, spec->nscopes)) != NULL)
		return STORE_E_INVAL;
	if (spec->scopes != NULL && (scopes = scopes_json(a, spec->scopes, spec->nscopes)) == NULL)
		return STORE_E_DB;
	crypto_uuid_v4(out->value);
	crypto_sha256_hex(out->value, strlen(out->value), hash);
	rc = store_apikey_create(st, a, user_id, name, hash, scopes, spec->expires_ms, &out->row);
	if (rc == STORE_E_EXISTS)
		out->row.name = name;
	if (rc == STORE_E_LIMIT) /* as many keys as allowed: a refusal like a bad name */
		rc = STORE_E_INVAL;
	if (rc == STORE_E_INVAL) /* the store's own checks: not reached past the ones above, but the count */
		*msg = arena_strdup(a, store_errmsg(st));
	return rc;
}

int svc_apikey_revoke(struct store *st, struct arena *a, const char *user_id, const char *key_id,
                      struct store_apikey *out)
{
	if (key_id == NULL || !crypto_is_uuid(key_id, strlen(key_id)))
		return STORE_E_NOTFOUND;
	return store_apikey_delete(st, a, user_id, key_id, out);
}

enum svc_key_check svc_apikey_check(struct store *st, const struct larder_config *cfg, struct arena *a,
                                    const char *value, size_t len, int64_t now_ms, struct store_apikey *key,
                                    struct store_user *owner, int *store_rc)
{
	int64_t interval = (int64_t)cfg->key_touch_interval_s * 1000;
	char hash[65];

	crypto_sha256_hex(value, len, hash);
	*store_rc = store_apikey_lookup(st, a, hash, key, owner);
	if (*store_rc == STORE_E_NOTFOUND)
		return SVC_KEY_UNKNOWN;
	if (*store_rc != STORE_OK)
		return SVC_KEY_FAILED;
	if (key->expires_ms <= now_ms)
		return SVC_KEY_EXPIRED;
	/* record the use at most once per interval: the common case takes no write lock at all
	 * (the store's UPDATE keeps the same guard for workers racing each other) */
	if (key->used_ms != 0 && key->used_ms <= now_ms && now_ms - key->used_ms < interval)
		return SVC_KEY_OK;
	*store_rc = store_apikey_touch(st, key->id, now_ms, interval);
	return SVC_KEY_OK;
}
