/* store_int.h: private to src/store: the connection, the static statement table and row helpers. */
#ifndef LARDER_STORE_INT_H
#define LARDER_STORE_INT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "store/db.h"
#include "store/store.h"
#include "store/feeds_int.h"

/* every SQL statement the store runs, prepared once in store_open (SQL text in store.c); its name in
 * messages is the enum name in lower case (STMT_KEY_CREATE: key_create) */
#define STORE_STMTS(X) \
	X(USER_ADD) X(USER_GET) X(USER_BY_NAME) X(USER_SET_PASSWORD) X(KEY_CREATE) X(KEY_LOOKUP) X(KEY_TOUCH) \
	X(KEY_LIST) X(KEY_DELETE) X(SESSION_CREATE) X(SESSION_LOOKUP) X(SESSION_DELETE) \
	X(ITEM_BY_HASH) X(ITEM_BY_ID) X(ITEM_PAGE) X(ITEM_BY_SEQ) X(ITEM_INSERT) X(ITEM_RESAVE) X(ITEM_CONTENT) \
	X(ITEM_CONTENT_SET) X(ITEM_SEARCH_TEXT) X(ITEM_FILL) X(ITEM_FAIL) X(ITEM_ARCHIVE) X(ITEM_DELETE) \
	X(ITEM_UPDATE) X(ITEM_PROGRESS) X(ITEM_TOUCH) X(ITEM_SLUG_TAKEN) X(ITEM_LABELS) X(ITEM_LABEL_ADD) \
	X(ITEM_LABELS_CLEAR) X(ITEM_LABEL_COUNT) X(ITEM_SEARCH_LABELS) X(ITEM_HIGHLIGHTS) X(UPDATES_SINCE) X(UPDATES_SINCE_COUNT) \
	X(LABEL_LIST) X(LABEL_BY_ID) X(LABEL_BY_NAME) X(LABEL_INSERT) X(LABEL_UPDATE) X(LABEL_DELETE) \
	X(LABEL_TOUCH_ITEMS) X(HL_INSERT) X(HL_GET) X(HL_UPDATE) X(HL_DELETE) X(HL_LABELS) X(JOB_INSERT) \
	X(JOB_CLAIM) X(JOB_TURN) X(JOB_REQUEUE) X(JOB_QUEUE_REF) X(JOB_QUEUE_IMPORT) X(IMPORT_START) X(JOB_DONE) X(JOB_RETRY) X(JOB_CANCEL_ITEM) X(JOB_COUNT_READY) X(JOB_CLAIMABLE) \
	X(TRASH_TOMBSTONE) X(TRASH_PURGE) X(SESSION_EXTEND) X(SESSION_PURGE) X(LOGIN_FAIL) X(LOGIN_COUNT) \
	X(LOGIN_CLEAR) X(LOGIN_PURGE) X(SESSION_END_USER) X(LOGIN_FORGET) X(SETTING_GET) X(SETTING_ADD) \
	X(SAVETOKEN_SET) X(SAVETOKEN_GET) X(SAVETOKEN_TOUCH) X(SAVETOKEN_DELETE) \
	X(ITEM_HL_COUNT) X(HL_PAGE) X(HL_LABELS_CLEAR) X(HL_LABEL_ADD) X(ITEM_FOLDER) \
	X(BULK_ARCHIVE) X(BULK_DELETE) X(BULK_READ) X(TRASH_TOMBSTONE_USER) X(TRASH_EMPTY_USER) \
	X(TRASH_CUT_USER) X(TRASH_PURGE_CUT) X(USER_ITEMS_CUT) X(USER_ITEMS_DELETE) X(KEY_DELETE_USER) \
	X(FILTER_INSERT) X(FILTER_LIST) X(FILTER_UPDATE) X(FILTER_DELETE) X(FILTER_AFTER_POS) X(FILTER_SHIFT) \
	X(RECENT_ADD) X(RECENT_TRIM) X(RECENT_LIST) X(PROFILE_GET) X(PROFILE_SET) X(USER_UPDATE) X(USER_DELETE) \
	X(PERSONAL_GET) X(PERSONAL_SET) \
	STORE_IMPORT_STMTS(X) STORE_FEED_STMTS(X) \
	STORE_NL_STMTS(X) STORE_FILE_STMTS(X) X(USAGE_GET) X(USAGE_OF_ITEM) X(USAGE_IMPORTS)
