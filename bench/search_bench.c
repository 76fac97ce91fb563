/* search_bench.c: in-process search and save benchmark over a synthetic library (100,000 articles of ~1,000 Zipf-distributed words). */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "store/search.h"
#include "store/store.h"
#include "store/store_int.h" /* only to set PRAGMA synchronous on the bench's own connection (see sync_mode) */
#include "util/arena.h"
#include "util/sb.h"

#define VOCAB 200000
static const char *user_name = "bench"; /* -u: whose articles are built (and searched) */
static bool with_total; /* -t: each class timed again with its count, as a client asking pageInfo.totalCount */

static const char *const label_names[] = { "news", "tech", "science", "later", "fav" };
static const int label_pct[] = { 20, 15, 10, 25, 5 };

static uint64_t rng_state = UINT64_C(0x9E3779B97F4A7C15);
static uint64_t rng(void) /* xorshift64*: fixed seed, same library every build */
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * UINT64_C(2685821657736338717);
}

static int die(const char *what, struct store *st)
{
	fprintf(stderr, "search_bench: %s: %s\n", what, st ? store_errmsg(st) : strerror(errno));
	exit(1);
}

static double *zipf_cdf;

/* The store keeps SQLite's default synchronous=FULL (an fsync per commit in WAL mode). The bench sets
 * another mode on its own connection only: OFF while building the cached library (not measured), and
 * NORMAL beside FULL for the saves/s comparison. The store's pragmas are not changed. */
static void sync_mode(struct store *st, const char *mode)
{
	char sql[64];
	snprintf(sql, sizeof sql, "PRAGMA synchronous = %s", mode);
	if (!db_is_sqlite(st->db))
		return; /* PostgreSQL: the server's own settings */
	if (db_exec(st->db, sql) != DB_OK)
		die(sql, st);
}

/* word of rank r (0 = most frequent): consonant-vowel syllables, 2 for the first 7,225 ranks, then 3 */
static void word(uint32_t r, char *out)
{
	static const char cons[] = "bcdfghjklmnprstvz", vow[] = "aeiou";
	int nsyl = r < 85 * 85 ? 2 : 3;
	char *o = out;
	for (int i = 0; i < nsyl; i++) {
		uint32_t s = r % 85;
		r /= 85;
		*o++ = cons[s / 5];
		*o++ = vow[s % 5];
	}
	*o = '\0';
}

