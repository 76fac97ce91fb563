/* schema.c: builds the in-memory schema from SDL (built-ins, extensions, checks), name lookups and resolver binding. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gql/gql.h"
#include "util/sb.h"
#include "util/text.h"

/* The built-in scalars, directives and introspection types, in SDL. */
static const char builtin_sdl[] =
	"\"A signed 32-bit integer.\" scalar Int\n"
	"\"A double-precision floating-point number.\" scalar Float\n"
	"\"Text as a sequence of UTF-8 characters.\" scalar String\n"
	"\"true or false.\" scalar Boolean\n"
	"\"A unique identifier, written as a string.\" scalar ID\n"
	"\"Leaves the field or fragment out when `if` is true.\"\n"
	"directive @skip(\"Skipped when true.\" if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT\n"
	"\"Keeps the field or fragment only when `if` is true.\"\n"
	"directive @include(\"Included when true.\" if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT\n"
	"\"Marks an element of the schema as no longer to be used.\"\n"
	"directive @deprecated(\"Why it is deprecated and what to use instead.\" reason: String = \"No longer supported\")\n"
	"  on FIELD_DEFINITION | ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION | ENUM_VALUE\n"
	"\"Links a custom scalar to the document that specifies it.\"\n"
	"directive @specifiedBy(\"The URL of the specification.\" url: String!) on SCALAR\n"
	"\"The schema's capabilities: its types, root operation types and directives.\"\n"
	"type __Schema {\n"
	"  description: String\n"
	"  \"Every type in the schema.\" types: [__Type!]!\n"
	"  \"The type of query operations.\" queryType: __Type!\n"
	"  \"The type of mutation operations, if any.\" mutationType: __Type\n"
	"  \"The type of subscription operations, if any.\" subscriptionType: __Type\n"
	"  \"Every directive the schema supports.\" directives: [__Directive!]!\n"
	"}\n"
	"\"A type of the schema, or a list or non-null wrapper around one (see `kind`).\"\n"
	"type __Type {\n"
	"  kind: __TypeKind!\n"
	"  name: String\n"
	"  description: String\n"
	"  fields(includeDeprecated: Boolean = false): [__Field!]\n"
	"  interfaces: [__Type!]\n"
	"  possibleTypes: [__Type!]\n"
	"  enumValues(includeDeprecated: Boolean = false): [__EnumValue!]\n"
	"  inputFields(includeDeprecated: Boolean = false): [__InputValue!]\n"
	"  ofType: __Type\n"
	"  specifiedByURL: String\n"
	"}\n"
	"\"The kinds of types `__Type` describes.\"\n"
	"enum __TypeKind {\n"
	"  \"A leaf value.\" SCALAR\n"
	"  \"An object with fields.\" OBJECT\n"
	"  \"An abstract type: objects that implement it share its fields.\" INTERFACE\n"
	"  \"An abstract type: one of a set of object types.\" UNION\n"
	"  \"A leaf value from a fixed set of names.\" ENUM\n"
	"  \"A set of named input values.\" INPUT_OBJECT\n"
	"  \"A list of values of the type in `ofType`.\" LIST\n"
	"  \"A value of the type in `ofType` that is never null.\" NON_NULL\n"
	"}\n"
	"\"A field of an object or interface type.\"\n"
	"type __Field {\n"
	"  name: String!\n"
	"  description: String\n"
	"  args(includeDeprecated: Boolean = false): [__InputValue!]!\n"
	"  type: __Type!\n"
	"  isDeprecated: Boolean!\n"
	"  deprecationReason: String\n"
	"}\n"
	"\"An argument, or a field of an input object type.\"\n"
	"type __InputValue {\n"
	"  name: String!\n"
	"  description: String\n"
	"  type: __Type!\n"
	"  \"The default value as GraphQL text, or null.\" defaultValue: String\n"
	"  isDeprecated: Boolean!\n"
	"  deprecationReason: String\n"
	"}\n"
	"\"One value of an enum type.\"\n"
	"type __EnumValue {\n"
	"  name: String!\n"
	"  description: String\n"
	"  isDeprecated: Boolean!\n"
	"  deprecationReason: String\n"
	"}\n"
	"\"A directive the schema supports, with where it may appear and its arguments.\"\n"
	"type __Directive {\n"
	"  name: String!\n"
	"  description: String\n"
	"  isRepeatable: Boolean!\n"
	"  locations: [__DirectiveLocation!]!\n"
	"  args(includeDeprecated: Boolean = false): [__InputValue!]!\n"
	"}\n"
	"\"Where a directive may appear.\"\n"
	"enum __DirectiveLocation {\n"
	"  \"On a query operation.\" QUERY\n"
	"  \"On a mutation operation.\" MUTATION\n"
	"  \"On a subscription operation.\" SUBSCRIPTION\n"
	"  \"On a field selection.\" FIELD\n"
	"  \"On a fragment definition.\" FRAGMENT_DEFINITION\n"
	"  \"On a fragment spread.\" FRAGMENT_SPREAD\n"
	"  \"On an inline fragment.\" INLINE_FRAGMENT\n"
	"  \"On a variable definition.\" VARIABLE_DEFINITION\n"
	"  \"On a schema definition.\" SCHEMA\n"
	"  \"On a scalar definition.\" SCALAR\n"
	"  \"On an object type definition.\" OBJECT\n"
	"  \"On a field definition.\" FIELD_DEFINITION\n"
	"  \"On an argument definition.\" ARGUMENT_DEFINITION\n"
	"  \"On an interface definition.\" INTERFACE\n"
	"  \"On a union definition.\" UNION\n"
	"  \"On an enum definition.\" ENUM\n"
	"  \"On an enum value definition.\" ENUM_VALUE\n"
	"  \"On an input object type definition.\" INPUT_OBJECT\n"
	"  \"On an input object field definition.\" INPUT_FIELD_DEFINITION\n"
	"}\n";

/* the schema's name index: types and directives (separate name spaces, one entry each) */
struct ix_ent {
	const char *name;
	struct gql_type *type;
	struct gql_directive_def *dir;
};
struct ix {
	uint32_t cap, n; /* cap is a power of two */
	struct ix_ent *e;
};

static struct ix_ent *ix_find(const struct ix *ix, const char *name)
{
	if (ix == NULL || ix->cap == 0)
		return NULL;
	uint32_t m = ix->cap - 1;
	for (uint32_t i = text_hash(name) & m;; i = (i + 1) & m) {
		if (ix->e[i].name == NULL)
			return NULL;
		if (strcmp(ix->e[i].name, name) == 0)
			return &ix->e[i];
	}
}

static struct ix_ent *ix_insert(struct arena *a, struct ix *ix, const char *name)
{
	struct ix_ent *f = ix_find(ix, name);
	if (f)
		return f;
	if ((ix->n + 1) * 2 > ix->cap) {
		uint32_t nc = ix->cap ? ix->cap * 2 : 64;
		struct ix_ent *ne = ARENA_NEWN(a, struct ix_ent, nc);
		if (ne == NULL)
			return NULL;
		for (uint32_t j = 0; j < ix->cap; j++) {
			if (ix->e[j].name == NULL)
				continue;
			uint32_t i = text_hash(ix->e[j].name) & (nc - 1);
			while (ne[i].name)
				i = (i + 1) & (nc - 1);
			ne[i] = ix->e[j];
		}
		ix->e = ne;
		ix->cap = nc;
	}
	uint32_t m = ix->cap - 1, i = text_hash(name) & m;
	while (ix->e[i].name)
		i = (i + 1) & m;
	ix->e[i].name = name;
	ix->n++;
	return &ix->e[i];
}

