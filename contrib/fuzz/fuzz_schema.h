/* fuzz_schema.h: the small test schema (SDL and fixed-data resolvers) shared by the GraphQL fuzz targets. */
#ifndef LARDER_FUZZ_SCHEMA_H
#define LARDER_FUZZ_SCHEMA_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz_json.h"
#include "gql/gql.h"
#include "util/arena.h"
#include "util/sb.h"
#include "util/time.h"

/* Everything the executor can meet: scalars of every kind, enums, a custom scalar with an
 * input hook, input objects (recursive, with defaults), interfaces, a union, nested lists,
 * non-null fields that resolve to null or fail, mutations, and a recursive type whose lists
 * fan out (to see that the field budget holds). */
static const char fz_sdl[] =
	"\"\"\"The fuzzing schema.\"\"\"\n"
	"schema { query: Query mutation: Mutation }\n"
	"type Query {\n"
	"  hello: String\n"
	"  greet(name: String = \"world\", times: Int = 1): String!\n"
	"  echo(s: String, i: Int, f: Float, b: Boolean, id: ID, e: Color, l: [Int!], ll: [[String]],\n"
	"       in: Filter, d: Date, req: String! = \"dflt\"): String\n"
	"  article(id: ID!): Article\n"
	"  articles(first: Int = 10, after: String, filter: Filter): ArticleConnection!\n"
	"  search(q: String!): [SearchResult!]!\n"
	"  node(id: ID!): Node\n"
	"  nodes: [Node]\n"
	"  colors: [Color!]!\n"
	"  matrix: [[Int!]!]\n"
	"  nonNullNull: String!\n"
	"  failing: Int\n"
	"  failingNonNull: Int!\n"
	"  now: Date\n"
	"  numbers: [Float]\n"
	"  deep: Deep\n"
	"  old: String @deprecated(reason: \"use hello\")\n"
	"}\n"
	"type Mutation {\n"
	"  setColor(c: Color!): Color\n"
	"  saveArticle(input: ArticleInput!): Article!\n"
	"  deleteArticle(id: ID!): DeleteResult!\n"
	"}\n"
	"\"A color.\" enum Color { RED GREEN BLUE @deprecated }\n"
	"\"An ISO 8601 date-time.\" scalar Date\n"
	"input Filter { label: String, colors: [Color!] = [RED], since: Date, nested: Filter, limit: Int = 5 }\n"
	"input ArticleInput { url: String!, title: String, labels: [String!] = [], filter: Filter }\n"
	"interface Node { id: ID! }\n"
	"type Article implements Node {\n"
	"  id: ID!\n  title: String!\n  url: String\n  labels: [Label!]!\n  author: Author\n"
	"  related(first: Int = 2): [Article]\n  savedAt: Date\n  color: Color\n  words: Int\n  score: Float\n"
	"}\n"
	"type Label implements Node { id: ID!, name: String!, color: Color }\n"
	"type Author { name: String, articles(first: Int): [Article!] }\n"
	"union SearchResult = Article | Label | Author\n"
	"type ArticleConnection { edges: [ArticleEdge!]!, pageInfo: PageInfo!, totalCount: Int }\n"
	"type ArticleEdge { cursor: String!, node: Article! }\n"
	"type PageInfo { hasNextPage: Boolean!, endCursor: String }\n"
	"union DeleteResult = DeleteSuccess | DeleteError\n"
	"type DeleteSuccess { id: ID! }\n"
	"type DeleteError { errorCodes: [String!]! }\n"
	"type Deep { next: Deep, value: Int, list: [Deep], text: String }\n";

/* Floats beyond the range of long long once made jw_double (util/jsonw.c) convert out of range
 * (undefined behaviour, found by this target, fixed, regression test in t/util_basics.c). */
#ifndef FZ_HUGE
#define FZ_HUGE 1e308
#endif
#ifndef FZ_HUGE_NEG
#define FZ_HUGE_NEG (-1e300)
#endif

struct fz_label { const char *id, *name, *color; };
struct fz_author { const char *name; };
struct fz_article {
	const char *id, *title, *url, *color;
	const struct fz_label *labels[2];
	uint32_t nlabels;
	const struct fz_author *author;
	int64_t saved_ms;
	int64_t words;
	double score;
};

