/* fuzz_search.c: libFuzzer target: the search query parser (store_sq_parse, store_sq_dump) and, for some inputs, store_search on a small real database. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/search.h"
#include "store/search_query.h"
#include "store/store.h"
#include "fuzz_store.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/text.h"
#include "util/utf8.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* 2024-06-15T12:00:00Z and UTC+02:00: a fixed clock keeps runs reproducible */
#define FZ_NOW INT64_C(1718452800000)
#define FZ_TZ 120
#define FZ_DAY INT64_C(86400000)

static struct arena A;
static struct store *st;
static const char *fz_user, *fz_other;
static bool fz_strict;

static void fail(const char *what, const char *in, size_t n, const char *detail)
{
	fprintf(stderr, "fuzz_search: %s\n input: %.*s\n detail: %s\n", what, (int)(n > 2000 ? 2000 : n), in,
	        detail ? detail : "(none)");
	abort();
}

/* one item saved (a fetch queued) and then filled as a fetch would */
static void add_item(const char *user, const char *url, const char *title, const char *author, const char *text,
                     int64_t saved, int64_t words, const char *lang, const char *label)
{
	struct store_save sv = { .user_id = user, .url = url, .title = title, .saved_ms = saved,
	                         .labels = label ? &label : NULL, .nlabels = label ? 1 : 0 };
	struct store_article art = { .title = title, .author = author, .description = "a description",
	                             .content = "<p>x</p>", .text = text, .words_count = words,
	                             .published_ms = saved - 7 * FZ_DAY, .language = lang };
	struct store_item it;
	bool existed;
	if (store_item_save(st, &A, &sv, &it, &existed) != STORE_OK)
		fz_store_fail("store_item_save", NULL);
	if (store_item_fill(st, it.seq, &art) != STORE_OK)
		fz_store_fail("store_item_fill", NULL);
}

/* the database (fuzz_store.h) with two users' items, made once */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct store_user u, o;
	struct store_label l;
	(void)argc;
	(void)argv;
	arena_init(&A);
	fz_strict = getenv("FUZZ_STRICT") != NULL;
	st = fz_store_make("fuzz_search");
	if (store_user_add(st, &A, "alice", NULL, NULL, NULL, &u) != STORE_OK ||
	    store_user_add(st, &A, "bob", NULL, NULL, NULL, &o) != STORE_OK)
		fz_store_fail("store_user_add", NULL);
	fz_user = strdup(u.id);
	fz_other = strdup(o.id);
	if (store_label_create(st, &A, u.id, "Later", NULL, NULL, &l) != STORE_OK)
		fz_store_fail("store_label_create", NULL);
	add_item(u.id, "https://rust.example.org/a", "Rust ownership explained", "Ann Author",
	         "borrow checker lifetimes memory safety", FZ_NOW - 10 * FZ_DAY, 1200, "en", "Tech");
	add_item(u.id, "https://bake.example.org/b", "Baking sourdough bread", "Bob Baker",
	         "flour water salt yeast starter", FZ_NOW - FZ_DAY, 300, "fr", "Later");
	add_item(u.id, "https://palace.example.net/c", "Mémoire: palace technique", NULL,
	         "remember rust cooking \xe2\x80\x94 caf\xc3\xa9", FZ_NOW - 3600000, 40, NULL, NULL);
	add_item(u.id, "https://garden.example.com/d", "Gardening tips", NULL, "soil water sun rust",
	         FZ_NOW - 3 * FZ_DAY, 2, "en-US", "Tech");
	add_item(o.id, "https://rust.example.org/a", "Bob's rust", NULL, "rust rust", FZ_NOW, 10, "en", NULL);
	arena_reset(&A);
	return 0;
}

/* the query as an API caller passes it: up to a NUL, at most LIMIT_SEARCH_QUERY bytes, valid UTF-8 */
static char *api_query(const char *in, size_t size)
{
	size_t n = 0, k;
	while (n < size && n < LIMIT_SEARCH_QUERY && in[n] != '\0') {
		k = utf8_valid_prefix((const unsigned char *)in + n, size - n);
		if (k == 0 || n + k > LIMIT_SEARCH_QUERY)
			break;
		n += k;
	}
	return arena_strndup(&A, in, n);
}

