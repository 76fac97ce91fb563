/* store_open.c: opening a store on the database its target names (a SQLite file or a postgresql:// URL): the schema version check, the statement table prepared (on first use once it has compiled against that schema), and larder init's migrations. */
#include "config.h"
#include "store/search.h"
#include "store/store_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "util/limits.h"
#include "util/text.h"

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

bool db_is_pg(const char *target)
{
	return strncmp(target, "postgresql://", 13) == 0 || strncmp(target, "postgres://", 11) == 0;
}

/* the target as messages show it: a URL's password (user:PASSWORD@host, or ?password=…, which ends the
 * shown text) becomes *** */
static const char *shown(const char *target, char *buf, size_t len)
{
	const char *auth, *end, *at, *colon;
	char *pw;
	if (!db_is_pg(target))
		return target;
	auth = strstr(target, "://") + 3;
	end = auth + strcspn(auth, "/?");
	at = memchr(auth, '@', (size_t)(end - auth));
	colon = at ? memchr(auth, ':', (size_t)(at - auth)) : NULL;
	if (colon)
		snprintf(buf, len, "%.*s:***%s", (int)(colon - target), target, at);
	else
		snprintf(buf, len, "%s", target);
	if ((pw = strstr(buf, "password=")) != NULL)
		snprintf(pw + 9, len - (size_t)(pw + 9 - buf), "***");
	return buf;
}

/* the migrations for the target's backend (db/NNN_*.sql, or db/pg/NNN_*.sql numbered alike) */
static const struct embedded_file *migrations_for(const struct db *db)
{
#ifdef HAVE_LIBPQ
	if (!db_is_sqlite(db))
		return store_pg_migrations;
#endif
	(void)db;
	return store_migrations;
}

/* the schema version, or -1 with err set (e.g. not a database) */
static int read_version(struct db *db, const char *path, char *err, size_t errlen)
{
	int v, rc = db_version(db, &v);
	if (rc == DB_OK)
		return v;
	if (rc == DB_E_NOTADB)
		set_err(err, errlen, "%s is not a larder database (not an SQLite file)", path);
	else
		set_err(err, errlen, "cannot read database %s: %s", path, db_errmsg(db));
	return -1;
}

static int exec_simple(struct db *db, const char *sql, const char *path, char *err, size_t errlen)
{
	if (db_exec(db, sql) == DB_OK)
		return 0;
	set_err(err, errlen, "database %s: %s: %s", path, sql, db_errmsg(db));
	return -1;
}

/* SQLite: write-ahead logging (a persistent setting of the file) */
static int set_wal(struct db *db, const char *path, char *err, size_t errlen)
{
	if (!db_is_sqlite(db) || db_sqlite_wal(db) == DB_OK)
		return 0;
	set_err(err, errlen, "database %s: cannot switch to WAL mode: %s", path, db_errmsg(db));
	return -1;
}

/* a SQLite file must exist and be a regular file before it is opened (store_open creates nothing) */
static int check_file(const char *path, char *err, size_t errlen)
{
	struct stat sb;
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
	return STORE_OK;
}

/* the driver the target names, connected; path: the target as messages show it */
static int connect_target(const char *target, const char *path, struct db **db, char *err, size_t errlen)
{
	if (!db_is_pg(target))
		return db_sqlite_open(target, db, err, errlen) == DB_OK ? 0 : -1;
#ifdef HAVE_LIBPQ
	return db_pg_open(target, db, err, errlen) == DB_OK ? 0 : -1;
#else
	set_err(err, errlen, "database %s: this larder was built without PostgreSQL (configure --with-postgresql)", path);
	return -1;
#endif
}

/* STORE_OK when the schema is the one this larder knows, else the message and code */
static int check_version(int v, const char *path, char *err, size_t errlen)
{
	int want = store_schema_version();
	if (v < want) {
		if (v == 0)
			set_err(err, errlen, "database %s not initialised: run larder init", path);
		else
			set_err(err, errlen, "database %s has schema version %d, this larder needs %d: run larder init",
			        path, v, want);
		return STORE_E_SCHEMA_OLD;
	}
	if (v > want) {
		set_err(err, errlen, "database %s has schema version %d, newer than this larder knows (%d): upgrade larder",
		        path, v, want);
		return STORE_E_SCHEMA_NEW;
	}
	return STORE_OK;
}

/* every feature's statements (store_sql_tables), in the backend's dialect (a table's PostgreSQL text where it has
 * one), into one array of st->stmts that st->stmt[table] points into */