static const struct fz_label fz_labels[3] = {
	{ "l1", "news", "RED" }, { "l2", "long read \xe2\x9c\x93", "GREEN" }, { "l3", "to\"do\\", NULL },
};
static const struct fz_author fz_authors[2] = { { "Ann \xc3\x85str\xc3\xb6m" }, { NULL } };
static const struct fz_article fz_articles[3] = {
	{ "a1", "Hello", "https://example.com/a?x=1&y=\"2\"", "BLUE", { &fz_labels[0], &fz_labels[1] }, 2,
	  &fz_authors[0], INT64_C(1700000000000), 1200, 0.5 },
	{ "a2", "Line\nbreak\ttab\x01", NULL, NULL, { &fz_labels[2], NULL }, 1, &fz_authors[1],
	  INT64_C(-62167219200000), 0, FZ_HUGE_NEG },
	{ "a3", "\xf0\x9f\x98\x80 emoji", "https://example.org/", "RED", { NULL, NULL }, 0, NULL,
	  TIME_MAX_MS, INT64_MAX, 1e-300 },
};
static const int fz_deep_token;

/* print a coerced input value (enough to show what the resolver received) */
static void fz_print_value(struct sb *b, const struct gql_value *v, int depth)
{
	if (v == NULL) {
		sb_puts(b, "<absent>");
		return;
	}
	if (depth > 64) {
		sb_puts(b, "...");
		return;
	}
	switch (v->kind) {
	case GQL_V_NULL: sb_puts(b, "null"); break;
	case GQL_V_INT: sb_put_int(b, v->u.i); break;
	case GQL_V_FLOAT: sb_printf(b, "%.17g", v->u.f); break;
	case GQL_V_BOOLEAN: sb_puts(b, v->u.b ? "true" : "false"); break;
	case GQL_V_STRING:
		sb_putc(b, '"');
		sb_putn(b, v->u.s.p, v->u.s.len);
		sb_putc(b, '"');
		break;
	case GQL_V_ENUM: sb_puts(b, v->u.name); break;
	case GQL_V_VARIABLE:
		/* a coerced value never holds a variable */
		fprintf(stderr, "fuzz: resolver got an unresolved variable $%s\n", v->u.name);
		abort();
	case GQL_V_LIST:
		sb_putc(b, '[');
		for (uint32_t i = 0; i < v->u.list.n; i++) {
			if (i)
				sb_putc(b, ',');
			fz_print_value(b, v->u.list.items[i], depth + 1);
		}
		sb_putc(b, ']');
		break;
	case GQL_V_OBJECT:
		sb_putc(b, '{');
		for (uint32_t i = 0; i < v->u.obj.n; i++) {
			if (i)
				sb_putc(b, ',');
			sb_printf(b, "%s:", v->u.obj.fields[i].name);
			fz_print_value(b, v->u.obj.fields[i].value, depth + 1);
		}
		sb_putc(b, '}');
		break;
	case GQL_V__MAX:
	default:
		fprintf(stderr, "fuzz: bad value kind %d\n", (int)v->kind);
		abort();
	}
}

static int fz_out_date(struct gql_rctx *rc, struct gql_out *o, int64_t ms)
{
	char *buf = arena_alloc(gql_arena(rc), TIME_ISO_BUF);
	if (buf == NULL)
		return gql_error(rc, "INTERNAL", "out of memory");
	time_format_iso(ms, buf, TIME_ISO_BUF);
	gql_out_cstr(o, buf);
	return 0;
}

static int fz_list_articles(struct gql_rctx *rc, struct gql_out *o, int64_t n)
{
	struct gql_out *items;
	if (n < 0 || n > 3)
		n = 3;
	items = gql_out_list(rc, o, (uint32_t)n);
	if (items == NULL)
		return -1;
	for (int64_t i = 0; i < n; i++)
		gql_out_object(&items[i], "Article", &fz_articles[i]);
	return 0;
}

static int64_t fz_int_arg(struct gql_rctx *rc, const char *name, int64_t dflt)
{
	const struct gql_value *v = gql_arg(rc, name);
	return v != NULL && v->kind == GQL_V_INT ? v->u.i : dflt;
}

