/* apikey.c: resolvers for apiKeys, generateApiKey, revokeApiKey and the ApiKey type and result unions. */
#include <string.h>
#include <json-c/json.h>
#include "api/api_int.h"
#include "svc/apikey.h"

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

enum key_field { KF_ID, KF_NAME, KF_KEY, KF_SCOPES, KF_CREATED, KF_EXPIRES, KF_USED };
static const char *const key_fields[] = {
	[KF_ID] = "id", [KF_NAME] = "name", [KF_KEY] = "key", [KF_SCOPES] = "scopes",
	[KF_CREATED] = "createdAt", [KF_EXPIRES] = "expiresAt", [KF_USED] = "usedAt",
};

static int resolve_apikey(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct apikey_out *k = parent;
	switch (api_field(rc, parent, API_NAMES(key_fields))) {
	case KF_ID: return api_text(out, k->k.id);
	case KF_NAME: return api_text(out, k->k.name);
	case KF_KEY: return api_text(out, k->key);
	case KF_SCOPES: return out_scopes(rc, k->k.scopes_json, out);
	case KF_CREATED: return api_out_date(rc, out, k->k.created_ms);
	case KF_EXPIRES: return api_out_date(rc, out, k->k.expires_ms);
	case KF_USED: return k->k.used_ms == 0 ? api_null(out) : api_out_date(rc, out, k->k.used_ms);
	default: return api_resolve_absent(rc, parent, out);
	}
}

static const char *const key_success_fields[] = { "apiKey" };

/* GenerateApiKeySuccess.apiKey, RevokeApiKeySuccess.apiKey: parent is the struct apikey_out */
static int resolve_key_success(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	if (api_field(rc, parent, API_NAMES(key_success_fields)) == 0)
		return api_obj(out, "ApiKey", parent);
	return api_resolve_absent(rc, parent, out);
}

static const char *const keys_success_fields[] = { "apiKeys" };

static int resolve_keys_success(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct apikeys_out *l = parent;
	if (api_field(rc, parent, API_NAMES(keys_success_fields)) == 0)
		return api_out_objects(rc, out, "ApiKey", l->keys, l->n, sizeof *l->keys);
	return api_resolve_absent(rc, parent, out);
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

/* the scopes list as svc wants it (*scopes NULL when none given; a value that is not a string has p
 * NULL); 0, or 1 after answering the error member */
static int scopes_of(struct gql_rctx *rc, const struct gql_value *v, struct gql_out *out,
                     struct svc_key_spec *spec)
{
	struct svc_scope *s;
	if (v == NULL || v->kind == GQL_V_NULL)
		return 0;
	if (v->kind != GQL_V_LIST) /* list input coercion makes a single value a list */
		return GEN_ERR("BAD_REQUEST", "scopes must be a list of strings"), 1;
	if ((s = ARENA_NEWN(gql_arena(rc), struct svc_scope, v->u.list.n + 1)) == NULL)
		return api_internal(rc, "generateApiKey", 0), 1;
	for (uint32_t i = 0; i < v->u.list.n; i++) {
		const struct gql_value *e = v->u.list.items[i];
		if (e->kind == GQL_V_STRING)
			s[i] = (struct svc_scope){ e->u.s.p, e->u.s.len };
	}
	spec->scopes = s;
	spec->nscopes = v->u.list.n;
	return 0;
}

static int resolve_generate(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const struct gql_value *input = gql_arg(rc, "input");
	const struct gql_value *vname = gql_value_get(input, "name");
	struct svc_key_spec spec = { 0 };
	const char *msg;
	struct svc_key *k;
	struct apikey_out *ko;
	int r;
	if (vname == NULL || vname->kind != GQL_V_STRING)
		return GEN_ERR("BAD_REQUEST", "name is required");
	if ((spec.name = svc_apikey_name(a, vname->u.s.p, vname->u.s.len, &msg)) == NULL)
		return msg ? GEN_ERR("BAD_REQUEST", "%s", msg) : api_internal(rc, "generateApiKey", 0);
	spec.name_len = strlen(spec.name);
	if (api_value_date(gql_value_get(input, "expiresAt"), &spec.expires_ms))
		return GEN_ERR("BAD_REQUEST", "expiresAt must be a date");
	if (scopes_of(rc, gql_value_get(input, "scopes"), out, &spec))
		return 0;
	if ((k = ARENA_NEW(a, struct svc_key)) == NULL || (ko = ARENA_NEW(a, struct apikey_out)) == NULL)
		return api_internal(rc, "generateApiKey", 0);
	r = svc_apikey_create(ctx->store, a, ctx->user->id, &spec, k, &msg);
	if (r == STORE_E_INVAL)
		return GEN_ERR("BAD_REQUEST", "%s", msg);
	if (r == STORE_E_EXISTS)
		return GEN_ERR("BAD_REQUEST", "you already have an API key named \"%s\": choose another name", k->row.name);
	if (r != STORE_OK)
		return api_internal(rc, "creating the API key", r);
	ko->k = k->row;
	ko->key = k->value;
	gql_out_object(out, "GenerateApiKeySuccess", ko);
	return 0;
}

/* ---- Mutation.revokeApiKey ---- */

/* API_DELETE's remove: row is a struct apikey_out (an id that is no UUID is not found either) */
static int remove_key(struct store *st, struct arena *a, const char *user_id, const char *id, void *row)
{
	return svc_apikey_revoke(st, a, user_id, id, &((struct apikey_out *)row)->k);
}

/* revokeApiKey: deleting one of the caller's keys by id, answered as deleteLabel is (api_resolve_delete) */
static const struct api_delete revoke = { .arg = "id", .noun = "API key", .doing = "revoking the API key",
                                          .success = "RevokeApiKeySuccess", .size = sizeof(struct apikey_out),
                                          .remove = remove_key };

int api_bind_apikey(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_SIGNED_IN("Query.apiKeys", resolve_api_keys, "ApiKeysError"),
		API_SIGNED_IN("Mutation.generateApiKey", resolve_generate, "GenerateApiKeyError"),
		API_DELETE("Mutation.revokeApiKey", "RevokeApiKeyError", &revoke),
		API_EACH("ApiKey", resolve_apikey, key_fields),
		API_ALL("ApiKeysSuccess", resolve_keys_success),
		API_ALL("GenerateApiKeySuccess", resolve_key_success),
		API_ALL("RevokeApiKeySuccess", resolve_key_success),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
