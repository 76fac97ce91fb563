/* store.h: the persistence API (users, API keys, sessions, library items, labels, highlights, jobs); SQLite behind it, no database types in here. */
#ifndef LARDER_STORE_H
#define LARDER_STORE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct arena;

/* "never" expiry of keys and sessions (JavaScript's max Date) */
#define STORE_NEVER_MS INT64_C(8640000000000000)

enum store_err { STORE_OK = 0, STORE_E_NOTFOUND = -1, STORE_E_EXISTS = -2, STORE_E_DB = -3,
                 STORE_E_SCHEMA_OLD = -4, STORE_E_SCHEMA_NEW = -5, STORE_E_INVAL = -6,
                 STORE_E_LIMIT = -7,     /* a count limit (struct store_limits) would be exceeded: nothing written;
                                            store_errmsg names the limit */
                 STORE_E_NOMEM = -8,     /* the caller's arena ran out while rows were read (a request's memory,
                                            LIMIT_GQL_REQUEST_ARENA): nothing is wrong with the database */
                 STORE_E__MIN = -9 };
const char *store_strerror(int rc);
struct store;

/* the count limits the store enforces inside its write transactions, named like the larder.conf keys
 * that set them (store_errmsg says "… (KEY in larder.conf)"); store_open sets the util/limits.h defaults */
struct store_limits {
	uint32_t labels_per_user;      /* labels one user may have (LIMIT_LABELS_PER_USER) */
	uint32_t labels_per_item;      /* labels on one item (LIMIT_LABELS_PER_ITEM) */
	uint32_t highlights_per_item;  /* highlights on one item (LIMIT_HIGHLIGHTS_PER_ITEM) */
	uint32_t items_per_user;       /* items one user may have, the trash included (LIMIT_ITEMS_PER_USER) */
	uint64_t bytes_per_user;       /* bytes of one user's articles and kept files (LIMIT_BYTES_PER_USER) */
};
/* zero fields keep the store's current value */
void store_set_limits(struct store *st, const struct store_limits *lim);
/* the last database-level message of this connection (for logs), never NULL */
const char *store_errmsg(const struct store *st);
/* opens an existing database and checks its schema version (old -> STORE_E_SCHEMA_OLD, "run larder init";
 * a missing file is STORE_E_SCHEMA_OLD too, "database PATH not initialised: run larder init");
 * prepares the static statement table (refuses on failure). err gets a one-line message. */
int store_open(const char *path, struct store **out, char *err, size_t errlen);
/* creates the file if needed and applies pending migrations (db/NNN_*.sql compiled in), then indexes for search
 * the rows an upgrade left waiting (store_search_reindex, with progress; may be NULL); used by `larder init` */
int store_init(const char *path, char *err, size_t errlen);
int store_init_progress(const char *path, void (*progress)(void *arg, int64_t done, int64_t total), void *arg,
                        char *err, size_t errlen);
/* the health endpoint's and `larder status`'s view (status.c): the database answers, its schema against this
 * program's, and when the worker last noted itself (store_worker_seen; -1: never) */
struct store_health { bool reachable; int schema, schema_want; int64_t worker_seen_ms; };
int store_health(struct store *st, struct store_health *h);
/* the worker notes that it runs (a setting, written at most every few seconds by larder worker) */
int store_worker_seen(struct store *st, int64_t now_ms);
#define STORE_STATUS_QUEUE_MAX 32
struct store_queue_row { char kind[16], status[16]; int64_t count, oldest_ms; };
/* `larder status`: the queue by kind and status with each group's oldest job, the feeds (and those whose last
 * polls failed), and a PostgreSQL database's size (-1 on SQLite: the caller stats the file) */
struct store_status {
	struct store_health health;
	struct store_queue_row queue[STORE_STATUS_QUEUE_MAX];
	int nqueue;
	int64_t feeds, feeds_failing, db_bytes;
};
int store_status(struct store *st, struct store_status *out);
/* larder backup / restore (backup.c): an online, consistent copy of the SQLite library at target into the new file
 * dest (VACUUM INTO); 0, or -1 with err set */
int store_backup_sqlite(const char *target, const char *dest, char *err, size_t errlen);
/* what a check of a SQLite copy found: its schema version and row counts */
struct store_verified { int version; int64_t users, items, highlights, files,
                        files_in_db; /* of the files, those kept in the database (file_blobs; files_store) */ };
/* path passes SQLite's integrity check and is a larder database: 0 with *v filled, or -1 with err set */
int store_verify_sqlite(const char *path, struct store_verified *v, char *err, size_t errlen);
/* the pid of a program that has the SQLite library at target open (1 when its pid is unknown), or 0 */
long store_sqlite_user(const char *target);
/* A SQLite target's files can be written by this process: the database, its folder (SQLite makes -wal and -shm
 * there) and the -wal and -shm files when they exist. 0, or -1 with err saying which file, its mode and owner,
 * and what to fix (a -shm left read-only: SQLite gives new -wal and -shm files the database's mode, so a
 * database once made read-only leaves them so). A PostgreSQL URL: 0 (the server answers for itself). */
int store_check_writable(const char *target, char *err, size_t errlen);
void store_close(struct store *st);
/* store_copy (`larder migrate-store`): every table of the library at `from` copied to `to` (a SQLite file or a
 * postgresql:// URL each; the target's schema made first as store_init makes it), in one transaction on the
 * target, which must hold no users unless force (its rows are then replaced). Ids, key and session hashes
 * and identity sequences carry over; the target's search index is rebuilt. report (may be NULL) is told each
 * table's rows on both sides at the end; a difference fails the copy. err gets a one-line message. */
typedef void (*store_copy_report)(void *arg, const char *table, int64_t from_rows, int64_t to_rows);
int store_copy(const char *from, const char *to, bool force, store_copy_report report, void *arg,
               char *err, size_t errlen);
/* the schema version compiled in (number of migrations) */
int store_schema_version(void);

struct store_user { const char *id, *username, *name, *email, *password_hash; int64_t created_ms; };
/* username: 1-64 of [A-Za-z0-9_.-] (unique, case-insensitive); name NULL/"" = the username; email NULL = none
 * (else must hold an '@'; unique, case-insensitive); password_hash NULL = no password login. INVAL on bad input */
