/* item.c: store functions for library items: save (new or again), look-ups, content, fetch results, archive, trash, edits. */
#include "store/store_int.h"
#include "store/words.h"

#include <string.h>

#include "util/arena.h"
#include "util/crypto.h"
#include "util/limits.h"
#include "util/slug.h"
#include "util/time.h"

/* the statements of item.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_ITEM_BY_HASH,
	STMT_ITEM_BY_ID,
	STMT_ITEM_PAGE,
	STMT_ITEM_BY_SEQ,
	STMT_ITEM_INSERT,
	STMT_ITEM_RESAVE,
	STMT_ITEM_CONTENT,
	STMT_ITEM_CONTENT_SET,
	STMT_ITEM_SEARCH_TEXT,
	STMT_ITEM_FILL,
	STMT_ITEM_FAIL,
	STMT_ITEM_ARCHIVE,
	STMT_ITEM_DELETE,
	STMT_ITEM_UPDATE,
	STMT_ITEM_PROGRESS,
	STMT_ITEM_TOUCH,
	STMT_ITEM_SLUG_TAKEN,
	STMT_ITEM_LABELS,
	STMT_ITEM_LABEL_ADD,
	STMT_ITEM_LABELS_CLEAR,
	STMT_ITEM_LABEL_COUNT,
	STMT_ITEM_SEARCH_LABELS,
	STMT_ITEM_HIGHLIGHTS,
	STMT_UPDATES_SINCE,
	STMT_UPDATES_SINCE_COUNT,
	STMT_TRASH_PURGE_CUT,
	STMT_TRASH_TOMBSTONE,
	STMT_TRASH_PURGE,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_ITEM_BY_HASH,
		"SELECT " STORE_ITEM_COLS("") " FROM library_items WHERE user_id = ?1 AND url_hash = ?2"),
	STORE_SQL(STMT_ITEM_BY_ID, /* by id, else by slug, else by clientRequestId: three index lookups (an OR of the three
	                     * walked all of the user's items) */
		"SELECT " STORE_ITEM_COLS("") ", 0 AS k FROM library_items WHERE user_id = ?1 AND id = ?2"
		" UNION ALL SELECT " STORE_ITEM_COLS("") ", 1 FROM library_items WHERE user_id = ?1 AND slug = ?2"
		" UNION ALL SELECT " STORE_ITEM_COLS("") ", 2 FROM library_items WHERE user_id = ?1 AND client_request_id = ?2"
		" ORDER BY k, seq LIMIT 1"),
	STORE_SQL(STMT_ITEM_PAGE, /* the export: a user's whole library, page by page, each page read from items_user where
	                    * the last one ended */
		"SELECT " STORE_ITEM_COLS("") " FROM library_items WHERE user_id = ?1 AND seq > ?2 ORDER BY seq LIMIT ?3",
		/* the export's page as a range of items_user, the one index that gives (user_id, seq) order: with user_id = ?1
		 * and ORDER BY seq the planner may walk the primary key from ?2 on, every user's items, to find ?3 of one's */
		"SELECT " STORE_ITEM_COLS("") " FROM library_items WHERE (user_id, seq) > (?1, ?2)"
		" AND (user_id, seq) <= (?1, 9223372036854775807) ORDER BY user_id, seq LIMIT ?3"),
	STORE_SQL(STMT_ITEM_BY_SEQ,
		DB_GENERIC "SELECT " STORE_ITEM_COLS("") " FROM library_items WHERE seq = ?1"),
	STORE_SQL(STMT_ITEM_INSERT,
		DB_GENERIC "INSERT INTO library_items (id, user_id, client_request_id, url, url_hash, slug, title, author,"
		" description, site_name, image, language, page_type, state, want_state, folder, source, words_count,"
		" saved_at, created_at, updated_at, published_at, archived_at)"
		" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?20, ?21, ?22)"
		" RETURNING seq"),
	STORE_SQL(STMT_ITEM_RESAVE,
		"UPDATE library_items SET saved_at = ?2, updated_at = ?3, deleted_at = NULL, want_state = ?4,"
		" archived_at = CASE WHEN ?4 = 'ARCHIVED' THEN coalesce(archived_at, ?3) ELSE NULL END,"
		" state = CASE WHEN ?5 THEN 'PROCESSING' ELSE state END,"
		" fail_reason = CASE WHEN ?5 THEN NULL ELSE fail_reason END,"
		" source = coalesce(?6, source), folder = coalesce(?7, folder),"
		" published_at = coalesce(?8, published_at)"
		" WHERE seq = ?1"),
	STORE_SQL(STMT_ITEM_CONTENT, DB_GENERIC "SELECT content FROM item_content WHERE seq = ?1"),
	STORE_SQL(STMT_ITEM_CONTENT_SET,
		"INSERT INTO item_content (seq, content) VALUES (?1, ?2)"
		" ON CONFLICT (seq) DO UPDATE SET content = excluded.content"),
	/* the first LIMIT_SEARCH_TEXT characters (substr counts characters on both engines): re-indexing the row when
	 * a highlight or label changes costs the same on a 5 MB article as on a 50 kB one */
	STORE_SQL(STMT_ITEM_SEARCH_TEXT, "UPDATE item_search SET text = substr(?2, 1, " LIMIT_STR(LIMIT_SEARCH_TEXT) ") WHERE seq = ?1"),
	STORE_SQL(STMT_ITEM_FILL,
		DB_GENERIC "UPDATE library_items SET title = coalesce(?2, title), author = ?3,"
		" description = coalesce(description, ?4),"
		" site_name = ?5, image = ?6, language = ?7, dir = ?8, words_count = ?9, published_at = coalesce(published_at, ?10),"
		" site_icon = ?11, url = coalesce(?12, url), state = 'SUCCEEDED', fail_reason = NULL, updated_at = ?13,"
		" archived_at = CASE WHEN want_state = 'ARCHIVED' THEN coalesce(archived_at, ?13) ELSE archived_at END"
		" WHERE seq = ?1"),
	STORE_SQL(STMT_ITEM_FAIL,
		"UPDATE library_items SET state = ?2, fail_reason = ?3, updated_at = ?4 WHERE seq = ?1"),
	STORE_SQL(STMT_ITEM_ARCHIVE,
		DB_GENERIC "UPDATE library_items SET archived_at = ?3, updated_at = ?4 WHERE user_id = ?1 AND id = ?2"
		" RETURNING " STORE_ITEM_COLS("")),
	STORE_SQL(STMT_ITEM_DELETE,
		"UPDATE library_items SET deleted_at = ?3, updated_at = ?4 WHERE user_id = ?1 AND id = ?2"
		" RETURNING " STORE_ITEM_COLS("")),
	STORE_SQL(STMT_ITEM_UPDATE,
		DB_GENERIC "UPDATE library_items SET title = coalesce(?3, title), description = coalesce(?4, description),"
		" author = coalesce(?5, author), saved_at = coalesce(?6, saved_at), published_at = coalesce(?7, published_at),"
		" image = coalesce(?8, image), updated_at = ?9 WHERE user_id = ?1 AND id = ?2"
		" RETURNING " STORE_ITEM_COLS("")),
	STORE_SQL(STMT_ITEM_PROGRESS,
		DB_GENERIC "UPDATE library_items SET progress = ?3, progress_anchor = coalesce(?4, progress_anchor),"
		" progress_top = coalesce(?5, progress_top), read_at = ?6, updated_at = ?6"
		" WHERE user_id = ?1 AND id = ?2 RETURNING " STORE_ITEM_COLS("")),
	STORE_SQL(STMT_ITEM_TOUCH, DB_GENERIC "UPDATE library_items SET updated_at = ?2 WHERE seq = ?1"),
	STORE_SQL(STMT_ITEM_SLUG_TAKEN, "SELECT 1 FROM library_items WHERE user_id = ?1 AND slug = ?2"),
	STORE_SQL(STMT_ITEM_LABELS,
		DB_GENERIC "SELECT " STORE_LABEL_COLS("l.") " FROM item_labels il JOIN labels l ON l.id = il.label_id"
		" WHERE il.item_seq = ?1 ORDER BY il.created_at, l.name COLLATE NOCASE, l.id"),
	STORE_SQL(STMT_ITEM_LABEL_ADD,
		"INSERT OR IGNORE INTO item_labels (item_seq, label_id, created_at) VALUES (?1, ?2, ?3)",
		/* INSERT OR IGNORE: ON CONFLICT DO NOTHING */
		"INSERT INTO item_labels (item_seq, label_id, created_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING"),
	STORE_SQL(STMT_ITEM_LABELS_CLEAR, "DELETE FROM item_labels WHERE item_seq = ?1"),
	STORE_SQL(STMT_ITEM_LABEL_COUNT, "SELECT count(*) FROM item_labels WHERE item_seq = ?1"),
	STORE_SQL(STMT_ITEM_SEARCH_LABELS,
		/* the item's search row's labels, once its labels have changed (db/021_label_reindex.sql); no write
		 * (no re-index of the row) when they read the same */
		"WITH v(names) AS (SELECT group_concat(l.name, ' ') FROM item_labels il JOIN labels l ON l.id = il.label_id"
		" WHERE il.item_seq = ?1)"
		" UPDATE item_search SET labels = (SELECT names FROM v) WHERE seq = ?1 AND labels IS NOT (SELECT names FROM v)",
		/* PostgreSQL: the names from larder_item_labels() (db/pg/021); a IS NOT b: IS DISTINCT FROM */
		"UPDATE item_search SET labels = larder_item_labels(?1) WHERE seq = ?1"
		" AND labels IS DISTINCT FROM larder_item_labels(?1)"),
	STORE_SQL(STMT_ITEM_HIGHLIGHTS,
		DB_GENERIC "SELECT " STORE_HL_COLS("") " FROM highlights WHERE item_seq = ?1"
		" ORDER BY position_percent, created_at, id"),
	STORE_SQL(STMT_UPDATES_SINCE,
		"SELECT seq, id, t FROM ("
		" SELECT seq, id, updated_at AS t FROM library_items WHERE user_id = ?1 AND updated_at > ?2"
		"  AND (state <> 'PROCESSING' OR deleted_at IS NOT NULL) AND (?5 IS NULL OR folder = ?5)"
		" UNION ALL"
		" SELECT NULL, item_id, deleted_at FROM item_tombstones WHERE user_id = ?1 AND deleted_at > ?2)"
		" ORDER BY CASE WHEN ?6 THEN -t ELSE t END, id LIMIT ?3 OFFSET ?4",
		/* a subquery in FROM needs a name (before PostgreSQL 16) */
		"SELECT seq, id, t FROM ("
		" SELECT seq, id, updated_at AS t FROM library_items WHERE user_id = ?1 AND updated_at > ?2"
		"  AND (state <> 'PROCESSING' OR deleted_at IS NOT NULL) AND (?5::text IS NULL OR folder = ?5)"
		" UNION ALL"
		" SELECT NULL, item_id, deleted_at FROM item_tombstones WHERE user_id = ?1 AND deleted_at > ?2) AS u"
		" ORDER BY CASE WHEN ?6::int <> 0 THEN -t ELSE t END, id LIMIT ?3 OFFSET ?4"),
	STORE_SQL(STMT_UPDATES_SINCE_COUNT,
		"SELECT (SELECT count(*) FROM library_items WHERE user_id = ?1 AND updated_at > ?2"
		"  AND (state <> 'PROCESSING' OR deleted_at IS NOT NULL) AND (?3 IS NULL OR folder = ?3))"
		" + (SELECT count(*) FROM item_tombstones WHERE user_id = ?1 AND deleted_at > ?2)",
		/* PostgreSQL: a parameter PostgreSQL cannot type where it stands (`?3 IS NULL`): cast */
		"SELECT (SELECT count(*) FROM library_items WHERE user_id = ?1 AND updated_at > ?2"
		"  AND (state <> 'PROCESSING' OR deleted_at IS NOT NULL) AND (?3::text IS NULL OR folder = ?3))"
		" + (SELECT count(*) FROM item_tombstones WHERE user_id = ?1 AND deleted_at > ?2)"),
	/* the purge of old trash, a batch at a time: the batch ends at the item (?2 deleted_at, ?3 seq) that
	 * TRASH_PURGE_CUT finds LIMIT_DELETE_BATCH items in */
	STORE_SQL(STMT_TRASH_PURGE_CUT,
		"SELECT deleted_at, seq FROM library_items WHERE deleted_at IS NOT NULL AND deleted_at < ?1"
		" ORDER BY deleted_at, seq LIMIT 1 OFFSET ?2"),
	STORE_SQL(STMT_TRASH_TOMBSTONE,
		"INSERT OR REPLACE INTO item_tombstones (user_id, item_id, deleted_at)"
		" SELECT user_id, id, deleted_at FROM library_items WHERE deleted_at IS NOT NULL AND deleted_at < ?1"
		" AND (deleted_at < ?2 OR (deleted_at = ?2 AND seq <= ?3))",
		/* INSERT OR REPLACE: ON CONFLICT (the primary key) DO UPDATE */
		"INSERT INTO item_tombstones (user_id, item_id, deleted_at)"
		" SELECT user_id, id, deleted_at FROM library_items WHERE deleted_at IS NOT NULL AND deleted_at < ?1"
		" AND (deleted_at < ?2 OR (deleted_at = ?2 AND seq <= ?3))"
		" ON CONFLICT (user_id, item_id) DO UPDATE SET deleted_at = excluded.deleted_at"),
	STORE_SQL(STMT_TRASH_PURGE,
		"DELETE FROM library_items WHERE deleted_at IS NOT NULL AND deleted_at < ?1"
		" AND (deleted_at < ?2 OR (deleted_at = ?2 AND seq <= ?3))"),
};
STORE_STATEMENTS(item, statements)

