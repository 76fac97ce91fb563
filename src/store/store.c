/* store.c: opening the SQLite database, pragmas, migrations, the static statement table and shared helpers. */
#include "store/store_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/arena.h"

#define BUSY_TIMEOUT_MS 5000

static const char *const stmt_sql[STMT__MAX] = {
	[STMT_USER_ADD] =
		"INSERT INTO users (id, username, name, email, password_hash, created, updated)"
		" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
	[STMT_USER_GET] =
		"SELECT " STORE_USER_COLS("") " FROM users WHERE id = ?1",
	[STMT_USER_BY_NAME] =
		"SELECT " STORE_USER_COLS("") " FROM users WHERE username = ?1 OR email = ?1"
		" ORDER BY username = ?1 DESC LIMIT 1",
	[STMT_USER_SET_PASSWORD] =
		"UPDATE users SET password_hash = ?2, updated = ?3 WHERE id = ?1",
	[STMT_KEY_CREATE] =
		"INSERT INTO api_keys (id, user_id, name, key_hash, scopes, created, expires, used)"
		" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, NULL)",
	[STMT_KEY_LOOKUP] =
		"SELECT " STORE_KEY_COLS("k.") ", " STORE_USER_COLS("u.")
		" FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = ?1",
	[STMT_KEY_TOUCH] =
		"UPDATE api_keys SET used = ?2 WHERE id = ?1"
		" AND (used IS NULL OR used <= ?2 - ?3 OR used >= ?2 + ?3)",
	[STMT_KEY_LIST] =
		"SELECT " STORE_KEY_COLS("") " FROM api_keys WHERE user_id = ?1"
		" ORDER BY used IS NULL, used DESC, created DESC, id",
	[STMT_KEY_DELETE] =
		"DELETE FROM api_keys WHERE id = ?1 AND (?2 IS NULL OR user_id = ?2)"
		" RETURNING " STORE_KEY_COLS(""),
	[STMT_SESSION_CREATE] =
		"INSERT INTO sessions (token_hash, user_id, created, expires, last_seen)"
		" VALUES (?1, ?2, ?3, ?4, ?3)",
	[STMT_SESSION_LOOKUP] =
		"SELECT s.expires, " STORE_USER_COLS("u.")
		" FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?1 AND s.expires > ?2",
	[STMT_SESSION_DELETE] =
		"DELETE FROM sessions WHERE token_hash = ?1",
};

static const char *const stmt_names[STMT__MAX] = {
	[STMT_USER_ADD] = "user_add",
	[STMT_USER_GET] = "user_get",
	[STMT_USER_BY_NAME] = "user_by_name",
	[STMT_USER_SET_PASSWORD] = "user_set_password",
	[STMT_KEY_CREATE] = "key_create",
	[STMT_KEY_LOOKUP] = "key_lookup",
	[STMT_KEY_TOUCH] = "key_touch",
	[STMT_KEY_LIST] = "key_list",
	[STMT_KEY_DELETE] = "key_delete",
	[STMT_SESSION_CREATE] = "session_create",
	[STMT_SESSION_LOOKUP] = "session_lookup",
	[STMT_SESSION_DELETE] = "session_delete",
};

static const char *const err_names[] = {
	[-STORE_OK] = "ok",
	[-STORE_E_NOTFOUND] = "not found",
	[-STORE_E_EXISTS] = "already exists",
	[-STORE_E_DB] = "database error",
	[-STORE_E_SCHEMA_OLD] = "database schema is older than this program: run larder init",
	[-STORE_E_SCHEMA_NEW] = "database schema is newer than this program",
	[-STORE_E_INVAL] = "invalid argument",
};

const char *store_strerror(int rc)
{
	if (rc > 0 || rc <= STORE_E__MIN)
		return "unknown store error";
	return err_names[-rc];
}

const char *store_errmsg(const struct store *st)
{
	return st && st->errmsg[0] ? st->errmsg : "no error";
}

__attribute__((format(printf, 3, 4)))
static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

