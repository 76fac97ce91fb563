/* api_int.h: helpers shared by the resolver files of src/api (not a public interface). */
#ifndef LARDER_API_INT_H
#define LARDER_API_INT_H
#include <stdbool.h>
#include <stdint.h>
#include "api/api.h"

/* the parent of a *Error union member: one error code and a human message */
struct api_error {
	const char *code;
	const char *message;    /* may be NULL */
};

/* the parent object of objects Larder does not back yet (see api_resolve_absent) */
extern const char api_absent[];

/* the request's context (never NULL: gql_execute is always given one by our callers) */
static inline struct api_ctx *api_ctx_of(struct gql_rctx *rc) { return gql_context(rc); }

/* "internal" field error for store failures and out-of-memory; returns -1 */
int api_internal(struct gql_rctx *rc, const char *what, int store_rc);
/* answer a union-typed field with its error member `type` holding code and message */
int api_out_error(struct gql_rctx *rc, struct gql_out *out, const char *type, const char *code,
                  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* a Date value (ms since the epoch) */
int api_out_date(struct gql_rctx *rc, struct gql_out *out, int64_t ms);
/* the ms of a coerced Date input value (normalised by the scalar's parse hook); -1 if not a Date */
int api_value_date(const struct gql_value *v, int64_t *ms);
/* the "empty" value of the field's type: null when nullable, else [], "", 0, false, the epoch,
 * the first enum value, or an object whose fields resolve the same way */
int api_resolve_absent(struct gql_rctx *rc, const void *parent, struct gql_out *out);
/* resolver for every field of the *Error types (errorCodes, message); parent: struct api_error */
int api_resolve_error(struct gql_rctx *rc, const void *parent, struct gql_out *out);

/* api_schema_load for any SDL (tests use it to see that a schema with unbound fields is refused) */
struct gql_schema *api_schema_build(const char *sdl, size_t len, char *err, size_t errlen);
/* bind the Date scalar and every resolver into a parsed schema, then refuse (-1, message in err)
 * when any reachable field is left unbound; fields bound before the call are kept */
int api_schema_bind(struct gql_schema *s, char *err, size_t errlen);

/* binding, per file; each returns 0 or -1 with a message in err */
int api_bind_user(struct gql_schema *s, char *err, size_t errlen);
int api_bind_apikey(struct gql_schema *s, char *err, size_t errlen);
/* called last by api_schema_bind: binds only fields still unbound: each in-scope root field
 * (INTERFACE.md) to a NOT_IMPLEMENTED error, every field of a reachable *Error object type to
 * api_resolve_error, every other reachable object type to api_resolve_absent */
int api_bind_pending(struct gql_schema *s, char *err, size_t errlen);
/* bind every field of `type` (already-bound fields are kept) */
int api_bind_all(struct gql_schema *s, const char *type, gql_resolve_fn fn, char *err, size_t errlen);
int api_bind_one(struct gql_schema *s, const char *type_dot_field, gql_resolve_fn fn, char *err, size_t errlen);
#endif
