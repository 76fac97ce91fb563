/* store.c: the list of the features' statement tables, error names, and the shared helpers of statements, rows and transactions. */
#define _GNU_SOURCE /* program_invocation_short_name, for the log line */
#include "store/store_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/arena.h"
#include "util/limits.h"

#define TABLE_REF(t) [STORE_T_##t] = &store_sql_##t,
const struct store_sql_table *const store_sql_tables[STORE_T__MAX] = { STORE_SQL_TABLES(TABLE_REF) };

const char *store_stmt_name(const struct store_sql *q, char buf[40])
{
	size_t n = 0;
	const char *c = q->name;
	if (strncmp(c, "STMT_", 5) == 0)
		c += 5;
	for (; *c && n < 39; c++)
		buf[n++] = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
	buf[n] = '\0';
	return buf;
}

const struct store_sql *store_sql_find(const char *name)
{
	char buf[40];
	for (int t = 0; t < STORE_T__MAX; t++)
		for (size_t i = 0; i < store_sql_tables[t]->n; i++)
			if (strcmp(store_stmt_name(&store_sql_tables[t]->sql[i], buf), name) == 0)
				return &store_sql_tables[t]->sql[i];
	return NULL;
}

static void writer_unlock(struct store *st);

static const char *const err_names[] = {
	[-STORE_OK] = "ok",
	[-STORE_E_NOTFOUND] = "not found",
	[-STORE_E_EXISTS] = "already exists",
	[-STORE_E_DB] = "database error",
	[-STORE_E_SCHEMA_OLD] = "database schema is older than this program: run larder init",
	[-STORE_E_SCHEMA_NEW] = "database schema is newer than this program",
	[-STORE_E_INVAL] = "invalid argument",
	[-STORE_E_LIMIT] = "over a limit",
	[-STORE_E_NOMEM] = "out of memory: the answer needs more memory than one request may use",
};

const char *store_strerror(int rc)
{
	if (rc > 0 || rc <= STORE_E__MIN)
		return "unknown store error";
	return err_names[-rc];
}

void store_set_limits(struct store *st, const struct store_limits *lim)
{
	if (lim->labels_per_user)
		st->lim.labels_per_user = lim->labels_per_user;
	if (lim->labels_per_item)
		st->lim.labels_per_item = lim->labels_per_item;
	if (lim->items_per_user)
		st->lim.items_per_user = lim->items_per_user;
	if (lim->bytes_per_user)
		st->lim.bytes_per_user = lim->bytes_per_user;
	if (lim->highlights_per_item)
		st->lim.highlights_per_item = lim->highlights_per_item;
}

const char *store_errmsg(const struct store *st)
{
	return st && st->errmsg[0] ? st->errmsg : "no error";
}

int store_schema_version(void)
{
	int n = 0;
	while (store_migrations[n].name)
		n++;
	return n;
}

int store_fail_quiet(struct store *st, int db_rc, const char *what)
{
	snprintf(st->errmsg, sizeof st->errmsg, "%s: %s", what, db_errmsg(st->db));
	st->busy = db_rc == DB_E_BUSY;
	switch (db_rc) {
	case DB_E_FOREIGN: return STORE_E_NOTFOUND;
	case DB_E_UNIQUE: return STORE_E_EXISTS;
	case DB_E_CONSTRAINT: return STORE_E_INVAL;
	default: return STORE_E_DB;
	}
}

/* the admin's line for a failed statement: one line (the driver's message may hold line ends) */
static void log_failure(struct store *st, const char *what)
{
	char detail[200], msg[sizeof st->errmsg], why[600];

	detail[0] = why[0] = '\0';
	if (db_is_sqlite(st->db)) {
		db_sqlite_detail(st->db, detail, sizeof detail);
		/* which file is in the way, with its mode: the -shm a read-only spell left behind, say */
		if (store_check_writable(st->where, why + 2, sizeof why - 2) < 0)
			memcpy(why, "; ", 2);
		else
			why[0] = '\0';
	}
	snprintf(msg, sizeof msg, "%s", db_errmsg(st->db));
	for (char *p = msg; *p; p++)
		if ((unsigned char)*p < 0x20)
			*p = ' ';
	fprintf(stderr, "%s: database %s: %s failed: %s%s%s\n", program_invocation_short_name,
	        st->where[0] ? st->where : "(unnamed)", what, msg, detail, why);
}

