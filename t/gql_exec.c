/* gql_exec.c: tests of GraphQL execution: fields, fragments, directives, errors, null propagation, budgets. */
#include <math.h>
#include <time.h>
#include "tap.h"
#include "gql_testlib.h"
#include "gql/exec_int.h"

static const char sdl[] =
	"type Query {\n"
	"  hello: String\n  int: Int\n  bigInt: Int\n  float: Float\n  inf: Float\n  bool: Boolean\n"
	"  id: ID\n  idInt: ID\n  color: Color\n  badColor: Color\n  nonNullNull: String!\n  nullable: String\n"
	"  err: String\n  errNonNull: String!\n  failSilently: Int\n"
	"  echo(s: String, i: Int, f: Float, b: Boolean, id: ID, c: Color, l: [Int], in: Input, req: String!, d: String = \"dflt\"): String\n"
	"  user(id: ID!): User\n  users(n: Int = 3): [User!]\n  nullableItems: [User]\n  search: [Result!]!\n"
	"  node: Node\n  badNode: Node\n  wrongType: Node\n  date: Date\n  list: [Int]\n  listNotList: [Int]\n"
	"  strList: [String!]\n  matrix: [[Int!]]\n  extra: Extra\n  selUser: User\n  ctx: String\n  huge: [Int]\n"
	"  objForScalar: String\n  scalarForObj: User\n  escaped: String\n  long: String\n  longPlain: String\n  typedNode: Node\n}\n"
	"type Mutation { a: Int\n b: Int }\n"
	"enum Color { RED GREEN BLUE }\n"
	"input Input { url: String!, n: Int = 7, tags: [String!], nested: Input }\n"
	"interface Node { id: ID! }\n"
	"type User implements Node { id: ID!\n name: String\n friend: User\n strict: String!\n age: Int\n bad: String }\n"
	"type Post implements Node { id: ID!\n title: String }\n"
	"union Result = User | Post\n"
	"type Extra { bound: Int\n unbound: Int }\n"
	"scalar Date\n";

struct user { const char *id, *name; int age; const struct user *friend; };
static const struct user users[3] = {
	{ "u1", "Ann", 30, &users[1] }, { "u2", "Bob", 40, NULL }, { "u3", NULL, 50, NULL },
};
struct post { const char *id, *title; };
static const struct post post1 = { "p1", "Hello" };
static int counter;
static const struct gql_schema *S;
static bool sel_name, sel_friend, sel_age, sel_title;

static int q_resolve(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	const char *f = gql_rfield(rc)->name;
	(void)parent;
	if (!strcmp(f, "hello")) gql_out_cstr(o, "world");
	else if (!strcmp(f, "int")) gql_out_int(o, 42);
	else if (!strcmp(f, "bigInt")) gql_out_int(o, INT64_C(1) << 33);
	else if (!strcmp(f, "float")) gql_out_float(o, 1.5);
	else if (!strcmp(f, "inf")) gql_out_float(o, INFINITY);
	else if (!strcmp(f, "bool")) gql_out_bool(o, true);
	else if (!strcmp(f, "id")) gql_out_cstr(o, "abc");
	else if (!strcmp(f, "idInt")) gql_out_int(o, 7);
	else if (!strcmp(f, "color")) gql_out_enum(o, "GREEN");
	else if (!strcmp(f, "badColor")) gql_out_enum(o, "PURPLE");
	else if (!strcmp(f, "nonNullNull") || !strcmp(f, "nullable")) gql_out_null(o);
	else if (!strcmp(f, "err")) return gql_error(rc, "NOPE", "bad thing %d", 1);
	else if (!strcmp(f, "errNonNull")) return gql_error(rc, NULL, "worse");
	else if (!strcmp(f, "failSilently")) return -1;
	else if (!strcmp(f, "echo")) {
		struct sb b;
		const struct gql_field *fd = gql_rfield(rc);
		sb_init(&b);
		for (uint32_t i = 0; i < fd->nargs; i++) {
			const struct gql_value *v = gql_arg(rc, fd->args[i]->name);
			if (v != NULL)
				sb_printf(&b, "%s=%s;", fd->args[i]->name, gql_value_print(gql_arena(rc), v));
		}
		gql_out_cstr(o, arena_strdup(gql_arena(rc), sb_str(&b)));
		sb_free(&b);
	} else if (!strcmp(f, "user")) {
		const char *id = gql_value_str(gql_arg(rc, "id"));
		gql_out_null(o);
		for (int i = 0; i < 3; i++)
			if (id && !strcmp(users[i].id, id))
				gql_out_object(o, NULL, &users[i]);
	} else if (!strcmp(f, "users")) {
		const struct gql_value *n = gql_arg(rc, "n");
		uint32_t k = n && n->kind == GQL_V_INT ? (uint32_t)n->u.i : 0;
		if (k > 3)
			k = 3;
		struct gql_out *items = gql_out_list(rc, o, k);
		for (uint32_t i = 0; i < k; i++)
			gql_out_object(&items[i], "User", &users[i]);
	} else if (!strcmp(f, "nullableItems")) {
		struct gql_out *items = gql_out_list(rc, o, 3);
		gql_out_object(&items[0], NULL, &users[0]);
		gql_out_object(&items[2], NULL, &users[1]);
	} else if (!strcmp(f, "search")) {
		struct gql_out *items = gql_out_list(rc, o, 2);
		gql_out_object(&items[0], "User", &users[0]);
		gql_out_object(&items[1], "Post", &post1);
	} else if (!strcmp(f, "node")) gql_out_object(o, "Post", &post1);
	else if (!strcmp(f, "typedNode")) gql_out_object_type(o, gql_schema_type(S, "User"), &users[1]);
	else if (!strcmp(f, "badNode")) gql_out_object(o, NULL, &post1);
	else if (!strcmp(f, "wrongType")) gql_out_object(o, "Color", &post1);
	else if (!strcmp(f, "date")) gql_out_cstr(o, "2024-01-01");
	else if (!strcmp(f, "list")) {
		struct gql_out *items = gql_out_list(rc, o, 3);
		gql_out_int(&items[0], 1);
		gql_out_int(&items[2], 3);
	} else if (!strcmp(f, "listNotList")) gql_out_int(o, 5);
	else if (!strcmp(f, "strList")) {
		struct gql_out *items = gql_out_list(rc, o, 2);
		gql_out_cstr(&items[0], "a");
	} else if (!strcmp(f, "matrix")) {
		struct gql_out *rows = gql_out_list(rc, o, 2);
		struct gql_out *r0 = gql_out_list(rc, &rows[0], 2), *r1 = gql_out_list(rc, &rows[1], 2);
		gql_out_int(&r0[0], 1);
		gql_out_int(&r0[1], 2);
		gql_out_int(&r1[0], 3);
	} else if (!strcmp(f, "extra")) gql_out_object(o, NULL, "x");
	else if (!strcmp(f, "selUser")) {
		sel_name = gql_selected(rc, "name");
		sel_friend = gql_selected(rc, "friend");
		sel_age = gql_selected(rc, "age");
		sel_title = gql_selected(rc, "title");
		gql_out_object(o, NULL, &users[0]);
	} else if (!strcmp(f, "ctx")) gql_out_cstr(o, gql_context(rc));
	else if (!strcmp(f, "huge")) {
		if (gql_out_list(rc, o, UINT32_C(100000000)) == NULL)
			return -1;
	} else if (!strcmp(f, "objForScalar")) gql_out_object(o, NULL, "x");
	else if (!strcmp(f, "scalarForObj")) gql_out_int(o, 1);
	else if (!strcmp(f, "escaped")) gql_out_cstr(o, "a\"b\\c\n");
	else if (!strcmp(f, "long")) gql_out_string(o, "0123456789\"abcdefgh\\ijklmnop\x01\xc3\xa9-\xff-\0z", 36);
	else if (!strcmp(f, "longPlain")) gql_out_cstr(o, "The quick brown fox jumps over the lazy dog 0123456789");
	else
		return gql_error(rc, "TEST", "unexpected field %s", f);
	return 0;
}

