/* db_sqlite.c: the SQLite driver of db.h: the connection's options (busy wait, FTS5 tokenizer), statements, rows, transactions and error classes. */
#include "store/db.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "store/store_int.h"

#define BUSY_TIMEOUT_MS 5000

struct sdb {
	struct db base;
	sqlite3 *h;
	sqlite3_stmt *begin, *commit, *rollback; /* prepared on first use */
	bool moved;        /* the last failure was ours: the file was deleted or moved (db_moved) */
};
struct sstmt {
	struct db_stmt base;
	sqlite3_stmt *s;
	const char *sql;   /* a deferred statement's text (in the same allocation), until it is compiled */
	int prep_rc;       /* why it did not compile on its first use */
};

#define H(db) (((struct sdb *)(db))->h)

/* an SQLite result code (extended codes are on) as a db_rc */
static int map_rc(int rc)
{
	switch (rc & 0xff) {
	case SQLITE_OK: return DB_OK;
	case SQLITE_ROW: return DB_ROW;
	case SQLITE_DONE: return DB_DONE;
	case SQLITE_BUSY: case SQLITE_LOCKED: return DB_E_BUSY;
	case SQLITE_CONSTRAINT:
		if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
			return DB_E_FOREIGN;
		if (rc == SQLITE_CONSTRAINT_UNIQUE || rc == SQLITE_CONSTRAINT_PRIMARYKEY)
			return DB_E_UNIQUE;
		return DB_E_CONSTRAINT;
	case SQLITE_INTERRUPT: return DB_E_INTERRUPT;
	case SQLITE_ERROR: return DB_E_QUERY;
	case SQLITE_NOTADB: return DB_E_NOTADB;
	case SQLITE_NOMEM: return DB_E_NOMEM;
	default: return DB_E_OTHER;
	}
}

/* the statement, compiled the first time a deferred one is used (NULL when it does not compile: the caller
 * answers map_rc(prep_rc), and the reason goes to stderr, as store_open's would have) */
static sqlite3_stmt *S(struct db_stmt *s)
{
	struct sstmt *st = (struct sstmt *)s;
	int rc;

	if (st->s || !st->sql)
		return st->s;
	rc = sqlite3_prepare_v3(H(s->db), st->sql, -1, SQLITE_PREPARE_PERSISTENT, &st->s, NULL);
	if (rc != SQLITE_OK) {
		fprintf(stderr, "larder: a statement does not prepare: %s: %.80s\n", sqlite3_errmsg(H(s->db)), st->sql);
		sqlite3_finalize(st->s);
		st->s = NULL;
		st->prep_rc = rc;
	}
	return st->s;
}

static int s_prepare(struct db *db, const char *sql, bool keep, struct db_stmt **out)
{
	struct sstmt *st;
	size_t n = strlen(sql) + 1;
	int rc;

	*out = NULL;
	if (keep && db->defer_prepare) {
		if ((st = calloc(1, sizeof *st + n)) == NULL)
			return DB_E_NOMEM;
		st->sql = memcpy(st + 1, sql, n);
		st->base.db = db;
		*out = &st->base;
		return DB_OK;
	}
	if ((st = calloc(1, sizeof *st)) == NULL)
		return DB_E_NOMEM;
	rc = keep ? sqlite3_prepare_v3(H(db), sql, -1, SQLITE_PREPARE_PERSISTENT, &st->s, NULL)
	          : sqlite3_prepare_v2(H(db), sql, -1, &st->s, NULL);
	if (rc != SQLITE_OK) {
		sqlite3_finalize(st->s);
		free(st);
		return map_rc(rc);
	}
	st->base.db = db;
	*out = &st->base;
	return DB_OK;
}

static void s_finalize(struct db_stmt *s)
{
	sqlite3_finalize(((struct sstmt *)s)->s);
	free(s);
}

/* what a call on a statement that did not compile answers */
#define UNPREPARED(s) map_rc(((struct sstmt *)(s))->prep_rc)

