/* session.c: store functions for login sessions (create, look up a live one with its user, delete; list a user's and revoke one or the others by public id). */
#include "store/store_int.h"

#include <string.h>

#include "util/crypto.h"
#include "util/limits.h"
#include "util/time.h"

/* the statements of session.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
/* a listed session: current is 1 for the session whose token hash the caller gave */
#define SESSION_ROW(F, X, p) \
	F(p, TEXT, id, id) X(p, TEXT, kind, kind) X(p, TEXT, agent, agent) X(p, I64, created, created_ms) \
	X(p, I64, last_seen, last_ms) X(p, I64, expires, expires_ms) X(p, I64, extension_seen, extension_ms) \
	X(p, INT, CASE WHEN token_hash = ?2 THEN 1 ELSE 0 END, current)

enum stmt {
	STMT_SESSION_CREATE,
	STMT_SESSION_LOOKUP,
	STMT_SESSION_DELETE,
	STMT_SESSION_END_USER,
	STMT_SESSION_EXTEND,
	STMT_SESSION_PURGE,
	STMT_SESSION_TOUCH,
	STMT_SESSION_EXTENSION,
	STMT_SESSION_LIST,
	STMT_SESSION_REVOKE,
	STMT_SESSION_REVOKE_OTHERS,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_SESSION_CREATE,
		"INSERT INTO sessions (token_hash, user_id, created, expires, last_seen, id, kind, agent)"
		" VALUES (?1, ?2, ?3, ?4, ?3, ?5, ?6, ?7)"),
	STORE_SQL(STMT_SESSION_LOOKUP,
		DB_GENERIC "SELECT s.expires, s.last_seen, " STORE_USER_COLS("u.")
		" FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?1 AND s.expires > ?2"),
	STORE_SQL(STMT_SESSION_DELETE,
		"DELETE FROM sessions WHERE token_hash = ?1"),
	STORE_SQL(STMT_SESSION_END_USER, "DELETE FROM sessions WHERE user_id = ?1"),
	STORE_SQL(STMT_SESSION_EXTEND,
		"UPDATE sessions SET expires = ?2, last_seen = ?3 WHERE token_hash = ?1"),
	STORE_SQL(STMT_SESSION_PURGE, "DELETE FROM sessions WHERE expires <= ?1"),
	STORE_SQL(STMT_SESSION_TOUCH, DB_GENERIC "UPDATE sessions SET last_seen = ?2 WHERE token_hash = ?1"),
	STORE_SQL(STMT_SESSION_EXTENSION,
		"UPDATE sessions SET extension_seen = ?2 WHERE token_hash = ?1 AND extension_seen <= ?2 - ?3",
		"UPDATE sessions SET extension_seen = ?2 WHERE token_hash = ?1 AND extension_seen <= ?2::bigint - ?3::bigint"),
	/* the newest used first; the token hash is compared here and never read out */
	STORE_SQL(STMT_SESSION_LIST,
		"SELECT " STORE_COLS(SESSION_ROW, "") " FROM sessions WHERE user_id = ?1 AND expires > ?3"
		" ORDER BY last_seen DESC, created DESC, id LIMIT ?4"),
	STORE_SQL(STMT_SESSION_REVOKE, "DELETE FROM sessions WHERE id = ?1 AND user_id = ?2"),
	STORE_SQL(STMT_SESSION_REVOKE_OTHERS,
		"DELETE FROM sessions WHERE user_id = ?1 AND (?2 IS NULL OR token_hash <> ?2)",
		"DELETE FROM sessions WHERE user_id = ?1 AND (?2::text IS NULL OR token_hash <> ?2)"),
};
STORE_STATEMENTS(session, statements)

static const struct store_col session_cols[] = STORE_ROW_DESC(SESSION_ROW, struct store_session);
static const struct store_row session_row = { session_cols, sizeof session_cols / sizeof session_cols[0],
                                              sizeof(struct store_session), "a session" };

