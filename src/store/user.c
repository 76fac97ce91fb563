/* user.c: store functions for users (add, the first account only while there is none, get by id, by username or email, set password ending their sessions). */
#include "store/store_int.h"

#include <string.h>

#include "util/arena.h"
#include "util/crypto.h"
#include "util/time.h"
#include "util/utf8.h"

/* the statements of user.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_USER_ADD,
	STMT_USER_GET,
	STMT_USER_BY_NAME,
	STMT_USER_SET_PASSWORD,
	STMT_USER_ANY,
	STMT_USER_FIRST_LOCK,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_USER_ADD,
		"INSERT INTO users (id, username, name, email, password_hash, created, updated)"
		" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6) RETURNING " STORE_USER_COLS("")),
	STORE_SQL(STMT_USER_GET,
		DB_GENERIC "SELECT " STORE_USER_COLS("") " FROM users WHERE id = ?1"),
	STORE_SQL(STMT_USER_BY_NAME,
		"SELECT " STORE_USER_COLS("") " FROM users WHERE username = ?1 OR email = ?1"
		" ORDER BY username = ?1 DESC LIMIT 1"),
	STORE_SQL(STMT_USER_SET_PASSWORD,
		"UPDATE users SET password_hash = ?2, updated = ?3 WHERE id = ?1"),
	STORE_SQL(STMT_USER_ANY,
		"SELECT 1 FROM users LIMIT 1"),
	/* the first account's transaction: SQLite's BEGIN IMMEDIATE already excludes every other writer;
	 * PostgreSQL's read committed would let two of them see no account, so they queue on a lock of their own */
	STORE_SQL(STMT_USER_FIRST_LOCK,
		"SELECT 1",
		"SELECT 1 FROM pg_advisory_xact_lock(4710021)"),
};
STORE_STATEMENTS(user, statements)

#define USERNAME_MAX 64
#define EMAIL_MAX 254
#define NAME_MAX_BYTES 1024

static bool valid_username(const char *s)
{
	size_t n = s ? strlen(s) : 0;
	if (n == 0 || n > USERNAME_MAX)
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
		      c == '-' || c == '.'))
			return false;
	}
	return true;
}

static bool valid_email(const char *s)
{
	size_t n = strlen(s);
	const char *at = strchr(s, '@');
	if (n > EMAIL_MAX || !at || at == s || !at[1])
		return false;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] <= ' ' || s[i] == 0x7f)
			return false;
	return true;
}

static int fill_user(struct store *st, struct arena *a, enum stmt which, const char *key, struct store_user *out)
{
	struct db_stmt *s = stmt(st, which);

	if (!key) {
		snprintf(st->errmsg, sizeof st->errmsg, "no user id or name");
		return STORE_E_INVAL;
	}
	store_bind_text(s, 1, key);
	return store_get_row(st, a, s, &store_rowdef_user, out, "reading a user");
}

/* the account's row and its default saved searches, in the caller's transaction */
static int add_user(struct store *st, struct arena *a, const char *username, const char *name, const char *email,
                    const char *password_hash, struct store_user *out)
{
	struct db_stmt *s = stmt(st, STMT_USER_ADD);
	char id[37];
	int rc;

	if (!valid_username(username)) {
		snprintf(st->errmsg, sizeof st->errmsg, "a username is 1 to %d letters, digits, '_', '-' or '.'", USERNAME_MAX);
		return STORE_E_INVAL;
	}
	if (!name || !*name)
		name = username;
	if (strlen(name) > NAME_MAX_BYTES) {
		snprintf(st->errmsg, sizeof st->errmsg, "name longer than %d bytes", NAME_MAX_BYTES);
		return STORE_E_INVAL;
	}
	if (email && !*email)
		email = NULL;
	if (email && !valid_email(email)) {
		snprintf(st->errmsg, sizeof st->errmsg, "'%.64s' is not an email address", email);
		return STORE_E_INVAL;
	}
	crypto_uuid_v4(id);
	db_bind_text(s, 1, id);
	db_bind_text(s, 2, username);
	db_bind_text(s, 3, name);
	store_bind_text(s, 4, email);
	store_bind_text(s, 5, password_hash);
	db_bind_int64(s, 6, time_now_ms());
	if ((rc = store_get_row(st, a, s, &store_rowdef_user, out, "adding a user")) != STORE_OK)
		return rc;
	return store_filter_defaults(st, id);
}

