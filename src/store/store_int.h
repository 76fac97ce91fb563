/* store_int.h: private to src/store: the connection, how a feature declares its statements, and row helpers. */
#ifndef LARDER_STORE_INT_H
#define LARDER_STORE_INT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "store/db.h"
#include "store/store.h"
#include "store/feeds_int.h"

/* A feature's statements (item.c's, label.c's, …) sit in its own file: its `enum stmt` names them, and its table
 * `statements[]` gives each one's SQL, SQLite's text first, then PostgreSQL's where that engine cannot take it (the
 * rule: src/store/README.md). STORE_SQL(STMT_X, sqlite_text) or STORE_SQL(STMT_X, sqlite_text, pg_text) is one
 * entry; its name in messages is the enum name in lower case without STMT_ (STMT_KEY_CREATE: key_create). */
struct store_sql { const char *name, *sql, *pg; };
#define STORE_SQL(id, ...) [id] = { #id, __VA_ARGS__ }
struct store_sql_table { const struct store_sql *sql; size_t n; };
/* the feature tables the prepare loop (store_open.c) prepares, in this order; each file registers its own with
 * STORE_STATEMENTS(file, statements), which also gives it stmt(st, STMT_X): that statement, prepared */
#define STORE_SQL_TABLES(X) \
	X(user) X(apikey) X(session) X(item) X(label) X(highlight) X(job) X(login) X(setting) X(savetoken) \
	X(bulk) X(account) X(filter) X(personalization) X(import) X(feeds) X(newsletter) X(file) X(usage) X(share) X(blob) X(search_pg)
