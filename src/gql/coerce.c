/* coerce.c: input coercion of variables (from JSON), literals and arguments (spec 3.x, 6.1.2, 6.4.1). */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>
#include "gql/exec_int.h"
#include "util/jsonw.h"

/* ---------------------------------------------------------------- helpers */

static struct gql_value *new_value(struct arena *a, enum gql_value_kind k)
{
	struct gql_value *v = ARENA_NEW(a, struct gql_value);
	if (v != NULL)
		v->kind = k;
	return v;
}

/* a LIST value with room for n item pointers, an OBJECT value with room for n fields (none set yet);
 * NULL when the arena is out of memory */
static struct gql_value *new_list(struct arena *a, size_t n)
{
	struct gql_value *v = new_value(a, GQL_V_LIST);
	if (v != NULL && (v->u.list.items = ARENA_NEWN(a, struct gql_value *, n)) == NULL)
		return NULL;
	return v;
}

static struct gql_value *new_object(struct arena *a, size_t n)
{
	struct gql_value *v = new_value(a, GQL_V_OBJECT);
	if (v != NULL && (v->u.obj.fields = ARENA_NEWN(a, struct gql_object_field, n)) == NULL)
		return NULL;
	return v;
}

bool gql_vars_get(const struct gql_vars *vars, const char *name, const struct gql_value **v)
{
	if (vars == NULL)
		return false;
	for (uint32_t i = 0; i < vars->n; i++)
		if (strcmp(vars->defs[i]->name, name) == 0) {
			*v = vars->vals[i];
			return *v != NULL;
		}
	return false;
}

const struct gql_value *gql_value_get(const struct gql_value *obj, const char *field)
{
	if (obj == NULL || obj->kind != GQL_V_OBJECT)
		return NULL;
	for (uint32_t i = 0; i < obj->u.obj.n; i++)
		if (strcmp(obj->u.obj.fields[i].name, field) == 0)
			return obj->u.obj.fields[i].value;
	return NULL;
}

const char *gql_value_str(const struct gql_value *v)
{
	if (v == NULL)
		return NULL;
	if (v->kind == GQL_V_STRING)
		return v->u.s.p;
	if (v->kind == GQL_V_ENUM)
		return v->u.name;
	return NULL;
}

/* Is an INT literal a 32-bit integer? */
static bool int_literal_value(const struct gql_value *v, int64_t *out)
{
	if (v->raw != NULL) {
		char *end;
		errno = 0;
		long long x = strtoll(v->raw, &end, 10);
		if (errno == ERANGE)
			return false;
		*out = x;
	} else
		*out = v->u.i;
	return *out >= INT32_MIN && *out <= INT32_MAX;
}


static const char *sb_to_arena(struct arena *a, struct sb *b)
{
	const char *r = sb_error(b) ? "(value)" : arena_strndup(a, sb_str(b), b->len);
	sb_free(b);
	return r ? r : "(value)";
}


static const char *type_str(struct arena *a, const struct gql_type *t)
{
	const char *s = gql_type_print(a, t);
	return s ? s : "?";
}

/* ---------------------------------------------------------------- literals */

static int lit(const struct gql_type *t, const struct gql_value *v, const struct gql_vars *vars,
               struct arena *a, const struct gql_value **out, const char **msg);

#define FAIL(...) do { *msg = arena_printf(a, __VA_ARGS__); if (*msg == NULL) *msg = "invalid value"; return -1; } while (0)
#define NOMEM() do { *msg = "out of memory"; return -1; } while (0)
/* Larder refuses U+0000 in String and ID inputs: every layer below keeps text NUL-terminated, so such a
   value would be cut short silently (the spec allows the code point; we answer a clear error instead) */
#define NUL_MSG "String cannot represent a value containing U+0000 (NUL)"
static bool json_has_nul(struct json_object *j)
{
	return memchr(json_object_get_string(j), 0, (size_t)json_object_get_string_len(j)) != NULL;
}

