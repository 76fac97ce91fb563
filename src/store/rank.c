/* rank.c: the ranked page's relevance formula (rank.h), shared by SQLite's larder_rank in fts.c and PostgreSQL's ranked page in search_rank.c, so both engines give one row the same score to the last bit. */
#include "store/rank.h"

#include <stdlib.h>

#define K1 1.2
#define B 0.5

double store_rank_score(const int *tf, int nphrase, int ncol, const int *len, const double *w, int nw,
                        const double *idf)
{
	static const double typical[STORE_RANK_COLS] = { 8, 3, 25, 4, 800, 3, 40 }; /* tokens; others 10 */
	double score = 0;
	if (ncol > STORE_RANK_COLS)
		ncol = STORE_RANK_COLS;
	for (int c = 0; c < ncol; c++) {
		double wc = c < nw ? w[c] : 1.0;
		double norm = 1 - B + B * (double)len[c] / (typical[c] > 0 ? typical[c] : 10);
		for (int p = 0; p < nphrase; p++) {
			double f = tf[p * ncol + c];
			if (f > 0)
				score += wc * (idf ? idf[p] : 1) * f * (K1 + 1) / (f + K1 * norm);
		}
	}
	return -score;
}

int store_rank_weights(const char *list, double *w, int max)
{
	int n = 0;
	char *end;
	while (n < max && *list) {
		w[n] = strtod(list, &end);
		if (end == list)
			break;
		n++;
		list = end;
		while (*list == ',' || *list == ' ')
			list++;
	}
	return n;
}
