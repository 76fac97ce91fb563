/* gql_validate.c: tests of GraphQL validation (spec section 5), rule by rule, with messages and locations; budgets and hostile documents. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gql/gql.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"
#include "tap.h"
#include "gql_testschema.h"

static struct gql_schema *S;
static struct arena A;
static struct sb OUT;
static int NRET;

/* validate a document; the errors as "message @line:col,line:col" lines ("" when valid) */
static const char *run_lim(const char *doc, const struct gql_limits *lim, uint32_t maxerr)
{
	struct gql_errors errs;
	arena_reset(&A);
	gql_errors_init(&errs, &A);
	errs.max = maxerr;
	sb_reset(&OUT);
	struct gql_document *d = gql_parse(&A, doc, strlen(doc), lim, &errs);
	if (d == NULL) {
		sb_printf(&OUT, "PARSE: %s", errs.head ? errs.head->message : "?");
		return sb_str(&OUT);
	}
	NRET = gql_validate(S, d, lim, &A, &errs);
	for (const struct gql_error *e = errs.head; e; e = e->next) {
		if (e != errs.head)
			sb_putc(&OUT, '\n');
		sb_puts(&OUT, e->message);
		if (e->nlocs)
			sb_puts(&OUT, " @");
		for (uint32_t i = 0; i < e->nlocs; i++)
			sb_printf(&OUT, "%s%u:%u", i ? "," : "", (unsigned)e->locs[i].line, (unsigned)e->locs[i].col);
		if (e->code == NULL || strcmp(e->code, "GRAPHQL_VALIDATION_FAILED") != 0)
			sb_puts(&OUT, " [wrong code]");
	}
	return sb_str(&OUT);
}

static const char *run(const char *doc)
{
	return run_lim(doc, NULL, 0);
}

/* with a depth budget out of reach: for the documents that test the other budgets with long
 * fragment chains (a chain is as deep as it is long) */
static const char *run_deep(const char *doc)
{
	struct gql_limits lim = { .max_depth = 1u << 20 };
	return run_lim(doc, &lim, 0);
}

#define VALID(doc, name) is_str(run(doc), "", "valid: %s", name)
#define INVALID(doc, want, name) is_str(run(doc), want, "invalid: %s", name)

static void t_executable(void)
{
	VALID("query Foo { dog { name } }", "operation only");
	VALID("query Foo { dog { ...F } } fragment F on Dog { name }", "operation and fragment");
	INVALID("query Foo { dog { name } }\ntype Cow { name: String }\nextend type Dog { color: String }\nschema { query: Foo }",
	        "The \"Cow\" definition is not executable. @2:1\n"
	        "The \"Dog\" definition is not executable. @3:1\n"
	        "The schema definition is not executable. @4:1", "type-system definitions");
}

static void t_operations(void)
{
	VALID("query A { dog { name } } query B { dog { name } }", "two named operations");
	VALID("query Foo { ...Foo } fragment Foo on QueryRoot { dog { name } }", "operation and fragment share a name");
	INVALID("query Foo { dog { name } }\nquery Foo { cat { name } }",
	        "There can be only one operation named \"Foo\". @1:7,2:7", "duplicate operation name");
	INVALID("query Foo { dog { name } }\nmutation Foo { likeDog(id: 1) }",
	        "There can be only one operation named \"Foo\". @1:7,2:10", "duplicate name across kinds");
	INVALID("query Foo { dog { name } }\nquery Foo { dog { name } }\nquery Foo { dog { name } }",
	        "There can be only one operation named \"Foo\". @1:7,2:7\n"
	        "There can be only one operation named \"Foo\". @1:7,3:7", "three with one name");
	VALID("{ dog { name } }", "lone anonymous operation");
	INVALID("{ dog { name } }\nquery Other { dog { name } }",
	        "This anonymous operation must be the only defined operation. @1:1", "anonymous with another");
	INVALID("{ dog { name } }\n{ cat { name } }",
	        "This anonymous operation must be the only defined operation. @1:1\n"
	        "This anonymous operation must be the only defined operation. @2:1", "two anonymous");
	INVALID("mutation { likeDog(id: 1) }\nquery Q { dog { name } }",
	        "This anonymous operation must be the only defined operation. @1:1", "anonymous mutation with another");
}

static void t_subscriptions(void)
{
	VALID("subscription S { newMessage { body } }", "one root field");
	VALID("subscription S { ...F } fragment F on SubscriptionRoot { newMessage { body } }", "one root field through a fragment");
	VALID("subscription S { newMessage { body } newMessage { sender } }", "one response key twice");
	VALID("subscription S { newMessage { body } importantEmails @skip(if: true) }", "skipped second field");
	INVALID("subscription S { newMessage { body } importantEmails }",
	        "Subscription \"S\" must select only one top level field. @1:38", "two root fields");
	INVALID("subscription S { newMessage { body } __typename }",
	        "Subscription \"S\" must select only one top level field. @1:38\n"
	        "Subscription \"S\" must not select an introspection top level field. @1:38", "__typename counts");
	INVALID("subscription { __typename }",
	        "Anonymous Subscription must not select an introspection top level field. @1:16", "introspection root field");
	INVALID("subscription S { ... on SubscriptionRoot { t: __typename } ...F }\nfragment F on SubscriptionRoot { t: __typename }",
	        "Subscription \"S\" must not select an introspection top level field. @1:44,2:34", "introspection root field twice");
	INVALID("subscription { ...F }\nfragment F on SubscriptionRoot { newMessage { body } notImportantEmails }",
	        "Anonymous Subscription must select only one top level field. @2:54", "second field in a fragment");
	INVALID("subscription S { a: importantEmails b: importantEmails c: importantEmails }",
	        "Subscription \"S\" must select only one top level field. @1:37,1:56", "three aliases");
	INVALID("subscription S { ...F ...F newMessage { body } }\nfragment F on SubscriptionRoot { importantEmails }",
	        "Subscription \"S\" must select only one top level field. @1:28", "fragment spread twice counted once");
}

static void t_fields(void)
{
	VALID("{ dog { name nickname __typename } pet { name __typename ... on Dog { barks } } "
	      "catOrDog { __typename ... on Cat { meows } } __typename }", "fields on objects, interfaces, unions");
	VALID("{ __schema { queryType { name } } __type(name: \"Dog\") { name } }", "__schema and __type on the query root");
	VALID("mutation { __typename likeDog(id: 1) }", "__typename on the mutation root");
	INVALID("{ dog { nme } }", "Cannot query field \"nme\" on type \"Dog\". Did you mean \"name\"? @1:9", "unknown field with suggestion");
	INVALID("{ dog { xyzzyplugh } }", "Cannot query field \"xyzzyplugh\" on type \"Dog\". @1:9", "unknown field without suggestion");
	INVALID("{ dog { x: nme } }", "Cannot query field \"nme\" on type \"Dog\". Did you mean \"name\"? @1:9", "location is the alias");
	INVALID("{ catOrDog { name } }",
	        "Cannot query field \"name\" on type \"CatOrDog\". Did you mean to use an inline fragment on \"Being\", \"Pet\", \"Canine\", \"Cat\", or \"Dog\"? @1:14",
	        "field on a union");
	INVALID("{ pet { barks } }",
	        "Cannot query field \"barks\" on type \"Pet\". Did you mean to use an inline fragment on \"Dog\"? @1:9",
	        "field of an implementation on an interface");
	INVALID("{ dog { __schema { queryType { name } } } }",
	        "Cannot query field \"__schema\" on type \"Dog\". @1:9", "__schema off the root");
	INVALID("mutation { __type(name: \"Dog\") { name } }",
	        "Cannot query field \"__type\" on type \"MutationRoot\". @1:12", "__type on the mutation root");
	INVALID("{ dog { ... on Dog { unknownA } unknownB } }",
	        "Cannot query field \"unknownA\" on type \"Dog\". @1:22\n"
	        "Cannot query field \"unknownB\" on type \"Dog\". @1:33", "in an inline fragment");
	INVALID("{ unknownA { unknownB { name } } }",
	        "Cannot query field \"unknownA\" on type \"QueryRoot\". @1:3", "children of an unknown field are not checked");
	INVALID("fragment F on Dog { meows }\n{ dog { ...F } }",
	        "Cannot query field \"meows\" on type \"Dog\". @1:21", "in a fragment definition");
}