static uint32_t zipf(void)
{
	double u = (double)(rng() >> 11) / (double)(UINT64_C(1) << 53) * zipf_cdf[VOCAB - 1];
	uint32_t lo = 0, hi = VOCAB - 1;
	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;
		if (zipf_cdf[mid] < u)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void words(struct sb *b, int n)
{
	char w[16];
	for (int i = 0; i < n; i++) {
		word(zipf(), w);
		if (i)
			sb_putc(b, ' ');
		sb_puts(b, w);
	}
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}


/* builds the library into path (a temporary name first, renamed when complete) */
/* n articles for user_name: a new library at path, or (append) added to the one there, e.g. a second user's */
static void build(const char *path, int n, bool append)
{
	char tmp[4096], err[512];
	struct store *st;
	struct store_user u;
	struct arena a;
	struct sb text, title, desc, content;
	double t0 = now_s();
	const int64_t base = INT64_C(1600000000000);

	snprintf(tmp, sizeof tmp, "%s%s", path, append ? "" : ".building");
	if (!append)
		unlink(tmp);
	if (store_init(tmp, err, sizeof err) != STORE_OK || store_open(tmp, &st, err, sizeof err) != STORE_OK) {
		fprintf(stderr, "search_bench: %s\n", err);
		exit(1);
	}
	arena_init(&a);
	if (store_user_add(st, &a, user_name, NULL, NULL, NULL, &u) != STORE_OK)
		die("adding the user", st);
	u.id = strdup(u.id);
	sync_mode(st, "OFF");
	sb_init(&text);
	sb_init(&title);
	sb_init(&desc);
	sb_init(&content);
	for (int i = 0; i < n; i++) {
		const char *labels[5];
		size_t nl = 0;
		char url[128], author[32], site[32];
		int nw = 900 + (int)(rng() % 201);
		struct store_item it;
		bool existed;
		sb_reset(&text);
		sb_reset(&title);
		sb_reset(&desc);
		sb_reset(&content);
		words(&text, nw);
		words(&title, 4 + (int)(rng() % 5));
		words(&desc, 15);
		sb_puts(&content, "<p>");
		sb_putn(&content, sb_str(&desc), desc.len);
		sb_puts(&content, "</p>");
		for (int l = 0; l < 5; l++)
			if ((int)(rng() % 100) < label_pct[l])
				labels[nl++] = label_names[l];
		snprintf(url, sizeof url, "https://site%d.example/articles/%d", (int)(rng() % 500), i);
		snprintf(author, sizeof author, "Author %d", (int)(rng() % 1000));
		snprintf(site, sizeof site, "Site %d", i % 500);
		struct store_article art = { .title = sb_str(&title), .author = author, .description = sb_str(&desc),
		                             .site_name = site, .content = sb_str(&content), .text = sb_str(&text),
		                             .words_count = nw, .published_ms = base - (int64_t)(rng() % 1000) * 86400000 };
		struct store_save sv = { .user_id = u.id, .url = url, .saved_ms = base + (int64_t)i * 60000 + (int64_t)(rng() % 90000),
		                         .want_state = rng() % 100 < 40 ? "ARCHIVED" : NULL, .labels = labels, .nlabels = nl,
		                         .article = &art };
		if (sb_error(&text) || sb_error(&title) || sb_error(&desc) || sb_error(&content))
			die("out of memory", NULL);
		if (store_item_save(st, &a, &sv, &it, &existed) != STORE_OK)
			die("saving an article", st);
		arena_reset(&a);
		if ((i + 1) % 5000 == 0) {
			fprintf(stderr, "  built %d/%d articles (%.0f/s)\n", i + 1, n, (i + 1) / (now_s() - t0));
		}
	}
	sb_free(&text);
	sb_free(&title);
	sb_free(&desc);
	sb_free(&content);
	store_close(st);
	arena_free(&a);
	if (!append && rename(tmp, path) != 0)
		die("renaming the built library", NULL);
	fprintf(stderr, "  built %d articles in %.0f s\n", n, now_s() - t0);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

struct klass { const char *name; uint32_t lo, hi; const char *fmt; };

/* runs `queries` searches of one class, prints p50/p99 and the matches of the first query */
static void run_class(struct store *st, const char *user_id, const char *name, const char *const *qs, int nq,
                      int queries, int64_t offset)
{
	struct arena a;
	double *lat = malloc(sizeof(double) * (size_t)queries), sum = 0;
	int64_t total = 0;
	size_t got = 0;
	arena_init(&a);
	for (int i = 0; i < nq; i++) { /* warm up and count matches (not timed) */
		struct store_search_req req = { .user_id = user_id, .query = qs[i], .limit = 20, .want_total = true };
		struct store_search_res res;
		if (store_search(st, &a, &req, &res) != STORE_OK)
			die(qs[i], st);
		total += res.total;
		arena_reset(&a);
	}
	for (int pass = 0; pass < (with_total ? 2 : 1); pass++) {
		sum = 0;
		got = 0;
		for (int i = 0; i < queries; i++) {
			struct store_search_req req = { .user_id = user_id, .query = qs[i % nq], .offset = offset, .limit = 20,
			                                .want_total = pass == 1 };
			struct store_search_res res;
			double t = now_s();
			if (store_search(st, &a, &req, &res) != STORE_OK)
				die(qs[i % nq], st);
			lat[i] = (now_s() - t) * 1000;
			sum += lat[i];
			got += res.n;
			arena_reset(&a);
		}
		qsort(lat, (size_t)queries, sizeof *lat, cmp_double);
		if (pass == 0)
			printf("  %-44s p50 %6.2f ms  p99 %6.2f ms  mean %6.2f ms  (%d queries, %.1f items/page, ~%lld matches)\n",
			       name, lat[queries / 2], lat[queries * 99 / 100], sum / queries, queries, (double)got / queries,
			       (long long)(total / nq));
		else /* no "matches" column: pg-grow reads the match counts from the lines above */
			printf("  %-44s p50 %6.2f ms  p99 %6.2f ms  mean %6.2f ms  (the same with totalCount)\n", "",
			       lat[queries / 2], lat[queries * 99 / 100], sum / queries);
	}
	free(lat);
	arena_free(&a);
}

/* -m PAGES: the worker's merge (store_search_merge) run to its end on the library, each step timed: a step is
 * one autocommitted statement, so its time is how long it holds the write lock */
static void merge_bench(const char *path, int pages)
{
	char err[512];
	struct store *st;
	double t0 = now_s(), *lat = NULL;
	int steps = 0, n = 0, cap = 0, rc;
	if (store_init(path, err, sizeof err) != STORE_OK || store_open(path, &st, err, sizeof err) != STORE_OK) {
		fprintf(stderr, "search_bench: %s\n", err);
		exit(1);
	}
	do {
		double t = now_s();
		if ((rc = store_search_merge(st, pages)) < 0)
			die("merging the index", st);
		if (n == cap && !(lat = realloc(lat, sizeof *lat * (size_t)(cap = cap ? cap * 2 : 1024))))
			die("out of memory", NULL);
		lat[n++] = (now_s() - t) * 1000;
		steps += rc;
	} while (rc == 1);
	qsort(lat, (size_t)n, sizeof *lat, cmp_double);
	printf("merge (store_search_merge, %d pages a step): %d steps in %.2f s; a step p50 %.1f ms, p99 %.1f ms, the longest %.1f ms\n",
	       pages, steps, now_s() - t0, lat[n / 2], lat[n * 99 / 100], lat[n - 1]);
	free(lat);
	store_close(st);
}

static void search_bench(const char *path, int queries)
{
	char err[512];
	struct store *st;
	struct store_user u;
	struct arena a;
	struct stat sb;
	static const struct { const char *name; uint32_t lo, hi; } classes[] = {
		{ "very common word (ranks 1-10)", 0, 10 },
		{ "common word (ranks 250-350, ~25% of docs)", 250, 350 },
		{ "mid word (ranks 6000-9000, ~1%)", 6000, 9000 },
		{ "rare word (ranks 120k-160k, ~0.05%)", 120000, 160000 },
	};
	/* a library cached by an older build: bring it up to this build's schema first */
	if (store_init(path, err, sizeof err) != STORE_OK || store_open(path, &st, err, sizeof err) != STORE_OK) {
		fprintf(stderr, "search_bench: %s\n", err);
		exit(1);
	}
	arena_init(&a);
	if (store_user_by_name(st, &a, user_name, &u) != STORE_OK)
		die("finding the user", st);
	if (stat(path, &sb) == 0)
		printf("library: %s, %.0f MB\n", path, (double)sb.st_size / 1e6);
	printf("in-process store_search, 20 items per page:\n");
	for (size_t c = 0; c < sizeof classes / sizeof *classes; c++) {
		const char *qs[20];
		char w[16];
		for (int i = 0; i < 20; i++) {
			word(classes[c].lo + (uint32_t)((uint64_t)i * (classes[c].hi - classes[c].lo) / 20), w);
			qs[i] = arena_strdup(&a, w);
		}
		run_class(st, u.id, classes[c].name, qs, 20, queries, 0);
		if (c == 1) {
			run_class(st, u.id, "common word, page 5 (offset 80)", qs, 20, queries, 80);
			const char *q2[20], *q3[20], *q4[20];
			for (int i = 0; i < 20; i++) {
				q2[i] = arena_printf(&a, "%s in:inbox label:news", qs[i]);
				q3[i] = arena_printf(&a, "%s sort:saved-asc", qs[i]);
				q4[i] = arena_printf(&a, "%s %s", qs[i], qs[(i + 1) % 20]);
			}
			run_class(st, u.id, "common word in:inbox label:news", q2, 20, queries, 0);
			run_class(st, u.id, "common word sort:saved-asc", q3, 20, queries, 0);
			run_class(st, u.id, "two common words", q4, 20, queries, 0);
		}
		if (c == 2) {
			const char *q2[20];
			for (int i = 0; i < 20; i++)
				q2[i] = arena_printf(&a, "%s sort:saved-asc", qs[i]);
			run_class(st, u.id, "mid word sort:saved-asc", q2, 20, queries, 0);
		}
	}
	{
		const char *q1[] = { "in:inbox label:news sort:saved-desc", "in:inbox label:tech sort:saved-desc",
		                     "in:inbox label:fav sort:saved-desc", "in:inbox label:later sort:saved-desc" };
		const char *q2[] = { "" };
		const char *q3[] = { "in:archive sort:updated-desc" };
		run_class(st, u.id, "in:inbox label:x sort:saved-desc", q1, 4, queries, 0);
		run_class(st, u.id, "empty query (everything, saved desc)", q2, 1, queries, 0);
		run_class(st, u.id, "in:archive sort:updated-desc", q3, 1, queries, 0);
	}
	store_close(st);
	arena_free(&a);
}

/* acknowledged saveUrl saves: store_item_save, each its own committed transaction, on a fresh DB */
static void save_bench(const char *dir, int n, const char *mode)
{
	char path[4096], err[512], url[128];
	struct store *st;
	struct store_user u;
	struct arena a;
	double t0;
	snprintf(path, sizeof path, "%s/saves.db", dir);
	unlink(path);
	if (store_init(path, err, sizeof err) != STORE_OK || store_open(path, &st, err, sizeof err) != STORE_OK) {
		fprintf(stderr, "search_bench: %s\n", err);
		exit(1);
	}
	arena_init(&a);
	if (store_user_add(st, &a, user_name, NULL, NULL, NULL, &u) != STORE_OK)
		die("adding the user", st);
	u.id = strdup(u.id);
	sync_mode(st, mode);
	const char *labels[] = { "later" };
	t0 = now_s();
	for (int i = 0; i < n; i++) {
		struct store_item it;
		bool existed;
		snprintf(url, sizeof url, "https://site%d.example/saved/%d?ref=bench", i % 300, i);
		struct store_save sv = { .user_id = u.id, .url = url, .source = "api", .labels = labels, .nlabels = i % 4 == 0 };
		if (store_item_save(st, &a, &sv, &it, &existed) != STORE_OK)
			die("saving", st);
		arena_reset(&a);
	}
	double dt = now_s() - t0;
	printf("saveUrl (store_item_save, one committed transaction each, fresh DB, synchronous=%s): "
	       "%d saves in %.2f s = %.0f saves/s\n", mode, n, dt, n / dt);
	store_close(st);
	arena_free(&a);
	unlink(path);
}

/* -x: runs an SQL script on the library through the store's own connection, e.g. bench/pg-grow's copies
 * of articles: unlike the sqlite3 shell, that connection has the "larder" tokenizer the FTS triggers need */
static void exec_script(const char *path, const char *file)
{
	char err[512];
	struct store *st;
	struct sb sql;
	char buf[65536];
	size_t n;
	FILE *f = fopen(file, "r");
	if (!f)
		die(file, NULL);
	sb_init(&sql);
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		sb_putn(&sql, buf, n);
	fclose(f);
	if (sb_error(&sql))
		die("out of memory", NULL);
	if (store_open(path, &st, err, sizeof err) != STORE_OK) {
		fprintf(stderr, "search_bench: %s\n", err);
		exit(1);
	}
	if (db_exec(st->db, sb_str(&sql)) != DB_OK) {
		fprintf(stderr, "search_bench: %s: %s\n", file, db_errmsg(st->db));
		exit(1);
	}
	store_close(st);
	sb_free(&sql);
}

static int usage(void)
{
	fprintf(stderr, "usage: search_bench -d LIBRARY.db [-u USER] [-a] [-n ARTICLES] [-x SCRIPT.sql] [-m MERGE_PAGES] [-q QUERIES [-t]] [-S DIR -s SAVES]\n");
	return 2;
}

int main(int argc, char **argv)
{
	const char *db = NULL, *savedir = NULL, *script = NULL;
	int articles = 100000, queries = 500, saves = 2000, merge_pages = 0;
	bool append = false;
	struct stat sb;
	int opt;
	while ((opt = getopt(argc, argv, "ad:m:n:q:s:S:tu:x:")) != -1) {
		switch (opt) {
		case 'a': append = true; break;
		case 'u': user_name = optarg; break;
		case 'd': db = optarg; break;
		case 'm': merge_pages = atoi(optarg); break;
		case 'n': articles = atoi(optarg); break;
		case 'q': queries = atoi(optarg); break;
		case 's': saves = atoi(optarg); break;
		case 'S': savedir = optarg; break;
		case 't': with_total = true; break;
		case 'x': script = optarg; break;
		default:
			return usage();
		}
	}
	if (!db && !savedir) {
		return usage();
	}
	if (db) {
		zipf_cdf = malloc(sizeof(double) * VOCAB);
		double h = 0;
		for (int r = 0; r < VOCAB; r++)
			zipf_cdf[r] = (h += 1.0 / (r + 1));
		if (append) {
			fprintf(stderr, "adding %d articles of %s to %s\n", articles, user_name, db);
			build(db, articles, true);
		} else if (strncmp(db, "postgres", 8) != 0 && stat(db, &sb) != 0) { /* a server's library is searched only */
			fprintf(stderr, "building %d articles into %s (once; cached)\n", articles, db);
			build(db, articles, false);
		}
		if (script)
			exec_script(db, script);
		if (merge_pages > 0)
			merge_bench(db, merge_pages);
		if (queries > 0)
			search_bench(db, queries);
		free(zipf_cdf);
	}
	if (savedir && saves > 0) {
		save_bench(savedir, saves, "FULL");
		save_bench(savedir, saves, "NORMAL");
	}
	return 0;
}
