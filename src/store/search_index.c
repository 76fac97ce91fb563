/* search_index.c: filling the full-text index after db/024_search_words.sql (store_search_reindex, run by larder init: batches, each committed, the items' languages guessed where none is known), and the worker's bounded merge steps (store_search_merge). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "store/search.h"
#include "store/search_pg.h"
#include "store/store_int.h"
#include "store/words.h"
#include "util/limits.h"

#define REINDEX_BATCH 200

/* one search row into the index: its language first (library_items.language, or guessed from its text and
 * stored there: the trigger items_au_language writes the row's lang, which indexes it), else a no-op update of
 * the row (item_search_au indexes it and takes it off search_pending); PostgreSQL: noted in the driver, and
 * the batch's commit writes its words and takes it off (store_search_words) */
static int reindex_row(struct store *st, struct db_stmt *get, struct db_stmt *setlang, struct db_stmt *touch, int64_t seq)
{
	const char *guess = NULL;
	size_t n = 0;
	int rc;
	db_bind_int64(get, 1, seq);
	if ((rc = store_step_row(st, get, "reading a search row")) == STORE_OK) {
		if (db_col_type(get, 0) == DB_NULL && db_col_type(get, 1) != DB_NULL) {
			const char *text = db_col_text(get, 1, &n);
			guess = words_lang_guess(text, n);
		}
	}
	store_done(get);
	if (rc == STORE_E_NOTFOUND)
		return STORE_OK;
	if (rc != STORE_OK)
		return rc;
	if (guess) {
		db_bind_text(setlang, 2, guess);
		if ((rc = store_run(st, setlang, seq, "storing an item's language")) != STORE_OK)
			return rc;
	}
#ifdef HAVE_LIBPQ
	if (!db_is_sqlite(st->db)) { /* noted for the commit, which writes its words (search_pg.c): no write of the row
	                              * before (an UPDATE of it wrote every lexeme of its vector into the GIN index again) */
		db_pg_mark(st->db, seq);
		return STORE_OK;
	}
#endif
	return store_run(st, touch, seq, "indexing a search row");
}

static int prepare(struct store *st, const char *sql, struct db_stmt **s)
{
	int rc = db_prepare(st->db, sql, false, s);
	return rc == DB_OK ? STORE_OK : store_fail(st, rc, "preparing the re-index");
}

/* one batch of at most REINDEX_BATCH pending rows as one transaction; *n: how many */
static int reindex_batch(struct store *st, struct db_stmt **s, int64_t *n)
{
	int64_t seqs[REINDEX_BATCH];
	int rc, k = 0;
	*n = 0;
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	while (k < REINDEX_BATCH && (rc = db_step(s[0])) == DB_ROW)
		seqs[k++] = db_col_int64(s[0], 0);
	store_done(s[0]);
	rc = rc == DB_ROW || rc == DB_DONE ? STORE_OK : store_fail(st, rc, "listing rows to index");
	for (int i = 0; i < k && rc == STORE_OK; i++)
		rc = reindex_row(st, s[1], s[2], s[3], seqs[i]);
	if (rc == STORE_OK)
		*n = k;
	return store_end(st, rc);
}

/* PostgreSQL's GIN index of the vectors: kept up to date row by row, its cost is each row's every lexeme inserted
 * (4.5 ms of the server's CPU per 10,000-word article with fastupdate's pending list, 9.8 ms without), more than
 * words.c takes to make the vector (1 ms); built once over the table, 3.4 ms. So a re-index of half the rows or more
 * drops it first and builds it after (search_pg_index); searches meanwhile read the owner's rows without it. */
/* (looked up first: CREATE INDEX IF NOT EXISTS would take the table's lock, waiting on its writers, even when the
 * index is there) */
/* (fastupdate off, as db/pg/037 sets it: no pending list, which every user's searches would scan) */
static const char pg_index_sql[] = "DO $$ BEGIN IF to_regclass('item_search_tsv') IS NULL THEN"
                                   " CREATE INDEX item_search_tsv ON item_search USING gin (tsv) WITH (fastupdate = off);"
                                   " END IF; END $$";

int search_pg_index(struct db *db, bool on)
{
	return db_exec(db, on ? pg_index_sql : "DROP INDEX IF EXISTS item_search_tsv");
}

/* PostgreSQL: the index dropped before a re-index of most rows (bulk) and built after it, and after a re-index
 * an earlier init left unfinished (a stop between the last batch and the build: nothing is done when the index is
 * there); a stop anywhere leaves the rows listed in search_pending and init goes on */