int store_user_add(struct store *st, struct arena *a, const char *username, const char *name,
                   const char *email, const char *password_hash, struct store_user *out); /* EXISTS on dup username/email */
/* as store_user_add, but only while no account exists at all (the first-run page): EXISTS once one does, so of
 * two first accounts asked for at once, one is made */
int store_user_add_first(struct store *st, struct arena *a, const char *username, const char *name,
                         const char *email, const char *password_hash, struct store_user *out);
/* STORE_OK when at least one account exists, STORE_E_NOTFOUND when none does */
int store_user_any(struct store *st);
int store_user_get(struct store *st, struct arena *a, const char *id, struct store_user *out);
int store_user_by_name(struct store *st, struct arena *a, const char *username_or_email, struct store_user *out);
/* sets (NULL: removes) the password and, in the same transaction, ends every login session of the user;
 * API keys stay. NOTFOUND when there is no such user */
int store_user_set_password(struct store *st, const char *user_id, const char *password_hash);

struct store_apikey { const char *id, *user_id, *name, *scopes_json; int64_t created_ms, expires_ms, used_ms; /* used_ms 0 = never */ };
/* key_hash = hex SHA-256 of the key value. EXISTS when the user already has a key with that name */
int store_apikey_create(struct store *st, struct arena *a, const char *user_id, const char *name,
                        const char *key_hash, const char *scopes_json, int64_t expires_ms, struct store_apikey *out);
/* the key with this hash and its owner (either out pointer may be NULL); NOTFOUND when none (revoked keys
 * are deleted rows). Expiry is NOT checked here: the caller compares expires_ms with now. */
int store_apikey_lookup(struct store *st, struct arena *a, const char *key_hash,
                        struct store_apikey *key, struct store_user *owner);
/* sets used_ms = now unless the stored used_ms is within interval_ms of now (then no write); STORE_OK either way */
int store_apikey_touch(struct store *st, const char *key_id, int64_t now_ms, int64_t interval_ms);
/* the user's keys ordered by used desc (never-used last), then created desc, then newest made first (a tie within one millisecond) */
int store_apikey_list(struct store *st, struct arena *a, const char *user_id, struct store_apikey **out, size_t *n);
/* deletes the key if it belongs to user_id (NULL = any user, for the admin CLI); *out = the deleted row */
int store_apikey_delete(struct store *st, struct arena *a, const char *user_id, const char *key_id, struct store_apikey *out);

/* login sessions (the `auth` cookie of the browser pages) */
int store_session_create(struct store *st, const char *user_id, const char *token_hash, int64_t expires_ms);
/* NOTFOUND when unknown or expired (expires_ms <= now_ms) */
int store_session_lookup(struct store *st, struct arena *a, const char *token_hash, int64_t now_ms, struct store_user *owner, int64_t *expires_ms);
int store_session_delete(struct store *st, const char *token_hash);
/* sliding expiry: the session now lasts until expires_ms */
int store_session_extend(struct store *st, const char *token_hash, int64_t expires_ms, int64_t now_ms);
/* forget sessions that expired by now_ms (old login failures go at each attempt: store_login_attempt) */
int store_session_purge(struct store *st, int64_t now_ms);
/* store_session_create with where the session was made: kind "app" (an app's sign-in) or anything else for
 * "browser"; agent a coarse name of the client ("Firefox on Linux"), NULL when unknown. The session gets a
 * random public id (32 hex digits), unrelated to its token */
int store_session_create_from(struct store *st, const char *user_id, const char *token_hash, int64_t expires_ms,
                              const char *kind, const char *agent);
/* store_session_lookup that also gives when the session was last noted as used (last_ms may be NULL) */
int store_session_find(struct store *st, struct arena *a, const char *token_hash, int64_t now_ms,
                       struct store_user *owner, int64_t *expires_ms, int64_t *last_ms);
/* notes the session as used at now_ms (the caller writes only when the last note is old) */
int store_session_touch(struct store *st, const char *token_hash, int64_t now_ms);
/* notes that the browser extension used the session, unless it was noted within interval_ms */
int store_session_extension_seen(struct store *st, const char *token_hash, int64_t now_ms, int64_t interval_ms);
/* a live session as its owner's sessions page shows it: never its token or the token's hash */
struct store_session {
	const char *id, *kind, *agent;                   /* kind "browser" or "app"; agent NULL: unknown */
	int64_t created_ms, last_ms, expires_ms, extension_ms;  /* extension_ms 0: the extension never used it */
	int current;                                     /* 1: the session the listing request came with */
};
/* the user's live sessions at now_ms, last used first (at most LIMIT_SESSIONS_LISTED); current marks the one
 * whose token hashes to current_hash (NULL: none) */
int store_session_list(struct store *st, struct arena *a, const char *user_id, const char *current_hash,
                       int64_t now_ms, struct store_session **out, size_t *n);
/* ends the session with public id `id` if it is user_id's: OK, or NOTFOUND (no such session of this user) */
int store_session_revoke(struct store *st, const char *user_id, const char *id);
/* ends every session of user_id but the one whose token hashes to keep_hash (NULL: all); *ended = how many */
int store_session_revoke_others(struct store *st, const char *user_id, const char *keep_hash, int64_t *ended);

/* failed logins (login.c), counted per throttle key (an account from an address, an address; the web
 * layer makes the keys and sets the waits) */
/* how long an attempt must still wait (0: not at all), given the i-th key's count of failures and latest one */
typedef int64_t store_login_wait_fn(void *ctx, size_t i, int64_t count, int64_t last_ms);
/* a login attempt, in one transaction so that parallel attempts cannot all pass one check: forgets every
 * failure at or before forget_before_ms, sets *wait to the longest wait_ms over the n keys, and when that is
 * 0 records the attempt at now_ms as a failure of every key (store_login_forget / store_login_clear take
 * it back when the password was right) */
