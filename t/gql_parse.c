/* gql_parse.c: tests of the GraphQL parser: kitchen-sink documents node by node, syntax errors with locations, budgets. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "gql/gql.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"
#include "tap.h"

static struct arena A;

/* ---- a canonical printer, so whole trees can be compared as text ---- */
static void pr_value(struct sb *b, const struct gql_value *v)
{
	switch (v->kind) {
	case GQL_V_NULL: sb_puts(b, "null"); break;
	case GQL_V_INT: sb_printf(b, "%s", v->raw); break;
	case GQL_V_FLOAT: sb_printf(b, "%s", v->raw); break;
	case GQL_V_BOOLEAN: sb_puts(b, v->u.b ? "true" : "false"); break;
	case GQL_V_ENUM: sb_puts(b, v->u.name); break;
	case GQL_V_VARIABLE: sb_printf(b, "$%s", v->u.name); break;
	case GQL_V_STRING:
		sb_putc(b, '"');
		for (uint32_t i = 0; i < v->u.s.len; i++) {
			char c = v->u.s.p[i];
			if (c == '\n') sb_puts(b, "\\n");
			else if (c == '"') sb_puts(b, "\\\"");
			else sb_putc(b, c);
		}
		sb_putc(b, '"');
		break;
	case GQL_V_LIST:
		sb_putc(b, '[');
		for (uint32_t i = 0; i < v->u.list.n; i++) {
			if (i) sb_puts(b, ", ");
			pr_value(b, v->u.list.items[i]);
		}
		sb_putc(b, ']');
		break;
	case GQL_V_OBJECT:
		sb_putc(b, '{');
		for (uint32_t i = 0; i < v->u.obj.n; i++) {
			if (i) sb_puts(b, ", ");
			sb_printf(b, "%s: ", v->u.obj.fields[i].name);
			pr_value(b, v->u.obj.fields[i].value);
		}
		sb_putc(b, '}');
		break;
	default: sb_puts(b, "?"); break;
	}
}

static void pr_type(struct sb *b, const struct gql_typeref *t)
{
	switch (t->kind) {
	case GQL_TR_NAMED: sb_puts(b, t->name); break;
	case GQL_TR_LIST: sb_putc(b, '['); pr_type(b, t->of); sb_putc(b, ']'); break;
	case GQL_TR_NONNULL: pr_type(b, t->of); sb_putc(b, '!'); break;
	}
}

static void pr_args(struct sb *b, struct gql_argument **args, uint32_t n)
{
	if (!n) return;
	sb_putc(b, '(');
	for (uint32_t i = 0; i < n; i++) {
		if (i) sb_puts(b, ", ");
		sb_printf(b, "%s: ", args[i]->name);
		pr_value(b, args[i]->value);
	}
	sb_putc(b, ')');
}

static void pr_dirs(struct sb *b, struct gql_directive **d, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		sb_printf(b, " @%s", d[i]->name);
		pr_args(b, d[i]->args, d[i]->nargs);
	}
}

static void pr_set(struct sb *b, const struct gql_selection_set *s)
{
	sb_puts(b, " {");
	for (uint32_t i = 0; i < s->n; i++) {
		const struct gql_selection *x = s->items[i];
		sb_putc(b, ' ');
		if (x->kind == GQL_SEL_FIELD) {
			if (x->alias) sb_printf(b, "%s: ", x->alias);
			sb_puts(b, x->name);
			pr_args(b, x->args, x->nargs);
			pr_dirs(b, x->dirs, x->ndirs);
			if (x->set) pr_set(b, x->set);
		} else if (x->kind == GQL_SEL_SPREAD) {
			sb_printf(b, "...%s", x->name);
			pr_dirs(b, x->dirs, x->ndirs);
		} else {
			sb_puts(b, "...");
			if (x->type_cond) sb_printf(b, " on %s", x->type_cond);
			pr_dirs(b, x->dirs, x->ndirs);
			pr_set(b, x->set);
		}
	}
	sb_puts(b, " }");
}

static void pr_desc(struct sb *b, const char *d)
{
	if (!d) return;
	struct gql_value v = { .kind = GQL_V_STRING };
	v.u.s.p = d;
	v.u.s.len = (uint32_t)strlen(d);
	pr_value(b, &v);
	sb_putc(b, ' ');
}

static void pr_ivdefs(struct sb *b, struct gql_input_value_def **iv, uint32_t n, const char *open, const char *close)
{
	if (!n) return;
	sb_puts(b, open);
	for (uint32_t i = 0; i < n; i++) {
		if (i) sb_puts(b, ", ");
		pr_desc(b, iv[i]->m.description);
		sb_printf(b, "%s: ", iv[i]->m.name);
		pr_type(b, iv[i]->type);
		if (iv[i]->defval) { sb_puts(b, " = "); pr_value(b, iv[i]->defval); }
		pr_dirs(b, iv[i]->m.dirs, iv[i]->m.ndirs);
	}
	sb_puts(b, close);
}