/* per-type table: slots hold index + 1 into fields / inputs / values */
struct lookup {
	uint32_t mask;
	uint32_t slot[];
};

static const char *member_name(const struct gql_type *t, uint32_t i)
{
	switch (t->kind) {
	case GQL_K_OBJECT:
	case GQL_K_INTERFACE: return t->fields[i]->name;
	case GQL_K_INPUT_OBJECT: return t->inputs[i]->name;
	case GQL_K_ENUM: return t->values[i]->name;
	default: return NULL;
	}
}

static uint32_t member_count(const struct gql_type *t)
{
	switch (t->kind) {
	case GQL_K_OBJECT:
	case GQL_K_INTERFACE: return t->nfields;
	case GQL_K_INPUT_OBJECT: return t->ninputs;
	case GQL_K_ENUM: return t->nvalues;
	default: return 0;
	}
}

static void build_lookup(struct arena *a, struct gql_type *t)
{
	uint32_t n = member_count(t), cap = 4;
	while (cap < n * 2)
		cap *= 2;
	struct lookup *l = arena_alloc(a, sizeof *l + sizeof(uint32_t) * cap);
	if (l == NULL)
		return;
	l->mask = cap - 1;
	for (uint32_t j = 0; j < n; j++) {
		uint32_t i = text_hash(member_name(t, j)) & l->mask;
		while (l->slot[i])
			i = (i + 1) & l->mask;
		l->slot[i] = j + 1;
	}
	t->lookup = l;
}

/* index of the member named `name`, or -1 */
static long member_find(const struct gql_type *t, const char *name)
{
	const struct lookup *l = t->lookup;
	if (l == NULL) {
		uint32_t n = member_count(t);
		for (uint32_t j = 0; j < n; j++)
			if (strcmp(member_name(t, j), name) == 0)
				return (long)j;
		return -1;
	}
	for (uint32_t i = text_hash(name) & l->mask;; i = (i + 1) & l->mask) {
		uint32_t s = l->slot[i];
		if (s == 0)
			return -1;
		if (strcmp(member_name(t, s - 1), name) == 0)
			return (long)(s - 1);
	}
}

/* ---- lookups ---- */
struct gql_type *gql_schema_type(const struct gql_schema *s, const char *name)
{
	struct ix_ent *e = name ? ix_find(s->index, name) : NULL;
	return e ? e->type : NULL;
}

struct gql_directive_def *gql_schema_directive(const struct gql_schema *s, const char *name)
{
	struct ix_ent *e = name ? ix_find(s->index, name) : NULL;
	return e ? e->dir : NULL;
}

struct gql_field *gql_type_field(const struct gql_type *t, const char *name)
{
	if (t == NULL || (t->kind != GQL_K_OBJECT && t->kind != GQL_K_INTERFACE))
		return NULL;
	long i = member_find(t, name);
	return i < 0 ? NULL : t->fields[i];
}

struct gql_input_value *gql_field_arg(const struct gql_field *f, const char *name)
{
	for (uint32_t i = 0; f && i < f->nargs; i++)
		if (strcmp(f->args[i]->name, name) == 0)
			return f->args[i];
	return NULL;
}

struct gql_input_value *gql_input_field(const struct gql_type *t, const char *name)
{
	if (t == NULL || t->kind != GQL_K_INPUT_OBJECT)
		return NULL;
	long i = member_find(t, name);
	return i < 0 ? NULL : t->inputs[i];
}

struct gql_enum_value *gql_enum_value(const struct gql_type *t, const char *name)
{
	if (t == NULL || t->kind != GQL_K_ENUM)
		return NULL;
	long i = member_find(t, name);
	return i < 0 ? NULL : t->values[i];
}

static struct gql_type *wrap(struct gql_schema *s, struct gql_type *of, enum gql_type_kind k)
{
	struct gql_type **cache = k == GQL_K_LIST ? &of->list_of : &of->nonnull_of;
	if (*cache)
		return *cache;
	struct gql_type *w = ARENA_NEW(&s->arena, struct gql_type);
	if (w == NULL)
		return NULL;
	w->kind = k;
	w->of = of;
	w->introspection = of->introspection;
	*cache = w;
	return w;
}

struct gql_type *gql_schema_typeref(struct gql_schema *s, const struct gql_typeref *r)
{
	if (r == NULL)
		return NULL;
	if (r->kind == GQL_TR_NAMED)
		return gql_schema_type(s, r->name);
	struct gql_type *of = gql_schema_typeref(s, r->of);
	if (of == NULL)
		return NULL;
	if (r->kind == GQL_TR_NONNULL && of->kind == GQL_K_NON_NULL)
		return NULL;
	return wrap(s, of, r->kind == GQL_TR_LIST ? GQL_K_LIST : GQL_K_NON_NULL);
}

bool gql_type_is_possible(const struct gql_type *abs, const struct gql_type *obj)
{
	if (abs == NULL || obj == NULL)
		return false;
	if (abs == obj)
		return true;
	for (uint32_t i = 0; i < abs->npossible; i++)
		if (abs->possible[i] == obj)
			return true;
	return false;
}

bool gql_type_is_input(const struct gql_type *t)
{
	t = gql_named_ctype(t);
	return t && (t->kind == GQL_K_SCALAR || t->kind == GQL_K_ENUM || t->kind == GQL_K_INPUT_OBJECT);
}

bool gql_type_is_output(const struct gql_type *t)
{
	t = gql_named_ctype(t);
	return t && t->kind != GQL_K_INPUT_OBJECT;
}

bool gql_type_is_leaf(const struct gql_type *t)
{
	t = gql_named_ctype(t);
	return t && (t->kind == GQL_K_SCALAR || t->kind == GQL_K_ENUM);
}

static void print_type(struct sb *b, const struct gql_type *t)
{
	if (t->kind == GQL_K_LIST) {
		sb_putc(b, '[');
		print_type(b, t->of);
		sb_putc(b, ']');
	} else if (t->kind == GQL_K_NON_NULL) {
		print_type(b, t->of);
		sb_putc(b, '!');
	} else {
		sb_puts(b, t->name);
	}
}

const char *gql_type_print(struct arena *a, const struct gql_type *t)
{
	if (t == NULL)
		return NULL;
	if (t->name)
		return t->name;
	struct sb h;
	sb_init(&h);
	print_type(&h, t);
	const char *r = sb_error(&h) ? NULL : arena_strdup(a, sb_str(&h));
	sb_free(&h);
	return r;
}

/* ---- printing default values as GraphQL ---- */


/* ---- the builder ---- */
struct tinfo {                    /* per named type, while building */
	struct gql_typedef **defs;    /* the definition, then its extensions */
	enum gql_def_kind kind;       /* of the definition */
	uint32_t ndefs, cap;
	struct gql_loc loc;           /* of the defining name */
	struct gql_loc *member_locs;  /* of each field / input field / enum value */
	bool from_builtins;
};