static int fz_query(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	const char *f = gql_rfield(rc)->name;
	struct arena *a = gql_arena(rc);
	(void)parent;

	if (!strcmp(f, "hello") || !strcmp(f, "old")) {
		gql_out_cstr(o, "world");
	} else if (!strcmp(f, "greet")) {
		const char *name = gql_value_str(gql_arg(rc, "name"));
		int64_t times = fz_int_arg(rc, "times", 1);
		struct sb b;
		if (times < 0 || times > 5)
			return gql_error(rc, "BAD_USER_INPUT", "times must be 0..5, not %lld", (long long)times);
		sb_init(&b);
		for (int64_t i = 0; i < times; i++)
			sb_printf(&b, "hello %s;", name ? name : "?");
		gql_out_cstr(o, arena_strdup(a, sb_str(&b)));
		sb_free(&b);
	} else if (!strcmp(f, "echo")) {
		const struct gql_field *fd = gql_rfield(rc);
		struct sb b;
		sb_init(&b);
		for (uint32_t i = 0; i < fd->nargs; i++) {
			const struct gql_value *v = gql_arg(rc, fd->args[i]->name);
			if (v == NULL)
				continue;
			sb_printf(&b, "%s=", fd->args[i]->name);
			fz_print_value(&b, v, 0);
			sb_putc(&b, ';');
		}
		if (sb_error(&b)) {
			sb_free(&b);
			return gql_error(rc, "INTERNAL", "out of memory");
		}
		gql_out_string(o, arena_strndup(a, sb_str(&b), b.len), b.len);
		sb_free(&b);
	} else if (!strcmp(f, "article") || !strcmp(f, "node")) {
		const char *id = gql_value_str(gql_arg(rc, "id"));
		gql_out_null(o);
		for (int i = 0; id != NULL && i < 3; i++) {
			if (!strcmp(fz_articles[i].id, id))
				gql_out_object(o, "Article", &fz_articles[i]);
			if (!strcmp(f, "node") && !strcmp(fz_labels[i].id, id))
				gql_out_object(o, "Label", &fz_labels[i]);
		}
	} else if (!strcmp(f, "articles")) {
		gql_out_object(o, "ArticleConnection", &fz_articles[0]);
	} else if (!strcmp(f, "search")) {
		struct gql_out *items = gql_out_list(rc, o, 4);
		if (items == NULL)
			return -1;
		gql_out_object(&items[0], "Article", &fz_articles[0]);
		gql_out_object(&items[1], "Label", &fz_labels[1]);
		gql_out_object(&items[2], "Author", &fz_authors[0]);
		gql_out_object(&items[3], "Article", &fz_articles[2]);
	} else if (!strcmp(f, "nodes")) {
		struct gql_out *items = gql_out_list(rc, o, 3);
		if (items == NULL)
			return -1;
		gql_out_object(&items[0], "Label", &fz_labels[0]);
		gql_out_object(&items[2], "Article", &fz_articles[1]);
	} else if (!strcmp(f, "colors")) {
		struct gql_out *items = gql_out_list(rc, o, 3);
		if (items == NULL)
			return -1;
		gql_out_enum(&items[0], "RED");
		gql_out_enum(&items[1], "GREEN");
		gql_out_enum(&items[2], "BLUE");
	} else if (!strcmp(f, "matrix")) {
		struct gql_out *rows = gql_out_list(rc, o, 2), *r0, *r1;
		if (rows == NULL)
			return -1;
		r0 = gql_out_list(rc, &rows[0], 2);
		r1 = gql_out_list(rc, &rows[1], 1);
		if (r0 == NULL || r1 == NULL)
			return -1;
		gql_out_int(&r0[0], 1);
		gql_out_int(&r0[1], -2);
		gql_out_int(&r1[0], 2147483647);
	} else if (!strcmp(f, "nonNullNull")) {
		gql_out_null(o);
	} else if (!strcmp(f, "failing") || !strcmp(f, "failingNonNull")) {
		return gql_error(rc, "FAILED", "%s failed on purpose: \"%s\"", f, "quote\\\n");
	} else if (!strcmp(f, "now")) {
		return fz_out_date(rc, o, INT64_C(1763769600000));
	} else if (!strcmp(f, "numbers")) {
		struct gql_out *items = gql_out_list(rc, o, 4);
		if (items == NULL)
			return -1;
		gql_out_float(&items[0], 0.1);
		gql_out_float(&items[1], -0.0);
		gql_out_float(&items[2], FZ_HUGE);
		gql_out_int(&items[3], INT64_C(1) << 40);
	} else if (!strcmp(f, "deep")) {
		gql_out_object(o, "Deep", &fz_deep_token);
	} else {
		return gql_error(rc, "TEST", "unexpected Query field %s", f);
	}
	return 0;
}