/* one item row of a stepped statement into out (NULL: not read), or NOTFOUND */
static int step_item(struct store *st, struct arena *a, struct db_stmt *s, const char *what, struct store_item *out)
{
	return store_get_row(st, a, s, &store_rowdef_item, out, what);
}

int store_item_by_seq(struct store *st, struct arena *a, int64_t seq, struct store_item *out)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_BY_SEQ);
	db_bind_int64(s, 1, seq);
	return step_item(st, a, s, "reading an item", out);
}

int store_item_get(struct store *st, struct arena *a, const char *user_id, const char *key, struct store_item *out)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_BY_ID);
	if (!key || !*key || !store_bind_owned(s, user_id, key))
		return STORE_E_NOTFOUND;
	return step_item(st, a, s, "reading an item", out);
}

int store_item_by_url(struct store *st, struct arena *a, const char *user_id, const char *url, struct store_item *out)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_BY_HASH);
	char hash[65];
	if (!user_id || !url)
		return STORE_E_NOTFOUND;
	crypto_sha256_hex(url, strlen(url), hash);
	db_bind_text(s, 1, user_id);
	db_bind_text(s, 2, hash);
	return step_item(st, a, s, "reading an item by URL", out);
}

int store_item_content(struct store *st, struct arena *a, int64_t seq, const char **html)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_CONTENT);
	bool oom = false;
	int rc;
	*html = NULL;
	db_bind_int64(s, 1, seq);
	if ((rc = store_step_row(st, s, "reading content")) == STORE_OK) {
		*html = store_col_text(a, s, 0, &oom);
		if (oom) {
			snprintf(st->errmsg, sizeof st->errmsg, "out of memory reading content");
			rc = STORE_E_DB;
		}
	} else if (rc == STORE_E_NOTFOUND) /* no content yet */
		rc = STORE_OK;
	store_done(s);
	return rc;
}