struct builder {
	jmp_buf jb;                   /* where bfail jumps back to */
	char *err;                    /* the caller's message buffer */
	size_t errlen;
	struct gql_schema *s;
	struct arena *a;
	struct ix ix;
	struct tinfo *ti;             /* indexed like s->types */
	uint32_t ntypes_cap, ndirs_cap;
};

__attribute__((format(printf, 3, 4)))
static _Noreturn void bfail(struct builder *b, const struct gql_loc *loc, const char *fmt, ...)
{
	if (b->err && b->errlen) {
		va_list ap;
		int n = 0;
		if (loc)
			n = snprintf(b->err, b->errlen, "%u:%u: ", (unsigned)loc->line, (unsigned)loc->col);
		if (n < 0)
			n = 0;
		if ((size_t)n < b->errlen) {
			va_start(ap, fmt);
			vsnprintf(b->err + n, b->errlen - (size_t)n, fmt, ap);
			va_end(ap);
		}
	}
	longjmp(b->jb, 1);
}

static void *balloc(struct builder *b, size_t n)
{
	void *p = arena_alloc(b->a, n ? n : 1);
	if (p == NULL)
		bfail(b, NULL, "out of memory");
	return p;
}

/* an arena array of n elements of size sz moved to room for nc */
static void *bgrow(struct builder *b, const void *old, uint32_t n, uint32_t nc, size_t sz)
{
	void *p = balloc(b, sz * nc);
	if (n)
		memcpy(p, old, sz * n);
	return p;
}

static const char *kind_word(enum gql_def_kind k)
{
	switch (k) {
	case GQL_DEF_SCALAR: return "scalar";
	case GQL_DEF_OBJECT: return "object";
	case GQL_DEF_INTERFACE: return "interface";
	case GQL_DEF_UNION: return "union";
	case GQL_DEF_ENUM: return "enum";
	case GQL_DEF_INPUT: return "input object";
	default: return "type";
	}
}

static enum gql_type_kind type_kind_of(enum gql_def_kind k)
{
	switch (k) {
	case GQL_DEF_OBJECT: return GQL_K_OBJECT;
	case GQL_DEF_INTERFACE: return GQL_K_INTERFACE;
	case GQL_DEF_UNION: return GQL_K_UNION;
	case GQL_DEF_ENUM: return GQL_K_ENUM;
	case GQL_DEF_INPUT: return GQL_K_INPUT_OBJECT;
	default: return GQL_K_SCALAR;
	}
}

static void check_name(struct builder *b, const char *name, const struct gql_loc *loc, bool builtin)
{
	if (!builtin && name[0] == '_' && name[1] == '_')
		bfail(b, loc, "Name \"%s\" must not begin with \"__\", which is reserved by GraphQL introspection.", name);
}

static void ti_add(struct builder *b, struct tinfo *ti, struct gql_typedef *td)
{
	if (ti->ndefs == ti->cap) {
		uint32_t nc = ti->cap ? ti->cap * 2 : 2;
		ti->defs = bgrow(b, ti->defs, ti->ndefs, nc, sizeof *ti->defs);
		ti->cap = nc;
	}
	ti->defs[ti->ndefs++] = td;
}

/* the index entry of a name being declared */
static struct ix_ent *declare_name(struct builder *b, const struct gql_typedef *td, bool builtin)
{
	check_name(b, td->name, &td->name_loc, builtin);
	struct ix_ent *e = ix_insert(b->a, &b->ix, td->name);
	if (e == NULL)
		bfail(b, NULL, "out of memory");
	return e;
}

static void declare_directive(struct builder *b, const struct gql_typedef *td, bool builtin)
{
	struct gql_schema *s = b->s;
	struct ix_ent *e = declare_name(b, td, builtin);
	if (e->dir) {
		if (builtin)
			return; /* the SDL defines it itself */
		bfail(b, &td->name_loc, "Directive \"@%s\" can only be defined once.", td->name);
	}
	struct gql_directive_def *dd = balloc(b, sizeof *dd);
	dd->name = td->name;
	dd->description = td->description;
	dd->locations = td->locations;
	dd->repeatable = td->repeatable;
	dd->builtin = builtin;
	e->dir = dd;
	if (s->ndirectives == b->ndirs_cap) {
		uint32_t nc = b->ndirs_cap ? b->ndirs_cap * 2 : 16;
		s->directives = bgrow(b, s->directives, s->ndirectives, nc, sizeof *s->directives);
		b->ndirs_cap = nc;
	}
	s->directives[s->ndirectives++] = dd;
	/* its arguments are built in pass B, from td (kept through dd's index) */
}

static void declare_type(struct builder *b, struct gql_definition *d, bool builtin)
{
	struct gql_schema *s = b->s;
	struct gql_typedef *td = &d->u.td;
	struct ix_ent *e = declare_name(b, td, builtin);
	if (e->type) {
		if (builtin)
			return; /* e.g. the SDL declares `scalar String` itself */
		bfail(b, &td->name_loc, "There can be only one type named \"%s\".", td->name);
	}
	struct gql_type *t = balloc(b, sizeof *t);
	t->kind = type_kind_of(d->kind);
	t->name = td->name;
	t->description = td->description;
	t->introspection = builtin && td->name[0] == '_' && td->name[1] == '_';
	t->index = s->ntypes;
	e->type = t;
	if (s->ntypes == b->ntypes_cap) {
		uint32_t nc = b->ntypes_cap ? b->ntypes_cap * 2 : 64;
		s->types = bgrow(b, s->types, s->ntypes, nc, sizeof *s->types);
		b->ti = bgrow(b, b->ti, s->ntypes, nc, sizeof *b->ti);
		b->ntypes_cap = nc;
	}
	s->types[s->ntypes] = t;
	struct tinfo *ti = &b->ti[s->ntypes];
	ti->loc = td->name_loc;
	ti->from_builtins = builtin;
	ti->kind = d->kind;
	ti_add(b, ti, td);
	s->ntypes++;
}

/* pass A: one type or directive per definition */
static void declare(struct builder *b, struct gql_document *doc, bool builtin)
{
	for (uint32_t i = 0; i < doc->n; i++) {
		struct gql_definition *d = doc->defs[i];
		if (d->kind == GQL_DEF_OPERATION || d->kind == GQL_DEF_FRAGMENT)
			bfail(b, &d->loc, "Executable definitions are not allowed in a schema.");
		if (d->kind == GQL_DEF_SCHEMA || d->u.td.extension)
			continue;
		if (d->kind == GQL_DEF_DIRECTIVE)
			declare_directive(b, &d->u.td, builtin);
		else
			declare_type(b, d, builtin);
	}
}

/* attach extensions to their types */
static void attach_extensions(struct builder *b, struct gql_document *doc)
{
	for (uint32_t i = 0; i < doc->n; i++) {
		struct gql_definition *d = doc->defs[i];
		struct gql_typedef *td = &d->u.td;
		if (d->kind == GQL_DEF_SCHEMA || d->kind == GQL_DEF_DIRECTIVE || !td->extension)
			continue;
		struct gql_type *t = gql_schema_type(b->s, td->name);
		if (t == NULL)
			bfail(b, &td->name_loc, "Cannot extend type \"%s\" because it is not defined.", td->name);
		struct tinfo *ti = &b->ti[t->index];
		if (ti->from_builtins)
			bfail(b, &td->name_loc, "Cannot extend built-in type \"%s\".", td->name);
		if (ti->kind != d->kind)
			bfail(b, &td->name_loc, "Cannot extend non-%s type \"%s\".", kind_word(d->kind), td->name);
		ti_add(b, ti, td);
	}
}