static int prepare_all(struct store *st, const char *path, char *err, size_t errlen)
{
	size_t total = 0;
	for (int t = 0; t < STORE_T__MAX; t++)
		total += store_sql_tables[t]->n;
	if (!(st->stmts = calloc(total ? total : 1, sizeof *st->stmts))) {
		set_err(err, errlen, "out of memory");
		return -1;
	}
	total = 0;
	for (int t = 0; t < STORE_T__MAX; t++) {
		const struct store_sql_table *tab = store_sql_tables[t];
		st->stmt[t] = st->stmts + total;
		total += tab->n;
		for (size_t i = 0; i < tab->n; i++) {
			const struct store_sql *q = &tab->sql[i];
			const char *sql = !db_is_sqlite(st->db) && q->pg ? q->pg : q->sql;
			char name[40];
			if (!q->name || !sql) {
				set_err(err, errlen, "database %s: statement %zu of table %d has no text", path, i, t);
				return -1;
			}
			if (db_prepare(st->db, sql, true, &st->stmt[t][i]) != DB_OK) {
				set_err(err, errlen, "database %s: cannot prepare statement %s: %s", path, store_stmt_name(q, name),
				        db_errmsg(st->db));
				return -1;
			}
		}
	}
	return 0;
}

/* ---- statements compiled on first use, once the table has compiled against this schema ---- */

#define CHECKED_SETTING "statements_checked"

/* the schema and statement table a full prepare vouches for: SQLite's schema cookie (every change to the schema
 * moves it) and a hash of the tables' SQLite text, into buf; false when it cannot be read */
static bool checked_key(struct db *db, char *buf, size_t size)
{
	struct db_stmt *s = NULL;
	int64_t cookie = -1;
	uint32_t h = TEXT_HASH_INIT;

	if (db_prepare(db, "PRAGMA schema_version", false, &s) != DB_OK)
		return false;
	if (db_step(s) == DB_ROW)
		cookie = db_col_int64(s, 0);
	db_finalize(s);
	for (int t = 0; t < STORE_T__MAX; t++)
		for (size_t i = 0; i < store_sql_tables[t]->n; i++)
			for (const char *p = store_sql_tables[t]->sql[i].sql; p && *p; p++)
				h = text_hash_step(h, (unsigned char)*p);
	return cookie >= 0 && snprintf(buf, size, "%lld:%08x", (long long)cookie, (unsigned)h) < (int)size;
}

/* true when every statement of the table compiled against this very schema before (a SQLite file whose
 * settings hold the key a full prepare left): then each can wait for its first use */
static bool checked_before(struct db *db, const char *key)
{
	struct db_stmt *s = NULL;
	const char *v;
	bool same = false;

	if (db_prepare(db, "SELECT value FROM settings WHERE name = ?1", false, &s) != DB_OK)
		return false;
	db_bind_text(s, 1, CHECKED_SETTING);
	if (db_step(s) == DB_ROW && (v = db_col_text(s, 0, NULL)) != NULL)
		same = strcmp(v, key) == 0;
	db_finalize(s);
	return same;
}

/* the key noted after a full prepare succeeded (a failure only means the next open prepares them all again) */
static void note_checked(struct db *db, const char *key)
{
	struct db_stmt *s = NULL;

	if (db_prepare(db, "INSERT OR REPLACE INTO settings (name, value) VALUES (?1, ?2)", false, &s) != DB_OK)
		return;
	db_bind_text(s, 1, CHECKED_SETTING);
	db_bind_text(s, 2, key);
	db_step(s);
	db_finalize(s);
}

/* the statement table: on a SQLite file it has compiled against before, each compiled on its first use (a
 * request runs a few of the ~150, and compiling them all was most of a CGI request's start); else all now */
static int prepare_table(struct store *st, const char *path, char *err, size_t errlen, bool every_statement)
{
	char key[64];
	bool keyed = db_is_sqlite(st->db) && checked_key(st->db, key, sizeof key);

	st->db->defer_prepare = keyed && !every_statement && checked_before(st->db, key);
	if (prepare_all(st, path, err, errlen) < 0)
		return -1;
	if (keyed && !st->db->defer_prepare)
		note_checked(st->db, key);
	st->db->defer_prepare = false;
	return 0;
}

/* SQLite's connection settings once the schema is known: WAL, foreign keys, and the writers' queue
 * (writer_lock in store.c) */
