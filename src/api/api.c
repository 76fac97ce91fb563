/* api.c: loads the compiled-in schema, binds the resolver files' tables and the Date scalar, and the helpers every resolver file shares. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "api/api_int.h"
#include "util/time.h"

const char api_absent[1] = "";

int api_internal(struct gql_rctx *rc, const char *what, int store_rc)
{
	if (store_rc < 0)
		return gql_error(rc, "INTERNAL_SERVER_ERROR", "%s failed: %s", what, store_strerror(store_rc));
	return gql_error(rc, "INTERNAL_SERVER_ERROR", "%s failed: out of memory", what);
}

int api_out_error(struct gql_rctx *rc, struct gql_out *out, const char *type, const char *code,
                  const char *fmt, ...)
{
	struct arena *a = gql_arena(rc);
	struct api_error *e = ARENA_NEW(a, struct api_error);
	va_list ap;
	if (e == NULL)
		return api_internal(rc, type, 0);
	e->code = code;
	if (fmt != NULL) {
		va_start(ap, fmt);
		e->message = arena_vprintf(a, fmt, ap);
		va_end(ap);
	}
	gql_out_object(out, type, e);
	return 0;
}

int api_out_date(struct gql_rctx *rc, struct gql_out *out, int64_t ms)
{
	char *buf = arena_alloc(gql_arena(rc), TIME_ISO_BUF);
	if (buf == NULL)
		return api_internal(rc, "formatting a Date", 0);
	time_format_iso(ms, buf, TIME_ISO_BUF);
	gql_out_cstr(out, buf);
	return 0;
}

int api_value_date(const struct gql_value *v, int64_t *ms)
{
	if (v == NULL || v->kind != GQL_V_STRING)
		return -1;
	return time_parse_iso_clamped(v->u.s.p, v->u.s.len, ms);
}

/* Date input coercion: any ISO 8601 date or date-time; normalised in place to our output form so
 * resolvers read one format */
static int date_parse(struct arena *a, struct gql_value *v, const char **msg)
{
	int64_t ms;
	char *buf;
	if (v->kind == GQL_V_NULL)
		return 0;
	if (v->kind != GQL_V_STRING) {
		*msg = "A Date is a string holding an ISO 8601 date or date-time, such as "
		       "\"2024-05-01\" or \"2024-05-01T10:00:00.000Z\".";
		return -1;
	}
	if (time_parse_iso_clamped(v->u.s.p, v->u.s.len, &ms)) {
		/* the engine's message already quotes the value */
		*msg = "Not an ISO 8601 date or date-time (such as \"2024-05-01\" or \"2024-05-01T10:00:00.000Z\") "
		       "within JavaScript's date range.";
		return -1;
	}
	if ((buf = arena_alloc(a, TIME_ISO_BUF)) == NULL) {
		*msg = "out of memory";
		return -1;
	}
	time_format_iso(ms, buf, TIME_ISO_BUF);
	v->u.s.p = buf;
	v->u.s.len = (uint32_t)strlen(buf);
	return 0;
}