static int fz_mutation(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	const char *f = gql_rfield(rc)->name;
	(void)parent;

	if (!strcmp(f, "setColor")) {
		const char *c = gql_value_str(gql_arg(rc, "c"));
		if (c == NULL)
			return gql_error(rc, "BAD_USER_INPUT", "no color");
		gql_out_enum(o, c);
	} else if (!strcmp(f, "saveArticle")) {
		const struct gql_value *in = gql_arg(rc, "input");
		const char *url = gql_value_str(gql_value_get(in, "url"));
		if (url == NULL)
			return gql_error(rc, "BAD_USER_INPUT", "input.url missing after coercion");
		gql_out_object(o, "Article", strlen(url) % 2 ? &fz_articles[0] : &fz_articles[1]);
	} else if (!strcmp(f, "deleteArticle")) {
		const char *id = gql_value_str(gql_arg(rc, "id"));
		if (id != NULL && !strcmp(id, "a1"))
			gql_out_object(o, "DeleteSuccess", &fz_articles[0]);
		else
			gql_out_object(o, "DeleteError", NULL);
	} else {
		return gql_error(rc, "TEST", "unexpected Mutation field %s", f);
	}
	return 0;
}

static int fz_article(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	const struct fz_article *ar = parent;
	const char *f = gql_rfield(rc)->name;

	if (!strcmp(f, "id")) gql_out_cstr(o, ar->id);
	else if (!strcmp(f, "title")) gql_out_cstr(o, ar->title);
	else if (!strcmp(f, "url")) gql_out_cstr(o, ar->url);
	else if (!strcmp(f, "color")) {
		if (ar->color) gql_out_enum(o, ar->color);
		else gql_out_null(o);
	} else if (!strcmp(f, "words")) gql_out_int(o, ar->words);
	else if (!strcmp(f, "score")) gql_out_float(o, ar->score);
	else if (!strcmp(f, "savedAt")) return fz_out_date(rc, o, ar->saved_ms);
	else if (!strcmp(f, "labels")) {
		struct gql_out *items = gql_out_list(rc, o, ar->nlabels);
		if (items == NULL && ar->nlabels > 0)
			return -1;
		for (uint32_t i = 0; i < ar->nlabels; i++)
			gql_out_object(&items[i], NULL, ar->labels[i]);
	} else if (!strcmp(f, "author")) {
		if (ar->author) gql_out_object(o, NULL, ar->author);
		else gql_out_null(o);
	} else if (!strcmp(f, "related")) {
		return fz_list_articles(rc, o, fz_int_arg(rc, "first", 2));
	} else {
		return gql_error(rc, "TEST", "unexpected Article field %s", f);
	}
	return 0;
}

static int fz_label(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	const struct fz_label *l = parent;
	const char *f = gql_rfield(rc)->name;

	if (!strcmp(f, "id")) gql_out_cstr(o, l->id);
	else if (!strcmp(f, "name")) gql_out_cstr(o, l->name);
	else if (!strcmp(f, "color")) {
		if (l->color) gql_out_enum(o, l->color);
		else gql_out_null(o);
	} else return gql_error(rc, "TEST", "unexpected Label field %s", f);
	return 0;
}

static int fz_author(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	const struct fz_author *au = parent;
	const char *f = gql_rfield(rc)->name;

	if (!strcmp(f, "name")) gql_out_cstr(o, au->name);
	else if (!strcmp(f, "articles")) return fz_list_articles(rc, o, fz_int_arg(rc, "first", 3));
	else return gql_error(rc, "TEST", "unexpected Author field %s", f);
	return 0;
}

static int fz_connection(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	const char *f = gql_rfield(rc)->name;
	const struct gql_type *t = gql_rfield(rc)->owner;
	(void)parent;

	if (!strcmp(t->name, "ArticleConnection")) {
		if (!strcmp(f, "edges")) {
			struct gql_out *items = gql_out_list(rc, o, 3);
			if (items == NULL)
				return -1;
			for (int i = 0; i < 3; i++)
				gql_out_object(&items[i], "ArticleEdge", &fz_articles[i]);
		} else if (!strcmp(f, "pageInfo")) gql_out_object(o, "PageInfo", &fz_articles[2]);
		else if (!strcmp(f, "totalCount")) gql_out_int(o, 3);
		else return gql_error(rc, "TEST", "unexpected field %s", f);
	} else if (!strcmp(t->name, "ArticleEdge")) {
		const struct fz_article *ar = parent;
		if (!strcmp(f, "cursor")) gql_out_cstr(o, ar->id);
		else if (!strcmp(f, "node")) gql_out_object(o, "Article", ar);
		else return gql_error(rc, "TEST", "unexpected field %s", f);
	} else if (!strcmp(t->name, "PageInfo")) {
		if (!strcmp(f, "hasNextPage")) gql_out_bool(o, false);
		else if (!strcmp(f, "endCursor")) gql_out_cstr(o, "a3");
		else return gql_error(rc, "TEST", "unexpected field %s", f);
	} else {
		return gql_error(rc, "TEST", "unexpected type %s", t->name);
	}
	return 0;
}