static void t_leafs(void)
{
	VALID("{ dog { barks } cat { furColor } }", "scalar and enum leaves");
	INVALID("{ dog { name { first } } }",
	        "Field \"name\" must not have a selection since type \"String\" has no subfields. @1:14", "selection on a scalar");
	INVALID("{ cat { furColor { x } } }",
	        "Field \"furColor\" must not have a selection since type \"FurColor\" has no subfields. @1:18", "selection on an enum");
	INVALID("{ cat { doesKnowCommand(catCommand: JUMP) { x } } }",
	        "Field \"doesKnowCommand\" must not have a selection since type \"Boolean!\" has no subfields. @1:43", "selection on Boolean!");
	INVALID("{ dog }",
	        "Field \"dog\" of type \"Dog\" must have a selection of subfields. Did you mean \"dog { ... }\"? @1:3", "object without selection");
	INVALID("{ human { pets } }",
	        "Field \"pets\" of type \"[Pet]\" must have a selection of subfields. Did you mean \"pets { ... }\"? @1:11", "list of interface");
	INVALID("{ human { relatives } }",
	        "Field \"relatives\" of type \"[Human!]!\" must have a selection of subfields. Did you mean \"relatives { ... }\"? @1:11", "wrapped object");
	INVALID("{ catOrDog }",
	        "Field \"catOrDog\" of type \"CatOrDog\" must have a selection of subfields. Did you mean \"catOrDog { ... }\"? @1:3", "union");
	INVALID("subscription { newMessage }",
	        "Field \"newMessage\" of type \"Message\" must have a selection of subfields. Did you mean \"newMessage { ... }\"? @1:16", "subscription root");
	INVALID("{ __schema }",
	        "Field \"__schema\" of type \"__Schema!\" must have a selection of subfields. Did you mean \"__schema { ... }\"? @1:3", "__schema");
	INVALID("{ __typename { x } }",
	        "Field \"__typename\" must not have a selection since type \"String!\" has no subfields. @1:14", "__typename");
}

static void t_arguments(void)
{
	VALID("{ dog { doesKnowCommand(dogCommand: SIT) name @include(if: true) } }", "known arguments");
	VALID("{ dog { a: isHouseTrained b: isHouseTrained(atOtherHomes: true) @skip(if: false) } }", "optional arguments omitted");
	INVALID("{ dog { doesKnowCommand(command: SIT) } }",
	        "Unknown argument \"command\" on field \"Dog.doesKnowCommand\". Did you mean \"dogCommand\"? @1:25", "unknown field argument");
	INVALID("{ dog { name(xyz: 1) } }",
	        "Unknown argument \"xyz\" on field \"Dog.name\". @1:14", "unknown argument without suggestion");
	INVALID("{ dog { name @include(iff: true) } }",
	        "Unknown argument \"iff\" on directive \"@include\". Did you mean \"if\"? @1:23\n"
	        "Directive \"@include\" argument \"if\" of type \"Boolean!\" is required, but it was not provided. @1:14",
	        "unknown directive argument");
	INVALID("{ dog { isHouseTrained(atOtherHomes: true, atOtherHomes: false) } }",
	        "There can be only one argument named \"atOtherHomes\". @1:24,1:44", "duplicate argument");
	INVALID("{ dog { name @include(if: true, if: false) } }",
	        "There can be only one argument named \"if\". @1:23,1:33", "duplicate directive argument");
	INVALID("{ dog { isAtLocation(x: 1, x: 2, y: 1, x: 3) } }",
	        "There can be only one argument named \"x\". @1:22,1:28,1:40", "three duplicates in one error");
	VALID("{ complicatedArgs { multipleReqs(req1: 1, req2: 2) nonNullFieldWithDefault multipleOpts "
	      "multipleOptAndReq(req2: 1, req1: 2) } }", "required arguments given, defaults");
	INVALID("{ complicatedArgs { multipleReqs(req1: 1) } }",
	        "Field \"multipleReqs\" argument \"req2\" of type \"Int!\" is required, but it was not provided. @1:21", "one missing");
	INVALID("{ complicatedArgs { multipleReqs } }",
	        "Field \"multipleReqs\" argument \"req1\" of type \"Int!\" is required, but it was not provided. @1:21\n"
	        "Field \"multipleReqs\" argument \"req2\" of type \"Int!\" is required, but it was not provided. @1:21", "two missing");
	INVALID("{ complicatedArgs { multipleReqs(req1: null, req2: 2) } }",
	        "Expected value of type \"Int!\", found null. @1:40", "null for a required argument");
	INVALID("{ dog { name @withArgs } }",
	        "Directive \"@withArgs\" argument \"req\" of type \"Int!\" is required, but it was not provided. @1:14", "directive required argument");
	VALID("{ dog { name @withArgs(req: 1) } }", "directive with required argument");
	INVALID("{ dog { name @include } }",
	        "Directive \"@include\" argument \"if\" of type \"Boolean!\" is required, but it was not provided. @1:14", "@include without if");
	INVALID("{ unknownField(a: 1, a: 2) }",
	        "Cannot query field \"unknownField\" on type \"QueryRoot\". @1:3\n"
	        "There can be only one argument named \"a\". @1:16,1:22", "duplicate arguments of an unknown field");
}

static void t_fragments(void)
{
	VALID("{ dog { ...A ...B } } fragment A on Dog { name } fragment B on Dog { nickname }", "distinct fragment names");
	INVALID("{ dog { ...A } }\nfragment A on Dog { name }\nfragment A on Dog { nickname }",
	        "There can be only one fragment named \"A\". @2:10,3:10", "duplicate fragment name");
	VALID("{ dog { ... on Dog { name } ... { name } ... on Pet { name } } }", "inline fragments on known types");
	INVALID("{ dog { ... on Dgo { name } } }",
	        "Unknown type \"Dgo\". Did you mean \"Dog\" or \"Edge\"? @1:16", "inline fragment on unknown type");
	INVALID("{ dog { ...F } }\nfragment F on NotInSchema { name }",
	        "Unknown type \"NotInSchema\". @2:15", "fragment on unknown type");
	INVALID("{ dog { ... on Boolean { name } } }",
	        "Fragment cannot condition on non composite type \"Boolean\". @1:16", "inline fragment on a scalar");
	INVALID("{ dog { ... on ComplexInput { name } } }",
	        "Fragment cannot condition on non composite type \"ComplexInput\". @1:16", "inline fragment on an input type");
	INVALID("fragment F on FurColor { x }\n{ cat { ...F } }",
	        "Fragment \"F\" cannot condition on non composite type \"FurColor\". @1:15", "fragment on an enum");
	INVALID("{ dog { ...A } }\nfragment A on Dog { name }\nfragment B on Dog { nickname }\nfragment C on Dog { ...B }",
	        "Fragment \"B\" is never used. @3:1\nFragment \"C\" is never used. @4:1", "unused fragments");
	VALID("{ dog { ...A } } fragment A on Dog { ...B } fragment B on Dog { ... on Dog { ...C } } fragment C on Dog { name }",
	      "fragments used transitively");
	INVALID("{ dog { ...Missing } }", "Unknown fragment \"Missing\". @1:12", "unknown fragment");
	INVALID("{ dog { ...Missing ...Missing } }",
	        "Unknown fragment \"Missing\". @1:12\nUnknown fragment \"Missing\". @1:23", "unknown fragment twice");
}

