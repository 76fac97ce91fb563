/* gql_coerce.c: tests of input coercion: variables from JSON (spec 6.1.2), literals, arguments, custom scalars. */
#include <ctype.h>
#include "tap.h"
#include "gql_testlib.h"
#include "gql/exec_int.h"

static const char sdl[] =
	"type Query {\n"
	"  echo(i: Int, f: Float, s: String, b: Boolean, id: ID, c: Color, in: Input, l: [Int], ll: [[Int!]], d: Date, nn: Int): String\n"
	"  url(in: Input): String\n"
	"}\n"
	"enum Color { RED GREEN }\n"
	"input Input { url: String!, n: Int = 7, tags: [String!], nested: Input, color: Color }\n"
	"scalar Date\n";

static int echo(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	(void)parent;
	const struct gql_field *fd = gql_rfield(rc);
	if (!strcmp(fd->name, "url")) {
		const struct gql_value *in = gql_arg(rc, "in");
		gql_out_cstr(o, gql_value_str(gql_value_get(in, "url")));
		return 0;
	}
	struct sb b;
	sb_init(&b);
	for (uint32_t i = 0; i < fd->nargs; i++) {
		const struct gql_value *v = gql_arg(rc, fd->args[i]->name);
		if (v != NULL)
			sb_printf(&b, "%s=%s;", fd->args[i]->name, gql_value_print(gql_arena(rc), v));
	}
	gql_out_cstr(o, arena_strdup(gql_arena(rc), sb_str(&b)));
	sb_free(&b);
	return 0;
}

/* Date: YYYY-MM-DD, normalised to a full time */
static int parse_date(struct arena *a, struct gql_value *v, const char **msg)
{
	const char *s = v->kind == GQL_V_STRING ? v->u.s.p : NULL;
	if (s == NULL || strlen(s) != 10 || s[4] != '-' || s[7] != '-' || !isdigit((unsigned char)s[0])) {
		*msg = "Date must be YYYY-MM-DD";
		return -1;
	}
	v->u.s.p = arena_printf(a, "%sT00:00:00Z", s);
	v->u.s.len = (uint32_t)strlen(v->u.s.p);
	return 0;
}

static const struct gql_schema *S;

/* run `query ($v: TYPE) { echo(ARG: $v) }` with {"v": JSON} */
static const char *var(const char *type, const char *arg, const char *json)
{
	static char q[256], vars[512];
	snprintf(q, sizeof q, "query ($v: %s) { echo(%s: $v) }", type, arg);
	snprintf(vars, sizeof vars, "{\"v\":%s}", json);
	return tl_run(S, q, vars);
}

#define OKV(type, arg, json, want, ...) is_str(var(type, arg, json), "{\"data\":{\"echo\":\"" want "\"}}", __VA_ARGS__)
#define BADV(type, arg, json, msg, ...) \
	is_str(var(type, arg, json), "{\"errors\":[{\"message\":\"" msg "\",\"locations\":[{\"line\":1,\"column\":8}],\"extensions\":{\"code\":\"BAD_USER_INPUT\"}}]}", __VA_ARGS__)

