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
 * item_search_words of db/pg/026_search_words_c.sql; db_pg_marked), made in C by words.c: in the open
 * transaction, or in one of its own after a statement outside one. The driver calls it (through
 * store_search_words_hook, set by store_open) before each COMMIT and after such a statement. Nothing on
 * SQLite. STORE_OK, or the failure (store_errmsg). */
int store_search_words(struct store *st);
int store_search_words_hook(void *arg);

/* a user's word or phrase as words.c's tokens, each with its position (from 1; colocated tokens share one) */
enum words_mode;
struct words;
struct search_terms { int n, cap, npos; const char **tok; int *pos; struct arena *a; };
int search_terms(struct words *w, struct arena *a, enum words_mode mode, const char *langs, const char *text,
                 struct search_terms *t);
/* PostgreSQL: the owner's key in each of its lexemes (search_pg.c) */
#define PG_KEY_LEN 6
void search_pg_key(const char *owner, char key[PG_KEY_LEN + 1]);
/* PostgreSQL: t's tokens from `from` as a tsquery literal over the columns named by their letters, and
 * [from, to) as larder_rank's phrase, behind the owner's key (search_pg.c); NULL when out of memory */
const char *search_terms_tsquery(struct arena *a, const struct search_terms *t, int from, const char *key,
                                 const char *cols, bool prefix);
const char *search_terms_phrase(struct arena *a, const struct search_terms *t, int from, int to, const char *key,
                                const char *cols, bool prefix);
/* a search row's tsvector literal and column lengths ("{n,…}") from its owner and 7 values (title, author,
 * description, site, text, labels, notes) in the language lang (NULL: English stems); 0, or -1 out of memory */
int search_pg_vector(struct words *w, struct arena *a, const char *owner, const char *const vals[7],
                     const size_t nvals[7], const char *lang, const char **tsv, const char **lens);
#endif
