/* gql.h: the GraphQL engine's public interface: parse, validate and execute a request; resolver helpers. */
#ifndef LARDER_GQL_H
#define LARDER_GQL_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gql/ast.h"
#include "gql/error.h"
#include "gql/schema.h"
#include "util/arena.h"
#include "util/sb.h"

struct json_object;

/* Budgets for one document; zero fields take the defaults from util/limits.h. At execution,
 * max_fields counts the fields whose resolvers run (after fragment expansion, per list item);
 * introspection fields and __typename have their own budget, LIMIT_GQL_INTROSPECTION_FIELDS. */
struct gql_limits {
	uint32_t max_bytes, max_tokens, max_depth, max_aliases, max_fields, max_errors;
	/* how the budget errors name the limit they hit, e.g. the setting that raises it
	 * ("query_max_depth in larder.conf"); NULL: bytes and depth errors name none, the
	 * aliases and fields errors say max_aliases / max_fields */
	const char *name_bytes, *name_depth, *name_aliases, *name_fields;
	/* a costly root field (e.g. "search"): at most max_costly of it in one operation, counted through
	 * fragments before anything runs; NULL: no such budget. name_costly names the limit like the others */
	const char *costly_field, *name_costly;
	uint32_t max_costly;
	/* what one operation's root fields may cost in all: each selection of a root field adds its
	 * gql_field.cost (set by the application), aliases and fragment spreads counted as written, before
	 * anything runs; 0: no such budget. name_cost names the limit like the others */
	uint32_t max_cost;
	const char *name_cost;
};

/* ---- parsing (lexer.c, parser.c) ---- */
enum gql_parse_mode { GQL_PARSE_EXECUTABLE, GQL_PARSE_SDL };
/* Parse a document into the arena. Returns NULL after adding a syntax error (with its
 * location) to errs. Budgets (bytes, tokens, depth) are errors too, with code
 * "GRAPHQL_PARSE_FAILED" like every syntax error. Both modes accept the whole language;
 * the mode only changes which definitions are reported (validation rejects type-system
 * definitions in executable documents). */
struct gql_document *gql_parse(struct arena *a, const char *src, size_t len,
                               const struct gql_limits *lim, struct gql_errors *errs);

/* ---- validation (validate.c): every rule of the spec's section 5 ---- */
/* Returns the number of errors added (code "GRAPHQL_VALIDATION_FAILED"). */
int gql_validate(const struct gql_schema *s, const struct gql_document *doc,
                 const struct gql_limits *lim, struct arena *a, struct gql_errors *errs);

/* ---- execution (execute.c) ---- */
enum gql_outcome {
	GQL_RESULT_DATA,          /* execution ran: "data" present (errors possible) -> HTTP 200 */
	GQL_RESULT_REQUEST_ERROR, /* parse, validation, operation selection or variable error: no "data" */
	GQL_RESULT_NOT_ALLOWED,   /* a mutation asked for where only queries are allowed (GET) */
	GQL_RESULT_FORBIDDEN,     /* the request's guard refused a root field: no "data", code FORBIDDEN */
	GQL_RESULT__MAX
};

struct gql_request {
	const char *query;            /* the document text (need not be NUL-terminated) */
	size_t query_len;
	const char *operation_name;   /* NULL when not given */
	struct json_object *variables;/* a JSON object, or NULL when not given */
	bool queries_only;            /* GET: mutations answer GQL_RESULT_NOT_ALLOWED */
	void *context;                /* the application's per-request context (gql_context()) */
	const struct gql_limits *limits; /* NULL = defaults */
	/* called before anything runs with each root field the selected operation selects (inline
	 * fragments and spreads followed; a fragment looked at once): a message (static or in the arena)
	 * refuses the whole request, code FORBIDDEN at the field, no data. NULL: every field allowed */
	const char *(*guard)(void *context, const struct gql_field *f, struct arena *a);
};

struct gql_result {
	enum gql_outcome outcome;
	enum gql_op_kind op_kind;     /* of the selected operation, when one was selected */
	uint32_t nerrors;
};

/* Run the whole request and write the complete JSON response body ({"data":...,"errors":[...]})
 * into out. Memory comes from the arena (reset it after the response is sent). */
void gql_execute(const struct gql_schema *s, const struct gql_request *req, struct arena *a,
                 struct sb *out, struct gql_result *res);

/* ---- inside a resolver ---- */
void *gql_context(struct gql_rctx *rc);       /* gql_request.context */
void *gql_udata(struct gql_rctx *rc);         /* the udata given to gql_bind */
struct arena *gql_arena(struct gql_rctx *rc); /* the request arena */
const struct gql_field *gql_rfield(struct gql_rctx *rc); /* the field being resolved */
/* a coerced argument (defaults applied), or NULL when absent and without default; a given
 * null is a value of kind GQL_V_NULL */
const struct gql_value *gql_arg(struct gql_rctx *rc, const char *name);
/* is the sub-field `name` selected under this field (any fragment)? For skipping costly loads */
bool gql_selected(struct gql_rctx *rc, const char *name);
/* add an error for this field (with path and location); returns -1 for `return gql_error(...)` */
int gql_error(struct gql_rctx *rc, const char *code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* helpers for coerced input values */
const struct gql_value *gql_value_get(const struct gql_value *obj, const char *field);
const char *gql_value_str(const struct gql_value *v); /* STRING/ENUM/ID text, else NULL */

/* ---- resolver output ----
 * A resolver writes exactly one of these into *out. For a field of abstract type (union,
 * interface) gql_out_object must name the concrete object type; for an object-typed field
 * the name may be NULL. gql_out_list returns n outputs for the resolver to fill in turn. */
struct gql_out {
	int kind;                     /* private to execute.c */
	union {
		int64_t i;
		double f;
		bool b;
		struct gql_str s;
		struct { const char *type; const struct gql_type *t; const void *obj; } o;
		struct { struct gql_out *items; uint32_t n; } l;
	} u;
};
void gql_out_null(struct gql_out *o);
void gql_out_int(struct gql_out *o, int64_t v);
void gql_out_float(struct gql_out *o, double v);
void gql_out_bool(struct gql_out *o, bool v);
void gql_out_string(struct gql_out *o, const char *s, size_t n); /* s must outlive the request */
void gql_out_cstr(struct gql_out *o, const char *s);             /* NULL -> null */
void gql_out_enum(struct gql_out *o, const char *name);
void gql_out_object(struct gql_out *o, const char *type_name, const void *obj);
/* n zero-filled outputs (each null until set), or NULL when the request arena is exhausted
 * (the request then fails with an error; the resolver should return -1) */
struct gql_out *gql_out_list(struct gql_rctx *rc, struct gql_out *o, uint32_t n);
/* like gql_out_object, with the concrete type already looked up (saves a name lookup) */
void gql_out_object_type(struct gql_out *o, const struct gql_type *t, const void *obj);
#endif
