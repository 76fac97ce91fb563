/* login.c: failed login attempts per account and per address, for throttling password guessing. */
#include "store/store_int.h"

int store_login_fail(struct store *st, const char *key, int64_t now_ms)
{
	sqlite3_stmt *s = st->stmt[STMT_LOGIN_FAIL];
	int rc;
	sqlite3_bind_text(s, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 2, now_ms);
	rc = sqlite3_step(s);
	store_done(s);
	return rc == SQLITE_DONE ? STORE_OK : store_fail(st, rc, "recording a failed login");
}

int store_login_failures(struct store *st, const char *key, int64_t since_ms, int64_t *count, int64_t *oldest_ms)
{
	sqlite3_stmt *s = st->stmt[STMT_LOGIN_COUNT];
	int rc;
	sqlite3_bind_text(s, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 2, since_ms);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		*count = sqlite3_column_int64(s, 0);
		*oldest_ms = sqlite3_column_type(s, 1) == SQLITE_NULL ? 0 : sqlite3_column_int64(s, 1);
		rc = STORE_OK;
	} else
		rc = store_fail(st, rc, "counting failed logins");
	store_done(s);
	return rc;
}

int store_login_clear(struct store *st, const char *key)
{
	sqlite3_stmt *s = st->stmt[STMT_LOGIN_CLEAR];
	int rc;
	sqlite3_bind_text(s, 1, key, -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	store_done(s);
	return rc == SQLITE_DONE ? STORE_OK : store_fail(st, rc, "clearing failed logins");
}