static int out_empty(struct gql_rctx *rc, const struct gql_type *t, struct gql_out *out)
{
	if (t->kind != GQL_K_NON_NULL) {
		gql_out_null(out);
		return 0;
	}
	t = t->of;
	switch (t->kind) {
	case GQL_K_LIST:
		gql_out_list(rc, out, 0); /* no items to fill: NULL is fine here */
		return 0;
	case GQL_K_SCALAR:
		switch (t->builtin) {
		case GQL_SCALAR_INT:
			gql_out_int(out, 0);
			return 0;
		case GQL_SCALAR_FLOAT:
			gql_out_float(out, 0);
			return 0;
		case GQL_SCALAR_BOOLEAN:
			gql_out_bool(out, false);
			return 0;
		case GQL_SCALAR_STRING:
		case GQL_SCALAR_ID:
			gql_out_string(out, "", 0);
			return 0;
		case GQL_SCALAR_CUSTOM:
		default:
			if (strcmp(t->name, "Date") == 0)
				return api_out_date(rc, out, 0);
			gql_out_string(out, "", 0);
			return 0;
		}
	case GQL_K_ENUM:
		gql_out_enum(out, t->nvalues ? t->values[0]->name : "");
		return 0;
	case GQL_K_OBJECT:
		gql_out_object(out, t->name, api_absent);
		return 0;
	case GQL_K_INTERFACE:
	case GQL_K_UNION:
		if (t->npossible == 0)
			return gql_error(rc, "INTERNAL_SERVER_ERROR", "no possible type for %s", t->name);
		gql_out_object(out, t->possible[0]->name, api_absent);
		return 0;
	default:
		gql_out_null(out);
		return 0;
	}
}

int api_resolve_absent(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	return out_empty(rc, gql_rfield(rc)->type, out);
}

enum error_field { EF_CODES, EF_MESSAGE };
static const char *const error_fields[] = { [EF_CODES] = "errorCodes", [EF_MESSAGE] = "message" };

int api_resolve_error(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_error *e = parent;
	switch (api_field(rc, parent, API_NAMES(error_fields))) {
	case EF_CODES: return api_out_objects(rc, out, NULL, &e->code, 1, sizeof e->code);
	case EF_MESSAGE: /* no message: null, or "" where it is String! */
		return e->message ? api_text(out, e->message) : api_resolve_absent(rc, parent, out);
	default: return api_resolve_absent(rc, parent, out);
	}
}

int api_field(struct gql_rctx *rc, const void *parent, const char *const *names, int n)
{
	intptr_t bound = (intptr_t)gql_udata(rc);
	const char *f;
	if (parent == api_absent)
		return API_NO_FIELD;
	if (bound > 0 && bound <= n) /* bound by an API_EACH row: the index + 1 */
		return (int)bound - 1;
	f = gql_rfield(rc)->name;
	for (int i = 0; i < n; i++)
		if (names[i] != NULL && strcmp(names[i], f) == 0)
			return i;
	return API_NO_FIELD;
}

int api_answer(struct gql_rctx *rc, struct gql_out *out, int r, const char *doing, const char *type, const void *obj)
{
	if (r != STORE_OK || obj == NULL)
		return api_internal(rc, doing, r);
	gql_out_object(out, type, obj);
	return 0;
}

int api_out_objects(struct gql_rctx *rc, struct gql_out *out, const char *type, const void *first, size_t n,
                    size_t size)
{
	struct gql_out *items = gql_out_list(rc, out, (uint32_t)n);
	if (items == NULL && n > 0)
		return api_internal(rc, gql_rfield(rc)->name, 0);
	for (size_t i = 0; i < n; i++) {
		const void *o = (const char *)first + i * size;
		if (type != NULL)
			gql_out_object(&items[i], type, o);
		else /* a list of enum values: `first` points at their names */
			gql_out_enum(&items[i], *(const char *const *)o);
	}
	return 0;
}

const struct api_bind *api_row(struct gql_rctx *rc)
{
	return gql_udata(rc);
}

/* the resolver of rows with user_error: the row is the udata */
static int resolve_signed_in(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_bind *b = api_row(rc);
	if (api_ctx_of(rc)->user == NULL)
		return api_out_error(rc, out, b->user_error, "UNAUTHORIZED", API_NO_USER_MSG);
	return b->fn(rc, parent, out);
}

int api_resolve_delete(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct api_bind *b = api_row(rc);
	const struct api_delete *d = b->data;
	const char *id = api_str(gql_arg(rc, d->arg));
	void *row = arena_alloc(gql_arena(rc), d->size);
	int r = row ? d->remove(ctx->store, gql_arena(rc), ctx->user->id, id, row) : STORE_OK;
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, b->user_error, "NOT_FOUND", "you have no %s with id \"%.64s\"", d->noun,
		                     id ? id : "");
	return api_answer(rc, out, r, d->doing, d->success, row);
}