static void t_cycles(void)
{
	INVALID("{ dog { ...A } }\nfragment A on Dog { ...A }",
	        "Cannot spread fragment \"A\" within itself. @2:21", "direct self spread");
	INVALID("{ dog { ...A } }\nfragment A on Dog { ...B }\nfragment B on Dog { ...C }\nfragment C on Dog { ...A }",
	        "Cannot spread fragment \"A\" within itself via \"B\", \"C\". @2:21,3:21,4:21", "three-fragment cycle");
	INVALID("{ dog { ...A } }\nfragment A on Dog { ... on Dog { ...A } }",
	        "Cannot spread fragment \"A\" within itself. @2:34", "cycle through an inline fragment");
	VALID("{ dog { ...A ...A } } fragment A on Dog { ...B ...B } fragment B on Dog { name }", "a diamond is no cycle");
	INVALID("{ dog { ...A } }\nfragment A on Dog { name ...B }\nfragment B on Dog { name: nickname ...A ...Nope }",
	        "Fields \"name\" conflict because \"name\" and \"nickname\" are different fields. Use different aliases on the fields to fetch both if this was intentional. @2:21,3:21\n"
	        "Unknown fragment \"Nope\". @3:44\n"
	        "Fields \"name\" conflict because \"nickname\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional. @3:21,2:21\n"
	        "Cannot spread fragment \"A\" within itself via \"B\". @2:26,3:36",
	        "cycle with conflicts and an unknown fragment");
	INVALID("query Q($x: Boolean) { dog { ...A } }\nfragment A on Dog { ...B isHouseTrained(atOtherHomes: $x) }\nfragment B on Dog { ...A isHouseTrained(atOtherHomes: $y) }",
	        "Fields \"isHouseTrained\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional. @2:26,3:26\n"
	        "Fields \"isHouseTrained\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional. @3:26,2:26\n"
	        "Cannot spread fragment \"A\" within itself via \"B\". @2:21,3:21\n"
	        "Variable \"$y\" is not defined by operation \"Q\". @3:55,1:1", "variables through a cycle");
}

static void t_spreads_possible(void)
{
	VALID("{ dog { ... on Dog { name } ... on Pet { name } ... on CatOrDog { __typename } ... on Being { name } } }",
	      "object into object, interface, union");
	VALID("{ pet { ... on Dog { name } ... on CatOrDog { __typename } ... on Canine { name } } }",
	      "interface into abstract types that overlap");
	VALID("{ being { ... on Pet { name } ... on Intelligent { iq } ... on HumanOrAlien { __typename } } }",
	      "abstract into abstract");
	INVALID("{ dog { ... on Cat { meows } } }",
	        "Fragment cannot be spread here as objects of type \"Dog\" can never be of type \"Cat\". @1:9", "object into another object");
	INVALID("{ dog { ...C } } fragment C on Cat { meows }",
	        "Fragment \"C\" cannot be spread here as objects of type \"Dog\" can never be of type \"Cat\". @1:9", "named fragment");
	INVALID("{ humanOrAlien { ... on Cat { meows } } }",
	        "Fragment cannot be spread here as objects of type \"HumanOrAlien\" can never be of type \"Cat\". @1:18", "object not in a union");
	INVALID("{ pet { ... on HumanOrAlien { __typename } } }",
	        "Fragment cannot be spread here as objects of type \"Pet\" can never be of type \"HumanOrAlien\". @1:9", "union into interface");
	INVALID("{ pet { ... on Intelligent { iq } } }",
	        "Fragment cannot be spread here as objects of type \"Pet\" can never be of type \"Intelligent\". @1:9", "interface into interface");
	INVALID("{ dog { ... on Intelligent { iq } } }",
	        "Fragment cannot be spread here as objects of type \"Dog\" can never be of type \"Intelligent\". @1:9", "interface into object");
	INVALID("{ catOrDog { ...F } } fragment F on HumanOrAlien { __typename }",
	        "Fragment \"F\" cannot be spread here as objects of type \"CatOrDog\" can never be of type \"HumanOrAlien\". @1:14", "union into union");
	VALID("{ dogOrHuman { ...F } } fragment F on HumanOrAlien { __typename }", "unions that share a member");
}

static void t_values(void)
{
	VALID("{ complicatedArgs { intArgField(intArg: 2) a: intArgField(intArg: -2147483648) b: intArgField(intArg: 2147483647) "
	      "floatArgField(floatArg: 2) f2: floatArgField(floatArg: 1.5e3) stringArgField(stringArg: \"x\") "
	      "booleanArgField(booleanArg: false) enumArgField(enumArg: BROWN) idArgField(idArg: 1) id2: idArgField(idArg: \"x\") "
	      "dateArgField(dateArg: {any: [1, \"x\", BAR]}) d2: dateArgField(dateArg: \"2020\") "
	      "stringListArgField(stringListArg: \"single\") s2: stringListArgField(stringListArg: [\"a\", null]) "
	      "intListListField(arg: [[1], [2, 3]]) i2: intListListField(arg: 1) i3: intListListField(arg: [1]) "
	      "c: intArgField(intArg: null) nonNullStringListArgField(arg: []) } }", "values of correct types");
	INVALID("{ complicatedArgs { intArgField(intArg: \"3\") } }",
	        "Int cannot represent non-integer value: \"3\" @1:41", "string into Int");
	INVALID("{ complicatedArgs { intArgField(intArg: 2147483648) } }",
	        "Int cannot represent non 32-bit signed integer value: 2147483648 @1:41", "Int too large");
	INVALID("{ complicatedArgs { intArgField(intArg: -2147483649) } }",
	        "Int cannot represent non 32-bit signed integer value: -2147483649 @1:41", "Int too small");
	INVALID("{ complicatedArgs { intArgField(intArg: 99999999999999999999) } }",
	        "Int cannot represent non 32-bit signed integer value: 99999999999999999999 @1:41", "Int beyond 64 bits");
	INVALID("{ complicatedArgs { intArgField(intArg: 1.5) } }",
	        "Int cannot represent non-integer value: 1.5 @1:41", "Float into Int");
	INVALID("{ complicatedArgs { floatArgField(floatArg: \"1.0\") } }",
	        "Float cannot represent non numeric value: \"1.0\" @1:45", "string into Float");
	INVALID("{ complicatedArgs { floatArgField(floatArg: true) } }",
	        "Float cannot represent non numeric value: true @1:45", "Boolean into Float");
	INVALID("{ complicatedArgs { stringArgField(stringArg: 1) } }",
	        "String cannot represent a non string value: 1 @1:47", "Int into String");
	INVALID("{ complicatedArgs { stringArgField(stringArg: BAR) } }",
	        "String cannot represent a non string value: BAR @1:47", "enum into String");
	INVALID("{ complicatedArgs { stringArgField(stringArg: [\"a\\n\"]) } }",
	        "String cannot represent a non string value: [\"a\\n\"] @1:47", "list into String");
	INVALID("{ complicatedArgs { booleanArgField(booleanArg: \"true\") } }",
	        "Boolean cannot represent a non boolean value: \"true\" @1:49", "string into Boolean");
	INVALID("{ complicatedArgs { idArgField(idArg: 1.0) } }",
	        "ID cannot represent a non-string and non-integer value: 1.0 @1:39", "Float into ID");
	INVALID("{ complicatedArgs { idArgField(idArg: true) } }",
	        "ID cannot represent a non-string and non-integer value: true @1:39", "Boolean into ID");
	INVALID("{ complicatedArgs { enumArgField(enumArg: \"BROWN\") } }",
	        "Enum \"FurColor\" cannot represent non-enum value: \"BROWN\". Did you mean the enum value \"BROWN\"? @1:43", "string into enum");
	INVALID("{ complicatedArgs { enumArgField(enumArg: brown) } }",
	        "Value \"brown\" does not exist in \"FurColor\" enum. Did you mean \"BROWN\"? @1:43", "wrong case enum");
	INVALID("{ complicatedArgs { enumArgField(enumArg: 2) } }",
	        "Enum \"FurColor\" cannot represent non-enum value: 2. @1:43", "Int into enum");
	INVALID("{ complicatedArgs { stringListArgField(stringListArg: [\"a\", 2]) } }",
	        "String cannot represent a non string value: 2 @1:61", "bad list item");
	INVALID("{ complicatedArgs { stringListNonNullArgField(stringListNonNullArg: [\"a\", null]) } }",
	        "Expected value of type \"String!\", found null. @1:75", "null list item into non-null");
	INVALID("{ complicatedArgs { intListListField(arg: [[1], [\"x\"]]) } }",
	        "Int cannot represent non-integer value: \"x\" @1:50", "nested list item");
	INVALID("{ complicatedArgs { intListListField(arg: [[1, null]]) } }",
	        "Expected value of type \"Int!\", found null. @1:48", "null in nested list");
	INVALID("{ complicatedArgs { nonNullStringListArgField(arg: null) } }",
	        "Expected value of type \"[String]!\", found null. @1:52", "null into non-null list");
	INVALID("{ complicatedArgs { complexArgField(complexArg: \"x\") } }",
	        "Expected value of type \"ComplexInput\", found \"x\". @1:49", "string into input object");
	INVALID("{ complicatedArgs { complexArgField(complexArg: [{requiredField: true}]) } }",
	        "Expected value of type \"ComplexInput\", found [{requiredField: true}]. @1:49", "list into input object");
	VALID("{ complicatedArgs { complexArgField(complexArg: {requiredField: true, intField: 3, stringListField: \"x\", "
	      "nested: {requiredField: false, nonNullField: true}}) } }", "input object");
	INVALID("query Q($a: Int = \"x\") { complicatedArgs { intArgField(intArg: $a) } }",
	        "Int cannot represent non-integer value: \"x\" @1:19", "variable default value");
	INVALID("query Q($a: Int! = null) { complicatedArgs { intArgField(intArg: $a) } }",
	        "Expected value of type \"Int!\", found null. @1:20", "null default for a non-null variable");
	VALID("query Q($a: ComplexInput = {requiredField: true}, $b: FurColor = BROWN, $c: [String] = \"x\") { complicatedArgs { "
	      "complexArgField(complexArg: $a) enumArgField(enumArg: $b) stringListArgField(stringListArg: $c) } }",
	      "default values of correct types");
	INVALID("{ dog { name @include(if: \"yes\") } }",
	        "Boolean cannot represent a non boolean value: \"yes\" @1:27", "directive argument value");
	INVALID("{ complicatedArgs { complexArgField(complexArg: {requiredField: true, unknownField: 1}) } }",
	        "Field \"unknownField\" is not defined by type \"ComplexInput\". @1:71", "unknown input field");
	INVALID("{ complicatedArgs { complexArgField(complexArg: {requiredField: true, intFeld: 1}) } }",
	        "Field \"intFeld\" is not defined by type \"ComplexInput\". Did you mean \"intField\"? @1:71", "unknown input field with suggestion");
	INVALID("{ complicatedArgs { complexArgField(complexArg: {requiredField: true, requiredField: false}) } }",
	        "There can be only one input field named \"requiredField\". @1:50,1:71", "duplicate input field");
	INVALID("{ complicatedArgs { complexArgField(complexArg: {requiredField: true, nested: {requiredField: true, intField: 1, intField: 2}}) } }",
	        "There can be only one input field named \"intField\". @1:101,1:114", "duplicate nested input field");
	INVALID("{ complicatedArgs { complexArgField(complexArg: {intField: 4}) } }",
	        "Field \"ComplexInput.requiredField\" of required type \"Boolean!\" was not provided. @1:49", "missing required input field");
	INVALID("{ complicatedArgs { complexArgField(complexArg: {requiredField: null}) } }",
	        "Expected value of type \"Boolean!\", found null. @1:65", "null required input field");
	INVALID("{ complicatedArgs { complexArgField(complexArg: {requiredField: true, nested: {}}) } }",
	        "Field \"ComplexInput.requiredField\" of required type \"Boolean!\" was not provided. @1:79", "missing nested required field");
}