/* copy a literal for a custom scalar, replacing variables by their values */
static int lit_any(const struct gql_value *v, const struct gql_vars *vars, struct arena *a,
                   struct gql_value **out, const char **msg)
{
	const struct gql_value *vv;
	struct gql_value *c;
	switch (v->kind) {
	case GQL_V_VARIABLE:
		if (!gql_vars_get(vars, v->u.name, &vv)) {
			c = new_value(a, GQL_V_NULL);
			if (c == NULL)
				NOMEM();
			*out = c;
			return 0;
		}
		v = vv;
		break;
	case GQL_V_LIST:
		if ((c = new_list(a, v->u.list.n + 1)) == NULL)
			NOMEM();
		c->loc = v->loc;
		for (uint32_t i = 0; i < v->u.list.n; i++)
			if (lit_any(v->u.list.items[i], vars, a, &c->u.list.items[i], msg))
				return -1;
		c->u.list.n = v->u.list.n;
		*out = c;
		return 0;
	case GQL_V_OBJECT:
		if ((c = new_object(a, v->u.obj.n + 1)) == NULL)
			NOMEM();
		c->loc = v->loc;
		for (uint32_t i = 0; i < v->u.obj.n; i++) {
			c->u.obj.fields[i] = v->u.obj.fields[i];
			if (lit_any(v->u.obj.fields[i].value, vars, a, &c->u.obj.fields[i].value, msg))
				return -1;
		}
		c->u.obj.n = v->u.obj.n;
		*out = c;
		return 0;
	default:
		break;
	}
	c = new_value(a, v->kind);
	if (c == NULL)
		NOMEM();
	*c = *v;
	*out = c;
	return 0;
}

/* an Int literal as a Float value, and as an ID (its digits as a string); NULL when out of memory */
static struct gql_value *int_as_float(struct arena *a, const struct gql_value *v)
{
	struct gql_value *c = new_value(a, GQL_V_FLOAT);
	if (c != NULL) {
		c->loc = v->loc;
		c->raw = v->raw;
		c->u.f = v->raw ? strtod(v->raw, NULL) : (double)v->u.i;
	}
	return c;
}

static struct gql_value *int_as_id(struct arena *a, const struct gql_value *v)
{
	struct gql_value *c = new_value(a, GQL_V_STRING);
	if (c == NULL || (c->u.s.p = v->raw ? v->raw : arena_printf(a, "%" PRId64, v->u.i)) == NULL)
		return NULL;
	c->loc = v->loc;
	c->u.s.len = (uint32_t)strlen(c->u.s.p);
	return c;
}

static int lit_scalar(const struct gql_type *t, const struct gql_value *v, const struct gql_vars *vars,
                      struct arena *a, const struct gql_value **out, const char **msg)
{
	struct gql_value *c;
	int64_t i;
	switch (t->builtin) {
	case GQL_SCALAR_INT:
		if (v->kind != GQL_V_INT)
			FAIL("Int cannot represent non-integer value: %s", gql_value_print(a, v));
		if (!int_literal_value(v, &i))
			FAIL("Int cannot represent non 32-bit signed integer value: %s", gql_value_print(a, v));
		if (v->raw != NULL && v->u.i != i) {
			if ((c = new_value(a, GQL_V_INT)) == NULL)
				NOMEM();
			*c = *v;
			c->u.i = i;
			v = c;
		}
		break;
	case GQL_SCALAR_FLOAT:
		if (v->kind == GQL_V_INT) {
			if ((v = int_as_float(a, v)) == NULL)
				NOMEM();
		} else if (v->kind != GQL_V_FLOAT || !isfinite(v->u.f))
			FAIL("Float cannot represent non numeric value: %s", gql_value_print(a, v));
		break;
	case GQL_SCALAR_STRING:
		if (v->kind != GQL_V_STRING)
			FAIL("String cannot represent a non string value: %s", gql_value_print(a, v));
		if (memchr(v->u.s.p, 0, v->u.s.len))
			FAIL("%s", NUL_MSG);
		break;
	case GQL_SCALAR_BOOLEAN:
		if (v->kind != GQL_V_BOOLEAN)
			FAIL("Boolean cannot represent a non boolean value: %s", gql_value_print(a, v));
		break;
	case GQL_SCALAR_ID:
		if (v->kind == GQL_V_INT) {
			if ((v = int_as_id(a, v)) == NULL)
				NOMEM();
		} else if (v->kind != GQL_V_STRING)
			FAIL("ID cannot represent a non-string and non-integer value: %s", gql_value_print(a, v));
		else if (memchr(v->u.s.p, 0, v->u.s.len))
			FAIL("%s", NUL_MSG);
		break;
	case GQL_SCALAR_CUSTOM:
	default:
		if (lit_any(v, vars, a, &c, msg))
			return -1;
		if (t->parse != NULL) {
			const char *why = NULL;
			if (t->parse(a, c, &why))
				FAIL("Expected value of type \"%s\", found %s; %s", t->name, gql_value_print(a, v),
				     why ? why : "invalid value");
		}
		v = c;
		break;
	}
	*out = v;
	return 0;
}