/* the type a definition names, which must exist */
static struct gql_type *known_type(struct builder *b, const char *name, const struct gql_loc *loc)
{
	struct gql_type *nt = gql_schema_type(b->s, name);
	if (nt == NULL)
		bfail(b, loc, "Unknown type \"%s\".", name);
	return nt;
}

static struct gql_type *resolve(struct builder *b, const struct gql_typeref *r)
{
	const struct gql_typeref *n = r;
	while (n->kind != GQL_TR_NAMED)
		n = n->of;
	known_type(b, n->name, &n->loc);
	struct gql_type *t = gql_schema_typeref(b->s, r);
	if (t == NULL)
		bfail(b, &r->loc, "Invalid type reference.");
	return t;
}

/* check the directives used at one place of the SDL: known, allowed there, not repeated */
static void check_directives(struct builder *b, struct gql_directive **dirs, uint32_t n, enum gql_dir_loc where)
{
	for (uint32_t i = 0; i < n; i++) {
		struct gql_directive_def *dd = gql_schema_directive(b->s, dirs[i]->name);
		if (dd == NULL)
			bfail(b, &dirs[i]->loc, "Unknown directive \"@%s\".", dirs[i]->name);
		if (!(dd->locations & (1u << where)))
			bfail(b, &dirs[i]->loc, "Directive \"@%s\" may not be used on %s.", dirs[i]->name,
			      gql_dir_loc_names[where]);
		if (!dd->repeatable)
			for (uint32_t j = 0; j < i; j++)
				if (strcmp(dirs[j]->name, dirs[i]->name) == 0)
					bfail(b, &dirs[i]->loc, "The directive \"@%s\" can only be used once at this location.",
					      dirs[i]->name);
	}
}

static const struct gql_directive *find_dir(struct gql_directive **dirs, uint32_t n, const char *name)
{
	for (uint32_t i = 0; i < n; i++)
		if (strcmp(dirs[i]->name, name) == 0)
			return dirs[i];
	return NULL;
}

static const struct gql_value *dir_arg(const struct gql_directive *d, const char *name)
{
	for (uint32_t i = 0; d && i < d->nargs; i++)
		if (strcmp(d->args[i]->name, name) == 0)
			return d->args[i]->value;
	return NULL;
}

/* @deprecated(reason:) */
static void deprecation(struct builder *b, struct gql_directive **dirs, uint32_t n, bool *dep, const char **reason)
{
	const struct gql_directive *d = find_dir(dirs, n, "deprecated");
	if (d == NULL)
		return;
	*dep = true;
	const struct gql_value *v = dir_arg(d, "reason");
	if (v == NULL) {
		*reason = "No longer supported";
	} else if (v->kind == GQL_V_STRING) {
		*reason = v->u.s.p;
	} else if (v->kind == GQL_V_NULL) {
		*reason = NULL;
	} else {
		bfail(b, &v->loc, "Argument \"reason\" of @deprecated must be a String.");
	}
}

static const char *value_text(struct builder *b, const struct gql_value *v)
{
	struct sb sb;
	sb_init(&sb);
	gql_value_write(&sb, v);
	if (sb_error(&sb)) {
		sb_free(&sb);
		bfail(b, NULL, "out of memory");
	}
	char *r = arena_strdup(b->a, sb_str(&sb));
	sb_free(&sb);
	if (r == NULL)
		bfail(b, NULL, "out of memory");
	return r;
}

/* a member definition's directives checked for where, and its @deprecated read */
static void member_dirs(struct builder *b, const struct gql_member_def *m, enum gql_dir_loc where, bool *deprecated,
                        const char **reason)
{
	check_directives(b, m->dirs, m->ndirs, where);
	deprecation(b, m->dirs, m->ndirs, deprecated, reason);
}

/* an argument or input field; `what` names it for messages, e.g. "Type.field(arg:)" */
static struct gql_input_value *input_value(struct builder *b, struct gql_input_value_def *iv, uint32_t index,
                                           enum gql_dir_loc where, const char *what)
{
	struct gql_input_value *v = balloc(b, sizeof *v);
	v->name = iv->m.name;
	v->description = iv->m.description;
	v->index = index;
	v->type = resolve(b, iv->type);
	if (!gql_type_is_input(v->type))
		bfail(b, &iv->type->loc, "The type of %s must be Input Type but got: %s.", what,
		      gql_type_print(b->a, v->type));
	if (iv->defval) {
		if (iv->defval->kind == GQL_V_VARIABLE)
			bfail(b, &iv->defval->loc, "Default values cannot use variables.");
		v->defval = iv->defval;
		v->defval_text = value_text(b, iv->defval);
	}
	member_dirs(b, &iv->m, where, &v->deprecated, &v->deprecation_reason);
	if (v->deprecated && v->type->kind == GQL_K_NON_NULL && !iv->defval)
		bfail(b, &iv->m.loc, "Required %s cannot be deprecated.", what);
	return v;
}

static struct gql_input_value **input_values(struct builder *b, struct gql_input_value_def **defs, uint32_t n,
                                             enum gql_dir_loc where, const char *owner, bool is_arg)
{
	if (n == 0)
		return NULL;
	struct gql_input_value **arr = balloc(b, sizeof *arr * n);
	for (uint32_t i = 0; i < n; i++) {
		const struct gql_member_def *m = &defs[i]->m;
		check_name(b, m->name, &m->loc, false);
		for (uint32_t j = 0; j < i; j++)
			if (strcmp(defs[j]->m.name, m->name) == 0)
				bfail(b, &m->loc, is_arg ? "Argument \"%s(%s:)\" can only be defined once." :
				      "Input field \"%s.%s\" can only be defined once.", owner, m->name);
		const char *what = arena_printf(b->a, is_arg ? "%s(%s:)" : "%s.%s", owner, m->name);
		arr[i] = input_value(b, defs[i], i, where, what ? what : m->name);
	}
	return arr;
}

/* room for the members of a type and all its extensions */
static void alloc_members(struct builder *b, struct gql_type *t, struct tinfo *ti)
{
	uint32_t nf = 0, ni = 0, nm = 0, nv = 0, nin = 0;
	for (uint32_t k = 0; k < ti->ndefs; k++) {
		struct gql_typedef *td = ti->defs[k];
		nf += td->nfields;
		ni += td->ninterfaces;
		nm += td->nmembers;
		nv += td->nvalues;
		nin += td->ninputs;
	}
	if (nf + nv + nin)
		ti->member_locs = balloc(b, sizeof(struct gql_loc) * (nf + nv + nin));
	if (nf)
		t->fields = balloc(b, sizeof *t->fields * nf);
	if (ni)
		t->interfaces = balloc(b, sizeof *t->interfaces * ni);
	if (nm)
		t->possible = balloc(b, sizeof *t->possible * nm);
	if (nv)
		t->values = balloc(b, sizeof *t->values * nv);
	if (nin)
		t->inputs = balloc(b, sizeof *t->inputs * nin);
}