int store_user_get(struct store *st, struct arena *a, const char *id, struct store_user *out)
{
	return fill_user(st, a, STMT_USER_GET, id, out);
}

/* a name that is not UTF-8 is no one's (SQLite finds no row; PostgreSQL would refuse the text itself) */
int store_user_by_name(struct store *st, struct arena *a, const char *username_or_email, struct store_user *out)
{
	if (username_or_email && !utf8_valid(username_or_email, strlen(username_or_email)))
		return STORE_E_NOTFOUND;
	return fill_user(st, a, STMT_USER_BY_NAME, username_or_email, out);
}

/* one statement of the password change, bound to the user id (and the hash and time for the UPDATE) */
static int step_user(struct store *st, enum stmt which, const char *user_id, const char *password_hash,
                     const char *what)
{
	struct db_stmt *s = stmt(st, which);
	int rc;

	store_bind_text(s, 1, user_id);
	if (which == STMT_USER_SET_PASSWORD) {
		store_bind_text(s, 2, password_hash);
		db_bind_int64(s, 3, time_now_ms());
	}
	rc = db_step(s);
	if (rc != DB_DONE)
		rc = store_fail(st, rc, what);
	else if (which == STMT_USER_SET_PASSWORD)
		rc = db_changes(st->db) == 1 ? STORE_OK : STORE_E_NOTFOUND;
	else
		rc = STORE_OK;
	store_done(s);
	return rc;
}

int store_user_set_password(struct store *st, const char *user_id, const char *password_hash)
{
	int rc;

	if (!user_id)
		return STORE_E_INVAL;
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	rc = step_user(st, STMT_USER_SET_PASSWORD, user_id, password_hash, "setting a password");
	if (rc == STORE_OK) /* whoever knew the old password may hold a session: every one ends with it */
		rc = store_session_end_user(st, user_id, "ending the sessions of a new password");
	if (rc != STORE_OK) {
		store_rollback(st);
		return rc;
	}
	return store_commit(st);
}

int store_user_any(struct store *st)
{
	struct db_stmt *s = stmt(st, STMT_USER_ANY);
	int rc = store_step_row(st, s, "looking for an account");
	store_done(s);
	return rc;
}

struct new_user {
	struct arena *a;
	const char *username, *name, *email, *password_hash;
	struct store_user *out;
};

static int add_tx(struct store *st, void *arg)
{
	struct new_user *f = arg;
	return add_user(st, f->a, f->username, f->name, f->email, f->password_hash, f->out);
}

int store_user_add(struct store *st, struct arena *a, const char *username, const char *name,
                   const char *email, const char *password_hash, struct store_user *out)
{
	struct new_user f = { a, username, name, email, password_hash, out };
	return store_tx(st, add_tx, &f);
}

static int add_first(struct store *st, void *arg)
{
	struct new_user *f = arg;
	struct db_stmt *s = stmt(st, STMT_USER_FIRST_LOCK);
	int rc = store_step_row(st, s, "locking the accounts");
	store_done(s);
	if (rc != STORE_OK)
		return rc;
	if ((rc = store_user_any(st)) == STORE_OK) {
		snprintf(st->errmsg, sizeof st->errmsg, "an account exists already");
		return STORE_E_EXISTS;
	}
	if (rc != STORE_E_NOTFOUND)
		return rc;
	return add_tx(st, f);
}

int store_user_add_first(struct store *st, struct arena *a, const char *username, const char *name,
                         const char *email, const char *password_hash, struct store_user *out)
{
	struct new_user f = { a, username, name, email, password_hash, out };
	return store_tx(st, add_first, &f);
}