static int lit_object(const struct gql_type *t, const struct gql_value *v, const struct gql_vars *vars,
                      struct arena *a, const struct gql_value **out, const char **msg)
{
	if (v->kind != GQL_V_OBJECT)
		FAIL("Expected value of type \"%s\", found %s.", t->name, gql_value_print(a, v));
	for (uint32_t j = 0; j < v->u.obj.n; j++)
		if (gql_input_field(t, v->u.obj.fields[j].name) == NULL)
			FAIL("Field \"%s\" is not defined by type \"%s\".", v->u.obj.fields[j].name, t->name);
	struct gql_value *c = new_object(a, t->ninputs + 1);
	if (c == NULL)
		NOMEM();
	c->loc = v->loc;
	for (uint32_t i = 0; i < t->ninputs; i++) {
		const struct gql_input_value *f = t->inputs[i];
		const struct gql_value *fv = NULL, *res = NULL;
		struct gql_loc floc = v->loc;
		for (uint32_t j = 0; j < v->u.obj.n; j++)
			if (strcmp(v->u.obj.fields[j].name, f->name) == 0) {
				fv = v->u.obj.fields[j].value;
				floc = v->u.obj.fields[j].loc;
				break;
			}
		if (fv != NULL) {
			const char *m = NULL;
			if (lit(f->type, fv, vars, a, &res, &m)) {
				*msg = arena_printf(a, "%s (in field \"%s\" of \"%s\")", m, f->name, t->name);
				if (*msg == NULL)
					*msg = m;
				return -1;
			}
		}
		if (res == NULL) {
			if (f->defval != NULL) {
				if (lit(f->type, f->defval, NULL, a, &res, msg))
					return -1;
			} else if (f->type->kind == GQL_K_NON_NULL)
				FAIL("Field \"%s\" of required type \"%s\" was not provided.", f->name, type_str(a, f->type));
			else
				continue;
		}
		struct gql_object_field *of = &c->u.obj.fields[c->u.obj.n++];
		of->name = f->name;
		of->loc = floc;
		of->value = (struct gql_value *)res;
	}
	*out = c;
	return 0;
}

