/* login.c: failed login attempts per throttle key (an account from an address, an address), for slowing down password guessing. */
#include "store/store_int.h"

/* the statements of login.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_LOGIN_FAIL,
	STMT_LOGIN_COUNT,
	STMT_LOGIN_CLEAR,
	STMT_LOGIN_FORGET,
	STMT_LOGIN_PURGE,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_LOGIN_FAIL, "INSERT INTO login_failures (key, at) VALUES (?1, ?2)"),
	STORE_SQL(STMT_LOGIN_COUNT, "SELECT count(*), max(at) FROM login_failures WHERE key = ?1 AND at > ?2"),
	STORE_SQL(STMT_LOGIN_CLEAR, "DELETE FROM login_failures WHERE key = ?1"),
	STORE_SQL(STMT_LOGIN_FORGET,
		"DELETE FROM login_failures WHERE key = ?1 AND at = ?2"
		" AND rowid = (SELECT rowid FROM login_failures WHERE key = ?1 AND at = ?2 LIMIT 1)"),
	STORE_SQL(STMT_LOGIN_PURGE, "DELETE FROM login_failures WHERE at <= ?1",
		/* a login attempt's transaction (store_login_attempt) starts here: one at a time, as on SQLite, so attempts
		 * made at once cannot all read the same count of failures before any records its own (the lock is taken
		 * before the statements after it take their snapshots, and held until COMMIT) */
		"WITH held AS MATERIALIZED (SELECT pg_advisory_xact_lock(7426002))"
		" DELETE FROM login_failures WHERE at <= ?1 AND EXISTS (SELECT 1 FROM held)"),
};
STORE_STATEMENTS(login, statements)

/* one statement bound to a key (?1) and, unless ms is -1, a time (?2) */
static int step_key(struct store *st, enum stmt which, const char *key, int64_t ms, const char *what)
{
	struct db_stmt *s = stmt(st, which);
	db_bind_text(s, 1, key);
	if (ms >= 0)
		db_bind_int64(s, 2, ms);
	return store_step_done(st, s, what);
}

/* inside the transaction: the longest wait over the keys */
static int longest_wait(struct store *st, const char *const *keys, size_t n, int64_t since_ms,
                        store_login_wait_fn *wait_ms, void *ctx, int64_t *wait)
{
	int64_t count, last, w;
	int rc;
	*wait = 0;
	for (size_t i = 0; i < n; i++) {
		if ((rc = store_login_failures(st, keys[i], since_ms, &count, &last)) != STORE_OK)
			return rc;
		if ((w = wait_ms(ctx, i, count, last)) > *wait)
			*wait = w;
	}
	return STORE_OK;
}

int store_login_attempt(struct store *st, const char *const *keys, size_t n, int64_t now_ms, int64_t forget_before_ms,
                        store_login_wait_fn *wait_ms, void *ctx, int64_t *wait)
{
	int rc = store_begin(st);
	if (rc != STORE_OK)
		return rc;
	rc = store_run(st, stmt(st, STMT_LOGIN_PURGE), forget_before_ms, "forgetting old login failures");
	if (rc == STORE_OK)
		rc = longest_wait(st, keys, n, forget_before_ms, wait_ms, ctx, wait);
	for (size_t i = 0; i < n && rc == STORE_OK && *wait == 0; i++)
		rc = step_key(st, STMT_LOGIN_FAIL, keys[i], now_ms, "recording a login attempt");
	if (rc != STORE_OK) {
		store_rollback(st);
		return rc;
	}
	return store_commit(st);
}

int store_login_failures(struct store *st, const char *key, int64_t since_ms, int64_t *count, int64_t *last_ms)
{
	struct db_stmt *s = stmt(st, STMT_LOGIN_COUNT);
	int64_t v[2];
	int rc;
	db_bind_text(s, 1, key);
	db_bind_int64(s, 2, since_ms);
	if ((rc = store_get_ints(st, s, v, 2, "counting failed logins")) == STORE_OK)
		*count = v[0], *last_ms = v[1];
	return rc;
}

int store_login_forget(struct store *st, const char *key, int64_t at_ms)
{
	return step_key(st, STMT_LOGIN_FORGET, key, at_ms, "forgetting a login attempt");
}

int store_login_clear(struct store *st, const char *key)
{
	return step_key(st, STMT_LOGIN_CLEAR, key, -1, "clearing failed logins");
}