int store_labels_collect(struct store *st, struct arena *a, struct db_stmt *s, struct store_label **out, size_t *n)
{
	void *rows;
	int rc = store_get_rows(st, a, s, &store_rowdef_label, &rows, n, "reading labels");
	*out = rows;
	return rc;
}

int store_item_labels(struct store *st, struct arena *a, int64_t seq, struct store_label **out, size_t *n)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_LABELS);
	db_bind_int64(s, 1, seq);
	return store_labels_collect(st, a, s, out, n);
}

int store_item_highlights(struct store *st, struct arena *a, int64_t seq, struct store_highlight **out, size_t *n)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_HIGHLIGHTS);
	void *rows;
	int rc;
	db_bind_int64(s, 1, seq);
	rc = store_get_rows(st, a, s, &store_rowdef_highlight, &rows, n, "reading highlights");
	*out = rows;
	return rc;
}

/* runs a bound write statement to completion */

int store_item_slug(struct store *st, struct arena *a, const char *user_id, const char *text, const char **out)
{
	static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	struct db_stmt *s = stmt(st, STMT_ITEM_SLUG_TAKEN);
	for (int attempt = 0; attempt < 8; attempt++) {
		unsigned char rnd[8];
		char suffix[9];
		int len = attempt < 4 ? 6 : 8, rc;
		char *slug;
		if (crypto_random(rnd, sizeof rnd) != 0) {
			snprintf(st->errmsg, sizeof st->errmsg, "no random bytes for a slug");
			return STORE_E_DB;
		}
		for (int i = 0; i < len; i++)
			suffix[i] = digits[rnd[i] % 36];
		suffix[len] = '\0';
		if ((slug = slug_make(a, text, strlen(text), suffix)) == NULL) {
			snprintf(st->errmsg, sizeof st->errmsg, "out of memory making a slug");
			return STORE_E_DB;
		}
		db_bind_text(s, 1, user_id);
		db_bind_text(s, 2, slug);
		rc = db_step(s);
		store_done(s);
		if (rc == DB_DONE) {
			*out = slug;
			return STORE_OK;
		}
		if (rc != DB_ROW)
			return store_fail(st, rc, "checking a slug");
	}
	snprintf(st->errmsg, sizeof st->errmsg, "no free slug after 8 attempts");
	return STORE_E_DB;
}

