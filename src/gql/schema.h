/* schema.h: the in-memory schema built from SDL (types, fields, arguments, directives) and resolver binding. */
#ifndef LARDER_GQL_SCHEMA_H
#define LARDER_GQL_SCHEMA_H
#include <stdbool.h>
#include <stdint.h>
#include "gql/ast.h"
#include "util/arena.h"

enum gql_type_kind {
	GQL_K_SCALAR, GQL_K_OBJECT, GQL_K_INTERFACE, GQL_K_UNION, GQL_K_ENUM,
	GQL_K_INPUT_OBJECT, GQL_K_LIST, GQL_K_NON_NULL, GQL_K__MAX
};
extern const char *const gql_type_kind_names[GQL_K__MAX]; /* "SCALAR", ... as in __TypeKind */

enum gql_builtin_scalar { GQL_SCALAR_CUSTOM, GQL_SCALAR_INT, GQL_SCALAR_FLOAT, GQL_SCALAR_STRING,
	GQL_SCALAR_BOOLEAN, GQL_SCALAR_ID };

struct gql_type;
struct gql_rctx;
struct gql_out;
struct gql_errors;

/* A resolver: fills *out for the field; returns 0, or -1 after gql_error() (field becomes null). */
typedef int (*gql_resolve_fn)(struct gql_rctx *rc, const void *parent, struct gql_out *out);

/* Input coercion hook for a custom scalar (e.g. Date): check and normalise the value in place;
 * return 0, or -1 with *msg set to a reason (allocated in the arena or static). */
typedef int (*gql_scalar_parse_fn)(struct arena *a, struct gql_value *v, const char **msg);

struct gql_input_value {          /* an argument or an input object field */
	const char *name;
	const char *description;
	struct gql_type *type;
	const struct gql_value *defval;   /* literal from the SDL, or NULL */
	const char *defval_text;          /* the default printed as GraphQL, for introspection */
	bool deprecated;
	const char *deprecation_reason;
	uint32_t index;
};

struct gql_field {
	const char *name;
	const char *description;
	struct gql_type *type;
	struct gql_input_value **args;
	uint32_t nargs;
	bool deprecated;
	const char *deprecation_reason;
	struct gql_type *owner;
	uint32_t index;
	gql_resolve_fn resolve;           /* NULL until bound */
	void *udata;                      /* given to the resolver through gql_udata() */
	uint32_t cost;                    /* a root field's cost per selection (gql_limits.max_cost); 0: free */
	const void *meta;                 /* the application's own data about the field; the engine never reads it */
};

struct gql_enum_value {
	const char *name;
	const char *description;
	bool deprecated;
	const char *deprecation_reason;
	uint32_t index;
};

struct gql_type {
	enum gql_type_kind kind;
	const char *name;                 /* NULL for LIST and NON_NULL */
	const char *description;
	struct gql_type *of;              /* LIST, NON_NULL */
	struct gql_field **fields;        /* OBJECT, INTERFACE (in SDL order) */
	uint32_t nfields;
	struct gql_type **interfaces;     /* OBJECT, INTERFACE */
	uint32_t ninterfaces;
	struct gql_type **possible;       /* UNION members; INTERFACE implementing objects */
	uint32_t npossible;
	struct gql_enum_value **values;   /* ENUM */
	uint32_t nvalues;
	struct gql_input_value **inputs;  /* INPUT_OBJECT fields */
	uint32_t ninputs;
	const char *specified_by;         /* SCALAR */
	enum gql_builtin_scalar builtin;  /* SCALAR */
	gql_scalar_parse_fn parse;        /* custom SCALAR input coercion, NULL = accept as given */
	bool introspection;               /* one of the __ types */
	uint32_t index;                   /* position in schema->types */
	struct gql_type *list_of, *nonnull_of; /* cached wrappers */
	const void *lookup;               /* name -> field/input/value table (private to schema.c) */
};

