/* savetoken.c: store functions for the bookmarklet's save token (set, get, touch, revoke), one per user, kept as a SHA-256. */
#include "store/store_int.h"

#include <string.h>

/* the statements of savetoken.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_SAVETOKEN_SET,
	STMT_SAVETOKEN_GET,
	STMT_SAVETOKEN_TOUCH,
	STMT_SAVETOKEN_DELETE,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_SAVETOKEN_SET,
		"INSERT OR REPLACE INTO save_tokens (user_id, token_hash, created, used) VALUES (?1, ?2, ?3, NULL)",
		/* PostgreSQL: INSERT OR REPLACE: ON CONFLICT (the primary key) DO UPDATE */
		"INSERT INTO save_tokens (user_id, token_hash, created, used) VALUES (?1, ?2, ?3, NULL)"
		" ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created = excluded.created, used = NULL"),
	STORE_SQL(STMT_SAVETOKEN_GET, "SELECT token_hash, created, used FROM save_tokens WHERE user_id = ?1"),
	STORE_SQL(STMT_SAVETOKEN_TOUCH, "UPDATE save_tokens SET used = ?2 WHERE user_id = ?1"),
	STORE_SQL(STMT_SAVETOKEN_DELETE, "DELETE FROM save_tokens WHERE user_id = ?1"),
};
STORE_STATEMENTS(savetoken, statements)

int store_savetoken_set(struct store *st, const char *user_id, const char *token_hash, int64_t now_ms)
{
	struct db_stmt *s = stmt(st, STMT_SAVETOKEN_SET);

	if (!user_id || !token_hash || strlen(token_hash) != 64 || strspn(token_hash, "0123456789abcdef") != 64) {
		snprintf(st->errmsg, sizeof st->errmsg, "a save token needs a user and a SHA-256 hex hash");
		return STORE_E_INVAL;
	}
	store_bind_text(s, 1, user_id);
	store_bind_text(s, 2, token_hash);
	db_bind_int64(s, 3, now_ms);
	return store_step_done(st, s, "storing a save token");
}

int store_savetoken_get(struct store *st, const char *user_id, struct store_savetoken *out)
{
	struct db_stmt *s = stmt(st, STMT_SAVETOKEN_GET);
	int rc;

	if (!user_id || !out)
		return STORE_E_INVAL;
	store_bind_text(s, 1, user_id);
	if ((rc = store_step_row(st, s, "reading a save token")) == STORE_OK) {
		if (!store_col_hex64(s, 0, out->hash)) {
			snprintf(st->errmsg, sizeof st->errmsg, "a save token's hash is not 64 hex digits");
			rc = STORE_E_DB;
		}
		out->created_ms = store_col_ms(s, 1);
		out->used_ms = store_col_ms(s, 2);
	}
	store_done(s);
	return rc;
}

/* the touch and the delete: one statement bound to the user (and the time), NOTFOUND when no row changed */
static int by_user(struct store *st, enum stmt which, const char *user_id, int64_t now_ms, const char *what)
{
	struct db_stmt *s = stmt(st, which);

	if (!user_id)
		return STORE_E_INVAL;
	store_bind_text(s, 1, user_id);
	if (which == STMT_SAVETOKEN_TOUCH)
		db_bind_int64(s, 2, now_ms);
	return store_step_changed(st, s, what);
}

int store_savetoken_touch(struct store *st, const char *user_id, int64_t now_ms)
{
	return by_user(st, STMT_SAVETOKEN_TOUCH, user_id, now_ms, "recording a save token's use");
}

int store_savetoken_delete(struct store *st, const char *user_id)
{
	return by_user(st, STMT_SAVETOKEN_DELETE, user_id, 0, "revoking a save token");
}