/* content, index text and metadata of a fetched or supplied article (inside a transaction) */
int store_item_fill_row(struct store *st, int64_t seq, const struct store_article *art, int64_t now)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_FILL);
	/* the page's language, else a guess from its text (its search words are stemmed in it: words.h) */
	const char *lang = art->language && *art->language ? art->language
	                   : art->text ? words_lang_guess(art->text, strlen(art->text)) : NULL;
	int rc;
	/* before anything is written: an article that would pass bytes_per_user is LIMIT (the content it replaces
	 * is not subtracted; a refetch at the edge of the quota may be refused) */
	if (art->content && (rc = store_quota_bytes_item(st, seq, (int64_t)strlen(art->content))) != STORE_OK)
		return rc;
	db_bind_int64(s, 1, seq);
	store_bind_texts(s, 2, (const char *const[]){ art->title && *art->title ? art->title : NULL, art->author,
	                                              art->description, art->site_name, art->image, lang,
	                                              art->dir }, 7);
	if (art->words_count >= 0)
		db_bind_int64(s, 9, art->words_count);
	store_bind_ms(s, 10, art->published_ms);
	store_bind_text(s, 11, art->site_icon);
	store_bind_text(s, 12, NULL); /* the saved URL stays the de-duplication key */
	db_bind_int64(s, 13, now);
	if ((rc = store_step_done(st, s, "storing an article")) != STORE_OK)
		return rc;
	s = stmt(st, STMT_ITEM_CONTENT_SET);
	db_bind_int64(s, 1, seq);
	store_bind_text(s, 2, art->content);
	if ((rc = store_step_done(st, s, "storing content")) != STORE_OK)
		return rc;
	s = stmt(st, STMT_ITEM_SEARCH_TEXT);
	db_bind_int64(s, 1, seq);
	store_bind_text(s, 2, art->text);
	return store_step_done(st, s, "indexing content");
}