int store_login_attempt(struct store *st, const char *const *keys, size_t n, int64_t now_ms, int64_t forget_before_ms,
                        store_login_wait_fn *wait_ms, void *ctx, int64_t *wait);
/* failures of key after since_ms, and when the latest of them happened (0: none) */
int store_login_failures(struct store *st, const char *key, int64_t since_ms, int64_t *count, int64_t *last_ms);
/* forgets one failure of key recorded at at_ms; store_login_clear forgets all of them */
int store_login_forget(struct store *st, const char *key, int64_t at_ms);
int store_login_clear(struct store *st, const char *key);
/* ---- a user's usage against the per-user quotas (usage.c; kept by db/018_usage.sql's triggers) ---- */
struct store_usage {
	int64_t items;            /* items, the trash included */
	int64_t bytes;            /* bytes of articles' HTML and of kept files */
	int64_t imports_pending;  /* imports waiting for their upload, queued or running */
};
int store_usage_get(struct store *st, const char *user_id, struct store_usage *out);
/* inside a save's transaction: LIMIT, nothing written and store_errmsg naming the key, when user_id has
 * items_per_user items already (store_item_save, store_import_item, store_file_create check it before a new item) */
int store_quota_item(struct store *st, const char *user_id);
/* LIMIT when add more bytes would take the user of the item at seq past bytes_per_user (store_item_fill_row
 * checks it before storing content); store_quota_bytes_user the same by user id */
int store_quota_bytes_item(struct store *st, int64_t seq, int64_t add);
int store_quota_bytes_user(struct store *st, const char *user_id, int64_t add);

/* ---- library items (item.c) ---- */

/* the item as stored (times in ms, 0 = not set); content is loaded separately (store_item_content) */
struct store_item {
	int64_t seq;                 /* internal row number: stable tie-breaker, full-text key */
	const char *id, *user_id, *client_request_id, *url, *slug, *title, *author, *description,
	           *site_name, *site_icon, *image, *language, *dir, *page_type,
	           *state,               /* PROCESSING, SUCCEEDED, FAILED, CONTENT_NOT_FETCHED */
	           *want_state, *fail_reason, *folder, *source;
	int64_t words_count;         /* -1 = unknown */
	double progress, progress_top; /* progress_top < 0: not set */
	int64_t progress_anchor;
	int64_t saved_ms, created_ms, updated_ms, published_ms, read_ms, archived_ms, deleted_ms;
};

struct store_label {
	const char *id, *user_id, *name, *color, *description, *source;
	int64_t position, created_ms, updated_ms;
	int internal;
};

struct store_highlight {
	const char *id, *short_id, *user_id, *item_id, *type, *quote, *prefix, *suffix, *patch, *annotation,
	           *html, *color, *representation;
	double position_percent;
	int64_t position_anchor, created_ms, updated_ms, shared_ms;
	int64_t item_seq;
};
/* the extracted article a fetch (or savePage) stores into an item */
struct store_article {
	const char *title, *author, *description, *site_name, *site_icon, *image, *language, *dir;
	const char *content;         /* sanitized HTML */
	const char *text;            /* plain text for the full-text index */
	const char *final_url;       /* normalised URL after redirects / canonical link, or NULL */
	int64_t words_count;         /* -1 unknown */
	int64_t published_ms;        /* 0 unknown */
};

/* what saveUrl / savePage ask for */
struct store_save {
	const char *user_id;
	const char *item_id;           /* UUID for a new item (NULL, or taken: a fresh one) */
	const char *client_request_id; /* a non-UUID lookup key, or NULL */
	const char *url;               /* normalised URL (the de-duplication key) */
	const char *title;             /* NULL: the URL */
	const char *description;       /* NULL: none until a fetch gives one (a feed entry's summary) */
	const char *slug_text;         /* text the slug is made from (NULL: title) */
	const char *source, *folder;   /* NULL: "api", "inbox" */
	const char *want_state;        /* state after the fetch: NULL/"SUCCEEDED" or "ARCHIVED" */
	int64_t saved_ms, published_ms;/* 0: now / unknown */
	const char *const *labels;     /* label names, created when missing */
	size_t nlabels;
	const struct store_article *article; /* savePage: the content now; NULL: queue a fetch job */
};
/* Saves in one transaction (committed on return): a new item, or the user's existing item for the
 * URL (saved time bumped, restored from the trash, labels merged, a fresh fetch queued). *existed
 * tells which. out gets the item as stored. INVAL for a label name that is empty or too long; LIMIT
 * (nothing saved) when a new label would pass labels_per_user or the item's labels labels_per_item. */
int store_item_save(struct store *st, struct arena *a, const struct store_save *in, struct store_item *out,
                    bool *existed);
/* the user's item by id, slug or client request id; NOTFOUND */
int store_item_get(struct store *st, struct arena *a, const char *user_id, const char *key, struct store_item *out);
/* the user's item for a normalised URL; NOTFOUND */
int store_item_by_url(struct store *st, struct arena *a, const char *user_id, const char *url, struct store_item *out);
int store_item_by_seq(struct store *st, struct arena *a, int64_t seq, struct store_item *out);
/* the stored HTML (*html NULL when none yet) */
int store_item_content(struct store *st, struct arena *a, int64_t seq, const char **html);
int store_item_labels(struct store *st, struct arena *a, int64_t seq, struct store_label **out, size_t *n);
int store_item_highlights(struct store *st, struct arena *a, int64_t seq, struct store_highlight **out, size_t *n);
/* a fetch's result: metadata, content and index text, state SUCCEEDED (and ARCHIVED when asked at save) */
int store_item_fill(struct store *st, int64_t seq, const struct store_article *art);
/* state FAILED or CONTENT_NOT_FETCHED with its reason */
int store_item_fail(struct store *st, int64_t seq, const char *state, const char *reason);
/* archive (archived_ms = now) or unarchive (0); NOTFOUND */
int store_item_set_archived(struct store *st, struct arena *a, const char *user_id, const char *id, bool archived,
                            struct store_item *out);
