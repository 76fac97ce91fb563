/* db.h: private to src/store: the database driver interface (a connection, prepared statements, rows, transactions, error classes) that SQLite and PostgreSQL implement. */
#ifndef LARDER_STORE_DB_H
#define LARDER_STORE_DB_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What every call answers: DB_OK (or DB_ROW / DB_DONE from db_step), else the class of the failure, which
 * db_errmsg describes in the driver's words. */
enum db_rc {
	DB_OK = 0,
	DB_ROW,          /* db_step: a row is current */
	DB_DONE,         /* db_step: the statement ran to its end */
	DB_E_OTHER,      /* anything not classed below */
	DB_E_BUSY,       /* retryable: locked or busy (SQLite), serialization failure or deadlock (40001, 40P01) */
	DB_E_UNIQUE,     /* a unique or primary key constraint (SQLite's UNIQUE/PRIMARYKEY, 23505) */
	DB_E_FOREIGN,    /* a foreign key constraint (23503) */
	DB_E_CONSTRAINT, /* another constraint (NOT NULL, CHECK) */
	DB_E_INTERRUPT,  /* stopped by the progress callback (db_set_progress) */
	DB_E_QUERY,      /* the statement itself is wrong: bad SQL, or a search expression the engine refuses */
	DB_E_NOTADB,     /* the target is not a database of this kind */
	DB_E_NOMEM,
};

/* the value kinds a column holds in the current row (db_col_type) */
enum db_type { DB_NULL = 0, DB_INT, DB_REAL, DB_TEXT, DB_BLOB };

struct db;
struct db_stmt;

/* The mark at the start of a statement whose plan does not depend on its parameters' values (a lookup or a write
 * by a key, through the one index that serves it whatever the values and the tables' sizes): PostgreSQL keeps one
 * generic plan per connection for it (plan_cache_mode = auto while it runs; the session's other statements are
 * planned again for their values at each run), which spares planning it each time; SQLite reads a comment.
 * t/store_plans checks each marked statement's generic plan made on empty tables and on a grown library. */
#define DB_GENERIC "/*generic*/ "
/* The mark of a statement whose plan is fixed by its text (fences and the one index each part can use), made on
 * the fly and run often (search.c's probe): PostgreSQL plans it once per connection (force_generic_plan), where
 * auto kept planning it for its values (0.3-0.6 ms a search); SQLite reads a comment */
#define DB_GENERIC_PLAN "/*generic plan*/ "

/* one driver: each backend fills a table of these (db_sqlite.c, db_pg.c) */
struct db_ops {
	const char *name; /* "sqlite", "postgresql" */
	/* sql uses ?N (or ?) parameters; keep: the statement lives as long as the connection */
	int (*prepare)(struct db *db, const char *sql, bool keep, struct db_stmt **out);
	void (*finalize)(struct db_stmt *s);
	int (*param_count)(struct db_stmt *s);
	int (*bind_int64)(struct db_stmt *s, int idx, int64_t v);
	int (*bind_double)(struct db_stmt *s, int idx, double v);
	int (*bind_text)(struct db_stmt *s, int idx, const char *v); /* NULL binds NULL; v must outlive the step */
	int (*bind_blob)(struct db_stmt *s, int idx, const void *v, size_t n);
	int (*bind_null)(struct db_stmt *s, int idx);
	int (*step)(struct db_stmt *s);
	/* back to the start, bindings cleared; DB_OK, or the failure of a write that ended only here (SQLite: an
	 * INSERT … RETURNING whose row was read, its autocommit COMMIT refused, say on a full disk) */
	int (*reset)(struct db_stmt *s);
	enum db_type (*col_type)(struct db_stmt *s, int col);
	int64_t (*col_int64)(struct db_stmt *s, int col);
	double (*col_double)(struct db_stmt *s, int col);
	const char *(*col_text)(struct db_stmt *s, int col, size_t *len); /* NULL: SQL NULL or out of memory */
	const void *(*col_bytes)(struct db_stmt *s, int col, size_t *len);
	int (*exec)(struct db *db, const char *script); /* one or more statements, no parameters */
	int (*begin)(struct db *db);                    /* a write transaction */
	int (*commit)(struct db *db);
	int (*rollback)(struct db *db);
	bool (*in_tx)(struct db *db);
	int64_t (*changes)(struct db *db);     /* rows the last write changed */
	int64_t (*last_id)(struct db *db);     /* the row id of the last insert (SQLite); 0 where unknown */
	const char *(*errmsg)(struct db *db);
	/* fn(arg) is asked now and then (every `every` steps of work) while a statement runs; nonzero stops it
	 * with DB_E_INTERRUPT; fn NULL removes it (drivers without such a hook ignore it) */
	void (*set_progress)(struct db *db, int every, int (*fn)(void *), void *arg);
	/* the schema version (0: none yet) and setting it inside the migration's transaction */
	int (*version)(struct db *db, int *v);
	int (*set_version)(struct db *db, int v);
	void (*close)(struct db *db);
};

