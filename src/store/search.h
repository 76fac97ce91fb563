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

/* Fills the full-text index with the search rows db/024_search_words.sql (SQLite) or
 * db/pg/026_search_words_c.sql (PostgreSQL) left waiting (search_pending), in batches of 200 rows, each its own
 * committed transaction, so a stop loses nothing and the next call goes on; an item with no language gets
 * words_lang_guess's (src/store/words.h) from its text, stored as its language. progress (may be NULL) is
 * called with 0 first, then after each batch. Nothing to do on a library indexed since. STORE_OK, or the
 * failure (store_errmsg). */
int store_search_reindex(struct store *st, void (*progress)(void *arg, int64_t done, int64_t total), void *arg);

/* PostgreSQL (search_pg.c): writes the tsvector of every search row the driver saw marked (the trigger
 * item_search_words of db/pg/026_search_words_c.sql; db_pg_take_marks), made in C by words.c: in the open
 * transaction, or in one of its own after a statement outside one. The driver calls it (through
 * store_search_words_hook, set by store_open) before each COMMIT and after such a statement. Nothing on
 * SQLite. STORE_OK, or the failure (store_errmsg). */
int store_search_words(struct store *st);
int store_search_words_hook(void *arg);

#endif
