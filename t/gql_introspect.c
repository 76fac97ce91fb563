/* gql_introspect.c: tests of introspection: the standard introspection query, __type, deprecation, directives. */
#include "tap.h"
#include "gql_testlib.h"

static const char sdl[] =
	"\"The test schema\"\n"
	"schema { query: Query mutation: Mutation }\n"
	"\"The root\"\n"
	"type Query {\n"
	"  \"say hello\"\n"
	"  hello(name: String = \"dflt\", n: Int = 7, c: Color = RED, l: [Int!] = [1, 2], old: Int @deprecated(reason: \"no more\")): String!\n"
	"  old: Int @deprecated\n"
	"  gone: Int @deprecated(reason: \"use hello\")\n"
	"  node: Node\n  search: [Result!]!\n  when: Date\n  find(in: Input): [[String!]]!\n"
	"}\n"
	"type Mutation { go(x: Int!): Boolean }\n"
	"enum Color { RED \"green\" GREEN BLUE @deprecated(reason: \"too blue\") }\n"
	"input Input { url: String! n: Int = 7 legacy: String @deprecated(reason: \"ignored\") }\n"
	"interface Node { id: ID! }\n"
	"type User implements Node { id: ID! name: String }\n"
	"type Post implements Node { id: ID! }\n"
	"union Result = User | Post\n"
	"scalar Date @specifiedBy(url: \"https://tools.ietf.org/html/rfc3339\")\n";

static const char introspection_query[] =
	"query IntrospectionQuery {\n"
	"  __schema {\n"
	"    description\n"
	"    queryType { name }\n"
	"    mutationType { name }\n"
	"    subscriptionType { name }\n"
	"    types { ...FullType }\n"
	"    directives {\n"
	"      name\n"
	"      description\n"
	"      isRepeatable\n"
	"      locations\n"
	"      args(includeDeprecated: true) { ...InputValue }\n"
	"    }\n"
	"  }\n"
	"}\n"
	"fragment FullType on __Type {\n"
	"  kind\n"
	"  name\n"
	"  description\n"
	"  specifiedByURL\n"
	"  fields(includeDeprecated: true) {\n"
	"    name\n"
	"    description\n"
	"    args(includeDeprecated: true) { ...InputValue }\n"
	"    type { ...TypeRef }\n"
	"    isDeprecated\n"
	"    deprecationReason\n"
	"  }\n"
	"  inputFields(includeDeprecated: true) { ...InputValue }\n"
	"  interfaces { ...TypeRef }\n"
	"  enumValues(includeDeprecated: true) {\n"
	"    name\n"
	"    description\n"
	"    isDeprecated\n"
	"    deprecationReason\n"
	"  }\n"
	"  possibleTypes { ...TypeRef }\n"
	"}\n"
	"fragment InputValue on __InputValue {\n"
	"  name\n"
	"  description\n"
	"  type { ...TypeRef }\n"
	"  defaultValue\n"
	"  isDeprecated\n"
	"  deprecationReason\n"
	"}\n"
	"fragment TypeRef on __Type {\n"
	"  kind\n"
	"  name\n"
	"  ofType {\n"
	"    kind\n"
	"    name\n"
	"    ofType {\n"
	"      kind\n"
	"      name\n"
	"      ofType {\n"
	"        kind\n"
	"        name\n"
	"        ofType {\n"
	"          kind\n"
	"          name\n"
	"          ofType {\n"
	"            kind\n"
	"            name\n"
	"            ofType {\n"
	"              kind\n"
	"              name\n"
	"              ofType {\n"
	"                kind\n"
	"                name\n"
	"              }\n"
	"            }\n"
	"          }\n"
	"        }\n"
	"      }\n"
	"    }\n"
	"  }\n"
	"}\n";

static struct json_object *get(struct json_object *j, const char *path)
{
	char key[64];
	while (j != NULL && *path) {
		size_t n = strcspn(path, ".");
		snprintf(key, sizeof key, "%.*s", (int)n, path);
		path += n + (path[n] == '.');
		if (json_object_is_type(j, json_type_array))
			j = json_object_array_get_idx(j, (size_t)atoi(key));
		else if (!json_object_object_get_ex(j, key, &j))
			return NULL;
	}
	return j;
}

static const char *gets(struct json_object *j, const char *path)
{
	struct json_object *v = get(j, path);
	return v ? json_object_get_string(v) : "(null)";
}

/* the element of array j whose "name" is name */
static struct json_object *named(struct json_object *j, const char *name)
{
	if (j == NULL || !json_object_is_type(j, json_type_array))
		return NULL;
	for (size_t i = 0; i < json_object_array_length(j); i++) {
		struct json_object *e = json_object_array_get_idx(j, i), *n;
		if (json_object_object_get_ex(e, "name", &n) && n && !strcmp(json_object_get_string(n), name))
			return e;
	}
	return NULL;
}

