/* introspect.c: resolvers for the introspection meta-fields and the __Schema, __Type, ... types (spec 4). */
#include <string.h>
#include "gql/exec_int.h"

static bool include_deprecated(struct gql_rctx *rc)
{
	const struct gql_value *v = gql_arg(rc, "includeDeprecated");
	return v != NULL && v->kind == GQL_V_BOOLEAN && v->u.b;
}

static void out_type(struct gql_out *o, const struct gql_type *t)
{
	if (t == NULL)
		gql_out_null(o);
	else
		gql_out_object(o, NULL, t);
}

/* ---- meta-fields */

static int r_schema(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	(void)parent;
	gql_out_object(o, NULL, gql_rctx_schema(rc));
	return 0;
}

static int r_type(struct gql_rctx *rc, const void *parent, struct gql_out *o)
{
	(void)parent;
	const char *name = gql_value_str(gql_arg(rc, "name"));
	out_type(o, name ? gql_schema_type(gql_rctx_schema(rc), name) : NULL);
	return 0;
}

/* a resolver that answers from its parent alone: p is the parent object, o the answer */
#define ANSWER(name, ...)                                                                  \
	static int name(struct gql_rctx *rc, const void *p, struct gql_out *o)                 \
	{                                                                                      \
		(void)rc;                                                                          \
		(void)p;                                                                           \
		__VA_ARGS__;                                                                       \
		return 0;                                                                          \
	}

/* a list of members (fields, arguments, enum values): the deprecated ones only when
 * includeDeprecated: true */
#define LIVE_LIST(name, T)                                                                 \
	static int name(struct gql_rctx *rc, struct gql_out *o, T *const *v, uint32_t nv)      \
	{                                                                                      \
		bool all = include_deprecated(rc);                                                 \
		uint32_t n = 0;                                                                    \
		for (uint32_t i = 0; i < nv; i++)                                                  \
			n += all || !v[i]->deprecated;                                                 \
		struct gql_out *items = gql_out_list(rc, o, n);                                    \
		if (items == NULL)                                                                 \
			return -1;                                                                     \
		n = 0;                                                                             \
		for (uint32_t i = 0; i < nv; i++)                                                  \
			if (all || !v[i]->deprecated)                                                  \
				gql_out_object(&items[n++], NULL, v[i]);                                   \
		return 0;                                                                          \
	}

LIVE_LIST(field_list, struct gql_field)
LIVE_LIST(enum_value_list, struct gql_enum_value)
LIVE_LIST(input_values, struct gql_input_value)

/* ---- __Schema */

static int type_list(struct gql_rctx *rc, struct gql_out *o, struct gql_type *const *v, uint32_t n)
{
	struct gql_out *items = gql_out_list(rc, o, n);
	if (items == NULL)
		return -1;
	for (uint32_t i = 0; i < n; i++)
		out_type(&items[i], v[i]);
	return 0;
}

#define SCHEMA(p) ((const struct gql_schema *)(p))

ANSWER(schema_description, gql_out_cstr(o, SCHEMA(p)->description))
ANSWER(schema_query, out_type(o, SCHEMA(p)->query))
ANSWER(schema_mutation, out_type(o, SCHEMA(p)->mutation))
ANSWER(schema_subscription, out_type(o, SCHEMA(p)->subscription))

static int schema_types(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	return type_list(rc, o, SCHEMA(p)->types, SCHEMA(p)->ntypes);
}

static int schema_directives(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	const struct gql_schema *s = p;
	struct gql_out *items = gql_out_list(rc, o, s->ndirectives);
	if (items == NULL)
		return -1;
	for (uint32_t i = 0; i < s->ndirectives; i++)
		gql_out_object(&items[i], NULL, s->directives[i]);
	return 0;
}

/* ---- __Type */

#define TYPE(p) ((const struct gql_type *)(p))
#define KIND(k) (1u << (k))

/* whether t is of one of the kinds; if not, the answer is null */
static bool of_kind(const struct gql_type *t, unsigned kinds, struct gql_out *o)
{
	if (kinds & KIND(t->kind))
		return true;
	gql_out_null(o);
	return false;
}

ANSWER(type_kind, gql_out_enum(o, gql_type_kind_names[TYPE(p)->kind]))
ANSWER(type_name, gql_out_cstr(o, TYPE(p)->name))
ANSWER(type_description, gql_out_cstr(o, TYPE(p)->description))
ANSWER(type_specified_by, gql_out_cstr(o, TYPE(p)->kind == GQL_K_SCALAR ? TYPE(p)->specified_by : NULL))
ANSWER(type_of, out_type(o, TYPE(p)->kind == GQL_K_LIST || TYPE(p)->kind == GQL_K_NON_NULL ? TYPE(p)->of : NULL))

/* a list-valued __Type field: null unless the type is of one of the kinds */
#define TYPE_LIST(name, kinds, list, arr, n)                                               \
	static int name(struct gql_rctx *rc, const void *p, struct gql_out *o)                 \
	{                                                                                      \
		const struct gql_type *t = p;                                                      \
		if (!of_kind(t, kinds, o))                                                         \
			return 0;                                                                      \
		return list(rc, o, t->arr, t->n);                                                  \
	}

TYPE_LIST(type_fields, KIND(GQL_K_OBJECT) | KIND(GQL_K_INTERFACE), field_list, fields, nfields)
TYPE_LIST(type_interfaces, KIND(GQL_K_OBJECT) | KIND(GQL_K_INTERFACE), type_list, interfaces, ninterfaces)
TYPE_LIST(type_possible, KIND(GQL_K_UNION) | KIND(GQL_K_INTERFACE), type_list, possible, npossible)
TYPE_LIST(type_enum_values, KIND(GQL_K_ENUM), enum_value_list, values, nvalues)
TYPE_LIST(type_input_fields, KIND(GQL_K_INPUT_OBJECT), input_values, inputs, ninputs)