int store_session_create_from(struct store *st, const char *user_id, const char *token_hash, int64_t expires_ms,
                              const char *kind, const char *agent)
{
	struct db_stmt *s = stmt(st, STMT_SESSION_CREATE);
	char id[33];

	if (!user_id || !token_hash || !*token_hash || crypto_random_hex(id, 16) != 0)
		return STORE_E_INVAL;
	store_bind_text(s, 1, token_hash);
	store_bind_text(s, 2, user_id);
	db_bind_int64(s, 3, time_now_ms());
	db_bind_int64(s, 4, expires_ms);
	store_bind_text(s, 5, id);
	store_bind_text(s, 6, kind && strcmp(kind, "app") == 0 ? "app" : "browser");
	store_bind_text(s, 7, agent);
	return store_step_done(st, s, "creating a session");
}

int store_session_create(struct store *st, const char *user_id, const char *token_hash, int64_t expires_ms)
{
	return store_session_create_from(st, user_id, token_hash, expires_ms, NULL, NULL);
}

int store_session_lookup(struct store *st, struct arena *a, const char *token_hash, int64_t now_ms,
                         struct store_user *owner, int64_t *expires_ms)
{
	return store_session_find(st, a, token_hash, now_ms, owner, expires_ms, NULL);
}

int store_session_find(struct store *st, struct arena *a, const char *token_hash, int64_t now_ms,
                       struct store_user *owner, int64_t *expires_ms, int64_t *last_ms)
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
		if (last_ms)
			*last_ms = db_col_int64(s, 1);
		if (owner)
			rc = store_row_user(st, a, s, 2, owner);
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

int store_session_touch(struct store *st, const char *token_hash, int64_t now_ms)
{
	struct db_stmt *s = stmt(st, STMT_SESSION_TOUCH);
	store_bind_text(s, 1, token_hash);
	db_bind_int64(s, 2, now_ms);
	return store_step_done(st, s, "noting a session's use");
}

int store_session_extension_seen(struct store *st, const char *token_hash, int64_t now_ms, int64_t interval_ms)
{
	struct db_stmt *s = stmt(st, STMT_SESSION_EXTENSION);
	if (!token_hash)
		return STORE_E_INVAL;
	store_bind_text(s, 1, token_hash);
	db_bind_int64(s, 2, now_ms);
	db_bind_int64(s, 3, interval_ms);
	return store_step_done(st, s, "noting the extension's use of a session");
}

int store_session_list(struct store *st, struct arena *a, const char *user_id, const char *current_hash,
                       int64_t now_ms, struct store_session **out, size_t *n)
{
	struct db_stmt *s = stmt(st, STMT_SESSION_LIST);
	void *rows = NULL;
	int rc;

	*out = NULL;
	*n = 0;
	if (!user_id)
		return STORE_E_INVAL;
	store_bind_text(s, 1, user_id);
	store_bind_text(s, 2, current_hash);
	db_bind_int64(s, 3, now_ms);
	db_bind_int64(s, 4, LIMIT_SESSIONS_LISTED);
	rc = store_get_rows(st, a, s, &session_row, &rows, n, "listing sessions");
	*out = rows;
	return rc;
}

int store_session_revoke(struct store *st, const char *user_id, const char *id)
{
	struct db_stmt *s = stmt(st, STMT_SESSION_REVOKE);
	if (!user_id || !id)
		return STORE_E_INVAL;
	store_bind_text(s, 1, id);
	store_bind_text(s, 2, user_id);
	return store_step_changed(st, s, "revoking a session");
}

int store_session_revoke_others(struct store *st, const char *user_id, const char *keep_hash, int64_t *ended)
{
	struct db_stmt *s = stmt(st, STMT_SESSION_REVOKE_OTHERS);
	int rc;
	*ended = 0;
	if (!user_id)
		return STORE_E_INVAL;
	store_bind_text(s, 1, user_id);
	store_bind_text(s, 2, keep_hash);
	if ((rc = store_step_done(st, s, "revoking the other sessions")) == STORE_OK)
		*ended = db_changes(st->db);
	return rc;
}