int store_fail(struct store *st, int db_rc, const char *what)
{
	/* a constraint is the caller's input (a name taken, an id gone), an interrupt the caller's own deadline:
	 * their answers say so; PostgreSQL's serialization failures are run again by store_tx; anything else is the
	 * database's or the machine's, and the admin must hear of it */
	if (db_rc != DB_E_UNIQUE && db_rc != DB_E_FOREIGN && db_rc != DB_E_CONSTRAINT && db_rc != DB_E_INTERRUPT &&
	    !(db_rc == DB_E_BUSY && !db_is_sqlite(st->db)))
		log_failure(st, what);
	return store_fail_quiet(st, db_rc, what);
}

void store_done(struct db_stmt *s)
{
	db_reset(s);
}

/* resets s after its row was read: rc, or the failure of a write that only ended at the reset (an INSERT …
 * RETURNING in autocommit commits there, and a full disk refuses it there: the row read is not stored) */
static int done_checked(struct store *st, struct db_stmt *s, int rc, const char *what)
{
	int r = db_reset(s);
	if (rc == STORE_OK && r != DB_OK && r != DB_ROW && r != DB_DONE)
		return store_fail(st, r, what);
	return rc;
}

int store_step_done(struct store *st, struct db_stmt *s, const char *what)
{
	int rc = db_step(s);
	store_done(s);
	return rc == DB_DONE ? STORE_OK : store_fail(st, rc, what);
}

int store_run(struct store *st, struct db_stmt *s, int64_t v1, const char *what)
{
	db_bind_int64(s, 1, v1);
	return store_step_done(st, s, what);
}

int store_run2(struct store *st, struct db_stmt *s, int64_t v1, int64_t v2, const char *what)
{
	db_bind_int64(s, 2, v2);
	return store_run(st, s, v1, what);
}

int store_step_row(struct store *st, struct db_stmt *s, const char *what)
{
	int rc = db_step(s);
	if (rc == DB_ROW)
		return STORE_OK;
	return rc == DB_DONE ? STORE_E_NOTFOUND : store_fail(st, rc, what);
}

int store_get_ints(struct store *st, struct db_stmt *s, int64_t *v, int n, const char *what)
{
	int rc = store_step_row(st, s, what);
	for (int i = 0; i < n && rc == STORE_OK; i++)
		v[i] = db_col_int64(s, i);
	return done_checked(st, s, rc, what);
}

int store_step_changed(struct store *st, struct db_stmt *s, const char *what)
{
	int rc = db_step(s);
	if (rc == DB_DONE)
		rc = db_changes(st->db) > 0 ? STORE_OK : STORE_E_NOTFOUND;
	else
		rc = store_fail(st, rc, what);
	store_done(s);
	return rc;
}

const char *store_col_text(struct arena *a, struct db_stmt *s, int col, bool *oom)
{
	const char *t;
	size_t len;
	char *r;

	if (db_col_type(s, col) == DB_NULL)
		return NULL;
	t = db_col_text(s, col, &len);
	if (!t) {
		*oom = true;
		return NULL;
	}
	r = arena_strndup(a, t, len);
	if (!r)
		*oom = true;
	return r;
}

bool store_bind_owned(struct db_stmt *s, const char *user_id, const char *id)
{
	if (!user_id || !id)
		return false;
	db_bind_text(s, 1, user_id);
	db_bind_text(s, 2, id);
	return true;
}

void store_bind_texts(struct db_stmt *s, int first, const char *const *v, int n)
{
	for (int i = 0; i < n; i++)
		store_bind_text(s, first + i, v[i]);
}

int store_bind_text(struct db_stmt *s, int idx, const char *v)
{
	return v ? db_bind_text(s, idx, v) : db_bind_null(s, idx);
}

