/* rank.h: the ranked page's relevance of one row from its phrases' hit counts and its columns' lengths, the one formula SQLite's larder_rank (fts.c) and PostgreSQL's ranked page (search_rank.c) share. */
#ifndef LARDER_STORE_RANK_H
#define LARDER_STORE_RANK_H

#define STORE_RANK_COLS 16 /* columns read at most (the search has 7) */

/* tf[p * ncol + c]: how often phrase p occurs in column c; len[c]: column c's size in positions; w[c]: its weight
 * (1 past nw); idf: NULL, or each phrase's weight (bench/rank-eval's candidate). Lower is better (it sorts like
 * bm25): minus the sum, column by column and phrase by phrase in that order, of w * idf * tf * (K1 + 1) /
 * (tf + K1 * norm), norm from the column's length against a fixed typical length. Reads nothing but its
 * arguments, so no other owner's rows can change it. */
double store_rank_score(const int *tf, int nphrase, int ncol, const int *len, const double *w, int nw,
                        const double *idf);

/* the column weights of a STORE_RANK_WEIGHTS-like list ("10.0, 6.0, …") into w (at most max); how many */
int store_rank_weights(const char *list, double *w, int max);

#endif