static int bind_with(struct gql_schema *s, const char *type_dot_field, gql_resolve_fn fn, void *udata, char *err,
                     size_t errlen)
{
	if (gql_bind(s, type_dot_field, fn, udata) == 0)
		return 0;
	snprintf(err, errlen, "schema: cannot bind %s (no such field in the SDL)", type_dot_field);
	return -1;
}

int api_bind_one(struct gql_schema *s, const char *type_dot_field, gql_resolve_fn fn, char *err, size_t errlen)
{
	return bind_with(s, type_dot_field, fn, NULL, err, errlen);
}

int api_bind_all(struct gql_schema *s, const char *type, gql_resolve_fn fn, char *err, size_t errlen)
{
	char name[128];
	snprintf(name, sizeof name, "%s.*", type);
	return api_bind_one(s, name, fn, err, errlen);
}

/* an API_EACH row: each named field the type has and nothing bound yet, with its index + 1 */
static int bind_fields(struct gql_schema *s, const struct api_bind *b, char *err, size_t errlen)
{
	struct gql_type *ty = gql_schema_type(s, b->where);
	if (ty == NULL) {
		snprintf(err, errlen, "schema: no type %s", b->where);
		return -1;
	}
	for (int i = 0; i < b->nfields; i++) {
		struct gql_field *f = b->fields[i] ? gql_type_field(ty, b->fields[i]) : NULL;
		if (f != NULL && f->resolve == NULL) {
			f->resolve = b->fn;
			f->udata = (void *)(intptr_t)(i + 1);
		}
	}
	return 0;
}

int api_bind_table(struct gql_schema *s, const struct api_bind *t, size_t n, char *err, size_t errlen)
{
	for (size_t i = 0; i < n; i++) {
		const struct api_bind *b = &t[i];
		int r;
		if (b->fields != NULL)
			r = bind_fields(s, b, err, errlen);
		else if (b->user_error != NULL)
			r = bind_with(s, b->where, resolve_signed_in, (void *)b, err, errlen);
		else
			r = bind_with(s, b->where, b->fn, b->data ? (void *)b : NULL, err, errlen);
		if (r != 0)
			return -1;
	}
	return 0;
}

int api_schema_bind(struct gql_schema *s, char *err, size_t errlen)
{
	char unbound[512];
	int n;
	if (gql_bind_scalar(s, "Date", date_parse) != 0) {
		snprintf(err, errlen, "schema: no scalar Date in the SDL");
		return -1;
	}
	/* the resolver files first (API_FILES' order); api_bind_defaults last: it fills in only what they left unbound */
#define API_BIND_CALL(name) if (api_bind_##name(s, err, errlen) != 0) return -1;
	API_FILES(API_BIND_CALL)
#undef API_BIND_CALL
	if (api_bind_defaults(s, err, errlen) != 0 || api_bind_policy(s, err, errlen) != 0)
		return -1;
	if ((n = gql_schema_unbound(s, unbound, sizeof unbound)) > 0) {
		snprintf(err, errlen, "schema: %d field%s without a resolver: %s", n, n == 1 ? "" : "s", unbound);
		return -1;
	}
	return 0;
}

struct gql_schema *api_schema_build(const char *sdl, size_t len, char *err, size_t errlen)
{
	struct gql_schema *s;
	if ((s = gql_schema_parse(sdl, len, err, errlen)) == NULL)
		return NULL;
	if (api_schema_bind(s, err, errlen)) {
		gql_schema_free(s);
		return NULL;
	}
	return s;
}

struct gql_schema *api_schema_load(char *err, size_t errlen)
{
	return api_schema_build(larder_schema_sdl, strlen(larder_schema_sdl), err, errlen);
}
