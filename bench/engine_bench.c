/* engine_bench.c: in-process benchmark of parse+validate+execute (gql_execute) for `me` and a 20x20 search selection. */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <json-c/json.h>
#include "gql/gql.h"

#define NITEMS 20

struct user {
	const char *id, *name;
};

struct item {
	const char *id, *title, *slug, *url, *original_url, *site_name, *author, *description, *image;
	const char *saved_at, *updated_at, *published_at, *created_at;
	double progress;
	int64_t anchor, words;
	bool archived;
	const char *page_type, *reader, *state;
};

struct edge {
	const char *cursor;
	const struct item *node;
};

struct page_info {
	const char *start_cursor, *end_cursor;
	bool has_next, has_previous;
	int64_t total;
};

struct success {
	struct edge edges[NITEMS];
	struct page_info page_info;
};

/* how a field is read from its parent struct */
enum fkind { F_STR, F_NSTR, F_INT, F_FLOAT, F_BOOL, F_ENUM, F_NENUM, F_OBJ };
struct fdesc {
	const char *field;   /* Type.field */
	enum fkind kind;
	size_t off;
};

static const struct user the_user = { "6f0e3c1a-2b4d-4e8f-9a7c-1d2e3f4a5b6c", "Benchmark User" };
static struct item items[NITEMS];
static struct success the_success;

/* the same data as engine_bench.mjs builds (run-core checks that both answers are equal) */
static char *xprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *xprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !(s = malloc((size_t)n + 1)))
		abort();
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

static void make_data(void)
{
	for (int i = 0; i < NITEMS; i++) {
		struct item *it = &items[i];
		int k = i + 1;

		it->id = xprintf("00000000-0000-4000-8000-%012d", k);
		it->title = xprintf("Benchmark article number %d about tea, kettles and larders", k);
		it->slug = xprintf("benchmark-article-number-%d-a1b2c3", k);
		it->url = xprintf("https://example.com/articles/%d?ref=bench", k);
		it->original_url = it->url;
		it->site_name = "Example Site";
		it->author = i % 3 == 0 ? NULL : xprintf("Author %d", k);
		it->description = xprintf("A short description of article %d, long enough to look like the summary of a real page.", k);
		it->image = xprintf("https://example.com/images/%d.jpg", k);
		it->saved_at = xprintf("2024-05-%02dT10:00:00.000Z", k);
		it->updated_at = xprintf("2024-06-%02dT11:30:00.000Z", k);
		it->published_at = i % 2 ? NULL : xprintf("2024-04-%02dT08:15:00.000Z", k);
		it->created_at = it->saved_at;
		it->progress = i * 4.5;
		it->anchor = i * 7;
		it->words = 500 + i * 37;
		it->archived = i % 4 == 0;
		it->page_type = i % 5 == 0 ? "WEBSITE" : "ARTICLE";
		it->reader = "WEB";
		it->state = "SUCCEEDED";
		the_success.edges[i].cursor = "20";
		the_success.edges[i].node = it;
	}
	the_success.page_info = (struct page_info){ "", "20", true, false, 137 };
}

static int r_field(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct fdesc *d = gql_udata(rc);
	const char *p = (const char *)parent + d->off;

	switch (d->kind) {
	case F_STR:
	case F_NSTR:
		gql_out_cstr(out, *(const char *const *)(const void *)p);
		break;
	case F_INT:
		gql_out_int(out, *(const int64_t *)(const void *)p);
		break;
	case F_FLOAT:
		gql_out_float(out, *(const double *)(const void *)p);
		break;
	case F_BOOL:
		gql_out_bool(out, *(const bool *)(const void *)p);
		break;
	case F_ENUM:
	case F_NENUM: {
		const char *v = *(const char *const *)(const void *)p;
		if (v)
			gql_out_enum(out, v);
		else
			gql_out_null(out);
		break;
	}
	case F_OBJ:
		gql_out_object(out, NULL, p);
		break;
	}
	return 0;
}

static int r_me(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	gql_out_object(out, "User", &the_user);
	return 0;
}

/* the page a search returns: a slice of the fixed items, built in the request arena */
struct page {
	const struct success *s;
	uint32_t n;
};

