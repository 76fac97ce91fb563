/* gql_testlib.h: helpers for the GraphQL execution tests: build a schema, run a request, get the JSON body. */
#ifndef LARDER_T_GQL_TESTLIB_H
#define LARDER_T_GQL_TESTLIB_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>
#include "gql/gql.h"
#include "util/arena.h"
#include "util/sb.h"

static struct arena tl_arena;
static struct sb tl_out;
static struct gql_result tl_res;

__attribute__((unused))
static struct gql_schema *tl_schema(const char *sdl)
{
	char err[512] = "";
	struct gql_schema *s = gql_schema_parse(sdl, strlen(sdl), err, sizeof err);
	if (s == NULL) {
		printf("Bail out! schema: %s\n", err);
		exit(1);
	}
	return s;
}

/* run a request; returns the JSON body (valid until the next run) */
__attribute__((unused))
static const char *tl_run_full(const struct gql_schema *s, const char *query, const char *vars,
                               const char *opname, bool queries_only, void *ctx, const struct gql_limits *lim)
{
	struct json_object *v = NULL;
	arena_reset(&tl_arena);
	sb_reset(&tl_out);
	if (vars != NULL && strcmp(vars, "null") != 0) {
		v = json_tokener_parse(vars);
		if (v == NULL) {
			printf("Bail out! bad test JSON: %s\n", vars);
			exit(1);
		}
	}
	struct gql_request req = { .query = query, .query_len = strlen(query), .operation_name = opname,
	                           .variables = v, .queries_only = queries_only, .context = ctx, .limits = lim };
	gql_execute(s, &req, &tl_arena, &tl_out, &tl_res);
	if (v != NULL)
		json_object_put(v);
	if (sb_error(&tl_out))
		return "(sb error)";
	return sb_str(&tl_out);
}

__attribute__((unused))
static const char *tl_run(const struct gql_schema *s, const char *query, const char *vars)
{
	return tl_run_full(s, query, vars, NULL, false, NULL, NULL);
}

/* is the body well-formed JSON? */
__attribute__((unused))
static int tl_json_ok(const char *body)
{
	struct json_object *j = json_tokener_parse(body);
	if (j == NULL)
		return 0;
	json_object_put(j);
	return 1;
}
#endif