static int s_param_count(struct db_stmt *s) { return sqlite3_bind_parameter_count(S(s)); }
static int s_bind_int64(struct db_stmt *s, int i, int64_t v)
{
	return S(s) ? map_rc(sqlite3_bind_int64(S(s), i, v)) : UNPREPARED(s);
}
static int s_bind_double(struct db_stmt *s, int i, double v)
{
	return S(s) ? map_rc(sqlite3_bind_double(S(s), i, v)) : UNPREPARED(s);
}
static int s_bind_text(struct db_stmt *s, int i, const char *v)
{
	if (!S(s))
		return UNPREPARED(s);
	return map_rc(v ? sqlite3_bind_text(S(s), i, v, -1, SQLITE_STATIC) : sqlite3_bind_null(S(s), i));
}
static int s_bind_blob(struct db_stmt *s, int i, const void *v, size_t n)
{
	return S(s) ? map_rc(sqlite3_bind_blob64(S(s), i, v, n, SQLITE_STATIC)) : UNPREPARED(s);
}
static int s_bind_null(struct db_stmt *s, int i) { return S(s) ? map_rc(sqlite3_bind_null(S(s), i)) : UNPREPARED(s); }
#define MOVED_MSG "the database file was deleted or moved since this program opened it (restore it, then restart the programs)"

/* a write to a file that was deleted or moved since it was opened would succeed into the void (SQLite's own
 * check of this, SQLITE_READONLY_DBMOVED, is not made in WAL mode): one stat before each write transaction */