/* a scalar's @specifiedBy(url:) */
static void build_specified_by(struct builder *b, struct gql_type *t, const struct gql_typedef *td)
{
	const struct gql_directive *sd = find_dir(td->dirs, td->ndirs, "specifiedBy");
	if (sd) {
		const struct gql_value *u = dir_arg(sd, "url");
		if (u == NULL || u->kind != GQL_V_STRING)
			bfail(b, &sd->loc, "Directive \"@specifiedBy\" needs a String argument \"url\".");
		t->specified_by = u->u.s.p;
	}
}

static bool type_in(struct gql_type *const *v, uint32_t n, const struct gql_type *t)
{
	for (uint32_t i = 0; i < n; i++)
		if (v[i] == t)
			return true;
	return false;
}

/* may t implement interface it (named at `at`)? */
static void check_interface(struct builder *b, const struct gql_type *t, const struct gql_type *it,
                            const struct gql_loc *at)
{
	if (it->kind != GQL_K_INTERFACE)
		bfail(b, at, "Type %s must only implement Interface types, it cannot implement %s.", t->name, it->name);
	if (it == t)
		bfail(b, at, "Type %s cannot implement itself because it would create a circular reference.", t->name);
	if (type_in(t->interfaces, t->ninterfaces, it))
		bfail(b, at, "Type %s can only implement %s once.", t->name, it->name);
}

/* may union t include mt (named at `at`)? */
static void check_union_member(struct builder *b, const struct gql_type *t, const struct gql_type *mt,
                               const struct gql_loc *at)
{
	if (mt->kind != GQL_K_OBJECT)
		bfail(b, at, "Union type %s can only include Object types, it cannot include %s.", t->name, mt->name);
	if (type_in(t->possible, t->npossible, mt))
		bfail(b, at, "Union type %s can only include type %s once.", t->name, mt->name);
}

/* the n types named in names (at locs) appended to out (*nout of them) after check accepts each */
static void build_type_list(struct builder *b, const struct gql_type *t, const char *const *names,
                            const struct gql_loc *locs, uint32_t n, struct gql_type **out, uint32_t *nout,
                            void (*check)(struct builder *, const struct gql_type *, const struct gql_type *,
                                          const struct gql_loc *))
{
	for (uint32_t i = 0; i < n; i++) {
		struct gql_type *nt = known_type(b, names[i], &locs[i]);
		check(b, t, nt, &locs[i]);
		out[(*nout)++] = nt;
	}
}

/* refuses m when t already has a member of its name; what says which kind of member */
static void check_new_member(struct builder *b, const struct gql_type *t, const struct gql_member_def *m,
                             const char *what)
{
	for (uint32_t j = 0, n = member_count(t); j < n; j++)
		if (strcmp(member_name(t, j), m->name) == 0)
			bfail(b, &m->loc, "%s \"%s.%s\" can only be defined once.", what, t->name, m->name);
}

static void build_fields(struct builder *b, struct gql_type *t, struct tinfo *ti, const struct gql_typedef *td)
{
	bool builtin = ti->from_builtins;
	for (uint32_t i = 0; i < td->nfields; i++) {
		struct gql_field_def_ast *fa = td->fields[i];
		if (!builtin)
			check_name(b, fa->m.name, &fa->m.loc, false);
		check_new_member(b, t, &fa->m, "Field");
		struct gql_field *f = balloc(b, sizeof *f);
		f->name = fa->m.name;
		f->description = fa->m.description;
		f->owner = t;
		f->index = t->nfields;
		f->type = resolve(b, fa->type);
		if (!gql_type_is_output(f->type))
			bfail(b, &fa->type->loc, "The type of %s.%s must be Output Type but got: %s.", t->name, f->name,
			      gql_type_print(b->a, f->type));
		const char *owner = arena_printf(b->a, "%s.%s", t->name, f->name);
		f->args = input_values(b, fa->args, fa->nargs, GQL_DL_ARGUMENT_DEFINITION, owner ? owner : f->name, true);
		f->nargs = fa->nargs;
		member_dirs(b, &fa->m, GQL_DL_FIELD_DEFINITION, &f->deprecated, &f->deprecation_reason);
		ti->member_locs[t->nfields] = fa->m.loc;
		t->fields[t->nfields++] = f;
	}
}

static void build_values(struct builder *b, struct gql_type *t, struct tinfo *ti, const struct gql_typedef *td)
{
	for (uint32_t i = 0; i < td->nvalues; i++) {
		const struct gql_member_def *va = td->values[i];
		check_new_member(b, t, va, "Enum value");
		struct gql_enum_value *v = balloc(b, sizeof *v);
		v->name = va->name;
		v->description = va->description;
		v->index = t->nvalues;
		member_dirs(b, va, GQL_DL_ENUM_VALUE, &v->deprecated, &v->deprecation_reason);
		ti->member_locs[t->nvalues] = va->loc;
		t->values[t->nvalues++] = v;
	}
}

static void build_inputs(struct builder *b, struct gql_type *t, struct tinfo *ti, const struct gql_typedef *td)
{
	if (td->ninputs == 0)
		return;
	for (uint32_t i = 0; i < td->ninputs; i++)
		check_new_member(b, t, &td->inputs[i]->m, "Input field");
	struct gql_input_value **iv = input_values(b, td->inputs, td->ninputs, GQL_DL_INPUT_FIELD_DEFINITION,
	                                           t->name, false);
	for (uint32_t i = 0; i < td->ninputs; i++) {
		iv[i]->index = t->ninputs;
		ti->member_locs[t->ninputs] = td->inputs[i]->m.loc;
		t->inputs[t->ninputs++] = iv[i];
	}
}

/* a type with nothing in it is an error */
static void check_not_empty(struct builder *b, const struct gql_type *t, const struct tinfo *ti)
{
	static const struct { const char *type, *members; } what[GQL_K__MAX] = {
		[GQL_K_OBJECT] = { "Type", "fields" }, [GQL_K_INTERFACE] = { "Type", "fields" },
		[GQL_K_UNION] = { "Union type", "member types" }, [GQL_K_ENUM] = { "Enum type", "values" },
		[GQL_K_INPUT_OBJECT] = { "Input Object type", "fields" },
	};
	uint32_t n = t->kind == GQL_K_UNION ? t->npossible : member_count(t);
	if (n == 0 && what[t->kind].type != NULL)
		bfail(b, &ti->loc, "%s %s must define one or more %s.", what[t->kind].type, t->name, what[t->kind].members);
}

/* pass B: fill one type from its definition and extensions */
static void build_type(struct builder *b, struct gql_type *t, struct tinfo *ti)
{
	alloc_members(b, t, ti);
	static const enum gql_dir_loc type_loc[] = {
		[GQL_K_SCALAR] = GQL_DL_SCALAR, [GQL_K_OBJECT] = GQL_DL_OBJECT, [GQL_K_INTERFACE] = GQL_DL_INTERFACE,
		[GQL_K_UNION] = GQL_DL_UNION, [GQL_K_ENUM] = GQL_DL_ENUM, [GQL_K_INPUT_OBJECT] = GQL_DL_INPUT_OBJECT,
	};
	for (uint32_t k = 0; k < ti->ndefs; k++) {
		struct gql_typedef *td = ti->defs[k];
		check_directives(b, td->dirs, td->ndirs, type_loc[t->kind]);
		if (t->kind == GQL_K_SCALAR)
			build_specified_by(b, t, td);
		build_type_list(b, t, td->interfaces, td->interface_locs, td->ninterfaces, t->interfaces, &t->ninterfaces,
		                check_interface);
		build_type_list(b, t, td->members, td->member_locs, td->nmembers, t->possible, &t->npossible,
		                check_union_member);
		build_fields(b, t, ti, td);
		build_values(b, t, ti, td);
		build_inputs(b, t, ti, td);
	}
	check_not_empty(b, t, ti);
}