/* a driver's table from its functions named P_prepare, P_finalize, … (in the order of struct db_ops) */
#define DB_OPS_TABLE(P, name) { name, P##_prepare, P##_finalize, P##_param_count, P##_bind_int64, \
	P##_bind_double, P##_bind_text, P##_bind_blob, P##_bind_null, P##_step, P##_reset, P##_col_type, \
	P##_col_int64, P##_col_double, P##_col_text, P##_col_bytes, P##_exec, P##_begin, P##_commit, P##_rollback, \
	P##_in_tx, P##_changes, P##_last_id, P##_errmsg, P##_set_progress, P##_version, P##_set_version, P##_close }

/* the part of a connection and a statement every driver's struct starts with */
struct db {
	const struct db_ops *ops;
	/* while set, a statement prepared with keep is compiled on its first use instead (SQLite; the others
	 * ignore it): store_open's table, so a CGI request pays only for the statements it runs */
	bool defer_prepare;
};
struct db_stmt { struct db *db; };

/* a SQLite file (db_sqlite.c) and a PostgreSQL server by its URL (db_pg.c, --with-postgresql): DB_OK, or the
 * class of the failure with err set (the caller words the message around it) */
int db_sqlite_open(const char *path, struct db **out, char *err, size_t errlen);
int db_pg_open(const char *url, struct db **out, char *err, size_t errlen);
/* true when target names a PostgreSQL server (postgresql:// or postgres://) (store_open.c) */
bool db_is_pg(const char *target);
/* SQLite: switches the file to write-ahead logging, retrying while another process holds the lock */
int db_sqlite_wal(struct db *db);
/* SQLite: what the last failure's extended code and the system's errno add to db_errmsg (" (SQLITE_FULL,
 * errno 28: No space left on device)"), for the admin's log; "" when nothing */
void db_sqlite_detail(struct db *db, char *buf, size_t len);

/* PostgreSQL: takes up to max of the search rows changed (their words are due) into out, answers how many; and
 * the function the driver calls when there are some, before the COMMIT, or after a statement outside a
 * transaction (the store's store_search_words) */
size_t db_pg_take_marks(struct db *db, int64_t *out, size_t max);
/* PostgreSQL: notes the search row seq as changed (larder init's re-index: its words are written at the COMMIT) */
void db_pg_mark(struct db *db, int64_t seq);
void db_pg_on_marked(struct db *db, int (*fn)(void *arg), void *arg);

static inline bool db_is_sqlite(const struct db *db) { return db->ops->name[0] == 's'; }
static inline int db_prepare(struct db *db, const char *sql, bool keep, struct db_stmt **out)
{
	return db->ops->prepare(db, sql, keep, out);
}
static inline void db_finalize(struct db_stmt *s)
{
	if (s)
		s->db->ops->finalize(s);
}
static inline int db_param_count(struct db_stmt *s) { return s->db->ops->param_count(s); }
static inline int db_bind_int64(struct db_stmt *s, int idx, int64_t v) { return s->db->ops->bind_int64(s, idx, v); }
static inline int db_bind_double(struct db_stmt *s, int idx, double v) { return s->db->ops->bind_double(s, idx, v); }
static inline int db_bind_text(struct db_stmt *s, int idx, const char *v) { return s->db->ops->bind_text(s, idx, v); }
static inline int db_bind_blob(struct db_stmt *s, int idx, const void *v, size_t n)
{
	return s->db->ops->bind_blob(s, idx, v, n);
}
static inline int db_bind_null(struct db_stmt *s, int idx) { return s->db->ops->bind_null(s, idx); }
static inline int db_step(struct db_stmt *s) { return s->db->ops->step(s); }
static inline int db_reset(struct db_stmt *s) { return s->db->ops->reset(s); }
static inline enum db_type db_col_type(struct db_stmt *s, int col) { return s->db->ops->col_type(s, col); }
static inline int64_t db_col_int64(struct db_stmt *s, int col) { return s->db->ops->col_int64(s, col); }
static inline double db_col_double(struct db_stmt *s, int col) { return s->db->ops->col_double(s, col); }
static inline const char *db_col_text(struct db_stmt *s, int col, size_t *len)
{
	return s->db->ops->col_text(s, col, len);
}
static inline const void *db_col_bytes(struct db_stmt *s, int col, size_t *len)
{
	return s->db->ops->col_bytes(s, col, len);
}
static inline int db_exec(struct db *db, const char *script) { return db->ops->exec(db, script); }
static inline int db_begin(struct db *db) { return db->ops->begin(db); }
static inline int db_commit(struct db *db) { return db->ops->commit(db); }
static inline int db_rollback(struct db *db) { return db->ops->rollback(db); }
static inline bool db_in_tx(struct db *db) { return db->ops->in_tx(db); }
static inline int64_t db_changes(struct db *db) { return db->ops->changes(db); }
static inline int64_t db_last_id(struct db *db) { return db->ops->last_id(db); }
static inline const char *db_errmsg(struct db *db) { return db->ops->errmsg(db); }
static inline void db_set_progress(struct db *db, int every, int (*fn)(void *), void *arg)
{
	db->ops->set_progress(db, every, fn, arg);
}
static inline int db_version(struct db *db, int *v) { return db->ops->version(db, v); }
static inline int db_set_version(struct db *db, int v) { return db->ops->set_version(db, v); }
static inline void db_close(struct db *db)
{
	if (db)
		db->ops->close(db);
}
#endif
