/* apikey.c: store functions for API keys (create, look up by hash, touch last use, list, delete). */
#include "store/store_int.h"

#include <string.h>

#include "util/arena.h"
#include "util/crypto.h"
#include "util/limits.h"
#include "util/time.h"

/* the statements of apikey.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_KEY_CREATE,
	STMT_KEY_LOOKUP,
	STMT_KEY_TOUCH,
	STMT_KEY_LIST,
	STMT_KEY_DELETE,
	STMT_KEY_COUNT,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_KEY_CREATE,
		/* no row when the user has ?8 keys already (LIMIT_APIKEYS_PER_USER) */
		"INSERT INTO api_keys (id, user_id, name, key_hash, scopes, created, expires, used)"
		" SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, NULL WHERE (SELECT count(*) FROM api_keys WHERE user_id = ?2) < ?8"
		" RETURNING " STORE_KEY_COLS("")),
	STORE_SQL(STMT_KEY_LOOKUP,
		DB_GENERIC "SELECT " STORE_KEY_COLS("k.") ", " STORE_USER_COLS("u.")
		" FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = ?1"),
	STORE_SQL(STMT_KEY_TOUCH,
		DB_GENERIC "UPDATE api_keys SET used = ?2 WHERE id = ?1"
		" AND (used IS NULL OR used <= ?2 - ?3 OR used >= ?2 + ?3)",
		/* a parameter PostgreSQL cannot type from where it stands (`?2 IS NULL` first, `?2 - ?3`): cast */
		DB_GENERIC "UPDATE api_keys SET used = ?2 WHERE id = ?1"
		" AND (used IS NULL OR used <= ?2::bigint - ?3::bigint OR used >= ?2::bigint + ?3::bigint)"),
	STORE_SQL(STMT_KEY_LIST,
		"SELECT " STORE_KEY_COLS("") " FROM api_keys WHERE user_id = ?1"
		" ORDER BY used IS NULL, used DESC, created DESC, rowid DESC LIMIT ?2"),
	STORE_SQL(STMT_KEY_DELETE,
		"DELETE FROM api_keys WHERE id = ?1 AND (?2 IS NULL OR user_id = ?2)"
		" RETURNING " STORE_KEY_COLS(""),
		/* PostgreSQL: a parameter PostgreSQL cannot type where it stands (`?2 IS NULL`): cast */
		"DELETE FROM api_keys WHERE id = ?1 AND (?2::text IS NULL OR user_id = ?2) RETURNING " STORE_KEY_COLS("")),
	STORE_SQL(STMT_KEY_COUNT, "SELECT count(*) FROM api_keys WHERE user_id = ?1"),
};
STORE_STATEMENTS(apikey, statements)

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

/* true when the user has LIMIT_APIKEYS_PER_USER keys */
static bool at_cap(struct store *st, const char *user_id)
{
	struct db_stmt *c = stmt(st, STMT_KEY_COUNT);
	int64_t have = 0;
	store_bind_text(c, 1, user_id);
	return store_get_ints(st, c, &have, 1, "counting API keys") == STORE_OK && have >= LIMIT_APIKEYS_PER_USER;
}

int store_apikey_create(struct store *st, struct arena *a, const char *user_id, const char *name,
                        const char *key_hash, const char *scopes_json, int64_t expires_ms, struct store_apikey *out)
{
	struct db_stmt *s = stmt(st, STMT_KEY_CREATE);
	char id[37];

	if (!user_id || !name || !*name || strlen(name) > KEY_NAME_MAX || !valid_hash(key_hash)) {
		snprintf(st->errmsg, sizeof st->errmsg, "API key needs a user, a name of 1 to %d bytes and a SHA-256 hex hash",
		         KEY_NAME_MAX);
		return STORE_E_INVAL;
	}
	crypto_uuid_v4(id);
	db_bind_text(s, 1, id);
	db_bind_text(s, 2, user_id);
	db_bind_text(s, 3, name);
	db_bind_text(s, 4, key_hash);
	store_bind_text(s, 5, scopes_json);
	db_bind_int64(s, 6, time_now_ms());
	db_bind_int64(s, 7, expires_ms);
	db_bind_int64(s, 8, LIMIT_APIKEYS_PER_USER);
	int rc = store_get_row(st, a, s, &store_rowdef_key, out, "creating an API key");
	/* no row: the user has as many keys as allowed, or there is no such user (NOTFOUND, as the key's reference says) */
	if (rc == STORE_E_NOTFOUND && at_cap(st, user_id)) {
		snprintf(st->errmsg, sizeof st->errmsg, "you have %d API keys, the most allowed: revoke one first",
		         LIMIT_APIKEYS_PER_USER);
		rc = STORE_E_LIMIT;
	}
	return rc;
}

int store_apikey_lookup(struct store *st, struct arena *a, const char *key_hash,
                        struct store_apikey *key, struct store_user *owner)
{
	struct db_stmt *s = stmt(st, STMT_KEY_LOOKUP);
	int rc;

	if (!key_hash)
		return STORE_E_INVAL;
	store_bind_text(s, 1, key_hash);
	rc = store_step_row(st, s, "looking up an API key");
	if (rc == STORE_OK && key)
		rc = store_row_key(st, a, s, 0, key);
	if (rc == STORE_OK && owner)
		rc = store_row_user(st, a, s, STORE_KEY_NCOLS, owner);
	store_done(s);
	return rc;
}

int store_apikey_touch(struct store *st, const char *key_id, int64_t now_ms, int64_t interval_ms)
{
	struct db_stmt *s = stmt(st, STMT_KEY_TOUCH);

	if (!key_id || interval_ms < 0)
		return STORE_E_INVAL;
	store_bind_text(s, 1, key_id);
	db_bind_int64(s, 2, now_ms);
	db_bind_int64(s, 3, interval_ms);
	return store_step_done(st, s, "recording API key use");
}

int store_apikey_list(struct store *st, struct arena *a, const char *user_id, struct store_apikey **out, size_t *n)
{
	struct db_stmt *s = stmt(st, STMT_KEY_LIST);
	void *rows;
	int rc;

	*out = NULL;
	*n = 0;
	if (!user_id)
		return STORE_E_INVAL;
	store_bind_text(s, 1, user_id);
	db_bind_int64(s, 2, LIMIT_APIKEYS_PER_USER); /* more only from before the cap, or a race of two creations */
	rc = store_get_rows(st, a, s, &store_rowdef_key, &rows, n, "listing API keys");
	*out = rows;
	return rc;
}

int store_apikey_delete(struct store *st, struct arena *a, const char *user_id, const char *key_id, struct store_apikey *out)
{
	struct db_stmt *s = stmt(st, STMT_KEY_DELETE);
	struct store_apikey tmp;

	if (!key_id)
		return STORE_E_INVAL;
	store_bind_text(s, 1, key_id);
	store_bind_text(s, 2, user_id);
	/* the DELETE … RETURNING makes its change on the first step: the row read is the one deleted */
	return store_get_row(st, a, s, &store_rowdef_key, out ? out : &tmp, "deleting an API key");
}