static bool db_moved(struct db *db)
{
	int moved = 0;
	struct sdb *d = (struct sdb *)db;
	d->moved = false;
	if (sqlite3_file_control(d->h, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK && moved)
		d->moved = true;
	return d->moved;
}

static int s_step(struct db_stmt *s)
{
	sqlite3_stmt *p = S(s);
	((struct sdb *)s->db)->moved = false;
	if (!p)
		return UNPREPARED(s);
	/* a write outside a transaction: its own transaction starts here */
	if (sqlite3_get_autocommit(H(s->db)) && !sqlite3_stmt_readonly(p) && !sqlite3_stmt_busy(p) && db_moved(s->db))
		return DB_E_OTHER;
	return map_rc(sqlite3_step(p));
}
static int s_reset(struct db_stmt *s)
{
	sqlite3_stmt *p = ((struct sstmt *)s)->s; /* one never compiled has nothing to reset */
	int rc = SQLITE_OK;
	if (p) {
		rc = sqlite3_reset(p);
		sqlite3_clear_bindings(p);
	}
	return map_rc(rc);
}

static enum db_type s_col_type(struct db_stmt *s, int col)
{
	switch (sqlite3_column_type(S(s), col)) {
	case SQLITE_INTEGER: return DB_INT;
	case SQLITE_FLOAT: return DB_REAL;
	case SQLITE_TEXT: return DB_TEXT;
	case SQLITE_BLOB: return DB_BLOB;
	default: return DB_NULL;
	}
}
static int64_t s_col_int64(struct db_stmt *s, int col) { return sqlite3_column_int64(S(s), col); }
static double s_col_double(struct db_stmt *s, int col) { return sqlite3_column_double(S(s), col); }
static const char *s_col_text(struct db_stmt *s, int col, size_t *len)
{
	const char *t = (const char *)sqlite3_column_text(S(s), col);
	if (len)
		*len = t ? (size_t)sqlite3_column_bytes(S(s), col) : 0;
	return t;
}
static const void *s_col_bytes(struct db_stmt *s, int col, size_t *len)
{
	const void *b = sqlite3_column_blob(S(s), col);
	*len = (size_t)sqlite3_column_bytes(S(s), col);
	return b;
}

static int s_exec(struct db *db, const char *script) { return map_rc(sqlite3_exec(H(db), script, NULL, NULL, NULL)); }

/* steps one of the connection's transaction statements, preparing it the first time */
static int tx_step(struct db *db, sqlite3_stmt **s, const char *sql)
{
	int rc;
	if (!*s && (rc = sqlite3_prepare_v3(H(db), sql, -1, SQLITE_PREPARE_PERSISTENT, s, NULL)) != SQLITE_OK)
		return map_rc(rc);
	rc = sqlite3_step(*s);
	sqlite3_reset(*s);
	return rc == SQLITE_DONE ? DB_OK : map_rc(rc);
}

/* BEGIN IMMEDIATE: takes the write lock at once (waiting on the busy handler) */
static int s_begin(struct db *db)
{
	return db_moved(db) ? DB_E_OTHER : tx_step(db, &((struct sdb *)db)->begin, "BEGIN IMMEDIATE");
}
static int s_commit(struct db *db) { return tx_step(db, &((struct sdb *)db)->commit, "COMMIT"); }
static bool s_in_tx(struct db *db) { return !sqlite3_get_autocommit(H(db)); }
static int s_rollback(struct db *db)
{
	return s_in_tx(db) ? tx_step(db, &((struct sdb *)db)->rollback, "ROLLBACK") : DB_OK;
}
static int64_t s_changes(struct db *db) { return sqlite3_changes64(H(db)); }
static int64_t s_last_id(struct db *db) { return sqlite3_last_insert_rowid(H(db)); }
static const char *s_errmsg(struct db *db) { return ((struct sdb *)db)->moved ? MOVED_MSG : sqlite3_errmsg(H(db)); }

/* the extended codes whose generic message hides what the admin must fix */
static const struct { int code; const char *name; } ext_names[] = {
	{ SQLITE_FULL, "SQLITE_FULL: the disk or the file size limit" },
	{ SQLITE_READONLY, "SQLITE_READONLY" },
	{ SQLITE_READONLY_DBMOVED, "SQLITE_READONLY_DBMOVED: the database file was deleted or moved since it was opened" },
	{ SQLITE_READONLY_CANTINIT, "SQLITE_READONLY_CANTINIT: the -shm file cannot be written" },
	{ SQLITE_READONLY_CANTLOCK, "SQLITE_READONLY_CANTLOCK: the -shm file is read-only" },
	{ SQLITE_READONLY_RECOVERY, "SQLITE_READONLY_RECOVERY: the WAL needs recovery and the database is read-only" },
	{ SQLITE_READONLY_DIRECTORY, "SQLITE_READONLY_DIRECTORY: the database's folder is read-only" },
	{ SQLITE_CANTOPEN, "SQLITE_CANTOPEN" },
	{ SQLITE_IOERR_WRITE, "SQLITE_IOERR_WRITE" },
	{ SQLITE_IOERR_FSYNC, "SQLITE_IOERR_FSYNC" },
	{ SQLITE_IOERR_SHMOPEN, "SQLITE_IOERR_SHMOPEN: the -shm file cannot be opened" },
	{ SQLITE_IOERR_SHMSIZE, "SQLITE_IOERR_SHMSIZE: the -shm file cannot grow" },
	{ SQLITE_IOERR_TRUNCATE, "SQLITE_IOERR_TRUNCATE" },
	{ SQLITE_IOERR_DELETE, "SQLITE_IOERR_DELETE" },
	{ SQLITE_IOERR, "SQLITE_IOERR" },
	{ SQLITE_CORRUPT, "SQLITE_CORRUPT" },
	{ SQLITE_BUSY, "SQLITE_BUSY: another process held the lock too long" },
};

void db_sqlite_detail(struct db *db, char *buf, size_t len)
{
	int code = sqlite3_extended_errcode(H(db)), eno = sqlite3_system_errno(H(db));
	const char *name = NULL;
	size_t n;

	buf[0] = '\0';
	if (((struct sdb *)db)->moved)
		return;
	for (size_t i = 0; i < sizeof ext_names / sizeof ext_names[0] && !name; i++)
		if (ext_names[i].code == code)
			name = ext_names[i].name;
	if (!name && (code & 0xff) == SQLITE_IOERR)
		name = "SQLITE_IOERR";
	if (name)
		snprintf(buf, len, " (%s", name);
	else
		snprintf(buf, len, " (SQLite code %d", code);
	n = strlen(buf);
	/* the errno is kept from the last I/O failure: shown only when this failure is one */
	if (eno && n < len && ((code & 0xff) == SQLITE_IOERR || (code & 0xff) == SQLITE_FULL ||
	                       (code & 0xff) == SQLITE_CANTOPEN || (code & 0xff) == SQLITE_READONLY))
		snprintf(buf + n, len - n, ", errno %d: %s", eno, strerror(eno));
	n = strlen(buf);
	if (n + 1 < len)
		snprintf(buf + n, len - n, ")");
}
static void s_set_progress(struct db *db, int every, int (*fn)(void *), void *arg)
{
	sqlite3_progress_handler(H(db), fn ? every : 0, fn, arg);
}

/* PRAGMA user_version */
static int s_version(struct db *db, int *v)
{
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(H(db), "PRAGMA user_version", -1, &s, NULL);
	*v = -1;
	if (rc == SQLITE_OK)
		rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		*v = sqlite3_column_int(s, 0);
		rc = SQLITE_OK;
	}
	sqlite3_finalize(s);
	return map_rc(rc);
}