/* how many labels the item has */
static int count_labels(struct store *st, int64_t seq, int64_t *n)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_LABEL_COUNT);
	db_bind_int64(s, 1, seq);
	return store_get_ints(st, s, n, 1, "counting an item's labels");
}

/* LIMIT when the item now has more labels than labels_per_item (and more than before, so an item over a
 * limit lowered later can still be saved again) */
int store_item_labels_changed(struct store *st, int64_t seq)
{
	return store_run(st, stmt(st, STMT_ITEM_SEARCH_LABELS), seq, "indexing an item's labels");
}

int store_item_check_labels(struct store *st, int64_t seq, int64_t before)
{
	int64_t n;
	int rc;
	if ((rc = store_item_labels_changed(st, seq)) != STORE_OK || (rc = count_labels(st, seq, &n)) != STORE_OK)
		return rc;
	if (n > (int64_t)st->lim.labels_per_item && n > before) {
		snprintf(st->errmsg, sizeof st->errmsg, "an item has at most %u labels (labels_per_item in larder.conf)",
		         (unsigned)st->lim.labels_per_item);
		return STORE_E_LIMIT;
	}
	return STORE_OK;
}

static int add_labels(struct store *st, struct arena *a, const char *user_id, int64_t seq,
                      const char *const *names, size_t n, int64_t now)
{
	int64_t before = 0;
	int rc;
	if (n == 0)
		return STORE_OK;
	if ((rc = count_labels(st, seq, &before)) != STORE_OK)
		return rc;
	for (size_t i = 0; i < n; i++) {
		struct store_label l;
		struct db_stmt *s;
		rc = store_label_ensure(st, a, user_id, names[i], NULL, &l);
		if (rc != STORE_OK)
			return rc;
		s = stmt(st, STMT_ITEM_LABEL_ADD);
		db_bind_int64(s, 1, seq);
		db_bind_text(s, 2, l.id);
		db_bind_int64(s, 3, now + (int64_t)i); /* keeps the given order */
		if ((rc = store_step_done(st, s, "labelling an item")) != STORE_OK)
			return rc;
	}
	return store_item_check_labels(st, seq, before);
}

/* a fetch job for the item, replacing one it has (an item just inserted has none: its jobs went with any
 * earlier row of its seq, ON DELETE CASCADE); a feed's entry is bulk work, any other save someone waits for */
static int queue_fetch(struct store *st, int64_t seq, int64_t now, bool existed, const char *source)
{
	int rc = existed ? store_job_cancel_item(st, seq, "replacing a fetch job") : STORE_OK;
	bool bulk = source && (strcmp(source, "rss") == 0 || strcmp(source, "import") == 0);
	return rc != STORE_OK ? rc : store_job_queue(st, seq, now, bulk ? STORE_PRIORITY_BULK : STORE_PRIORITY_INTERACTIVE, "fetch");
}

static int insert_item(struct store *st, struct arena *a, const struct store_save *in, const char *hash,
                       int64_t now, int64_t *seq)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_INSERT);
	const char *title = in->title && *in->title ? in->title : in->url;
	const char *slug = NULL, *id = in->item_id;
	char fresh[37];
	int rc;
	bool archived = !in->article ? false : in->want_state && strcmp(in->want_state, "ARCHIVED") == 0;

	if ((rc = store_item_slug(st, a, in->user_id, in->slug_text ? in->slug_text : title, &slug)) != STORE_OK)
		return rc;
	if (id) { /* a UUID another item already has: give this one its own */
		struct db_stmt *q = stmt(st, STMT_ITEM_BY_ID);
		db_bind_text(q, 1, in->user_id);
		db_bind_text(q, 2, id);
		rc = db_step(q);
		store_done(q);
		if (rc == DB_ROW)
			id = NULL;
		else if (rc != DB_DONE)
			return store_fail(st, rc, "checking an item id");
	}
	if (!id) {
		crypto_uuid_v4(fresh);
		id = fresh;
	}
	db_bind_text(s, 1, id);
	db_bind_text(s, 2, in->user_id);
	store_bind_text(s, 3, in->client_request_id);
	db_bind_text(s, 4, in->url);
	db_bind_text(s, 5, hash);
	db_bind_text(s, 6, slug);
	db_bind_text(s, 7, title);
	/* author, site_name, image, language: the fetch fills them; description: a feed entry's summary until then */
	store_bind_texts(s, 8, (const char *const[]){ NULL, in->description, NULL, NULL, NULL }, 5);
	db_bind_text(s, 13, "ARTICLE");
	db_bind_text(s, 14, "PROCESSING");
	store_bind_text(s, 15, in->want_state);
	db_bind_text(s, 16, in->folder ? in->folder : "inbox");
	db_bind_text(s, 17, in->source ? in->source : "api");
	db_bind_null(s, 18);
	db_bind_int64(s, 19, in->saved_ms ? in->saved_ms : now);
	db_bind_int64(s, 20, now);
	store_bind_ms(s, 21, in->published_ms);
	store_bind_ms(s, 22, archived ? now : 0);
	rc = db_step(s);
	if (rc == DB_ROW) {
		*seq = db_col_int64(s, 0);
		rc = STORE_OK;
	} else
		rc = store_fail(st, rc, "saving an item");
	store_done(s);
	if (rc == STORE_E_EXISTS && id != fresh) { /* the id is another user's item's: take a fresh one */
		struct store_save again = *in;
		again.item_id = NULL;
		return insert_item(st, a, &again, hash, now, seq);
	}
	return rc;
}