static const char *print_doc(const struct gql_document *doc)
{
	static const char *const kw[] = { "", "", "schema", "scalar", "type", "interface", "union", "enum", "input", "directive" };
	struct sb b;
	sb_init(&b);
	for (uint32_t i = 0; i < doc->n; i++) {
		const struct gql_definition *d = doc->defs[i];
		if (i) sb_putc(&b, '\n');
		if (d->kind == GQL_DEF_OPERATION) {
			const struct gql_operation *op = &d->u.op;
			if (!op->shorthand) {
				sb_puts(&b, gql_op_kind_names[op->kind]);
				if (op->name) sb_printf(&b, " %s", op->name);
				if (op->nvars) {
					sb_putc(&b, '(');
					for (uint32_t j = 0; j < op->nvars; j++) {
						if (j) sb_puts(&b, ", ");
						sb_printf(&b, "$%s: ", op->vars[j]->name);
						pr_type(&b, op->vars[j]->type);
						if (op->vars[j]->defval) { sb_puts(&b, " = "); pr_value(&b, op->vars[j]->defval); }
						pr_dirs(&b, op->vars[j]->dirs, op->vars[j]->ndirs);
					}
					sb_putc(&b, ')');
				}
				pr_dirs(&b, op->dirs, op->ndirs);
			}
			pr_set(&b, op->set);
			continue;
		}
		if (d->kind == GQL_DEF_FRAGMENT) {
			sb_printf(&b, "fragment %s on %s", d->u.frag.name, d->u.frag.type_cond);
			pr_dirs(&b, d->u.frag.dirs, d->u.frag.ndirs);
			pr_set(&b, d->u.frag.set);
			continue;
		}
		const struct gql_typedef *td = &d->u.td;
		pr_desc(&b, td->description);
		if (td->extension) sb_puts(&b, "extend ");
		sb_puts(&b, kw[d->kind]);
		if (d->kind == GQL_DEF_DIRECTIVE) {
			sb_printf(&b, " @%s", td->name);
			pr_ivdefs(&b, td->inputs, td->ninputs, "(", ")");
			if (td->repeatable) sb_puts(&b, " repeatable");
			sb_puts(&b, " on");
			for (int l = 0, first = 1; l < GQL_DL__MAX; l++)
				if (td->locations & (1u << l)) { sb_printf(&b, "%s%s", first ? " " : " | ", gql_dir_loc_names[l]); first = 0; }
			continue;
		}
		if (td->name) sb_printf(&b, " %s", td->name);
		for (uint32_t j = 0; j < td->ninterfaces; j++)
			sb_printf(&b, "%s%s", j ? " & " : " implements ", td->interfaces[j]);
		pr_dirs(&b, td->dirs, td->ndirs);
		if (td->nroots) {
			sb_puts(&b, " {");
			for (uint32_t j = 0; j < td->nroots; j++)
				sb_printf(&b, " %s: %s", gql_op_kind_names[td->roots[j].op], td->roots[j].type);
			sb_puts(&b, " }");
		}
		if (td->nfields) {
			sb_puts(&b, " {");
			for (uint32_t j = 0; j < td->nfields; j++) {
				const struct gql_field_def_ast *f = td->fields[j];
				sb_putc(&b, ' ');
				pr_desc(&b, f->m.description);
				sb_puts(&b, f->m.name);
				pr_ivdefs(&b, f->args, f->nargs, "(", ")");
				sb_puts(&b, ": ");
				pr_type(&b, f->type);
				pr_dirs(&b, f->m.dirs, f->m.ndirs);
			}
			sb_puts(&b, " }");
		}
		for (uint32_t j = 0; j < td->nmembers; j++)
			sb_printf(&b, "%s%s", j ? " | " : " = ", td->members[j]);
		if (td->nvalues) {
			sb_puts(&b, " {");
			for (uint32_t j = 0; j < td->nvalues; j++) {
				sb_putc(&b, ' ');
				pr_desc(&b, td->values[j]->description);
				sb_puts(&b, td->values[j]->name);
				pr_dirs(&b, td->values[j]->dirs, td->values[j]->ndirs);
			}
			sb_puts(&b, " }");
		}
		if (d->kind == GQL_DEF_INPUT)
			pr_ivdefs(&b, td->inputs, td->ninputs, " { ", " }");
	}
	const char *r = arena_strdup(&A, sb_str(&b));
	sb_free(&b);
	return r;
}

/* parse; on failure "ERR line:col message" (or "ERR - message" without a location) */
static const struct gql_document *last;
static const char *parse_lim(const char *src, size_t len, const struct gql_limits *lim)
{
	struct gql_errors e;
	gql_errors_init(&e, &A);
	last = gql_parse(&A, src, len, lim, &e);
	if (!last) {
		if (e.n != 1 || !e.head)
			return "ERR (no single error)";
		if (!e.head->code || strcmp(e.head->code, "GRAPHQL_PARSE_FAILED") != 0)
			return "ERR (wrong code)";
		if (e.head->nlocs)
			return arena_printf(&A, "ERR %u:%u %s", (unsigned)e.head->locs[0].line,
			                    (unsigned)e.head->locs[0].col, e.head->message);
		return arena_printf(&A, "ERR - %s", e.head->message);
	}
	if (e.n)
		return "ERR (errors on success)";
	return print_doc(last);
}
static const char *parse(const char *src) { return parse_lim(src, strlen(src), NULL); }

static const char *kitchen_sink =
	"query queryName($foo: ComplexType, $site: Site = MOBILE) @onQuery {\n"
	"  whoever123is: node(id: [123, 456]) {\n"
	"    id ,\n"
	"    ... on User @onInlineFragment {\n"
	"      field2 {\n"
	"        id ,\n"
	"        alias: field1(first:10, after:$foo,) @include(if: $foo) {\n"
	"          id,\n"
	"          ...frag @onFragmentSpread\n"
	"        }\n"
	"      }\n"
	"    }\n"
	"    ... @skip(unless: $foo) {\n"
	"      id\n"
	"    }\n"
	"    ... {\n"
	"      id\n"
	"    }\n"
	"  }\n"
	"}\n"
	"\n"
	"mutation likeStory @onMutation {\n"
	"  like(story: 123) @onField {\n"
	"    story {\n"
	"      id @onField\n"
	"    }\n"
	"  }\n"
	"}\n"
	"\n"
	"subscription StoryLikeSubscription(\n"
	"  $input: StoryLikeSubscribeInput @onVariableDefinition\n"
	")\n"
	"  @onSubscription {\n"
	"  storyLikeSubscribe(input: $input) {\n"
	"    story {\n"
	"      likers {\n"
	"        count\n"
	"      }\n"
	"      likeSentence {\n"
	"        text\n"
	"      }\n"
	"    }\n"
	"  }\n"
	"}\n"
	"\n"
	"fragment frag on Friend @onFragmentDefinition {\n"
	"  foo(\n"
	"    size: $size\n"
	"    bar: $b\n"
	"    obj: {key: \"value\", block: \"\"\"\n"
	"      block string uses \\\"\"\"\n"
	"    \"\"\"}\n"
	"  )\n"
	"}\n"
	"\n"
	"{\n"
	"  unnamed(truthy: true, falsy: false, nullish: null),\n"
	"  query\n"
	"}\n"
	"\n"
	"query { __typename }\n"
	"query Q($a: [[Int!]]! = [[1], null], $b: Float = -1.5e3, $c: In = {x: [\"s\", ENUM]}) { f(a: $a, o: {v: $b, l: []}, e: {}) }\n";

static const char *kitchen_sink_printed =
	"query queryName($foo: ComplexType, $site: Site = MOBILE) @onQuery { whoever123is: node(id: [123, 456]) { id ... on User @onInlineFragment { field2 { id alias: field1(first: 10, after: $foo) @include(if: $foo) { id ...frag @onFragmentSpread } } } ... @skip(unless: $foo) { id } ... { id } } }\n"
	"mutation likeStory @onMutation { like(story: 123) @onField { story { id @onField } } }\n"
	"subscription StoryLikeSubscription($input: StoryLikeSubscribeInput @onVariableDefinition) @onSubscription { storyLikeSubscribe(input: $input) { story { likers { count } likeSentence { text } } } }\n"
	"fragment frag on Friend @onFragmentDefinition { foo(size: $size, bar: $b, obj: {key: \"value\", block: \"block string uses \\\"\\\"\\\"\"}) }\n"
	" { unnamed(truthy: true, falsy: false, nullish: null) query }\n"
	"query { __typename }\n"
	"query Q($a: [[Int!]]! = [[1], null], $b: Float = -1.5e3, $c: In = {x: [\"s\", ENUM]}) { f(a: $a, o: {v: $b, l: []}, e: {}) }";