static void t_directives(void)
{
	VALID("query Q($v: Int @onVariableDefinition) @onQuery { dog { ...F @onFragmentSpread ... @onInlineFragment { name @onField } } "
	      "complicatedArgs { intArgField(intArg: $v) } } fragment F on Dog @onFragmentDefinition { name }", "directives in their locations");
	VALID("mutation M @onMutation { likeDog(id: 1) }", "mutation directive");
	VALID("subscription S @onSubscription { newMessage { body } }", "subscription directive");
	INVALID("{ dog { name @unknown } }", "Unknown directive \"@unknown\". @1:14", "unknown directive");
	INVALID("query Q @onField { dog { name @onQuery } }",
	        "Directive \"@onField\" may not be used on QUERY. @1:9\nDirective \"@onQuery\" may not be used on FIELD. @1:31", "misplaced directives");
	INVALID("mutation M @onQuery { likeDog(id: 1) }", "Directive \"@onQuery\" may not be used on MUTATION. @1:12", "query directive on a mutation");
	INVALID("{ dog { name @deprecated } }", "Directive \"@deprecated\" may not be used on FIELD. @1:14", "@deprecated on a field");
	INVALID("query Q($v: Int @onField) { complicatedArgs { intArgField(intArg: $v) } }",
	        "Directive \"@onField\" may not be used on VARIABLE_DEFINITION. @1:17", "on a variable definition");
	INVALID("{ dog { ...F @onInlineFragment ... @onFragmentSpread { name } } } fragment F on Dog @onField { name }",
	        "Directive \"@onInlineFragment\" may not be used on FRAGMENT_SPREAD. @1:14\n"
	        "Directive \"@onFragmentSpread\" may not be used on INLINE_FRAGMENT. @1:36\n"
	        "Directive \"@onField\" may not be used on FRAGMENT_DEFINITION. @1:85", "fragment locations");
	INVALID("{ dog { name @skip(if: false) @skip(if: true) } }",
	        "The directive \"@skip\" can only be used once at this location. @1:14,1:31", "duplicate directive");
	VALID("{ dog { name @repeatable @repeatable @skip(if: false) @include(if: true) } }", "repeatable and distinct directives");
	VALID("{ dog @skip(if: false) { name @skip(if: false) } }", "one directive in different locations");
	INVALID("{ dog { name @skip(if: false) @skip(if: false) @skip(if: true) } }",
	        "The directive \"@skip\" can only be used once at this location. @1:14,1:31\n"
	        "The directive \"@skip\" can only be used once at this location. @1:14,1:48", "three times");
}

