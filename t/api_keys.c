/* api_keys.c: apiKeys, generateApiKey and revokeApiKey through gql_execute against a real store. */
#include "t/api_harness.h"
#include "t/tap.h"
#include "util/crypto.h"

#define GEN "mutation Gen($name: String!, $exp: Date!, $scopes: [String!]) {" \
	" generateApiKey(input: {name: $name, expiresAt: $exp, scopes: $scopes}) { __typename" \
	" ... on GenerateApiKeySuccess { apiKey { id name key scopes expiresAt usedAt } }" \
	" ... on GenerateApiKeyError { errorCodes message } } }"
#define LIST "query Keys { apiKeys { __typename ... on ApiKeysSuccess { apiKeys { id name key usedAt } }" \
	" ... on ApiKeysError { errorCodes } } }"
#define REVOKE "mutation Rev($id: ID!) { revokeApiKey(id: $id) { __typename" \
	" ... on RevokeApiKeySuccess { apiKey { id name key } }" \
	" ... on RevokeApiKeyError { errorCodes message } } }"

/* generate a key for user; returns its id (and the key in *key) or NULL */
static const char *gen(struct harness *h, const struct store_user *u, const char *name, const char **key)
{
	const char *body = h_run(h, u, GEN, h_fmt(h, "{\"name\":\"%s\",\"exp\":\"2099-01-01T00:00:00.000Z\"}", name));
	const char *id = h_get(h, body, "data.generateApiKey.apiKey.id");
	if (key)
		*key = h_get(h, body, "data.generateApiKey.apiKey.key");
	if (id == NULL)
		printf("# generate %s: %s\n", name, body);
	return id;
}