/* move to the trash (deleted_ms = now; an item already in the trash keeps its time); NOTFOUND */
int store_item_delete(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_item *out);
/* an item out of the trash, archived or not as it was */
int store_item_restore(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_item *out);
/* updatePage: NULL / 0 fields are left as they are */
struct store_item_patch { const char *title, *description, *author, *image; int64_t saved_ms, published_ms; };
int store_item_update(struct store *st, struct arena *a, const char *user_id, const char *id,
                      const struct store_item_patch *p, struct store_item *out);
/* reading progress 0-100; anchor < 0 and top < 0 leave those as they are; read time = now */
int store_item_set_progress(struct store *st, struct arena *a, const char *user_id, const char *id, double percent,
                            int64_t anchor, double top, struct store_item *out);
/* a label given to store_item_set_labels: an existing label's id, or (id NULL) a name, the user's label
 * of that name, created (with color, NULL: picked from the name) when missing */
struct store_label_ref { const char *id, *name, *color; };
/* replace the item's labels by these, in one transaction: NOTFOUND (nothing written) for an unknown item or a
 * label id that is not the user's, INVAL for a bad name, LIMIT for labels_per_user / labels_per_item */
int store_item_set_labels(struct store *st, struct arena *a, const char *user_id, const char *id,
                          const struct store_label_ref *labels, size_t n, struct store_label **out, size_t *nout);

/* removes for good the items in the trash since before older_than_ms (their content, labels and
 * highlights with them), leaving a tombstone each so updatesSince still reports them DELETED;
 * *purged gets how many */
int store_trash_purge(struct store *st, int64_t older_than_ms, int64_t *purged);

/* updatesSince: items changed after since_ms (not processing, deleted ones included) and tombstones */
struct store_update { const char *item_id; int64_t seq; /* 0: a tombstone */ int64_t time_ms; };
int store_updates_since(struct store *st, struct arena *a, const char *user_id, int64_t since_ms, const char *folder,
                        bool descending, int64_t offset, int64_t limit, struct store_update **out, size_t *n);
int store_updates_since_count(struct store *st, const char *user_id, int64_t since_ms, const char *folder, int64_t *count);

/* ---- labels (label.c) ---- */
int store_label_list(struct store *st, struct arena *a, const char *user_id, struct store_label **out, size_t *n);
int store_label_get(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_label *out);
/* EXISTS when the user has a label of that name (case-insensitive); color NULL: one picked from the name;
 * LIMIT when the user has labels_per_user labels already */
int store_label_create(struct store *st, struct arena *a, const char *user_id, const char *name, const char *color,
                       const char *description, struct store_label *out);
int store_label_update(struct store *st, struct arena *a, const char *user_id, const char *id, const char *name,
                       const char *color, const char *description, struct store_label *out);
int store_label_delete(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_label *out);
/* the label of that name, created when missing (inside the caller's transaction or its own) */
int store_label_ensure(struct store *st, struct arena *a, const char *user_id, const char *name, const char *color,
                       struct store_label *out);

/* ---- highlights (highlight.c) ---- */
/* in: every field as given (id NULL: a fresh UUID; short_id NULL: derived); item_id names the user's item
 * (NOTFOUND); LIMIT when the item has highlights_per_item highlights already */
int store_highlight_create(struct store *st, struct arena *a, const char *user_id, const struct store_highlight *in,
                           struct store_highlight *out);
int store_highlight_get(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_highlight *out);
/* NULL fields are left as they are */
int store_highlight_update(struct store *st, struct arena *a, const char *user_id, const char *id,
                           const char *annotation, const char *quote, const char *html, const char *color,
                           int64_t shared_ms, struct store_highlight *out);
int store_highlight_delete(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_highlight *out);
int store_highlight_labels(struct store *st, struct arena *a, const char *highlight_id, struct store_label **out, size_t *n);

/* ---- several items or highlights at once, and the calls built on them (bulk.c) ---- */
/* how many highlights the item at seq has */
int store_item_highlight_count(struct store *st, int64_t seq, int64_t *n);
/* a page of the user's highlights on items not in the trash, most recently changed first; *has_next tells
 * whether more follow. words (NULL, or STORE_HL_WORDS strings, NULL or "" for none): lower-case words that each
 * listed highlight's quote, note or item title holds */
#define STORE_HL_WORDS 4
int store_highlights_page(struct store *st, struct arena *a, const char *user_id, const char *const *words,
                          int64_t offset, int64_t limit, struct store_highlight **out, size_t *n, bool *has_next);
/* one transaction: deletes the user's highlights named in overlap (NOTFOUND, nothing written, when one is not the
 * user's) and creates `in` in their place (store_highlight_create's codes), with their labels, and, when
 * in->annotation is NULL, their notes joined by line breaks */
int store_highlight_merge(struct store *st, struct arena *a, const char *user_id, const struct store_highlight *in,
                          const char *const *overlap, size_t n, struct store_highlight *out);
/* replace the highlight's labels (store_item_set_labels' rules and codes; labels_per_item applies) */
int store_highlight_set_labels(struct store *st, struct arena *a, const char *user_id, const char *id,
                               const struct store_label_ref *labels, size_t n, struct store_label **out,
                               size_t *nout);
/* gives the user's item the label of that name, created (with color) when missing; an item that has it
 * already is left as it is. NOTFOUND, INVAL, LIMIT as store_item_set_labels */
int store_item_add_label(struct store *st, struct arena *a, const char *user_id, const char *id, const char *name,
                         const char *color, struct store_item *out);
/* moves the user's item to folder (into "inbox": saved again now); EXISTS when it is there already, NOTFOUND */
int store_item_set_folder(struct store *st, struct arena *a, const char *user_id, const char *id, const char *folder,
                          struct store_item *out);
/* what store_bulk_apply does to each item */
enum store_bulk_action { STORE_BULK_ARCHIVE, STORE_BULK_DELETE, STORE_BULK_READ, STORE_BULK_SEEN, STORE_BULK_FOLDER,
                         STORE_BULK_LABELS };
struct store_bulk {
	enum store_bulk_action action;
	const char *folder;            /* STORE_BULK_FOLDER */
	const char *const *label_ids;  /* STORE_BULK_LABELS: labels of the user's added to each item */
	size_t nlabels;
};
/* one transaction over the n items at seqs (the user's, as a search found them): NOTFOUND (nothing written)
 * for a label id that is not the user's, LIMIT for labels_per_item */