static int sqlite_setup(struct store *st, const char *path, char *err, size_t errlen)
{
	char lockpath[4096];
	if (set_wal(st->db, path, err, errlen) < 0 ||
	    exec_simple(st->db, "PRAGMA foreign_keys = ON", path, err, errlen) < 0)
		return -1;
	if (snprintf(lockpath, sizeof lockpath, "%s-writer.lock", path) < (int)sizeof lockpath)
		st->lock_fd = open(lockpath, O_RDWR | O_CREAT | O_CLOEXEC, 0660);
	return 0;
}

/* the store on target; every_statement: each of the table's statements compiled now (after a migration) */
static int open_store(const char *target, struct store **out, char *err, size_t errlen, bool every_statement)
{
	struct store *st = NULL;
	char buf[512];
	const char *path;
	int rc = STORE_E_DB, v;

	set_err(err, errlen, "%s", "");
	*out = NULL;
	if (!target || !*target) {
		set_err(err, errlen, "no database path configured");
		return STORE_E_INVAL;
	}
	path = shown(target, buf, sizeof buf);
	if (!db_is_pg(target) && (rc = check_file(target, err, errlen)) != STORE_OK)
		return rc;
	st = calloc(1, sizeof *st);
	if (!st) {
		set_err(err, errlen, "out of memory");
		return STORE_E_DB;
	}
	st->lock_fd = -1;
	st->lim.labels_per_user = LIMIT_LABELS_PER_USER;
	st->lim.labels_per_item = LIMIT_LABELS_PER_ITEM;
	st->lim.highlights_per_item = LIMIT_HIGHLIGHTS_PER_ITEM;
	st->lim.items_per_user = LIMIT_ITEMS_PER_USER;
	st->lim.bytes_per_user = LIMIT_BYTES_PER_USER;
	snprintf(st->where, sizeof st->where, "%s", path);
	rc = STORE_E_DB;
	if (connect_target(target, path, &st->db, err, errlen) < 0 || (v = read_version(st->db, path, err, errlen)) < 0)
		goto out;
	if ((rc = check_version(v, path, err, errlen)) != STORE_OK)
		goto out;
	rc = STORE_E_DB;
	if (db_is_sqlite(st->db) && sqlite_setup(st, path, err, errlen) < 0)
		goto out;
	if (prepare_table(st, path, err, errlen, every_statement) < 0)
		goto out;
#ifdef HAVE_LIBPQ
	if (!db_is_sqlite(st->db)) /* a changed search row's words, made in C (search_pg.c) */
		db_pg_on_marked(st->db, store_search_words_hook, st);
#endif
	*out = st;
	st = NULL;
	rc = STORE_OK;
out:
	store_close(st);
	return rc;
}

int store_open(const char *target, struct store **out, char *err, size_t errlen)
{
	return open_store(target, out, err, errlen, false);
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

/* a new SQLite file: its directories, and the file created by us so the password hashes inside are not
 * world-readable */
static int create_file(const char *path, char *err, size_t errlen)
{
	int fd;
	if (make_parent_dirs(path, err, errlen) < 0)
		return -1;
	fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0660);
	if (fd < 0) {
		set_err(err, errlen, "cannot create database %s: %s", path, strerror(errno));
		return -1;
	}
	close(fd);
	return 0;
}

/* one step of larder init inside a write transaction: 1 when a migration ran, 0 when the schema is
 * current, else a store_err with err set; the version is read again inside the transaction so
 * concurrent inits apply each migration once */
static int migrate_step(struct db *db, const char *path, char *err, size_t errlen)
{
	const struct embedded_file *m = migrations_for(db);
	char prefix[16];
	int v, want = store_schema_version();

	if (db_begin(db) != DB_OK) {
		set_err(err, errlen, "database %s: BEGIN: %s", path, db_errmsg(db));
		return STORE_E_DB;
	}
	if ((v = read_version(db, path, err, errlen)) < 0)
		goto fail;
	if (v > want) {
		set_err(err, errlen, "database %s has schema version %d, newer than this larder knows (%d): upgrade larder",
		        path, v, want);
		db_rollback(db);
		return STORE_E_SCHEMA_NEW;
	}
	if (v < want) {
		snprintf(prefix, sizeof prefix, "%03d_", v + 1);
		if (!m[v].name || strncmp(m[v].name, prefix, 4) != 0) {
			set_err(err, errlen, "migration %s is out of sequence (expected %s…)", m[v].name ? m[v].name : "(none)",
			        prefix);
			goto fail;
		}
		if (db_exec(db, m[v].text) != DB_OK) {
			set_err(err, errlen, "database %s: migration %s failed: %s", path, m[v].name, db_errmsg(db));
			goto fail;
		}
		if (db_set_version(db, v + 1) != DB_OK) {
			set_err(err, errlen, "database %s: setting the schema version: %s", path, db_errmsg(db));
			goto fail;
		}
	}
	if (db_commit(db) != DB_OK) {
		set_err(err, errlen, "database %s: COMMIT: %s", path, db_errmsg(db));
		goto fail;
	}
	return v < want;
fail:
	db_rollback(db);
	return STORE_E_DB;
}

