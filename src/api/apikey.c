/* apikey.c: resolvers for apiKeys, generateApiKey, revokeApiKey and the ApiKey type and result unions. */
#include <string.h>
#include <json-c/json.h>
#include "api/api_int.h"
#include "util/utf8.h"
#include "util/crypto.h"
#include "util/jsonw.h"
#include "util/limits.h"

/* the parent of an ApiKey: the stored row, plus the key value when it was just generated */
struct apikey_out {
	struct store_apikey k;
	const char *key;
};

/* the parent of ApiKeysSuccess */
struct apikeys_out {
	struct apikey_out *keys;
	size_t n;
};


static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* ---- ApiKey ---- */

/* scopes are stored as a JSON array of strings; NULL = none given */
static int out_scopes(struct gql_rctx *rc, const char *json, struct gql_out *out)
{
	struct json_object *j;
	struct gql_out *items;
	size_t n;
	int ret = 0;
	if (json == NULL) {
		gql_out_null(out);
		return 0;
	}
	if ((j = json_tokener_parse(json)) == NULL || !json_object_is_type(j, json_type_array)) {
		json_object_put(j);
		return gql_error(rc, "INTERNAL_SERVER_ERROR", "the stored scopes of this key are not a JSON array");
	}
	n = json_object_array_length(j);
	if ((items = gql_out_list(rc, out, (uint32_t)n)) == NULL) {
		ret = api_internal(rc, "scopes", 0);
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(j, i);
		const char *v = json_object_get_string(e);
		size_t len = v ? (size_t)json_object_get_string_len(e) : 0;
		char *copy = arena_strndup(gql_arena(rc), v ? v : "", len);
		if (copy == NULL) {
			ret = api_internal(rc, "scopes", 0);
			goto out;
		}
		gql_out_string(&items[i], copy, len);
	}
out:
	json_object_put(j);
	return ret;
}

static int resolve_apikey(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct apikey_out *k = parent;
	const char *f = gql_rfield(rc)->name;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	if (strcmp(f, "id") == 0)
		gql_out_cstr(out, k->k.id);
	else if (strcmp(f, "name") == 0)
		gql_out_cstr(out, k->k.name);
	else if (strcmp(f, "key") == 0)
		gql_out_cstr(out, k->key);
	else if (strcmp(f, "scopes") == 0)
		return out_scopes(rc, k->k.scopes_json, out);
	else if (strcmp(f, "createdAt") == 0)
		return api_out_date(rc, out, k->k.created_ms);
	else if (strcmp(f, "expiresAt") == 0)
		return api_out_date(rc, out, k->k.expires_ms);
	else if (strcmp(f, "usedAt") == 0) {
		if (k->k.used_ms == 0)
			gql_out_null(out);
		else
			return api_out_date(rc, out, k->k.used_ms);
	} else
		return api_resolve_absent(rc, parent, out);
	return 0;
}

/* GenerateApiKeySuccess.apiKey, RevokeApiKeySuccess.apiKey: parent is the struct apikey_out */
static int resolve_key_success(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	if (parent == api_absent || strcmp(gql_rfield(rc)->name, "apiKey") != 0)
		return api_resolve_absent(rc, parent, out);
	gql_out_object(out, "ApiKey", parent);
	return 0;
}

static int resolve_keys_success(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct apikeys_out *l = parent;
	struct gql_out *items;
	if (parent == api_absent || strcmp(gql_rfield(rc)->name, "apiKeys") != 0)
		return api_resolve_absent(rc, parent, out);
	if ((items = gql_out_list(rc, out, (uint32_t)l->n)) == NULL)
		return api_internal(rc, "apiKeys", 0);
	for (size_t i = 0; i < l->n; i++)
		gql_out_object(&items[i], "ApiKey", &l->keys[i]);
	return 0;
}

/* ---- Query.apiKeys ---- */