int store_bulk_apply(struct store *st, struct arena *a, const char *user_id, const struct store_bulk *b, const int64_t *seqs, size_t n);
/* removes for good every item of the user's in the trash (a tombstone each, as store_trash_purge) */
int store_trash_empty(struct store *st, const char *user_id, int64_t *purged);
/* Long deletes (store_trash_empty, store_trash_purge, store_user_delete) remove LIMIT_DELETE_BATCH items per
 * transaction, so other writers get in between; fn(arg, done) is called after each batch commits, with the
 * items removed so far (a progress report; the tests take the write lock there). NULL: none. */
void store_set_batch_hook(struct store *st, void (*fn)(void *arg, int64_t done), void *arg);

/* ---- settings (setting.c) ---- */
/* a server secret of 64 hex digits by name, made from random bytes the first time it is asked for */
int store_secret(struct store *st, const char *name, char out[65]);

/* ---- the bookmarklet's save token (savetoken.c): one per user, kept only as its SHA-256 hex ---- */
struct store_savetoken { char hash[65]; int64_t created_ms, used_ms; /* used_ms 0 = never */ };
/* the user's token becomes token_hash (any older one stops working) */
int store_savetoken_set(struct store *st, const char *user_id, const char *token_hash, int64_t now_ms);
/* the user's token; STORE_E_NOTFOUND when there is none */
int store_savetoken_get(struct store *st, const char *user_id, struct store_savetoken *out);
int store_savetoken_touch(struct store *st, const char *user_id, int64_t now_ms);
/* revoke it; STORE_E_NOTFOUND when there was none */
int store_savetoken_delete(struct store *st, const char *user_id);

/* ---- items' public share links (share.c): at most one per item, kept only as its token's SHA-256 hex ---- */
/* the item's link becomes token_hash (any older one stops working) */
int store_share_set(struct store *st, int64_t item_seq, const char *token_hash, int64_t now_ms);
/* when the item's link was made; STORE_E_NOTFOUND when it has none */
int store_share_get(struct store *st, int64_t item_seq, int64_t *created_ms);
/* revoke it; STORE_E_NOTFOUND when there was none */
int store_share_delete(struct store *st, int64_t item_seq);
/* the item a link's hash opens, when that item is out of the trash; STORE_E_NOTFOUND otherwise */
int store_share_find(struct store *st, const char *token_hash, int64_t *item_seq);

/* ---- the queue of background work (job.c): fetches, feed polls and scans, imports ---- */
struct store_job { int64_t id, item_seq; int attempts; };
/* a claimed job of any kind */
struct store_work {
	int64_t id, item_seq;        /* item_seq: a fetch's or pdf's item (0 for the other kinds) */
	int attempts;
	const char *kind;            /* "fetch", "pdf", "poll", "scan", "import" */
	const char *user_id;         /* whose work it is */
	const char *ref;             /* poll: the subscription's id; scan: the URL; import: the import's id */
	int64_t priority;            /* 0: interactive (a save someone waits for), 1: bulk (imports, feeds) */
};
/* how long a claimed job is leased, by kind (a worker that dies leaves it claimable again after that), and
 * whether feed polls may be claimed now (false: the server's feed_polls_per_minute is spent) */
struct store_leases { int64_t fetch_ms, feed_ms, import_ms; bool polls; };
/* a job's priority: a save someone waits for (saveUrl, savePage, the share sheet, an uploaded PDF, a feed's
 * first read, scanFeeds), bulk work (the fetches of feed entries and imported items, an import's processing),
 * a feed's regular poll (claimed only while the server's feed_polls_per_minute allows) */
enum { STORE_PRIORITY_INTERACTIVE = 0, STORE_PRIORITY_BULK = 1, STORE_PRIORITY_POLL = 2 };
/* The one claim of all background work, fair between users: among the users with a job due at now_ms (queued
 * and due, or running under an expired lease) and fewer than per_user jobs running under a live lease (every
 * kind counts; per_user <= 0: no cap), it takes an interactive job before any bulk one, then the job of the user
 * whose work was claimed least recently (that user then goes to the back of the rotation), then the oldest;
 * polls only when l->polls. One
 * index probe per user who has had work, never a scan of the queue. NOTFOUND: none. */
int store_work_claim(struct store *st, struct arena *a, int64_t now_ms, const struct store_leases *l, int per_user,
                     struct store_work *out);
/* store_work_claim with every kind leased lease_ms, the fetch job's fields alone kept */
int store_job_claim(struct store *st, int64_t now_ms, int64_t lease_ms, int per_user, struct store_job *out);
/* queues a fetch (kind "fetch") or a PDF's reading ("pdf") of the item, due at run_after_ms, priority 0 or 1 */
int store_job_queue(struct store *st, int64_t item_seq, int64_t run_after_ms, int priority, const char *kind);
/* queues user_id's poll of a subscription (kind "poll", ref its id: a poll job there already is made due at
 * run_after_ms) or scan of a URL (kind "scan", ref the URL: left alone when there) */
int store_job_queue_ref(struct store *st, const char *user_id, const char *kind, const char *ref, int priority,
                        int64_t run_after_ms);
/* a poll job back in the queue until its feed's next poll, as a regular poll (STORE_PRIORITY_POLL) */
int store_job_requeue(struct store *st, int64_t job_id, int64_t run_after_ms);
/* *any: store_job_claim would find a job now */
int store_job_claimable(struct store *st, int64_t now_ms, int per_user, bool *any);
/* *any: store_work_claim would find a job now (polls: whether polls may be claimed) */
int store_work_claimable(struct store *st, int64_t now_ms, int per_user, bool polls, bool *any);
int store_job_done(struct store *st, int64_t job_id);
/* back to the queue, not before run_after_ms */
int store_job_retry(struct store *st, int64_t job_id, int64_t run_after_ms, const char *error);
/* given up: kept as failed with its error */
int store_job_fail(struct store *st, int64_t job_id, const char *error);
/* how a claimed job ended (store_job_finish) */
struct store_job_outcome {
	enum { STORE_JOB_FILLED, STORE_JOB_RETRY, STORE_JOB_FAILED } kind;
	const struct store_article *article; /* FILLED: the item's content (NULL: the item is gone, the job alone ends) */
	int64_t run_after_ms;                /* RETRY: not before then */
	const char *reason;                  /* RETRY, FAILED: why, shown on the item and kept on the job */
};
/* records a job's outcome and its item's matching state in one transaction: FILLED fills the item and ends the
 * job; RETRY leaves the item PROCESSING with the reason and queues the job again; FAILED marks both failed */