int store_init(const char *target, char *err, size_t errlen)
{
	return store_init_progress(target, NULL, NULL, err, errlen);
}

int store_init_progress(const char *target, void (*progress)(void *arg, int64_t done, int64_t total), void *arg,
                        char *err, size_t errlen)
{
	struct db *db = NULL;
	struct store *st = NULL;
	char buf[512];
	const char *path;
	int rc = STORE_E_DB;

	set_err(err, errlen, "%s", "");
	if (!target || !*target) {
		set_err(err, errlen, "no database path configured");
		return STORE_E_INVAL;
	}
	path = shown(target, buf, sizeof buf);
	if (!db_is_pg(target) && create_file(target, err, errlen) < 0)
		return STORE_E_DB;
	if (connect_target(target, path, &db, err, errlen) < 0 || read_version(db, path, err, errlen) < 0 ||
	    set_wal(db, path, err, errlen) < 0)
		goto out;
	/* SQLite: migrations run without foreign keys (017 drops library_items to make it again: with them on,
	 * the drop would delete every row that refers to an item) */
	if (db_is_sqlite(db) && exec_simple(db, "PRAGMA foreign_keys = OFF", path, err, errlen) < 0)
		goto out;
	while ((rc = migrate_step(db, path, err, errlen)) == 1)
		;
	if (rc != 0)
		goto out;
	db_close(db);
	db = NULL;
	/* the result must be usable: every statement prepares against it */
	rc = open_store(target, &st, err, errlen, true);
	if (rc == STORE_OK && (rc = store_search_reindex(st, progress, arg)) != STORE_OK)
		set_err(err, errlen, "%s: indexing the library for search: %s", path, store_errmsg(st));
	store_close(st);
out:
	db_close(db);
	return rc;
}

/* path can be written (and, for a folder, entered) by this process; else err says its mode and owner */
static int check_one(const char *path, const char *what, const char *fix, bool dir, char *err, size_t errlen)
{
	struct stat sb;
	if (access(path, dir ? W_OK | X_OK : R_OK | W_OK) == 0)
		return 0;
	if (errno == ENOENT && !dir)
		return 0; /* a -wal or -shm not made yet */
	if (stat(path, &sb) < 0) {
		set_err(err, errlen, "cannot reach %s %s: %s", what, path, strerror(errno));
		return -1;
	}
	set_err(err, errlen, "%s %s (mode %04o, owner uid %ld gid %ld) cannot be written by uid %ld: %s", what, path,
	        (unsigned)(sb.st_mode & 07777), (long)sb.st_uid, (long)sb.st_gid, (long)geteuid(), fix);
	return -1;
}

int store_check_writable(const char *target, char *err, size_t errlen)
{
	char side[4096], *slash;
	static const char *const ends[] = { "-shm", "-wal" };

	set_err(err, errlen, "%s", "");
	if (!target || !*target || db_is_pg(target))
		return 0;
	if (check_file(target, err, errlen) != STORE_OK)
		return -1;
	if (check_one(target, "the database", "give the user the programs run as write access to it (chown or chmod 0660)",
	              false, err, errlen) < 0)
		return -1;
	if (snprintf(side, sizeof side, "%s", target) >= (int)sizeof side)
		return 0;
	slash = strrchr(side, '/');
	if (slash == side)
		side[1] = '\0';
	else if (slash)
		*slash = '\0';
	else
		snprintf(side, sizeof side, ".");
	if (check_one(side, "the database's folder", "SQLite makes the -wal and -shm files there: give the user the "
	              "programs run as write access to it", true, err, errlen) < 0)
		return -1;
	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		if (snprintf(side, sizeof side, "%s%s", target, ends[i]) >= (int)sizeof side)
			return 0;
		if (check_one(side, ends[i][1] == 'w' ? "the write-ahead log" : "the shared-memory index", "SQLite gave it the database's mode when it was made; chmod it as the "
		              "database (0660) or remove it while no program has the database open", false, err, errlen) < 0)
			return -1;
	}
	return 0;
}
