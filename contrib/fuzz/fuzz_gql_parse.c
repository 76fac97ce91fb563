/* fuzz_gql_parse.c: libFuzzer target: the GraphQL parser on executable documents and on SDL (schema building). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz_json.h"
#include "gql/gql.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct arena fz_arena;
static struct sb fz_out;

/* introspection of a schema built from fuzzed SDL: the built-in resolvers need no binding */
static const char fz_introspect[] =
	"{ __schema { queryType { name } mutationType { name } directives { name locations args { name } }"
	" types { name kind description specifiedByURL"
	" fields(includeDeprecated: true) { name isDeprecated deprecationReason"
	"  args(includeDeprecated: true) { name defaultValue type { name kind ofType { name kind ofType { name } } } }"
	"  type { name kind ofType { name kind ofType { name kind } } } }"
	" inputFields(includeDeprecated: true) { name defaultValue type { name kind ofType { name } } }"
	" interfaces { name } possibleTypes { name } enumValues(includeDeprecated: true) { name isDeprecated } } } }";

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	arena_init(&fz_arena);
	fz_arena.limit = LIMIT_GQL_REQUEST_ARENA;
	sb_init(&fz_out);
	return 0;
}

static void parse_executable(const char *src, size_t len)
{
	struct gql_errors errs;
	struct gql_document *doc;

	arena_reset(&fz_arena);
	gql_errors_init(&errs, &fz_arena);
	doc = gql_parse(&fz_arena, src, len, NULL, &errs);
	if (doc == NULL && errs.n == 0 && !errs.truncated) {
		fprintf(stderr, "fuzz: gql_parse failed without an error\n");
		abort();
	}
	/* the error list must always be writable as JSON: messages quote fuzzed text */
	sb_reset(&fz_out);
	sb_putc(&fz_out, '{');
	gql_errors_write(&errs, &fz_out);
	sb_putc(&fz_out, '}');
	if (errs.n > 0 && !sb_error(&fz_out))
		json_object_put(fz_check_json("the parse errors", sb_str(&fz_out), fz_out.len));
}

static void parse_sdl(const char *src, size_t len)
{
	char err[512];
	struct gql_schema *s;
	struct gql_request req;
	struct gql_result res;

	err[0] = '\0';
	s = gql_schema_parse(src, len, err, sizeof err);
	if (s == NULL) {
		if (err[0] == '\0') {
			fprintf(stderr, "fuzz: gql_schema_parse failed without a message\n");
			abort();
		}
		return;
	}
	(void)gql_schema_unbound(s, err, sizeof err);
	/* walk the whole schema through introspection, and check the body is JSON */
	arena_reset(&fz_arena);
	sb_reset(&fz_out);
	memset(&req, 0, sizeof req);
	memset(&res, 0, sizeof res);
	req.query = fz_introspect;
	req.query_len = sizeof fz_introspect - 1;
	gql_execute(s, &req, &fz_arena, &fz_out, &res);
	if (!sb_error(&fz_out))
		json_object_put(fz_check_json("the introspection of a fuzzed schema", sb_str(&fz_out), fz_out.len));
	gql_schema_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* copy so that a read past the end is caught even where the parser expects a NUL */
	char *src = malloc(size ? size : 1);

	if (src == NULL)
		return 0;
	if (size)
		memcpy(src, data, size);
	parse_executable(src, size);
	parse_sdl(src, size);
	free(src);
	return 0;
}
