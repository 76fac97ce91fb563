/* gql_schema.c: tests of the schema builder: built-ins, extensions, lookups, defaults, deprecation, binding, SDL errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gql/gql.h"
#include "util/arena.h"
#include "tap.h"

static const char *sdl =
	"\"The test schema\"\n"
	"schema { query: Root mutation: Mut }\n"
	"\"A date and time\" scalar Date @specifiedBy(url: \"https://tools.ietf.org/html/rfc3339\")\n"
	"scalar Plain\n"
	"interface Node { id: ID! }\n"
	"interface Named implements Node { id: ID! name(upper: Boolean = false): String }\n"
	"\"A person\"\n"
	"type Person implements Named & Node {\n"
	"  id: ID!\n"
	"  \"The name\" name(upper: Boolean = false, lang: String = \"en\"): String!\n"
	"  old: Int @deprecated\n"
	"  older: Int @deprecated(reason: \"Use `new`.\")\n"
	"  friends(first: Int = 10, order: [Order!] = [ASC, DESC], filter: Filter = {text: \"a\\\"b\", min: 1.5, tags: []}): [Person!]!\n"
	"  born: Date\n"
	"}\n"
	"type Robot implements Node & Named { id: ID! name(upper: Boolean = false): String model: String }\n"
	"union Thing = Person | Robot\n"
	"enum Order { ASC \"descending\" DESC OLD @deprecated(reason: \"gone\") }\n"
	"input Filter { text: String, min: Float = 0, tags: [String!], nested: Filter, legacy: Int @deprecated }\n"
	"type Root { node(id: ID!): Node things: [Thing] person(id: ID!): Person search(f: Filter!): [Named!] }\n"
	"type Mut { touch(id: ID!, when: Date): Person }\n"
	"directive @cost(value: Int!) repeatable on FIELD_DEFINITION | OBJECT | INTERFACE\n"
	"extend type Root @cost(value: 1) { me: Person @cost(value: 2) @cost(value: 3) }\n"
	"extend enum Order { NEW }\n"
	"extend input Filter { since: Date }\n"
	"extend union Thing = Extra\n"
	"type Extra { x: Int }\n"
	"extend interface Node @cost(value: 1)\n"
	"extend scalar Plain @specifiedBy(url: \"u\")\n"
	"type Unreached { a: Int }\n";

static struct gql_schema *S;

static void test_build(void)
{
	char err[256];
	S = gql_schema_parse(sdl, strlen(sdl), err, sizeof err);
	ok(S != NULL, "schema builds (%s)", S ? "ok" : err);
	if (!S) return;
	is_str(S->description, "The test schema", "schema description");
	is_str(S->query->name, "Root", "query root from schema definition");
	is_str(S->mutation->name, "Mut", "mutation root");
	ok(S->subscription == NULL, "no subscription root");
	/* type order: user types in SDL order, then built-ins */
	static const char *const order[] = { "Date", "Plain", "Node", "Named", "Person", "Robot", "Thing", "Order", "Filter",
		"Root", "Mut", "Extra", "Unreached", "Int", "Float", "String", "Boolean", "ID", "__Schema", "__Type",
		"__TypeKind", "__Field", "__InputValue", "__EnumValue", "__Directive", "__DirectiveLocation" };
	is_int(S->ntypes, sizeof order / sizeof order[0], "number of types");
	for (uint32_t i = 0; i < S->ntypes && i < sizeof order / sizeof order[0]; i++) {
		is_str(S->types[i]->name, order[i], "type %u", i);
		is_int(S->types[i]->index, i, "index of %s", order[i]);
	}
	ok(S->types[0] == gql_schema_type(S, "Date"), "lookup by name");
	ok(gql_schema_type(S, "Nope") == NULL, "unknown type");
	ok(gql_schema_type(S, "skip") == NULL, "directive names are not types");
	struct gql_type *date = gql_schema_type(S, "Date");
	is_int(date->kind, GQL_K_SCALAR, "Date scalar");
	is_str(date->description, "A date and time", "scalar description");
	is_str(date->specified_by, "https://tools.ietf.org/html/rfc3339", "specifiedBy");
	is_int(date->builtin, GQL_SCALAR_CUSTOM, "custom scalar");
	is_str(gql_schema_type(S, "Plain")->specified_by, "u", "specifiedBy from extension");
	ok(S->t_string == gql_schema_type(S, "String") && S->t_string->builtin == GQL_SCALAR_STRING, "t_string");
	ok(S->t_int->builtin == GQL_SCALAR_INT && S->t_float->builtin == GQL_SCALAR_FLOAT &&
	   S->t_boolean->builtin == GQL_SCALAR_BOOLEAN && S->t_id->builtin == GQL_SCALAR_ID, "built-in scalar ids");
	ok(!S->t_int->introspection, "Int is not an introspection type");
	ok(gql_schema_type(S, "__Type")->introspection, "__Type is an introspection type");
	ok(!gql_schema_type(S, "Person")->introspection, "Person is not");

	struct gql_type *person = gql_schema_type(S, "Person");
	is_int(person->kind, GQL_K_OBJECT, "Person object");
	is_str(person->description, "A person", "type description");
	is_int(person->nfields, 6, "Person fields");
	is_int(person->ninterfaces, 2, "Person interfaces");
	is_str(person->interfaces[0]->name, "Named", "first interface");
	struct gql_field *name = gql_type_field(person, "name");
	ok(name && name == person->fields[1], "gql_type_field");
	is_int(name->index, 1, "field index");
	ok(name->owner == person, "field owner");
	is_str(name->description, "The name", "field description");
	is_str(gql_type_print(&S->arena, name->type), "String!", "field type");
	is_int(name->nargs, 2, "two args");
	struct gql_input_value *lang = gql_field_arg(name, "lang");
	ok(lang && lang->index == 1, "gql_field_arg");
	is_str(lang->defval_text, "\"en\"", "string default text");
	ok(lang->defval && lang->defval->kind == GQL_V_STRING, "defval literal kept");
	is_str(gql_field_arg(name, "upper")->defval_text, "false", "boolean default text");
	ok(gql_field_arg(name, "nope") == NULL, "unknown arg");
	ok(gql_type_field(person, "__typename") == NULL, "__typename is not in fields");
	ok(gql_type_field(person, "nope") == NULL, "unknown field");
	struct gql_field *old = gql_type_field(person, "old"), *older = gql_type_field(person, "older");
	ok(old->deprecated, "old deprecated");
	is_str(old->deprecation_reason, "No longer supported", "default reason");
	ok(older->deprecated, "older deprecated");
	is_str(older->deprecation_reason, "Use `new`.", "given reason");
	ok(!name->deprecated && name->deprecation_reason == NULL, "name not deprecated");
	struct gql_field *friends = gql_type_field(person, "friends");
	is_str(gql_type_print(&S->arena, friends->type), "[Person!]!", "list type print");
	is_str(gql_field_arg(friends, "first")->defval_text, "10", "int default text");
	is_str(gql_field_arg(friends, "order")->defval_text, "[ASC, DESC]", "list of enums default text");
	is_str(gql_field_arg(friends, "filter")->defval_text, "{text: \"a\\\"b\", min: 1.5, tags: []}", "object default text");
	ok(gql_field_arg(friends, "first")->defval_text && !gql_field_arg(name, "upper")->deprecated, "arg not deprecated");
	/* wrappers are cached: the same type object for the same reference */
	struct gql_type *nn = friends->type, *list = nn->of, *inner = list->of;
	is_int(nn->kind, GQL_K_NON_NULL, "non-null");
	is_int(list->kind, GQL_K_LIST, "list");
	ok(inner == person->nonnull_of && person->nonnull_of->list_of == list, "wrapper caching");
	ok(gql_named_type(nn) == person, "gql_named_type");
	ok(nn->name == NULL, "wrappers have no name");

	struct gql_type *node = gql_schema_type(S, "Node"), *named = gql_schema_type(S, "Named");
	struct gql_type *robot = gql_schema_type(S, "Robot");
	is_int(node->kind, GQL_K_INTERFACE, "interface");
	is_int(named->ninterfaces, 1, "interface implementing interface");
	is_int(node->npossible, 2, "Node possible types");
	ok(node->possible[0] == person && node->possible[1] == robot, "Node possible = Person, Robot");
	is_int(named->npossible, 2, "Named possible types");
	ok(gql_type_is_possible(node, robot), "Robot possible for Node");
	ok(gql_type_is_possible(person, person), "a type is possible for itself");
	ok(!gql_type_is_possible(node, gql_schema_type(S, "Extra")), "Extra not a Node");
	struct gql_type *thing = gql_schema_type(S, "Thing");
	is_int(thing->kind, GQL_K_UNION, "union");
	is_int(thing->npossible, 3, "union members including extension");
	ok(thing->possible[2] == gql_schema_type(S, "Extra"), "extension member last");
	ok(gql_type_is_possible(thing, robot), "Robot in Thing");

	struct gql_type *ord = gql_schema_type(S, "Order");
	is_int(ord->nvalues, 4, "enum values incl. extension");
	struct gql_enum_value *desc = gql_enum_value(ord, "DESC");
	ok(desc && desc->index == 1, "gql_enum_value");
	is_str(desc->description, "descending", "enum value description");
	ok(gql_enum_value(ord, "OLD")->deprecated, "deprecated enum value");
	is_str(gql_enum_value(ord, "OLD")->deprecation_reason, "gone", "enum value reason");
	ok(gql_enum_value(ord, "NEW") != NULL, "value from extension");
	ok(gql_enum_value(ord, "asc") == NULL, "enum values are case-sensitive");

	struct gql_type *filter = gql_schema_type(S, "Filter");
	is_int(filter->kind, GQL_K_INPUT_OBJECT, "input object");
	is_int(filter->ninputs, 6, "input fields incl. extension");
	struct gql_input_value *min = gql_input_field(filter, "min");
	ok(min && min->index == 1, "gql_input_field");
	is_str(min->defval_text, "0", "input field default");
	ok(gql_input_field(filter, "legacy")->deprecated, "deprecated input field");
	is_str(gql_input_field(filter, "since")->type->name, "Date", "input field from extension");
	is_int(gql_input_field(filter, "since")->index, 5, "extension input field index");
	ok(gql_input_field(filter, "nested")->type == filter, "recursive input");

	struct gql_type *root = S->query;
	is_int(root->nfields, 5, "Root fields incl. extension");
	ok(gql_type_field(root, "me") != NULL, "extension field");

	/* kinds */
	ok(gql_type_is_input(filter) && gql_type_is_input(ord) && gql_type_is_input(date) &&
	   gql_type_is_input(filter->nonnull_of ? filter->nonnull_of : filter), "input kinds");
	ok(!gql_type_is_input(person) && !gql_type_is_input(node) && !gql_type_is_input(thing), "not input kinds");
	ok(gql_type_is_output(person) && gql_type_is_output(node) && gql_type_is_output(thing) &&
	   gql_type_is_output(ord) && gql_type_is_output(date) && !gql_type_is_output(filter), "output kinds");
	ok(gql_type_is_leaf(ord) && gql_type_is_leaf(S->t_int) && gql_type_is_leaf(nn->of->of->of == person ? S->t_id : NULL) &&
	   !gql_type_is_leaf(person) && !gql_type_is_leaf(friends->type), "leaf kinds");
	ok(gql_type_is_leaf(gql_type_field(person, "id")->type), "ID! is a leaf through the wrapper");

	/* typeref from an AST */
	struct arena a;
	arena_init(&a);
	struct gql_errors e;
	gql_errors_init(&e, &a);
	const char *q = "query ($a: [Filter!]!, $b: Nope, $c: [[Int]]) { x }";
	struct gql_document *doc = gql_parse(&a, q, strlen(q), NULL, &e);
	struct gql_type *ta = gql_schema_typeref(S, doc->defs[0]->u.op.vars[0]->type);
	is_str(gql_type_print(&a, ta), "[Filter!]!", "typeref built on demand");
	ok(ta == gql_schema_typeref(S, doc->defs[0]->u.op.vars[0]->type), "typeref cached");
	ok(gql_schema_typeref(S, doc->defs[0]->u.op.vars[1]->type) == NULL, "unknown typeref is NULL");
	is_str(gql_type_print(&a, gql_schema_typeref(S, doc->defs[0]->u.op.vars[2]->type)), "[[Int]]", "nested list print");
	arena_free(&a);
}