static void test_kitchen_sink(void)
{
	is_str(parse(kitchen_sink), kitchen_sink_printed, "kitchen sink prints back");
	const struct gql_document *doc = last;
	if (!doc) return;
	is_int(doc->n, 7, "seven definitions");
	const struct gql_definition *d = doc->defs[0];
	is_int(d->kind, GQL_DEF_OPERATION, "def 0 operation");
	is_int(d->loc.line, 1, "def 0 line");
	is_int(d->loc.col, 1, "def 0 col");
	const struct gql_operation *op = &d->u.op;
	is_int(op->kind, GQL_OP_QUERY, "query");
	ok(!op->shorthand, "not shorthand");
	is_str(op->name, "queryName", "op name");
	is_int(op->nvars, 2, "two variables");
	is_str(op->vars[0]->name, "foo", "var 0 name");
	is_int(op->vars[0]->loc.col, 17, "var 0 at the $");
	is_int(op->vars[0]->type->kind, GQL_TR_NAMED, "var 0 named type");
	is_str(op->vars[0]->type->name, "ComplexType", "var 0 type");
	ok(op->vars[0]->defval == NULL, "var 0 no default");
	is_int(op->vars[1]->defval->kind, GQL_V_ENUM, "var 1 default enum");
	is_str(op->vars[1]->defval->u.name, "MOBILE", "var 1 default MOBILE");
	is_int(op->vars[1]->defval->loc.col, 50, "default value column");
	is_int(op->ndirs, 1, "op directive");
	is_str(op->dirs[0]->name, "onQuery", "op directive name");
	is_int(op->dirs[0]->loc.col, 58, "directive at the @");
	const struct gql_selection_set *set = op->set;
	is_int(set->loc.line, 1, "set line");
	is_int(set->loc.col, 67, "set col");
	is_int(set->n, 1, "one root field");
	const struct gql_selection *f = set->items[0];
	is_int(f->kind, GQL_SEL_FIELD, "field");
	is_str(f->alias, "whoever123is", "alias");
	is_str(f->name, "node", "name");
	is_str(gql_response_key(f), "whoever123is", "response key is the alias");
	is_int(f->loc.line, 2, "field line");
	is_int(f->loc.col, 3, "field col (at the alias)");
	is_int(f->nargs, 1, "one arg");
	is_int(f->args[0]->loc.col, 22, "arg col");
	const struct gql_value *v = f->args[0]->value;
	is_int(v->kind, GQL_V_LIST, "list value");
	is_int(v->u.list.n, 2, "two items");
	is_int(v->u.list.items[0]->kind, GQL_V_INT, "int item");
	is_int(v->u.list.items[0]->u.i, 123, "123");
	is_int(v->u.list.items[1]->u.i, 456, "456");
	is_int(v->u.list.items[1]->loc.col, 32, "item col");
	const struct gql_selection_set *s2 = f->set;
	is_int(s2->n, 4, "four selections in node");
	is_int(s2->items[1]->kind, GQL_SEL_INLINE, "inline fragment");
	is_str(s2->items[1]->type_cond, "User", "type condition");
	is_int(s2->items[1]->type_cond_loc.line, 4, "type cond line");
	is_int(s2->items[1]->type_cond_loc.col, 12, "type cond col");
	is_int(s2->items[1]->loc.col, 5, "inline fragment at the ...");
	is_int(s2->items[2]->kind, GQL_SEL_INLINE, "inline without type");
	ok(s2->items[2]->type_cond == NULL, "no type condition");
	is_int(s2->items[2]->ndirs, 1, "inline directive");
	is_int(s2->items[3]->ndirs, 0, "bare inline fragment");
	const struct gql_selection *al = s2->items[1]->set->items[0]->set->items[1];
	is_str(al->alias, "alias", "nested alias");
	is_int(al->nargs, 2, "trailing comma ignored");
	is_int(al->args[1]->value->kind, GQL_V_VARIABLE, "variable value");
	is_str(al->args[1]->value->u.name, "foo", "variable name without $");
	const struct gql_selection *sp = al->set->items[1];
	is_int(sp->kind, GQL_SEL_SPREAD, "spread");
	is_str(sp->name, "frag", "spread name");
	is_int(sp->loc.line, 9, "spread line");
	is_int(sp->loc.col, 11, "spread col");
	ok(al->set->items[0]->set == NULL, "leaf has no set");

	is_int(doc->defs[1]->u.op.kind, GQL_OP_MUTATION, "mutation");
	is_int(doc->defs[1]->loc.line, 22, "mutation line");
	is_int(doc->defs[2]->u.op.kind, GQL_OP_SUBSCRIPTION, "subscription");
	is_int(doc->defs[2]->u.op.vars[0]->ndirs, 1, "variable directive");
	d = doc->defs[3];
	is_int(d->kind, GQL_DEF_FRAGMENT, "fragment");
	is_str(d->u.frag.name, "frag", "fragment name");
	is_str(d->u.frag.type_cond, "Friend", "fragment type");
	is_int(d->u.frag.type_cond_loc.col, 18, "fragment type col");
	const struct gql_value *obj = d->u.frag.set->items[0]->args[2]->value;
	is_int(obj->kind, GQL_V_OBJECT, "object value");
	is_int(obj->u.obj.n, 2, "two object fields");
	is_str(obj->u.obj.fields[0].name, "key", "object field name");
	is_int(obj->u.obj.fields[0].loc.line, 50, "object field line");
	is_int(obj->u.obj.fields[0].loc.col, 11, "object field col");
	is_str(obj->u.obj.fields[1].value->u.s.p, "block string uses \"\"\"", "block string value");
	d = doc->defs[4];
	ok(d->u.op.shorthand, "shorthand");
	is_int(d->u.op.kind, GQL_OP_QUERY, "shorthand is a query");
	ok(d->u.op.name == NULL, "shorthand has no name");
	is_int(d->u.op.set->items[0]->args[0]->value->kind, GQL_V_BOOLEAN, "true");
	ok(d->u.op.set->items[0]->args[0]->value->u.b, "true is true");
	ok(!d->u.op.set->items[0]->args[1]->value->u.b, "false is false");
	is_int(d->u.op.set->items[0]->args[2]->value->kind, GQL_V_NULL, "null");
	is_str(d->u.op.set->items[1]->name, "query", "keywords are valid field names");
	ok(doc->defs[5]->u.op.name == NULL && !doc->defs[5]->u.op.shorthand, "anonymous query keyword");
	op = &doc->defs[6]->u.op;
	const struct gql_typeref *t = op->vars[0]->type;
	ok(t->kind == GQL_TR_NONNULL && t->of->kind == GQL_TR_LIST && t->of->of->kind == GQL_TR_LIST &&
	   t->of->of->of->kind == GQL_TR_NONNULL && strcmp(t->of->of->of->of->name, "Int") == 0, "[[Int!]]! shape");
	is_int(op->vars[1]->defval->kind, GQL_V_FLOAT, "float default");
	ok(op->vars[1]->defval->u.f == -1500.0, "float value -1.5e3");
	ok(doc->ntokens > 200, "ntokens counted (%u)", (unsigned)doc->ntokens);
}