static int resolve_api_keys(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	struct store_apikey *rows = NULL;
	struct apikeys_out *l;
	size_t n = 0;
	int r;
	if (ctx == NULL || ctx->user == NULL)
		return api_out_error(rc, out, "ApiKeysError", "UNAUTHORIZED", API_NO_USER_MSG);
	if ((r = store_apikey_list(ctx->store, a, ctx->user->id, &rows, &n)) != STORE_OK)
		return api_internal(rc, "listing API keys", r);
	if ((l = ARENA_NEW(a, struct apikeys_out)) == NULL ||
	    (n > 0 && (l->keys = ARENA_NEWN(a, struct apikey_out, n)) == NULL))
		return api_internal(rc, "apiKeys", 0);
	for (size_t i = 0; i < n; i++)
		l->keys[i].k = rows[i]; /* key stays NULL: the value is never shown again */
	l->n = n;
	gql_out_object(out, "ApiKeysSuccess", l);
	return 0;
}

/* ---- Mutation.generateApiKey ---- */

#define GEN_ERR(code, ...) api_out_error(rc, out, "GenerateApiKeyError", code, __VA_ARGS__)

/* the scopes list as a JSON array in the arena (*json NULL when none given); 0, or 1 after
 * answering the error member */
static int scopes_json(struct gql_rctx *rc, const struct gql_value *v, struct gql_out *out, const char **json)
{
	struct sb b;
	*json = NULL;
	if (v == NULL || v->kind == GQL_V_NULL)
		return 0;
	if (v->kind != GQL_V_LIST) /* list input coercion makes a single value a list */
		return GEN_ERR("BAD_REQUEST", "scopes must be a list of strings"), 1;
	if (v->u.list.n > LIMIT_APIKEY_SCOPES)
		return GEN_ERR("BAD_REQUEST", "too many scopes (%u): at most %d", v->u.list.n, LIMIT_APIKEY_SCOPES), 1;
	for (uint32_t i = 0; i < v->u.list.n; i++) {
		const struct gql_value *e = v->u.list.items[i];
		if (e->kind != GQL_V_STRING)
			return GEN_ERR("BAD_REQUEST", "scopes must be a list of strings"), 1;
		if (utf8_count(e->u.s.p, e->u.s.len) > LIMIT_APIKEY_SCOPE)
			return GEN_ERR("BAD_REQUEST", "scope %u is too long: at most %d characters", i + 1,
			               LIMIT_APIKEY_SCOPE), 1;
		if (memchr(e->u.s.p, 0, e->u.s.len) != NULL)
			return GEN_ERR("BAD_REQUEST", "scope %u contains a NUL character", i + 1), 1;
	}
	sb_init(&b);
	sb_putc(&b, '[');
	for (uint32_t i = 0; i < v->u.list.n; i++) {
		if (i)
			sb_putc(&b, ',');
		jw_string(&b, v->u.list.items[i]->u.s.p, v->u.list.items[i]->u.s.len);
	}
	sb_putc(&b, ']');
	if (!sb_error(&b))
		*json = arena_strndup(gql_arena(rc), sb_str(&b), b.len);
	sb_free(&b);
	if (*json == NULL)
		return api_internal(rc, "generateApiKey", 0), 1;
	return 0;
}

