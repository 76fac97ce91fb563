/* ast.h: the GraphQL syntax tree (executable and type-system definitions), allocated in an arena. */
#ifndef LARDER_GQL_AST_H
#define LARDER_GQL_AST_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A source position: 1-based line and column (columns count Unicode code points, as the
 * GraphQL spec's SourceLocation does), plus the byte offset. */
struct gql_loc {
	uint32_t line, col, offset;
};

/* A string that may contain NUL bytes (string values); names are plain C strings. */
struct gql_str {
	const char *p; /* NUL-terminated as well */
	uint32_t len;
};

enum gql_value_kind {
	GQL_V_NULL, GQL_V_INT, GQL_V_FLOAT, GQL_V_STRING, GQL_V_BOOLEAN,
	GQL_V_ENUM, GQL_V_LIST, GQL_V_OBJECT, GQL_V_VARIABLE, GQL_V__MAX
};
extern const char *const gql_value_kind_names[GQL_V__MAX];

struct gql_value;
struct gql_object_field {
	const char *name;
	struct gql_loc loc;
	struct gql_value *value;
};

/* Literals in documents and, after coercion, runtime input values (never VARIABLE then). */
struct gql_value {
	enum gql_value_kind kind;
	struct gql_loc loc;
	const char *raw;              /* INT/FLOAT: the literal's text (for messages and range checks) */
	union {
		int64_t i;                /* INT (raw holds the text when it does not fit) */
		double f;                 /* FLOAT */
		bool b;                   /* BOOLEAN */
		struct gql_str s;         /* STRING (decoded) */
		const char *name;         /* ENUM value name, VARIABLE name (without '$') */
		struct { struct gql_value **items; uint32_t n; } list;
		struct { struct gql_object_field *fields; uint32_t n; } obj;
	} u;
};

enum gql_typeref_kind { GQL_TR_NAMED, GQL_TR_LIST, GQL_TR_NONNULL };
struct gql_typeref {
	enum gql_typeref_kind kind;
	struct gql_loc loc;
	const char *name;             /* NAMED */
	struct gql_typeref *of;       /* LIST, NONNULL */
};

struct gql_argument {
	const char *name;
	struct gql_loc loc;
	struct gql_value *value;
};

struct gql_directive {
	const char *name;
	struct gql_loc loc;
	struct gql_argument **args;
	uint32_t nargs;
};

enum gql_sel_kind { GQL_SEL_FIELD, GQL_SEL_SPREAD, GQL_SEL_INLINE };

struct gql_selection_set;
struct gql_selection {
	enum gql_sel_kind kind;
	struct gql_loc loc;
	const char *alias;            /* FIELD: NULL when none */
	const char *name;             /* FIELD: field name; SPREAD: fragment name */
	struct gql_loc name_loc;      /* SPREAD: where the fragment name stands */
	struct gql_argument **args;   /* FIELD */
	uint32_t nargs;
	struct gql_directive **dirs;
	uint32_t ndirs;
	const char *type_cond;        /* INLINE: NULL when none */
	struct gql_loc type_cond_loc;
	struct gql_selection_set *set;/* FIELD (NULL for a leaf), INLINE */
};
static inline const char *gql_response_key(const struct gql_selection *s) { return s->alias ? s->alias : s->name; }

struct gql_selection_set {
	struct gql_loc loc;
	struct gql_selection **items;
	uint32_t n;
};

enum gql_op_kind { GQL_OP_QUERY, GQL_OP_MUTATION, GQL_OP_SUBSCRIPTION, GQL_OP__MAX };
extern const char *const gql_op_kind_names[GQL_OP__MAX]; /* "query", "mutation", "subscription" */

struct gql_var_def {
	const char *name;             /* without '$' */
	struct gql_loc loc;
	struct gql_typeref *type;
	struct gql_value *defval;     /* NULL when none */
	struct gql_directive **dirs;
	uint32_t ndirs;
};

struct gql_operation {
	enum gql_op_kind kind;
	const char *name;             /* NULL for anonymous */
	struct gql_loc name_loc;
	struct gql_var_def **vars;
	uint32_t nvars;
	struct gql_directive **dirs;
	uint32_t ndirs;
	struct gql_selection_set *set;
	bool shorthand;               /* written as a bare { ... } */
};

struct gql_fragment {
	const char *name;
	struct gql_loc name_loc;
	const char *type_cond;
	struct gql_loc type_cond_loc;
	struct gql_directive **dirs;
	uint32_t ndirs;
	struct gql_selection_set *set;
};