static const char *sdl_sink =
	"\"\"\"\n  The schema\n\"\"\"\n"
	"schema @onSchema { query: QueryType mutation: MutationType }\n"
	"\"\"\"\nThis is a description\nof the `Foo` type.\n\"\"\"\n"
	"type Foo implements Bar & Baz & Two {\n"
	"  \"Description of the `one` field.\"\n"
	"  one: Type\n"
	"  two(\"arg desc\" argument: InputType!): Type\n"
	"  three(argument: InputType, other: String): Int\n"
	"  four(argument: String = \"string\"): String\n"
	"  five(argument: [String] = [\"string\", \"string\"]): String\n"
	"  six(argument: InputType = {key: \"value\"}): Type\n"
	"  seven(argument: Int = null): Type\n"
	"}\n"
	"type AnnotatedObject @onObject(arg: \"value\") { annotatedField(arg: Type = \"default\" @onArgumentDefinition): Type @onField }\n"
	"type UndefinedType\n"
	"extend type Foo { seven(argument: [String]): Type }\n"
	"extend type Foo @onType\n"
	"interface Bar { one: Type four(argument: String = \"string\"): String }\n"
	"interface AnnotatedInterface @onInterface { annotatedField(arg: Type @onArgumentDefinition): Type @onField }\n"
	"interface UndefinedInterface\n"
	"extend interface Bar implements Two { two(argument: InputType!): Type }\n"
	"extend interface Bar @onInterface\n"
	"interface Baz implements Bar & Two { one: Type }\n"
	"union Feed = | Story | Article | Advert\n"
	"union AnnotatedUnion @onUnion = A | B\n"
	"union AnnotatedUnionTwo @onUnion = | A | B\n"
	"union UndefinedUnion\n"
	"extend union Feed = Photo | Video\n"
	"extend union Feed @onUnion\n"
	"scalar CustomScalar\n"
	"scalar AnnotatedScalar @onScalar\n"
	"extend scalar CustomScalar @onScalar\n"
	"enum Site { \"value desc\" DESKTOP MOBILE \"\"\"block\"\"\" WEB }\n"
	"enum AnnotatedEnum @onEnum { ANNOTATED_VALUE @onEnumValue OTHER_VALUE }\n"
	"enum UndefinedEnum\n"
	"extend enum Site { VR }\n"
	"extend enum Site @onEnum\n"
	"input InputType { key: String! answer: Int = 42 }\n"
	"input AnnotatedInput @onInputObject { annotatedField: Type @onInputFieldDefinition }\n"
	"input UndefinedInput\n"
	"extend input InputType { other: Float = 1.23e4 @onInputFieldDefinition }\n"
	"extend input InputType @onInputObject\n"
	"\"\"\"\nThis is a description of the `@skip` directive\n\"\"\"\n"
	"directive @skip(\"Desc\" if: Boolean! @onArgumentDefinition) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT\n"
	"directive @include(if: Boolean!)\n  on FIELD\n   | FRAGMENT_SPREAD\n   | INLINE_FRAGMENT\n"
	"directive @include2(if: Boolean!) on\n  | FIELD\n  | FRAGMENT_SPREAD\n  | INLINE_FRAGMENT\n"
	"directive @myRepeatableDir(name: String!) repeatable on\n  | OBJECT\n  | INTERFACE\n"
	"directive @all on QUERY|MUTATION|SUBSCRIPTION|FIELD|FRAGMENT_DEFINITION|FRAGMENT_SPREAD|INLINE_FRAGMENT|VARIABLE_DEFINITION|SCHEMA|SCALAR|OBJECT|FIELD_DEFINITION|ARGUMENT_DEFINITION|INTERFACE|UNION|ENUM|ENUM_VALUE|INPUT_OBJECT|INPUT_FIELD_DEFINITION\n"
	"extend schema @onSchema\n"
	"extend schema @onSchema { subscription: SubscriptionType }\n";

static const char *sdl_sink_printed =
	"\"The schema\" schema @onSchema { query: QueryType mutation: MutationType }\n"
	"\"This is a description\\nof the `Foo` type.\" type Foo implements Bar & Baz & Two { \"Description of the `one` field.\" one: Type two(\"arg desc\" argument: InputType!): Type three(argument: InputType, other: String): Int four(argument: String = \"string\"): String five(argument: [String] = [\"string\", \"string\"]): String six(argument: InputType = {key: \"value\"}): Type seven(argument: Int = null): Type }\n"
	"type AnnotatedObject @onObject(arg: \"value\") { annotatedField(arg: Type = \"default\" @onArgumentDefinition): Type @onField }\n"
	"type UndefinedType\n"
	"extend type Foo { seven(argument: [String]): Type }\n"
	"extend type Foo @onType\n"
	"interface Bar { one: Type four(argument: String = \"string\"): String }\n"
	"interface AnnotatedInterface @onInterface { annotatedField(arg: Type @onArgumentDefinition): Type @onField }\n"
	"interface UndefinedInterface\n"
	"extend interface Bar implements Two { two(argument: InputType!): Type }\n"
	"extend interface Bar @onInterface\n"
	"interface Baz implements Bar & Two { one: Type }\n"
	"union Feed = Story | Article | Advert\n"
	"union AnnotatedUnion @onUnion = A | B\n"
	"union AnnotatedUnionTwo @onUnion = A | B\n"
	"union UndefinedUnion\n"
	"extend union Feed = Photo | Video\n"
	"extend union Feed @onUnion\n"
	"scalar CustomScalar\n"
	"scalar AnnotatedScalar @onScalar\n"
	"extend scalar CustomScalar @onScalar\n"
	"enum Site { \"value desc\" DESKTOP MOBILE \"block\" WEB }\n"
	"enum AnnotatedEnum @onEnum { ANNOTATED_VALUE @onEnumValue OTHER_VALUE }\n"
	"enum UndefinedEnum\n"
	"extend enum Site { VR }\n"
	"extend enum Site @onEnum\n"
	"input InputType { key: String!, answer: Int = 42 }\n"
	"input AnnotatedInput @onInputObject { annotatedField: Type @onInputFieldDefinition }\n"
	"input UndefinedInput\n"
	"extend input InputType { other: Float = 1.23e4 @onInputFieldDefinition }\n"
	"extend input InputType @onInputObject\n"
	"\"This is a description of the `@skip` directive\" directive @skip(\"Desc\" if: Boolean! @onArgumentDefinition) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT\n"
	"directive @include(if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT\n"
	"directive @include2(if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT\n"
	"directive @myRepeatableDir(name: String!) repeatable on OBJECT | INTERFACE\n"
	"directive @all on QUERY | MUTATION | SUBSCRIPTION | FIELD | FRAGMENT_DEFINITION | FRAGMENT_SPREAD | INLINE_FRAGMENT | VARIABLE_DEFINITION | SCHEMA | SCALAR | OBJECT | FIELD_DEFINITION | ARGUMENT_DEFINITION | INTERFACE | UNION | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION\n"
	"extend schema @onSchema\n"
	"extend schema @onSchema { subscription: SubscriptionType }";