static void t_variables(void)
{
	INVALID("query Q($a: Int, $a: String, $b: Int, $a: Boolean) { complicatedArgs { intArgField(intArg: $a) x: intArgField(intArg: $b) } }",
	        "There can be only one variable named \"$a\". @1:10,1:19,1:40\n"
	        "Variable \"$a\" of type \"Boolean\" used in position expecting type \"Int\". @1:39,1:92", "duplicate variables: the last counts");
	VALID("query A($a: Int) { complicatedArgs { intArgField(intArg: $a) } } query B($a: Int) { complicatedArgs { intArgField(intArg: $a) } }",
	      "same variable in two operations");
	INVALID("query Q($a: Dog, $b: [[CatOrDog!]]!, $c: Pet) { dog { a: isHouseTrained(atOtherHomes: $a) "
	        "b: isHouseTrained(atOtherHomes: $b) c: isHouseTrained(atOtherHomes: $c) } }",
	        "Variable \"$a\" cannot be non-input type \"Dog\". @1:13\n"
	        "Variable \"$b\" cannot be non-input type \"[[CatOrDog!]]!\". @1:22\n"
	        "Variable \"$c\" cannot be non-input type \"Pet\". @1:42\n"
	        "Variable \"$a\" of type \"Dog\" used in position expecting type \"Boolean\". @1:9,1:87\n"
	        "Variable \"$b\" of type \"[[CatOrDog!]]!\" used in position expecting type \"Boolean\". @1:18,1:123\n"
	        "Variable \"$c\" of type \"Pet\" used in position expecting type \"Boolean\". @1:38,1:159", "non-input variable types");
	INVALID("query Q($a: Dgo) { dog { isHouseTrained(atOtherHomes: $a) } }",
	        "Unknown type \"Dgo\". @1:13", "unknown variable type");
	INVALID("query Q($a: [Boolen!]) { dog { isHouseTrained(atOtherHomes: $a) } }",
	        "Unknown type \"Boolen\". Did you mean \"Boolean\"? @1:14", "unknown wrapped variable type");
	VALID("query Q($a: Int, $b: [String!]!, $c: ComplexInput, $d: FurColor, $e: Date) { complicatedArgs { intArgField(intArg: $a) "
	      "stringListArgField(stringListArg: $b) complexArgField(complexArg: $c) enumArgField(enumArg: $d) dateArgField(dateArg: $e) } }",
	      "input variable types");
	INVALID("query Q { complicatedArgs { intArgField(intArg: $x) } }",
	        "Variable \"$x\" is not defined by operation \"Q\". @1:49,1:1", "undefined variable");
	INVALID("{ dog { isHouseTrained(atOtherHomes: $x) } }",
	        "Variable \"$x\" is not defined. @1:38,1:1", "undefined variable in an anonymous operation");
	INVALID("query A($x: Int) { complicatedArgs { ...F } }\nquery B { complicatedArgs { ...F } }\nfragment F on ComplicatedArgs { intArgField(intArg: $x) }",
	        "Variable \"$x\" is not defined by operation \"B\". @3:53,2:1", "undefined through a fragment, per operation");
	INVALID("query Q { dog { name @include(if: $c) } }",
	        "Variable \"$c\" is not defined by operation \"Q\". @1:35,1:1", "undefined in a directive");
	INVALID("query Q { complicatedArgs { complexArgField(complexArg: {requiredField: $r, stringListField: [$s]}) } }",
	        "Variable \"$r\" is not defined by operation \"Q\". @1:73,1:1\n"
	        "Variable \"$s\" is not defined by operation \"Q\". @1:95,1:1", "undefined inside values");
	INVALID("query Q { dog { unknownField(a: $u) } }",
	        "Cannot query field \"unknownField\" on type \"Dog\". @1:17\n"
	        "Variable \"$u\" is not defined by operation \"Q\". @1:33,1:1", "undefined under an unknown field");
	INVALID("query Q($a: Int, $b: Int) { complicatedArgs { intArgField(intArg: $a) } }",
	        "Variable \"$b\" is never used in operation \"Q\". @1:18", "unused variable");
	INVALID("query ($a: Int) { dog { name } }", "Variable \"$a\" is never used. @1:8", "unused in an anonymous operation");
	VALID("query Q($a: Boolean) { dog { ...F } } fragment F on Dog { ...G } fragment G on Dog { isHouseTrained(atOtherHomes: $a) }",
	      "used through fragments");
	INVALID("query A($x: Boolean) { dog { name } }\nquery B($x: Boolean) { dog { ...F } }\nfragment F on Dog { isHouseTrained(atOtherHomes: $x) }",
	        "Variable \"$x\" is never used in operation \"A\". @1:9", "used by another operation only");
	VALID("query Q($c: Boolean!) { dog @include(if: $c) { name } }", "used in a directive");
}

static void t_variable_positions(void)
{
	INVALID("query Q($a: Int) { complicatedArgs { nonNullIntArgField(nonNullIntArg: $a) } }",
	        "Variable \"$a\" of type \"Int\" used in position expecting type \"Int!\". @1:9,1:72", "nullable into non-null");
	VALID("query Q($a: Int = 1) { complicatedArgs { nonNullIntArgField(nonNullIntArg: $a) } }", "nullable with default");
	INVALID("query Q($a: Int = null) { complicatedArgs { nonNullIntArgField(nonNullIntArg: $a) } }",
	        "Variable \"$a\" of type \"Int\" used in position expecting type \"Int!\". @1:9,1:79", "null default does not count");
	VALID("query Q($a: Int) { complicatedArgs { nonNullFieldWithDefault(arg: $a) } }", "position with default");
	VALID("query Q($a: Int!) { complicatedArgs { intArgField(intArg: $a) } }", "non-null into nullable");
	INVALID("query Q($a: String) { complicatedArgs { stringListArgField(stringListArg: $a) } }",
	        "Variable \"$a\" of type \"String\" used in position expecting type \"[String]\". @1:9,1:75", "scalar into list");
	INVALID("query Q($a: [String]) { complicatedArgs { stringListNonNullArgField(stringListNonNullArg: $a) } }",
	        "Variable \"$a\" of type \"[String]\" used in position expecting type \"[String!]\". @1:9,1:91", "nullable items");
	INVALID("query Q($a: String) { complicatedArgs { stringListNonNullArgField(stringListNonNullArg: [$a]) } }",
	        "Variable \"$a\" of type \"String\" used in position expecting type \"String!\". @1:9,1:90", "list item position");
	VALID("query Q($a: [String!]!) { complicatedArgs { stringListArgField(stringListArg: $a) } }", "stricter list");
	VALID("query Q($a: String) { complicatedArgs { stringListArgField(stringListArg: [$a]) } }", "item into list literal");
	INVALID("query Q($a: [[Int]]) { complicatedArgs { stringListArgField(stringListArg: $a) } }",
	        "Variable \"$a\" of type \"[[Int]]\" used in position expecting type \"[String]\". @1:9,1:76", "list of lists");
	INVALID("query Q($a: Int) { complicatedArgs { stringArgField(stringArg: $a) } }",
	        "Variable \"$a\" of type \"Int\" used in position expecting type \"String\". @1:9,1:64", "wrong named type");
	VALID("query Q($b: Boolean) { complicatedArgs { complexArgField(complexArg: {requiredField: true, nonNullField: $b}) } }",
	      "input field with default");
	INVALID("query Q($b: Boolean) { complicatedArgs { complexArgField(complexArg: {requiredField: $b}) } }",
	        "Variable \"$b\" of type \"Boolean\" used in position expecting type \"Boolean!\". @1:9,1:86", "required input field");
	INVALID("query Q($c: Boolean) { dog { name @include(if: $c) } }",
	        "Variable \"$c\" of type \"Boolean\" used in position expecting type \"Boolean!\". @1:9,1:48", "directive argument");
	INVALID("query Q($a: Int) { complicatedArgs { ...F } }\nfragment F on ComplicatedArgs { nonNullIntArgField(nonNullIntArg: $a) }",
	        "Variable \"$a\" of type \"Int\" used in position expecting type \"Int!\". @1:9,2:67", "in a fragment");
	VALID("query Q($a: FurColor = BROWN, $d: Date) { complicatedArgs { enumArgField(enumArg: $a) dateArgField(dateArg: [$d]) } }",
	      "enum variable, variable inside a custom scalar");
}