int store_job_finish(struct store *st, const struct store_job *job, const struct store_job_outcome *o);
/* jobs ready or waiting, and when the next queued one is due (0: none) */
int store_job_pending(struct store *st, int64_t now_ms, int64_t *count, int64_t *next_ms);

/* ---- saved searches (filter.c): Omnivore's filters, a name for a search query ---- */
struct store_filter {
	const char *id, *user_id, *name, *filter, *folder, *category, *description;
	int64_t position, created_ms, updated_ms;
	int visible, default_filter;  /* default_filter: made with the account (store_filter_defaults) */
};
/* a new saved search: name and filter (a query our search parser accepts) needed; position STORE_NO_POSITION:
 * after the last; folder, category, description may be NULL. INVAL (store_errmsg says why) for a missing name or a
 * query the parser refuses; LIMIT (nothing written) when the user has max saved searches already */
/* the saved searches a new account gets, Omnivore's eight (Inbox, Continue Reading, …, Archived), marked
 * default_filter; run in the account's own transaction by store_user_add */
int store_filter_defaults(struct store *st, const char *user_id);
int store_filter_create(struct store *st, struct arena *a, const char *user_id, const struct store_filter *in,
                        uint32_t max, struct store_filter *out);
/* the user's saved searches in their order */
int store_filter_list(struct store *st, struct arena *a, const char *user_id, struct store_filter **out, size_t *n);
#define STORE_NO_POSITION INT64_MIN
/* changes to a saved search: NULL texts, position STORE_NO_POSITION and visible < 0 are left as they are */
struct store_filter_patch { const char *name, *filter, *folder, *category, *description; int64_t position; int visible; };
/* NOTFOUND for another user's or an unknown id; INVAL as at create */
int store_filter_update(struct store *st, struct arena *a, const char *user_id, const char *id,
                        const struct store_filter_patch *p, struct store_filter *out);
int store_filter_delete(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_filter *out);
/* put the saved search right after after_id (NULL: first); NOTFOUND when either is not the user's */
int store_filter_move(struct store *st, struct arena *a, const char *user_id, const char *id, const char *after_id,
                      struct store_filter *out);

/* ---- recent searches (filter.c): the query texts of the user's latest searches ---- */
struct store_recent_search { const char *id, *term; int64_t created_ms; };
/* records term as the user's newest search (one row per distinct text; "" is not recorded) and keeps only
 * the keep newest */
int store_recent_search_add(struct store *st, const char *user_id, const char *term, int64_t now_ms, uint32_t keep);
/* newest first */
int store_recent_search_list(struct store *st, struct arena *a, const char *user_id, struct store_recent_search **out,
                             size_t *n);

/* ---- the account (account.c): profile, changes, and removal ---- */
/* the Profile's bio and picture (NULL when never set) */
struct store_profile { const char *bio, *picture_url; };
int store_profile_get(struct store *st, struct arena *a, const char *user_id, struct store_profile *out);
/* a username as store_user_add takes it: 1-64 of [A-Za-z0-9_.-] */
bool store_username_valid(const char *username);
/* changes to a user: NULL fields are left as they are ("" clears bio and picture_url); username as at
 * store_user_add (INVAL when malformed, EXISTS when another user has it); NOTFOUND for no such user */
struct store_user_patch { const char *name, *username, *bio, *picture_url; };
int store_user_update(struct store *st, struct arena *a, const char *user_id, const struct store_user_patch *p,
                      struct store_user *out);
/* removes the user and, with it, every row of theirs: items, content, labels, highlights, keys,
 * sessions, jobs, save token, search index rows, saved and recent searches; NOTFOUND for no such user */
int store_user_delete(struct store *st, const char *user_id);
/* ---- a user's reader and library settings (personalization.c): Omnivore's UserPersonalization ----
 * Text fields are NULL, and font_size and margin -1, when never set; fields_json holds any JSON value as its
 * text, digest_json a JSON array of strings. */
struct store_personalization {
	const char *theme, *font_family, *layout, *sort_order, *speech_voice, *speech_secondary_voice,
		*speech_rate, *speech_volume, *fields_json, *digest_json;
	int64_t font_size, margin, updated_ms;
};
/* the user's settings; STORE_E_NOTFOUND when none was ever stored */
int store_personalization_get(struct store *st, struct arena *a, const char *user_id, struct store_personalization *out);
/* stores the fields of in that are set (non-NULL, not -1), keeping the others, and reads the whole row back */
int store_personalization_set(struct store *st, struct arena *a, const char *user_id,
                              const struct store_personalization *in, int64_t now_ms,
                              struct store_personalization *out);
/* ---- a user's whole library, page by page (the export; read only) ---- */
/* up to limit of the user's items after after_seq, in seq order, every state and the trash included */
int store_item_page(struct store *st, struct arena *a, const char *user_id, int64_t after_seq, int64_t limit,
                    struct store_item **out, size_t *n);