#define STORE_SQL_TABLE_ENUM(t) STORE_T_##t,
enum store_table { STORE_SQL_TABLES(STORE_SQL_TABLE_ENUM) STORE_T__MAX };
#define STORE_SQL_TABLE_DECL(t) extern const struct store_sql_table store_sql_##t;
STORE_SQL_TABLES(STORE_SQL_TABLE_DECL)
#define STORE_STATEMENTS(t, table) \
	const struct store_sql_table store_sql_##t = { table, sizeof table / sizeof table[0] }; \
	static struct db_stmt *stmt(struct store *st, enum stmt n) \
	{ \
		return st->stmt[STORE_T_##t][n]; \
	}
/* every feature's table, indexed by enum store_table (store.c) */
extern const struct store_sql_table *const store_sql_tables[STORE_T__MAX];
/* a statement's name for a message: its enum name in lower case, without STMT_ */
const char *store_stmt_name(const struct store_sql *q, char buf[40]);
/* the statement of that name (as store_stmt_name gives it) in any feature's table, or NULL (the tests' EXPLAINs) */
const struct store_sql *store_sql_find(const char *name);

/* statements built per request (search): a few kept prepared, keyed by their SQL text (search.c) */
#define STORE_DYN_CACHE 16
struct store_dyn { char *sql; struct db_stmt *s; unsigned long used; };

struct store {
	struct db *db;               /* the driver's connection (db.h) */
	int lock_fd;                 /* DB-writer.lock: writers queue on it in the kernel (-1: none) */
	bool locked;
	bool busy;                   /* the last failure was retryable (DB_E_BUSY): store_tx runs the transaction again */
	struct db_stmt **stmt[STORE_T__MAX]; /* each feature's prepared statements, by its enum stmt (store_open) */
	struct db_stmt **stmts;      /* all of them, one allocation */
	char errmsg[256];
	char where[160];              /* the database as the admin's log names it (a URL without its password) */
	struct store_limits lim;     /* store_set_limits */
	void (*batch_hook)(void *arg, int64_t done); /* store_set_batch_hook */
	void *batch_arg;
	struct store_dyn dyn[STORE_DYN_CACHE];
	unsigned long dyn_clock;
	struct words *words;         /* the search's word analysis of queries (search.c; words.h), made on first use */
	/* the running search's time budget (search.c): deadline on the monotonic clock, and whether it was hit */
	struct { int64_t deadline_ms, time_ms; bool hit; } budget;
};

/* finalizes the cached dynamic statements (store_close) */
void store_dyn_free(struct store *st);

/* One column list per entity: ROW(F, X, p) calls F(p, kind, column, field) for the first column and
 * X(p, kind, column, field) for the others, in the order of the SELECTs. From it come the SQL column list
 * (STORE_x_COLS(prefix)), the count (STORE_x_NCOLS) and the reader (store_row_x), so they cannot drift apart.
 * kind: TEXT (copied into the arena, NULL for SQL NULL), I64 and INT (0 for NULL), REAL, I64_OPT and
 * REAL_OPT (-1 for NULL). */
#define STORE_USER_ROW(F, X, p) \
	F(p, TEXT, id, id) X(p, TEXT, username, username) X(p, TEXT, name, name) X(p, TEXT, email, email) \
	X(p, TEXT, password_hash, password_hash) X(p, I64, created, created_ms)
#define STORE_KEY_ROW(F, X, p) \
	F(p, TEXT, id, id) X(p, TEXT, user_id, user_id) X(p, TEXT, name, name) X(p, TEXT, scopes, scopes_json) \
	X(p, I64, created, created_ms) X(p, I64, expires, expires_ms) X(p, I64, used, used_ms)
#define STORE_ITEM_ROW(F, X, p) \
	F(p, I64, seq, seq) X(p, TEXT, id, id) X(p, TEXT, user_id, user_id) \
	X(p, TEXT, client_request_id, client_request_id) X(p, TEXT, url, url) X(p, TEXT, slug, slug) \
	X(p, TEXT, title, title) X(p, TEXT, author, author) X(p, TEXT, description, description) \
	X(p, TEXT, site_name, site_name) X(p, TEXT, site_icon, site_icon) X(p, TEXT, image, image) \
	X(p, TEXT, language, language) X(p, TEXT, dir, dir) X(p, TEXT, page_type, page_type) \
	X(p, TEXT, state, state) X(p, TEXT, want_state, want_state) X(p, TEXT, fail_reason, fail_reason) \
	X(p, TEXT, folder, folder) X(p, TEXT, source, source) X(p, I64_OPT, words_count, words_count) \
	X(p, REAL, progress, progress) X(p, REAL_OPT, progress_top, progress_top) \
	X(p, I64, progress_anchor, progress_anchor) X(p, I64, saved_at, saved_ms) X(p, I64, created_at, created_ms) \
	X(p, I64, updated_at, updated_ms) X(p, I64, published_at, published_ms) X(p, I64, read_at, read_ms) \
	X(p, I64, archived_at, archived_ms) X(p, I64, deleted_at, deleted_ms)
#define STORE_LABEL_ROW(F, X, p) \
	F(p, TEXT, id, id) X(p, TEXT, user_id, user_id) X(p, TEXT, name, name) X(p, TEXT, color, color) \
	X(p, TEXT, description, description) X(p, TEXT, source, source) X(p, I64, position, position) \
	X(p, I64, created_at, created_ms) X(p, I64, updated_at, updated_ms) X(p, INT, internal, internal)
#define STORE_HL_ROW(F, X, p) \
	F(p, TEXT, id, id) X(p, TEXT, short_id, short_id) X(p, TEXT, user_id, user_id) X(p, TEXT, type, type) \
	X(p, TEXT, quote, quote) X(p, TEXT, prefix, prefix) X(p, TEXT, suffix, suffix) X(p, TEXT, patch, patch) \
	X(p, TEXT, annotation, annotation) X(p, TEXT, html, html) X(p, TEXT, color, color) \
	X(p, TEXT, representation, representation) X(p, REAL, position_percent, position_percent) \
	X(p, I64, position_anchor, position_anchor) X(p, I64, created_at, created_ms) \
	X(p, I64, updated_at, updated_ms) X(p, I64, shared_at, shared_ms) X(p, I64, item_seq, item_seq)
/* an import (import.c) and a file (file.c) */
#define STORE_IMPORT_ROW(F, X, p) \
	F(p, TEXT, id, id) X(p, TEXT, user_id, user_id) X(p, TEXT, format, format) X(p, TEXT, path, path) \
	X(p, TEXT, status, status) X(p, TEXT, report, report) X(p, I64, added, added) X(p, I64, updated, updated) \
	X(p, I64, unchanged, unchanged) X(p, I64, failed, failed) X(p, I64, created_at, created_ms) \
	X(p, I64, finished_at, finished_ms)
#define STORE_FILE_ROW(F, X, p) \
	F(p, TEXT, id, id) X(p, TEXT, user_id, user_id) X(p, TEXT, item_id, item_id) X(p, TEXT, file_name, file_name) \
	X(p, TEXT, content_type, content_type) X(p, TEXT, url, url) X(p, I64, size, size) X(p, TEXT, sha256, sha256) \
	X(p, TEXT, path, path) X(p, TEXT, status, status) X(p, I64, created_at, created_ms) \
	X(p, I64, updated_at, updated_ms)

/* the SQL column list of a ROW, each column prefixed with p (a table alias such as "u." or "") */
#define STORE_SQL_COL1(p, kind, col, field) p #col
#define STORE_SQL_COLN(p, kind, col, field) ", " p #col
#define STORE_COLS(ROW, p) ROW(STORE_SQL_COL1, STORE_SQL_COLN, p)
/* how many columns a ROW has (a constant expression) */
#define STORE_COL_ONE(p, kind, col, field) + 1
#define STORE_NCOLS(ROW) (0 ROW(STORE_COL_ONE, STORE_COL_ONE, ))

#define STORE_USER_COLS(p) STORE_COLS(STORE_USER_ROW, p)
#define STORE_KEY_COLS(p) STORE_COLS(STORE_KEY_ROW, p)
#define STORE_KEY_NCOLS STORE_NCOLS(STORE_KEY_ROW)
#define STORE_ITEM_COLS(p) STORE_COLS(STORE_ITEM_ROW, p)
#define STORE_LABEL_COLS(p) STORE_COLS(STORE_LABEL_ROW, p)
#define STORE_HL_COLS(p) STORE_COLS(STORE_HL_ROW, p)

/* what the generic reader needs of one column: how to read it and where in the struct it goes */
enum store_col_kind { STORE_COL_TEXT, STORE_COL_I64, STORE_COL_INT, STORE_COL_REAL, STORE_COL_I64_OPT, STORE_COL_REAL_OPT };
struct store_col { enum store_col_kind kind; size_t off; };
#define STORE_COL_DESC(type, kind, col, field) { STORE_COL_##kind, offsetof(type, field) },
#define STORE_ROW_DESC(ROW, type) { ROW(STORE_COL_DESC, STORE_COL_DESC, type) }

/* one entity's reader: its columns, the size of its struct, and what it is called in messages ("a user") */
struct store_row { const struct store_col *cols; size_t ncols, size; const char *what; };
extern const struct store_row store_rowdef_user, store_rowdef_key, store_rowdef_item, store_rowdef_label,
	store_rowdef_highlight;

/* zeroes *out, then fills it from r's columns starting at column col of s;
 * STORE_OK, or STORE_E_DB (the arena is full: "out of memory reading <what>") */
int store_row_read(struct store *st, struct arena *a, struct db_stmt *s, int col, const struct store_row *r, void *out);
/* steps s for one row, reads it with r into out (NULL: not read) and resets s: STORE_OK, STORE_E_NOTFOUND
 * when there is no row, else store_fail(what) */
int store_get_row(struct store *st, struct arena *a, struct db_stmt *s, const struct store_row *r, void *out,
                  const char *what);
/* every row of s read with r into a new arena array *out of *n structs, resets s; STORE_OK, or STORE_E_DB
 * ("out of memory <what>") or store_fail(what) */
int store_get_rows(struct store *st, struct arena *a, struct db_stmt *s, const struct store_row *r, void **out,
                   size_t *n, const char *what);

/* the migrations compiled in from db/ (generated by build-aux/embed.sh), ended by { NULL, NULL } */
struct embedded_file { const char *name; const char *text; };
extern const struct embedded_file store_migrations[];
/* PostgreSQL's migrations from db/pg/, numbered as the SQLite ones (version N is the same schema) */
extern const struct embedded_file store_pg_migrations[];

/* maps a driver's failure (enum db_rc) to a store_err and records the message; a failure that is not the
 * caller's input (anything but a constraint, or an interrupt the caller asked for) is also logged to stderr,
 * the web server's error log, as one line: the program, the database, what was being done and the
 * database's error (what is a fixed phrase: no user data goes to the log) */
int store_fail(struct store *st, int db_rc, const char *what);
/* store_fail without the log: the failure is the user's input (a search expression the engine refuses) */
int store_fail_quiet(struct store *st, int db_rc, const char *what);
/* resets and clears the bindings of a statement after use */
void store_done(struct db_stmt *s);
/* steps a bound one-shot statement and resets it: STORE_OK when it ran to the end, else store_fail(what) */
int store_step_done(struct store *st, struct db_stmt *s, const char *what);
/* runs one-shot statement s with ?1 = v1 (and ?2 = v2) bound (store_step_done) */
int store_run(struct store *st, struct db_stmt *s, int64_t v1, const char *what);
int store_run2(struct store *st, struct db_stmt *s, int64_t v1, int64_t v2, const char *what);
/* steps a bound statement for one row: STORE_OK with the row current (read it, then store_done),
 * STORE_E_NOTFOUND when there is none, else store_fail(what); the caller resets it either way */
int store_step_row(struct store *st, struct db_stmt *s, const char *what);
/* steps s for one row, reads its first n columns as integers (NULL: 0) into v and resets s (store_step_row's codes) */
int store_get_ints(struct store *st, struct db_stmt *s, int64_t *v, int n, const char *what);
/* store_step_done, and STORE_E_NOTFOUND when it changed no row */
int store_step_changed(struct store *st, struct db_stmt *s, const char *what);
/* inside the caller's transaction, once the item at seq has its new labels: its search row's labels column set
 * (no trigger on item_labels does it: one re-index of the row per change, not one per label row; db/021) */
int store_item_labels_changed(struct store *st, int64_t seq);
/* inside the caller's transaction, once the item at seq has its new labels: store_item_labels_changed, then
 * LIMIT (store_errmsg says so) when the item now has more labels than labels_per_item and more than `before`
 * (item.c) */
int store_item_check_labels(struct store *st, int64_t seq, int64_t before);
/* the item at seq marked as changed at ms (item.c) */
int store_item_touch(struct store *st, int64_t seq, int64_t ms, const char *what);
/* label label_id on the item at seq, added at `at` (a label it has already is kept once: db_changes says whether
 * it was added); its search row is not updated (store_item_labels_changed) (item.c) */
int store_item_label_add(struct store *st, int64_t seq, const char *label_id, int64_t at, const char *what);
/* how many labels the item at seq has, into *n (item.c) */
int store_item_label_count(struct store *st, int64_t seq, int64_t *n, const char *what);
/* STORE_OK when user_id has an item of that slug, STORE_E_NOTFOUND when not, else store_fail(what) (item.c) */
int store_item_slug_taken(struct store *st, const char *user_id, const char *slug, const char *what);
/* the item at seq's fetch job dropped, unless it is running (job.c) */
int store_job_cancel_item(struct store *st, int64_t seq, const char *what);
/* every login session of the user ended (session.c) */
int store_session_end_user(struct store *st, const char *user_id, const char *what);
/* label label_id on a highlight (a label it has already is kept once) (highlight.c) */
int store_highlight_label_add(struct store *st, const char *highlight_id, const char *label_id, const char *what);
/* the row of highlight h (its id, short_id, user_id and the rest as given; type NULL: HIGHLIGHT, representation
 * NULL: CONTENT) on the item at seq, made at created_ms, when the item has fewer than highlights_per_item: STORE_OK
 * with the row read into *out (NULL: not read), STORE_E_LIMIT (store_errmsg says so), else store_fail(what); the
 * caller has checked that the item is the user's and touches it (highlight.c) */
int store_highlight_add_row(struct store *st, struct arena *a, int64_t seq, const struct store_highlight *h,
                            int64_t created_ms, struct store_highlight *out, const char *what);
/* store_highlight_create inside the caller's transaction (highlight.c) */
int store_highlight_insert(struct store *st, struct arena *a, const char *user_id, const struct store_highlight *in,
                           struct store_highlight *out);
/* a slug made from text with a short random suffix the user has not used yet (item.c) */
int store_item_slug(struct store *st, struct arena *a, const char *user_id, const char *text, const char **out);
/* fills a fetched item with its article inside the caller's transaction (item.c; store_job_finish) */
int store_item_fill_row(struct store *st, int64_t seq, const struct store_article *art, int64_t now_ms);
/* copies column col into the arena (NULL for SQL NULL); *oom set when the arena is full */
const char *store_col_text(struct arena *a, struct db_stmt *s, int col, bool *oom);
/* copies a 64-character text column (a SHA-256 or a secret in hex) with its NUL; false when it is not that long */
bool store_col_hex64(struct db_stmt *s, int col, char out[65]);
/* fill a user, key, item, … from its ROW's columns starting at col (store_row_read) */
int store_row_user(struct store *st, struct arena *a, struct db_stmt *s, int col, struct store_user *u);
int store_row_key(struct store *st, struct arena *a, struct db_stmt *s, int col, struct store_apikey *k);
int store_row_item(struct store *st, struct arena *a, struct db_stmt *s, int col, struct store_item *it);
/* every row of a statement selecting STORE_LABEL_COLS into an arena array (resets the statement) */
int store_labels_collect(struct store *st, struct arena *a, struct db_stmt *s, struct store_label **out, size_t *n);
/* the bytes src gives kept under id for user_id as parts of LIMIT_BLOB_PART (inside the caller's transaction; a
 * part buffer from the arena): STORE_OK with *bytes, STORE_E_INVAL when src failed, else store_fail (blob.c) */
int store_blob_write(struct store *st, struct arena *a, const char *id, const char *user_id, store_blob_source src,
                     void *ctx, int64_t *bytes);
/* transactions through the driver (SQLite: BEGIN IMMEDIATE, waiting on the busy handler), queued on the
 * writer lock file for SQLite */
int store_begin(struct store *st);
int store_commit(struct store *st);
void store_rollback(struct store *st);
/* the end of a transaction whose work answered rc: committed when rc is STORE_OK, else rolled back; rc, or the commit's failure */
int store_end(struct store *st, int rc);
/* fn(st, arg) as one write transaction: begun, then committed when it answers STORE_OK, else rolled back; on
 * PostgreSQL a transaction that failed as retryable (40001, 40P01) is run again (fn must start afresh) */
int store_tx(struct store *st, int (*fn)(struct store *st, void *arg), void *arg);
/* a long delete as batches: fn(st, b) removes at most LIMIT_DELETE_BATCH items as one write transaction of its
 * own (store_tx; run again from the start when PostgreSQL retries it), those after b->after (a key; 0 at first),
 * and sets b->n to how many and b->next to where it ended; after each commit b->after = b->next. Run until a
 * batch removes none, the batch hook called after each that removed some. *total: the items removed (also when
 * a batch fails: those before it stay removed) */
struct store_batch { void *arg; int64_t after, next, n; };
int store_batches(struct store *st, int (*fn)(struct store *st, struct store_batch *b), void *arg, int64_t *total);
/* int64 column, 0 for NULL */
int64_t store_col_ms(struct db_stmt *s, int col);
/* binds an int64 or NULL when v == 0 */
int store_bind_ms(struct db_stmt *s, int idx, int64_t v);
/* binds ?1 the user and ?2 the id of a user-scoped statement; false (nothing bound) when either is NULL */
bool store_bind_owned(struct db_stmt *s, const char *user_id, const char *id);
/* binds text or NULL */
int store_bind_text(struct db_stmt *s, int idx, const char *v);
/* binds v[0..n) (each text or NULL) to ?first, ?first+1, … */
void store_bind_texts(struct db_stmt *s, int first, const char *const *v, int n);
/* registers the "larder" FTS5 tokenizer (one index partition per owner) and larder_rank() on a connection (fts.c) */
struct sqlite3;
int store_fts_register(struct sqlite3 *db);
/* a query string "\x01" OWNER STORE_FTS_RAW "\x01" TOKEN is that one token of the owner's, not analysed again
 * (search.c builds it from words.c's tokens of a user's word; fts.c reads it) */
#define STORE_FTS_RAW '\x03'
#endif
