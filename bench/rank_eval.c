/* rank_eval.c: bench/rank-eval's measure: a labelled set (rank_eval_prep.mjs) loaded into a real SQLite library through the store, each query searched, precision@10 and nDCG@10 for each candidate ranking. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store/search.h"
#include "store/store.h"
#include "store/store_int.h" /* only to set PRAGMA synchronous = OFF while the library is built (not measured) */
#include "util/arena.h"

#define MAX_REL 64

struct doc { char *id, *item; };
struct query { char *set, *group, *q; int nrel; char *rel[MAX_REL]; };

static struct doc *docs;
static size_t ndocs;
static struct query *qs;
static size_t nqs;

static void die(const char *what, struct store *st)
{
	fprintf(stderr, "rank_eval: %s%s%s\n", what, st ? ": " : "", st ? store_errmsg(st) : "");
	exit(1);
}

/* the tab-separated fields of one line, in place; how many */
static int fields(char *line, char **f, int max)
{
	int n = 0;
	line[strcspn(line, "\n")] = 0;
	while (n < max) {
		f[n++] = line;
		if (!(line = strchr(line, '\t')))
			break;
		*line++ = 0;
	}
	return n;
}

static int by_item(const void *a, const void *b) { return strcmp(((const struct doc *)a)->item, ((const struct doc *)b)->item); }

static const char *doc_of_item(const char *item)
{
	struct doc key = { .item = (char *)item }, *d = bsearch(&key, docs, ndocs, sizeof *docs, by_item);
	return d ? d->id : NULL;
}

/* every article of docs.tsv saved for user "eval" into a fresh library (saved times spread at random, so that
 * recency owes nothing to a corpus' order); docs[].item its item id */
static void load(const char *dir, struct store *st, const char *user)
{
	char path[4096], *line = NULL, *f[5];
	size_t cap = 0, cdocs = 0;
	uint64_t seed = 0x9E3779B97F4A7C15u;
	struct arena a;
	FILE *in;
	snprintf(path, sizeof path, "%s/docs.tsv", dir);
	if (!(in = fopen(path, "r")))
		die(path, NULL);
	arena_init(&a);
	if (db_exec(st->db, "PRAGMA synchronous = OFF") != DB_OK)
		die("PRAGMA synchronous", st);
	while (getline(&line, &cap, in) > 0) {
		if (fields(line, f, 5) < 5)
			continue;
		struct store_article art = { .title = *f[2] ? f[2] : NULL, .content = "<p></p>", .text = f[3],
		                             .words_count = (int)(strlen(f[3]) / 6), .language = *f[1] ? f[1] : NULL };
		seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
		struct store_save sv = { .user_id = user, .url = arena_printf(&a, "https://rank-eval.example/%s", f[0]),
		                         .saved_ms = INT64_C(1700000000000) + (int64_t)(seed % (365ull * 86400000ull)), .article = &art };
		struct store_item it;
		bool existed;
		if (store_item_save(st, &a, &sv, &it, &existed) != STORE_OK)
			die("saving an article", st);
		if (ndocs == cdocs && !(docs = realloc(docs, (cdocs = cdocs ? cdocs * 2 : 1024) * sizeof *docs)))
			die("out of memory", NULL);
		docs[ndocs++] = (struct doc){ .id = strdup(f[0]), .item = strdup(it.id) };
		arena_reset(&a);
	}
	free(line);
	fclose(in);
	arena_free(&a);
}

static void read_queries(const char *dir)
{
	char path[4096], *line = NULL, *f[5];
	size_t cap = 0, cq = 0;
	FILE *in;
	snprintf(path, sizeof path, "%s/queries.tsv", dir);
	if (!(in = fopen(path, "r")))
		die(path, NULL);
	while (getline(&line, &cap, in) > 0) {
		if (fields(line, f, 5) < 5)
			continue;
		if (nqs == cq && !(qs = realloc(qs, (cq = cq ? cq * 2 : 1024) * sizeof *qs)))
			die("out of memory", NULL);
		struct query *q = &qs[nqs++];
		*q = (struct query){ .set = strdup(f[1]), .q = strdup(f[3]) };
		for (char *r = strtok(f[4], ","); r && q->nrel < MAX_REL; r = strtok(NULL, ","))
			q->rel[q->nrel++] = strdup(r);
		q->group = strdup(strchr(q->rel[0], '/') ? q->rel[0] : "?");
		*strchr(q->group, '/') = 0;
	}
	free(line);
	fclose(in);
}

struct score { double p10, ndcg; int n; };

/* precision@10 and nDCG@10 (binary relevance) of one query's first page */
static void score_query(struct store *st, struct arena *a, const char *user, const struct query *q, struct score *s)
{
	struct store_search_req req = { .user_id = user, .query = q->q, .limit = 10 };
	struct store_search_res res;
	double dcg = 0, idcg = 0;
	int hits = 0;
	if (store_search(st, a, &req, &res) != STORE_OK)
		die(q->q, st);
	for (size_t i = 0; i < res.n; i++) {
		const char *d = doc_of_item(res.items[i].id);
		for (int k = 0; d && k < q->nrel; k++)
			if (strcmp(d, q->rel[k]) == 0) {
				hits++;
				dcg += 1 / log2((double)i + 2);
				break;
			}
	}
	for (int i = 0; i < q->nrel && i < 10; i++)
		idcg += 1 / log2((double)i + 2);
	s->p10 += hits / 10.0;
	s->ndcg += idcg > 0 ? dcg / idcg : 0;
	s->n++;
}