static void t_merging(void)
{
	VALID("{ dog { name name } }", "identical fields");
	VALID("{ dog { otherName: name otherName: name } }", "identical aliases");
	VALID("{ dog { name: name x: nickname } }", "different keys");
	INVALID("{ dog { name: nickname name } }",
	        "Fields \"name\" conflict because \"nickname\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional. @1:9,1:24",
	        "alias hides another field");
	INVALID("{ dog { doesKnowCommand(dogCommand: SIT) doesKnowCommand(dogCommand: HEEL) } }",
	        "Fields \"doesKnowCommand\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional. @1:9,1:42",
	        "differing arguments");
	INVALID("{ dog { doesKnowCommand doesKnowCommand(dogCommand: HEEL) } }",
	        "Fields \"doesKnowCommand\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional. @1:9,1:25",
	        "argument and none");
	VALID("{ dog { isAtLocation(x: 0, y: 1) isAtLocation(y: 1, x: 0) } }", "arguments in another order");
	VALID("query Q($v: Int) { dog { isAtLocation(x: $v) isAtLocation(x: $v) } }", "same variable");
	INVALID("query Q($v: Int, $w: Int) { dog { isAtLocation(x: $v) isAtLocation(x: $w) } }",
	        "Fields \"isAtLocation\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional. @1:35,1:55",
	        "different variables");
	INVALID("{ dog { ...A ...B } } fragment A on Dog { x: name } fragment B on Dog { x: nickname }",
	        "Fields \"x\" conflict because \"name\" and \"nickname\" are different fields. Use different aliases on the fields to fetch both if this was intentional. @1:43,1:73",
	        "between two fragments");
	INVALID("{ dog { x: name ...A } } fragment A on Dog { x: barks }",
	        "Fields \"x\" conflict because \"name\" and \"barks\" are different fields. Use different aliases on the fields to fetch both if this was intentional. @1:9,1:46",
	        "between a field and a fragment");
	VALID("{ dog { ...A ...A } } fragment A on Dog { name }", "one fragment twice");
	VALID("{ catOrDog { ... on Dog { name } ... on Cat { name: nickname } } }", "mutually exclusive parents");
	INVALID("{ catOrDog { ... on Dog { doesKnowCommand(dogCommand: SIT) } ... on Cat { doesKnowCommand(catCommand: JUMP) } } }",
	        "Fields \"doesKnowCommand\" conflict because they return conflicting types \"Boolean\" and \"Boolean!\". Use different aliases on the fields to fetch both if this was intentional. @1:27,1:75",
	        "exclusive parents, conflicting types");
	INVALID("{ catOrDog { ... on Dog { x: barkVolume } ... on Cat { x: meows } } }",
	        "Fields \"x\" conflict because they return conflicting types \"Int\" and \"Boolean\". Use different aliases on the fields to fetch both if this was intentional. @1:27,1:56",
	        "exclusive parents, different scalars");
	INVALID("{ dog { ... on Pet { name } ... on Dog { name: nickname } } }",
	        "Fields \"name\" conflict because \"name\" and \"nickname\" are different fields. Use different aliases on the fields to fetch both if this was intentional. @1:22,1:42",
	        "interface parent is not exclusive");
	INVALID("{ dog { owner { name } owner { name: iq } } }",
	        "Fields \"owner\" conflict because subfields \"name\" conflict because \"name\" and \"iq\" are different fields. Use different aliases on the fields to fetch both if this was intentional. @1:9,1:17,1:24,1:32",
	        "conflicting subfields");
	INVALID("{ dog { owner { a: name b: iq } owner { a: iq b: name } } }",
	        "Fields \"owner\" conflict because subfields \"a\" conflict because \"name\" and \"iq\" are different fields and subfields \"b\" conflict because \"iq\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional. @1:9,1:17,1:25,1:33,1:41,1:47",
	        "two conflicting subfields");
	INVALID("{ dog { owner { relatives { x: name } } owner { relatives { x: iq } } } }",
	        "Fields \"owner\" conflict because subfields \"relatives\" conflict because subfields \"x\" conflict because \"name\" and \"iq\" are different fields. Use different aliases on the fields to fetch both if this was intentional. @1:9,1:17,1:29,1:41,1:49,1:61",
	        "deep conflict");
	INVALID("{ someBox { ... on IntBox { scalar } ... on StringBox { scalar } } }",
	        "Fields \"scalar\" conflict because they return conflicting types \"Int\" and \"String\". Use different aliases on the fields to fetch both if this was intentional. @1:29,1:57",
	        "same name, different scalar types");
	INVALID("{ someBox { ... on NonNullStringBox1 { scalar } ... on StringBox { scalar } } }",
	        "Fields \"scalar\" conflict because they return conflicting types \"String!\" and \"String\". Use different aliases on the fields to fetch both if this was intentional. @1:40,1:68",
	        "nullability differs");
	INVALID("{ someBox { ... on IntBox { box: listStringBox { scalar } } ... on StringBox { box: stringBox { scalar } } } }",
	        "Fields \"box\" conflict because they return conflicting types \"[StringBox]\" and \"StringBox\". Use different aliases on the fields to fetch both if this was intentional. @1:29,1:80",
	        "list and non-list");
	VALID("{ someBox { ... on IntBox { scalar: unrelatedField } ... on StringBox { scalar } } }", "exclusive, same type");
	INVALID("{ someBox { ... on IntBox { deepBox { scalar } } ... on StringBox { deepBox { scalar } } } }",
	        "Fields \"deepBox\" conflict because subfields \"scalar\" conflict because they return conflicting types \"Int\" and \"String\". Use different aliases on the fields to fetch both if this was intentional. @1:29,1:39,1:69,1:79",
	        "exclusive parents, conflicting subfields");
	VALID("{ someBox { ... on IntBox { deepBox { unrelatedField } } ... on StringBox { deepBox { unrelatedField } } } }",
	      "exclusive parents, compatible subfields");
	INVALID("{ dog { owner { ...H } owner { name: iq } } } fragment H on Human { name }",
	        "Fields \"owner\" conflict because subfields \"name\" conflict because \"iq\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional. @1:9,1:32,1:24,1:69",
	        "subfields through a fragment");
	INVALID("{ connection { ...edgeID edges { node { id: name } } } } fragment edgeID on Connection { edges { node { id } } }",
	        "Fields \"edges\" conflict because subfields \"node\" conflict because subfields \"id\" conflict because \"name\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional. @1:26,1:34,1:41,1:90,1:98,1:105",
	        "nested through a fragment");
	INVALID("{ dog { ...Missing name name } }", "Unknown fragment \"Missing\". @1:12", "unknown fragment while merging");
}

static void t_budgets(void)
{
	struct gql_limits lim = { 0 };
	lim.max_aliases = 3;
	is_str(run_lim("{ a: dog { b: name c: name d: name } }", &lim, 0),
	       "The document has 4 aliases, more than the limit of 3 (max_aliases). @1:28", "max_aliases: at the first alias past it");
	is_str(run_lim("{ a: dog { b: name c: name } }", &lim, 0), "", "aliases at the limit");
	memset(&lim, 0, sizeof lim);
	lim.max_fields = 5;
	is_str(run_lim("{ dog { name nickname barks barkVolume owner { name } } }", &lim, 0),
	       "The operation selects 7 fields once fragments are expanded, more than the limit of 5 (max_fields). @1:1", "max_fields");
	is_str(run_lim("query Q { dog { ...F ...F } } fragment F on Dog { name barks }", &lim, 0), "",
	       "fragment fields at the limit");
	is_str(run_lim("query Q { dog { ...F ...F ...F } } fragment F on Dog { name barks }", &lim, 0),
	       "Operation \"Q\" selects 7 fields once fragments are expanded, more than the limit of 5 (max_fields). @1:1",
	       "fields counted per spread");

	/* a fragment bomb: 2^40 fields once expanded, rejected at once */
	struct sb b;
	sb_init(&b);
	sb_puts(&b, "query Bomb { dog { ...F0 } }\n");
	for (int i = 0; i < 40; i++)
		sb_printf(&b, "fragment F%d on Dog { ...F%d a%d: name ...F%d }\n", i, i + 1, i, i + 1);
	sb_puts(&b, "fragment F40 on Dog { name }\n");
	clock_t t0 = clock();
	const char *r = run_deep(sb_str(&b));
	double ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC;
	is_str(r, "Operation \"Bomb\" selects more than 1099511627776 fields once fragments are expanded, more than the limit of 2000 (max_fields). @1:1",
	       "fragment bomb rejected");
	ok(ms < 50, "fragment bomb rejected in %.2f ms", ms);

	sb_reset(&b);
	sb_puts(&b, "{ dog { name } }\n");
	for (int i = 0; i < 30; i++)
		sb_printf(&b, "fragment F%d on Dog { ...F%d ...F%d }\n", i, i + 1, i + 1);
	sb_puts(&b, "fragment F30 on Dog { name }\n");
	r = run(sb_str(&b));
	like(r, "Fragment \"F0\" selects 1073741824 fields", "unused fragment bomb rejected");

	/* the error budget */
	is_int(strlen(run_lim("{ dog { a b c d e f g h i j } }", NULL, 3)) > 0, 1, "errors with budget 3");
	{
		struct gql_errors errs;
		arena_reset(&A);
		gql_errors_init(&errs, &A);
		errs.max = 3;
		const char *doc = "{ dog { a b c d e f g h i j } }";
		struct gql_document *d = gql_parse(&A, doc, strlen(doc), NULL, &errs);
		int n = gql_validate(S, d, NULL, &A, &errs);
		is_int(n, 3, "validation stops at the error budget");
		is_int(errs.n, 3, "three errors recorded");
		ok(errs.truncated || n == 3, "budget respected");
	}
	sb_free(&b);
}

