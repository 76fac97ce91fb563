/* search_rank.h: inside the store, PostgreSQL's ranked page scored in C (search_rank.c): the query's phrases and its words-as-written tier, the lexemes a row must give for them, and one row's tier and score by rank.c's formula. */
#ifndef LARDER_STORE_SEARCH_RANK_H
#define LARDER_STORE_SEARCH_RANK_H
#include <stdbool.h>
#include <stddef.h>

struct arena;
struct search_terms;

/* one phrase: positions 0..npos-1, alternatives alt[i] (the owner's key and a token) at position k[i], in the
 * columns named by their letters; prefix: the last position's alternatives are prefixes */
struct rank_phrase { const char *cols; bool prefix; int npos, nalt; const char **alt; const int *k; };
enum rank_op { RANK_LEAF, RANK_AND, RANK_OR };
/* the words-as-written tier as a tree of phrases (tsquery's && and ||); a leaf's ph -1: no words (tsquery's
 * empty operand, which && and || leave out) */
struct rank_node { enum rank_op op; int l, r, ph; };

struct search_rank {
	struct arena *a;
	const char *key;                 /* the caller's key (search_pg_key) */
	struct rank_phrase *ph; int nph, cph; /* the rank's phrases, in the order FTS5 numbers SQLite's */
	struct rank_phrase *ex; int nex, cex; /* the tier's phrases */
	struct rank_node *node; int nnode, cnode;
	int root;                        /* the tier's tree; -1: no tier (every row is in the first) */
	bool any_prefix;
	bool err;                        /* out of memory */
};

void search_rank_init(struct search_rank *r, struct arena *a, const char *key);
/* t's tokens [from, to) as a phrase over cols: in the rank's list (tier false) or the tier's; its index, -1 when
 * out of memory */
int search_rank_phrase(struct search_rank *r, bool tier, const struct search_terms *t, int from, int to,
                       const char *cols, bool prefix);
int search_rank_node(struct search_rank *r, enum rank_op op, int l, int rr, int ph);
/* the rank parts (search_pg.h's PG_RANK_PARTS) holding the lexemes of the phrases' words, one bit each; a prefix's
 * last word is not in it (its lexemes are those of the row that start with it: read from the whole vector) */
unsigned search_rank_parts(const struct search_rank *r);
/* the lexemes the phrases read, as a PostgreSQL text[] literal; prefixes: those of the prefix phrases' last
 * positions ("{}" when none); keyed: as the row's vector holds them (the column's letter, the owner's key, the
 * word), else as its rank parts do (the letter and the word); NULL out of memory */
const char *search_rank_lexemes(struct search_rank *r, bool prefixes, bool keyed);
/* one candidate row: tsv, the text of the row's tsvector filtered to the lexemes above (weights ignored; keyed as
 * they were listed), and lens, its "{n,…}" column lengths (NULL: zeros). *tier 0 when the row holds the tier's
 * words (or there is no tier), else 1; *score rank.c's. 0, or -1 when the text is not a tsvector's or memory ran
 * out */
int search_rank_row(const struct search_rank *r, struct arena *a, const char *tsv, size_t ntsv, bool keyed,
                    const char *lens, size_t nlens, int *tier, double *score);
#endif