static const struct { const char *name; struct store_rank r; } cands[] = {
	{ "no ranking: newest first", { STORE_RANK_WEIGHTS, true, false, 0, 0 } },
	{ "today: 10,6,4,6,1,6,5, exact forms first", STORE_RANK_DEFAULT },
	{ "today without exact forms first", { STORE_RANK_WEIGHTS, false, true, 0, 0 } },
	{ "flat weights 1,1,1,1,1,1,1", { "1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0", true, true, 0, 0 } },
	{ "title boost 20 (20,6,4,6,1,6,5)", { "20.0, 6.0, 4.0, 6.0, 1.0, 6.0, 5.0", true, true, 0, 0 } },
	{ "title boost 5 (5,6,4,6,1,6,5)", { "5.0, 6.0, 4.0, 6.0, 1.0, 6.0, 5.0", true, true, 0, 0 } },
	{ "text heavier (10,6,4,6,3,6,5)", { "10.0, 6.0, 4.0, 6.0, 3.0, 6.0, 5.0", true, true, 0, 0 } },
	{ "metadata lighter (10,2,2,2,1,6,5)", { "10.0, 2.0, 2.0, 2.0, 1.0, 6.0, 5.0", true, true, 0, 0 } },
	{ "recency tie-break (scores within 0.5 tie)", { STORE_RANK_WEIGHTS, true, true, 0.5, 0 } },
	{ "recency tie-break (scores within 2 tie)", { STORE_RANK_WEIGHTS, true, true, 2, 0 } },
	{ "the caller's idf, log(1 + 100 / rows)", { STORE_RANK_WEIGHTS, true, true, 0, 100 } },
	{ "the caller's idf, log(1 + 1000 / rows)", { STORE_RANK_WEIGHTS, true, true, 0, 1000 } },
};

static const char *const sets[] = { "title", "title1", "body", "word" };
#define NSETS (sizeof sets / sizeof *sets)

static void report(const char *name, const struct score *all, const struct score *set)
{
	printf("  %-46s %6.4f %6.4f |", name, all->p10 / (all->n ? all->n : 1), all->ndcg / (all->n ? all->n : 1));
	for (size_t k = 0; k < NSETS; k++)
		printf(" %6.4f", set[k].ndcg / (set[k].n ? set[k].n : 1));
	printf("\n");
}

/* nDCG@10 of each corpus (the first relevant article's source) for one candidate */
static void by_group(struct store *st, struct arena *a, const char *user)
{
	const char *seen[64];
	int ng = 0;
	for (size_t i = 0; i < nqs; i++) {
		int g = 0;
		while (g < ng && strcmp(seen[g], qs[i].group) != 0)
			g++;
		if (g == ng && ng < 64)
			seen[ng++] = qs[i].group;
	}
	for (int g = 0; g < ng; g++) {
		struct score s = { 0 };
		for (size_t i = 0; i < nqs; i++)
			if (strcmp(qs[i].group, seen[g]) == 0) {
				score_query(st, a, user, &qs[i], &s);
				arena_reset(a);
			}
		printf("    %-14s %4d queries  P@10 %6.4f  nDCG@10 %6.4f\n", seen[g], s.n, s.p10 / s.n, s.ndcg / s.n);
	}
}

int main(int argc, char **argv)
{
	const char *dir = NULL, *lib = NULL;
	char err[512];
	struct store *st;
	struct store_user u;
	struct arena a;
	struct stat sb;
	int opt;
	while ((opt = getopt(argc, argv, "d:l:")) != -1) {
		if (opt == 'd')
			dir = optarg;
		else if (opt == 'l')
			lib = optarg;
		else
			dir = NULL, optind = argc;
	}
	if (!dir || !lib) {
		fprintf(stderr, "usage: rank_eval -d SET_DIR -l LIBRARY.db (a fresh path: the library is built there)\n");
		return 2;
	}
	if (stat(lib, &sb) == 0)
		die("the library exists already (give a fresh path)", NULL);
	if (store_init(lib, err, sizeof err) != STORE_OK || store_open(lib, &st, err, sizeof err) != STORE_OK)
		die(err, NULL);
	arena_init(&a);
	if (store_user_add(st, &a, "eval", NULL, NULL, NULL, &u) != STORE_OK)
		die("adding the user", st);
	u.id = strdup(u.id);
	load(dir, st, u.id);
	qsort(docs, ndocs, sizeof *docs, by_item);
	read_queries(dir);
	printf("rank_eval: %zu articles, %zu queries; binary relevance\n", ndocs, nqs);
	printf("  %-46s %6s %6s | nDCG@10 by query set:\n  %-46s %6s %6s |", "candidate", "all:", "", "", "P@10", "nDCG");
	for (size_t k = 0; k < NSETS; k++)
		printf(" %6s", sets[k]);
	printf("\n");
	for (size_t c = 0; c < sizeof cands / sizeof *cands; c++) {
		struct score all = { 0 }, set[NSETS] = { 0 };
		store_search_rank(&cands[c].r);
		for (size_t i = 0; i < nqs; i++) {
			struct score one = { 0 };
			score_query(st, &a, u.id, &qs[i], &one);
			arena_reset(&a);
			all.p10 += one.p10, all.ndcg += one.ndcg, all.n++;
			for (size_t k = 0; k < NSETS; k++)
				if (strcmp(qs[i].set, sets[k]) == 0)
					set[k].p10 += one.p10, set[k].ndcg += one.ndcg, set[k].n++;
		}
		report(cands[c].name, &all, set);
	}
	printf("  queries per set:");
	for (size_t k = 0; k < NSETS; k++) {
		int n = 0;
		for (size_t i = 0; i < nqs; i++)
			n += strcmp(qs[i].set, sets[k]) == 0;
		printf(" %s %d", sets[k], n);
	}
	printf("\n");
	store_search_rank(NULL);
	printf("  the kept ranking, by corpus:\n");
	by_group(st, &a, u.id);
	store_close(st);
	arena_free(&a);
	return 0;
}