/* ---- imports (import.c): a library moved in from another service ---- */
/* label names (a highlight's) */
struct store_import_labels {
	const char *const *names;
	size_t n;
};
/* one imported item, checked and normalised by the caller; NULL / 0 / negative fields are not known */
struct store_import {
	const char *user_id, *url;        /* url normalised: the de-duplication key */
	const char *id;                   /* a new item's id when no item of any user has it (a UUID), NULL: a new one */
	const char *slug;                 /* a new item's slug when the user has no item with it, NULL: made */
	const char *slug_text;            /* what a new item's slug is made from (NULL: the title) */
	const char *title, *author, *description, *site_name, *image;
	const char *state;                /* NULL: as it is (a new item: the inbox), "INBOX", "ARCHIVED", "DELETED" */
	int64_t saved_ms, published_ms, archived_ms;
	int64_t updated_ms;               /* a new item's last change (0: the import's time) */
	double progress;                  /* 0-100, < 0: as it is */
	const char *const *labels;        /* label names, created when missing */
	size_t nlabels;
	const struct store_article *article; /* the content kept by the export (sanitized), or NULL */
	const struct store_highlight *highlights; /* type, quote, prefix, suffix, annotation, color, position_percent,
	                                   * created_ms; one with the same quote and annotation is not added again */
	size_t nhighlights;
	const struct store_import_labels *highlight_labels; /* the labels of each highlight added, or NULL */
	int64_t fetch_after_ms;           /* an item left without content gets a fetch job due then */
};
enum store_import_result { STORE_IMPORT_ADDED, STORE_IMPORT_UPDATED, STORE_IMPORT_UNCHANGED,
                           STORE_IMPORT_LEFT_OUT /* a new item past items_per_user: nothing written */ };
/* a batch of imported items is one transaction: begin, store_import_item for each, commit (or rollback) */
int store_import_begin(struct store *st);
int store_import_commit(struct store *st);
void store_import_rollback(struct store *st);
/* stores one item inside the batch's transaction: a new item, or the user's item for the URL brought up to
 * the record (nothing written when it already matches, so a second import changes nothing); *queued: a fetch
 * job was queued for it. LIMIT for labels_per_user, labels_per_item or highlights_per_item */
int store_import_item(struct store *st, struct arena *a, const struct store_import *in,
                      enum store_import_result *result, bool *queued);
/* when the user's latest queued fetch job is due (0: none queued) */
int store_import_fetch_horizon(struct store *st, const char *user_id, int64_t *ms);

/* what bytes kept in the database are read from: up to cap bytes into buf, 0 at the end, < 0 on a failure */
typedef long (*store_blob_source)(void *ctx, char *buf, size_t cap);

/* an import job: a file waiting for its upload, queued, running or finished with its report */
struct store_import_job {
	const char *id, *user_id, *format, *path, *status, *report;
	int64_t added, updated, unchanged, failed, created_ms, finished_ms;
};
/* a new import of user_id; upload_hash non-NULL: status "uploading" until store_import_uploaded (the hash of
 * a one-time token, valid until upload_expires_ms), else "queued" with the file at path. out->id: a fresh UUID */
int store_import_create(struct store *st, struct arena *a, const char *user_id, const char *format, const char *path,
                        const char *upload_hash, int64_t upload_expires_ms, struct store_import_job *out);
/* the user's import by id; NOTFOUND */
int store_import_get(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_import_job *out);
/* the import waiting for the upload whose token has this hash, unexpired at now_ms; NOTFOUND */
int store_import_by_upload(struct store *st, struct arena *a, const char *upload_hash, int64_t now_ms,
                           struct store_import_job *out);
/* the file arrived at path: the import is queued (a job of the work queue) and its token forgotten, in one
 * transaction; NOTFOUND when it waits no more. src non-NULL (files_store = database): path NULL, and the bytes src
 * gives kept in file_blobs under the import's id for user_id in the same transaction */
int store_import_uploaded(struct store *st, struct arena *a, const char *id, const char *user_id, const char *path,
                          store_blob_source src, void *ctx);
/* starts the user's import id (queued, or running under a lease that ran out: its job was claimed) until
 * lease_until_ms; NOTFOUND when it is not waiting (done, failed, or gone) */
int store_import_start(struct store *st, struct arena *a, const char *id, const char *user_id, int64_t lease_until_ms,
                       struct store_import_job *out);
/* records the outcome: status "done" or "failed", the counts and the report in *in */
int store_import_finish(struct store *st, const char *id, const struct store_import_job *in);
/* ---- newsletters (newsletter.c): receiving addresses, the mails received, delivery ---- */
struct store_sub;
/* a receiving address; subscription_count: its ACTIVE newsletter subscriptions (listing only) */
struct store_nl_email {
	const char *id, *user_id, *local_part, *address, *name, *description, *folder, *confirmation_code;
	int64_t created_ms, subscription_count;
};
/* a new address for user_id (folder NULL: "inbox"); EXISTS when the local part is taken (draw another) */
int store_nl_email_create(struct store *st, struct arena *a, const char *user_id, const struct store_nl_email *in,
                          struct store_nl_email *out);
/* how many addresses the user has */
int store_nl_email_count(struct store *st, const char *user_id, int64_t *n);
/* the user's addresses, newest first, with their subscription counts */
int store_nl_email_list(struct store *st, struct arena *a, const char *user_id, struct store_nl_email **out,
                        size_t *n);
/* deletes the user's address id (its mails and subscriptions stay); NOTFOUND when not the user's */
int store_nl_email_delete(struct store *st, struct arena *a, const char *user_id, const char *id,
                          struct store_nl_email *out);
/* the address with this local part (lower case), whoever's; NOTFOUND */
int store_nl_email_by_local(struct store *st, struct arena *a, const char *local_part, struct store_nl_email *out);
/* a received mail: type "NEWSLETTER" (item_id its item) or "CONFIRMATION" */
struct store_received {
	const char *id, *user_id, *newsletter_email_id, *from, *to, *subject, *text, *html, *type, *reply, *reply_to;
	const char *message_id, *item_id;
	int64_t created_ms;
};
/* the user's latest received mails, newest first, at most limit */
int store_received_list(struct store *st, struct arena *a, const char *user_id, int64_t limit,
                        struct store_received **out, size_t *n);
/* the user's received mail id; NOTFOUND */
int store_received_get(struct store *st, struct arena *a, const char *user_id, const char *id,
                       struct store_received *out);
/* markEmailAsItem: item stored (in the inbox, source newsletter) and recorded as the mail's item, in one
 * transaction; out the item as stored */
int store_received_make_item(struct store *st, struct arena *a, const struct store_received *m,
                             const struct store_import *item, struct store_item *out);