static int s_set_version(struct db *db, int v)
{
	char sql[64];
	snprintf(sql, sizeof sql, "PRAGMA user_version = %d", v);
	return s_exec(db, sql);
}

static void s_close(struct db *db)
{
	struct sdb *d = (struct sdb *)db;
	sqlite3_finalize(d->begin);
	sqlite3_finalize(d->commit);
	sqlite3_finalize(d->rollback);
	sqlite3_close(d->h);
	free(d);
}

static const struct db_ops sqlite_ops = DB_OPS_TABLE(s, "sqlite");

/* Waits for another process's write lock. SQLite's own busy timeout sleeps in steps that grow to
 * 100 ms, so with several FastCGI processes saving at once most of the time went to sleeping past the
 * moment the lock was free (289 saves/s through nginx against 2,000/s for one writer). Short sleeps
 * first, longer ones only when the lock is held long, and give up after BUSY_TIMEOUT_MS. */
static _Thread_local struct timespec busy_start; /* a thread waits for one lock at a time */
static int busy_wait(void *arg, int count)
{
	static const struct timespec short_nap = { 0, 100 * 1000 }, mid_nap = { 0, 1000 * 1000 }, long_nap = { 0, 10 * 1000 * 1000 };
	struct timespec now, *start = arg;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (count == 0)
		*start = now;
	else if ((now.tv_sec - start->tv_sec) * 1000 + (now.tv_nsec - start->tv_nsec) / 1000000 >= BUSY_TIMEOUT_MS)
		return 0;
	nanosleep(count < 200 ? &short_nap : count < 1000 ? &mid_nap : &long_nap, NULL);
	return 1;
}

int db_sqlite_open(const char *path, struct db **out, char *err, size_t errlen)
{
	struct sdb *d = calloc(1, sizeof *d);
	int rc;
	*out = NULL;
	if (!d) {
		snprintf(err, errlen, "out of memory");
		return DB_E_NOMEM;
	}
	d->base.ops = &sqlite_ops;
	rc = sqlite3_open_v2(path, &d->h, SQLITE_OPEN_READWRITE, NULL);
	if (rc != SQLITE_OK) {
		snprintf(err, errlen, "cannot open database %s: %s", path, d->h ? sqlite3_errmsg(d->h) : sqlite3_errstr(rc));
		s_close(&d->base);
		return map_rc(rc);
	}
	sqlite3_extended_result_codes(d->h, 1);
	sqlite3_busy_handler(d->h, busy_wait, &busy_start);
	if ((rc = store_fts_register(d->h)) != SQLITE_OK) { /* before anything touches items_fts */
		snprintf(err, errlen, "database %s: cannot register the search tokenizer: %s", path, sqlite3_errstr(rc));
		s_close(&d->base);
		return map_rc(rc);
	}
	*out = &d->base;
	return DB_OK;
}

/* WAL is persistent, but switching to it needs a lock that SQLite does not wait for (the busy
 * handler is skipped to avoid deadlock): retry for up to BUSY_TIMEOUT_MS when another process holds it */
int db_sqlite_wal(struct db *db)
{
	for (int waited = 0;; waited += 10) {
		int rc = map_rc(sqlite3_exec(H(db), "PRAGMA journal_mode = WAL", NULL, NULL, NULL));
		if (rc == DB_OK || rc != DB_E_BUSY || waited >= BUSY_TIMEOUT_MS)
			return rc;
		usleep(10000);
	}
}