static int lit(const struct gql_type *t, const struct gql_value *v, const struct gql_vars *vars,
               struct arena *a, const struct gql_value **out, const char **msg)
{
	*out = NULL;
	if (v->kind == GQL_V_VARIABLE) {
		const struct gql_value *vv;
		if (!gql_vars_get(vars, v->u.name, &vv))
			return 0; /* absent */
		if (t->kind == GQL_K_NON_NULL && vv->kind == GQL_V_NULL)
			FAIL("Expected non-nullable type \"%s\" not to be null (variable \"$%s\").", type_str(a, t), v->u.name);
		*out = vv;
		return 0;
	}
	if (t->kind == GQL_K_NON_NULL) {
		if (v->kind == GQL_V_NULL)
			FAIL("Expected non-nullable type \"%s\" not to be null.", type_str(a, t));
		return lit(t->of, v, vars, a, out, msg);
	}
	if (v->kind == GQL_V_NULL) {
		*out = v;
		return 0;
	}
	switch (t->kind) {
	case GQL_K_LIST: {
		if (v->kind != GQL_V_LIST) {
			const struct gql_value *item;
			if (lit(t->of, v, vars, a, &item, msg))
				return -1;
			if (item == NULL)
				return 0;
			struct gql_value *c = new_list(a, 1);
			if (c == NULL)
				NOMEM();
			c->loc = v->loc;
			c->u.list.items[0] = (struct gql_value *)item;
			c->u.list.n = 1;
			*out = c;
			return 0;
		}
		struct gql_value *c = new_list(a, v->u.list.n + 1);
		if (c == NULL)
			NOMEM();
		c->loc = v->loc;
		c->u.list.n = v->u.list.n;
		for (uint32_t i = 0; i < v->u.list.n; i++) {
			const struct gql_value *item;
			if (lit(t->of, v->u.list.items[i], vars, a, &item, msg))
				return -1;
			if (item == NULL) {
				if (t->of->kind == GQL_K_NON_NULL)
					FAIL("Expected non-nullable type \"%s\" not to be null.", type_str(a, t->of));
				if ((item = new_value(a, GQL_V_NULL)) == NULL)
					NOMEM();
			}
			c->u.list.items[i] = (struct gql_value *)item;
		}
		*out = c;
		return 0;
	}
	case GQL_K_INPUT_OBJECT:
		return lit_object(t, v, vars, a, out, msg);
	case GQL_K_ENUM:
		if (v->kind != GQL_V_ENUM)
			FAIL("Enum \"%s\" cannot represent non-enum value: %s.", t->name, gql_value_print(a, v));
		if (gql_enum_value(t, v->u.name) == NULL)
			FAIL("Value \"%s\" does not exist in \"%s\" enum.", v->u.name, t->name);
		*out = v;
		return 0;
	case GQL_K_SCALAR:
		return lit_scalar(t, v, vars, a, out, msg);
	default:
		FAIL("Type \"%s\" is not an input type.", type_str(a, t));
	}
}

int gql_coerce_args(struct gql_input_value *const *defs, uint32_t ndefs, struct gql_argument *const *args,
                    uint32_t nargs, const struct gql_vars *vars, struct arena *a,
                    const struct gql_value ***argv, const char **msg)
{
	const struct gql_value **av = NULL;
	*argv = NULL;
	if (ndefs == 0)
		return 0;
	if ((av = ARENA_NEWN(a, const struct gql_value *, ndefs)) == NULL)
		NOMEM();
	for (uint32_t i = 0; i < ndefs; i++) {
		const struct gql_input_value *d = defs[i];
		const struct gql_argument *arg = NULL;
		const struct gql_value *res = NULL;
		for (uint32_t j = 0; j < nargs; j++)
			if (strcmp(args[j]->name, d->name) == 0) {
				arg = args[j];
				break;
			}
		if (arg != NULL) {
			const struct gql_value *v = arg->value;
			if (v->kind == GQL_V_NULL && d->type->kind == GQL_K_NON_NULL)
				FAIL("Argument \"%s\" of non-null type \"%s\" must not be null.", d->name, type_str(a, d->type));
			const char *m = NULL;
			if (lit(d->type, v, vars, a, &res, &m)) {
				if (v->kind == GQL_V_VARIABLE)
					FAIL("Argument \"%s\" got invalid value from variable \"$%s\": %s", d->name, v->u.name, m);
				FAIL("Argument \"%s\" has invalid value %s: %s", d->name, gql_value_print(a, v), m);
			}
		}
		if (res == NULL) {
			if (d->defval != NULL) {
				if (lit(d->type, d->defval, NULL, a, &res, msg))
					return -1;
			} else if (d->type->kind == GQL_K_NON_NULL) {
				if (arg != NULL && arg->value->kind == GQL_V_VARIABLE)
					FAIL("Argument \"%s\" of required type \"%s\" was provided the variable \"$%s\" which was not provided a runtime value.",
					     d->name, type_str(a, d->type), arg->value->u.name);
				FAIL("Argument \"%s\" of required type \"%s\" was not provided.", d->name, type_str(a, d->type));
			}
		}
		av[i] = res;
	}
	*argv = av;
	return 0;
}

/* ---------------------------------------------------------------- variables from JSON */

struct cpath {
	const struct cpath *prev;
	const char *key;     /* NULL: index */
	size_t index;
};