static void test_builtins(void)
{
	if (!S) return;
	static const char *const dirs[] = { "cost", "skip", "include", "deprecated", "specifiedBy" };
	is_int(S->ndirectives, 5, "five directives");
	for (int i = 0; i < 5; i++)
		is_str(S->directives[i]->name, dirs[i], "directive %d", i);
	struct gql_directive_def *cost = gql_schema_directive(S, "cost");
	ok(cost && !cost->builtin && cost->repeatable, "custom repeatable directive");
	is_int(cost->locations, (1u << GQL_DL_FIELD_DEFINITION) | (1u << GQL_DL_OBJECT) | (1u << GQL_DL_INTERFACE), "custom locations");
	struct gql_directive_def *skip = gql_schema_directive(S, "skip");
	ok(skip->builtin && !skip->repeatable, "skip built in");
	is_int(skip->locations, (1u << GQL_DL_FIELD) | (1u << GQL_DL_FRAGMENT_SPREAD) | (1u << GQL_DL_INLINE_FRAGMENT),
	       "skip locations");
	is_int(skip->nargs, 1, "skip args");
	is_str(skip->args[0]->name, "if", "skip(if:)");
	is_str(gql_type_print(&S->arena, skip->args[0]->type), "Boolean!", "if: Boolean!");
	struct gql_directive_def *inc = gql_schema_directive(S, "include");
	is_int(inc->locations, skip->locations, "include locations");
	struct gql_directive_def *dep = gql_schema_directive(S, "deprecated");
	is_int(dep->locations, (1u << GQL_DL_FIELD_DEFINITION) | (1u << GQL_DL_ARGUMENT_DEFINITION) |
	       (1u << GQL_DL_INPUT_FIELD_DEFINITION) | (1u << GQL_DL_ENUM_VALUE), "deprecated locations");
	is_str(dep->args[0]->defval_text, "\"No longer supported\"", "deprecated reason default text");
	is_str(gql_type_print(&S->arena, dep->args[0]->type), "String", "reason: String");
	struct gql_directive_def *sb = gql_schema_directive(S, "specifiedBy");
	is_int(sb->locations, 1u << GQL_DL_SCALAR, "specifiedBy location");
	is_str(gql_type_print(&S->arena, sb->args[0]->type), "String!", "url: String!");
	ok(gql_schema_directive(S, "Person") == NULL, "types are not directives");

	/* introspection types */
	struct { const char *type, *field, *print; } f[] = {
		{ "__Schema", "description", "String" }, { "__Schema", "types", "[__Type!]!" },
		{ "__Schema", "queryType", "__Type!" }, { "__Schema", "mutationType", "__Type" },
		{ "__Schema", "subscriptionType", "__Type" }, { "__Schema", "directives", "[__Directive!]!" },
		{ "__Type", "kind", "__TypeKind!" }, { "__Type", "name", "String" }, { "__Type", "description", "String" },
		{ "__Type", "fields", "[__Field!]" }, { "__Type", "interfaces", "[__Type!]" },
		{ "__Type", "possibleTypes", "[__Type!]" }, { "__Type", "enumValues", "[__EnumValue!]" },
		{ "__Type", "inputFields", "[__InputValue!]" }, { "__Type", "ofType", "__Type" },
		{ "__Type", "specifiedByURL", "String" },
		{ "__Field", "name", "String!" }, { "__Field", "description", "String" },
		{ "__Field", "args", "[__InputValue!]!" }, { "__Field", "type", "__Type!" },
		{ "__Field", "isDeprecated", "Boolean!" }, { "__Field", "deprecationReason", "String" },
		{ "__InputValue", "name", "String!" }, { "__InputValue", "description", "String" },
		{ "__InputValue", "type", "__Type!" }, { "__InputValue", "defaultValue", "String" },
		{ "__InputValue", "isDeprecated", "Boolean!" }, { "__InputValue", "deprecationReason", "String" },
		{ "__EnumValue", "name", "String!" }, { "__EnumValue", "description", "String" },
		{ "__EnumValue", "isDeprecated", "Boolean!" }, { "__EnumValue", "deprecationReason", "String" },
		{ "__Directive", "name", "String!" }, { "__Directive", "description", "String" },
		{ "__Directive", "isRepeatable", "Boolean!" }, { "__Directive", "locations", "[__DirectiveLocation!]!" },
		{ "__Directive", "args", "[__InputValue!]!" },
	};
	int counts[7] = { 0 };
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
		struct gql_field *fl = gql_type_field(gql_schema_type(S, f[i].type), f[i].field);
		is_str(fl ? gql_type_print(&S->arena, fl->type) : "(missing)", f[i].print, "%s.%s", f[i].type, f[i].field);
	}
	(void)counts;
	is_int(gql_schema_type(S, "__Schema")->nfields, 6, "__Schema field count");
	is_int(gql_schema_type(S, "__Type")->nfields, 10, "__Type field count");
	is_int(gql_schema_type(S, "__Field")->nfields, 6, "__Field field count");
	is_int(gql_schema_type(S, "__InputValue")->nfields, 6, "__InputValue field count");
	is_int(gql_schema_type(S, "__EnumValue")->nfields, 4, "__EnumValue field count");
	is_int(gql_schema_type(S, "__Directive")->nfields, 5, "__Directive field count");
	const char *incl[][2] = { { "__Type", "fields" }, { "__Type", "enumValues" }, { "__Type", "inputFields" },
	                          { "__Field", "args" }, { "__Directive", "args" } };
	for (int i = 0; i < 5; i++) {
		struct gql_field *fl = gql_type_field(gql_schema_type(S, incl[i][0]), incl[i][1]);
		struct gql_input_value *iv = fl ? gql_field_arg(fl, "includeDeprecated") : NULL;
		ok(iv && iv->type == S->t_boolean && iv->defval_text && strcmp(iv->defval_text, "false") == 0,
		   "%s.%s(includeDeprecated: Boolean = false)", incl[i][0], incl[i][1]);
	}
	struct gql_type *tk = gql_schema_type(S, "__TypeKind");
	is_int(tk->kind, GQL_K_ENUM, "__TypeKind enum");
	is_int(tk->nvalues, GQL_K__MAX, "__TypeKind values");
	for (uint32_t i = 0; i < tk->nvalues; i++)
		is_str(tk->values[i]->name, gql_type_kind_names[i], "__TypeKind %u", i);
	struct gql_type *dl = gql_schema_type(S, "__DirectiveLocation");
	is_int(dl->nvalues, GQL_DL__MAX, "__DirectiveLocation values");
	for (uint32_t i = 0; i < dl->nvalues; i++)
		is_str(dl->values[i]->name, gql_dir_loc_names[i], "__DirectiveLocation %u", i);

	/* meta-fields */
	is_str(S->f_typename->name, "__typename", "__typename");
	is_str(gql_type_print(&S->arena, S->f_typename->type), "String!", "__typename: String!");
	is_str(gql_type_print(&S->arena, S->f_schema->type), "__Schema!", "__schema: __Schema!");
	is_str(gql_type_print(&S->arena, S->f_type->type), "__Type", "__type: __Type");
	is_int(S->f_type->nargs, 1, "__type has one arg");
	is_str(gql_type_print(&S->arena, gql_field_arg(S->f_type, "name")->type), "String!", "__type(name: String!)");
	ok(gql_type_field(S->query, "__schema") == NULL && gql_type_field(S->query, "__type") == NULL,
	   "meta-fields are not in the root's fields");
}