int main(void)
{
	struct harness h;
	const char *body, *id, *key, *id_a, *id_b, *id_c, *id_bob;
	char hash[65];
	struct store_apikey sk;
	struct store_user owner;
	int64_t before, after;
	h_init(&h);

	/* ---- without credentials: the error members ---- */
	body = h_run(&h, NULL, LIST, NULL);
	is_str(body, "{\"data\":{\"apiKeys\":{\"__typename\":\"ApiKeysError\",\"errorCodes\":[\"UNAUTHORIZED\"]}}}",
	       "apiKeys without a user: ApiKeysError UNAUTHORIZED");
	body = h_run(&h, NULL, GEN, "{\"name\":\"x\",\"exp\":\"2030-01-01\"}");
	like(body, "{\"data\":{\"generateApiKey\":{\"__typename\":\"GenerateApiKeyError\",\"errorCodes\":[\"UNAUTHORIZED\"],"
	     "\"message\":\"", "generateApiKey without a user: GenerateApiKeyError UNAUTHORIZED with a message");
	body = h_run(&h, NULL, REVOKE, "{\"id\":\"3f0e1b9c-6d1a-4b6e-9a51-2f7c4b8d9e10\"}");
	like(body, "{\"data\":{\"revokeApiKey\":{\"__typename\":\"RevokeApiKeyError\",\"errorCodes\":[\"UNAUTHORIZED\"],",
	     "revokeApiKey without a user: RevokeApiKeyError UNAUTHORIZED");

	body = h_run(&h, &h.alice, LIST, NULL);
	is_str(body, "{\"data\":{\"apiKeys\":{\"__typename\":\"ApiKeysSuccess\",\"apiKeys\":[]}}}", "no keys yet");

	/* ---- generateApiKey ---- */
	before = time_now_ms();
	body = h_run(&h, &h.alice, GEN, "{\"name\":\"laptop\",\"exp\":\"2030-06-01T12:00:00+02:00\",\"scopes\":[\"read\",\"save\"]}");
	after = time_now_ms();
	id = h_get(&h, body, "data.generateApiKey.apiKey.id");
	key = h_get(&h, body, "data.generateApiKey.apiKey.key");
	if (id == NULL || key == NULL) {
		printf("# %s\n", body);
		h_bail("generateApiKey", "no id or key in the answer");
	}
	ok(crypto_is_uuid(id, strlen(id)), "the new key's id is a UUID (%s)", id);
	ok(crypto_is_uuid(key, strlen(key)) && key[14] == '4', "the key is a UUID v4 (%s)", key);
	ok(strcmp(id, key) != 0, "the key is not its id");
	is_str(body, h_fmt(&h, "{\"data\":{\"generateApiKey\":{\"__typename\":\"GenerateApiKeySuccess\",\"apiKey\":{"
	                   "\"id\":\"%s\",\"name\":\"laptop\",\"key\":\"%s\",\"scopes\":[\"read\",\"save\"],"
	                   "\"expiresAt\":\"2030-06-01T10:00:00.000Z\",\"usedAt\":null}}}}", id, key),
	       "GenerateApiKeySuccess with the key, the scopes, the expiry in UTC and no use yet");
	{
		crypto_sha256_hex(key, strlen(key), hash);
		is_int(store_apikey_lookup(h.st, &h.a, hash, &sk, &owner), STORE_OK, "the store finds the key by SHA-256 of its value");
		is_str(sk.id, id, "the same key");
		is_str(owner.id, h.alice.id, "owned by the caller");
		ok(sk.created_ms >= before && sk.created_ms <= after, "created now");
		is_int(sk.expires_ms, INT64_C(1906538400000), "expiry stored in ms");
		is_int(store_apikey_lookup(h.st, &h.a, key, &sk, &owner), STORE_E_NOTFOUND,
		       "the value itself is not what is stored");
	}
	body = h_run(&h, &h.alice, "mutation { generateApiKey(input: {name: \"p\", expiresAt: \"2030-01-01\"}) {"
	             " ... on GenerateApiKeySuccess { apiKey { scopes createdAt } } } }", NULL);
	ok(strstr(body, "{\"data\":{\"generateApiKey\":{\"apiKey\":{\"scopes\":null,\"createdAt\":\"") == body,
	   "no scopes given: scopes null (%s)", body);
	id = h_get(&h, body, "data.generateApiKey.apiKey.createdAt");
	ok(id && strlen(id) == 24 && id[23] == 'Z' && id[19] == '.', "createdAt has milliseconds and Z (%s)", id ? id : "");

	/* duplicate and bad names */
	body = h_run(&h, &h.alice, GEN, "{\"name\":\"laptop\",\"exp\":\"2031-01-01\"}");
	is_str(body, "{\"data\":{\"generateApiKey\":{\"__typename\":\"GenerateApiKeyError\",\"errorCodes\":[\"BAD_REQUEST\"],"
	       "\"message\":\"you already have an API key named \\\"laptop\\\": choose another name\"}}}",
	       "a duplicate name: GenerateApiKeyError BAD_REQUEST saying which name");
	body = h_run(&h, &h.bob, GEN, "{\"name\":\"laptop\",\"exp\":\"2031-01-01\"}");
	is_str(h_get(&h, body, "data.generateApiKey.__typename"), "GenerateApiKeySuccess", "another user may use the same name");
	body = h_run(&h, &h.alice, GEN, "{\"name\":\"  \",\"exp\":\"2031-01-01\"}");
	is_str(body, "{\"data\":{\"generateApiKey\":{\"__typename\":\"GenerateApiKeyError\",\"errorCodes\":[\"BAD_REQUEST\"],"
	       "\"message\":\"name must not be empty\"}}}", "a blank name: BAD_REQUEST");
	{
		char name[200];
		memset(name, 'n', 101);
		name[101] = 0;
		body = h_run(&h, &h.alice, GEN, h_fmt(&h, "{\"name\":\"%s\",\"exp\":\"2031-01-01\"}", name));
		is_str(h_get(&h, body, "data.generateApiKey.message"), "name is too long: at most 100 characters",
		       "a 101-character name: BAD_REQUEST");
		name[100] = 0;
		body = h_run(&h, &h.alice, GEN, h_fmt(&h, "{\"name\":\"%s\",\"exp\":\"2031-01-01\"}", name));
		is_str(h_get(&h, body, "data.generateApiKey.__typename"), "GenerateApiKeySuccess", "100 characters are fine");
	}
	body = h_run(&h, &h.alice, GEN, "{\"name\":\"  trimmed \",\"exp\":\"2020-01-01\"}");
	is_str(h_get(&h, body, "data.generateApiKey.apiKey.name"), "trimmed", "names are trimmed");
	is_str(h_get(&h, body, "data.generateApiKey.apiKey.expiresAt"), "2020-01-01T00:00:00.000Z",
	       "an expiry in the past is accepted");
	body = h_run(&h, &h.alice, GEN, "{\"name\":\"one\",\"exp\":\"2031-01-01\",\"scopes\":\"write\"}");
	ok(strstr(body, "\"scopes\":[\"write\"]") != NULL, "a single scope is coerced to a list (%s)", body);
	body = h_run(&h, &h.alice, GEN, "{\"name\":\"two\",\"exp\":\"2031-01-01\",\"scopes\":[\"read\",\"a\\\"b\"]}");
	is_str(body, "{\"data\":{\"generateApiKey\":{\"__typename\":\"GenerateApiKeyError\",\"errorCodes\":[\"BAD_REQUEST\"],"
	       "\"message\":\"unknown scope \\\"a\\\"b\\\": the scopes are read, save and write (a key without scopes has "
	       "full access)\"}}}", "a scope Larder does not know is refused, naming the ones it knows");
	body = h_run(&h, &h.alice, LIST, NULL);
	ok(strstr(body, "\"name\":\"two\"") == NULL, "and no key is minted (%s)", body);
	body = h_run(&h, &h.alice, "mutation { generateApiKey(input: {name: \"x\"}) { __typename } }", NULL);
	is_int(h.res.outcome, GQL_RESULT_REQUEST_ERROR, "expiresAt is required");
	like(body, "expiresAt", "the error names it");

	/* ---- apiKeys: order, and never the key value ---- */
	{
		struct harness *hp = &h;
		const char *ka, *kb;
		id_a = gen(hp, &h.bob, "A", &ka);
		id_b = gen(hp, &h.bob, "B", &kb);
		id_c = gen(hp, &h.bob, "C", NULL);
		if (!ok(id_a && id_b && id_c && ka && kb, "three keys made"))
			h_bail("generateApiKey", "no keys");
		/* bob's first key "laptop" is the oldest, never used */
		body = h_run(hp, &h.bob, LIST, NULL);
		id_bob = h_get(hp, body, "data.apiKeys.apiKeys.3.id");
		is_str(body, h_fmt(hp, "{\"data\":{\"apiKeys\":{\"__typename\":\"ApiKeysSuccess\",\"apiKeys\":["
		                   "{\"id\":\"%s\",\"name\":\"C\",\"key\":null,\"usedAt\":null},"
		                   "{\"id\":\"%s\",\"name\":\"B\",\"key\":null,\"usedAt\":null},"
		                   "{\"id\":\"%s\",\"name\":\"A\",\"key\":null,\"usedAt\":null},"
		                   "{\"id\":\"%s\",\"name\":\"laptop\",\"key\":null,\"usedAt\":null}]}}}",
		                   id_c, id_b, id_a, id_bob),
		       "never-used keys newest first, key always null");
		is_int(store_apikey_touch(h.st, id_a, INT64_C(2000), 0), STORE_OK, "use A at 2 s");
		is_int(store_apikey_touch(h.st, id_bob, INT64_C(1000), 0), STORE_OK, "use laptop at 1 s");
		body = h_run(hp, &h.bob, LIST, NULL);
		is_str(body, h_fmt(hp, "{\"data\":{\"apiKeys\":{\"__typename\":\"ApiKeysSuccess\",\"apiKeys\":["
		                   "{\"id\":\"%s\",\"name\":\"A\",\"key\":null,\"usedAt\":\"1970-01-01T00:00:02.000Z\"},"
		                   "{\"id\":\"%s\",\"name\":\"laptop\",\"key\":null,\"usedAt\":\"1970-01-01T00:00:01.000Z\"},"
		                   "{\"id\":\"%s\",\"name\":\"C\",\"key\":null,\"usedAt\":null},"
		                   "{\"id\":\"%s\",\"name\":\"B\",\"key\":null,\"usedAt\":null}]}}}",
		                   id_a, id_bob, id_c, id_b),
		       "used keys first (latest use first), then never-used ones newest first");

		/* ---- revokeApiKey ---- */
		body = h_run(hp, &h.alice, REVOKE, h_fmt(hp, "{\"id\":\"%s\"}", id_b));
		is_str(body, h_fmt(hp, "{\"data\":{\"revokeApiKey\":{\"__typename\":\"RevokeApiKeyError\",\"errorCodes\":[\"NOT_FOUND\"],"
		                   "\"message\":\"you have no API key with id \\\"%s\\\"\"}}}", id_b),
		       "revoking another user's key: NOT_FOUND");
		crypto_sha256_hex(kb, strlen(kb), hash);
		is_int(store_apikey_lookup(h.st, &h.a, hash, &sk, &owner), STORE_OK, "and that key still works");
		body = h_run(hp, &h.bob, REVOKE, h_fmt(hp, "{\"id\":\"%s\"}", id_b));
		is_str(body, h_fmt(hp, "{\"data\":{\"revokeApiKey\":{\"__typename\":\"RevokeApiKeySuccess\",\"apiKey\":{"
		                   "\"id\":\"%s\",\"name\":\"B\",\"key\":null}}}}", id_b),
		       "revoking one's own key echoes it with key null");
		is_int(store_apikey_lookup(h.st, &h.a, hash, &sk, &owner), STORE_E_NOTFOUND, "the key is gone from the store");
		body = h_run(hp, &h.bob, REVOKE, h_fmt(hp, "{\"id\":\"%s\"}", id_b));
		is_str(h_get(hp, body, "data.revokeApiKey.errorCodes.0"), "NOT_FOUND", "revoking it again: NOT_FOUND");
		body = h_run(hp, &h.bob, REVOKE, "{\"id\":\"9b2f6a3e-1c4d-4e5f-8a7b-6c5d4e3f2a1b\"}");
		is_str(h_get(hp, body, "data.revokeApiKey.errorCodes.0"), "NOT_FOUND", "an unknown id: NOT_FOUND");
		body = h_run(hp, &h.bob, "mutation { revokeApiKey(id: 42) { ... on RevokeApiKeyError { errorCodes message } } }", NULL);
		is_str(body, "{\"data\":{\"revokeApiKey\":{\"errorCodes\":[\"NOT_FOUND\"],"
		       "\"message\":\"you have no API key with id \\\"42\\\"\"}}}", "an id that is no UUID: NOT_FOUND");
		body = h_run(hp, &h.bob, LIST, NULL);
		ok(strstr(body, id_b) == NULL && strstr(body, id_a) != NULL, "apiKeys no longer lists the revoked key");
	}

	h_free(&h);
	return done_testing();
}