/* the import's statements (import.c), SQL appended to store.c's table */
#define STORE_IMPORT_STMTS(X) \
	X(IMPORT_INSERT) X(IMPORT_UPDATE) X(IMPORT_JOB_PENDING) X(IMPORT_FETCH_HORIZON) X(IMPORT_HL_FIND) X(IMPORT_ID_TAKEN) \
	X(IMPORT_CREATE) X(IMPORT_GET) X(IMPORT_BY_UPLOAD) X(IMPORT_UPLOADED) X(IMPORT_FINISH)
/* each user's next job at ?1 (c.id: due, of priority ?6 at most, the interactive ones first, then the oldest; a
 * running job's run_after
 * is its lease's end, a failed one's NULL), for the users with fewer than ?3 jobs running under a live lease
 * (?3 <= 0: no such cap), with their turn (c.turn: whose work was claimed least recently). One index probe of
 * jobs_turn and one of jobs_running per user who ever had work: never a scan of the queue. k.run_after is tested
 * again on the job's own row: on PostgreSQL a claim that took the row lock after another claim committed re-reads
 * only k's conditions, and a job just claimed holds its lease's end there, so it is not taken twice. */
#define JOB_NEXT_PER_USER \
	" FROM (SELECT t.user_id AS uid, t.turn AS turn, (SELECT j.id FROM jobs j WHERE j.user_id = t.user_id" \
	"  AND j.priority <= ?6 AND j.run_after <= ?1 ORDER BY j.priority, j.run_after, j.id LIMIT 1) AS id" \
	"  FROM work_turns t" \
	"  WHERE ?3 <= 0 OR (SELECT count(*) FROM jobs r WHERE r.user_id = t.user_id AND r.status = 'running'" \
	"  AND r.run_after > ?1) < ?3) c JOIN jobs k ON k.id = c.id AND k.run_after <= ?1"
/* the job the claim takes: an interactive one before bulk work, then the user whose turn came least recently */
#define JOB_CLAIM_ORDER " ORDER BY k.priority, c.turn, k.run_after, k.id LIMIT 1"
/* newsletters' statements (newsletter.c), SQL appended to store.c's table */
#define STORE_NL_STMTS(X) \
	X(NL_EMAIL_CREATE) X(NL_EMAIL_COUNT) X(NL_EMAIL_LIST) X(NL_EMAIL_DELETE) X(NL_EMAIL_BY_LOCAL) X(NL_EMAIL_CODE) \
	X(NL_RECEIVED_ADD) X(NL_RECEIVED_LIST) X(NL_SUB_UPSERT) X(NL_SUB_LIST) X(NL_ITEM_MARK) X(NL_RECEIVED_GET) \
	X(NL_RECEIVED_ITEM)
/* the files' statements (file.c), SQL appended to store.c's table */
#define STORE_FILE_STMTS(X) \
	X(FILE_ITEM_INSERT) X(FILE_CREATE) X(FILE_BY_UPLOAD) X(FILE_UPLOADED) X(FILE_GET) X(FILE_BY_ITEM) \
	X(FILE_ITEM_TYPE) X(FILE_ATTACH) X(FILE_ITEM_ID_TAKEN) X(FILE_KNOWN) X(FILE_ORPHANS)
#define STORE_FILE_ROW(F, X, p) \
	F(p, TEXT, id, id) X(p, TEXT, user_id, user_id) X(p, TEXT, item_id, item_id) X(p, TEXT, file_name, file_name) \
	X(p, TEXT, content_type, content_type) X(p, TEXT, url, url) X(p, I64, size, size) X(p, TEXT, sha256, sha256) \
	X(p, TEXT, path, path) X(p, TEXT, status, status) X(p, I64, created_at, created_ms) \
	X(p, I64, updated_at, updated_ms)
#define STORE_STMT_ENUM(n) STMT_##n,
enum stmt { STORE_STMTS(STORE_STMT_ENUM) STMT__MAX };

/* statements built per request (search): a few kept prepared, keyed by their SQL text (search.c) */
#define STORE_DYN_CACHE 16
struct store_dyn { char *sql; struct db_stmt *s; unsigned long used; };