struct gql_directive_def {
	const char *name;
	const char *description;
	struct gql_input_value **args;
	uint32_t nargs;
	uint32_t locations;               /* bit set of enum gql_dir_loc */
	bool repeatable;
	bool builtin;                     /* skip, include, deprecated, specifiedBy */
};

struct gql_schema {
	struct arena arena;               /* everything in the schema lives here */
	const char *description;
	struct gql_type **types;          /* every named type, user types in SDL order, then built-ins */
	uint32_t ntypes;
	struct gql_type *query, *mutation, *subscription;
	struct gql_directive_def **directives;
	uint32_t ndirectives;
	struct gql_type *t_string, *t_int, *t_float, *t_boolean, *t_id; /* built-in scalars */
	struct gql_field *f_typename, *f_schema, *f_type; /* meta-fields __typename, __schema, __type */
	void *index;                      /* name lookup table (private to schema.c) */
};

/* Build a schema from SDL text. The built-in scalars, directives and introspection types are
 * added by the builder. On error returns NULL and writes "line:col: message" into err. */
struct gql_schema *gql_schema_parse(const char *sdl, size_t len, char *err, size_t errlen);
void gql_schema_free(struct gql_schema *s);

struct gql_type *gql_schema_type(const struct gql_schema *s, const char *name);
struct gql_directive_def *gql_schema_directive(const struct gql_schema *s, const char *name);
/* the field named `name` of an OBJECT or INTERFACE type (not the meta-fields), or NULL */
struct gql_field *gql_type_field(const struct gql_type *t, const char *name);
struct gql_input_value *gql_field_arg(const struct gql_field *f, const char *name);
struct gql_input_value *gql_input_field(const struct gql_type *t, const char *name);
struct gql_enum_value *gql_enum_value(const struct gql_type *t, const char *name);
/* the named type under LIST / NON_NULL wrappers */
/* the named type under LIST and NON_NULL wrappers ([String!]! -> String) */
static inline const struct gql_type *gql_named_ctype(const struct gql_type *t)
{
	while (t && (t->kind == GQL_K_LIST || t->kind == GQL_K_NON_NULL))
		t = t->of;
	return t;
}
static inline struct gql_type *gql_named_type(struct gql_type *t)
{
	return (struct gql_type *)gql_named_ctype(t);
}
/* the schema type for an AST type reference (wrappers created on demand), or NULL if unknown */
struct gql_type *gql_schema_typeref(struct gql_schema *s, const struct gql_typeref *r);
/* is `obj` (an OBJECT type) a possible type of abstract type `abs` (or equal to it)? */
bool gql_type_is_possible(const struct gql_type *abs, const struct gql_type *obj);
bool gql_type_is_input(const struct gql_type *t);  /* scalar, enum, input object (through wrappers) */
bool gql_type_is_output(const struct gql_type *t); /* scalar, enum, object, interface, union */
bool gql_type_is_leaf(const struct gql_type *t);   /* scalar or enum (through wrappers) */
/* print a type reference as GraphQL writes it: [String!]! */
const char *gql_type_print(struct arena *a, const struct gql_type *t);

/* Resolver binding, done once at start-up. "Type.field" names the field; "Type.*" binds every
 * field of Type not bound yet (the resolver switches on gql_rfield(rc)). -1 if none exists. */
int gql_bind(struct gql_schema *s, const char *type_dot_field, gql_resolve_fn fn, void *udata);
int gql_bind_scalar(struct gql_schema *s, const char *scalar, gql_scalar_parse_fn parse);
/* The types reachable from the roots through field types, union members and implementations
 * (introspection types left out), breadth first from query, mutation, subscription: a malloc'd
 * array for the caller to free (NULL when there are none). 0, or -1 out of memory. */
int gql_schema_reachable(const struct gql_schema *s, struct gql_type ***types, uint32_t *n);
/* Names of OBJECT fields reachable from the roots that have no resolver and no default
 * (written comma-separated into buf); returns how many. Programs refuse to start when > 0. */
int gql_schema_unbound(const struct gql_schema *s, char *buf, size_t buflen);
#endif