/* one save as a transaction of its own (store_tx: PostgreSQL may run it again) */
struct save_tx { struct arena *a; const struct store_save *in; const char *hash; struct store_item *out; bool *existed; };

static int save_tx(struct store *st, void *arg)
{
	struct save_tx *t = arg;
	const struct store_save *in = t->in;
	int64_t now = time_now_ms(), seq = 0;
	struct store_item old;
	int rc = store_item_by_url(st, t->a, in->user_id, in->url, &old);
	if (rc == STORE_OK) {
		struct db_stmt *s = stmt(st, STMT_ITEM_RESAVE);
		bool refetch = !in->article && strcmp(old.state, "SUCCEEDED") != 0;
		seq = old.seq;
		*t->existed = true;
		db_bind_int64(s, 1, seq);
		db_bind_int64(s, 2, in->saved_ms ? in->saved_ms : now);
		db_bind_int64(s, 3, now);
		store_bind_text(s, 4, in->want_state);
		db_bind_int64(s, 5, refetch);
		store_bind_text(s, 6, in->source);
		store_bind_text(s, 7, in->folder);
		store_bind_ms(s, 8, in->published_ms);
		if ((rc = store_step_done(st, s, "saving an item again")) != STORE_OK)
			return rc;
	} else if (rc == STORE_E_NOTFOUND) {
		*t->existed = false;
		if ((rc = store_quota_item(st, in->user_id)) != STORE_OK)
			return rc;
		if ((rc = insert_item(st, t->a, in, t->hash, now, &seq)) != STORE_OK) {
			/* PostgreSQL: another writer saved the URL (or took the slug) since this one looked; run again,
			 * it then finds that row (SQLite's writers never overlap) */
			if (rc == STORE_E_EXISTS && !db_is_sqlite(st->db))
				st->busy = true;
			return rc;
		}
	} else
		return rc;
	if ((rc = add_labels(st, t->a, in->user_id, seq, in->labels, in->nlabels, now)) != STORE_OK)
		return rc;
	if (in->article) {
		struct store_article art = *in->article;
		if (in->title && *in->title)
			art.title = in->title;
		if (art.description == NULL)
			art.description = in->description;
		if ((rc = store_item_fill_row(st, seq, &art, now)) != STORE_OK)
			return rc;
	} else if ((rc = queue_fetch(st, seq, now, *t->existed, in->source)) != STORE_OK)
		return rc;
	/* read back before the commit: when that fails (memory), nothing stays half-written */
	return store_item_by_seq(st, t->a, seq, t->out);
}

int store_item_save(struct store *st, struct arena *a, const struct store_save *in, struct store_item *out,
                    bool *existed)
{
	char hash[65];
	struct save_tx t = { .a = a, .in = in, .hash = hash, .out = out, .existed = existed };

	if (!in || !in->user_id || !in->url || !*in->url || strlen(in->url) > LIMIT_URL_BYTES) {
		snprintf(st->errmsg, sizeof st->errmsg, "a save needs a user and a URL of at most %d bytes", LIMIT_URL_BYTES);
		return STORE_E_INVAL;
	}
	crypto_sha256_hex(in->url, strlen(in->url), hash);
	return store_tx(st, save_tx, &t);
}

/* a fetched article stored as one transaction (store_tx: run again after a deadlock on PostgreSQL) */
struct fill_tx { int64_t seq; const struct store_article *art; };

static int fill_tx(struct store *st, void *arg)
{
	struct fill_tx *t = arg;
	return store_item_fill_row(st, t->seq, t->art, time_now_ms());
}

int store_item_fill(struct store *st, int64_t seq, const struct store_article *art)
{
	struct fill_tx t = { seq, art };
	return store_tx(st, fill_tx, &t);
}

int store_item_fail(struct store *st, int64_t seq, const char *state, const char *reason)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_FAIL);
	db_bind_int64(s, 1, seq);
	db_bind_text(s, 2, state ? state : "FAILED");
	store_bind_text(s, 3, reason);
	db_bind_int64(s, 4, time_now_ms());
	return store_step_done(st, s, "marking an item failed");
}