int store_schema_version(void)
{
	int n = 0;
	while (store_migrations[n].name)
		n++;
	return n;
}

int store_fail(struct store *st, int sqlite_rc, const char *what)
{
	int ext = sqlite3_extended_errcode(st->db);
	int rc;

	snprintf(st->errmsg, sizeof st->errmsg, "%s: %s", what, sqlite3_errmsg(st->db));
	switch (sqlite_rc & 0xff) {
	case SQLITE_CONSTRAINT:
		if (ext == SQLITE_CONSTRAINT_FOREIGNKEY)
			rc = STORE_E_NOTFOUND;
		else if (ext == SQLITE_CONSTRAINT_UNIQUE || ext == SQLITE_CONSTRAINT_PRIMARYKEY)
			rc = STORE_E_EXISTS;
		else
			rc = STORE_E_INVAL;
		break;
	default:
		rc = STORE_E_DB;
	}
	return rc;
}

void store_done(sqlite3_stmt *s)
{
	sqlite3_reset(s);
	sqlite3_clear_bindings(s);
}

const char *store_col_text(struct arena *a, sqlite3_stmt *s, int col, bool *oom)
{
	const unsigned char *t;
	char *r;

	if (sqlite3_column_type(s, col) == SQLITE_NULL)
		return NULL;
	t = sqlite3_column_text(s, col);
	if (!t) {
		*oom = true;
		return NULL;
	}
	r = arena_strndup(a, (const char *)t, (size_t)sqlite3_column_bytes(s, col));
	if (!r)
		*oom = true;
	return r;
}

int store_row_user(struct store *st, struct arena *a, sqlite3_stmt *s, int col, struct store_user *u)
{
	bool oom = false;
	u->id = store_col_text(a, s, col, &oom);
	u->username = store_col_text(a, s, col + 1, &oom);
	u->name = store_col_text(a, s, col + 2, &oom);
	u->email = store_col_text(a, s, col + 3, &oom);
	u->password_hash = store_col_text(a, s, col + 4, &oom);
	u->created_ms = sqlite3_column_int64(s, col + 5);
	if (oom) {
		snprintf(st->errmsg, sizeof st->errmsg, "out of memory reading a user");
		return STORE_E_DB;
	}
	return STORE_OK;
}

int store_row_key(struct store *st, struct arena *a, sqlite3_stmt *s, int col, struct store_apikey *k)
{
	bool oom = false;
	k->id = store_col_text(a, s, col, &oom);
	k->user_id = store_col_text(a, s, col + 1, &oom);
	k->name = store_col_text(a, s, col + 2, &oom);
	k->scopes_json = store_col_text(a, s, col + 3, &oom);
	k->created_ms = sqlite3_column_int64(s, col + 4);
	k->expires_ms = sqlite3_column_int64(s, col + 5);
	k->used_ms = sqlite3_column_type(s, col + 6) == SQLITE_NULL ? 0 : sqlite3_column_int64(s, col + 6);
	if (oom) {
		snprintf(st->errmsg, sizeof st->errmsg, "out of memory reading an API key");
		return STORE_E_DB;
	}
	return STORE_OK;
}

int store_bind_text(sqlite3_stmt *s, int idx, const char *v)
{
	return v ? sqlite3_bind_text(s, idx, v, -1, SQLITE_STATIC) : sqlite3_bind_null(s, idx);
}

/* PRAGMA user_version, or -1 with err set (e.g. not a database) */
static int read_version(sqlite3 *db, const char *path, char *err, size_t errlen)
{
	sqlite3_stmt *s = NULL;
	int rc, v = -1;

	rc = sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &s, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		v = sqlite3_column_int(s, 0);
	else if ((rc & 0xff) == SQLITE_NOTADB)
		set_err(err, errlen, "%s is not a larder database (not an SQLite file)", path);
	else
		set_err(err, errlen, "cannot read database %s: %s", path, sqlite3_errmsg(db));
	sqlite3_finalize(s);
	return v;
}