static void test_sdl_sink(void)
{
	is_str(parse(sdl_sink), sdl_sink_printed, "SDL kitchen sink prints back");
	const struct gql_document *doc = last;
	if (!doc) return;
	is_int(doc->n, 38, "38 definitions");
	const struct gql_definition *d = doc->defs[0];
	is_int(d->kind, GQL_DEF_SCHEMA, "schema");
	is_int(d->loc.line, 1, "schema def starts at its description");
	is_int(d->u.td.name_loc.line, 4, "schema keyword line");
	ok(d->u.td.name == NULL, "schema has no name");
	is_int(d->u.td.nroots, 2, "two roots");
	is_int(d->u.td.roots[1].op, GQL_OP_MUTATION, "mutation root");
	is_str(d->u.td.roots[1].type, "MutationType", "mutation root type");
	is_int(d->u.td.roots[1].loc.col, 37, "root loc");
	d = doc->defs[1];
	is_int(d->kind, GQL_DEF_OBJECT, "object");
	is_str(d->u.td.name, "Foo", "object name");
	is_int(d->u.td.name_loc.line, 9, "name line");
	is_int(d->u.td.name_loc.col, 6, "name col");
	is_int(d->u.td.ninterfaces, 3, "three interfaces");
	is_str(d->u.td.interfaces[2], "Two", "third interface");
	is_int(d->u.td.interface_locs[1].col, 27, "interface loc");
	is_int(d->u.td.nfields, 7, "seven fields");
	const struct gql_field_def_ast *f = d->u.td.fields[1];
	is_str(f->m.name, "two", "field two");
	is_int(f->m.loc.line, 12, "field line");
	is_int(f->m.loc.col, 3, "field col");
	is_int(f->nargs, 1, "one arg");
	is_str(f->args[0]->m.description, "arg desc", "arg description");
	is_int(f->args[0]->type->kind, GQL_TR_NONNULL, "non-null arg");
	ok(f->args[0]->defval == NULL, "no default");
	is_int(d->u.td.fields[6]->args[0]->defval->kind, GQL_V_NULL, "null default");
	ok(!d->u.td.extension, "not an extension");
	ok(doc->defs[4]->u.td.extension, "extend type is an extension");
	is_int(doc->defs[4]->kind, GQL_DEF_OBJECT, "extension kind");
	is_int(doc->defs[12]->kind, GQL_DEF_UNION, "union");
	is_int(doc->defs[12]->u.td.nmembers, 3, "three members");
	is_int(doc->defs[12]->u.td.member_locs[0].col, 16, "member loc");
	is_int(doc->defs[21]->kind, GQL_DEF_ENUM, "enum");
	is_int(doc->defs[21]->u.td.nvalues, 3, "three values");
	is_str(doc->defs[21]->u.td.values[0]->description, "value desc", "enum value description");
	is_int(doc->defs[26]->kind, GQL_DEF_INPUT, "input");
	is_int(doc->defs[26]->u.td.ninputs, 2, "two input fields");
	is_int(doc->defs[26]->u.td.inputs[1]->defval->u.i, 42, "input default 42");
	d = doc->defs[31];
	is_int(d->kind, GQL_DEF_DIRECTIVE, "directive");
	is_str(d->u.td.name, "skip", "directive name without @");
	is_int(d->u.td.locations, (1u << GQL_DL_FIELD) | (1u << GQL_DL_FRAGMENT_SPREAD) | (1u << GQL_DL_INLINE_FRAGMENT),
	       "locations bit set");
	ok(!d->u.td.repeatable, "not repeatable");
	ok(doc->defs[34]->u.td.repeatable, "repeatable");
	is_int(doc->defs[35]->u.td.locations, (1u << GQL_DL__MAX) - 1, "all locations");
	ok(doc->defs[36]->u.td.extension && doc->defs[36]->kind == GQL_DEF_SCHEMA, "extend schema");
}


/* a test name on one line (TAP descriptions must not hold line breaks) */
static const char *oneline(const char *s)
{
	static char buf[256];
	size_t i = 0;
	for (; s[i] && i < sizeof buf - 1; i++)
		buf[i] = (s[i] == '\n' || s[i] == '\r') ? ' ' : s[i];
	buf[i] = 0;
	return buf;
}

struct err_case { const char *src, *want; };