struct store {
	struct db *db;               /* the driver's connection (db.h) */
	int lock_fd;                 /* DB-writer.lock: writers queue on it in the kernel (-1: none) */
	bool locked;
	bool busy;                   /* the last failure was retryable (DB_E_BUSY): store_tx runs the transaction again */
	struct db_stmt *stmt[STMT__MAX];
	char errmsg[256];
	struct store_limits lim;     /* store_set_limits */
	void (*batch_hook)(void *arg, int64_t done); /* store_set_batch_hook */
	void *batch_arg;
	struct store_dyn dyn[STORE_DYN_CACHE];
	unsigned long dyn_clock;
	/* the running search's time budget (search.c): deadline on the monotonic clock, and whether it was hit */
	struct { int64_t deadline_ms, time_ms; bool hit; } budget;
};

/* the statements' SQL in the portable dialect, indexed by enum stmt (store.c), and PostgreSQL's text where it
 * differs (store_pg_sql.c, NULL elsewhere): the rule is in src/store/README.md */
extern const char *const store_stmt_sql[STMT__MAX];
extern const char *const store_pg_sql[STMT__MAX];
/* a statement's name for a message: its enum name in lower case */
const char *store_stmt_name(int i, char buf[40]);

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
#define STORE_IMPORT_ROW(F, X, p) \
	F(p, TEXT, id, id) X(p, TEXT, user_id, user_id) X(p, TEXT, format, format) X(p, TEXT, path, path) \
	X(p, TEXT, status, status) X(p, TEXT, report, report) X(p, I64, added, added) X(p, I64, updated, updated) \
	X(p, I64, unchanged, unchanged) X(p, I64, failed, failed) X(p, I64, created_at, created_ms) \
	X(p, I64, finished_at, finished_ms)
#define STORE_JOB_ROW(F, X, p) F(p, I64, id, id) X(p, I64, item_seq, item_seq) X(p, INT, attempts, attempts)
/* a claimed job of any kind: the fetch job's columns first (store_job_claim reads those alone) */
#define STORE_WORK_ROW(F, X, p) STORE_JOB_ROW(F, X, p) X(p, TEXT, kind, kind) X(p, TEXT, user_id, user_id) \
	X(p, TEXT, ref, ref) X(p, I64, priority, priority)
#define STORE_FILTER_ROW(F, X, p) \
	F(p, TEXT, id, id) X(p, TEXT, user_id, user_id) X(p, TEXT, name, name) X(p, TEXT, filter, filter) \
	X(p, TEXT, folder, folder) X(p, TEXT, category, category) X(p, TEXT, description, description) \
	X(p, I64, position, position) X(p, I64, created_at, created_ms) X(p, I64, updated_at, updated_ms) \
	X(p, INT, visible, visible)
#define STORE_RECENT_ROW(F, X, p) F(p, TEXT, id, id) X(p, TEXT, term, term) X(p, I64, created_at, created_ms)

#define STORE_NL_EMAIL_ROW(F, X, p) \
	F(p, TEXT, id, id) X(p, TEXT, user_id, user_id) X(p, TEXT, local_part, local_part) X(p, TEXT, address, address) \
	X(p, TEXT, name, name) X(p, TEXT, description, description) X(p, TEXT, folder, folder) \
	X(p, TEXT, confirmation_code, confirmation_code) X(p, I64, created_at, created_ms)
#define STORE_RECEIVED_ROW(F, X, p) \
	F(p, TEXT, id, id) X(p, TEXT, user_id, user_id) X(p, TEXT, newsletter_email_id, newsletter_email_id) \
	X(p, TEXT, from_address, from) X(p, TEXT, to_address, to) X(p, TEXT, subject, subject) X(p, TEXT, text, text) \
	X(p, TEXT, html, html) X(p, TEXT, type, type) X(p, TEXT, reply, reply) X(p, TEXT, reply_to, reply_to) \
	X(p, TEXT, message_id, message_id) X(p, TEXT, item_id, item_id) X(p, I64, created_at, created_ms)

/* the SQL column list of a ROW, each column prefixed with p (a table alias such as "u." or "") */
#define STORE_SQL_COL1(p, kind, col, field) p #col
#define STORE_SQL_COLN(p, kind, col, field) ", " p #col
#define STORE_COLS(ROW, p) ROW(STORE_SQL_COL1, STORE_SQL_COLN, p)
/* how many columns a ROW has (a constant expression) */
#define STORE_COL_ONE(p, kind, col, field) + 1
#define STORE_NCOLS(ROW) (0 ROW(STORE_COL_ONE, STORE_COL_ONE, ))

