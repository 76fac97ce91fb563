/* fuzz_gql_execute.c: libFuzzer target: a whole GraphQL request (parse, validate, coerce, execute) on a test schema. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>
#include "fuzz_schema.h"
#include "gql/gql.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"

/* The input is up to four parts separated by NUL bytes:
 *   QUERY \0 VARIABLES-JSON \0 OPERATION-NAME \0 FLAGS
 * Variables that are not a JSON object are left out (the HTTP layer refuses them);
 * FLAGS containing 'g' run the request as a GET (queries only), 'l' with tight budgets. */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct gql_schema *fz_s;
static struct arena fz_arena;
static struct sb fz_out;
/* small budgets, so that every budget error is easy to reach */
static const struct gql_limits fz_tight = {
	.max_bytes = 512, .max_tokens = 100, .max_depth = 6, .max_aliases = 3, .max_fields = 20, .max_errors = 2,
};
static bool fz_print;   /* FUZZ_PRINT set: show every response (to check the seeds) */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_s = fz_schema();
	arena_init(&fz_arena);
	fz_arena.limit = LIMIT_GQL_REQUEST_ARENA;
	sb_init(&fz_out);
	fz_print = getenv("FUZZ_PRINT") != NULL;
	return 0;
}

/* the next NUL-terminated part of [*p, end) (a copy, NUL-terminated); NULL when none is left */
static char *next_part(const uint8_t **p, const uint8_t *end, size_t *len)
{
	const uint8_t *s = *p, *z;
	char *c;

	if (s == NULL)
		return NULL;
	z = memchr(s, 0, (size_t)(end - s));
	*len = (size_t)((z ? z : end) - s);
	c = malloc(*len + 1);
	if (c == NULL)
		abort();
	memcpy(c, s, *len);
	c[*len] = '\0';
	*p = z ? z + 1 : NULL;
	return c;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *p = data, *end = data + size;
	size_t qlen = 0, vlen = 0, olen = 0, flen = 0;
	char *query, *vars, *opname, *flags;
	struct json_object *v = NULL;
	struct gql_request req;
	struct gql_result res;

	if (size == 0)
		p = NULL;
	query = next_part(&p, end, &qlen);
	vars = next_part(&p, end, &vlen);
	opname = next_part(&p, end, &olen);
	flags = next_part(&p, end, &flen);
	if (query == NULL) {
		query = malloc(1);
		if (query == NULL)
			abort();
		query[0] = '\0';
	}
	if (vars != NULL && vlen > 0) {
		struct json_tokener *tok = json_tokener_new_ex(LIMIT_JSON_DEPTH);
		if (tok == NULL)
			abort();
		json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
		v = json_tokener_parse_ex(tok, vars, (int)vlen);
		if (json_tokener_get_error(tok) != json_tokener_success || !json_object_is_type(v, json_type_object)) {
			json_object_put(v);
			v = NULL;
		}
		json_tokener_free(tok);
	}

	arena_reset(&fz_arena);
	sb_reset(&fz_out);
	memset(&req, 0, sizeof req);
	memset(&res, 0, sizeof res);
	req.query = query;
	req.query_len = qlen;
	req.operation_name = opname != NULL && olen > 0 ? opname : NULL;
	req.variables = v;
	req.queries_only = flags != NULL && strchr(flags, 'g') != NULL;
	if (flags != NULL && strchr(flags, 'l') != NULL)
		req.limits = &fz_tight;
	gql_execute(fz_s, &req, &fz_arena, &fz_out, &res);
	if (fz_print)
		printf("outcome %d, %u errors: %s\n", (int)res.outcome, res.nerrors, sb_str(&fz_out));

	if (!sb_error(&fz_out)) {
		struct json_object *body = fz_check_json("the response", sb_str(&fz_out), fz_out.len), *d;
		bool has_data = json_object_object_get_ex(body, "data", &d);
		bool has_errors = json_object_object_get_ex(body, "errors", &d);

		/* a request error has no "data" and at least one error; an executed request has "data" */
		if (res.outcome >= GQL_RESULT__MAX || !json_object_is_type(body, json_type_object) ||
		    (res.outcome == GQL_RESULT_DATA) != has_data ||
		    (res.outcome != GQL_RESULT_DATA && !has_errors) || (res.nerrors > 0) != has_errors) {
			fprintf(stderr, "fuzz: outcome %d, %u errors, does not match the body:\n%s\n",
			        (int)res.outcome, res.nerrors, sb_str(&fz_out));
			abort();
		}
		json_object_put(body);
	}
	json_object_put(v);
	free(query);
	free(vars);
	free(opname);
	free(flags);
	return 0;
}