static int exec_simple(sqlite3 *db, const char *sql, const char *path, char *err, size_t errlen)
{
	char *msg = NULL;
	if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		set_err(err, errlen, "database %s: %s: %s", path, sql, msg ? msg : sqlite3_errmsg(db));
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

/* WAL is persistent, but switching to it needs a lock that SQLite does not wait for (the busy
 * handler is skipped to avoid deadlock): retry for up to BUSY_TIMEOUT_MS when another process holds it */
static int set_wal(sqlite3 *db, const char *path, char *err, size_t errlen)
{
	for (int waited = 0;; waited += 10) {
		int rc = sqlite3_exec(db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);
		if (rc == SQLITE_OK)
			return 0;
		if (((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED) || waited >= BUSY_TIMEOUT_MS) {
			set_err(err, errlen, "database %s: cannot switch to WAL mode: %s", path, sqlite3_errmsg(db));
			return -1;
		}
		usleep(10000);
	}
}

/* opens with the flags and sets the connection options every handle gets */
static int open_db(const char *path, int flags, sqlite3 **out, char *err, size_t errlen)
{
	sqlite3 *db = NULL;
	int rc = sqlite3_open_v2(path, &db, flags, NULL);
	if (rc != SQLITE_OK) {
		set_err(err, errlen, "cannot open database %s: %s", path, db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
		sqlite3_close(db);
		return -1;
	}
	sqlite3_extended_result_codes(db, 1);
	sqlite3_busy_timeout(db, BUSY_TIMEOUT_MS);
	*out = db;
	return 0;
}

int store_open(const char *path, struct store **out, char *err, size_t errlen)
{
	struct store *st = NULL;
	struct stat sb;
	int rc = STORE_E_DB, v, want = store_schema_version();

	set_err(err, errlen, "%s", "");
	*out = NULL;
	if (!path || !*path) {
		set_err(err, errlen, "no database path configured");
		return STORE_E_INVAL;
	}
	if (stat(path, &sb) < 0) {
		if (errno == ENOENT) {
			set_err(err, errlen, "database %s not initialised: run larder init", path);
			return STORE_E_SCHEMA_OLD;
		}
		set_err(err, errlen, "cannot open database %s: %s", path, strerror(errno));
		return STORE_E_DB;
	}
	if (!S_ISREG(sb.st_mode)) {
		set_err(err, errlen, "database %s is not a regular file", path);
		return STORE_E_DB;
	}
	st = calloc(1, sizeof *st);
	if (!st) {
		set_err(err, errlen, "out of memory");
		return STORE_E_DB;
	}
	if (open_db(path, SQLITE_OPEN_READWRITE, &st->db, err, errlen) < 0)
		goto out;
	v = read_version(st->db, path, err, errlen);
	if (v < 0)
		goto out;
	if (v < want) {
		if (v == 0)
			set_err(err, errlen, "database %s not initialised: run larder init", path);
		else
			set_err(err, errlen, "database %s has schema version %d, this larder needs %d: run larder init",
			        path, v, want);
		rc = STORE_E_SCHEMA_OLD;
		goto out;
	}
	if (v > want) {
		set_err(err, errlen, "database %s has schema version %d, newer than this larder knows (%d): upgrade larder",
		        path, v, want);
		rc = STORE_E_SCHEMA_NEW;
		goto out;
	}
	if (set_wal(st->db, path, err, errlen) < 0 ||
	    exec_simple(st->db, "PRAGMA foreign_keys = ON", path, err, errlen) < 0)
		goto out;
	for (int i = 0; i < STMT__MAX; i++) {
		if (sqlite3_prepare_v3(st->db, stmt_sql[i], -1, SQLITE_PREPARE_PERSISTENT, &st->stmt[i], NULL) != SQLITE_OK) {
			set_err(err, errlen, "database %s: cannot prepare statement %s: %s", path, stmt_names[i],
			        sqlite3_errmsg(st->db));
			goto out;
		}
	}
	*out = st;
	st = NULL;
	rc = STORE_OK;
out:
	store_close(st);
	return rc;
}

void store_close(struct store *st)
{
	if (!st)
		return;
	for (int i = 0; i < STMT__MAX; i++)
		sqlite3_finalize(st->stmt[i]);
	sqlite3_close(st->db);
	free(st);
}

/* mkdir -p of the directory part of path */
static int make_parent_dirs(const char *path, char *err, size_t errlen)
{
	char *dir = strdup(path), *p;
	int rc = -1;

	if (!dir) {
		set_err(err, errlen, "out of memory");
		return -1;
	}
	p = strrchr(dir, '/');
	if (!p || p == dir) {
		rc = 0;
		goto out;
	}
	*p = '\0';
	for (p = dir + 1; ; p++) {
		if (*p == '/' || *p == '\0') {
			char c = *p;
			*p = '\0';
			if (mkdir(dir, 0770) < 0 && errno != EEXIST) {
				set_err(err, errlen, "cannot create directory %s: %s", dir, strerror(errno));
				goto out;
			}
			*p = c;
			if (!c)
				break;
		}
	}
	rc = 0;
out:
	free(dir);
	return rc;
}

int store_init(const char *path, char *err, size_t errlen)
{
	sqlite3 *db = NULL;
	struct store *st = NULL;
	int rc = STORE_E_DB, want = store_schema_version(), fd;

	set_err(err, errlen, "%s", "");
	if (!path || !*path) {
		set_err(err, errlen, "no database path configured");
		return STORE_E_INVAL;
	}
	if (make_parent_dirs(path, err, errlen) < 0)
		return STORE_E_DB;
	/* create the file ourselves so the password hashes inside are not world-readable */
	fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0660);
	if (fd < 0) {
		set_err(err, errlen, "cannot create database %s: %s", path, strerror(errno));
		return STORE_E_DB;
	}
	close(fd);
	if (open_db(path, SQLITE_OPEN_READWRITE, &db, err, errlen) < 0)
		goto out;
	if (read_version(db, path, err, errlen) < 0)
		goto out;
	if (set_wal(db, path, err, errlen) < 0)
		goto out;
	for (;;) {
		char sql[64], *msg = NULL, prefix[16];
		int v;

		/* re-read the version inside the write lock so concurrent inits apply each step once */
		if (exec_simple(db, "BEGIN IMMEDIATE", path, err, errlen) < 0)
			goto out;
		v = read_version(db, path, err, errlen);
		if (v < 0)
			goto rollback;
		if (v > want) {
			set_err(err, errlen, "database %s has schema version %d, newer than this larder knows (%d): upgrade larder",
			        path, v, want);
			rc = STORE_E_SCHEMA_NEW;
			goto rollback;
		}
		if (v == want) {
			if (exec_simple(db, "COMMIT", path, err, errlen) < 0)
				goto out;
			break;
		}
		snprintf(prefix, sizeof prefix, "%03d_", v + 1);
		if (strncmp(store_migrations[v].name, prefix, 4) != 0) {
			set_err(err, errlen, "migration %s is out of sequence (expected %s…)", store_migrations[v].name, prefix);
			goto rollback;
		}
		if (sqlite3_exec(db, store_migrations[v].text, NULL, NULL, &msg) != SQLITE_OK) {
			set_err(err, errlen, "database %s: migration %s failed: %s", path, store_migrations[v].name,
			        msg ? msg : sqlite3_errmsg(db));
			sqlite3_free(msg);
			goto rollback;
		}
		snprintf(sql, sizeof sql, "PRAGMA user_version = %d", v + 1);
		if (exec_simple(db, sql, path, err, errlen) < 0 || exec_simple(db, "COMMIT", path, err, errlen) < 0)
			goto rollback;
		continue;
	rollback:
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		goto out;
	}
	sqlite3_close(db);
	db = NULL;
	/* the result must be usable: every statement prepares against it */
	rc = store_open(path, &st, err, errlen);
	store_close(st);
out:
	sqlite3_close(db);
	return rc;
}