static int r1(struct gql_rctx *rc, const void *p, struct gql_out *o) { (void)rc; (void)p; (void)o; return 0; }
static int r2(struct gql_rctx *rc, const void *p, struct gql_out *o) { (void)rc; (void)p; (void)o; return 0; }
static int sp(struct arena *a, struct gql_value *v, const char **m) { (void)a; (void)v; (void)m; return 0; }

static void test_bind(void)
{
	if (!S) return;
	char buf[512];
	/* reachable from Root and Mut: Root, Person, Robot, Extra, Mut (Unreached is not) */
	int n = gql_schema_unbound(S, buf, sizeof buf);
	is_int(n, 5 + 6 + 3 + 1 + 1, "all reachable object fields unbound");
	is_str(buf, "Root.node, Root.things, Root.person, Root.search, Root.me, Mut.touch, Person.id, Person.name, "
	       "Person.old, Person.older, Person.friends, Person.born, Robot.id, Robot.name, Robot.model, Extra.x",
	       "unbound list in BFS order");
	int dummy;
	is_int(gql_bind(S, "Root.me", r1, &dummy), 0, "bind one field");
	struct gql_field *me = gql_type_field(S->query, "me");
	ok(me->resolve == r1 && me->udata == &dummy, "resolver and udata set");
	is_int(gql_bind(S, "Root.*", r2, NULL), 0, "bind the rest");
	ok(me->resolve == r1, "Type.* does not override");
	ok(gql_type_field(S->query, "node")->resolve == r2, "Type.* binds unbound fields");
	is_int(gql_bind(S, "Root.nope", r1, NULL), -1, "unknown field");
	is_int(gql_bind(S, "Nope.x", r1, NULL), -1, "unknown type");
	is_int(gql_bind(S, "Root", r1, NULL), -1, "no dot");
	is_int(gql_bind(S, "Order.*", r1, NULL), -1, "not an object");
	is_int(gql_bind(S, "Person.*", r1, NULL), 0, "Person");
	is_int(gql_bind(S, "Robot.*", r1, NULL), 0, "Robot");
	is_int(gql_bind(S, "Mut.touch", r1, NULL), 0, "Mut");
	n = gql_schema_unbound(S, buf, sizeof buf);
	is_int(n, 1, "one left");
	is_str(buf, "Extra.x", "Extra.x left");
	is_int(gql_bind(S, "Extra.x", r1, NULL), 0, "Extra");
	is_int(gql_schema_unbound(S, buf, sizeof buf), 0, "none unbound (introspection and Unreached skipped)");
	is_str(buf, "", "empty list");
	is_int(gql_bind_scalar(S, "Date", sp), 0, "bind scalar");
	ok(gql_schema_type(S, "Date")->parse == sp, "scalar parse set");
	is_int(gql_bind_scalar(S, "Person", sp), -1, "not a scalar");
	is_int(gql_bind_scalar(S, "Nope", sp), -1, "unknown scalar");
	/* truncation of the unbound list */
	char small[8];
	char err[128];
	const char *s2 = "type Query { aaaa: Int bbbb: Int cccc: Int }";
	struct gql_schema *t = gql_schema_parse(s2, strlen(s2), err, sizeof err);
	is_int(gql_schema_unbound(t, small, sizeof small), 3, "count with a small buffer");
	is_str(small, "Query.a", "truncated, NUL-terminated");
	gql_schema_free(t);
}