static void search(const char *in, size_t size, uint32_t h)
{
	static const int64_t limits[] = { 0, 1, 3, -5, 1000 };
	struct store_search_req q = { .user_id = fz_user, .query = api_query(in, size), .offset = (h >> 8) % 4,
	                              .limit = limits[(h >> 12) % 5], .want_total = (h >> 16) & 1,
	                              .now_ms = FZ_NOW, .tz_offset_min = FZ_TZ };
	struct store_search_res r;
	struct store_sq sq;
	char err[256];
	int64_t cap = q.limit <= 0 ? 10 : q.limit > LIMIT_PAGE_SIZE ? LIMIT_PAGE_SIZE : q.limit;
	int rc;

	memset(&r, 0x5a, sizeof r);
	rc = store_search(st, &A, &q, &r);
	if (rc == STORE_E_INVAL) {
		if (r.error[0] == '\0' || memchr(r.error, 0, sizeof r.error) == NULL)
			fail("STORE_E_INVAL without a message", in, size, NULL);
		/* a query the parser accepted must also run (FUZZ_STRICT: FTS5 refusing it is then a finding) */
		if (fz_strict && store_sq_parse(&A, q.query, strlen(q.query), FZ_NOW, FZ_TZ, &sq, err, sizeof err) == 0)
			fail("a parsed query did not run", q.query, strlen(q.query), r.error);
		return;
	}
	if (rc != STORE_OK)
		fail("store_search failed", q.query, strlen(q.query),
		     arena_printf(&A, "%s: %s", store_strerror(rc), store_errmsg(st)));
	if (r.n > (size_t)cap)
		fail("more items than the limit", q.query, strlen(q.query), arena_printf(&A, "%zu > %lld", r.n, (long long)cap));
	for (size_t i = 0; i < r.n; i++)
		if (r.items[i].user_id == NULL || strcmp(r.items[i].user_id, fz_user) != 0)
			fail("another user's item", q.query, strlen(q.query), r.items[i].url);
	if (q.want_total && r.total < (int64_t)r.n)
		fail("a total under the page size", q.query, strlen(q.query), NULL);
	if (!q.want_total && r.total != -1)
		fail("a total not asked for", q.query, strlen(q.query), NULL);
	if (r.has_next && r.n != (size_t)cap)
		fail("has_next on a short page", q.query, strlen(q.query), NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *in = (const char *)data;
	struct store_sq sq;
	char err[256];
	uint32_t h = text_hash_n(data, size);
	int rc;

	/* an exact-size copy: the parser takes a length, reads past it are ASan's to catch */
	char *s = malloc(size ? size : 1);
	if (s == NULL)
		abort();
	if (size)
		memcpy(s, data, size);
	memset(err, 0x5a, sizeof err);
	rc = store_sq_parse(&A, s, size, FZ_NOW, FZ_TZ, &sq, err, sizeof err);
	if (rc == -1) {
		if (memchr(err, 0, sizeof err) == NULL || err[0] == '\0')
			fail("-1 without a NUL-terminated message", in, size, NULL);
	} else if (rc == 0) {
		struct sb o;
		sb_init(&o);
		store_sq_dump(&sq, &o);
		if (sb_error(&o))
			fail("store_sq_dump failed", in, size, NULL);
		if (strlen(sb_str(&o)) != o.len)
			fail("a NUL inside the dump", in, size, sb_str(&o));
		if (utf8_valid(in, size) && !utf8_valid(sb_str(&o), o.len))
			fail("the dump of valid UTF-8 is not valid UTF-8", in, size, sb_str(&o));
		if (sq.nsorts > LIMIT_SEARCH_SORTS || sq.nterms > LIMIT_SEARCH_TERMS)
			fail("over a limit", in, size, sb_str(&o));
		sb_free(&o);
	} else if (rc != -2) {
		fail("store_sq_parse returned something else", in, size, arena_printf(&A, "%d", rc));
	}
	/* the database: when the first byte is '!' or for one input in 16 */
	if ((size > 0 && data[0] == '!') || h % 16 == 0)
		search(in + (size > 0 && data[0] == '!'), size - (size > 0 && data[0] == '!'), h);
	free(s);
	arena_reset(&A);
	return 0;
}