static int pg_index(struct store *st, bool on, bool bulk)
{
	int rc;
	if (db_is_sqlite(st->db) || (!on && !bulk))
		return STORE_OK;
	return (rc = search_pg_index(st->db, on)) == DB_OK ? STORE_OK
	       : store_fail(st, rc, on ? "building the search index" : "dropping the search index");
}

int store_search_reindex(struct store *st, void (*progress)(void *arg, int64_t done, int64_t total), void *arg)
{
	static const char *const sql[] = {
		"SELECT seq FROM search_pending ORDER BY seq LIMIT " LIMIT_STR(REINDEX_BATCH),
		"SELECT i.language, s.text FROM item_search s JOIN library_items i ON i.seq = s.seq WHERE s.seq = ?1",
		"UPDATE library_items SET language = ?2 WHERE seq = ?1 AND language IS NULL",
		"UPDATE item_search SET lang = lang WHERE seq = ?1 AND seq IN (SELECT seq FROM search_pending)",
		"SELECT (SELECT count(*) FROM search_pending), (SELECT count(*) FROM item_search)",
	};
	struct db_stmt *s[5] = { 0 };
	int64_t total = 0, done = 0, n = 0;
	int rc = STORE_OK;
	bool bulk = false;
	for (size_t i = 0; i < 5 && rc == STORE_OK; i++)
		rc = prepare(st, sql[i], &s[i]);
	if (rc == STORE_OK && (rc = store_step_row(st, s[4], "counting rows to index")) == STORE_OK) {
		total = db_col_int64(s[4], 0);
		bulk = total > 0 && total * 2 >= db_col_int64(s[4], 1);
	}
	if (rc == STORE_E_NOTFOUND)
		rc = STORE_OK;
	store_done(s[4]);
	if (rc == STORE_OK)
		rc = pg_index(st, false, bulk);
	if (rc == STORE_OK && total > 0 && progress)
		progress(arg, 0, total);
	while (rc == STORE_OK && total > 0 && (rc = reindex_batch(st, s, &n)) == STORE_OK && n > 0) {
		done += n;
		if (progress)
			progress(arg, done, total);
	}
	/* the index written in batches is many segments, each read by every lookup of a word: merged into one, a
	 * rare word's search took 0.14 ms instead of 0.24 (30,000 articles) */
	if (rc == STORE_OK && done > 0 && db_is_sqlite(st->db) && (rc = db_exec(st->db, "INSERT INTO items_fts(items_fts) VALUES ('optimize')")) != DB_OK)
		rc = store_fail(st, rc, "merging the search index");
	if (rc == STORE_OK)
		rc = pg_index(st, true, bulk);
	for (size_t i = 0; i < 5; i++)
		db_finalize(s[i]);
	return rc;
}

static int64_t total_changes(struct store *st, int *rc)
{
	struct db_stmt *s = NULL;
	int64_t n = 0;
	if ((*rc = prepare(st, "SELECT total_changes()", &s)) == STORE_OK && (*rc = store_step_row(st, s, "reading changes")) == STORE_OK)
		n = db_col_int64(s, 0);
	db_finalize(s);
	return n;
}

int store_search_merge(struct store *st, int pages)
{
	/* FTS5's automerge (4) merges at a save's own commit; usermerge 2 lets a step also merge a level's pair,
	 * so the segments a lookup reads stay about log2 of the index's size */
	static const char usermerge[] = "INSERT INTO items_fts(items_fts, rank) SELECT 'usermerge', 2"
	                                " WHERE NOT EXISTS (SELECT 1 FROM items_fts_config WHERE k = 'usermerge' AND v = 2)";
	struct db_stmt *s = NULL;
	int64_t before, after;
	int rc;
	if (!db_is_sqlite(st->db))
		return 0;
	if ((rc = db_exec(st->db, usermerge)) != DB_OK)
		return store_fail(st, rc, "setting the search index's merge");
	before = total_changes(st, &rc);
	if (rc == STORE_OK && (rc = prepare(st, "INSERT INTO items_fts(items_fts, rank) VALUES ('merge', ?1)", &s)) == STORE_OK)
		rc = store_run(st, s, pages > 0 ? pages : 1, "merging the search index");
	db_finalize(s);
	after = rc == STORE_OK ? total_changes(st, &rc) : before;
	/* a step that merged writes pages and the index's structure; one that found nothing writes none */
	return rc != STORE_OK ? rc : after - before >= 2 ? 1 : 0;
}