/* the user's newsletter subscriptions (type NEWSLETTER), the active ones first, then by name */
int store_nl_sub_list(struct store *st, struct arena *a, const char *user_id, struct store_sub **out, size_t *n);
/* one mail to deliver to address `to`: mail (id, user_id, newsletter_email_id, item_id and created_ms are
 * filled here); a CONFIRMATION stores confirmation_code (when not NULL) on the address; a NEWSLETTER also
 * needs item (its user_id and url), sub (url mailto:SENDER, name, description, site_url,
 * unsubscribe_mail_to, unsubscribe_http_url via the fields below) and entry_id (the de-duplication key) */
struct store_nl_delivery {
	const struct store_nl_email *to;
	struct store_received mail;
	const char *confirmation_code;
	const struct store_import *item;
	const char *sub_url, *sub_name, *sub_description, *sub_site_url, *unsubscribe_mail_to, *unsubscribe_http_url;
	const char *entry_id;
};
enum store_nl_outcome {
	STORE_NL_SAVED,         /* a newsletter's item stored (item_out), or a confirmation kept */
	STORE_NL_DUPLICATE,     /* the entry (Message-ID) was delivered before: nothing written */
	STORE_NL_UNSUBSCRIBED,  /* the user unsubscribed from this sender: nothing written */
	STORE_NL_OVER_QUOTA,    /* the user has items_per_user items: the mail is kept without an item (store_errmsg) */
};
/* stores one delivery in one transaction (committed on STORE_OK, else nothing written): the sender's
 * subscription found or made, the item, the entry, the received mail */
int store_nl_deliver(struct store *st, struct arena *a, const struct store_nl_delivery *d, struct store_item *item_out,
                     enum store_nl_outcome *outcome);
/* ---- files (file.c): PDFs uploaded through uploadFileRequest and its upload URL, or fetched for a saveUrl ---- */
struct store_file {
	const char *id, *user_id, *item_id, *file_name, *content_type, *url, *sha256, *path,
	           *status;          /* INITIALIZED (waits for its bytes) or COMPLETED */
	int64_t size, created_ms, updated_ms;
};
/* an upload's file and its item (page type FILE, state PROCESSING, no fetch job) */
struct store_file_new {
	const char *user_id;
	const char *item_id;           /* a UUID for the new item (clientRequestId), or NULL / taken: a fresh one */
	const char *client_request_id; /* a non-UUID lookup key, or NULL */
	const char *url;               /* the item's URL (normalised); NULL, or one the user has an item for already:
	                                * "file:///FILEID/FILE_NAME" */
	const char *title, *file_name, *content_type, *source, *folder; /* source, folder NULL: "api", "inbox" */
	const char *client_url;        /* the URL the client named, kept with the file */
	const char *upload_hash;       /* hex SHA-256 of the one-time upload token */
	int64_t upload_expires_ms;
};
/* one transaction: the item and the file waiting for its upload; out and item get both as stored */
int store_file_create(struct store *st, struct arena *a, const struct store_file_new *in, struct store_file *out,
                      struct store_item *item);
/* the file waiting for the upload whose token has this hash, unexpired at now_ms; NOTFOUND */
int store_file_by_upload(struct store *st, struct arena *a, const char *upload_hash, int64_t now_ms,
                         struct store_file *out);
/* its bytes arrived at path: COMPLETED, the token forgotten; NOTFOUND when it waits no more (used already).
 * src non-NULL (files_store = database): path is NULL and the bytes src gives are kept in file_blobs under the
 * file's id, in the same transaction (nothing kept when it fails) */
int store_file_uploaded(struct store *st, struct arena *a, const char *id, const char *path, int64_t size,
                        const char *sha256, store_blob_source src, void *ctx, struct store_file *out);
/* the user's file by id, or the file of the user's item (a completed one first); NOTFOUND */
int store_file_get(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_file *out);
int store_file_by_item(struct store *st, struct arena *a, const char *user_id, const char *item_id,
                       struct store_file *out);
/* queues the reading of the item's file for the worker (a job of kind "pdf") */
int store_file_queue(struct store *st, int64_t item_seq);
/* STORE_OK when a file row has this id (anyone's), STORE_E_NOTFOUND when none */
int store_file_known(struct store *st, const char *id);
/* deletes the rows of files whose item is gone (purged) and gives their paths (arena; NULL ones left out), so
 * the caller removes the bytes */
int store_file_orphans(struct store *st, struct arena *a, const char ***paths, size_t *n);
/* a fetched PDF kept for an item (in->id NULL: a fresh UUID; status COMPLETED), the item's page type made FILE,
 * in one transaction; src non-NULL: in->path NULL, the bytes kept in file_blobs in the same transaction */
int store_file_attach(struct store *st, struct arena *a, int64_t item_seq, const struct store_file *in,
                      store_blob_source src, void *ctx, struct store_file *out);

/* ---- bytes kept in the database (blob.c; files_store = database). A completed file, or a queued or running
 * import, whose path is NULL has its bytes in file_blobs under its id, in parts of LIMIT_BLOB_PART (part 0 even
 * when empty, so a missing part 0 is a loss, never an empty file); whichever
 * machine wrote them, any other reads them. The config only chooses where new bytes go. ---- */
/* part `part` (0, 1, …) of the bytes kept under id for user_id copied into buf (LIMIT_BLOB_PART bytes): STORE_OK
 * with *n, STORE_E_NOTFOUND past the last part (or not the user's) */
int store_blob_read(struct store *st, const char *user_id, const char *id, int64_t part, char *buf, size_t *n);
/* the bytes kept under id removed (a finished import's) */
int store_blob_delete(struct store *st, const char *id);
/* the parts no completed file and no waiting import names removed (purged items, finished imports): *parts */
int store_blob_sweep(struct store *st, int64_t *parts);
/* what the database holds: files and imports kept there, their parts and bytes (`larder status`, backup) */
struct store_blob_usage { int64_t files, imports, parts, bytes; };
int store_blob_usage(struct store *st, struct store_blob_usage *out);
#endif