void store_close(struct store *st)
{
	if (!st)
		return;
	store_dyn_free(st);
	for (int t = 0; t < STORE_T__MAX; t++)
		for (size_t i = 0; st->stmt[t] && i < store_sql_tables[t]->n; i++)
			db_finalize(st->stmt[t][i]);
	free(st->stmts);
	db_close(st->db);
	writer_unlock(st);
	if (st->lock_fd >= 0)
		close(st->lock_fd);
	free(st);
}

int64_t store_col_ms(struct db_stmt *s, int col)
{
	return db_col_type(s, col) == DB_NULL ? 0 : db_col_int64(s, col);
}

int store_bind_ms(struct db_stmt *s, int idx, int64_t v)
{
	return v ? db_bind_int64(s, idx, v) : db_bind_null(s, idx);
}

bool store_col_hex64(struct db_stmt *s, int col, char out[65])
{
	const char *t = db_col_text(s, col, NULL);
	if (!t || strlen(t) != 64)
		return false;
	memcpy(out, t, 65);
	return true;
}

int store_row_read(struct store *st, struct arena *a, struct db_stmt *s, int col, const struct store_row *r, void *out)
{
	bool oom = false;
	memset(out, 0, r->size);
	for (size_t i = 0; i < r->ncols; i++) {
		int c = col + (int)i;
		void *f = (char *)out + r->cols[i].off;
		bool null = db_col_type(s, c) == DB_NULL;
		switch (r->cols[i].kind) {
		case STORE_COL_TEXT: *(const char **)f = store_col_text(a, s, c, &oom); break;
		case STORE_COL_I64: *(int64_t *)f = db_col_int64(s, c); break;
		case STORE_COL_INT: *(int *)f = (int)db_col_int64(s, c); break;
		case STORE_COL_REAL: *(double *)f = db_col_double(s, c); break;
		case STORE_COL_I64_OPT: *(int64_t *)f = null ? -1 : db_col_int64(s, c); break;
		case STORE_COL_REAL_OPT: *(double *)f = null ? -1 : db_col_double(s, c); break;
		}
	}
	if (oom) {
		snprintf(st->errmsg, sizeof st->errmsg, "out of memory reading %s", r->what);
		return STORE_E_NOMEM;
	}
	return STORE_OK;
}

/* store_rowdef_<name>: one entity's reader from its ROW; ROW_READER adds store_row_<name>, which reads it */
#define ROW_DEF(name, ROW, type, what) \
	static const struct store_col name##_cols[] = STORE_ROW_DESC(ROW, type); \
	const struct store_row store_rowdef_##name = { name##_cols, sizeof name##_cols / sizeof name##_cols[0], \
	                                               sizeof(type), what };