struct vctx {
	struct arena *a;
	struct gql_errors *errs;
	const struct gql_var_def *var;
	struct json_object *root;
	int nerr;
};

/* roughly graphql-js's inspect(): strings quoted, objects as { key: value } */
static void inspect(struct sb *b, struct json_object *j, int depth)
{
	switch (json_object_get_type(j)) {
	case json_type_null: sb_puts(b, "null"); break;
	case json_type_boolean: sb_puts(b, json_object_get_boolean(j) ? "true" : "false"); break;
	case json_type_int:
	case json_type_double: sb_puts(b, json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN)); break;
	case json_type_string: jw_string(b, json_object_get_string(j), (size_t)json_object_get_string_len(j)); break;
	case json_type_array: {
		size_t n = json_object_array_length(j);
		if (depth > 2) {
			sb_puts(b, "[Array]");
			break;
		}
		sb_putc(b, '[');
		for (size_t i = 0; i < n && i < 10; i++) {
			if (i)
				sb_puts(b, ", ");
			inspect(b, json_object_array_get_idx(j, i), depth + 1);
		}
		if (n > 10)
			sb_printf(b, ", ... %zu more items", n - 10);
		sb_putc(b, ']');
		break;
	}
	case json_type_object: {
		if (depth > 2) {
			sb_puts(b, "[Object]");
			break;
		}
		int first = 1;
		sb_putc(b, '{');
		json_object_object_foreach(j, k, val) {
			sb_puts(b, first ? " " : ", ");
			first = 0;
			sb_puts(b, k);
			sb_puts(b, ": ");
			inspect(b, val, depth + 1);
		}
		sb_puts(b, first ? "}" : " }");
		break;
	}
	}
}

static const char *inspect_str(struct arena *a, struct json_object *j)
{
	struct sb b;
	sb_init(&b);
	b.max = 2048;
	inspect(&b, j, 0);
	return sb_to_arena(a, &b);
}

static void print_path(struct sb *b, const struct cpath *p)
{
	if (p == NULL)
		return;
	print_path(b, p->prev);
	if (p->key) {
		sb_putc(b, '.');
		sb_puts(b, p->key);
	} else
		sb_printf(b, "[%zu]", p->index);
}

/* reports a bad variable value; NULL, for the caller to return */
__attribute__((format(printf, 4, 5)))
static struct gql_value *verr(struct vctx *c, struct json_object *val, const struct cpath *path, const char *fmt, ...)
{
	va_list ap;
	struct sb b;
	sb_init(&b);
	b.max = 8192;
	sb_printf(&b, "Variable \"$%s\" got invalid value ", c->var->name);
	inspect(&b, val, 0);
	if (path != NULL) {
		sb_printf(&b, " at \"%s", c->var->name);
		print_path(&b, path);
		sb_putc(&b, '"');
	}
	sb_puts(&b, "; ");
	va_start(ap, fmt);
	sb_vprintf(&b, fmt, ap);
	va_end(ap);
	const struct gql_loc loc = c->var->loc;
	gql_errors_add(c->errs, "BAD_USER_INPUT", &loc, 1, "%s", sb_error(&b) ? "invalid variable value" : sb_str(&b));
	sb_free(&b);
	c->nerr++;
	return NULL;
}

static struct gql_value *json_any(struct vctx *c, struct json_object *j)
{
	struct gql_value *v;
	switch (json_object_get_type(j)) {
	case json_type_null: return new_value(c->a, GQL_V_NULL);
	case json_type_boolean:
		if ((v = new_value(c->a, GQL_V_BOOLEAN)) != NULL)
			v->u.b = json_object_get_boolean(j);
		return v;
	case json_type_int:
		if ((v = new_value(c->a, GQL_V_INT)) != NULL)
			v->u.i = json_object_get_int64(j);
		return v;
	case json_type_double:
		if ((v = new_value(c->a, GQL_V_FLOAT)) != NULL)
			v->u.f = json_object_get_double(j);
		return v;
	case json_type_string:
		if ((v = new_value(c->a, GQL_V_STRING)) != NULL) {
			v->u.s.len = (uint32_t)json_object_get_string_len(j);
			if ((v->u.s.p = arena_strndup(c->a, json_object_get_string(j), v->u.s.len)) == NULL)
				return NULL;
		}
		return v;
	case json_type_array: {
		size_t n = json_object_array_length(j);
		if ((v = new_list(c->a, n + 1)) == NULL)
			return NULL;
		for (size_t i = 0; i < n; i++)
			if ((v->u.list.items[i] = json_any(c, json_object_array_get_idx(j, i))) == NULL)
				return NULL;
		v->u.list.n = (uint32_t)n;
		return v;
	}
	case json_type_object: {
		size_t n = (size_t)json_object_object_length(j);
		if ((v = new_object(c->a, n + 1)) == NULL)
			return NULL;
		json_object_object_foreach(j, k, val) {
			struct gql_object_field *f = &v->u.obj.fields[v->u.obj.n++];
			if ((f->name = arena_strdup(c->a, k)) == NULL || (f->value = json_any(c, val)) == NULL)
				return NULL;
		}
		return v;
	}
	}
	return NULL;
}

