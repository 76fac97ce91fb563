/* apikey.c: store functions for API keys (create, look up by hash, touch last use, list, delete). */
#include "store/store_int.h"

#include <string.h>

#include "util/arena.h"
#include "util/crypto.h"
#include "util/limits.h"
#include "util/time.h"

/* bytes: LIMIT_APIKEY_NAME characters of up to 4 bytes each */
#define KEY_NAME_MAX (4 * LIMIT_APIKEY_NAME)

static bool valid_hash(const char *h)
{
	if (!h || strlen(h) != 64)
		return false;
	for (int i = 0; i < 64; i++)
		if (!((h[i] >= '0' && h[i] <= '9') || (h[i] >= 'a' && h[i] <= 'f')))
			return false;
	return true;
}

int store_apikey_create(struct store *st, struct arena *a, const char *user_id, const char *name,
                        const char *key_hash, const char *scopes_json, int64_t expires_ms, struct store_apikey *out)
{
	sqlite3_stmt *s = st->stmt[STMT_KEY_CREATE];
	char id[37];
	int64_t now = time_now_ms();
	int rc;

	if (!user_id || !name || !*name || strlen(name) > KEY_NAME_MAX || !valid_hash(key_hash)) {
		snprintf(st->errmsg, sizeof st->errmsg, "API key needs a user, a name of 1 to %d bytes and a SHA-256 hex hash",
		         KEY_NAME_MAX);
		return STORE_E_INVAL;
	}
	crypto_uuid_v4(id);
	sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, user_id, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 3, name, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 4, key_hash, -1, SQLITE_STATIC);
	store_bind_text(s, 5, scopes_json);
	sqlite3_bind_int64(s, 6, now);
	sqlite3_bind_int64(s, 7, expires_ms);
	rc = sqlite3_step(s);
	if (rc != SQLITE_DONE) {
		rc = store_fail(st, rc, "creating an API key");
		goto out;
	}
	rc = STORE_OK;
	if (out) {
		out->id = arena_strdup(a, id);
		out->user_id = arena_strdup(a, user_id);
		out->name = arena_strdup(a, name);
		out->scopes_json = scopes_json ? arena_strdup(a, scopes_json) : NULL;
		out->created_ms = now;
		out->expires_ms = expires_ms;
		out->used_ms = 0;
		if (!out->id || !out->user_id || !out->name || (scopes_json && !out->scopes_json)) {
			snprintf(st->errmsg, sizeof st->errmsg, "out of memory after creating an API key");
			rc = STORE_E_DB;
		}
	}
out:
	store_done(s);
	return rc;
}

int store_apikey_lookup(struct store *st, struct arena *a, const char *key_hash,
                        struct store_apikey *key, struct store_user *owner)
{
	sqlite3_stmt *s = st->stmt[STMT_KEY_LOOKUP];
	int rc;

	if (!key_hash)
		return STORE_E_INVAL;
	store_bind_text(s, 1, key_hash);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		rc = STORE_OK;
		if (key)
			rc = store_row_key(st, a, s, 0, key);
		if (rc == STORE_OK && owner)
			rc = store_row_user(st, a, s, STORE_KEY_NCOLS, owner);
	} else if (rc == SQLITE_DONE) {
		rc = STORE_E_NOTFOUND;
	} else {
		rc = store_fail(st, rc, "looking up an API key");
	}
	store_done(s);
	return rc;
}

int store_apikey_touch(struct store *st, const char *key_id, int64_t now_ms, int64_t interval_ms)
{
	sqlite3_stmt *s = st->stmt[STMT_KEY_TOUCH];
	int rc;

	if (!key_id || interval_ms < 0)
		return STORE_E_INVAL;
	store_bind_text(s, 1, key_id);
	sqlite3_bind_int64(s, 2, now_ms);
	sqlite3_bind_int64(s, 3, interval_ms);
	rc = sqlite3_step(s);
	rc = rc == SQLITE_DONE ? STORE_OK : store_fail(st, rc, "recording API key use");
	store_done(s);
	return rc;
}

int store_apikey_list(struct store *st, struct arena *a, const char *user_id, struct store_apikey **out, size_t *n)
{
	sqlite3_stmt *s = st->stmt[STMT_KEY_LIST];
	struct store_apikey *list = NULL;
	size_t cap = 0, len = 0;
	int rc;

	*out = NULL;
	*n = 0;
	if (!user_id)
		return STORE_E_INVAL;
	store_bind_text(s, 1, user_id);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if (len == cap) {
			size_t ncap = cap ? cap * 2 : 8;
			struct store_apikey *nl = arena_realloc(a, list, cap * sizeof *list, ncap * sizeof *list);
			if (!nl) {
				snprintf(st->errmsg, sizeof st->errmsg, "out of memory listing API keys");
				rc = STORE_E_DB;
				goto out;
			}
			list = nl;
			cap = ncap;
		}
		rc = store_row_key(st, a, s, 0, &list[len]);
		if (rc != STORE_OK)
			goto out;
		len++;
	}
	if (rc != SQLITE_DONE) {
		rc = store_fail(st, rc, "listing API keys");
		goto out;
	}
	*out = list;
	*n = len;
	rc = STORE_OK;
out:
	store_done(s);
	return rc;
}

int store_apikey_delete(struct store *st, struct arena *a, const char *user_id, const char *key_id, struct store_apikey *out)
{
	sqlite3_stmt *s = st->stmt[STMT_KEY_DELETE];
	struct store_apikey tmp;
	int rc, step;

	if (!key_id)
		return STORE_E_INVAL;
	store_bind_text(s, 1, key_id);
	store_bind_text(s, 2, user_id);
	step = sqlite3_step(s);
	if (step == SQLITE_ROW) {
		rc = store_row_key(st, a, s, 0, out ? out : &tmp);
		/* finish the statement so the delete is complete before we report it */
		step = sqlite3_step(s);
		if (step != SQLITE_DONE)
			rc = store_fail(st, step, "deleting an API key");
	} else if (step == SQLITE_DONE) {
		rc = STORE_E_NOTFOUND;
	} else {
		rc = store_fail(st, step, "deleting an API key");
	}
	store_done(s);
	return rc;
}
