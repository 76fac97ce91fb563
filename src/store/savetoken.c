/* savetoken.c: store functions for the bookmarklet's save token (set, get, touch, revoke), one per user, kept as a SHA-256. */
#include "store/store_int.h"

#include <string.h>

int store_savetoken_set(struct store *st, const char *user_id, const char *token_hash, int64_t now_ms)
{
	sqlite3_stmt *s = st->stmt[STMT_SAVETOKEN_SET];
	int rc;

	if (!user_id || !token_hash || strlen(token_hash) != 64 || strspn(token_hash, "0123456789abcdef") != 64) {
		snprintf(st->errmsg, sizeof st->errmsg, "a save token needs a user and a SHA-256 hex hash");
		return STORE_E_INVAL;
	}
	store_bind_text(s, 1, user_id);
	store_bind_text(s, 2, token_hash);
	sqlite3_bind_int64(s, 3, now_ms);
	rc = sqlite3_step(s);
	rc = rc == SQLITE_DONE ? STORE_OK : store_fail(st, rc, "storing a save token");
	store_done(s);
	return rc;
}

int store_savetoken_get(struct store *st, const char *user_id, struct store_savetoken *out)
{
	sqlite3_stmt *s = st->stmt[STMT_SAVETOKEN_GET];
	int rc;

	if (!user_id || !out)
		return STORE_E_INVAL;
	store_bind_text(s, 1, user_id);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		const unsigned char *h = sqlite3_column_text(s, 0);
		rc = STORE_OK;
		if (h && strlen((const char *)h) == 64)
			memcpy(out->hash, h, 65);
		else {
			snprintf(st->errmsg, sizeof st->errmsg, "a save token's hash is not 64 hex digits");
			rc = STORE_E_DB;
		}
		out->created_ms = store_col_ms(s, 1);
		out->used_ms = store_col_ms(s, 2);
	} else if (rc == SQLITE_DONE) {
		rc = STORE_E_NOTFOUND;
	} else {
		rc = store_fail(st, rc, "reading a save token");
	}
	store_done(s);
	return rc;
}

/* the touch and the delete: one statement bound to the user (and the time), NOTFOUND when no row changed */
static int by_user(struct store *st, enum stmt which, const char *user_id, int64_t now_ms, const char *what)
{
	sqlite3_stmt *s = st->stmt[which];
	int rc;

	if (!user_id)
		return STORE_E_INVAL;
	store_bind_text(s, 1, user_id);
	if (which == STMT_SAVETOKEN_TOUCH)
		sqlite3_bind_int64(s, 2, now_ms);
	rc = sqlite3_step(s);
	if (rc == SQLITE_DONE)
		rc = sqlite3_changes(st->db) > 0 ? STORE_OK : STORE_E_NOTFOUND;
	else
		rc = store_fail(st, rc, what);
	store_done(s);
	return rc;
}

int store_savetoken_touch(struct store *st, const char *user_id, int64_t now_ms)
{
	return by_user(st, STMT_SAVETOKEN_TOUCH, user_id, now_ms, "recording a save token's use");
}

int store_savetoken_delete(struct store *st, const char *user_id)
{
	return by_user(st, STMT_SAVETOKEN_DELETE, user_id, 0, "revoking a save token");
}
