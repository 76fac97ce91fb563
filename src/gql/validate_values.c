/* validate_values.c: validation of literal values against input types (spec 5.6) and recording of variable usages. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "gql/validate.h"

/* ---------------------------------------------------------------- printing */



const char *vvalue_str(struct vctx *c, const struct gql_value *v)
{
	return gql_value_print(c->a, v);
}

bool vvalue_equal(const struct gql_value *a, const struct gql_value *b)
{
	if (a == b)
		return true;
	if (a == NULL || b == NULL || a->kind != b->kind)
		return false;
	switch (a->kind) {
	case GQL_V_NULL:
		return true;
	case GQL_V_INT:
	case GQL_V_FLOAT:
		if (a->raw && b->raw)
			return strcmp(a->raw, b->raw) == 0;
		return a->kind == GQL_V_INT ? a->u.i == b->u.i : a->u.f == b->u.f;
	case GQL_V_STRING:
		return a->u.s.len == b->u.s.len && memcmp(a->u.s.p, b->u.s.p, a->u.s.len) == 0;
	case GQL_V_BOOLEAN:
		return a->u.b == b->u.b;
	case GQL_V_ENUM:
	case GQL_V_VARIABLE:
		return strcmp(a->u.name, b->u.name) == 0;
	case GQL_V_LIST:
		if (a->u.list.n != b->u.list.n)
			return false;
		for (uint32_t i = 0; i < a->u.list.n; i++)
			if (!vvalue_equal(a->u.list.items[i], b->u.list.items[i]))
				return false;
		return true;
	case GQL_V_OBJECT:
		if (a->u.obj.n != b->u.obj.n)
			return false;
		for (uint32_t i = 0; i < a->u.obj.n; i++)
			if (strcmp(a->u.obj.fields[i].name, b->u.obj.fields[i].name) != 0 ||
			    !vvalue_equal(a->u.obj.fields[i].value, b->u.obj.fields[i].value))
				return false;
		return true;
	default:
		return false;
	}
}

/* ---------------------------------------------------------------- checking */

static void add_usage(struct vctx *c, const struct gql_value *v, const struct gql_type *t, bool locdef)
{
	struct vowner *o = c->cur;
	if (o == NULL)
		return; /* variables in a constant context are rejected by the parser */
	struct vusage *u = vgrow(c, o->uses, &o->capuses, o->nuses, sizeof *u);
	if (u == NULL)
		return;
	o->uses = u;
	u += o->nuses++;
	u->name = v->u.name;
	u->loc = v->loc;
	u->type = t;
	u->locdef = locdef;
}

static const char *ofield_name(const void *arr, uint32_t i)
{
	return ((const struct gql_object_field *)arr)[i].name;
}

static struct gql_loc ofield_loc(const void *arr, uint32_t i)
{
	return ((const struct gql_object_field *)arr)[i].loc;
}

static void dup_ofields(struct vctx *c, const void *arr, const uint32_t *idx, uint32_t n)
{
	vdup_pairs(c, arr, idx, n, ofield_name, ofield_loc, "input field");
}

/* a value whose position has no known type: only its variables matter */
static void untyped(struct vctx *c, const struct gql_value *v)
{
	if (v->kind == GQL_V_VARIABLE) {
		add_usage(c, v, NULL, false);
	} else if (v->kind == GQL_V_LIST) {
		for (uint32_t i = 0; i < v->u.list.n; i++)
			untyped(c, v->u.list.items[i]);
	} else if (v->kind == GQL_V_OBJECT) {
		vdups(c, v->u.obj.fields, v->u.obj.n, ofield_name, dup_ofields);
		for (uint32_t i = 0; i < v->u.obj.n; i++)
			untyped(c, v->u.obj.fields[i].value);
	}
}

/* a list or object where t (nullable, not a list) was expected: variables in a list still
 * expect t (as graphql-js's TypeInfo gives list items), those in an object nothing known */