#define ROW_READER(name, ROW, type, what) \
	ROW_DEF(name, ROW, type, what) \
	int store_row_##name(struct store *st, struct arena *a, struct db_stmt *s, int col, type *out) \
	{ \
		return store_row_read(st, a, s, col, &store_rowdef_##name, out); \
	}
ROW_READER(user, STORE_USER_ROW, struct store_user, "a user")
ROW_READER(key, STORE_KEY_ROW, struct store_apikey, "an API key")
ROW_READER(item, STORE_ITEM_ROW, struct store_item, "an item")
ROW_DEF(label, STORE_LABEL_ROW, struct store_label, "a label")
ROW_DEF(highlight, STORE_HL_ROW, struct store_highlight, "a highlight")

int store_get_row(struct store *st, struct arena *a, struct db_stmt *s, const struct store_row *r, void *out,
                  const char *what)
{
	int rc = store_step_row(st, s, what);
	if (rc == STORE_OK && out)
		rc = store_row_read(st, a, s, 0, r, out);
	return done_checked(st, s, rc, what);
}

int store_get_rows(struct store *st, struct arena *a, struct db_stmt *s, const struct store_row *r, void **out,
                   size_t *n, const char *what)
{
	char *list = NULL;
	size_t cap = 0;
	int rc;
	*out = NULL;
	*n = 0;
	while ((rc = db_step(s)) == DB_ROW) {
		if (*n == cap) {
			size_t ncap = cap ? cap * 2 : 8;
			char *nl = arena_realloc(a, list, cap * r->size, ncap * r->size);
			if (!nl) {
				snprintf(st->errmsg, sizeof st->errmsg, "out of memory %s", what);
				rc = STORE_E_NOMEM;
				goto out;
			}
			list = nl;
			cap = ncap;
		}
		if ((rc = store_row_read(st, a, s, 0, r, list + *n * r->size)) != STORE_OK)
			goto out;
		(*n)++;
	}
	rc = rc == DB_DONE ? STORE_OK : store_fail(st, rc, what);
out:
	rc = done_checked(st, s, rc, what);
	*out = rc == STORE_OK ? list : NULL;
	if (rc != STORE_OK)
		*n = 0;
	return rc;
}

/* Write transactions of all processes queue on an flock of DB-writer.lock before BEGIN IMMEDIATE:
 * a waiting process sleeps in the kernel and wakes when the lock is released, instead of polling
 * SQLite's lock (with four FastCGI processes saving at once, polling cost more than the saves). */
static void writer_lock(struct store *st)
{
	if (st->lock_fd < 0 || st->locked)
		return;
	while (flock(st->lock_fd, LOCK_EX) < 0)
		if (errno != EINTR)
			return; /* no queue: SQLite's own locking still keeps the data safe */
	st->locked = true;
}

static void writer_unlock(struct store *st)
{
	if (!st->locked)
		return;
	flock(st->lock_fd, LOCK_UN);
	st->locked = false;
}

int store_begin(struct store *st)
{
	int rc;
	writer_lock(st);
	if ((rc = db_begin(st->db)) == DB_OK)
		return STORE_OK;
	writer_unlock(st);
	return store_fail(st, rc, "starting a transaction");
}

int store_commit(struct store *st)
{
	int rc = db_commit(st->db);
	if (rc == DB_OK) {
		writer_unlock(st);
		return STORE_OK;
	}
	rc = store_fail(st, rc, "committing");
	store_rollback(st);
	return rc;
}

int store_end(struct store *st, int rc)
{
	if (rc == STORE_OK)
		return store_commit(st);
	store_rollback(st);
	return rc;
}

/* a serialization failure or deadlock is tried again this many times, after 5, 10, 20 … ms */
#define TX_TRIES 5

int store_tx(struct store *st, int (*fn)(struct store *st, void *arg), void *arg)
{
	for (int i = 0;; i++) {
		int rc;
		st->busy = false;
		if ((rc = store_begin(st)) == STORE_OK)
			rc = store_end(st, fn(st, arg));
		if (rc == STORE_OK || !st->busy || db_is_sqlite(st->db) || i + 1 >= TX_TRIES)
			return rc;
		usleep((useconds_t)(5000 << i));
	}
}

void store_set_batch_hook(struct store *st, void (*fn)(void *arg, int64_t done), void *arg)
{
	st->batch_hook = fn;
	st->batch_arg = arg;
}

struct batch_tx { int (*fn)(struct store *st, struct store_batch *b); struct store_batch b; };

static int batch_tx(struct store *st, void *arg)
{
	struct batch_tx *t = arg;
	t->b.n = 0;
	t->b.next = t->b.after;
	return t->fn(st, &t->b);
}

int store_batches(struct store *st, int (*fn)(struct store *st, struct store_batch *b), void *arg, int64_t *total)
{
	struct batch_tx t = { .fn = fn, .b = { .arg = arg } };
	*total = 0;
	for (;;) {
		int rc = store_tx(st, batch_tx, &t);
		if (rc != STORE_OK)
			return rc;
		if (t.b.n == 0)
			return STORE_OK;
		*total += t.b.n;
		t.b.after = t.b.next;
		if (st->batch_hook)
			st->batch_hook(st->batch_arg, *total);
	}
}

void store_rollback(struct store *st)
{
	db_rollback(st->db); /* nothing when no transaction is open */
	writer_unlock(st);
}
