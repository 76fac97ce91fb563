/* session.c: store functions for login sessions (create, look up a live one with its user, delete). */
#include "store/store_int.h"

#include "util/time.h"

/* the statements of session.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_SESSION_CREATE,
	STMT_SESSION_LOOKUP,
	STMT_SESSION_DELETE,
	STMT_SESSION_END_USER,
	STMT_SESSION_EXTEND,
	STMT_SESSION_PURGE,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_SESSION_CREATE,
		"INSERT INTO sessions (token_hash, user_id, created, expires, last_seen)"
		" VALUES (?1, ?2, ?3, ?4, ?3)"),
	STORE_SQL(STMT_SESSION_LOOKUP,
		"SELECT s.expires, " STORE_USER_COLS("u.")
		" FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?1 AND s.expires > ?2"),
	STORE_SQL(STMT_SESSION_DELETE,
		"DELETE FROM sessions WHERE token_hash = ?1"),
	STORE_SQL(STMT_SESSION_END_USER, "DELETE FROM sessions WHERE user_id = ?1"),
	STORE_SQL(STMT_SESSION_EXTEND,
		"UPDATE sessions SET expires = ?2, last_seen = ?3 WHERE token_hash = ?1"),
	STORE_SQL(STMT_SESSION_PURGE, "DELETE FROM sessions WHERE expires <= ?1"),
};
STORE_STATEMENTS(session, statements)

int store_session_create(struct store *st, const char *user_id, const char *token_hash, int64_t expires_ms)
{
	struct db_stmt *s = stmt(st, STMT_SESSION_CREATE);

	if (!user_id || !token_hash || !*token_hash)
		return STORE_E_INVAL;
	store_bind_text(s, 1, token_hash);
	store_bind_text(s, 2, user_id);
	db_bind_int64(s, 3, time_now_ms());
	db_bind_int64(s, 4, expires_ms);
	return store_step_done(st, s, "creating a session");
}

int store_session_lookup(struct store *st, struct arena *a, const char *token_hash, int64_t now_ms,
                         struct store_user *owner, int64_t *expires_ms)
{
	struct db_stmt *s = stmt(st, STMT_SESSION_LOOKUP);
	int rc;

	if (!token_hash)
		return STORE_E_INVAL;
	store_bind_text(s, 1, token_hash);
	db_bind_int64(s, 2, now_ms);
	if ((rc = store_step_row(st, s, "looking up a session")) == STORE_OK) {
		if (expires_ms)
			*expires_ms = db_col_int64(s, 0);
		if (owner)
			rc = store_row_user(st, a, s, 1, owner);
	}
	store_done(s);
	return rc;
}

int store_session_delete(struct store *st, const char *token_hash)
{
	struct db_stmt *s = stmt(st, STMT_SESSION_DELETE);

	if (!token_hash)
		return STORE_E_INVAL;
	store_bind_text(s, 1, token_hash);
	return store_step_changed(st, s, "deleting a session");
}

int store_session_extend(struct store *st, const char *token_hash, int64_t expires_ms, int64_t now_ms)
{
	struct db_stmt *s = stmt(st, STMT_SESSION_EXTEND);
	store_bind_text(s, 1, token_hash);
	db_bind_int64(s, 2, expires_ms);
	db_bind_int64(s, 3, now_ms);
	return store_step_done(st, s, "extending a session");
}

int store_session_purge(struct store *st, int64_t now_ms)
{
	return store_run(st, stmt(st, STMT_SESSION_PURGE), now_ms, "forgetting expired sessions");
}

int store_session_end_user(struct store *st, const char *user_id, const char *what)
{
	struct db_stmt *s = stmt(st, STMT_SESSION_END_USER);
	db_bind_text(s, 1, user_id);
	return store_step_done(st, s, what);
}