static int r_search(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct gql_value *q = gql_arg(rc, "query");
	const struct gql_value *first = gql_arg(rc, "first");
	const char *qs = q ? gql_value_str(q) : NULL;
	struct page *pg;

	if (qs && strlen(qs) > 255) {
		gql_out_object(out, "SearchError", NULL);
		return 0;
	}
	pg = ARENA_NEW(gql_arena(rc), struct page);
	if (!pg)
		return gql_error(rc, "INTERNAL", "out of memory");
	pg->s = &the_success;
	pg->n = NITEMS;
	if (first && first->kind == GQL_V_INT && first->u.i > 0 && first->u.i < NITEMS)
		pg->n = (uint32_t)first->u.i;
	gql_out_object(out, "SearchSuccess", pg);
	return 0;
}

static int r_edges(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct page *pg = parent;
	struct gql_out *o = gql_out_list(rc, out, pg->n);

	if (!o)
		return gql_error(rc, "INTERNAL", "out of memory");
	for (uint32_t i = 0; i < pg->n; i++)
		gql_out_object(&o[i], NULL, &pg->s->edges[i]);
	return 0;
}

static int r_page_info(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct page *pg = parent;

	gql_out_object(out, NULL, &pg->s->page_info);
	return 0;
}

static int r_error_codes(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	struct gql_out *o = gql_out_list(rc, out, 1);

	if (!o)
		return gql_error(rc, "INTERNAL", "out of memory");
	gql_out_enum(&o[0], "QUERY_TOO_LONG");
	return 0;
}

static int r_node(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	gql_out_object(out, NULL, ((const struct edge *)parent)->node);
	return 0;
}

#define I(f, k, m) { "SearchItem." f, k, offsetof(struct item, m) }
static const struct fdesc fields[] = {
	{ "User.id", F_STR, offsetof(struct user, id) },
	{ "User.name", F_STR, offsetof(struct user, name) },
	{ "SearchItemEdge.cursor", F_STR, offsetof(struct edge, cursor) },
	{ "PageInfo.endCursor", F_NSTR, offsetof(struct page_info, end_cursor) },
	{ "PageInfo.startCursor", F_NSTR, offsetof(struct page_info, start_cursor) },
	{ "PageInfo.hasNextPage", F_BOOL, offsetof(struct page_info, has_next) },
	{ "PageInfo.hasPreviousPage", F_BOOL, offsetof(struct page_info, has_previous) },
	{ "PageInfo.totalCount", F_INT, offsetof(struct page_info, total) },
	I("id", F_STR, id), I("title", F_STR, title), I("slug", F_STR, slug), I("url", F_STR, url),
	I("originalArticleUrl", F_NSTR, original_url), I("siteName", F_NSTR, site_name),
	I("author", F_NSTR, author), I("description", F_NSTR, description), I("image", F_NSTR, image),
	I("savedAt", F_STR, saved_at), I("updatedAt", F_NSTR, updated_at),
	I("publishedAt", F_NSTR, published_at), I("createdAt", F_STR, created_at),
	I("readingProgressPercent", F_FLOAT, progress), I("readingProgressAnchorIndex", F_INT, anchor),
	I("wordsCount", F_INT, words), I("isArchived", F_BOOL, archived),
	I("pageType", F_ENUM, page_type), I("contentReader", F_ENUM, reader), I("state", F_NENUM, state),
};
#undef I

static char *read_file(const char *dir, const char *name, size_t *len)
{
	char path[4096];
	FILE *f;
	char *buf = NULL;
	long n;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "engine_bench: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
		goto fail;
	buf = malloc((size_t)n + 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n)
		goto fail;
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
fail:
	fprintf(stderr, "engine_bench: cannot read %s\n", path);
	exit(1);
}