static void test_syntax_errors(void)
{
	static const struct err_case cases[] = {
		{ "", "ERR 1:1 Syntax Error: Unexpected <EOF>." },
		{ "   \n  ", "ERR 2:3 Syntax Error: Unexpected <EOF>." },
		{ "{", "ERR 1:2 Syntax Error: Expected Name, found <EOF>." },
		{ "{ }", "ERR 1:3 Syntax Error: Expected Name, found \"}\"." },
		{ "{ a", "ERR 1:4 Syntax Error: Expected Name, found <EOF>." },
		{ "{ a }}", "ERR 1:6 Syntax Error: Unexpected \"}\"." },
		{ "{ ...MissingOn }\nfragment MissingOn Type", "ERR 2:20 Syntax Error: Expected \"on\", found Name \"Type\"." },
		{ "{ field: {} }", "ERR 1:10 Syntax Error: Expected Name, found \"{\"." },
		{ "notAnOperation Foo { field }", "ERR 1:1 Syntax Error: Unexpected Name \"notAnOperation\"." },
		{ "...", "ERR 1:1 Syntax Error: Unexpected \"...\"." },
		{ "{ \"\"", "ERR 1:3 Syntax Error: Expected Name, found String \"\"." },
		{ "{ a(b: 1 c) }", "ERR 1:11 Syntax Error: Expected \":\", found \")\"." },
		{ "{ a() }", "ERR 1:5 Syntax Error: Expected Name, found \")\"." },
		{ "{ a(b 1) }", "ERR 1:7 Syntax Error: Expected \":\", found Int \"1\"." },
		{ "{ a(b: ) }", "ERR 1:8 Syntax Error: Unexpected \")\"." },
		{ "{ a(b: [1 }", "ERR 1:11 Syntax Error: Unexpected \"}\"." },
		{ "{ a(b: {c 1}) }", "ERR 1:11 Syntax Error: Expected \":\", found Int \"1\"." },
		{ "query Foo($a: Int = $b) { a }", "ERR 1:21 Syntax Error: Unexpected variable \"$b\" in constant value." },
		{ "query Foo($a: [Int] = [1, $b]) { a }", "ERR 1:27 Syntax Error: Unexpected variable \"$b\" in constant value." },
		{ "query Foo($a: In = {x: $b}) { a }", "ERR 1:24 Syntax Error: Unexpected variable \"$b\" in constant value." },
		{ "query Foo($a: Int @d(x: $b)) { a }", "ERR 1:25 Syntax Error: Unexpected variable \"$b\" in constant value." },
		{ "query Foo($a: Int = $) { a }", "ERR 1:21 Syntax Error: Unexpected \"$\"." },
		{ "query Foo($a Int) { a }", "ERR 1:14 Syntax Error: Expected \":\", found Name \"Int\"." },
		{ "query Foo(a: Int) { a }", "ERR 1:11 Syntax Error: Expected \"$\", found Name \"a\"." },
		{ "query Foo() { a }", "ERR 1:11 Syntax Error: Expected \"$\", found \")\"." },
		{ "query Foo($a: [Int) { a }", "ERR 1:19 Syntax Error: Expected \"]\", found \")\"." },
		{ "query Foo($a: !) { a }", "ERR 1:15 Syntax Error: Expected Name, found \"!\"." },
		{ "query Foo", "ERR 1:10 Syntax Error: Expected \"{\", found <EOF>." },
		{ "fragment on on T { a }", "ERR 1:10 Syntax Error: Unexpected Name \"on\"." },
		{ "{ ... on { a } }", "ERR 1:10 Syntax Error: Expected Name, found \"{\"." },
		{ "{ ...Frag { a } }", "ERR 1:11 Syntax Error: Expected Name, found \"{\"." },
		{ "{ a @ }", "ERR 1:7 Syntax Error: Expected Name, found \"}\"." },
		{ "\"desc\" query { a }", "ERR 1:1 Syntax Error: Unexpected description, descriptions are supported only on type definitions." },
		{ "\"desc\" extend type A @d", "ERR 1:1 Syntax Error: Unexpected description, descriptions are supported only on type definitions." },
		{ "\"desc\"", "ERR 1:7 Syntax Error: Unexpected <EOF>." },
		{ "{ a }\n\n  \t { b(c: 1.) }", "ERR 3:14 Syntax Error: Invalid number, expected digit but got: \")\"." },
		{ "{ a(s: \"\xc3\xa9\xc3\xa9\\x\") }", "ERR 1:11 Syntax Error: Invalid character escape sequence: \"\\x\"." },
		{ "{\r\n  a(x: 01)\r\n}", "ERR 2:9 Syntax Error: Invalid number, unexpected digit after 0: \"1\"." },
		{ "type", "ERR 1:5 Syntax Error: Expected Name, found <EOF>." },
		{ "type A {}", "ERR 1:9 Syntax Error: Expected Name, found \"}\"." },
		{ "type A { f }", "ERR 1:12 Syntax Error: Expected \":\", found \"}\"." },
		{ "type A { f(): Int }", "ERR 1:12 Syntax Error: Expected Name, found \")\"." },
		{ "type A { f(x: Int = $v): Int }", "ERR 1:21 Syntax Error: Unexpected variable \"$v\" in constant value." },
		{ "type A @d(x: $v) { f: Int }", "ERR 1:14 Syntax Error: Unexpected variable \"$v\" in constant value." },
		{ "type A implements { f: Int }", "ERR 1:19 Syntax Error: Expected Name, found \"{\"." },
		{ "type A implements B & { f: Int }", "ERR 1:23 Syntax Error: Expected Name, found \"{\"." },
		{ "union U = ", "ERR 1:11 Syntax Error: Expected Name, found <EOF>." },
		{ "union U = A | | B", "ERR 1:15 Syntax Error: Expected Name, found \"|\"." },
		{ "enum E { true }", "ERR 1:10 Syntax Error: Name \"true\" is reserved and cannot be used for an enum value." },
		{ "enum E { null }", "ERR 1:10 Syntax Error: Name \"null\" is reserved and cannot be used for an enum value." },
		{ "enum E { }", "ERR 1:10 Syntax Error: Expected Name, found \"}\"." },
		{ "input I { a }", "ERR 1:13 Syntax Error: Expected \":\", found \"}\"." },
		{ "schema { }", "ERR 1:10 Syntax Error: Unexpected \"}\"." },
		{ "schema { query Q }", "ERR 1:16 Syntax Error: Expected \":\", found Name \"Q\"." },
		{ "schema { other: Q }", "ERR 1:10 Syntax Error: Unexpected Name \"other\"." },
		{ "schema @d", "ERR 1:10 Syntax Error: Expected \"{\", found <EOF>." },
		{ "directive @d on FIELD | NOWHERE", "ERR 1:25 Syntax Error: Unexpected Name \"NOWHERE\"." },
		{ "directive @d FIELD", "ERR 1:14 Syntax Error: Expected \"on\", found Name \"FIELD\"." },
		{ "directive d on FIELD", "ERR 1:11 Syntax Error: Expected \"@\", found Name \"d\"." },
		{ "directive @d repeatable FIELD", "ERR 1:25 Syntax Error: Expected \"on\", found Name \"FIELD\"." },
		{ "extend", "ERR 1:7 Syntax Error: Unexpected <EOF>." },
		{ "extend query", "ERR 1:8 Syntax Error: Unexpected Name \"query\"." },
		{ "extend directive @d on FIELD", "ERR 1:8 Syntax Error: Unexpected Name \"directive\"." },
		{ "extend type A", "ERR 1:14 Syntax Error: Unexpected <EOF>." },
		{ "extend scalar S", "ERR 1:16 Syntax Error: Unexpected <EOF>." },
		{ "extend union U { }", "ERR 1:16 Syntax Error: Unexpected \"{\"." },
		{ "extend enum E", "ERR 1:14 Syntax Error: Unexpected <EOF>." },
		{ "extend input I", "ERR 1:15 Syntax Error: Unexpected <EOF>." },
		{ "extend interface I", "ERR 1:19 Syntax Error: Unexpected <EOF>." },
		{ "extend schema", "ERR 1:14 Syntax Error: Unexpected <EOF>." },
		{ "{ a }\n{ b", "ERR 2:4 Syntax Error: Expected Name, found <EOF>." },
		{ "{ a } 1", "ERR 1:7 Syntax Error: Unexpected Int \"1\"." },
		{ "{ a(x: \"unterminated) }", "ERR 1:24 Syntax Error: Unterminated string." },
		{ "{ a } \xff", "ERR 1:7 Syntax Error: Invalid UTF-8 sequence." },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		is_str(parse(cases[i].src), cases[i].want, "syntax error: %s", oneline(cases[i].src));
	/* a NUL byte inside the document is a character like any other (and an error) */
	is_str(parse_lim("{ a }\0", 6, NULL), "ERR 1:6 Syntax Error: Unexpected character: U+0000.", "NUL byte");
}

static void test_values(void)
{
	is_str(parse("{ f(a: 9223372036854775807, b: -9223372036854775808, c: 99999999999999999999, d: 1e400) }"),
	       " { f(a: 9223372036854775807, b: -9223372036854775808, c: 99999999999999999999, d: 1e400) }", "big numbers keep raw");
	const struct gql_selection *f = last->defs[0]->u.op.set->items[0];
	ok(f->args[0]->value->u.i == INT64_MAX, "INT64_MAX");
	ok(f->args[1]->value->u.i == INT64_MIN, "INT64_MIN");
	ok(f->args[2]->value->u.i == INT64_MAX, "overflow clamps, raw keeps text");
	is_int(f->args[2]->value->kind, GQL_V_INT, "overflowing int still INT");
	is_str(parse("{ f(s: \"a\\u0000b\", e: ENUM_V, n: -0, l: [[], [{}]]) }"),
	       " { f(s: \"a\0b\", e: ENUM_V, n: -0, l: [[], [{}]]) }", "strings with NUL, enums, nested empties");
	f = last->defs[0]->u.op.set->items[0];
	is_int(f->args[0]->value->u.s.len, 3, "string length counts NUL");
	is_str(parse("{ f(x: $var, y: [$a, {z: $b}]) }"), " { f(x: $var, y: [$a, {z: $b}]) }", "variables allowed in non-const values");
	is_str(parse("query ($v: Int = 1 @dir(a: 1)) { f @dir(x: $v) }"),
	       "query($v: Int = 1 @dir(a: 1)) { f @dir(x: $v) }",
	       "anonymous query with variables");
	is_str(parse("{ a(b: 1, ) }"), " { a(b: 1) }", "trailing comma in arguments is ignored");
	is_str(parse("{ f(x: $ v) }"), " { f(x: $v) }", "whitespace between $ and name");
}

static void test_budgets(void)
{
	struct gql_limits lim = { 0 };
	char buf[4096];
	/* bytes: checked before lexing */
	lim.max_bytes = 10;
	is_str(parse_lim("{ abcdef }", 10, &lim), " { abcdef }", "10 bytes with max 10 passes");
	is_str(parse_lim("{ abcdefg }", 11, &lim), "ERR - Document exceeds the maximum size of 10 bytes.", "11 bytes fails");
	is_str(parse_lim("{ \xff\xff\xff\xff\xff\xff\xff\xff\xff\xff }", 14, &lim),
	       "ERR - Document exceeds the maximum size of 10 bytes.", "size checked before lexing");
	/* default size */
	memset(&lim, 0, sizeof lim);
	{
		size_t n = LIMIT_GQL_DOC_BYTES + 1;
		char *big = arena_alloc(&A, n);
		memset(big, ' ', n);
		big[0] = '{'; big[1] = 'a'; big[n - 1] = '}';
		is_str(parse_lim(big, n, NULL), "ERR - Document exceeds the maximum size of 102400 bytes.", "default size limit");
		is_str(parse_lim(big, n - 1, NULL), "ERR 1:102401 Syntax Error: Expected Name, found <EOF>.", "default size minus 1 lexes");
	}
	/* tokens: "{ a }" is 3 tokens; each extra field adds one */
	lim.max_tokens = 5;
	is_str(parse_lim("{ a b c }", 9, &lim), " { a b c }", "5 tokens with max 5 passes");
	is_str(parse_lim("{ a b c d }", 11, &lim), "ERR 1:11 Document exceeds the maximum of 5 tokens.", "6 tokens fails at the 6th");
	ok(last == NULL, "no document on failure");
	lim.max_tokens = 0;
	/* default token limit */
	{
		size_t n = 0;
		uint32_t fields = LIMIT_GQL_TOKENS - 2;
		char *big = arena_alloc(&A, (size_t)fields * 2 + 8);
		big[n++] = '{';
		for (uint32_t i = 0; i < fields; i++) { big[n++] = 'a'; big[n++] = ' '; }
		big[n++] = '}';
		const char *r = parse_lim(big, n, NULL);
		ok(r[0] != 'E', "exactly LIMIT_GQL_TOKENS tokens pass");
		is_int(last ? last->ntokens : 0, LIMIT_GQL_TOKENS, "ntokens is the limit");
		big[n - 1] = 'a'; big[n++] = ' '; big[n++] = '}';
		like(parse_lim(big, n, NULL), "Document exceeds the maximum of 20000 tokens.", "one more token fails");
	}
	/* depth: selection sets */
	for (uint32_t d = 1; d <= 3; d++) {
		lim.max_depth = d;
		size_t n = 0;
		for (uint32_t i = 0; i < d; i++) { memcpy(buf + n, "{a", 2); n += 2; }
		for (uint32_t i = 0; i < d; i++) buf[n++] = '}';
		ok(parse_lim(buf, n, &lim)[0] != 'E', "depth %u with max %u passes", d, d);
		n = 0;
		for (uint32_t i = 0; i <= d; i++) { memcpy(buf + n, "{a", 2); n += 2; }
		for (uint32_t i = 0; i <= d; i++) buf[n++] = '}';
		is_str(parse_lim(buf, n, &lim), arena_printf(&A, "ERR 1:%u Document exceeds the maximum depth of %u.", 2 * d + 1, d),
		       "depth %u with max %u fails at the opening brace", d + 1, d);
	}
	/* default depth 24 */
	{
		size_t n = 0;
		for (int i = 0; i < LIMIT_GQL_DEPTH; i++) { memcpy(buf + n, "{a", 2); n += 2; }
		for (int i = 0; i < LIMIT_GQL_DEPTH; i++) buf[n++] = '}';
		ok(parse_lim(buf, n, NULL)[0] != 'E', "default depth 24 passes");
		n = 0;
		for (int i = 0; i <= LIMIT_GQL_DEPTH; i++) { memcpy(buf + n, "{a", 2); n += 2; }
		for (int i = 0; i <= LIMIT_GQL_DEPTH; i++) buf[n++] = '}';
		like(parse_lim(buf, n, NULL), "Document exceeds the maximum depth of 24.", "depth 25 fails");
	}
	/* depth: list values (inside one selection set: set=1 + lists) */
	lim.max_depth = 4;
	is_str(parse_lim("{ f(a: [[[1]]]) }", 17, &lim), " { f(a: [[[1]]]) }", "set + 3 lists = 4 passes");
	is_str(parse_lim("{ f(a: [[[[1]]]]) }", 19, &lim), "ERR 1:11 Document exceeds the maximum depth of 4.", "set + 4 lists fails");
	is_str(parse_lim("{ f(a: {b: {c: {d: 1}}}) }", 26, &lim), " { f(a: {b: {c: {d: 1}}}) }", "set + 3 objects passes");
	is_str(parse_lim("{ f(a: {b: {c: {d: {e: 1}}}}) }", 31, &lim), "ERR 1:20 Document exceeds the maximum depth of 4.",
	       "set + 4 objects fails");
	/* depth: list type wrappers (no selection set around them) */
	lim.max_depth = 3;
	is_str(parse("query ($a: [[[Int!]!]!]!) { f }"), "query($a: [[[Int!]!]!]!) { f }", "3 list wrappers, default depth");
	is_str(parse_lim("query ($a: [[[Int]]]) { f }", 27, &lim), "query($a: [[[Int]]]) { f }", "3 list wrappers with max 3 pass");
	is_str(parse_lim("query ($a: [[[[Int]]]]) { f }", 29, &lim), "ERR 1:15 Document exceeds the maximum depth of 3.",
	       "4 list wrappers with max 3 fail");
	/* an arena at its limit: the parse fails, nothing crashes */
	{
		struct arena small;
		arena_init(&small);
		small.limit = 3000;
		struct gql_errors e;
		gql_errors_init(&e, &small);
		ok(gql_parse(&small, kitchen_sink, strlen(kitchen_sink), NULL, &e) == NULL, "arena limit: parse fails");
		arena_free(&small);
	}
	/* hostile input: deep nesting never recurses past the limit */
	{
		size_t n = 90000;
		char *big = arena_alloc(&A, n);
		memset(big, '[', n);
		memcpy(big, "{f(a:", 5);
		like(parse_lim(big, n, NULL), "Document exceeds the maximum depth of 24.", "90k open brackets fail cleanly");
		memset(big, '{', n);
		like(parse_lim(big, n, NULL), "ERR 1:2 Syntax Error: Expected Name, found \"{\".", "90k open braces fail cleanly");
	}
}

static void test_speed(void)
{
	const char *q =
		"query Search($after: String, $first: Int, $query: String) {\n"
		"  search(first: $first, after: $after, query: $query) {\n"
		"    ... on SearchSuccess {\n"
		"      edges { cursor node { id title slug url pageType contentReader createdAt isArchived\n"
		"          readingProgressPercent readingProgressAnchorIndex author image description publishedAt\n"
		"          ownedByViewer originalArticleUrl uploadFileId labels { id name color }\n"
		"          pageId shortId quote annotation state siteName subscription readAt savedAt\n"
		"          wordsCount highlights { id quote annotation } } }\n"
		"      pageInfo { hasNextPage hasPreviousPage startCursor endCursor totalCount }\n"
		"    }\n"
		"    ... on SearchError { errorCodes }\n"
		"  }\n"
		"}\n";
	size_t len = strlen(q);
	struct arena a;
	arena_init(&a);
	struct timespec t0, t1;
	int iters = 20000;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
	int okc = 0;
	for (int i = 0; i < iters; i++) {
		struct gql_errors e;
		gql_errors_init(&e, &a);
		if (gql_parse(&a, q, len, NULL, &e))
			okc++;
		arena_reset(&a);
	}
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
	double us = ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / 1e3 / iters;
	is_int(okc, iters, "all parses succeed");
	printf("# %zu-byte query parses in %.2f us of CPU\n", len, us);
	ok(us < 50, "parse is fast (%.2f us; generous bound for sanitizer builds)", us);
	arena_free(&a);
}

static void test_errors_write(void)
{
	struct gql_errors e;
	struct sb b;
	gql_errors_init(&e, &A);
	sb_init(&b);
	gql_errors_write(&e, &b);
	is_str(sb_str(&b), "\"errors\":[]", "empty list");
	struct gql_loc locs[2] = { { 1, 3, 2 }, { 4, 5, 40 } };
	struct gql_error *er = gql_errors_add(&e, "SOME_CODE", locs, 2, "bad %s \"%d\"", "thing", 7);
	ok(er != NULL, "added");
	struct gql_path_seg path[3] = { { "a", 0 }, { NULL, 0 }, { "b", 0 } };
	er->path = path;
	er->npath = 3;
	gql_errors_add(&e, NULL, NULL, 0, "plain");
	sb_reset(&b);
	gql_errors_write(&e, &b);
	is_str(sb_str(&b),
	       "\"errors\":[{\"message\":\"bad thing \\\"7\\\"\",\"locations\":[{\"line\":1,\"column\":3},{\"line\":4,\"column\":5}],"
	       "\"path\":[\"a\",0,\"b\"],\"extensions\":{\"code\":\"SOME_CODE\"}},{\"message\":\"plain\"}]",
	       "full error and bare error");
	is_int(e.n, 2, "two errors");
	e.max = 3;
	ok(gql_errors_add(&e, NULL, NULL, 0, "third") != NULL, "third within max 3");
	ok(gql_errors_add(&e, NULL, NULL, 0, "fourth") == NULL, "fourth over max");
	ok(e.truncated, "truncated set");
	is_int(e.n, 3, "n stays 3");
	gql_errors_init(&e, &A);
	for (int i = 0; i < LIMIT_GQL_ERRORS + 5; i++)
		gql_errors_add(&e, NULL, NULL, 0, "e%d", i);
	is_int(e.n, LIMIT_GQL_ERRORS, "default max is LIMIT_GQL_ERRORS");
	ok(e.truncated, "truncated at default max");
	sb_free(&b);
	is_str(gql_value_kind_names[GQL_V_VARIABLE], "VARIABLE", "value kind names");
	is_str(gql_op_kind_names[GQL_OP_SUBSCRIPTION], "subscription", "op kind names");
	is_str(gql_dir_loc_names[GQL_DL_INPUT_FIELD_DEFINITION], "INPUT_FIELD_DEFINITION", "dir loc names");
	is_str(gql_type_kind_names[GQL_K_NON_NULL], "NON_NULL", "type kind names");
}

/* mutated documents: each parses, or fails with exactly one error whose location is inside the text */
static void test_mutations(void)
{
	static const char alphabet[] = "{}()[]:=@$!|&.\"\\ \n\r#,aZ_09-+eE\x00\xc3\xa9\xff";
	const char *srcs[2] = { kitchen_sink, sdl_sink };
	uint32_t seed = 12345;
	int bad = 0, parsed = 0, failed = 0;
	struct arena a;
	arena_init(&a);
	for (int round = 0; round < 4000; round++) {
		const char *base = srcs[round & 1];
		size_t n = strlen(base);
		char *buf = arena_alloc(&a, n + 8);
		memcpy(buf, base, n);
		int edits = 1 + round % 4;
		for (int k = 0; k < edits; k++) {
			seed = seed * 1103515245u + 12345u;
			size_t pos = (seed >> 8) % n;
			seed = seed * 1103515245u + 12345u;
			buf[pos] = alphabet[(seed >> 8) % (sizeof alphabet - 1)];
		}
		if (round % 7 == 0) {
			seed = seed * 1103515245u + 12345u;
			n = (seed >> 8) % n; /* truncated */
		}
		struct gql_errors e;
		gql_errors_init(&e, &a);
		struct gql_limits lim = { .max_depth = 8 };
		const struct gql_document *d = gql_parse(&a, buf, n, &lim, &e);
		if (d) {
			parsed++;
			if (e.n != 0)
				bad++;
		} else {
			failed++;
			if (e.n != 1 || e.head->nlocs != 1 || e.head->locs[0].offset > n || e.head->locs[0].line < 1 ||
			    e.head->locs[0].col < 1 || strncmp(e.head->message, "Syntax Error: ", 14) != 0) {
				if (bad++ < 3)
					printf("# bad failure for round %d: %s\n", round, e.head ? e.head->message : "(none)");
			}
		}
		arena_reset(&a);
	}
	arena_free(&a);
	is_int(bad, 0, "mutated documents: %d parsed, %d failed cleanly", parsed, failed);
	ok(parsed > 0 && failed > 0, "mutations exercised both outcomes");
}

int main(void)
{
	arena_init(&A);
	test_kitchen_sink();
	test_sdl_sink();
	test_syntax_errors();
	test_values();
	test_budgets();
	test_errors_write();
	test_mutations();
	test_speed();
	arena_free(&A);
	return done_testing();
}