/* reports that memory ran out; NULL, for the caller to return */
static struct gql_value *oom(struct vctx *c)
{
	if (c->nerr == 0)
		gql_errors_add(c->errs, "INTERNAL_SERVER_ERROR", NULL, 0, "Out of memory while reading variables");
	c->nerr++;
	return NULL;
}

/* a JSON string as a String or ID value: no NUL inside */
static struct gql_value *json_text(struct vctx *c, struct json_object *j, const struct cpath *path)
{
	struct gql_value *v;
	if (json_has_nul(j))
		return verr(c, j, path, "%s", NUL_MSG);
	if ((v = json_any(c, j)) == NULL)
		oom(c);
	return v;
}

static struct gql_value *json_coerce(struct vctx *c, const struct gql_type *t, struct json_object *j,
                                     const struct cpath *path);

/* a list: one value that is not an array becomes a list of one */
static struct gql_value *json_list(struct vctx *c, const struct gql_type *t, struct json_object *j,
                                   enum json_type jt, const struct cpath *path)
{
	struct arena *a = c->a;
	struct gql_value *v;
	if (jt != json_type_array) {
		struct gql_value *item = json_coerce(c, t->of, j, path);
		if (item == NULL)
			return NULL;
		if ((v = new_list(a, 1)) == NULL)
			return oom(c);
		v->u.list.items[0] = item;
		v->u.list.n = 1;
		return v;
	}
	size_t n = json_object_array_length(j);
	if ((v = new_list(a, n + 1)) == NULL)
		return oom(c);
	bool bad = false;
	for (size_t i = 0; i < n; i++) {
		struct cpath p = { path, NULL, i };
		v->u.list.items[i] = json_coerce(c, t->of, json_object_array_get_idx(j, i), &p);
		if (v->u.list.items[i] == NULL)
			bad = true;
	}
	v->u.list.n = (uint32_t)n;
	return bad ? NULL : v;
}

/* an input object: its fields coerced, defaults filled, unknown keys refused */
static struct gql_value *json_input_object(struct vctx *c, const struct gql_type *t, struct json_object *j,
                                           enum json_type jt, const struct cpath *path)
{
	struct arena *a = c->a;
	struct gql_value *v;
	if (jt != json_type_object)
		return verr(c, j, path, "Expected type \"%s\" to be an object.", t->name);
	if ((v = new_object(a, t->ninputs + 1)) == NULL)
		return oom(c);
	bool bad = false;
	for (uint32_t i = 0; i < t->ninputs; i++) {
		const struct gql_input_value *f = t->inputs[i];
		struct json_object *fj = NULL;
		const struct gql_value *res = NULL;
		struct cpath p = { path, f->name, 0 };
		if (json_object_object_get_ex(j, f->name, &fj)) {
			if ((res = json_coerce(c, f->type, fj, &p)) == NULL) {
				bad = true;
				continue;
			}
		} else if (f->defval != NULL) {
			const char *m = NULL;
			if (lit(f->type, f->defval, NULL, a, &res, &m)) {
				verr(c, j, &p, "%s", m);
				bad = true;
				continue;
			}
		} else if (f->type->kind == GQL_K_NON_NULL) {
			verr(c, j, path, "Field \"%s\" of required type \"%s\" was not provided.", f->name, type_str(a, f->type));
			bad = true;
			continue;
		} else
			continue;
		struct gql_object_field *of = &v->u.obj.fields[v->u.obj.n++];
		of->name = f->name;
		of->value = (struct gql_value *)res;
	}
	json_object_object_foreach(j, k, val) {
		(void)val;
		if (gql_input_field(t, k) == NULL) {
			verr(c, j, path, "Field \"%s\" is not defined by type \"%s\".", k, t->name);
			bad = true;
		}
	}
	return bad ? NULL : v;
}

