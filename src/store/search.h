/* search.h: the library search (Omnivore's query language over SQLite FTS5): one page of a user's items. */
#ifndef LARDER_SEARCH_H
#define LARDER_SEARCH_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct arena;
struct store;
struct store_item;

struct store_search_req {
	const char *user_id;
	const char *query;      /* NULL or "" = every item not in the trash; the caller enforces LIMIT_SEARCH_QUERY */
	int64_t offset, limit;  /* offset < 0 = 0; limit <= 0 = 10, capped at LIMIT_PAGE_SIZE_MAX (the caller applies page_size_max) */
	bool want_total;        /* count every match (costs a second query) */
	int64_t now_ms;         /* 0 = now; resolves today, last24hrs, … */
	int tz_offset_min;      /* the user's time zone, minutes east of UTC (UTC+02:00 = 120) */
	int64_t time_ms;        /* > 0: the search stops after this long inside SQLite (STORE_E_LIMIT, r->error says so) */
};

struct store_search_res {
	struct store_item *items;
	size_t n;
	bool has_next;
	int64_t total;          /* -1 when not asked */
	char error[256];        /* set with STORE_E_INVAL for a malformed query (a message naming the bad value) and
	                           with STORE_E_LIMIT for a search that ran out of time_ms */
};

/* One page of the user's items matching the query, in a stable order (every ORDER BY ends with seq).
 * STORE_OK; STORE_E_INVAL with r->error for a malformed query; STORE_E_LIMIT with r->error when it ran longer
 * than q->time_ms (the connection stays usable); STORE_E_DB otherwise (store_errmsg). */
int store_search(struct store *st, struct arena *a, const struct store_search_req *q, struct store_search_res *r);

/* How a ranked page (at most RANK_MAX matches, no sort: asked; search.c) is ordered. bench/rank-eval measures
 * candidates through store_search_rank; every search uses STORE_RANK_DEFAULT, the best it measured. */
#define STORE_RANK_WEIGHTS "10.0, 6.0, 4.0, 6.0, 1.0, 6.0, 5.0" /* title, author, description, site, text, labels, notes */
struct store_rank {
	const char *weights; /* larder_rank's column weights (a constant: it is written into the SQL) */
	bool exact_first;    /* a word read in its other forms: the rows holding every word as written come first */
	bool ranked;         /* false: no relevance, the sort order alone (newest first) */
	double tie;          /* > 0: scores within this much of each other tie, and the newer item comes first */
	double idf;          /* > 0: each word weighted by log(1 + idf / the caller's rows holding it) (fts.c) */
};
#define STORE_RANK_DEFAULT { STORE_RANK_WEIGHTS, true, true, 0, 0 }
/* Sets the ranking of this process's SQLite searches (NULL: STORE_RANK_DEFAULT); for bench/rank-eval only.
 * PostgreSQL's rank reads STORE_RANK_WEIGHTS. */
void store_search_rank(const struct store_rank *r);
/* PostgreSQL's window of a walk in date order (search.c's pg_probe) on (1) or off (0; -1 leaves it), for tests
 * that compare the pages both ways; the number of pages read through a window since the last call */
long store_search_windows(int on);

/* Fills the full-text index with the search rows db/024_search_words.sql (SQLite) or
 * db/pg/028_search_words_c.sql (PostgreSQL) left waiting (search_pending), in batches of 200 rows, each its own
 * committed transaction, so a stop loses nothing and the next call goes on; an item with no language gets
 * words_lang_guess's (src/store/words.h) from its text, stored as its language. progress (may be NULL) is
 * called with 0 first, then after each batch. Nothing to do on a library indexed since. STORE_OK, or the
 * failure (store_errmsg). */
int store_search_reindex(struct store *st, void (*progress)(void *arg, int64_t done, int64_t total), void *arg);

/* One bounded step of the index's merge (SQLite; nothing to do on PostgreSQL): FTS5's incremental 'merge' of
 * at most `pages` pages (about 4 KB each), one autocommitted statement, merging the segments of a level that
 * holds two or more (usermerge 2), so that an index written save by save keeps about one segment per level
 * and a word's lookup reads few. The worker calls it when idle. 1 when it merged something (call again), 0
 * when nothing is left to merge, or the failure (store_errmsg). */
int store_search_merge(struct store *st, int pages);

/* PostgreSQL (search_pg.c): writes the tsvector of every search row the driver saw marked (the trigger
 * item_search_words of db/pg/028_search_words_c.sql; db_pg_take_marks), made in C by words.c: in the open
 * transaction, or in one of its own after a statement outside one. The driver calls it (through
 * store_search_words_hook, set by store_open) before each COMMIT and after such a statement. Nothing on
 * SQLite. STORE_OK, or the failure (store_errmsg). */
int store_search_words(struct store *st);
int store_search_words_hook(void *arg);

#endif