/* max_depth with fragments expanded: a spread counts as the inline fragment it stands for */
static void t_depth(void)
{
#define PAST4 "Document exceeds the maximum depth of 4 once fragments are expanded. @"
	static const struct { const char *doc, *want, *name; } cases[] = {
		{ "{ dog { ...F } } fragment F on Dog { mother { name } }", "", "depth 4 through a fragment" },
		{ "{ dog { ...F } } fragment F on Dog { mother { father { name } } }", PAST4 "1:54", "depth 5 through a fragment" },
		{ "{ dog { ... on Dog { mother { father { name } } } } }", "PARSE: Document exceeds the maximum depth of 4.",
		  "the same inline: the parser refuses it" },
		{ "{ dog { ... { ...F } } } fragment F on Dog { mother { name } }", PAST4 "1:53",
		  "inline fragment and spread both count" },
		{ "{ dog { ...F } } fragment F on Dog { doesKnowCommand(dogCommand: SIT) isHouseTrained @skip(if: true) }", "",
		  "scalar values add no depth" },
		{ "{ complicatedArgs { ...F } } fragment F on ComplicatedArgs { stringListArgField(stringListArg: [\"a\"]) }", "",
		  "a list value at depth 4" },
		{ "{ complicatedArgs { ...F } } fragment F on ComplicatedArgs {"
		  " complexArgField(complexArg: {requiredField: true, stringListField: [\"a\"]}) }", PAST4 "1:62",
		  "values count as in the parser" },
	};
#undef PAST4
	struct gql_limits lim = { .max_depth = 4 };
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		is_str(run_lim(cases[i].doc, &lim, 0), cases[i].want, "%s", cases[i].name);
	lim.name_depth = "query_max_depth in larder.conf";
	is_str(run_lim("query Q { dog { ...F ...G } } fragment G on Dog { name } fragment F on Dog { mother { ...G } father { ...F2 } }"
	               " fragment F2 on Dog { mother { name } }", &lim, 0),
	       "Document exceeds the maximum depth of 4 (query_max_depth in larder.conf) once fragments are expanded. @1:87",
	       "the error names the setting and points at the spread past the limit");
	/* a fragment measured once and found fine at one depth, spread again deeper */
	is_str(run_lim("{ dog { ...F mother { ...F } } } fragment F on Dog { father { name } }", &lim, 0),
	       "Document exceeds the maximum depth of 4 (query_max_depth in larder.conf) once fragments are expanded. @1:61",
	       "a fragment used at two depths");
	/* cycles do not loop (5.5.2.2 reports them) */
	is_str(run_lim("{ dog { ...F } } fragment F on Dog { mother { ...F } }", &lim, 0),
	       "Document exceeds the maximum depth of 4 (query_max_depth in larder.conf) once fragments are expanded. @1:47",
	       "a cycle that nests goes too deep before it closes");
	lim.max_depth = 5;
	is_str(run_lim("{ dog { ...F } } fragment F on Dog { mother { ...F } }", &lim, 0),
	       "Cannot spread fragment \"F\" within itself. @1:47", "within the limit, a cycle is cut where it closes");
	lim.max_depth = 4;
	/* the default, 24: long chains are refused however long */
	static const int chains[] = { 22, 23, 51, 200, 1000 };
	struct sb b;
	sb_init(&b);
	for (int k = 0; k < 5; k++) {
		sb_reset(&b);
		sb_puts(&b, "{ ...F1 }");
		for (int i = 1; i < chains[k]; i++)
			sb_printf(&b, " fragment F%d on QueryRoot { ...F%d }", i, i + 1);
		sb_printf(&b, " fragment F%d on QueryRoot { dog { name } }", chains[k]);
		const char *r = run(sb_str(&b));
		if (chains[k] == 22)
			is_str(r, "", "depth 24 (the default limit) through 22 fragments");
		else
			is_str(strncmp(r, "Document exceeds the maximum depth of 24 once fragments are expanded. @1:", 72) == 0 &&
			       strchr(r, '\n') == NULL ? "one error" : r, "one error", "a %d-fragment chain is too deep", chains[k]);
	}
	sb_free(&b);
}

/* graphql-js 16's MaxIntrospectionDepthRule (expected results checked with graphql-js 16.15) */
static void t_introspection_depth(void)
{
#define TOO_DEEP "Maximum introspection depth exceeded"
	VALID("{ __schema { types { fields { type { fields { name } } } } } }", "two nested introspection lists");
	INVALID("{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }", TOO_DEEP " @1:3",
	        "three nested fields lists");
	INVALID("{ __type(name: \"Dog\") { ...A } } fragment A on __Type { fields { type { ...B } } }"
	        " fragment B on __Type { interfaces { ...C } } fragment C on __Type { possibleTypes { name } }", TOO_DEEP " @1:3",
	        "fields, interfaces, possibleTypes through fragments");
	VALID("{ __type(name: \"Dog\") { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } }",
	      "ofType is not counted");
	INVALID("{ __type(name: \"Dog\") { inputFields { type { inputFields { type { inputFields { name } } } } } } }",
	        TOO_DEEP " @1:3", "inputFields");
	INVALID("{ ...Q } fragment Q on QueryRoot { __schema { types { fields { type { interfaces { possibleTypes { name } } } } } } }",
	        TOO_DEEP " @1:36", "in a fragment definition: located there");
	INVALID("{ __schema { types { ...A } } } fragment A on __Type { fields { type { ...A } } }",
	        TOO_DEEP " @1:3\nCannot spread fragment \"A\" within itself. @1:72", "a cycle that nests lists");
	VALID("{ __schema { types { ...A ...A } } t: __type(name: \"Dog\") { fields { type { ...A } } } }"
	      " fragment A on __Type { interfaces { name } possibleTypes { name } }", "a fragment reused at two depths, within");
	INVALID("{ a: __type(name: \"Dog\") { ...A } b: __type(name: \"Dog\") { fields { type { ...A } } } }"
	        " fragment A on __Type { fields { type { fields { name } } } }", TOO_DEEP " @1:35",
	        "a fragment fine at one depth, too deep at another");
#undef TOO_DEEP
}

static void t_hostile(void)
{
	struct sb b;
	sb_init(&b);
	clock_t t0;
	double ms;
	const char *r;

	/* many same-named fields in one set: quadratic pairs, but cheap ones */
	sb_puts(&b, "{ dog { ");
	for (int i = 0; i < 1500; i++)
		sb_puts(&b, "name ");
	sb_puts(&b, "} }");
	t0 = clock();
	r = run(sb_str(&b));
	ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC;
	is_str(r, "", "1500 identical fields are valid");
	ok(ms < 200, "1500 identical fields in %.2f ms", ms);
	sb_free(&b);
}