/* an enum value: a string naming one of its values */
static struct gql_value *json_enum(struct vctx *c, const struct gql_type *t, struct json_object *j,
                                   enum json_type jt, const struct cpath *path)
{
	if (jt != json_type_string)
		return verr(c, j, path, "Enum \"%s\" cannot represent non-string value: %s.", t->name, inspect_str(c->a, j));
	const struct gql_enum_value *ev = gql_enum_value(t, json_object_get_string(j));
	if (ev == NULL)
		return verr(c, j, path, "Value %s does not exist in \"%s\" enum.", inspect_str(c->a, j), t->name);
	struct gql_value *v = new_value(c->a, GQL_V_ENUM);
	if (v == NULL)
		return oom(c);
	v->u.name = ev->name;
	return v;
}

/* a built-in or custom scalar */
static struct gql_value *json_scalar(struct vctx *c, const struct gql_type *t, struct json_object *j,
                                     enum json_type jt, const struct cpath *path)
{
	struct arena *a = c->a;
	struct gql_value *v;
	switch (t->builtin) {
	case GQL_SCALAR_INT: {
		int64_t i;
		if (jt == json_type_int) {
			errno = 0;
			i = json_object_get_int64(j);
		} else if (jt == json_type_double) {
			double d = json_object_get_double(j);
			if (!(d == floor(d)) || !isfinite(d))
				return verr(c, j, path, "Int cannot represent non-integer value: %s", inspect_str(a, j));
			if (d < INT32_MIN || d > INT32_MAX)
				return verr(c, j, path, "Int cannot represent non 32-bit signed integer value: %s", inspect_str(a, j));
			i = (int64_t)d;
		} else
			return verr(c, j, path, "Int cannot represent non-integer value: %s", inspect_str(a, j));
		if (i < INT32_MIN || i > INT32_MAX)
			return verr(c, j, path, "Int cannot represent non 32-bit signed integer value: %s", inspect_str(a, j));
		if ((v = new_value(a, GQL_V_INT)) == NULL)
			return oom(c);
		v->u.i = i;
		return v;
	}
	case GQL_SCALAR_FLOAT: {
		if (jt != json_type_int && jt != json_type_double)
			return verr(c, j, path, "Float cannot represent non numeric value: %s", inspect_str(a, j));
		double d = jt == json_type_int ? (double)json_object_get_int64(j) : json_object_get_double(j);
		if (!isfinite(d))
			return verr(c, j, path, "Float cannot represent non numeric value: %s", inspect_str(a, j));
		if ((v = new_value(a, GQL_V_FLOAT)) == NULL)
			return oom(c);
		v->u.f = d;
		return v;
	}
	case GQL_SCALAR_STRING:
		if (jt != json_type_string)
			return verr(c, j, path, "String cannot represent a non string value: %s", inspect_str(a, j));
		return json_text(c, j, path);
	case GQL_SCALAR_BOOLEAN:
		if (jt != json_type_boolean)
			return verr(c, j, path, "Boolean cannot represent a non boolean value: %s", inspect_str(a, j));
		if ((v = json_any(c, j)) == NULL)
			oom(c);
		return v;
	case GQL_SCALAR_ID:
		if (jt == json_type_string)
			return json_text(c, j, path);
		if (jt == json_type_int) {
			if ((v = new_value(a, GQL_V_STRING)) == NULL ||
			    (v->u.s.p = arena_printf(a, "%" PRId64, json_object_get_int64(j))) == NULL)
				return oom(c);
			v->u.s.len = (uint32_t)strlen(v->u.s.p);
			return v;
		}
		return verr(c, j, path, "ID cannot represent value: %s", inspect_str(a, j));
	case GQL_SCALAR_CUSTOM:
	default:
		if ((v = json_any(c, j)) == NULL)
			return oom(c);
		if (t->parse != NULL) {
			const char *why = NULL;
			if (t->parse(a, v, &why))
				return verr(c, j, path, "Expected type \"%s\". %s", t->name, why ? why : "Invalid value.");
		}
		return v;
	}
}