static void loose(struct vctx *c, const struct gql_value *v, const struct gql_type *t)
{
	if (v->kind == GQL_V_VARIABLE)
		add_usage(c, v, t, false);
	else if (v->kind == GQL_V_LIST)
		for (uint32_t i = 0; i < v->u.list.n; i++)
			loose(c, v->u.list.items[i], t);
	else if (v->kind == GQL_V_OBJECT)
		untyped(c, v);
}

static bool int32_literal(const struct gql_value *v)
{
	int64_t x = v->u.i;
	if (v->raw != NULL) {
		char *end;
		errno = 0;
		long long r = strtoll(v->raw, &end, 10);
		if (errno != 0 || *end != '\0')
			return false;
		x = r;
	}
	return x >= -2147483648LL && x <= 2147483647LL;
}

#define VK(k) (1u << (k))

/* the literal kinds each built-in scalar takes, and what is said of any other */
static const struct {
	unsigned kinds;
	const char *refusal;
} builtin_literal[] = {
	[GQL_SCALAR_INT] = { VK(GQL_V_INT), "Int cannot represent non-integer value: " },
	[GQL_SCALAR_FLOAT] = { VK(GQL_V_INT) | VK(GQL_V_FLOAT), "Float cannot represent non numeric value: " },
	[GQL_SCALAR_STRING] = { VK(GQL_V_STRING), "String cannot represent a non string value: " },
	[GQL_SCALAR_BOOLEAN] = { VK(GQL_V_BOOLEAN), "Boolean cannot represent a non boolean value: " },
	[GQL_SCALAR_ID] = { VK(GQL_V_STRING) | VK(GQL_V_INT), "ID cannot represent a non-string and non-integer value: " },
};

static void check_scalar(struct vctx *c, const struct gql_value *v, const struct gql_type *t)
{
	enum gql_value_kind k = v->kind;
	switch (t->builtin) {
	case GQL_SCALAR_INT:
	case GQL_SCALAR_FLOAT:
	case GQL_SCALAR_STRING:
	case GQL_SCALAR_BOOLEAN:
	case GQL_SCALAR_ID:
		if (!(builtin_literal[t->builtin].kinds & VK(k)))
			verr(c, &v->loc, 1, "%s%s", builtin_literal[t->builtin].refusal, vvalue_str(c, v));
		else if (t->builtin == GQL_SCALAR_INT && !int32_literal(v))
			verr(c, &v->loc, 1, "Int cannot represent non 32-bit signed integer value: %s", vvalue_str(c, v));
		break;
	case GQL_SCALAR_CUSTOM:
		/* a scalar with its own input coercion checks its literals here, as graphql-js's
		 * parseLiteral does; literals holding variables wait for execution */
		if (t->parse != NULL && k != GQL_V_VARIABLE && k != GQL_V_LIST && k != GQL_V_OBJECT &&
		    k != GQL_V_NULL) {
			struct gql_value *copy = ARENA_NEW(c->a, struct gql_value);
			const char *why = NULL;
			if (copy != NULL) {
				*copy = *v;
				if (t->parse(c->a, copy, &why))
					verr(c, &v->loc, 1, "Expected value of type \"%s\", found %s; %s", t->name,
					     vvalue_str(c, v), why ? why : "invalid value");
			}
		}
		break;
	}
	if (k == GQL_V_LIST || k == GQL_V_OBJECT)
		loose(c, v, t);
}

static void check_enum(struct vctx *c, const struct gql_value *v, const struct gql_type *t)
{
	if (v->kind == GQL_V_ENUM) {
		if (gql_enum_value(t, v->u.name) != NULL)
			return;
		const char **names = ARENA_NEWN(c->a, const char *, t->nvalues ? t->nvalues : 1);
		for (uint32_t i = 0; names && i < t->nvalues; i++)
			names[i] = t->values[i]->name;
		verr(c, &v->loc, 1, "Value \"%s\" does not exist in \"%s\" enum.%s", v->u.name, t->name,
		     names ? vsuggest(c, v->u.name, names, t->nvalues, NULL) : "");
		return;
	}
	const char *sug = "";
	if (v->kind == GQL_V_STRING && gql_enum_value(t, v->u.s.p) != NULL && strlen(v->u.s.p) == v->u.s.len) {
		sug = arena_printf(c->a, " Did you mean the enum value \"%s\"?", v->u.s.p);
		if (sug == NULL)
			sug = "";
	}
	verr(c, &v->loc, 1, "Enum \"%s\" cannot represent non-enum value: %s.%s", t->name, vvalue_str(c, v), sug);
	if (v->kind == GQL_V_LIST || v->kind == GQL_V_OBJECT)
		loose(c, v, t);
}