#define STORE_USER_COLS(p) STORE_COLS(STORE_USER_ROW, p)
#define STORE_USER_NCOLS STORE_NCOLS(STORE_USER_ROW)
#define STORE_KEY_COLS(p) STORE_COLS(STORE_KEY_ROW, p)
#define STORE_KEY_NCOLS STORE_NCOLS(STORE_KEY_ROW)
#define STORE_ITEM_COLS(p) STORE_COLS(STORE_ITEM_ROW, p)
#define STORE_LABEL_COLS(p) STORE_COLS(STORE_LABEL_ROW, p)
#define STORE_LABEL_NCOLS STORE_NCOLS(STORE_LABEL_ROW)
#define STORE_HL_COLS(p) STORE_COLS(STORE_HL_ROW, p)
#define STORE_HL_NCOLS STORE_NCOLS(STORE_HL_ROW)
#define STORE_JOB_COLS(p) STORE_COLS(STORE_JOB_ROW, p)
#define STORE_FILTER_COLS(p) STORE_COLS(STORE_FILTER_ROW, p)
#define STORE_RECENT_COLS(p) STORE_COLS(STORE_RECENT_ROW, p)

/* what the generic reader needs of one column: how to read it and where in the struct it goes */
enum store_col_kind { STORE_COL_TEXT, STORE_COL_I64, STORE_COL_INT, STORE_COL_REAL, STORE_COL_I64_OPT, STORE_COL_REAL_OPT };
struct store_col { enum store_col_kind kind; size_t off; };
#define STORE_COL_DESC(type, kind, col, field) { STORE_COL_##kind, offsetof(type, field) },
#define STORE_ROW_DESC(ROW, type) { ROW(STORE_COL_DESC, STORE_COL_DESC, type) }

/* one entity's reader: its columns, the size of its struct, and what it is called in messages ("a user") */
struct store_row { const struct store_col *cols; size_t ncols, size; const char *what; };
extern const struct store_row store_rowdef_user, store_rowdef_key, store_rowdef_item, store_rowdef_label,
	store_rowdef_highlight, store_rowdef_job;

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

/* maps a driver's failure (enum db_rc) to a store_err and records the message */
int store_fail(struct store *st, int db_rc, const char *what);
/* resets and clears the bindings of a statement after use */
void store_done(struct db_stmt *s);
/* steps a bound one-shot statement and resets it: STORE_OK when it ran to the end, else store_fail(what) */
int store_step_done(struct store *st, struct db_stmt *s, const char *what);
/* runs one-shot statement which with ?1 = v1 (and ?2 = v2) bound (store_step_done) */
int store_run(struct store *st, enum stmt which, int64_t v1, const char *what);
int store_run2(struct store *st, enum stmt which, int64_t v1, int64_t v2, const char *what);
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
int store_row_label(struct store *st, struct arena *a, struct db_stmt *s, int col, struct store_label *l);
int store_row_highlight(struct store *st, struct arena *a, struct db_stmt *s, int col, struct store_highlight *h);
int store_row_job(struct store *st, struct arena *a, struct db_stmt *s, int col, struct store_job *j);
/* every row of a statement selecting STORE_LABEL_COLS into an arena array (resets the statement) */
int store_labels_collect(struct store *st, struct arena *a, struct db_stmt *s, struct store_label **out, size_t *n);
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
/* a user's reader settings (personalization.c) */
#define STORE_PERSONAL_ROW(F, X, p) \
	F(p, TEXT, theme, theme) X(p, I64_OPT, font_size, font_size) X(p, TEXT, font_family, font_family) \
	X(p, I64_OPT, margin, margin) X(p, TEXT, library_layout_type, layout) X(p, TEXT, library_sort_order, sort_order) \
	X(p, TEXT, speech_voice, speech_voice) X(p, TEXT, speech_secondary_voice, speech_secondary_voice) \
	X(p, TEXT, speech_rate, speech_rate) X(p, TEXT, speech_volume, speech_volume) X(p, TEXT, fields, fields_json) \
	X(p, TEXT, digest_channels, digest_json) X(p, I64, updated_at, updated_ms)
#define STORE_PERSONAL_COLS(p) STORE_COLS(STORE_PERSONAL_ROW, p)
#endif