static int user_resolve(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	const struct user *u = parent;
	const char *f = gql_rfield(rc)->name;
	if (!strcmp(f, "id")) gql_out_cstr(o, u->id);
	else if (!strcmp(f, "name")) gql_out_cstr(o, u->name);
	else if (!strcmp(f, "age")) gql_out_int(o, u->age);
	else if (!strcmp(f, "friend")) {
		if (u->friend)
			gql_out_object(o, NULL, u->friend);
		else
			gql_out_null(o);
	} else if (!strcmp(f, "strict")) gql_out_null(o);
	else if (!strcmp(f, "bad")) {
		if (!strcmp(u->id, "u2"))
			return gql_error(rc, "BAD", "bad user %s", u->id);
		gql_out_cstr(o, "fine");
	}
	return 0;
}

static int post_resolve(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	const struct post *p = parent;
	if (!strcmp(gql_rfield(rc)->name, "id"))
		gql_out_cstr(o, p->id);
	else
		gql_out_cstr(o, p->title);
	return 0;
}

static int m_resolve(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	(void)parent;
	counter++;
	gql_out_int(o, !strcmp(gql_rfield(rc)->name, "b") ? counter * 10 : counter);
	return 0;
}

static int extra_bound(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	(void)rc;
	(void)parent;
	gql_out_int(o, *(int *)gql_udata(rc));
	return 0;
}

#define T(q, vars, want, ...) is_str(tl_run(s, q, vars), want, __VA_ARGS__)
#define ERR(msg, line, col, path, code) \
	"{\"message\":\"" msg "\",\"locations\":[{\"line\":" #line ",\"column\":" #col "}],\"path\":[" path "]" \
	",\"extensions\":{\"code\":\"" code "\"}}"
#define ISE "INTERNAL_SERVER_ERROR"

/* a search-shaped selection: 20 items x 20 scalar fields */
static const char bench_sdl[] =
	"type Query { items(first: Int = 20): [Item!]! }\n"
	"type Item { f01: String f02: String f03: String f04: Int f05: Int f06: Boolean f07: String f08: String\n"
	"  f09: String f10: Float f11: String f12: String f13: ID! f14: String f15: String f16: Int f17: String\n"
	"  f18: String f19: String f20: String }\n";

static int bench_items(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	(void)parent;
	static const int objs[20];
	struct gql_out *items = gql_out_list(rc, o, 20);
	if (items == NULL)
		return -1;
	for (int i = 0; i < 20; i++)
		gql_out_object(&items[i], NULL, &objs[i]);
	return 0;
}

static int bench_field(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	(void)parent;
	const struct gql_field *f = gql_rfield(rc);
	const struct gql_type *t = f->type->kind == GQL_K_NON_NULL ? f->type->of : f->type;
	switch (t->builtin) {
	case GQL_SCALAR_INT: gql_out_int(o, 1234); break;
	case GQL_SCALAR_FLOAT: gql_out_float(o, 0.75); break;
	case GQL_SCALAR_BOOLEAN: gql_out_bool(o, true); break;
	default: gql_out_cstr(o, f->index & 1 ? "Some title of an article" : "https://example.com/a/b"); break;
	}
	return 0;
}

