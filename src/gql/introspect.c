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

/* ---- __Schema */

static int schema_description(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_cstr(o, ((const struct gql_schema *)p)->description);
	return 0;
}

static int schema_types(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	const struct gql_schema *s = p;
	struct gql_out *items = gql_out_list(rc, o, s->ntypes);
	if (items == NULL)
		return -1;
	for (uint32_t i = 0; i < s->ntypes; i++)
		out_type(&items[i], s->types[i]);
	return 0;
}

static int schema_query(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	out_type(o, ((const struct gql_schema *)p)->query);
	return 0;
}

static int schema_mutation(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	out_type(o, ((const struct gql_schema *)p)->mutation);
	return 0;
}

static int schema_subscription(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	out_type(o, ((const struct gql_schema *)p)->subscription);
	return 0;
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

static int type_kind(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_enum(o, gql_type_kind_names[TYPE(p)->kind]);
	return 0;
}

static int type_name(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_cstr(o, TYPE(p)->name);
	return 0;
}

static int type_description(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_cstr(o, TYPE(p)->description);
	return 0;
}

static int type_specified_by(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_cstr(o, TYPE(p)->kind == GQL_K_SCALAR ? TYPE(p)->specified_by : NULL);
	return 0;
}

static int type_fields(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	const struct gql_type *t = p;
	if (t->kind != GQL_K_OBJECT && t->kind != GQL_K_INTERFACE) {
		gql_out_null(o);
		return 0;
	}
	bool all = include_deprecated(rc);
	uint32_t n = 0;
	for (uint32_t i = 0; i < t->nfields; i++)
		n += all || !t->fields[i]->deprecated;
	struct gql_out *items = gql_out_list(rc, o, n);
	if (items == NULL)
		return -1;
	n = 0;
	for (uint32_t i = 0; i < t->nfields; i++)
		if (all || !t->fields[i]->deprecated)
			gql_out_object(&items[n++], NULL, t->fields[i]);
	return 0;
}

static int type_list(struct gql_rctx *rc, struct gql_out *o, struct gql_type *const *v, uint32_t n)
{
	struct gql_out *items = gql_out_list(rc, o, n);
	if (items == NULL)
		return -1;
	for (uint32_t i = 0; i < n; i++)
		out_type(&items[i], v[i]);
	return 0;
}

static int type_interfaces(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	const struct gql_type *t = p;
	if (t->kind != GQL_K_OBJECT && t->kind != GQL_K_INTERFACE) {
		gql_out_null(o);
		return 0;
	}
	return type_list(rc, o, t->interfaces, t->ninterfaces);
}

static int type_possible(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	const struct gql_type *t = p;
	if (t->kind != GQL_K_UNION && t->kind != GQL_K_INTERFACE) {
		gql_out_null(o);
		return 0;
	}
	return type_list(rc, o, t->possible, t->npossible);
}

static int type_enum_values(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	const struct gql_type *t = p;
	if (t->kind != GQL_K_ENUM) {
		gql_out_null(o);
		return 0;
	}
	bool all = include_deprecated(rc);
	uint32_t n = 0;
	for (uint32_t i = 0; i < t->nvalues; i++)
		n += all || !t->values[i]->deprecated;
	struct gql_out *items = gql_out_list(rc, o, n);
	if (items == NULL)
		return -1;
	n = 0;
	for (uint32_t i = 0; i < t->nvalues; i++)
		if (all || !t->values[i]->deprecated)
			gql_out_object(&items[n++], NULL, t->values[i]);
	return 0;
}

static int input_values(struct gql_rctx *rc, struct gql_out *o, struct gql_input_value *const *v, uint32_t nv)
{
	bool all = include_deprecated(rc);
	uint32_t n = 0;
	for (uint32_t i = 0; i < nv; i++)
		n += all || !v[i]->deprecated;
	struct gql_out *items = gql_out_list(rc, o, n);
	if (items == NULL)
		return -1;
	n = 0;
	for (uint32_t i = 0; i < nv; i++)
		if (all || !v[i]->deprecated)
			gql_out_object(&items[n++], NULL, v[i]);
	return 0;
}

static int type_input_fields(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	const struct gql_type *t = p;
	if (t->kind != GQL_K_INPUT_OBJECT) {
		gql_out_null(o);
		return 0;
	}
	return input_values(rc, o, t->inputs, t->ninputs);
}

static int type_of(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	const struct gql_type *t = p;
	out_type(o, t->kind == GQL_K_LIST || t->kind == GQL_K_NON_NULL ? t->of : NULL);
	return 0;
}

/* later editions of the spec: answered so a schema that declares them still works */
static int type_is_one_of(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	if (TYPE(p)->kind == GQL_K_INPUT_OBJECT)
		gql_out_bool(o, false);
	else
		gql_out_null(o);
	return 0;
}

static int always_false(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	(void)p;
	gql_out_bool(o, false);
	return 0;
}

static int always_null(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	(void)p;
	gql_out_null(o);
	return 0;
}

/* ---- __Field */

#define FIELD(p) ((const struct gql_field *)(p))

static int field_name(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_cstr(o, FIELD(p)->name);
	return 0;
}

static int field_description(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_cstr(o, FIELD(p)->description);
	return 0;
}

static int field_args(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	return input_values(rc, o, FIELD(p)->args, FIELD(p)->nargs);
}

static int field_type(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	out_type(o, FIELD(p)->type);
	return 0;
}

static int field_deprecated(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_bool(o, FIELD(p)->deprecated);
	return 0;
}

static int field_reason(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_cstr(o, FIELD(p)->deprecated ? FIELD(p)->deprecation_reason : NULL);
	return 0;
}

/* ---- __InputValue */

#define IV(p) ((const struct gql_input_value *)(p))

static int iv_name(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_cstr(o, IV(p)->name);
	return 0;
}

static int iv_description(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_cstr(o, IV(p)->description);
	return 0;
}

static int iv_type(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	out_type(o, IV(p)->type);
	return 0;
}

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

static int iv_deprecated(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_bool(o, IV(p)->deprecated);
	return 0;
}

static int iv_reason(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_cstr(o, IV(p)->deprecated ? IV(p)->deprecation_reason : NULL);
	return 0;
}

/* ---- __EnumValue */

#define EV(p) ((const struct gql_enum_value *)(p))

static int ev_name(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_cstr(o, EV(p)->name);
	return 0;
}

static int ev_description(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_cstr(o, EV(p)->description);
	return 0;
}

static int ev_deprecated(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_bool(o, EV(p)->deprecated);
	return 0;
}

static int ev_reason(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_cstr(o, EV(p)->deprecated ? EV(p)->deprecation_reason : NULL);
	return 0;
}

/* ---- __Directive */

#define DIR(p) ((const struct gql_directive_def *)(p))

static int dir_name(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_cstr(o, DIR(p)->name);
	return 0;
}

static int dir_description(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_cstr(o, DIR(p)->description);
	return 0;
}

static int dir_repeatable(struct gql_rctx *rc, const void *p, struct gql_out *o)
{
	(void)rc;
	gql_out_bool(o, DIR(p)->repeatable);
	return 0;
}

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