static size_t len(struct json_object *j)
{
	return j && json_object_is_type(j, json_type_array) ? json_object_array_length(j) : (size_t)-1;
}

/* a.fields{type{ofType{...}}} b.fields{...}: 14 times more fields at each level */
static void explode(struct sb *b, int n)
{
	if (n == 0) {
		sb_puts(b, "name");
		return;
	}
	for (int k = 0; k < 2; k++) {
		sb_puts(b, k ? " b: fields { type { ofType { " : "a: fields { type { ofType { ");
		explode(b, n - 1);
		sb_puts(b, " } } }");
	}
}

/* { __type(name: "T") { fields { type { ofType { fields { n1: name .. nK: name } } } } } }: the fields
 * list two levels deep (as MaxIntrospectionDepthRule allows), K names read per field of a field */
static const char *wide(struct sb *q, int k)
{
	sb_truncate(q, 0);
	sb_puts(q, "{ __type(name: \"T\") { fields { type { ofType { fields {");
	for (int i = 1; i <= k; i++)
		sb_printf(q, " n%d: name", i);
	sb_puts(q, " } } } } } }");
	return sb_str(q);
}

static void budget(void)
{
	/* T has 41 fields of type T!: 41 * 41 * 60 = 100860 names, past the introspection budget */
	struct sb q;
	sb_init(&q);
	sb_puts(&q, "type Query { q: T }\ntype T {");
	for (int i = 1; i <= 41; i++)
		sb_printf(&q, " t%d: T!", i);
	sb_puts(&q, " }\n");
	struct gql_schema *s = tl_schema(sb_str(&q));
	const char *body = tl_run(s, wide(&q, 60), NULL);
	like(body, "{\"errors\":[{\"message\":\"The query executes more than 100000 introspection fields.\"",
	     "introspection budget: an exploding query stops with an error");
	like(body, "\"data\":null}", "introspection budget: data null");
	is_int(tl_res.outcome, GQL_RESULT_DATA, "introspection budget: a data result");
	body = tl_run(s, wide(&q, 10), NULL);
	ok(strstr(body, "\"errors\"") == NULL && tl_json_ok(body), "introspection budget: 41 * 41 * 10 fields are fine");
	/* nesting the fields list three deep is refused before anything runs (MaxIntrospectionDepthRule) */
	sb_truncate(&q, 0);
	sb_puts(&q, "{ __type(name: \"T\") { ");
	explode(&q, 3);
	sb_puts(&q, " } }");
	body = tl_run(s, sb_str(&q), NULL);
	is_str(body, "{\"errors\":[{\"message\":\"Maximum introspection depth exceeded\",\"locations\":[{\"line\":1,\"column\":3}],"
	       "\"extensions\":{\"code\":\"GRAPHQL_VALIDATION_FAILED\"}}]}", "introspection depth: fields three deep refused");
	sb_free(&q);
	gql_schema_free(s);
}