/* a user-scoped UPDATE … RETURNING of one item (?1 user, ?2 id, then the caller's bindings) */
static int item_write(struct store *st, struct arena *a, struct db_stmt *s, const char *what, struct store_item *out)
{
	struct store_item tmp;
	int rc = step_item(st, a, s, what, out ? out : &tmp);
	return rc;
}

int store_item_set_archived(struct store *st, struct arena *a, const char *user_id, const char *id, bool archived,
                            struct store_item *out)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_ARCHIVE);
	int64_t now = time_now_ms();
	if (!store_bind_owned(s, user_id, id))
		return STORE_E_NOTFOUND;
	store_bind_ms(s, 3, archived ? now : 0);
	db_bind_int64(s, 4, now);
	return item_write(st, a, s, "archiving an item", out);
}

int store_item_delete(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_item *out)
{
	struct store_item cur;
	struct db_stmt *s = stmt(st, STMT_ITEM_DELETE);
	int64_t now = time_now_ms();
	int rc;
	if ((rc = store_item_get(st, a, user_id, id, &cur)) != STORE_OK)
		return rc;
	db_bind_text(s, 1, user_id);
	db_bind_text(s, 2, cur.id);
	db_bind_int64(s, 3, cur.deleted_ms ? cur.deleted_ms : now);
	db_bind_int64(s, 4, now);
	return item_write(st, a, s, "deleting an item", out);
}

/* out of the trash: store_item_delete's statement with no deletion time */
int store_item_restore(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_item *out)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_DELETE);
	if (!store_bind_owned(s, user_id, id))
		return STORE_E_NOTFOUND;
	db_bind_null(s, 3);
	db_bind_int64(s, 4, time_now_ms());
	return item_write(st, a, s, "restoring an item", out);
}

int store_item_update(struct store *st, struct arena *a, const char *user_id, const char *id,
                      const struct store_item_patch *p, struct store_item *out)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_UPDATE);
	if (!store_bind_owned(s, user_id, id))
		return STORE_E_NOTFOUND;
	store_bind_text(s, 3, p->title);
	store_bind_text(s, 4, p->description);
	store_bind_text(s, 5, p->author);
	store_bind_ms(s, 6, p->saved_ms);
	store_bind_ms(s, 7, p->published_ms);
	store_bind_text(s, 8, p->image);
	db_bind_int64(s, 9, time_now_ms());
	return item_write(st, a, s, "updating an item", out);
}

int store_item_set_progress(struct store *st, struct arena *a, const char *user_id, const char *id, double percent,
                            int64_t anchor, double top, struct store_item *out)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_PROGRESS);
	if (!store_bind_owned(s, user_id, id))
		return STORE_E_NOTFOUND;
	db_bind_double(s, 3, percent);
	if (anchor >= 0)
		db_bind_int64(s, 4, anchor);
	if (top >= 0)
		db_bind_double(s, 5, top);
	db_bind_int64(s, 6, time_now_ms());
	return item_write(st, a, s, "saving reading progress", out);
}

/* an item's labels replaced as one transaction (store_tx). The item's row is written first, as a fetch's
 * fill writes it first, so the two take their row locks in the same order. */
struct labels_tx {
	struct arena *a;
	const char *user_id, *id;
	const struct store_label_ref *labels;
	size_t n;
	int64_t seq;
};

static int labels_tx(struct store *st, void *arg)
{
	struct labels_tx *t = arg;
	struct store_item it;
	int64_t now = time_now_ms();
	int rc;
	if ((rc = store_item_get(st, t->a, t->user_id, t->id, &it)) != STORE_OK ||
	    (rc = store_run2(st, stmt(st, STMT_ITEM_TOUCH), it.seq, now, "touching an item")) != STORE_OK ||
	    (rc = store_run(st, stmt(st, STMT_ITEM_LABELS_CLEAR), it.seq, "clearing labels")) != STORE_OK)
		return rc;
	for (size_t i = 0; i < t->n; i++) {
		struct store_label l;
		struct db_stmt *s;
		if (t->labels[i].id)
			rc = store_label_get(st, t->a, t->user_id, t->labels[i].id, &l);
		else
			rc = store_label_ensure(st, t->a, t->user_id, t->labels[i].name, t->labels[i].color, &l);
		if (rc != STORE_OK)
			return rc;
		s = stmt(st, STMT_ITEM_LABEL_ADD);
		db_bind_int64(s, 1, it.seq);
		db_bind_text(s, 2, l.id);
		db_bind_int64(s, 3, now + (int64_t)i);
		if ((rc = store_step_done(st, s, "labelling an item")) != STORE_OK)
			return rc;
	}
	t->seq = it.seq;
	return store_item_check_labels(st, it.seq, 0);
}

int store_item_set_labels(struct store *st, struct arena *a, const char *user_id, const char *id,
                          const struct store_label_ref *labels, size_t n, struct store_label **out, size_t *nout)
{
	struct labels_tx t = { a, user_id, id, labels, n, 0 };
	int rc = store_tx(st, labels_tx, &t);
	return rc != STORE_OK ? rc : store_item_labels(st, a, t.seq, out, nout);
}