int main(void)
{
	arena_init(&tl_arena);
	sb_init(&tl_out);
	struct gql_schema *s = tl_schema(sdl);
	S = s;
	ok(gql_bind(s, "Query.*", echo, NULL) == 0, "bind");
	ok(gql_bind_scalar(s, "Date", parse_date) == 0, "bind scalar Date");

	/* Int */
	OKV("Int", "i", "5", "i=5;", "Int from JSON int");
	OKV("Int", "i", "-2147483648", "i=-2147483648;", "Int minimum");
	OKV("Int", "i", "2.0", "i=2;", "Int from an integral JSON number");
	BADV("Int", "i", "\"5\"", "Variable \\\"$v\\\" got invalid value \\\"5\\\"; Int cannot represent non-integer value: \\\"5\\\"",
	     "Int refuses a string");
	BADV("Int", "i", "1.5", "Variable \\\"$v\\\" got invalid value 1.5; Int cannot represent non-integer value: 1.5",
	     "Int refuses a fraction");
	BADV("Int", "i", "3000000000",
	     "Variable \\\"$v\\\" got invalid value 3000000000; Int cannot represent non 32-bit signed integer value: 3000000000",
	     "Int range");
	BADV("Int", "i", "true", "Variable \\\"$v\\\" got invalid value true; Int cannot represent non-integer value: true",
	     "Int refuses a boolean");
	/* Float */
	OKV("Float", "f", "2", "f=2;", "Float from JSON int");
	OKV("Float", "f", "2.5", "f=2.5;", "Float");
	BADV("Float", "f", "\"x\"", "Variable \\\"$v\\\" got invalid value \\\"x\\\"; Float cannot represent non numeric value: \\\"x\\\"",
	     "Float refuses a string");
	/* String, Boolean, ID */
	OKV("String", "s", "\"a\\\"b\"", "s=\\\"a\\\\\\\"b\\\";", "String with a quote");
	BADV("String", "s", "5", "Variable \\\"$v\\\" got invalid value 5; String cannot represent a non string value: 5",
	     "String refuses a number");
	BADV("String", "s", "\"a\\u0000b\"",
	     "Variable \\\"$v\\\" got invalid value \\\"a\\\\u0000b\\\"; String cannot represent a value containing U+0000 (NUL)",
	     "String refuses an escaped NUL (it would be cut short)");
	BADV("ID", "id", "\"\\u0000\"",
	     "Variable \\\"$v\\\" got invalid value \\\"\\\\u0000\\\"; String cannot represent a value containing U+0000 (NUL)",
	     "ID refuses an escaped NUL");
	is_str(tl_run(s, "{ echo(in: {url: \"x\\u0000y\"}) }", NULL),
	       "{\"errors\":[{\"message\":\"Argument \\\"in\\\" has invalid value {url: \\\"x\\\\u0000y\\\"}: String cannot represent a value "
	       "containing U+0000 (NUL) (in field \\\"url\\\" of \\\"Input\\\")\",\"locations\":[{\"line\":1,\"column\":3}],\"path\":[\"echo\"],"
	       "\"extensions\":{\"code\":\"BAD_USER_INPUT\"}}],\"data\":{\"echo\":null}}",
	       "a NUL in a String literal is refused");
	OKV("Boolean", "b", "false", "b=false;", "Boolean");
	BADV("Boolean", "b", "1", "Variable \\\"$v\\\" got invalid value 1; Boolean cannot represent a non boolean value: 1",
	     "Boolean refuses a number");
	OKV("ID", "id", "\"x1\"", "id=\\\"x1\\\";", "ID from a string");
	OKV("ID", "id", "77", "id=\\\"77\\\";", "ID from an int");
	BADV("ID", "id", "1.5", "Variable \\\"$v\\\" got invalid value 1.5; ID cannot represent value: 1.5", "ID refuses a float");
	/* enums */
	OKV("Color", "c", "\"RED\"", "c=RED;", "enum from its name");
	BADV("Color", "c", "\"PURPLE\"",
	     "Variable \\\"$v\\\" got invalid value \\\"PURPLE\\\"; Value \\\"PURPLE\\\" does not exist in \\\"Color\\\" enum.",
	     "unknown enum value");
	BADV("Color", "c", "1",
	     "Variable \\\"$v\\\" got invalid value 1; Enum \\\"Color\\\" cannot represent non-string value: 1.",
	     "enum refuses a number");
	/* input objects */
	OKV("Input", "in", "{\"url\":\"u\"}", "in={url: \\\"u\\\", n: 7};", "input object with a default");
	OKV("Input", "in", "{\"url\":\"u\",\"n\":null,\"tags\":\"t\",\"color\":\"GREEN\"}",
	    "in={url: \\\"u\\\", n: null, tags: [\\\"t\\\"], color: GREEN};", "explicit null, single value list, enum field");
	is_str(tl_run(s, "query ($input: Input) { echo(in: $input) }", "{\"input\":{\"url\":5}}"),
	       "{\"errors\":[{\"message\":\"Variable \\\"$input\\\" got invalid value 5 at \\\"input.url\\\"; String cannot represent a non string value: 5\",\"locations\":[{\"line\":1,\"column\":8}],\"extensions\":{\"code\":\"BAD_USER_INPUT\"}}]}",
	       "bad input object field names the path");
	BADV("Input", "in", "{\"url\":\"u\",\"zz\":1}",
	     "Variable \\\"$v\\\" got invalid value { url: \\\"u\\\", zz: 1 }; Field \\\"zz\\\" is not defined by type \\\"Input\\\".",
	     "unknown input field refused");
	BADV("Input", "in", "{}",
	     "Variable \\\"$v\\\" got invalid value {}; Field \\\"url\\\" of required type \\\"String!\\\" was not provided.",
	     "missing required input field");
	BADV("Input", "in", "{\"url\":null}",
	     "Variable \\\"$v\\\" got invalid value null at \\\"v.url\\\"; Expected non-nullable type \\\"String!\\\" not to be null.",
	     "null in a non-null input field");
	BADV("Input", "in", "5", "Variable \\\"$v\\\" got invalid value 5; Expected type \\\"Input\\\" to be an object.",
	     "input object from a number");
	BADV("Input", "in", "{\"url\":\"u\",\"nested\":{\"url\":\"w\",\"nested\":{\"url\":1}}}",
	     "Variable \\\"$v\\\" got invalid value 1 at \\\"v.nested.nested.url\\\"; String cannot represent a non string value: 1",
	     "deep error path");
	/* lists */
	OKV("[Int]", "l", "[1,2]", "l=[1, 2];", "list");
	OKV("[Int]", "l", "3", "l=[3];", "single value into a list");
	OKV("[Int]", "l", "[1,null]", "l=[1, null];", "null item in a nullable list");
	OKV("[[Int!]]", "ll", "5", "ll=[[5]];", "single value into a nested list");
	OKV("[[Int!]]", "ll", "[[1],[2,3]]", "ll=[[1], [2, 3]];", "nested list");
	BADV("[Int]", "l", "[1,\"x\"]",
	     "Variable \\\"$v\\\" got invalid value \\\"x\\\" at \\\"v[1]\\\"; Int cannot represent non-integer value: \\\"x\\\"",
	     "bad list item, indexed path");
	BADV("[[Int!]]", "ll", "[[1,null]]",
	     "Variable \\\"$v\\\" got invalid value null at \\\"v[0][1]\\\"; Expected non-nullable type \\\"Int!\\\" not to be null.",
	     "null in a nested non-null item");
	/* non-null variables */
	is_str(tl_run(s, "query ($v: Int!) { echo(i: $v) }", "{}"),
	       "{\"errors\":[{\"message\":\"Variable \\\"$v\\\" of required type \\\"Int!\\\" was not provided.\",\"locations\":[{\"line\":1,\"column\":8}],\"extensions\":{\"code\":\"BAD_USER_INPUT\"}}]}",
	       "missing non-null variable");
	is_str(tl_run(s, "query ($v: Int!) { echo(i: $v) }", "{\"v\":null}"),
	       "{\"errors\":[{\"message\":\"Variable \\\"$v\\\" of non-null type \\\"Int!\\\" must not be null.\",\"locations\":[{\"line\":1,\"column\":8}],\"extensions\":{\"code\":\"BAD_USER_INPUT\"}}]}",
	       "null into a non-null variable");
	is_int(tl_res.outcome, GQL_RESULT_REQUEST_ERROR, "variable errors are request errors");
	is_str(tl_run(s, "query ($v: Int!) { echo(i: $v) }", "{\"v\":4}"), "{\"data\":{\"echo\":\"i=4;\"}}", "non-null variable given");
	is_str(tl_run(s, "query ($v: Int = 3) { echo(i: $v) }", "{}"), "{\"data\":{\"echo\":\"i=3;\"}}", "variable default");
	is_str(tl_run(s, "query ($v: Int = 3) { echo(i: $v) }", "{\"v\":null}"), "{\"data\":{\"echo\":\"i=null;\"}}",
	       "explicit null overrides the default");
	is_str(tl_run(s, "query ($v: Int = 3) { echo(i: $v) }", NULL), "{\"data\":{\"echo\":\"i=3;\"}}", "no variables at all");
	const char *body = tl_run(s, "query ($a: Int, $b: String) { echo(i: $a, s: $b) }", "{\"a\":\"x\",\"b\":1}");
	like(body, "Variable \\\"$a\\\" got invalid value", "two bad variables: first");
	like(body, "Variable \\\"$b\\\" got invalid value", "two bad variables: second");
	is_int(tl_res.nerrors, 2, "two bad variables: two errors");
	is_str(tl_run(s, "query ($a: Int) { echo(i: $a) }", "[1]"),
	       "{\"errors\":[{\"message\":\"Variables must be provided as an Object.\",\"extensions\":{\"code\":\"BAD_USER_INPUT\"}}]}",
	       "variables not an object");
	is_str(tl_run(s, "{ echo(i: 1) }", "\"str\""),
	       "{\"errors\":[{\"message\":\"Variables must be provided as an Object.\",\"extensions\":{\"code\":\"BAD_USER_INPUT\"}}]}",
	       "variables not an object, operation without variables");
	is_str(tl_run(s, "{ echo(i: 1) }", "null"), "{\"data\":{\"echo\":\"i=1;\"}}", "JSON null variables are no variables");
	is_str(tl_run(s, "query ($a: Int) { echo(i: $a) }", "{\"a\":1,\"unused\":true}"), "{\"data\":{\"echo\":\"i=1;\"}}",
	       "extra variables are ignored");
	/* custom scalars */
	OKV("Date", "d", "\"2024-01-02\"", "d=\\\"2024-01-02T00:00:00Z\\\";", "custom scalar parse hook normalises");
	BADV("Date", "d", "\"bad\"", "Variable \\\"$v\\\" got invalid value \\\"bad\\\"; Expected type \\\"Date\\\". Date must be YYYY-MM-DD",
	     "custom scalar parse hook refuses");
	is_str(tl_run(s, "{ echo(d: \"2024-05-06\") }", NULL), "{\"data\":{\"echo\":\"d=\\\"2024-05-06T00:00:00Z\\\";\"}}",
	       "custom scalar literal goes through the hook");
	is_str(tl_run(s, "{ echo(d: \"nope\") }", NULL),
	       "{\"errors\":[{\"message\":\"Expected value of type \\\"Date\\\", found \\\"nope\\\"; Date must be YYYY-MM-DD\",\"locations\":[{\"line\":1,\"column\":11}],\"extensions\":{\"code\":\"GRAPHQL_VALIDATION_FAILED\"}}]}",
	       "custom scalar literal refused by validation, at the literal");
	/* helpers */
	is_str(tl_run(s, "query ($v: Input) { url(in: $v) }", "{\"v\":{\"url\":\"http://x\"}}"),
	       "{\"data\":{\"url\":\"http://x\"}}", "gql_value_get and gql_value_str");
	is_str(tl_run(s, "{ url(in: {url: \"lit\"}) }", NULL), "{\"data\":{\"url\":\"lit\"}}", "gql_value_get on a literal");
	is_str(tl_run(s, "{ url }", NULL), "{\"data\":{\"url\":null}}", "gql_value_get on an absent argument");
	is_str(tl_run(s, "query ($u: String!) { url(in: {url: $u}) }", "{\"u\":\"fromvar\"}"), "{\"data\":{\"url\":\"fromvar\"}}",
	       "variable inside an input object literal");

	gql_schema_free(s);
	arena_free(&tl_arena);
	sb_free(&tl_out);
	return done_testing();
}