int main(void)
{
	arena_init(&tl_arena);
	sb_init(&tl_out);
	struct gql_schema *s = tl_schema(sdl);

	const char *body = tl_run(s, introspection_query, NULL);
	ok(strstr(body, "\"errors\"") == NULL, "introspection query runs without errors");
	if (strstr(body, "\"errors\""))
		printf("# %.2000s\n", body);
	struct json_object *root = json_tokener_parse(body);
	ok(root != NULL, "introspection result is JSON");
	struct json_object *sc = get(root, "data.__schema");
	ok(sc != NULL, "has __schema");
	is_str(gets(sc, "description"), "The test schema", "schema description");
	is_str(gets(sc, "queryType.name"), "Query", "queryType");
	is_str(gets(sc, "mutationType.name"), "Mutation", "mutationType");
	ok(get(sc, "subscriptionType") == NULL, "subscriptionType null");

	struct json_object *types = get(sc, "types");
	const char *want[] = { "Query", "Mutation", "Color", "Input", "Node", "User", "Post", "Result", "Date", "String",
	                       "Int", "Float", "Boolean", "ID", "__Schema", "__Type", "__TypeKind", "__Field",
	                       "__InputValue", "__EnumValue", "__Directive", "__DirectiveLocation" };
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		ok(named(types, want[i]) != NULL, "type %s listed", want[i]);

	struct json_object *q = named(types, "Query");
	is_str(gets(q, "kind"), "OBJECT", "Query kind");
	is_str(gets(q, "description"), "The root", "Query description");
	is_int(len(get(q, "interfaces")), 0, "Query interfaces empty list");
	ok(get(q, "possibleTypes") == NULL && get(q, "enumValues") == NULL && get(q, "inputFields") == NULL,
	   "object: possibleTypes, enumValues, inputFields null");
	struct json_object *hello = named(get(q, "fields"), "hello");
	is_str(gets(hello, "description"), "say hello", "field description");
	is_str(gets(hello, "type.kind"), "NON_NULL", "hello type NON_NULL");
	is_str(gets(hello, "type.ofType.kind"), "SCALAR", "hello type of SCALAR");
	is_str(gets(hello, "type.ofType.name"), "String", "hello type of String");
	ok(get(hello, "type.name") == NULL, "wrapper has no name");
	is_str(gets(named(get(hello, "args"), "name"), "defaultValue"), "\"dflt\"", "String default as GraphQL text");
	is_str(gets(named(get(hello, "args"), "n"), "defaultValue"), "7", "Int default");
	is_str(gets(named(get(hello, "args"), "c"), "defaultValue"), "RED", "enum default");
	is_str(gets(named(get(hello, "args"), "l"), "defaultValue"), "[1, 2]", "list default");
	is_str(gets(named(get(hello, "args"), "l"), "type.kind"), "LIST", "list arg kind");
	is_str(gets(named(get(hello, "args"), "l"), "type.ofType.ofType.name"), "Int", "list arg item");
	ok(get(named(get(hello, "args"), "name"), "defaultValue") != NULL, "default present");
	ok(get(named(get(q, "fields"), "node"), "args") != NULL && len(get(named(get(q, "fields"), "node"), "args")) == 0,
	   "field without args: empty list");
	struct json_object *oldarg = named(get(hello, "args"), "old");
	ok(oldarg != NULL && json_object_get_boolean(get(oldarg, "isDeprecated")), "deprecated argument listed with includeDeprecated");
	is_str(gets(oldarg, "deprecationReason"), "no more", "argument deprecation reason");
	struct json_object *gone = named(get(q, "fields"), "gone");
	ok(gone && json_object_get_boolean(get(gone, "isDeprecated")), "deprecated field");
	is_str(gets(gone, "deprecationReason"), "use hello", "deprecation reason");
	is_str(gets(named(get(q, "fields"), "old"), "deprecationReason"), "No longer supported", "default deprecation reason");
	ok(!json_object_get_boolean(get(hello, "isDeprecated")) && get(hello, "deprecationReason") == NULL,
	   "not deprecated: false, null reason");
	struct json_object *find = named(get(q, "fields"), "find");
	is_str(gets(find, "type.kind"), "NON_NULL", "[[String!]]! 1");
	is_str(gets(find, "type.ofType.kind"), "LIST", "[[String!]]! 2");
	is_str(gets(find, "type.ofType.ofType.kind"), "LIST", "[[String!]]! 3");
	is_str(gets(find, "type.ofType.ofType.ofType.kind"), "NON_NULL", "[[String!]]! 4");
	is_str(gets(find, "type.ofType.ofType.ofType.ofType.name"), "String", "[[String!]]! 5");

	struct json_object *color = named(types, "Color");
	is_str(gets(color, "kind"), "ENUM", "enum kind");
	is_int(len(get(color, "enumValues")), 3, "enum values with deprecated");
	is_str(gets(named(get(color, "enumValues"), "GREEN"), "description"), "green", "enum value description");
	is_str(gets(named(get(color, "enumValues"), "BLUE"), "deprecationReason"), "too blue", "enum value deprecation");
	ok(get(color, "fields") == NULL && get(color, "interfaces") == NULL, "enum: fields and interfaces null");

	struct json_object *input = named(types, "Input");
	is_str(gets(input, "kind"), "INPUT_OBJECT", "input kind");
	is_int(len(get(input, "inputFields")), 3, "input fields incl. deprecated");
	is_str(gets(named(get(input, "inputFields"), "n"), "defaultValue"), "7", "input field default");
	is_str(gets(named(get(input, "inputFields"), "legacy"), "deprecationReason"), "ignored", "input field deprecation");

	struct json_object *node = named(types, "Node");
	is_str(gets(node, "kind"), "INTERFACE", "interface kind");
	is_int(len(get(node, "possibleTypes")), 2, "interface possible types");
	ok(named(get(node, "possibleTypes"), "User") && named(get(node, "possibleTypes"), "Post"), "User and Post implement Node");
	struct json_object *user = named(types, "User");
	is_str(gets(user, "interfaces.0.name"), "Node", "User implements Node");
	struct json_object *result = named(types, "Result");
	is_str(gets(result, "kind"), "UNION", "union kind");
	is_int(len(get(result, "possibleTypes")), 2, "union members");
	ok(get(result, "fields") == NULL, "union fields null");
	struct json_object *date = named(types, "Date");
	is_str(gets(date, "specifiedByURL"), "https://tools.ietf.org/html/rfc3339", "specifiedByURL");
	ok(get(named(types, "String"), "specifiedByURL") == NULL, "built-in scalar: no specifiedByURL");

	struct json_object *dirs = get(sc, "directives");
	struct json_object *skip = named(dirs, "skip");
	ok(skip != NULL, "skip directive");
	is_int(len(get(skip, "locations")), 3, "skip locations");
	is_str(gets(skip, "locations.0"), "FIELD", "skip location 1");
	is_str(gets(skip, "locations.1"), "FRAGMENT_SPREAD", "skip location 2");
	is_str(gets(skip, "locations.2"), "INLINE_FRAGMENT", "skip location 3");
	is_str(gets(skip, "args.0.name"), "if", "skip arg");
	is_str(gets(skip, "args.0.type.kind"), "NON_NULL", "skip arg type");
	ok(!json_object_get_boolean(get(skip, "isRepeatable")), "skip not repeatable");
	ok(named(dirs, "include") && named(dirs, "deprecated") && named(dirs, "specifiedBy"), "built-in directives");
	is_str(gets(named(get(named(dirs, "deprecated"), "args"), "reason"), "defaultValue"), "\"No longer supported\"",
	       "deprecated reason default");
	json_object_put(root);

	/* __type, filtering, __typename */
	body = tl_run(s, "{ __type(name: \"Query\") { name fields { name } } }", NULL);
	root = json_tokener_parse(body);
	is_str(gets(root, "data.__type.name"), "Query", "__type(name:)");
	ok(named(get(root, "data.__type.fields"), "hello") && !named(get(root, "data.__type.fields"), "gone") &&
	   !named(get(root, "data.__type.fields"), "old"), "deprecated fields hidden by default");
	json_object_put(root);
	is_str(tl_run(s, "{ __type(name: \"Nope\") { name } }", NULL), "{\"data\":{\"__type\":null}}", "unknown type: null");
	is_str(tl_run(s, "{ __type(name: \"Color\") { enumValues { name } } }", NULL),
	       "{\"data\":{\"__type\":{\"enumValues\":[{\"name\":\"RED\"},{\"name\":\"GREEN\"}]}}}", "deprecated enum values hidden");
	is_str(tl_run(s, "{ __type(name: \"Input\") { inputFields { name } } }", NULL),
	       "{\"data\":{\"__type\":{\"inputFields\":[{\"name\":\"url\"},{\"name\":\"n\"}]}}}", "deprecated input fields hidden");
	is_str(tl_run(s, "{ __type(name: \"Query\") { fields(includeDeprecated: false) { name args { name } } } }", NULL),
	       "{\"data\":{\"__type\":{\"fields\":[{\"name\":\"hello\",\"args\":[{\"name\":\"name\"},{\"name\":\"n\"},{\"name\":\"c\"},{\"name\":\"l\"}]},"
	       "{\"name\":\"node\",\"args\":[]},{\"name\":\"search\",\"args\":[]},{\"name\":\"when\",\"args\":[]},{\"name\":\"find\",\"args\":[{\"name\":\"in\"}]}]}}}",
	       "fields and args without deprecated ones");
	is_str(tl_run(s, "{ __schema { __typename queryType { __typename kind } } t: __type(name: \"Date\") { __typename kind } }", NULL),
	       "{\"data\":{\"__schema\":{\"__typename\":\"__Schema\",\"queryType\":{\"__typename\":\"__Type\",\"kind\":\"OBJECT\"}},\"t\":{\"__typename\":\"__Type\",\"kind\":\"SCALAR\"}}}",
	       "__typename inside introspection");
	is_str(tl_run(s, "query { __typename ... on Query { __type(name: \"Result\") { possibleTypes { name } } } }", NULL),
	       "{\"data\":{\"__typename\":\"Query\",\"__type\":{\"possibleTypes\":[{\"name\":\"User\"},{\"name\":\"Post\"}]}}}",
	       "introspection inside a fragment");
	body = tl_run(s, "mutation { __typename }", NULL);
	is_str(body, "{\"data\":{\"__typename\":\"Mutation\"}}", "__typename on the mutation root");
	/* the introspection fields need no binding by the application */
	is_int(tl_res.nerrors, 0, "no errors");

	gql_schema_free(s);
	budget();
	arena_free(&tl_arena);
	sb_free(&tl_out);
	return done_testing();
}