/* long fragment chains and rings: deep recursion everywhere, every budget */
static void t_chains(void)
{
	struct sb b;
	sb_init(&b);
	clock_t t0;
	double ms;
	const char *r;

	/* a long chain of fragments (deep recursion everywhere) */
	sb_reset(&b);
	sb_puts(&b, "{ dog { ...F0 } }\n");
	for (int i = 0; i < 900; i++)
		sb_printf(&b, "fragment F%d on Dog { ...F%d }\n", i, i + 1);
	sb_puts(&b, "fragment F900 on Dog { name }\n");
	t0 = clock();
	r = run_deep(sb_str(&b));
	ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC;
	is_str(r, "", "900-fragment chain is valid");
	ok(ms < 200, "fragment chain in %.2f ms", ms);

	/* deeper than LIMIT_GQL_FRAGMENT_DEPTH: refused before recursion can exhaust the stack,
	 * whatever order the fragments are defined in */
	for (int order = 0; order < 3; order++) {
		sb_reset(&b);
		if (order < 2)
			sb_puts(&b, "{ dog { ...F0 } }\n");
		for (int k = 0; k < 2400; k++) {
			int i = order ? 2399 - k : k;
			sb_printf(&b, "fragment F%d on Dog { ...F%d }\n", i, i + 1);
		}
		sb_puts(&b, "fragment F2400 on Dog { name }\n");
		if (order == 2)
			sb_puts(&b, "{ dog { ...F0 } }\n");
		t0 = clock();
		r = run_deep(sb_str(&b));
		ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC;
		like(r, "Fragment spreads are nested too deeply (more than 1000 levels). @", "2400-fragment chain refused (order %d)",
		     order);
		ok(strchr(r, '\n') == NULL, "with one error, located");
		ok(ms < 50, "deep chain refused in %.2f ms", ms);
	}

	/* a chain of fragments that each select the same field */
	sb_reset(&b);
	sb_puts(&b, "{ dog { ...F0 } }\n");
	for (int i = 0; i < 950; i++)
		sb_printf(&b, "fragment F%d on Dog { name ...F%d }\n", i, i + 1);
	sb_puts(&b, "fragment F950 on Dog { name }\n");
	t0 = clock();
	r = run_deep(sb_str(&b));
	ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC;
	is_str(r, "The document is too complex to validate: checking that its fields can merge takes more than 300000 comparisons. @175:22",
	       "950-fragment chain with a field in each: refused as too complex");
	ok(ms < 200, "fragment chain with fields in %.2f ms", ms);

	/* the same with distinct keys */
	sb_reset(&b);
	sb_puts(&b, "{ dog { ...F0 } }\n");
	for (int i = 0; i < 900; i++)
		sb_printf(&b, "fragment F%d on Dog { k%d: name ...F%d }\n", i, i, i + 1);
	sb_puts(&b, "fragment F900 on Dog { name }\n");
	t0 = clock();
	r = run_deep(sb_str(&b));
	ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC;
	like(r, "The document has 900 aliases, more than the limit of 200", "900 aliases rejected");
	ok(ms < 200, "fragment chain with distinct keys in %.2f ms", ms);

	/* many fragments all spread side by side: pairs are memoised */
	sb_reset(&b);
	sb_puts(&b, "{ dog { ");
	for (int i = 0; i < 150; i++)
		sb_printf(&b, "...F%d ", i);
	sb_puts(&b, "} }\n");
	for (int i = 0; i < 150; i++)
		sb_printf(&b, "fragment F%d on Dog { name ...F%d }\n", i, (i + 1) % 150);
	struct gql_limits big = { 0 };
	big.max_fields = 1000000;
	big.max_depth = 1u << 20;
	t0 = clock();
	r = run_lim(sb_str(&b), &big, 0);
	ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC;
	like(r, "Cannot spread fragment \"F0\" within itself via", "150-fragment ring reported as a cycle");
	ok(ms < 500, "150 spread fragments in a ring in %.2f ms", ms);

	/* nested same-named fields with fragments at each level */
	sb_reset(&b);
	sb_puts(&b, "{ dog { ...A0 } }\n");
	for (int i = 0; i < 12; i++)
		sb_printf(&b, "fragment A%d on Dog { mother { ...A%d } mother { ...A%d } }\n", i, i + 1, i + 1);
	sb_puts(&b, "fragment A12 on Dog { name }\n");
	t0 = clock();
	r = run_deep(sb_str(&b));
	ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC;
	like(r, "more than the limit of 2000 (max_fields)", "doubling nested fragments over the field budget");
	ok(ms < 50, "doubling nested fragments in %.2f ms", ms);

	/* many duplicate arguments, directives, variables and input fields */
	sb_reset(&b);
	sb_puts(&b, "query Q(");
	for (int i = 0; i < 400; i++)
		sb_printf(&b, "$v%d: Int ", i % 200);
	sb_puts(&b, ") { dog { name ");
	for (int i = 0; i < 400; i++)
		sb_puts(&b, "@skip(if: false) ");
	sb_puts(&b, "} }");
	t0 = clock();
	r = run(sb_str(&b));
	ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC;
	like(r, "There can be only one variable named", "duplicate variables found");
	ok(ms < 100, "many duplicates in %.2f ms", ms);
	sb_free(&b);
}

static void t_speed(void)
{
	const char *doc =
		"query Search($after: String, $first: Int, $query: String) {\n"
		"  complicatedArgs { intArgField(intArg: $first) stringArgField(stringArg: $query) s2: stringArgField(stringArg: $after) }\n"
		"  dog { name nickname barkVolume ...DogBits owner { name iq pets { name ... on Cat { meows furColor } } } }\n"
		"  catOrDog { __typename ... on Cat { name meows } ... on Dog { name barks } }\n"
		"}\n"
		"fragment DogBits on Dog { barks isHouseTrained(atOtherHomes: true) mother { name } }\n";
	struct arena da;
	arena_init(&da);
	struct gql_errors errs;
	gql_errors_init(&errs, &da);
	struct gql_document *d = gql_parse(&da, doc, strlen(doc), NULL, &errs);
	ok(d != NULL, "benchmark document parses");
	if (d == NULL)
		return;
	is_int(gql_validate(S, d, NULL, &da, &errs), 0, "benchmark document is valid");
	int n = 20000;
	clock_t t0 = clock();
	for (int i = 0; i < n; i++) {
		arena_reset(&A);
		struct gql_errors e2;
		gql_errors_init(&e2, &A);
		gql_validate(S, d, NULL, &A, &e2);
	}
	double us = (double)(clock() - t0) * 1e6 / CLOCKS_PER_SEC / n;
	printf("# validating a 30-field query: %.2f us\n", us);
	ok(us < 100, "validation takes %.2f us (a few expected)", us);
	arena_free(&da);
}

int main(void)
{
	char err[256];
	arena_init(&A);
	sb_init(&OUT);
	S = gql_schema_parse(validation_schema_sdl, strlen(validation_schema_sdl), err, sizeof err);
	ok(S != NULL, "test schema builds (%s)", S ? "ok" : err);
	if (S == NULL)
		return done_testing();
	t_executable();
	t_operations();
	t_subscriptions();
	t_fields();
	t_leafs();
	t_arguments();
	t_fragments();
	t_cycles();
	t_spreads_possible();
	t_values();
	t_directives();
	t_variables();
	t_variable_positions();
	t_merging();
	t_budgets();
	t_depth();
	t_introspection_depth();
	t_hostile();
	t_chains();
	t_speed();

	/* a schema without mutation and subscription roots */
	struct gql_schema *full = S;
	S = gql_schema_parse("type Query { a: Int }", 21, err, sizeof err);
	ok(S != NULL, "small schema builds (%s)", S ? "ok" : err);
	if (S != NULL) {
		INVALID("mutation M { a }", "The mutation operation is not supported by the schema. @1:1", "no mutation root");
		INVALID("subscription { a b }", "The subscription operation is not supported by the schema. @1:1", "no subscription root");
		VALID("query { a __typename }", "query root");
		gql_schema_free(S);
	}
	S = full;
	{
		struct gql_limits lim = { 0 };
		lim.max_errors = 2;
		run_lim("{ dog { a b c d e f g h i j } }", &lim, 0);
		is_int(NRET, 2, "max_errors from the limits stops validation");
	}
	gql_schema_free(S);
	sb_free(&OUT);
	arena_free(&A);
	return done_testing();
}