static void test_defaults(void)
{
	char err[256];
	const char *s = "type Query { a: Int }";
	struct gql_schema *t = gql_schema_parse(s, strlen(s), err, sizeof err);
	ok(t && t->query == gql_schema_type(t, "Query"), "Query by default name");
	ok(t && t->mutation == NULL && t->subscription == NULL, "no other roots");
	gql_schema_free(t);
	s = "type Query { a: Int } type Mutation { b: Int } type Subscription { c: Int }";
	t = gql_schema_parse(s, strlen(s), err, sizeof err);
	ok(t && t->mutation && strcmp(t->mutation->name, "Mutation") == 0 && t->subscription, "default Mutation/Subscription");
	gql_schema_free(t);
	s = "schema { query: Q } type Q { a: Int } type Mutation { b: Int }";
	t = gql_schema_parse(s, strlen(s), err, sizeof err);
	ok(t && t->mutation == NULL, "with a schema definition, names are not used");
	gql_schema_free(t);
	s = "scalar String type Query { a: String }";
	t = gql_schema_parse(s, strlen(s), err, sizeof err);
	ok(t != NULL, "SDL may declare a built-in scalar (%s)", t ? "" : err);
	ok(t && t->t_string->builtin == GQL_SCALAR_STRING, "it is still the built-in String");
	gql_schema_free(t);
	s = "scalar J type Query { a(i: ID = 1, j: J = {any: [thing]}, k: ID = \"x\", f: Float = 2, n: [[Int]] = [[1], null, 2]): Int }";
	t = gql_schema_parse(s, strlen(s), err, sizeof err);
	ok(t != NULL, "valid defaults accepted (%s)", t ? "" : err);
	gql_schema_free(t);
	s = "type Query { a(x: Float = 1, y: [Int] = 1, z: String = \"\"\"  block\n  \"q\"\n  \"\"\", w: String = \"\\u00e9\\n\\t\\u0001\", n: Int = null): Int }";
	t = gql_schema_parse(s, strlen(s), err, sizeof err);
	ok(t != NULL, "defaults (%s)", t ? "" : err);
	if (t) {
		struct gql_field *f = gql_type_field(t->query, "a");
		is_str(gql_field_arg(f, "x")->defval_text, "1", "Float default written as given");
		is_str(gql_field_arg(f, "y")->defval_text, "1", "list default written as given");
		is_str(gql_field_arg(f, "z")->defval_text, "\"  block\\n\\\"q\\\"\"", "block string default printed as a string");
		is_str(gql_field_arg(f, "w")->defval_text, "\"\xc3\xa9\\n\\t\\u0001\"", "escapes in string default");
		is_str(gql_field_arg(f, "n")->defval_text, "null", "null default");
	}
	gql_schema_free(t);
	gql_schema_free(NULL);
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

struct err_case { const char *sdl, *want; };

static void test_errors(void)
{
	static const struct err_case cases[] = {
		{ "type Query { a: Int", "1:20: Syntax Error: Expected Name, found <EOF>." },
		{ "type Query { a: Nope }", "1:17: Unknown type \"Nope\"." },
		{ "type Query { a: [[Nope!]] }", "1:19: Unknown type \"Nope\"." },
		{ "type Query { a(x: Nope): Int }", "1:19: Unknown type \"Nope\"." },
		{ "type Query { a: Int }\ntype Query { b: Int }", "2:6: There can be only one type named \"Query\"." },
		{ "type Query { a: Int }\nenum Query { A }", "2:6: There can be only one type named \"Query\"." },
		{ "type Query { a: Int\n  a: String }", "2:3: Field \"Query.a\" can only be defined once." },
		{ "type Query { a: Int }\nextend type Query { a: Int }", "2:21: Field \"Query.a\" can only be defined once." },
		{ "type Query { a: E }\nenum E { A B A }", "2:14: Enum value \"E.A\" can only be defined once." },
		{ "type Query { a: E }\nenum E { A }\nextend enum E { A }", "3:17: Enum value \"E.A\" can only be defined once." },
		{ "type Query { a(i: I): Int }\ninput I { x: Int x: Int }", "2:18: Input field \"I.x\" can only be defined once." },
		{ "type Query { a(x: Int, x: Int): Int }", "1:24: Argument \"Query.a(x:)\" can only be defined once." },
		{ "type Foo { a: Int }", "Query root type must be provided." },
		{ "schema { query: Foo }", "1:10: Unknown type \"Foo\"." },
		{ "schema { query: Q }\nenum Q { A }", "2:6: Query root type must be Object type, it cannot be Q." },
		{ "schema { query: Q mutation: M }\ntype Q { a: Int }\ninput M { a: Int }", "3:7: Mutation root type must be Object type, it cannot be M." },
		{ "schema { query: Q query: Q }\ntype Q { a: Int }", "1:19: Type for query already defined in the schema. It cannot be redefined." },
		{ "schema { query: Q }\nschema { mutation: Q }\ntype Q { a: Int }", "2:1: Must provide only one schema definition." },
		{ "type Query { a: I }\ninput I { x: Int }", "1:17: The type of Query.a must be Output Type but got: I." },
		{ "type Query { a: [I!] }\ninput I { x: Int }", "1:17: The type of Query.a must be Output Type but got: [I!]." },
		{ "type Query { a(x: Query): Int }", "1:19: The type of Query.a(x:) must be Input Type but got: Query." },
		{ "type Query { a(i: I): Int }\ninput I { x: U }\nunion U = Query", "2:14: The type of I.x must be Input Type but got: U." },
		{ "type Query { a: U }\nunion U = Query | I\ninterface I { a: Int }", "2:19: Union type U can only include Object types, it cannot include I." },
		{ "type Query { a: U }\nunion U = Query | Query", "2:19: Union type U can only include type Query once." },
		{ "type Query { a: U }\nunion U = Query | Nope", "2:19: Unknown type \"Nope\"." },
		{ "type Query implements Q2 { a: Int }\ntype Q2 { a: Int }", "1:23: Type Query must only implement Interface types, it cannot implement Q2." },
		{ "type Query implements I { b: Int }\ninterface I { a: Int }", "1:6: Interface field I.a expected but Query does not provide it." },
		{ "type Query implements I { a: String }\ninterface I { a: Int }", "1:27: Interface field I.a expects type Int but Query.a is type String." },
		{ "type Query implements I { a: Int }\ninterface I { a: Int! }", "1:27: Interface field I.a expects type Int! but Query.a is type Int." },
		{ "type Query implements I { a: [Int] }\ninterface I { a: Int }", "1:27: Interface field I.a expects type Int but Query.a is type [Int]." },
		{ "type Query implements I { a(x: Int): Int }\ninterface I { a(x: Int!): Int }", "1:27: Interface field argument I.a(x:) expects type Int! but Query.a(x:) is type Int." },
		{ "type Query implements I { a: Int }\ninterface I { a(x: Int): Int }", "1:27: Interface field argument I.a(x:) expected but Query.a does not provide it." },
		{ "type Query implements I { a(y: Int!): Int }\ninterface I { a: Int }", "1:27: Object field Query.a includes required argument y that is missing from the Interface field I.a." },
		{ "type Query implements J { a: Int }\ninterface I { a: Int }\ninterface J implements I { a: Int }", "1:6: Type Query must implement I because it is implemented by J." },
		{ "type Query implements I & I { a: Int }\ninterface I { a: Int }", "1:27: Type Query can only implement I once." },
		{ "interface I implements I { a: Int }\ntype Query { a: I }", "1:24: Type I cannot implement itself because it would create a circular reference." },
		{ "type Query { a: Int }\ntype Empty", "2:6: Type Empty must define one or more fields." },
		{ "type Query { a: Int }\nunion U", "2:7: Union type U must define one or more member types." },
		{ "type Query { a: Int }\nenum E", "2:6: Enum type E must define one or more values." },
		{ "type Query { a: Int }\ninput In", "2:7: Input Object type In must define one or more fields." },
		{ "type Query { a: Int }\nextend type Nope { b: Int }", "2:13: Cannot extend type \"Nope\" because it is not defined." },
		{ "type Query { a: Int }\nenum E { A }\nextend type E { b: Int }", "3:13: Cannot extend non-object type \"E\"." },
		{ "type Query { a: Int }\nextend type String { b: Int }", "2:13: Cannot extend built-in type \"String\"." },
		{ "type Query { a: Int }\nextend scalar String @deprecated", "2:15: Cannot extend built-in type \"String\"." },
		{ "type Query { __a: Int }", "1:14: Name \"__a\" must not begin with \"__\", which is reserved by GraphQL introspection." },
		{ "type __Q { a: Int }\ntype Query { a: Int }", "1:6: Name \"__Q\" must not begin with \"__\", which is reserved by GraphQL introspection." },
		{ "type Query { a: Int @nope }", "1:21: Unknown directive \"@nope\"." },
		{ "type Query @deprecated { a: Int }", "1:12: Directive \"@deprecated\" may not be used on OBJECT." },
		{ "type Query { a: Int @deprecated @deprecated }", "1:33: The directive \"@deprecated\" can only be used once at this location." },
		{ "type Query { a: Int @deprecated(reason: 1) }", "1:41: Argument \"reason\" of @deprecated must be a String." },
		{ "type Query { a(x: Int! @deprecated): Int }", "1:16: Required Query.a(x:) cannot be deprecated." },
		{ "type Query { a: Int }\ndirective @d on FIELD\ndirective @d on FIELD", "3:12: Directive \"@d\" can only be defined once." },
		{ "type Query { a: Int }\ndirective @d(x: Query) on FIELD", "2:17: The type of @d(x:) must be Input Type but got: Query." },
		{ "type Query { a: Int }\ntype Int { b: Int }", "2:6: Type \"Int\" is a built-in scalar and cannot be redefined as another kind." },
		{ "type Query { a: Int }\nquery { a }", "2:1: Executable definitions are not allowed in a schema." },
		{ "type Query { a: Int }\nscalar S @specifiedBy", "2:10: Directive \"@specifiedBy\" needs a String argument \"url\"." },
		{ "type Query { a(x: Int = \"s\"): Int }", "1:25: Invalid default value for Query.a(x:): Int cannot represent \"s\"." },
		{ "type Query { a(x: Int = 3000000000): Int }", "1:25: Invalid default value for Query.a(x:): Int cannot represent 3000000000." },
		{ "type Query { a(x: E = C): Int } enum E { A }", "1:23: Invalid default value for Query.a(x:): value C does not exist in \"E\" enum." },
		{ "type Query { a(x: E = \"A\"): Int } enum E { A }", "1:23: Invalid default value for Query.a(x:): value \"A\" does not exist in \"E\" enum." },
		{ "type Query { a(x: I = {}): Int } input I { r: Int! }", "1:23: Invalid default value for Query.a(x:): field I.r of required type Int! was not provided." },
		{ "type Query { a(x: I = {z: 1}): Int } input I { r: Int }", "1:23: Invalid default value for Query.a(x:): field \"z\" is not defined by type I." },
		{ "type Query { a(x: I = 1): Int } input I { r: Int }", "1:23: Invalid default value for Query.a(x:): expected I, found 1." },
		{ "type Query { a(x: Int! = null): Int }", "1:26: Invalid default value for Query.a(x:): expected non-null Int!, found null." },
		{ "type Query { a(x: [Int] = [1, \"b\"]): Int }", "1:27: Invalid default value for Query.a(x:): Int cannot represent \"b\"." },
		{ "type Query { a(x: I): Int } input I { f: Float = true }", "1:50: Invalid default value for I.f: Float cannot represent true." },
		{ "type Query { a: Int }\ndirective @d(x: Boolean = 1) on FIELD", "2:27: Invalid default value for @d(x:): Boolean cannot represent 1." },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char err[256] = "untouched";
		struct gql_schema *t = gql_schema_parse(cases[i].sdl, strlen(cases[i].sdl), err, sizeof err);
		ok(t == NULL, "rejected: %s", oneline(cases[i].sdl));
		is_str(err, cases[i].want, "message");
		gql_schema_free(t);
	}
	/* a short error buffer is filled safely */
	char tiny[6];
	ok(gql_schema_parse("type Query { a: Nope }", 22, tiny, sizeof tiny) == NULL, "short buffer");
	is_str(tiny, "1:17:", "short buffer truncated");
	ok(gql_schema_parse("type Query { a: Nope }", 22, NULL, 0) == NULL, "no buffer at all");
}

static void test_speed(void)
{
	if (!S) return;
	struct gql_type *person = gql_schema_type(S, "Person");
	static const char *const names[] = { "id", "name", "old", "older", "friends", "born", "nope" };
	struct timespec t0, t1;
	int found = 0, iters = 1000000;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
	for (int i = 0; i < iters; i++)
		found += gql_type_field(person, names[i % 7]) != NULL;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
	double ns = ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / iters;
	is_int(found, iters - iters / 7 - (iters % 7 > 6 ? 1 : 0), "lookups found");
	printf("# gql_type_field: %.1f ns\n", ns);
	ok(ns < 500, "gql_type_field is fast (%.1f ns)", ns);
}

/* mutated SDL: each builds, or fails with a message; nothing crashes (run under ASan too) */
static void test_mutations(void)
{
	static const char alphabet[] = "{}()[]:=@$!|&\" \n#,aZ_09-eQ";
	static const char *const words[] = { "Int", "Person", "Filter", "Order", "Node", "Thing", "extend ", "implements ",
	                                      "@deprecated", "!", "[", "]", "Root", "type ", "input ", "= null" };
	uint32_t seed = 777;
	int built = 0, rejected = 0, bad = 0;
	size_t n0 = strlen(sdl);
	char *buf = malloc(n0 + 64);
	for (int round = 0; round < 3000; round++) {
		memcpy(buf, sdl, n0 + 1);
		size_t n = n0;
		seed = seed * 1103515245u + 12345u;
		size_t pos = (seed >> 8) % n;
		seed = seed * 1103515245u + 12345u;
		if (round & 1) {
			buf[pos] = alphabet[(seed >> 8) % (sizeof alphabet - 1)];
		} else {
			/* replace a word-sized piece with a schema word */
			const char *w = words[(seed >> 8) % (sizeof words / sizeof words[0])];
			size_t wl = strlen(w), cut = 1 + (seed >> 4) % 6;
			if (pos + cut > n)
				cut = n - pos;
			memmove(buf + pos + wl, buf + pos + cut, n - pos - cut + 1);
			memcpy(buf + pos, w, wl);
			n = n - cut + wl;
		}
		char err[256] = "";
		struct gql_schema *t = gql_schema_parse(buf, n, err, sizeof err);
		if (t) {
			built++;
			if (!t->query || gql_schema_type(t, "__Schema") == NULL)
				bad++;
			char ub[64];
			gql_schema_unbound(t, ub, sizeof ub);
		} else {
			rejected++;
			if (err[0] == 0 && bad++ < 3)
				printf("# empty message in round %d\n", round);
		}
		gql_schema_free(t);
	}
	free(buf);
	is_int(bad, 0, "mutated SDL: %d built, %d rejected with a message", built, rejected);
	ok(built > 0 && rejected > 0, "both outcomes exercised");
}

int main(void)
{
	test_build();
	test_builtins();
	test_bind();
	test_defaults();
	test_errors();
	test_mutations();
	test_speed();
	gql_schema_free(S);
	return done_testing();
}