static int fz_delete(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	const char *f = gql_rfield(rc)->name;

	if (!strcmp(f, "id")) {
		gql_out_cstr(o, ((const struct fz_article *)parent)->id);
	} else if (!strcmp(f, "errorCodes")) {
		struct gql_out *items = gql_out_list(rc, o, 1);
		if (items == NULL)
			return -1;
		gql_out_cstr(&items[0], "NOT_FOUND");
	} else {
		return gql_error(rc, "TEST", "unexpected field %s", f);
	}
	return 0;
}

/* Deep.list fans out three ways at every level: only the engine's budgets stop it */
static int fz_deep(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	const char *f = gql_rfield(rc)->name;

	if (!strcmp(f, "next")) gql_out_object(o, NULL, parent);
	else if (!strcmp(f, "value")) gql_out_int(o, 7);
	else if (!strcmp(f, "text")) gql_out_cstr(o, "\xe2\x80\xa8 line separator, \\u0000 is not here");
	else if (!strcmp(f, "list")) {
		struct gql_out *items = gql_out_list(rc, o, 3);
		if (items == NULL)
			return -1;
		for (int i = 0; i < 3; i++)
			gql_out_object(&items[i], NULL, parent);
	} else return gql_error(rc, "TEST", "unexpected Deep field %s", f);
	return 0;
}

/* Date input: any ISO 8601 form, normalised to the canonical UTC text */
static int fz_date_parse(struct arena *a, struct gql_value *v, const char **msg)
{
	int64_t ms;
	char *buf;

	if (v->kind != GQL_V_STRING) {
		*msg = "a Date is written as a string";
		return -1;
	}
	if (time_parse_iso(v->u.s.p, v->u.s.len, &ms) < 0) {
		*msg = "not an ISO 8601 date";
		return -1;
	}
	buf = arena_alloc(a, TIME_ISO_BUF);
	if (buf == NULL) {
		*msg = "out of memory";
		return -1;
	}
	time_format_iso(ms, buf, TIME_ISO_BUF);
	v->u.s.p = buf;
	v->u.s.len = (uint32_t)strlen(buf);
	return 0;
}

/* build and bind the schema once; aborts when the engine cannot take it */
static struct gql_schema *fz_schema(void)
{
	static const struct { const char *name; gql_resolve_fn fn; } binds[] = {
		{ "Query.*", fz_query }, { "Mutation.*", fz_mutation }, { "Article.*", fz_article },
		{ "Label.*", fz_label }, { "Author.*", fz_author }, { "ArticleConnection.*", fz_connection },
		{ "ArticleEdge.*", fz_connection }, { "PageInfo.*", fz_connection },
		{ "DeleteSuccess.*", fz_delete }, { "DeleteError.*", fz_delete }, { "Deep.*", fz_deep },
	};
	char err[512] = "";
	struct gql_schema *s = gql_schema_parse(fz_sdl, sizeof fz_sdl - 1, err, sizeof err);

	if (s == NULL) {
		fprintf(stderr, "fuzz: the test schema does not parse: %s\n", err);
		abort();
	}
	for (size_t i = 0; i < sizeof binds / sizeof binds[0]; i++) {
		if (gql_bind(s, binds[i].name, binds[i].fn, NULL) < 0) {
			fprintf(stderr, "fuzz: cannot bind %s\n", binds[i].name);
			abort();
		}
	}
	if (gql_bind_scalar(s, "Date", fz_date_parse) < 0) {
		fprintf(stderr, "fuzz: cannot bind scalar Date\n");
		abort();
	}
	if (gql_schema_unbound(s, err, sizeof err) > 0) {
		fprintf(stderr, "fuzz: unbound fields: %s\n", err);
		abort();
	}
	return s;
}
#endif