static struct gql_typedef *directive_ast(struct gql_document *doc, const char *name)
{
	for (uint32_t i = 0; i < doc->n; i++)
		if (doc->defs[i]->kind == GQL_DEF_DIRECTIVE && strcmp(doc->defs[i]->u.td.name, name) == 0)
			return &doc->defs[i]->u.td;
	return NULL;
}

static void build_directive(struct builder *b, struct gql_directive_def *dd, struct gql_typedef *td)
{
	const char *owner = arena_printf(b->a, "@%s", dd->name);
	dd->args = input_values(b, td->inputs, td->ninputs, GQL_DL_ARGUMENT_DEFINITION, owner ? owner : dd->name, true);
	dd->nargs = td->ninputs;
}

/* IsValidImplementationFieldType */
static bool valid_impl_type(const struct gql_type *ft, const struct gql_type *it)
{
	if (ft->kind == GQL_K_NON_NULL)
		return valid_impl_type(ft->of, it->kind == GQL_K_NON_NULL ? it->of : it);
	if (ft->kind == GQL_K_LIST)
		return it->kind == GQL_K_LIST && valid_impl_type(ft->of, it->of);
	if (it->kind == GQL_K_LIST || it->kind == GQL_K_NON_NULL)
		return false;
	if (ft == it)
		return true;
	if (it->kind == GQL_K_UNION)
		return gql_type_is_possible(it, ft);
	if (it->kind == GQL_K_INTERFACE)
		for (uint32_t i = 0; i < ft->ninterfaces; i++)
			if (ft->interfaces[i] == it)
				return true;
	return false;
}

static void check_implements(struct builder *b, struct gql_type *t, struct tinfo *ti)
{
	for (uint32_t k = 0; k < t->ninterfaces; k++) {
		struct gql_type *it = t->interfaces[k];
		/* transitive interfaces must be declared too */
		for (uint32_t j = 0; j < it->ninterfaces; j++) {
			bool found = false;
			for (uint32_t m = 0; m < t->ninterfaces; m++)
				found |= t->interfaces[m] == it->interfaces[j];
			if (!found)
				bfail(b, &ti->loc, "Type %s must implement %s because it is implemented by %s.", t->name,
				      it->interfaces[j]->name, it->name);
		}
		for (uint32_t j = 0; j < it->nfields; j++) {
			struct gql_field *iff = it->fields[j];
			struct gql_field *of = gql_type_field(t, iff->name);
			if (of == NULL)
				bfail(b, &ti->loc, "Interface field %s.%s expected but %s does not provide it.", it->name, iff->name,
				      t->name);
			const struct gql_loc *floc = &ti->member_locs[of->index];
			if (!valid_impl_type(of->type, iff->type))
				bfail(b, floc, "Interface field %s.%s expects type %s but %s.%s is type %s.", it->name, iff->name,
				      gql_type_print(b->a, iff->type), t->name, of->name, gql_type_print(b->a, of->type));
			for (uint32_t a = 0; a < iff->nargs; a++) {
				struct gql_input_value *ia = iff->args[a];
				struct gql_input_value *oa = gql_field_arg(of, ia->name);
				if (oa == NULL)
					bfail(b, floc, "Interface field argument %s.%s(%s:) expected but %s.%s does not provide it.",
					      it->name, iff->name, ia->name, t->name, of->name);
				if (oa->type != ia->type)
					bfail(b, floc, "Interface field argument %s.%s(%s:) expects type %s but %s.%s(%s:) is type %s.",
					      it->name, iff->name, ia->name, gql_type_print(b->a, ia->type), t->name, of->name,
					      oa->name, gql_type_print(b->a, oa->type));
			}
			for (uint32_t a = 0; a < of->nargs; a++) {
				struct gql_input_value *oa = of->args[a];
				if (oa->type->kind == GQL_K_NON_NULL && !oa->defval && !gql_field_arg(iff, oa->name))
					bfail(b, floc, "Object field %s.%s includes required argument %s that is missing from the "
					      "Interface field %s.%s.", t->name, of->name, oa->name, it->name, iff->name);
			}
		}
	}
}

/* ---- default values must fit their types ---- */
static const char *check_value(struct builder *b, const struct gql_type *t, const struct gql_value *v, int depth)
{
	if (depth > 64)
		return "value nested too deeply";
	if (t->kind == GQL_K_NON_NULL) {
		if (v->kind == GQL_V_NULL)
			return arena_printf(b->a, "expected non-null %s, found null", gql_type_print(b->a, t));
		return check_value(b, t->of, v, depth + 1);
	}
	if (v->kind == GQL_V_NULL)
		return NULL;
	const char *found = value_text(b, v);
	switch (t->kind) {
	case GQL_K_LIST:
		if (v->kind != GQL_V_LIST)
			return check_value(b, t->of, v, depth + 1);
		for (uint32_t i = 0; i < v->u.list.n; i++) {
			const char *m = check_value(b, t->of, v->u.list.items[i], depth + 1);
			if (m)
				return m;
		}
		return NULL;
	case GQL_K_INPUT_OBJECT:
		if (v->kind != GQL_V_OBJECT)
			return arena_printf(b->a, "expected %s, found %s", t->name, found);
		for (uint32_t i = 0; i < v->u.obj.n; i++) {
			const struct gql_object_field *f = &v->u.obj.fields[i];
			struct gql_input_value *iv = gql_input_field(t, f->name);
			if (iv == NULL)
				return arena_printf(b->a, "field \"%s\" is not defined by type %s", f->name, t->name);
			for (uint32_t j = 0; j < i; j++)
				if (strcmp(v->u.obj.fields[j].name, f->name) == 0)
					return arena_printf(b->a, "field \"%s\" is given more than once", f->name);
			const char *m = check_value(b, iv->type, f->value, depth + 1);
			if (m)
				return m;
		}
		for (uint32_t i = 0; i < t->ninputs; i++) {
			struct gql_input_value *iv = t->inputs[i];
			if (iv->type->kind != GQL_K_NON_NULL || iv->defval)
				continue;
			bool given = false;
			for (uint32_t j = 0; j < v->u.obj.n && !given; j++)
				given = strcmp(v->u.obj.fields[j].name, iv->name) == 0;
			if (!given)
				return arena_printf(b->a, "field %s.%s of required type %s was not provided", t->name, iv->name,
				                    gql_type_print(b->a, iv->type));
		}
		return NULL;
	case GQL_K_ENUM:
		if (v->kind != GQL_V_ENUM || gql_enum_value(t, v->u.name) == NULL)
			return arena_printf(b->a, "value %s does not exist in \"%s\" enum", found, t->name);
		return NULL;
	case GQL_K_SCALAR: {
		bool ok = true; /* custom scalars take any literal */
		switch (t->builtin) {
		case GQL_SCALAR_INT: ok = v->kind == GQL_V_INT && v->u.i <= INT32_MAX && v->u.i >= INT32_MIN; break;
		case GQL_SCALAR_FLOAT: ok = v->kind == GQL_V_INT || v->kind == GQL_V_FLOAT; break;
		case GQL_SCALAR_STRING: ok = v->kind == GQL_V_STRING; break;
		case GQL_SCALAR_BOOLEAN: ok = v->kind == GQL_V_BOOLEAN; break;
		case GQL_SCALAR_ID: ok = v->kind == GQL_V_STRING || v->kind == GQL_V_INT; break;
		case GQL_SCALAR_CUSTOM: break;
		}
		/* the built-in scalars' names are their own: "Int cannot represent ..." */
		return ok ? NULL : arena_printf(b->a, "%s cannot represent %s", t->name, found);
	}
	default:
		return "not an input type";
	}
}