int store_updates_since(struct store *st, struct arena *a, const char *user_id, int64_t since_ms, const char *folder,
                        bool descending, int64_t offset, int64_t limit, struct store_update **out, size_t *n)
{
	struct db_stmt *s = stmt(st, STMT_UPDATES_SINCE);
	bool oom = false;
	int rc;
	*out = NULL;
	*n = 0;
	if (limit <= 0)
		return STORE_OK;
	if ((*out = arena_alloc(a, (size_t)limit * sizeof **out)) == NULL) {
		snprintf(st->errmsg, sizeof st->errmsg, "out of memory listing updates");
		return STORE_E_DB;
	}
	db_bind_text(s, 1, user_id);
	db_bind_int64(s, 2, since_ms);
	db_bind_int64(s, 3, limit);
	db_bind_int64(s, 4, offset);
	store_bind_text(s, 5, folder);
	db_bind_int64(s, 6, descending);
	while ((rc = db_step(s)) == DB_ROW && *n < (size_t)limit) {
		struct store_update *u = &(*out)[(*n)++];
		u->seq = db_col_type(s, 0) == DB_NULL ? 0 : db_col_int64(s, 0);
		u->item_id = store_col_text(a, s, 1, &oom);
		u->time_ms = db_col_int64(s, 2);
	}
	if (rc == DB_ROW || rc == DB_DONE)
		rc = oom ? STORE_E_DB : STORE_OK;
	else
		rc = store_fail(st, rc, "listing updates");
	store_done(s);
	return rc;
}

int store_updates_since_count(struct store *st, const char *user_id, int64_t since_ms, const char *folder, int64_t *count)
{
	struct db_stmt *s = stmt(st, STMT_UPDATES_SINCE_COUNT);
	db_bind_text(s, 1, user_id);
	db_bind_int64(s, 2, since_ms);
	store_bind_text(s, 3, folder);
	*count = 0;
	return store_get_ints(st, s, count, 1, "counting updates");
}

/* one batch of the purge: the LIMIT_DELETE_BATCH items longest in the trash (by deleted_at, seq), or those left */
static int purge_batch(struct store *st, struct store_batch *b)
{
	static const enum stmt steps[] = { STMT_TRASH_TOMBSTONE, STMT_TRASH_PURGE };
	int64_t older = *(const int64_t *)b->arg, cut[2] = { older, 0 }; /* no LIMIT_DELETE_BATCH-th: all before older */
	struct db_stmt *s = stmt(st, STMT_TRASH_PURGE_CUT);
	int rc;
	db_bind_int64(s, 1, older);
	db_bind_int64(s, 2, LIMIT_DELETE_BATCH - 1);
	if ((rc = store_get_ints(st, s, cut, 2, "finding a batch of old trash")) == STORE_E_NOTFOUND)
		rc = STORE_OK;
	for (size_t i = 0; rc == STORE_OK && i < 2; i++) {
		s = stmt(st, steps[i]);
		db_bind_int64(s, 1, older);
		db_bind_int64(s, 2, cut[0]);
		db_bind_int64(s, 3, cut[1]);
		rc = store_step_done(st, s, i == 0 ? "recording tombstones" : "emptying the trash");
	}
	if (rc == STORE_OK)
		b->n = db_changes(st->db);
	return rc;
}

int store_trash_purge(struct store *st, int64_t older_than_ms, int64_t *purged)
{
	*purged = 0;
	return store_batches(st, purge_batch, &older_than_ms, purged);
}

int store_item_touch(struct store *st, int64_t seq, int64_t ms, const char *what)
{
	return store_run2(st, stmt(st, STMT_ITEM_TOUCH), seq, ms, what);
}

int store_item_label_add(struct store *st, int64_t seq, const char *label_id, int64_t at, const char *what)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_LABEL_ADD);
	db_bind_int64(s, 1, seq);
	db_bind_text(s, 2, label_id);
	db_bind_int64(s, 3, at);
	return store_step_done(st, s, what);
}

int store_item_label_count(struct store *st, int64_t seq, int64_t *n, const char *what)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_LABEL_COUNT);
	db_bind_int64(s, 1, seq);
	return store_get_ints(st, s, n, 1, what);
}

int store_item_slug_taken(struct store *st, const char *user_id, const char *slug, const char *what)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_SLUG_TAKEN);
	int64_t one;
	store_bind_texts(s, 1, (const char *const[]){ user_id, slug }, 2);
	return store_get_ints(st, s, &one, 1, what);
}

/* ---- a user's whole library, page by page (read only; the export) ---- */

int store_item_page(struct store *st, struct arena *a, const char *user_id, int64_t after_seq, int64_t limit,
                    struct store_item **out, size_t *n)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_PAGE);
	db_bind_text(s, 1, user_id);
	db_bind_int64(s, 2, after_seq);
	db_bind_int64(s, 3, limit);
	return store_get_rows(st, a, s, &store_rowdef_item, (void **)out, n, "reading a page of items");
}
