/* search_pg.h: inside the store, PostgreSQL's search words made by words.c (search_pg.c): a row's tsvector literal, a user's word or phrase as a tsquery literal, the owner's key in each lexeme. */
#ifndef LARDER_STORE_SEARCH_PG_H
#define LARDER_STORE_SEARCH_PG_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store/words.h"

struct arena;

/* a user's word or phrase as words.c's tokens, each with its position (from 1; colocated tokens share one) */
struct search_terms { int n, cap, npos; const char **tok; int *pos; struct arena *a; };
int search_terms(struct words *w, struct arena *a, enum words_mode mode, const char *langs, const char *text,
                 struct search_terms *t);
/* PostgreSQL: the owner's key in each of its lexemes (search_pg.c) */
#define PG_KEY_LEN 6
void search_pg_key(const char *owner, char key[PG_KEY_LEN + 1]);
/* PostgreSQL: t's tokens from `from` as a tsquery literal over the columns named by their letters, behind the
 * owner's key (search_pg.c); NULL when out of memory */
const char *search_terms_tsquery(struct arena *a, const struct search_terms *t, int from, const char *key,
                                 const char *cols, bool prefix);
/* PostgreSQL: a search row's sample level by its seq (search_pg.c): 0 (7 rows in 8), else 1, 2 or 3 (1 in 8, 64, 512);
 * a row of level k holds each token behind the digits 1 to k as well */
int search_pg_sample(int64_t seq);
/* PostgreSQL: a search row's window lexemes, its seq's bucket at each level (search_pg.c); the buckets covering
 * [lo, hi] at the finest level that needs at most max of them, as a tsquery literal ORing them, *from the first
 * bucket's first seq, *to the last one's last; NULL when none fits (or out of memory) */
#define PG_WIN_LEVELS 5
const char *search_pg_window(struct arena *a, const char *key, int64_t lo, int64_t hi, int max, int64_t *from,
                             int64_t *to);
/* PostgreSQL: a row's column lexemes again, split by their word into PG_RANK_PARTS vectors (rows of
 * item_search_parts), so the ranked page reads the parts holding the query's words, not the whole vector
 * (search_pg.c); the part of a token (the word after the column's letter and the owner's key) */
#define PG_RANK_PARTS 16
int search_pg_part(const char *tok, size_t n);
/* HEAD (as is) and S (" and \\ escaped) as one double-quoted element of an array literal */
struct sb;
void search_pg_array_elem(struct sb *o, const char *head, const char *s);
/* a search row's tsvector literal, column lengths ("{n,…}") and its rank parts (a text[] literal of PG_RANK_PARTS
 * tsvector literals) from its owner, its seq (the sample level) and 7 values (title, author, description, site,
 * text, labels, notes) in the language lang (NULL: English stems); 0, or -1 out of memory */
int search_pg_vector(struct words *w, struct arena *a, const char *owner, int64_t seq, const char *const vals[7],
                     const size_t nvals[7], const char *lang, const char **tsv, const char **lens,
                     const char **parts);
/* PostgreSQL: the GIN index of the vectors dropped (on false) or built when missing (on true), for a re-index or
 * a copy of most rows (search_index.c); a db_rc */
struct db;
int search_pg_index(struct db *db, bool on);
#endif