/* later editions of the spec: answered so a schema that declares them still works */
static int type_is_one_of(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	if (of_kind(TYPE(p), KIND(GQL_K_INPUT_OBJECT), o))
		gql_out_bool(o, false);
	return 0;
}

ANSWER(always_false, gql_out_bool(o, false))
ANSWER(always_null, gql_out_null(o))

/* name, description, isDeprecated and deprecationReason of the members, through CAST(p) */
#define MEMBER_ANSWERS(prefix, CAST)                                                       \
	ANSWER(prefix##_name, gql_out_cstr(o, CAST(p)->name))                                  \
	ANSWER(prefix##_description, gql_out_cstr(o, CAST(p)->description))                   \
	ANSWER(prefix##_deprecated, gql_out_bool(o, CAST(p)->deprecated))                      \
	ANSWER(prefix##_reason, gql_out_cstr(o, CAST(p)->deprecated ? CAST(p)->deprecation_reason : NULL))

/* ---- __Field */

#define FIELD(p) ((const struct gql_field *)(p))

MEMBER_ANSWERS(field, FIELD)
ANSWER(field_type, out_type(o, FIELD(p)->type))

static int field_args(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	return input_values(rc, o, FIELD(p)->args, FIELD(p)->nargs);
}

/* ---- __InputValue */

#define IV(p) ((const struct gql_input_value *)(p))

MEMBER_ANSWERS(iv, IV)
ANSWER(iv_type, out_type(o, IV(p)->type))

static int iv_default(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	const struct gql_input_value *iv = p;
	if (iv->defval_text != NULL)
		gql_out_cstr(o, iv->defval_text);
	else if (iv->defval != NULL)
		gql_out_cstr(o, gql_value_print(gql_arena(rc), iv->defval));
	else
		gql_out_null(o);
	return 0;
}

/* ---- __EnumValue */

#define EV(p) ((const struct gql_enum_value *)(p))

MEMBER_ANSWERS(ev, EV)

/* ---- __Directive */

#define DIR(p) ((const struct gql_directive_def *)(p))

ANSWER(dir_name, gql_out_cstr(o, DIR(p)->name))
ANSWER(dir_description, gql_out_cstr(o, DIR(p)->description))
ANSWER(dir_repeatable, gql_out_bool(o, DIR(p)->repeatable))

static int dir_locations(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	uint32_t locs = DIR(p)->locations, n = 0;
	for (int i = 0; i < GQL_DL__MAX; i++)
		n += (locs >> i) & 1u;
	struct gql_out *items = gql_out_list(rc, o, n);
	if (items == NULL)
		return -1;
	n = 0;
	for (int i = 0; i < GQL_DL__MAX; i++)
		if ((locs >> i) & 1u)
			gql_out_enum(&items[n++], gql_dir_loc_names[i]);
	return 0;
}

static int dir_args(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	return input_values(rc, o, DIR(p)->args, DIR(p)->nargs);
}

static const struct {
	const char *type, *field;
	gql_resolve_fn fn;
} table[] = {
	{ "__Schema", "description", schema_description },
	{ "__Schema", "types", schema_types },
	{ "__Schema", "queryType", schema_query },
	{ "__Schema", "mutationType", schema_mutation },
	{ "__Schema", "subscriptionType", schema_subscription },
	{ "__Schema", "directives", schema_directives },
	{ "__Type", "kind", type_kind },
	{ "__Type", "name", type_name },
	{ "__Type", "description", type_description },
	{ "__Type", "specifiedByURL", type_specified_by },
	{ "__Type", "specifiedByUrl", type_specified_by },
	{ "__Type", "fields", type_fields },
	{ "__Type", "interfaces", type_interfaces },
	{ "__Type", "possibleTypes", type_possible },
	{ "__Type", "enumValues", type_enum_values },
	{ "__Type", "inputFields", type_input_fields },
	{ "__Type", "ofType", type_of },
	{ "__Field", "name", field_name },
	{ "__Field", "description", field_description },
	{ "__Field", "args", field_args },
	{ "__Field", "type", field_type },
	{ "__Field", "isDeprecated", field_deprecated },
	{ "__Field", "deprecationReason", field_reason },
	{ "__InputValue", "name", iv_name },
	{ "__InputValue", "description", iv_description },
	{ "__InputValue", "type", iv_type },
	{ "__InputValue", "defaultValue", iv_default },
	{ "__InputValue", "isDeprecated", iv_deprecated },
	{ "__InputValue", "deprecationReason", iv_reason },
	{ "__EnumValue", "name", ev_name },
	{ "__EnumValue", "description", ev_description },
	{ "__EnumValue", "isDeprecated", ev_deprecated },
	{ "__EnumValue", "deprecationReason", ev_reason },
	{ "__Directive", "name", dir_name },
	{ "__Directive", "description", dir_description },
	{ "__Directive", "isRepeatable", dir_repeatable },
	{ "__Directive", "locations", dir_locations },
	{ "__Directive", "args", dir_args },
	{ "__Type", "isOneOf", type_is_one_of },
	{ "__Directive", "isDeprecated", always_false },
	{ "__Directive", "deprecationReason", always_null },
};

gql_resolve_fn gql_introspect_resolver(const struct gql_schema *s, const struct gql_field *f)
{
	if (f == s->f_schema)
		return r_schema;
	if (f == s->f_type)
		return r_type;
	if (f->owner == NULL || f->owner->name == NULL)
		return NULL;
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if (strcmp(table[i].type, f->owner->name) == 0 && strcmp(table[i].field, f->name) == 0)
			return table[i].fn;
	return NULL;
}