static void check_default(struct builder *b, const struct gql_input_value *iv, const char *what)
{
	if (iv->defval == NULL)
		return;
	const char *m = check_value(b, iv->type, iv->defval, 0);
	if (m)
		bfail(b, &iv->defval->loc, "Invalid default value for %s: %s.", what, m);
}

static void check_defaults(struct builder *b)
{
	struct gql_schema *s = b->s;
	for (uint32_t i = 0; i < s->ntypes; i++) {
		struct gql_type *t = s->types[i];
		if (b->ti[i].from_builtins)
			continue;
		for (uint32_t j = 0; j < t->nfields; j++)
			for (uint32_t k = 0; k < t->fields[j]->nargs; k++)
				check_default(b, t->fields[j]->args[k], arena_printf(b->a, "%s.%s(%s:)", t->name,
				              t->fields[j]->name, t->fields[j]->args[k]->name));
		for (uint32_t j = 0; j < t->ninputs; j++)
			check_default(b, t->inputs[j], arena_printf(b->a, "%s.%s", t->name, t->inputs[j]->name));
	}
	for (uint32_t i = 0; i < s->ndirectives; i++) {
		struct gql_directive_def *d = s->directives[i];
		for (uint32_t k = 0; k < d->nargs; k++)
			check_default(b, d->args[k], arena_printf(b->a, "@%s(%s:)", d->name, d->args[k]->name));
	}
}

static void add_possible(struct builder *b, struct gql_type *it, struct gql_type *obj, uint32_t *caps)
{
	uint32_t *cap = &caps[it->index];
	if (it->npossible == *cap) {
		uint32_t nc = *cap ? *cap * 2 : 4;
		struct gql_type **np = balloc(b, sizeof *np * nc);
		if (it->npossible)
			memcpy(np, it->possible, sizeof *np * it->npossible);
		it->possible = np;
		*cap = nc;
	}
	it->possible[it->npossible++] = obj;
}

static void set_root(struct builder *b, struct gql_type **slot, const struct gql_root_op_def *r)
{
	struct gql_type *t = known_type(b, r->type, &r->loc);
	if (*slot)
		bfail(b, &r->loc, "Type for %s already defined in the schema. It cannot be redefined.",
		      gql_op_kind_names[r->op]);
	*slot = t;
}

static struct gql_field *meta_field(struct builder *b, const char *name, struct gql_type *type, const char *desc)
{
	struct gql_field *f = balloc(b, sizeof *f);
	f->name = name;
	f->type = type;
	f->description = desc;
	return f;
}

static void build(struct builder *b, struct gql_document *user, struct gql_document *bi)
{
	struct gql_schema *s = b->s;
	declare(b, user, false);
	declare(b, bi, true);
	s->index = ARENA_NEW(b->a, struct ix);
	if (s->index == NULL)
		bfail(b, NULL, "out of memory");
	*(struct ix *)s->index = b->ix;
	attach_extensions(b, user);
	s->t_int = gql_schema_type(s, "Int");
	s->t_float = gql_schema_type(s, "Float");
	s->t_string = gql_schema_type(s, "String");
	s->t_boolean = gql_schema_type(s, "Boolean");
	s->t_id = gql_schema_type(s, "ID");
	struct gql_type *sc[5] = { s->t_int, s->t_float, s->t_string, s->t_boolean, s->t_id };
	for (int i = 0; i < 5; i++)
		if (sc[i]->kind != GQL_K_SCALAR)
			bfail(b, &b->ti[sc[i]->index].loc, "Type \"%s\" is a built-in scalar and cannot be redefined as another kind.",
			      sc[i]->name);
	s->t_int->builtin = GQL_SCALAR_INT;
	s->t_float->builtin = GQL_SCALAR_FLOAT;
	s->t_string->builtin = GQL_SCALAR_STRING;
	s->t_boolean->builtin = GQL_SCALAR_BOOLEAN;
	s->t_id->builtin = GQL_SCALAR_ID;
	for (uint32_t i = 0; i < s->ndirectives; i++) {
		struct gql_directive_def *dd = s->directives[i];
		struct gql_typedef *td = dd->builtin ? directive_ast(bi, dd->name) : directive_ast(user, dd->name);
		build_directive(b, dd, td);
	}
	for (uint32_t i = 0; i < s->ntypes; i++)
		build_type(b, s->types[i], &b->ti[i]);
	/* interfaces: checks, then possible types */
	uint32_t *caps = balloc(b, sizeof *caps * s->ntypes);
	for (uint32_t i = 0; i < s->ntypes; i++) {
		struct gql_type *t = s->types[i];
		if (t->kind != GQL_K_OBJECT && t->kind != GQL_K_INTERFACE)
			continue;
		build_lookup(b->a, t); /* check_implements looks fields up */
	}
	for (uint32_t i = 0; i < s->ntypes; i++) {
		struct gql_type *t = s->types[i];
		if (t->kind != GQL_K_OBJECT && t->kind != GQL_K_INTERFACE)
			continue;
		check_implements(b, t, &b->ti[i]);
		if (t->kind == GQL_K_OBJECT)
			for (uint32_t k = 0; k < t->ninterfaces; k++)
				add_possible(b, t->interfaces[k], t, caps);
	}
	for (uint32_t i = 0; i < s->ntypes; i++) {
		struct gql_type *t = s->types[i];
		if (t->kind == GQL_K_INPUT_OBJECT || t->kind == GQL_K_ENUM)
			build_lookup(b->a, t);
	}
	check_defaults(b);
	/* the schema definition and its extensions, or the default root names */
	bool have_schema = false;
	for (uint32_t i = 0; i < user->n; i++) {
		struct gql_definition *d = user->defs[i];
		if (d->kind != GQL_DEF_SCHEMA)
			continue;
		struct gql_typedef *td = &d->u.td;
		if (!td->extension) {
			if (have_schema)
				bfail(b, &td->name_loc, "Must provide only one schema definition.");
			have_schema = true;
			s->description = td->description;
		}
		check_directives(b, td->dirs, td->ndirs, GQL_DL_SCHEMA);
		for (uint32_t j = 0; j < td->nroots; j++) {
			const struct gql_root_op_def *r = &td->roots[j];
			set_root(b, r->op == GQL_OP_QUERY ? &s->query : r->op == GQL_OP_MUTATION ? &s->mutation :
			         &s->subscription, r);
		}
	}
	if (!have_schema) {
		if (s->query == NULL)
			s->query = gql_schema_type(s, "Query");
		if (s->mutation == NULL)
			s->mutation = gql_schema_type(s, "Mutation");
		if (s->subscription == NULL)
			s->subscription = gql_schema_type(s, "Subscription");
	}
	if (s->query == NULL)
		bfail(b, NULL, "Query root type must be provided.");
	struct gql_type *roots[3] = { s->query, s->mutation, s->subscription };
	static const char *const rname[3] = { "Query", "Mutation", "Subscription" };
	for (int r = 0; r < 3; r++)
		if (roots[r] && roots[r]->kind != GQL_K_OBJECT)
			bfail(b, &b->ti[roots[r]->index].loc, "%s root type must be Object type, it cannot be %s.", rname[r],
			      roots[r]->name);
	/* meta-fields */
	s->f_typename = meta_field(b, "__typename", wrap(s, s->t_string, GQL_K_NON_NULL),
	                           "The name of the object type of this value.");
	struct gql_type *sch = gql_schema_type(s, "__Schema"), *typ = gql_schema_type(s, "__Type");
	s->f_schema = meta_field(b, "__schema", wrap(s, sch, GQL_K_NON_NULL), "Access the schema's types and directives.");
	s->f_type = meta_field(b, "__type", typ, "Look one type of the schema up by name.");
	struct gql_input_value *arg = balloc(b, sizeof *arg);
	arg->name = "name";
	arg->type = wrap(s, s->t_string, GQL_K_NON_NULL);
	s->f_type->args = balloc(b, sizeof *s->f_type->args);
	s->f_type->args[0] = arg;
	s->f_type->nargs = 1;
}