/* ---- type system (SDL) ---- */
/* what every member definition has: arguments, input fields, fields and enum values (an enum value
 * has nothing more) */
struct gql_member_def {
	const char *name;
	const char *description;
	struct gql_loc loc;
	struct gql_directive **dirs;
	uint32_t ndirs;
};

struct gql_input_value_def {      /* argument definitions and input object fields */
	struct gql_member_def m;
	struct gql_typeref *type;
	struct gql_value *defval;
};

struct gql_field_def_ast {
	struct gql_member_def m;
	struct gql_input_value_def **args;
	uint32_t nargs;
	struct gql_typeref *type;
};

struct gql_root_op_def { enum gql_op_kind op; const char *type; struct gql_loc loc; };

struct gql_typedef {
	const char *name;             /* NULL for schema definitions/extensions */
	const char *description;
	bool extension;               /* `extend ...` */
	struct gql_directive **dirs;
	uint32_t ndirs;
	const char **interfaces;      /* OBJECT, INTERFACE: implements A & B */
	struct gql_loc *interface_locs;
	uint32_t ninterfaces;
	struct gql_field_def_ast **fields;          /* OBJECT, INTERFACE */
	uint32_t nfields;
	struct gql_input_value_def **inputs;        /* INPUT object fields; DIRECTIVE args */
	uint32_t ninputs;
	const char **members;                       /* UNION */
	struct gql_loc *member_locs;
	uint32_t nmembers;
	struct gql_member_def **values;             /* ENUM */
	uint32_t nvalues;
	struct gql_root_op_def *roots;              /* SCHEMA */
	uint32_t nroots;
	uint32_t locations;                         /* DIRECTIVE: bit set of enum gql_dir_loc */
	bool repeatable;                            /* DIRECTIVE */
	struct gql_loc name_loc;                    /* of the name (the keyword for SCHEMA) */
};

enum gql_def_kind {
	GQL_DEF_OPERATION, GQL_DEF_FRAGMENT,
	GQL_DEF_SCHEMA, GQL_DEF_SCALAR, GQL_DEF_OBJECT, GQL_DEF_INTERFACE, GQL_DEF_UNION,
	GQL_DEF_ENUM, GQL_DEF_INPUT, GQL_DEF_DIRECTIVE, GQL_DEF__MAX
};

struct gql_definition {
	enum gql_def_kind kind;
	struct gql_loc loc;
	union {
		struct gql_operation op;
		struct gql_fragment frag;
		struct gql_typedef td;
	} u;
};

struct gql_document {
	struct gql_definition **defs;
	uint32_t n;
	uint32_t ntokens;             /* lexical tokens read (for budgets and benchmarks) */
};

struct sb;
struct arena;
/* Print a value as GraphQL source text, as graphql-js's printer does ({a: [1, "x"]}); nesting
 * past 64 levels prints "...". gql_value_print returns it in the arena ("(value)" on failure;
 * values longer than 4 KiB are cut). */
void gql_value_write(struct sb *b, const struct gql_value *v);
/* v as JSON (enum values as strings; a variable, or a value nested past 64 levels, as null) */
void gql_value_write_json(struct sb *b, const struct gql_value *v);
const char *gql_value_print(struct arena *a, const struct gql_value *v);

/* Directive locations (bit positions), in the spec's order. */
enum gql_dir_loc {
	GQL_DL_QUERY, GQL_DL_MUTATION, GQL_DL_SUBSCRIPTION, GQL_DL_FIELD, GQL_DL_FRAGMENT_DEFINITION,
	GQL_DL_FRAGMENT_SPREAD, GQL_DL_INLINE_FRAGMENT, GQL_DL_VARIABLE_DEFINITION,
	GQL_DL_SCHEMA, GQL_DL_SCALAR, GQL_DL_OBJECT, GQL_DL_FIELD_DEFINITION, GQL_DL_ARGUMENT_DEFINITION,
	GQL_DL_INTERFACE, GQL_DL_UNION, GQL_DL_ENUM, GQL_DL_ENUM_VALUE, GQL_DL_INPUT_OBJECT,
	GQL_DL_INPUT_FIELD_DEFINITION, GQL_DL__MAX
};
extern const char *const gql_dir_loc_names[GQL_DL__MAX]; /* "QUERY", ... */
#endif