/* { ...F1 } with F1 .. Fn on Query each spreading the next and Fn selecting `last`; as deep as
 * n + the depth of `last` + 1 */
static const char *spread_chain(struct sb *b, int n, const char *last)
{
	sb_reset(b);
	sb_puts(b, "{ ...F1 }");
	for (int i = 1; i < n; i++)
		sb_printf(b, " fragment F%d on Query { ...F%d }", i, i + 1);
	sb_printf(b, " fragment F%d on Query { %s }", n, last);
	return sb_str(b);
}

#define DEPTH_MSG(n) "Document exceeds the maximum depth of " #n " once fragments are expanded."

/* query_max_depth: validation and execution count the same depth, fragments expanded */
static void depth_budget(const struct gql_schema *s)
{
	struct sb b;
	sb_init(&b);
	/* the default limit, 24: the operation's set, 21 fragment sets, user's set, friend's set */
	T(spread_chain(&b, 21, "user(id: \"u1\") { friend { name } }"), NULL,
	  "{\"data\":{\"user\":{\"friend\":{\"name\":\"Bob\"}}}}", "depth 24 through 21 fragments runs");
	T(spread_chain(&b, 22, "user(id: \"u1\") { friend { name } }"), NULL,
	  "{\"errors\":[{\"message\":\"" DEPTH_MSG(24) "\",\"locations\":[{\"line\":1,\"column\":735}],"
	  "\"extensions\":{\"code\":\"GRAPHQL_VALIDATION_FAILED\"}}]}", "depth 25 through 22 fragments refused, located");
	is_int(tl_res.outcome, GQL_RESULT_REQUEST_ERROR, "depth 25: a request error");
	static const int chains[] = { 51, 200, 1000 };
	for (int i = 0; i < 3; i++) {
		const char *body = tl_run(s, spread_chain(&b, chains[i], "hello"), NULL);
		like(body, "{\"errors\":[{\"message\":\"" DEPTH_MSG(24) "\",\"locations\":[{\"line\":1,\"column\":",
		     "%d-deep spread chain refused, located", chains[i]);
		like(body, "\"extensions\":{\"code\":\"GRAPHQL_VALIDATION_FAILED\"}}]}", "%d-deep spread chain: the code", chains[i]);
		ok(strstr(body, "\"data\"") == NULL, "%d-deep spread chain: no data", chains[i]);
	}
	/* inline fragments count as spreads do: 21 nested ones, the user set and an inline fragment in it */
	char open[21 * 6 + 1] = "", close[21 * 2 + 1] = "";
	for (int i = 0; i < 21; i++) {
		strcat(open, "... { ");
		strcat(close, "} ");
	}
	sb_reset(&b);
	sb_printf(&b, "{ %suser(id: \"u1\") { ... on User { name } } %s}", open, close);
	T(sb_str(&b), NULL, "{\"data\":{\"user\":{\"name\":\"Ann\"}}}", "depth 24 through inline fragments runs");
	T("{ ...F } fragment F on Query { ... { ... { user(id: \"u1\") { ...G } } } } fragment G on User { ... { friend { ...H } } }"
	  " fragment H on User { name }", NULL, "{\"data\":{\"user\":{\"friend\":{\"name\":\"Bob\"}}}}", "mixed fragments run");
	/* a larger limit holds for execution too (it used to stop collecting at 64 levels, silently) */
	struct gql_limits lim = { .max_depth = 120 };
	is_str(tl_run_full(s, spread_chain(&b, 117, "user(id: \"u1\") { friend { name } }"), NULL, NULL, false, NULL, &lim),
	       "{\"data\":{\"user\":{\"friend\":{\"name\":\"Bob\"}}}}", "max_depth 120: 117 fragments run");
	like(tl_run_full(s, spread_chain(&b, 118, "user(id: \"u1\") { friend { name } }"), NULL, NULL, false, NULL, &lim),
	     DEPTH_MSG(120), "max_depth 120: 118 fragments refused");
	/* argument values count as in the parser: an object holding a list in a set at depth 3 reaches depth 5 */
	lim.max_depth = 4;
	like(tl_run_full(s, "{ ...F } fragment F on Query { ... { echo(req: \"r\", in: {url: \"u\", tags: [\"t\"]}) } }", NULL, NULL, false, NULL, &lim),
	     DEPTH_MSG(4), "values inside fragments count");
	lim.max_depth = 5;
	like(tl_run_full(s, "{ ...F } fragment F on Query { ... { echo(req: \"r\", in: {url: \"u\", tags: [\"t\"]}) } }", NULL, NULL, false, NULL, &lim),
	     "{\"data\":{\"echo\":", "values at the limit run");
	sb_free(&b);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void bench(void)
{
	struct gql_schema *bs = tl_schema(bench_sdl);
	ok(gql_bind(bs, "Query.items", bench_items, NULL) == 0, "bench: bind items");
	ok(gql_bind(bs, "Item.*", bench_field, NULL) == 0, "bench: bind item fields");
	const char *q = "{ items { f01 f02 f03 f04 f05 f06 f07 f08 f09 f10 f11 f12 f13 f14 f15 f16 f17 f18 f19 f20 } }";
	const char *body = tl_run(bs, q, NULL);
	ok(tl_json_ok(body) && strstr(body, "\"errors\"") == NULL, "bench: 20x20 ran without errors");
	struct json_object *j = json_tokener_parse(body), *d, *items;
	ok(j && json_object_object_get_ex(j, "data", &d) && json_object_object_get_ex(d, "items", &items) &&
	   json_object_array_length(items) == 20 &&
	   json_object_object_length(json_object_array_get_idx(items, 19)) == 20, "bench: 20 items of 20 fields");
	json_object_put(j);
	int n = getenv("BENCH_N") ? atoi(getenv("BENCH_N")) : 2000;
	double t0 = now();
	for (int i = 0; i < n; i++)
		tl_run(bs, q, NULL);
	double per = (now() - t0) / n * 1e6;
	t0 = now();
	for (int i = 0; i < n; i++) {
		struct gql_errors errs;
		arena_reset(&tl_arena);
		gql_errors_init(&errs, &tl_arena);
		struct gql_document *doc = gql_parse(&tl_arena, q, strlen(q), NULL, &errs);
		gql_validate(bs, doc, NULL, &tl_arena, &errs);
	}
	double pv = (now() - t0) / n * 1e6;
	printf("# 20x20: parse+validate+execute %.2f us CPU per request (parse+validate %.2f, execute %.2f), %zu bytes of JSON\n",
	       per, pv, per - pv, strlen(body));
	gql_schema_free(bs);
}

/* gql_request.guard for the tests: refuses the field b (counting its calls) */
static int guard_calls;
static const char *guard_b(void *ctx, const struct gql_field *f, struct arena *a)
{
	(void)ctx;
	guard_calls++;
	return strcmp(f->name, "b") == 0 ? arena_printf(a, "no %s for you", f->name) : NULL;
}

static const char *run_guarded(const struct gql_schema *s, const char *q)
{
	struct gql_request req = { .query = q, .query_len = strlen(q), .guard = guard_b };
	arena_reset(&tl_arena);
	sb_reset(&tl_out);
	guard_calls = 0;
	gql_execute(s, &req, &tl_arena, &tl_out, &tl_res);
	return sb_str(&tl_out);
}

/* the guard sees every root field before anything runs; a refusal is the whole answer */
static void guard_and_cost(struct gql_schema *s)
{
	struct gql_limits lim = { .max_cost = 30, .name_cost = "max_cost" };
	counter = 0;
	is_str(run_guarded(s, "mutation { a b }"),
	       "{\"errors\":[{\"message\":\"no b for you\",\"locations\":[{\"line\":1,\"column\":14}],"
	       "\"extensions\":{\"code\":\"FORBIDDEN\"}}]}", "guard: a refused field refuses the request, no data");
	is_int(tl_res.outcome, GQL_RESULT_FORBIDDEN, "guard: outcome FORBIDDEN");
	is_int(counter, 0, "guard: the allowed field before it did not run");
	is_str(run_guarded(s, "mutation { a a2: a __typename }"), "{\"data\":{\"a\":1,\"a2\":2,\"__typename\":\"Mutation\"}}",
	       "guard: allowed fields run");
	is_int(guard_calls, 2, "guard: called for each root field, not for __typename");
	run_guarded(s, "fragment F on Mutation { a a3: a } mutation { ...F ...F a }");
	is_int(guard_calls, 3, "guard: a fragment spread twice is looked at once");
	is_str(run_guarded(s, "fragment F on Mutation { b } mutation { ... on Mutation { ...F } }"),
	       "{\"errors\":[{\"message\":\"no b for you\",\"locations\":[{\"line\":1,\"column\":26}],"
	       "\"extensions\":{\"code\":\"FORBIDDEN\"}}]}", "guard: through inline fragments and spreads");

	/* max_cost: a's selections cost 10 each, b is free */
	gql_type_field(s->mutation, "a")->cost = 10;
	counter = 0;
	is_str(tl_run_full(s, "mutation { a a2: a a3: a b }", NULL, NULL, false, NULL, &lim),
	       "{\"data\":{\"a\":1,\"a2\":2,\"a3\":3,\"b\":40}}", "max_cost: 30 runs");
	is_str(tl_run_full(s, "mutation { a a2: a a3: a a4: a }", NULL, NULL, false, NULL, &lim),
	       "{\"errors\":[{\"message\":\"The operation costs 40, more than the budget of 30 (max_cost): 4 a at 10.\","
	       "\"locations\":[{\"line\":1,\"column\":1}],\"extensions\":{\"code\":\"GRAPHQL_VALIDATION_FAILED\"}}]}",
	       "max_cost: 40 refused, naming the limit and the costs");
	counter = 0;
	tl_run_full(s, "fragment F on Mutation { a a2: a } mutation { ...F ... on Mutation { ...F } }", NULL, NULL, false,
	            NULL, &lim);
	is_int(tl_res.outcome, GQL_RESULT_REQUEST_ERROR, "max_cost: each spread of a fragment counts");
	is_int(counter, 0, "max_cost: nothing ran");
	tl_run_full(s, "mutation { a a2: a a3: a a4: a }", NULL, NULL, false, NULL, NULL);
	is_int(tl_res.outcome, GQL_RESULT_DATA, "max_cost: no budget without limits");
	gql_type_field(s->mutation, "a")->cost = 0;
}

int main(void)
{
	static int bound_val = 11;
	arena_init(&tl_arena);
	sb_init(&tl_out);
	struct gql_schema *s = tl_schema(sdl);
	S = s;
	ok(gql_bind(s, "Query.*", q_resolve, NULL) == 0, "bind Query.*");
	ok(gql_bind(s, "User.*", user_resolve, NULL) == 0, "bind User.*");
	ok(gql_bind(s, "Post.*", post_resolve, NULL) == 0, "bind Post.*");
	ok(gql_bind(s, "Mutation.*", m_resolve, NULL) == 0, "bind Mutation.*");
	ok(gql_bind(s, "Extra.bound", extra_bound, &bound_val) == 0, "bind Extra.bound");

	/* basics */
	T("{ hello }", NULL, "{\"data\":{\"hello\":\"world\"}}", "simple field");
	is_int(tl_res.outcome, GQL_RESULT_DATA, "outcome DATA");
	is_int(tl_res.nerrors, 0, "no errors");
	T("{ b: int a: hello int }", NULL, "{\"data\":{\"b\":42,\"a\":\"world\",\"int\":42}}", "aliases, selection order");
	T("{ float bool id idInt color date escaped }", NULL,
	  "{\"data\":{\"float\":1.5,\"bool\":true,\"id\":\"abc\",\"idInt\":\"7\",\"color\":\"GREEN\",\"date\":\"2024-01-01\",\"escaped\":\"a\\\"b\\\\c\\n\"}}",
	  "leaf serialization");
	T("{ long longPlain }", NULL,
	  "{\"data\":{\"long\":\"0123456789\\\"abcdefgh\\\\ijklmnop\\u0001\xc3\xa9-\xef\xbf\xbd-\\u0000z\",\"longPlain\":\"The quick brown fox jumps over the lazy dog 0123456789\"}}",
	  "long strings: escapes, UTF-8, invalid bytes, NUL");
	T("{ __typename }", NULL, "{\"data\":{\"__typename\":\"Query\"}}", "__typename at the root");
	T("{ hello hello }", NULL, "{\"data\":{\"hello\":\"world\"}}", "same key merged");
	T("{ user(id: \"u1\") { name } user(id: \"u1\") { age } }", NULL,
	  "{\"data\":{\"user\":{\"name\":\"Ann\",\"age\":30}}}", "sub-selections merged");
	T("{ user(id: \"u1\") { friend { name friend { name } } } }", NULL,
	  "{\"data\":{\"user\":{\"friend\":{\"name\":\"Bob\",\"friend\":null}}}}", "nested objects, null object");
	T("{ user(id: \"zz\") { name } }", NULL, "{\"data\":{\"user\":null}}", "resolver null object");
	T("{ users(n: 2) { id } }", NULL, "{\"data\":{\"users\":[{\"id\":\"u1\"},{\"id\":\"u2\"}]}}", "list of objects");
	T("{ users { id } }", NULL, "{\"data\":{\"users\":[{\"id\":\"u1\"},{\"id\":\"u2\"},{\"id\":\"u3\"}]}}",
	  "argument default");
	T("{ users(n: 0) { id } }", NULL, "{\"data\":{\"users\":[]}}", "empty list");
	T("{ nullableItems { id } }", NULL, "{\"data\":{\"nullableItems\":[{\"id\":\"u1\"},null,{\"id\":\"u2\"}]}}",
	  "null list item");
	T("{ list matrix }", NULL, "{\"errors\":[" ERR("Cannot return null for non-nullable field Query.matrix.", 1, 8, "\"matrix\",1,1", ISE)
	  "],\"data\":{\"list\":[1,null,3],\"matrix\":[[1,2],null]}}",
	  "scalar lists; nested list item null propagates to the inner list");
	is_int(tl_res.nerrors, 1, "matrix: one error");
	like(sb_str(&tl_out), "\"path\":[\"matrix\",1,1]", "matrix: error path with indexes");

	/* abstract types */
	T("{ search { __typename ... on User { name } ... on Post { title } } }", NULL,
	  "{\"data\":{\"search\":[{\"__typename\":\"User\",\"name\":\"Ann\"},{\"__typename\":\"Post\",\"title\":\"Hello\"}]}}",
	  "union with inline fragments");
	T("{ node { id __typename ... on Post { title } ... on User { name } } }", NULL,
	  "{\"data\":{\"node\":{\"id\":\"p1\",\"__typename\":\"Post\",\"title\":\"Hello\"}}}", "interface");
	T("{ node { ... on Node { id } } }", NULL, "{\"data\":{\"node\":{\"id\":\"p1\"}}}", "fragment on the interface");
	T("{ badNode { id } }", NULL,
	  "{\"errors\":[" ERR("Abstract type \\\"Node\\\" must resolve to an Object type at runtime for field \\\"Query.badNode\\\".", 1, 3, "\"badNode\"", ISE)
	  "],\"data\":{\"badNode\":null}}", "abstract type without a concrete type");
	T("{ wrongType { id } }", NULL,
	  "{\"errors\":[" ERR("Runtime Object type \\\"Color\\\" is not a possible type for \\\"Node\\\".", 1, 3, "\"wrongType\"", ISE)
	  "],\"data\":{\"wrongType\":null}}", "concrete type that is not possible");

	T("{ typedNode { __typename id ... on User { name } } }", NULL,
	  "{\"data\":{\"typedNode\":{\"__typename\":\"User\",\"id\":\"u2\",\"name\":\"Bob\"}}}",
	  "gql_out_object_type names the concrete type");

	/* fragments and directives */
	T("{ user(id: \"u1\") { ...A name } } fragment A on User { n: name age name }", NULL,
	  "{\"data\":{\"user\":{\"n\":\"Ann\",\"age\":30,\"name\":\"Ann\"}}}", "fragment fields first, keys merged in order");
	T("{ a: user(id: \"u1\") { ...A } b: user(id: \"u1\") { ...A } } fragment A on User { id }", NULL,
	  "{\"data\":{\"a\":{\"id\":\"u1\"},\"b\":{\"id\":\"u1\"}}}", "same fragment under two aliases");
	T("{ user(id: \"u1\") { ...A } user(id: \"u1\") { ...A friend { id } } } fragment A on User { name }", NULL,
	  "{\"data\":{\"user\":{\"name\":\"Ann\",\"friend\":{\"id\":\"u2\"}}}}", "merged fields each spread the fragment");
	T("query ($x: Boolean = false) { ...F } fragment F on Query { hello @include(if: $x) int }", NULL,
	  "{\"data\":{\"int\":42}}", "variable default inside a fragment's directive");
	T("query { ...F } fragment F on Query { hello ...G } fragment G on Query { int }", NULL,
	  "{\"data\":{\"hello\":\"world\",\"int\":42}}", "named fragments");
	T("{ ...F ...F } fragment F on Query { hello }", NULL, "{\"data\":{\"hello\":\"world\"}}", "fragment spread twice");
	T("{ search { ...U } } fragment U on User { id }", NULL, "{\"data\":{\"search\":[{\"id\":\"u1\"},{}]}}",
	  "fragment type condition not matching gives an empty object");
	T("query ($s: Boolean!) { hello @skip(if: $s) int @include(if: false) float @include(if: true) bool @skip(if: false) }",
	  "{\"s\":true}", "{\"data\":{\"float\":1.5,\"bool\":true}}", "@skip / @include with literals and variables");
	T("query ($s: Boolean!) { ... @include(if: $s) { hello } ...F @skip(if: $s) } fragment F on Query { int }",
	  "{\"s\":false}", "{\"data\":{\"int\":42}}", "directives on fragments");
	T("{ hello @skip(if: true) hello }", NULL, "{\"data\":{\"hello\":\"world\"}}", "skipped copy, included copy");

	/* arguments */
	T("{ echo(req: \"x\") }", NULL, "{\"data\":{\"echo\":\"req=\\\"x\\\";d=\\\"dflt\\\";\"}}", "absent arg and default");
	T("{ echo(req: \"x\", s: null, d: null) }", NULL,
	  "{\"data\":{\"echo\":\"s=null;req=\\\"x\\\";d=null;\"}}", "explicit null is distinct from absent");
	T("{ echo(req: \"x\", f: 3, id: 12, l: 5, c: RED, b: false, i: -4) }", NULL,
	  "{\"data\":{\"echo\":\"i=-4;f=3;b=false;id=\\\"12\\\";c=RED;l=[5];req=\\\"x\\\";d=\\\"dflt\\\";\"}}",
	  "literal coercion: Int->Float, Int->ID, single value -> list");
	T("{ echo(req: \"x\", in: {url: \"u\"}) }", NULL,
	  "{\"data\":{\"echo\":\"in={url: \\\"u\\\", n: 7};req=\\\"x\\\";d=\\\"dflt\\\";\"}}", "input object field default");
	T("query ($i: Int, $s: String) { echo(req: \"r\", i: $i, s: $s) }", "{}",
	  "{\"data\":{\"echo\":\"req=\\\"r\\\";d=\\\"dflt\\\";\"}}", "absent variables leave arguments absent");
	T("query ($i: Int, $s: String) { echo(req: \"r\", i: $i, s: $s) }", "{\"s\":null,\"i\":9}",
	  "{\"data\":{\"echo\":\"s=null;i=9;req=\\\"r\\\";d=\\\"dflt\\\";\"}}", "null and value variables");
	T("query ($x: Int) { echo(req: \"r\", l: [1, $x]) }", "{}",
	  "{\"data\":{\"echo\":\"l=[1, null];req=\\\"r\\\";d=\\\"dflt\\\";\"}}", "absent variable in a list is null");
	T("query ($d: String = \"vd\") { echo(req: \"r\", d: $d) }", NULL,
	  "{\"data\":{\"echo\":\"req=\\\"r\\\";d=\\\"vd\\\";\"}}", "variable default");
	T("query ($u: String) { echo(req: \"r\", in: {url: \"a\", nested: {url: \"b\", n: 1}}, s: $u) }", "{\"u\":\"U\"}",
	  "{\"data\":{\"echo\":\"s=\\\"U\\\";in={url: \\\"a\\\", n: 7, nested: {url: \\\"b\\\", n: 1}};req=\\\"r\\\";d=\\\"dflt\\\";\"}}",
	  "nested input objects");

	/* errors and null propagation */
	T("{ bigInt hello }", NULL,
	  "{\"errors\":[" ERR("Int cannot represent non 32-bit signed integer value: 8589934592", 1, 3, "\"bigInt\"", ISE)
	  "],\"data\":{\"bigInt\":null,\"hello\":\"world\"}}", "Int out of 32-bit range");
	is_int(tl_res.outcome, GQL_RESULT_DATA, "field error: outcome DATA");
	is_int(tl_res.nerrors, 1, "field error counted");
	T("{ inf }", NULL,
	  "{\"errors\":[" ERR("Float cannot represent non numeric value: Infinity", 1, 3, "\"inf\"", ISE)
	  "],\"data\":{\"inf\":null}}", "Float must be finite");
	T("{ badColor }", NULL,
	  "{\"errors\":[" ERR("Enum \\\"Color\\\" cannot represent value: \\\"PURPLE\\\"", 1, 3, "\"badColor\"", ISE)
	  "],\"data\":{\"badColor\":null}}", "enum value must exist");
	T("{ nonNullNull }", NULL,
	  "{\"errors\":[" ERR("Cannot return null for non-nullable field Query.nonNullNull.", 1, 3, "\"nonNullNull\"", ISE)
	  "],\"data\":null}", "non-null root field null: data null");
	T("{ err hello }", NULL,
	  "{\"errors\":[" ERR("bad thing 1", 1, 3, "\"err\"", "NOPE") "],\"data\":{\"err\":null,\"hello\":\"world\"}}",
	  "resolver error with code");
	T("{ hello errNonNull }", NULL,
	  "{\"errors\":[{\"message\":\"worse\",\"locations\":[{\"line\":1,\"column\":9}],\"path\":[\"errNonNull\"]}],\"data\":null}",
	  "resolver error on non-null field, no code");
	T("{ failSilently }", NULL,
	  "{\"errors\":[" ERR("Could not resolve Query.failSilently", 1, 3, "\"failSilently\"", ISE)
	  "],\"data\":{\"failSilently\":null}}", "resolver failing without an error gets one");
	T("{ user(id: \"u1\") { name strict } hello }", NULL,
	  "{\"errors\":[" ERR("Cannot return null for non-nullable field User.strict.", 1, 25, "\"user\",\"strict\"", ISE)
	  "],\"data\":{\"user\":null,\"hello\":\"world\"}}", "null propagates to the nullable parent");
	T("{ users(n: 2) { id strict } }", NULL,
	  "{\"errors\":[" ERR("Cannot return null for non-nullable field User.strict.", 1, 20, "\"users\",0,\"strict\"", ISE)
	  "],\"data\":{\"users\":null}}", "null propagates through a non-null list item");
	T("{ users(n: 3) { id bad } }", NULL,
	  "{\"errors\":[" ERR("bad user u2", 1, 20, "\"users\",1,\"bad\"", "BAD")
	  "],\"data\":{\"users\":[{\"id\":\"u1\",\"bad\":\"fine\"},{\"id\":\"u2\",\"bad\":null},{\"id\":\"u3\",\"bad\":\"fine\"}]}}",
	  "error path with a list index");
	T("{ search { ... on User { strict } } }", NULL,
	  "{\"errors\":[" ERR("Cannot return null for non-nullable field User.strict.", 1, 26, "\"search\",0,\"strict\"", ISE)
	  "],\"data\":null}", "propagation through non-null list up to the root");
	T("{ strList }", NULL,
	  "{\"errors\":[" ERR("Cannot return null for non-nullable field Query.strList.", 1, 3, "\"strList\",1", ISE)
	  "],\"data\":{\"strList\":null}}", "non-null list item null");
	T("{ listNotList }", NULL,
	  "{\"errors\":[" ERR("Expected Iterable, but did not find one for field \\\"Query.listNotList\\\".", 1, 3, "\"listNotList\"", ISE)
	  "],\"data\":{\"listNotList\":null}}", "list field given a non-list");
	T("{ objForScalar scalarForObj { id } }", NULL,
	  "{\"errors\":[" ERR("String cannot represent value: an object", 1, 3, "\"objForScalar\"", ISE) ","
	  ERR("Expected a value of type \\\"User\\\" for field \\\"Query.scalarForObj\\\", got 1.", 1, 16, "\"scalarForObj\"", ISE)
	  "],\"data\":{\"objForScalar\":null,\"scalarForObj\":null}}", "wrong output kinds");
	T("{ extra { bound unbound } }", NULL,
	  "{\"errors\":[" ERR("No resolver for Extra.unbound", 1, 17, "\"extra\",\"unbound\"", ISE)
	  "],\"data\":{\"extra\":{\"bound\":11,\"unbound\":null}}}", "field without a resolver; udata");
	T("{ a: err b: err }", NULL,
	  "{\"errors\":[" ERR("bad thing 1", 1, 3, "\"a\"", "NOPE") "," ERR("bad thing 1", 1, 10, "\"b\"", "NOPE")
	  "],\"data\":{\"a\":null,\"b\":null}}", "two errors in order");

	/* operation selection */
	T("query A { hello } query B { int }", NULL,
	  "{\"errors\":[{\"message\":\"Must provide operation name if query contains multiple operations.\",\"extensions\":{\"code\":\"OPERATION_RESOLUTION_FAILURE\"}}]}",
	  "several operations without a name");
	is_int(tl_res.outcome, GQL_RESULT_REQUEST_ERROR, "no operation name: request error");
	is_str(tl_run_full(s, "query A { hello } query B { int }", NULL, "B", false, NULL, NULL),
	       "{\"data\":{\"int\":42}}", "operation chosen by name");
	is_str(tl_run_full(s, "query A { hello } query B { int }", NULL, "C", false, NULL, NULL),
	       "{\"errors\":[{\"message\":\"Unknown operation named \\\"C\\\".\",\"extensions\":{\"code\":\"OPERATION_RESOLUTION_FAILURE\"}}]}",
	       "unknown operation name");
	is_int(tl_res.outcome, GQL_RESULT_REQUEST_ERROR, "unknown operation: request error");
	is_str(tl_run_full(s, "query A { hello }", NULL, "A", false, NULL, NULL), "{\"data\":{\"hello\":\"world\"}}",
	       "single operation by name");

	/* mutations */
	counter = 0;
	T("mutation { a b a2: a __typename }", NULL, "{\"data\":{\"a\":1,\"b\":20,\"a2\":3,\"__typename\":\"Mutation\"}}",
	  "mutation fields run in order");
	is_int(tl_res.op_kind, GQL_OP_MUTATION, "op_kind mutation");
	counter = 0;
	is_str(tl_run_full(s, "mutation { a }", NULL, NULL, true, NULL, NULL),
	       "{\"errors\":[{\"message\":\"Can only perform a mutation operation from a POST request.\",\"extensions\":{\"code\":\"BAD_REQUEST\"}}]}",
	       "mutation refused when only queries are allowed");
	is_int(tl_res.outcome, GQL_RESULT_NOT_ALLOWED, "outcome NOT_ALLOWED");
	is_int(counter, 0, "the refused mutation did not run");
	is_str(tl_run_full(s, "{ hello }", NULL, NULL, true, NULL, NULL), "{\"data\":{\"hello\":\"world\"}}",
	       "queries run when only queries are allowed");
	guard_and_cost(s);

	/* request errors */
	tl_run(s, "{ hello ", NULL);
	is_int(tl_res.outcome, GQL_RESULT_REQUEST_ERROR, "syntax error: request error");
	like(sb_str(&tl_out), "\"code\":\"GRAPHQL_PARSE_FAILED\"", "syntax error code");
	ok(strstr(sb_str(&tl_out), "\"data\"") == NULL, "syntax error: no data key");
	tl_run(s, "{ nosuchfield }", NULL);
	is_int(tl_res.outcome, GQL_RESULT_REQUEST_ERROR, "validation error: request error");
	like(sb_str(&tl_out), "GRAPHQL_VALIDATION_FAILED", "validation error code");
	ok(strstr(sb_str(&tl_out), "\"data\"") == NULL, "validation error: no data key");
	T("query ($n: Int!) { users(n: $n) { id } }", "{}",
	  "{\"errors\":[{\"message\":\"Variable \\\"$n\\\" of required type \\\"Int!\\\" was not provided.\",\"locations\":[{\"line\":1,\"column\":8}],\"extensions\":{\"code\":\"BAD_USER_INPUT\"}}]}",
	  "variable error: request error without data");
	is_int(tl_res.outcome, GQL_RESULT_REQUEST_ERROR, "variable error outcome");

	/* context, gql_selected */
	is_str(tl_run_full(s, "{ ctx }", NULL, NULL, false, (void *)"the-context", NULL),
	       "{\"data\":{\"ctx\":\"the-context\"}}", "gql_context");
	T("{ selUser { name ...F } } fragment F on User { ... on User { friend { id } } }", NULL,
	  "{\"data\":{\"selUser\":{\"name\":\"Ann\",\"friend\":{\"id\":\"u2\"}}}}", "selUser runs");
	ok(sel_name && sel_friend && !sel_age && !sel_title, "gql_selected sees fields through fragments");
	T("query ($x: Boolean!) { selUser { name age @include(if: $x) } }", "{\"x\":false}",
	  "{\"data\":{\"selUser\":{\"name\":\"Ann\"}}}", "selUser with a skipped field");
	ok(sel_name && !sel_age, "gql_selected ignores skipped fields");

	/* budgets */
	struct gql_limits lim = { .max_fields = 5 };
	is_str(tl_run_full(s, "{ users(n: 3) { id name } }", NULL, NULL, false, NULL, &lim),
	       "{\"errors\":[" ERR("The query executes more than 5 fields.", 1, 17, "\"users\",2,\"id\"", ISE) "],\"data\":null}",
	       "field budget");
	is_str(tl_run_full(s, "{ users(n: 2) { id name } }", NULL, NULL, false, NULL, &lim),
	       "{\"data\":{\"users\":[{\"id\":\"u1\",\"name\":\"Ann\"},{\"id\":\"u2\",\"name\":\"Bob\"}]}}",
	       "exactly the field budget");
	T("{ hello huge }", NULL,
	  "{\"errors\":[" ERR("The request needs more memory than allowed.", 1, 9, "\"huge\"", ISE) "],\"data\":null}",
	  "arena limit gives an error");
	is_int(tl_arena.limit, 0, "arena limit restored");
	T("{ users(n: 1) { id } user(id: \"u1\") { friend { name } } huge }", NULL,
	  "{\"errors\":[" ERR("The request needs more memory than allowed.", 1, 57, "\"huge\"", ISE) "],\"data\":null}",
	  "arena limit after other fields: data null");
	T("{ hello }", NULL, "{\"data\":{\"hello\":\"world\"}}", "next request after an exhausted arena");
	lim = (struct gql_limits){ .max_errors = 2 };
	const char *body = tl_run_full(s, "{ a: err b: err c: err d: err }", NULL, NULL, false, NULL, &lim);
	ok(tl_json_ok(body), "error budget: JSON ok");
	like(body, "\"data\":{\"a\":null,\"b\":null,\"c\":null,\"d\":null}", "error budget: data complete");
	is_int(tl_res.nerrors, 2, "error budget: two errors recorded");

	depth_budget(s);

	/* the output keeps what was in the buffer before */
	arena_reset(&tl_arena);
	sb_reset(&tl_out);
	sb_puts(&tl_out, "PREFIX");
	struct gql_request req = { .query = "{ err }", .query_len = 7 };
	gql_execute(s, &req, &tl_arena, &tl_out, &tl_res);
	like(sb_str(&tl_out), "PREFIX{\"errors\":[", "output appended after existing text");

	bench();
	gql_schema_free(s);
	arena_free(&tl_arena);
	sb_free(&tl_out);
	return done_testing();
}