static int resolve_generate(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const struct gql_value *input = gql_arg(rc, "input");
	const struct gql_value *vname = gql_value_get(input, "name");
	const char *name, *scopes;
	size_t len;
	int64_t expires;
	char key[37], hash[65];
	struct apikey_out *k;
	int r;
	if (ctx == NULL || ctx->user == NULL)
		return GEN_ERR("UNAUTHORIZED", API_NO_USER_MSG);
	if (vname == NULL || vname->kind != GQL_V_STRING)
		return GEN_ERR("BAD_REQUEST", "name is required");
	name = vname->u.s.p;
	len = vname->u.s.len;
	while (len > 0 && is_space(name[0]))
		name++, len--;
	while (len > 0 && is_space(name[len - 1]))
		len--;
	if (len == 0)
		return GEN_ERR("BAD_REQUEST", "name must not be empty");
	if (memchr(name, 0, len) != NULL)
		return GEN_ERR("BAD_REQUEST", "name must not contain a NUL character");
	if (utf8_count(name, len) > LIMIT_APIKEY_NAME)
		return GEN_ERR("BAD_REQUEST", "name is too long: at most %d characters", LIMIT_APIKEY_NAME);
	if ((name = arena_strndup(a, name, len)) == NULL)
		return api_internal(rc, "generateApiKey", 0);
	if (api_value_date(gql_value_get(input, "expiresAt"), &expires))
		return GEN_ERR("BAD_REQUEST", "expiresAt must be a date");
	if (scopes_json(rc, gql_value_get(input, "scopes"), out, &scopes))
		return 0;
	if ((k = ARENA_NEW(a, struct apikey_out)) == NULL)
		return api_internal(rc, "generateApiKey", 0);
	crypto_uuid_v4(key);
	crypto_sha256_hex(key, strlen(key), hash);
	r = store_apikey_create(ctx->store, a, ctx->user->id, name, hash, scopes, expires, &k->k);
	if (r == STORE_E_EXISTS)
		return GEN_ERR("BAD_REQUEST", "you already have an API key named \"%s\": choose another name", name);
	if (r != STORE_OK)
		return api_internal(rc, "creating the API key", r);
	if ((k->key = arena_strdup(a, key)) == NULL)
		return api_internal(rc, "generateApiKey", 0);
	gql_out_object(out, "GenerateApiKeySuccess", k);
	return 0;
}

/* ---- Mutation.revokeApiKey ---- */

static int resolve_revoke(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *id = gql_value_str(gql_arg(rc, "id"));
	struct apikey_out *k;
	int r;
	if (ctx == NULL || ctx->user == NULL)
		return api_out_error(rc, out, "RevokeApiKeyError", "UNAUTHORIZED", API_NO_USER_MSG);
	if (id == NULL || !crypto_is_uuid(id, strlen(id)))
		return api_out_error(rc, out, "RevokeApiKeyError", "NOT_FOUND", "you have no API key with id \"%.64s\"",
		                     id ? id : "");
	if ((k = ARENA_NEW(gql_arena(rc), struct apikey_out)) == NULL)
		return api_internal(rc, "revokeApiKey", 0);
	r = store_apikey_delete(ctx->store, gql_arena(rc), ctx->user->id, id, &k->k);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "RevokeApiKeyError", "NOT_FOUND", "you have no API key with id \"%s\"", id);
	if (r != STORE_OK)
		return api_internal(rc, "revoking the API key", r);
	gql_out_object(out, "RevokeApiKeySuccess", k);
	return 0;
}

int api_bind_apikey(struct gql_schema *s, char *err, size_t errlen)
{
	if (api_bind_one(s, "Query.apiKeys", resolve_api_keys, err, errlen) ||
	    api_bind_one(s, "Mutation.generateApiKey", resolve_generate, err, errlen) ||
	    api_bind_one(s, "Mutation.revokeApiKey", resolve_revoke, err, errlen) ||
	    api_bind_all(s, "ApiKey", resolve_apikey, err, errlen) ||
	    api_bind_all(s, "ApiKeysSuccess", resolve_keys_success, err, errlen) ||
	    api_bind_all(s, "GenerateApiKeySuccess", resolve_key_success, err, errlen) ||
	    api_bind_all(s, "RevokeApiKeySuccess", resolve_key_success, err, errlen) ||
	    api_bind_all(s, "ApiKeysError", api_resolve_error, err, errlen) ||
	    api_bind_all(s, "GenerateApiKeyError", api_resolve_error, err, errlen) ||
	    api_bind_all(s, "RevokeApiKeyError", api_resolve_error, err, errlen))
		return -1;
	return 0;
}
