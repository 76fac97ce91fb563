/* exec_int.h: internals shared by execution, input coercion and introspection (not a public interface). */
#ifndef LARDER_GQL_EXEC_INT_H
#define LARDER_GQL_EXEC_INT_H
#include <stdbool.h>
#include <stdint.h>
#include "gql/gql.h"

struct json_object;

/* gql_out kinds (gql_out.kind is private to the engine) */
enum gql_out_kind {
	GQL_OUT_UNSET, GQL_OUT_NULL, GQL_OUT_INT, GQL_OUT_FLOAT, GQL_OUT_BOOL, GQL_OUT_STRING,
	GQL_OUT_ENUM, GQL_OUT_OBJECT, GQL_OUT_LIST
};

/* the operation's coerced variable values: vals[i] is NULL when the variable is absent */
struct gql_vars {
	struct gql_var_def **defs;
	const struct gql_value **vals;
	uint32_t n;
};

/* look a variable up: returns true when present (and sets *v, possibly a NULL-kind value) */
bool gql_vars_get(const struct gql_vars *vars, const char *name, const struct gql_value **v);

/* Coerce the request's JSON variables (spec 6.1.2). Adds one error per problem (code
 * BAD_USER_INPUT) and returns how many were added; fills vars. */
int gql_coerce_variables(struct gql_schema *s, const struct gql_operation *op,
                         struct json_object *json, struct arena *a, struct gql_errors *errs,
                         struct gql_vars *vars);

/* Coerce a field's or directive's arguments (spec 6.4.1): argv gets one entry per definition
 * (NULL = absent). Returns 0, or -1 with *msg set. */
int gql_coerce_args(struct gql_input_value *const *defs, uint32_t ndefs, struct gql_argument *const *args,
                    uint32_t nargs, const struct gql_vars *vars, struct arena *a,
                    const struct gql_value ***argv, const char **msg);

/* print a value as GraphQL text into the arena */

/* introspection (introspect.c): the resolver for a field of one of the __ types or for
 * the __schema / __type meta-fields; NULL when unknown */
gql_resolve_fn gql_introspect_resolver(const struct gql_schema *s, const struct gql_field *f);
/* the schema being executed, for the introspection resolvers */
const struct gql_schema *gql_rctx_schema(struct gql_rctx *rc);
#endif