static void check_object(struct vctx *c, const struct gql_value *v, const struct gql_type *t)
{
	const struct gql_object_field *fields = v->u.obj.fields;
	uint32_t n = v->u.obj.n;
	vdups(c, fields, n, ofield_name, dup_ofields);
	for (uint32_t i = 0; i < n && !c->stop; i++) {
		const struct gql_input_value *fd = gql_input_field(t, fields[i].name);
		if (fd == NULL) {
			const char **names = ARENA_NEWN(c->a, const char *, t->ninputs ? t->ninputs : 1);
			for (uint32_t j = 0; names && j < t->ninputs; j++)
				names[j] = t->inputs[j]->name;
			verr(c, &fields[i].loc, 1, "Field \"%s\" is not defined by type \"%s\".%s", fields[i].name, t->name,
			     names ? vsuggest(c, fields[i].name, names, t->ninputs, NULL) : "");
			untyped(c, fields[i].value);
			continue;
		}
		vcheck_value(c, fields[i].value, fd->type, fd->defval != NULL);
	}
	for (uint32_t j = 0; j < t->ninputs && !c->stop; j++) {
		const struct gql_input_value *fd = t->inputs[j];
		if (fd->type == NULL || fd->type->kind != GQL_K_NON_NULL || fd->defval != NULL)
			continue;
		bool found = false;
		for (uint32_t i = 0; i < n && !found; i++)
			found = strcmp(fields[i].name, fd->name) == 0;
		if (!found)
			verr(c, &v->loc, 1, "Field \"%s.%s\" of required type \"%s\" was not provided.", t->name, fd->name,
			     vtype_str(c, fd->type));
	}
}

/* v against type t; `full` is the position's type as written in messages */
static void check(struct vctx *c, const struct gql_value *v, const struct gql_type *t,
                  const struct gql_type *full, bool locdef)
{
	if (c->stop)
		return;
	if (v->kind == GQL_V_VARIABLE) {
		add_usage(c, v, t, locdef);
		return;
	}
	if (t == NULL) {
		untyped(c, v);
		return;
	}
	if (t->kind == GQL_K_NON_NULL) {
		if (v->kind == GQL_V_NULL) {
			verr(c, &v->loc, 1, "Expected value of type \"%s\", found null.", vtype_str(c, full));
			return;
		}
		t = t->of;
	}
	if (v->kind == GQL_V_NULL)
		return;
	switch (t->kind) {
	case GQL_K_LIST:
		if (v->kind == GQL_V_LIST) {
			for (uint32_t i = 0; i < v->u.list.n && !c->stop; i++)
				check(c, v->u.list.items[i], t->of, t->of, false);
		} else {
			check(c, v, t->of, full, false); /* a single value coerces to a list of one */
		}
		break;
	case GQL_K_INPUT_OBJECT:
		if (v->kind != GQL_V_OBJECT) {
			verr(c, &v->loc, 1, "Expected value of type \"%s\", found %s.", vtype_str(c, full), vvalue_str(c, v));
			loose(c, v, t);
		} else {
			check_object(c, v, t);
		}
		break;
	case GQL_K_ENUM:
		check_enum(c, v, t);
		break;
	case GQL_K_SCALAR:
		check_scalar(c, v, t);
		break;
	default:
		/* not an input type: reported where the type was declared */
		untyped(c, v);
		break;
	}
}

void vcheck_value(struct vctx *c, const struct gql_value *v, const struct gql_type *t, bool locdef)
{
	if (v != NULL)
		check(c, v, t, t, locdef);
}