/* returns NULL after reporting an error */
static struct gql_value *json_coerce(struct vctx *c, const struct gql_type *t, struct json_object *j,
                                     const struct cpath *path)
{
	struct gql_value *v;
	if (t->kind == GQL_K_NON_NULL) {
		if (j == NULL)
			return verr(c, j, path, "Expected non-nullable type \"%s\" not to be null.", type_str(c->a, t));
		return json_coerce(c, t->of, j, path);
	}
	if (j == NULL) {
		if ((v = new_value(c->a, GQL_V_NULL)) == NULL)
			oom(c);
		return v;
	}
	enum json_type jt = json_object_get_type(j);
	switch (t->kind) {
	case GQL_K_LIST: return json_list(c, t, j, jt, path);
	case GQL_K_INPUT_OBJECT: return json_input_object(c, t, j, jt, path);
	case GQL_K_ENUM: return json_enum(c, t, j, jt, path);
	case GQL_K_SCALAR: return json_scalar(c, t, j, jt, path);
	default:
		return verr(c, j, path, "Type \"%s\" is not an input type.", type_str(c->a, t));
	}
}

int gql_coerce_variables(struct gql_schema *s, const struct gql_operation *op,
                         struct json_object *json, struct arena *a, struct gql_errors *errs,
                         struct gql_vars *vars)
{
	struct vctx c = { .a = a, .errs = errs, .root = json };
	vars->defs = op->vars;
	vars->n = op->nvars;
	vars->vals = NULL;
	if (json != NULL && json_object_get_type(json) != json_type_object) {
		gql_errors_add(errs, "BAD_USER_INPUT", NULL, 0, "Variables must be provided as an Object.");
		return 1;
	}
	if (op->nvars == 0)
		return 0;
	if ((vars->vals = ARENA_NEWN(a, const struct gql_value *, op->nvars)) == NULL) {
		oom(&c);
		return c.nerr;
	}
	for (uint32_t i = 0; i < op->nvars; i++) {
		const struct gql_var_def *d = op->vars[i];
		const struct gql_type *t = gql_schema_typeref(s, d->type);
		struct json_object *j = NULL;
		c.var = d;
		if (t == NULL || !gql_type_is_input(t)) {
			gql_errors_add(errs, "BAD_USER_INPUT", &d->loc, 1,
			               "Variable \"$%s\" expected value of type \"%s\" which cannot be used as an input type.",
			               d->name, t ? type_str(a, t) : "?");
			c.nerr++;
			continue;
		}
		bool given = json != NULL && json_object_object_get_ex(json, d->name, &j);
		if (!given) {
			if (d->defval != NULL) {
				const char *m = NULL;
				if (lit(t, d->defval, NULL, a, &vars->vals[i], &m)) {
					gql_errors_add(errs, "BAD_USER_INPUT", &d->loc, 1, "Variable \"$%s\" has an invalid default value: %s", d->name, m);
					c.nerr++;
				}
			} else if (t->kind == GQL_K_NON_NULL) {
				gql_errors_add(errs, "BAD_USER_INPUT", &d->loc, 1, "Variable \"$%s\" of required type \"%s\" was not provided.",
				               d->name, type_str(a, t));
				c.nerr++;
			}
			continue;
		}
		if (j == NULL && t->kind == GQL_K_NON_NULL) {
			gql_errors_add(errs, "BAD_USER_INPUT", &d->loc, 1, "Variable \"$%s\" of non-null type \"%s\" must not be null.",
			               d->name, type_str(a, t));
			c.nerr++;
			continue;
		}
		vars->vals[i] = json_coerce(&c, t, j, NULL);
	}
	return c.nerr;
}