static double clock_s(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double now_s(void)
{
	return clock_s(CLOCK_MONOTONIC);
}

/* run one operation for `seconds` of wall time (after a warm-up); prints the mean wall-clock and
 * CPU (process) microseconds per operation */
static double bench_op(const struct gql_schema *s, const char *label, const struct gql_request *req,
                       double seconds, const char *dump_dir)
{
	struct arena a;
	struct sb out;
	struct gql_result res;
	uint64_t ops = 0;
	double t0, t1, c0, c1, warm_end;

	arena_init(&a);
	sb_init(&out);
	gql_execute(s, req, &a, &out, &res);
	if (sb_error(&out) || res.outcome != GQL_RESULT_DATA || res.nerrors != 0) {
		fprintf(stderr, "engine_bench: %s failed: %s\n", label, sb_str(&out));
		exit(1);
	}
	if (dump_dir) {
		char path[4096];
		FILE *f;

		snprintf(path, sizeof path, "%s/c-%s.json", dump_dir, label);
		f = fopen(path, "w");
		if (!f || fwrite(out.buf, 1, out.len, f) != out.len || fclose(f) != 0) {
			fprintf(stderr, "engine_bench: cannot write %s\n", path);
			exit(1);
		}
	}
	warm_end = now_s() + (seconds / 3 > 1 ? seconds / 3 : 1);
	while (now_s() < warm_end) {
		for (int i = 0; i < 32; i++) {
			arena_reset(&a);
			sb_reset(&out);
			gql_execute(s, req, &a, &out, &res);
		}
	}
	t0 = now_s();
	c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
	do {
		for (int i = 0; i < 64; i++) {
			arena_reset(&a);
			sb_reset(&out);
			gql_execute(s, req, &a, &out, &res);
		}
		ops += 64;
		t1 = now_s();
	} while (t1 - t0 < seconds);
	c1 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
	if (sb_error(&out) || res.outcome != GQL_RESULT_DATA || res.nerrors != 0) {
		fprintf(stderr, "engine_bench: %s failed while timing: %s\n", label, sb_str(&out));
		exit(1);
	}
	arena_free(&a);
	sb_free(&out);
	printf("%s %.3f %.3f %" PRIu64 " %.2f\n", label, (t1 - t0) * 1e6 / (double)ops,
	       (c1 - c0) * 1e6 / (double)ops, ops, t1 - t0);
	return (t1 - t0) * 1e6 / (double)ops;
}

int main(int argc, char **argv)
{
	const char *dir = NULL, *dump_dir = NULL;
	double seconds = 3;
	char err[512], unbound[1024];
	struct gql_schema *s;
	size_t sdl_len, me_len, search_len, vars_len;
	char *sdl, *me, *search, *vars;
	struct json_object *vobj;
	struct gql_request rq_me = { 0 }, rq_search = { 0 };

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-t") && i + 1 < argc)
			seconds = atof(argv[++i]);
		else if (!strcmp(argv[i], "-d") && i + 1 < argc)
			dump_dir = argv[++i];
		else if (argv[i][0] != '-' && !dir)
			dir = argv[i];
		else {
			fprintf(stderr, "usage: engine_bench [-t SECONDS] [-d DUMP_DIR] BENCH_DIR\n");
			return 2;
		}
	}
	if (!dir || seconds <= 0) {
		fprintf(stderr, "usage: engine_bench [-t SECONDS] [-d DUMP_DIR] BENCH_DIR\n");
		return 2;
	}
	sdl = read_file(dir, "bench.graphql", &sdl_len);
	me = read_file(dir, "me.graphql", &me_len);
	search = read_file(dir, "search.graphql", &search_len);
	vars = read_file(dir, "search.json", &vars_len);
	vobj = json_tokener_parse(vars);
	if (!vobj || !json_object_is_type(vobj, json_type_object)) {
		fprintf(stderr, "engine_bench: search.json is not a JSON object\n");
		return 1;
	}
	s = gql_schema_parse(sdl, sdl_len, err, sizeof err);
	if (!s) {
		fprintf(stderr, "engine_bench: bench.graphql: %s\n", err);
		return 1;
	}
	make_data();
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		if (gql_bind(s, fields[i].field, r_field, (void *)&fields[i]) != 0)
			goto bind_fail;
	if (gql_bind(s, "Query.me", r_me, NULL) || gql_bind(s, "Query.search", r_search, NULL) ||
	    gql_bind(s, "SearchSuccess.edges", r_edges, NULL) ||
	    gql_bind(s, "SearchSuccess.pageInfo", r_page_info, NULL) ||
	    gql_bind(s, "SearchItemEdge.node", r_node, NULL) ||
	    gql_bind(s, "SearchError.errorCodes", r_error_codes, NULL))
		goto bind_fail;
	if (gql_schema_unbound(s, unbound, sizeof unbound) > 0) {
		fprintf(stderr, "engine_bench: fields without a resolver: %s\n", unbound);
		return 1;
	}

	rq_me.query = me;
	rq_me.query_len = me_len;
	rq_search.query = search;
	rq_search.query_len = search_len;
	rq_search.operation_name = "Search";
	rq_search.variables = vobj;
	printf("# operation wall_us_per_op cpu_us_per_op ops seconds\n");
	bench_op(s, "me", &rq_me, seconds, dump_dir);
	bench_op(s, "search", &rq_search, seconds, dump_dir);

	json_object_put(vobj);
	gql_schema_free(s);
	free(sdl);
	free(me);
	free(search);
	free(vars);
	return 0;
bind_fail:
	fprintf(stderr, "engine_bench: cannot bind resolvers\n");
	return 1;
}