static int run_build(struct builder *b, struct gql_document *user, struct gql_document *bi)
{
	if (setjmp(b->jb))
		return -1;
	build(b, user, bi);
	return 0;
}

struct gql_schema *gql_schema_parse(const char *sdl, size_t len, char *err, size_t errlen)
{
	struct gql_schema *s = calloc(1, sizeof *s);
	struct builder *b = NULL;
	struct gql_limits lim = { .max_bytes = 0xffffffffu, .max_tokens = 0xffffffffu, .max_depth = 256 };
	if (err && errlen)
		err[0] = 0;
	if (s == NULL) {
		if (err && errlen)
			snprintf(err, errlen, "out of memory");
		return NULL;
	}
	arena_init(&s->arena);
	struct gql_errors errs;
	gql_errors_init(&errs, &s->arena);
	struct gql_document *user = gql_parse(&s->arena, sdl, len, &lim, &errs);
	if (user == NULL) {
		if (err && errlen && errs.head) {
			if (errs.head->nlocs)
				snprintf(err, errlen, "%u:%u: %s", (unsigned)errs.head->locs[0].line,
				         (unsigned)errs.head->locs[0].col, errs.head->message);
			else
				snprintf(err, errlen, "%s", errs.head->message);
		}
		goto fail;
	}
	struct gql_document *bi = gql_parse(&s->arena, builtin_sdl, sizeof builtin_sdl - 1, &lim, &errs);
	if (bi == NULL) {
		if (err && errlen)
			snprintf(err, errlen, "internal error: built-in definitions do not parse");
		goto fail;
	}
	b = ARENA_NEW(&s->arena, struct builder);
	if (b == NULL)
		goto fail;
	b->s = s;
	b->a = &s->arena;
	b->err = err;
	b->errlen = errlen;
	if (run_build(b, user, bi) < 0)
		goto fail;
	return s;
fail:
	gql_schema_free(s);
	return NULL;
}

void gql_schema_free(struct gql_schema *s)
{
	if (s == NULL)
		return;
	arena_free(&s->arena);
	free(s);
}

/* ---- binding ---- */
int gql_bind(struct gql_schema *s, const char *type_dot_field, gql_resolve_fn fn, void *udata)
{
	const char *dot = strchr(type_dot_field, '.');
	if (dot == NULL || dot == type_dot_field)
		return -1;
	char tname[256];
	size_t n = (size_t)(dot - type_dot_field);
	if (n >= sizeof tname)
		return -1;
	memcpy(tname, type_dot_field, n);
	tname[n] = 0;
	struct gql_type *t = gql_schema_type(s, tname);
	if (t == NULL || (t->kind != GQL_K_OBJECT && t->kind != GQL_K_INTERFACE))
		return -1;
	if (strcmp(dot + 1, "*") == 0) {
		for (uint32_t i = 0; i < t->nfields; i++) {
			if (t->fields[i]->resolve)
				continue;
			t->fields[i]->resolve = fn;
			t->fields[i]->udata = udata;
		}
		return 0;
	}
	struct gql_field *f = gql_type_field(t, dot + 1);
	if (f == NULL)
		return -1;
	f->resolve = fn;
	f->udata = udata;
	return 0;
}

int gql_bind_scalar(struct gql_schema *s, const char *scalar, gql_scalar_parse_fn parse)
{
	struct gql_type *t = gql_schema_type(s, scalar);
	if (t == NULL || t->kind != GQL_K_SCALAR)
		return -1;
	t->parse = parse;
	return 0;
}

static void reach(bool *seen, struct gql_type **queue, uint32_t *qt, struct gql_type *t)
{
	if (t != NULL && !seen[t->index]) {
		seen[t->index] = true;
		queue[(*qt)++] = t;
	}
}

int gql_schema_reachable(const struct gql_schema *s, struct gql_type ***types, uint32_t *n)
{
	*types = NULL;
	*n = 0;
	if (s->ntypes == 0)
		return 0;
	bool *seen = calloc(s->ntypes, sizeof *seen);
	struct gql_type **queue = calloc(s->ntypes, sizeof *queue);
	if (seen == NULL || queue == NULL) {
		free(seen);
		free(queue);
		return -1;
	}
	uint32_t qh = 0, qt = 0;
	const struct gql_type *roots[3] = { s->query, s->mutation, s->subscription };
	for (int r = 0; r < 3; r++)
		if (roots[r] != NULL)
			reach(seen, queue, &qt, s->types[roots[r]->index]);
	while (qh < qt) {
		struct gql_type *t = queue[qh++];
		for (uint32_t i = 0; i < t->nfields; i++) {
			struct gql_type *ft = gql_named_type(t->fields[i]->type);
			if (!ft->introspection)
				reach(seen, queue, &qt, ft);
		}
		for (uint32_t i = 0; i < t->npossible; i++)
			reach(seen, queue, &qt, t->possible[i]);
	}
	free(seen);
	*types = queue;
	*n = qt;
	return 0;
}

int gql_schema_unbound(const struct gql_schema *s, char *buf, size_t buflen)
{
	int count = 0;
	size_t used = 0;
	if (buf && buflen)
		buf[0] = 0;
	struct gql_type **types;
	uint32_t n;
	if (gql_schema_reachable(s, &types, &n) != 0)
		return -1;
	for (uint32_t k = 0; k < n; k++) {
		const struct gql_type *t = types[k];
		if (t->kind != GQL_K_OBJECT)
			continue;
		for (uint32_t i = 0; i < t->nfields; i++) {
			const struct gql_field *f = t->fields[i];
			if (f->resolve != NULL)
				continue;
			count++;
			if (buf && buflen) {
				int w = snprintf(buf + used, buflen - used, "%s%s.%s", count > 1 ? ", " : "", t->name, f->name);
				if (w > 0)
					used = used + (size_t)w < buflen ? used + (size_t)w : buflen - 1;
			}
		}
	}
	free(types);
	return count;
}
