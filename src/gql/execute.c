/* execute.c: GraphQL execution (spec 6): operation selection, field collection, resolvers, value completion, JSON output. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gql/exec_int.h"
#include "util/jsonw.h"
#include "util/limits.h"
#include "util/text.h"

/* one step of the response path, kept on the C stack */
struct path {
	const struct path *prev;
	const char *key;      /* NULL: list index */
	uint32_t index;
};

enum meta { M_FIELD, M_TYPENAME, M_SCHEMA, M_TYPE };

struct collected;
struct ccache {
	const struct gql_type *t;
	struct collected *c;
	struct ccache *next;
};

/* a response key of a selection set collected for one object type (spec CollectFields) */
struct cfield {
	const char *key;
	uint32_t khash;                   /* FNV-1a of key */
	const char *keyjson;              /* ,"key": */
	uint32_t keyjson_len;
	enum meta meta;
	bool introspective;               /* __typename, meta-fields, fields of the __ types: own budget */
	int leaf;                         /* builtin scalar of a (non-null) built-in scalar field, else -1 */
	const struct gql_field *def;
	gql_resolve_fn resolve;
	void *udata;
	struct gql_selection **sels;      /* the merged field selections, in order */
	uint32_t *seldepth;               /* per selection: the depth of the set it stands in */
	uint32_t nsels, capsels;
	int argstate;                     /* 0 not coerced yet, 1 done, -1 error */
	const struct gql_value **argv;
	const char *argerr;
	struct ccache *cache;             /* collected sub-fields per concrete type */
};

struct collected {
	struct cfield *f;
	uint32_t n;
};

struct exec {
	struct gql_schema *s;
	struct arena *a;
	struct gql_errors *errs;
	struct sb *out;
	const struct gql_document *doc;
	const struct gql_fragment **frags;
	uint32_t nfrags;
	struct gql_vars vars;
	void *context;
	const struct gql_limits *lim;     /* defaults filled in: max_fields (resolvers run) and max_depth
	                                     (sets nested, fragments expanded: validation checks it first) */
	uint32_t nfields;                 /* fields executed (application resolvers), against lim->max_fields */
	uint32_t nifields;                /* introspection and __typename fields executed */
	bool fatal;
};

struct gql_rctx {
	struct exec *ex;
	struct cfield *cf;
	const struct gql_type *ptype;
	const struct path *path;
	bool errored;
};

/* ---------------------------------------------------------------- errors */

static void set_path(struct exec *ex, struct gql_error *e, const struct path *path)
{
	uint32_t n = 0;
	for (const struct path *p = path; p; p = p->prev)
		n++;
	if (e == NULL || n == 0)
		return;
	struct gql_path_seg *segs = ARENA_NEWN(ex->a, struct gql_path_seg, n);
	if (segs == NULL)
		return;
	uint32_t i = n;
	for (const struct path *p = path; p; p = p->prev) {
		i--;
		segs[i].key = p->key;
		segs[i].index = p->index;
	}
	e->path = segs;
	e->npath = n;
}

static struct gql_error *add_error(struct exec *ex, const struct cfield *cf, const struct path *path,
                                   const char *code, const char *fmt, va_list ap)
{
	struct gql_loc locs[8];
	uint32_t n = 0;
	if (cf != NULL)
		for (uint32_t i = 0; i < cf->nsels && n < 8; i++)
			locs[n++] = cf->sels[i]->loc;
	struct gql_error *e = gql_errors_vadd(ex->errs, code, locs, n, fmt, ap);
	set_path(ex, e, path);
	return e;
}

__attribute__((format(printf, 5, 6)))
static void field_error(struct exec *ex, const struct cfield *cf, const struct path *path, const char *code,
                        const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	add_error(ex, cf, path, code, fmt, ap);
	va_end(ap);
}

/* stop executing: the budget is spent or memory ran out; data becomes null */
__attribute__((format(printf, 4, 5)))
static void fatal(struct exec *ex, const struct cfield *cf, const struct path *path, const char *fmt, ...)
{
	va_list ap;
	if (ex->fatal)
		return;
	ex->fatal = true;
	size_t lim = ex->a->limit;
	ex->a->limit = 0; /* room to record this one error */
	va_start(ap, fmt);
	add_error(ex, cf, path, "INTERNAL_SERVER_ERROR", fmt, ap);
	va_end(ap);
	ex->a->limit = lim;
}

static void oom(struct exec *ex, const struct cfield *cf, const struct path *path)
{
	fatal(ex, cf, path, "The request needs more memory than allowed.");
}

/* ---------------------------------------------------------------- field collection */

static bool directive_if(struct exec *ex, const struct gql_directive *d, bool *val)
{
	for (uint32_t i = 0; i < d->nargs; i++) {
		if (strcmp(d->args[i]->name, "if") != 0)
			continue;
		const struct gql_value *v = d->args[i]->value;
		if (v->kind == GQL_V_VARIABLE && !gql_vars_get(&ex->vars, v->u.name, &v))
			return false;
		if (v->kind != GQL_V_BOOLEAN)
			return false;
		*val = v->u.b;
		return true;
	}
	return false;
}

static bool skipped(struct exec *ex, struct gql_directive *const *dirs, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		bool v;
		const char *name = dirs[i]->name;
		if (name[0] == 's' && strcmp(name, "skip") == 0) {
			if (directive_if(ex, dirs[i], &v) && v)
				return true;
		} else if (name[0] == 'i' && strcmp(name, "include") == 0) {
			if (directive_if(ex, dirs[i], &v) && !v)
				return true;
		}
	}
	return false;
}

static const struct gql_fragment *find_fragment(const struct exec *ex, const char *name)
{
	for (uint32_t i = 0; i < ex->nfrags; i++)
		if (strcmp(ex->frags[i]->name, name) == 0)
			return ex->frags[i];
	return NULL;
}

static bool type_applies(const struct exec *ex, const char *cond, const struct gql_type *t)
{
	if (cond == NULL || strcmp(cond, t->name) == 0)
		return true;
	const struct gql_type *ct = gql_schema_type(ex->s, cond);
	return ct != NULL && (ct->kind == GQL_K_INTERFACE || ct->kind == GQL_K_UNION) && gql_type_is_possible(ct, t);
}

struct collector {
	struct exec *ex;
	const struct gql_type *t;
	struct cfield *f;
	uint32_t n, cap;
	const struct gql_fragment *visited[32];
	const struct gql_fragment **morevisited;
	uint32_t nvisited, capvisited;
	uint32_t depth;                   /* of the set being collected; the operation's is 1 */
	bool nomem;                       /* out of memory or too deep: stop (collect returns NULL) */
};

static bool visit(struct collector *c, const struct gql_fragment *fr)
{
	for (uint32_t i = 0; i < c->nvisited; i++) {
		const struct gql_fragment *v = i < 32 ? c->visited[i] : c->morevisited[i - 32];
		if (v == fr)
			return false;
	}
	if (c->nvisited < 32)
		c->visited[c->nvisited++] = fr;
	else {
		uint32_t k = c->nvisited - 32;
		if (k == c->capvisited) {
			uint32_t nc = c->capvisited ? c->capvisited * 2 : 32;
			const struct gql_fragment **m = arena_realloc(c->ex->a, c->morevisited, sizeof *m * c->capvisited, sizeof *m * nc);
			if (m == NULL) {
				c->nomem = true;
				return false;
			}
			c->morevisited = m;
			c->capvisited = nc;
		}
		c->morevisited[k] = fr;
		c->nvisited++;
	}
	return true;
}

static void add_sel(struct collector *c, struct cfield *cf, struct gql_selection *sel)
{
	if (cf->nsels == cf->capsels) {
		uint32_t nc = cf->capsels ? cf->capsels * 2 : 2;
		struct gql_selection **m = arena_realloc(c->ex->a, cf->sels, sizeof *m * cf->capsels, sizeof *m * nc);
		uint32_t *d = m ? arena_realloc(c->ex->a, cf->seldepth, sizeof *d * cf->capsels, sizeof *d * nc) : NULL;
		if (m == NULL || d == NULL) {
			c->nomem = true;
			return;
		}
		cf->sels = m;
		cf->seldepth = d;
		cf->capsels = nc;
	}
	cf->seldepth[cf->nsels] = c->depth;
	cf->sels[cf->nsels++] = sel;
}

/* a set nested deeper than max_depth: validation refuses such documents, so this only guards
 * against a disagreement; the request fails with the same message rather than drop fields */
static void collect_too_deep(struct collector *c, const struct gql_selection_set *set)
{
	struct exec *ex = c->ex;
	c->nomem = true;
	if (ex->fatal)
		return;
	ex->fatal = true;
	gql_errors_add(ex->errs, "GRAPHQL_VALIDATION_FAILED", &set->loc, 1,
	               "Document exceeds the maximum depth of %u%s once fragments are expanded.",
	               (unsigned)ex->lim->max_depth, gql_limit_note(ex->a, ex->lim->name_depth));
}

static void collect_set(struct collector *c, const struct gql_selection_set *set)
{
	struct exec *ex = c->ex;
	if (set == NULL)
		return;
	if (++c->depth > ex->lim->max_depth) {
		collect_too_deep(c, set);
		goto out;
	}
	for (uint32_t i = 0; i < set->n && !c->nomem; i++) {
		struct gql_selection *sel = set->items[i];
		if (sel->ndirs && skipped(ex, sel->dirs, sel->ndirs))
			continue;
		if (sel->kind == GQL_SEL_INLINE) {
			if (type_applies(ex, sel->type_cond, c->t))
				collect_set(c, sel->set);
			continue;
		}
		if (sel->kind == GQL_SEL_SPREAD) {
			const struct gql_fragment *fr = find_fragment(ex, sel->name);
			if (fr == NULL || !visit(c, fr))
				continue;
			if (type_applies(ex, fr->type_cond, c->t))
				collect_set(c, fr->set);
			continue;
		}
		const char *key = gql_response_key(sel);
		size_t klen = strlen(key);
		uint32_t h = text_hash_n(key, klen);
		struct cfield *cf = NULL;
		for (uint32_t j = 0; j < c->n; j++)
			if (c->f[j].khash == h && strcmp(c->f[j].key, key) == 0) {
				cf = &c->f[j];
				break;
			}
		if (cf != NULL) {
			add_sel(c, cf, sel);
			continue;
		}
		/* a new response key */
		enum meta meta = M_FIELD;
		const struct gql_field *def = NULL;
		const char *name = sel->name;
		if (name[0] == '_' && name[1] == '_') {
			if (strcmp(name, "__typename") == 0)
				meta = M_TYPENAME;
			else if (c->t == ex->s->query && strcmp(name, "__schema") == 0)
				meta = M_SCHEMA, def = ex->s->f_schema;
			else if (c->t == ex->s->query && strcmp(name, "__type") == 0)
				meta = M_TYPE, def = ex->s->f_type;
		}
		if (meta == M_FIELD)
			def = gql_type_field(c->t, name);
		if (def == NULL && meta != M_TYPENAME)
			continue; /* not defined on this type: validation reports it */
		if (c->n == c->cap) {
			uint32_t nc = c->cap ? c->cap * 2 : 8;
			struct cfield *m = arena_realloc(ex->a, c->f, sizeof *m * c->cap, sizeof *m * nc);
			if (m == NULL) {
				c->nomem = true;
				break;
			}
			c->f = m;
			c->cap = nc;
		}
		cf = &c->f[c->n++];
		memset(cf, 0, sizeof *cf);
		cf->key = key;
		cf->khash = h;
		char *kj = arena_alloc(ex->a, klen + 4 + 16); /* slack: put_key copies 16-byte chunks */
		if (kj == NULL) {
			c->nomem = true;
			break;
		}
		kj[0] = ',';
		kj[1] = '"';
		memcpy(kj + 2, key, klen);
		kj[klen + 2] = '"';
		kj[klen + 3] = ':';
		cf->keyjson = kj;
		cf->keyjson_len = (uint32_t)klen + 4;
		cf->meta = meta;
		cf->def = def;
		cf->introspective = meta != M_FIELD || c->t->introspection;
		cf->leaf = -1;
		if (def != NULL) {
			const struct gql_type *lt = def->type->kind == GQL_K_NON_NULL ? def->type->of : def->type;
			if (lt->kind == GQL_K_SCALAR && lt->builtin != GQL_SCALAR_CUSTOM)
				cf->leaf = (int)lt->builtin;
		}
		if (def != NULL) {
			if (meta != M_FIELD || (def->owner != NULL && def->owner->introspection))
				cf->resolve = gql_introspect_resolver(ex->s, def);
			else {
				cf->resolve = def->resolve;
				cf->udata = def->udata;
			}
		}
		add_sel(c, cf, sel);
	}
out:
	c->depth--;
}

static struct collected *collect(struct exec *ex, const struct gql_type *t, struct gql_selection *const *sels,
                                 const uint32_t *depths, uint32_t nsels, const struct gql_selection_set *root)
{
	struct collector c;
	memset(&c, 0, sizeof c);
	c.ex = ex;
	c.t = t;
	/* room for the usual case (no fragments) up front: growing copies the array */
	uint32_t guess = root ? root->n : 0;
	for (uint32_t i = 0; i < nsels; i++)
		guess += sels[i]->set ? sels[i]->set->n : 0;
	if (guess > 0) {
		if (guess > 256)
			guess = 256;
		if ((c.f = ARENA_NEWN(ex->a, struct cfield, guess)) == NULL)
			return NULL;
		c.cap = guess;
	}
	if (root != NULL)
		collect_set(&c, root);
	for (uint32_t i = 0; i < nsels && !c.nomem; i++) {
		c.nvisited = 0; /* each field's selection set is collected on its own (CollectSubfields) */
		c.depth = depths[i];
		collect_set(&c, sels[i]->set);
	}
	struct collected *r = c.nomem ? NULL : ARENA_NEW(ex->a, struct collected);
	if (r != NULL) {
		r->f = c.f;
		r->n = c.n;
	}
	return r;
}

static struct collected *child_fields(struct exec *ex, struct cfield *cf, const struct gql_type *t)
{
	for (struct ccache *cc = cf->cache; cc; cc = cc->next)
		if (cc->t == t)
			return cc->c;
	struct ccache *cc = ARENA_NEW(ex->a, struct ccache);
	if (cc == NULL || (cc->c = collect(ex, t, cf->sels, cf->seldepth, cf->nsels, NULL)) == NULL)
		return NULL;
	cc->t = t;
	cc->next = cf->cache;
	cf->cache = cc;
	return cc->c;
}

/* ---------------------------------------------------------------- value completion */

static int exec_object(struct exec *ex, const struct gql_type *t, const void *obj, const struct collected *c,
                       const struct path *path);

static const char *describe_out(struct exec *ex, const struct gql_out *o)
{
	char buf[64];
	switch (o->kind) {
	case GQL_OUT_INT: snprintf(buf, sizeof buf, "%" PRId64, o->u.i); break;
	case GQL_OUT_FLOAT:
		if (isnan(o->u.f))
			return "NaN";
		if (isinf(o->u.f))
			return o->u.f > 0 ? "Infinity" : "-Infinity";
		snprintf(buf, sizeof buf, "%.17g", o->u.f);
		if (strtod(buf, NULL) == o->u.f) /* prefer the shortest text that reads back the same */
			for (int prec = 1; prec < 17; prec++) {
				char t[64];
				snprintf(t, sizeof t, "%.*g", prec, o->u.f);
				if (strtod(t, NULL) == o->u.f) {
					memcpy(buf, t, sizeof t);
					break;
				}
			}
		break;
	case GQL_OUT_BOOL: return o->u.b ? "true" : "false";
	case GQL_OUT_ENUM:
	case GQL_OUT_STRING: {
		if (o->u.s.p == NULL)
			return "null";
		struct sb b;
		sb_init(&b);
		b.max = 1024;
		jw_string(&b, o->u.s.p, o->u.s.len);
		const char *r = sb_error(&b) ? "(string)" : arena_strdup(ex->a, sb_str(&b));
		sb_free(&b);
		return r ? r : "(string)";
	}
	case GQL_OUT_OBJECT: return "an object";
	case GQL_OUT_LIST: return "a list";
	default: return "null";
	}
	const char *r = arena_strdup(ex->a, buf);
	return r ? r : "(value)";
}

static inline bool out_is_null(const struct gql_out *o)
{
	return o->kind == GQL_OUT_UNSET || o->kind == GQL_OUT_NULL;
}

static void put_quoted_int(struct sb *b, int64_t v)
{
	jw_fast_putc(b, '"');
	jw_int(b, v);
	jw_fast_putc(b, '"');
}

static int complete_scalar(struct exec *ex, const struct cfield *cf, const struct gql_type *t,
                           const struct gql_out *o, const struct path *path)
{
	struct sb *b = ex->out;
	const char *why = NULL;
	switch (t->builtin) {
	case GQL_SCALAR_INT: {
		int64_t v;
		if (o->kind == GQL_OUT_INT)
			v = o->u.i;
		else if (o->kind == GQL_OUT_BOOL)
			v = o->u.b;
		else if (o->kind == GQL_OUT_FLOAT && isfinite(o->u.f) && o->u.f == floor(o->u.f) &&
		         fabs(o->u.f) < 4e9)
			v = (int64_t)o->u.f;
		else {
			why = "Int cannot represent non-integer value";
			break;
		}
		if (v < INT32_MIN || v > INT32_MAX) {
			why = "Int cannot represent non 32-bit signed integer value";
			break;
		}
		jw_int(b, v);
		return 0;
	}
	case GQL_SCALAR_FLOAT:
		if (o->kind == GQL_OUT_INT)
			jw_int(b, o->u.i);
		else if (o->kind == GQL_OUT_FLOAT && isfinite(o->u.f))
			jw_fast_double(b, o->u.f);
		else if (o->kind == GQL_OUT_BOOL)
			jw_fast_putc(b, o->u.b ? '1' : '0');
		else {
			why = "Float cannot represent non numeric value";
			break;
		}
		return 0;
	case GQL_SCALAR_STRING:
		switch (o->kind) {
		case GQL_OUT_STRING: jw_fast_string(b, o->u.s.p, o->u.s.len); return 0;
		case GQL_OUT_ENUM: jw_fast_string(b, o->u.s.p, o->u.s.len); return 0;
		case GQL_OUT_INT: put_quoted_int(b, o->u.i); return 0;
		case GQL_OUT_BOOL: jw_fast_putn(b, o->u.b ? "\"true\"" : "\"false\"", o->u.b ? 6 : 7); return 0;
		case GQL_OUT_FLOAT:
			if (isfinite(o->u.f)) {
				jw_fast_putc(b, '"');
				jw_fast_double(b, o->u.f);
				jw_fast_putc(b, '"');
				return 0;
			}
			break;
		default: break;
		}
		why = "String cannot represent value";
		break;
	case GQL_SCALAR_BOOLEAN:
		if (o->kind == GQL_OUT_BOOL)
			jw_bool(b, o->u.b);
		else if (o->kind == GQL_OUT_INT)
			jw_bool(b, o->u.i != 0);
		else if (o->kind == GQL_OUT_FLOAT && isfinite(o->u.f))
			jw_bool(b, o->u.f != 0);
		else {
			why = "Boolean cannot represent a non boolean value";
			break;
		}
		return 0;
	case GQL_SCALAR_ID:
		if (o->kind == GQL_OUT_STRING)
			jw_fast_string(b, o->u.s.p, o->u.s.len);
		else if (o->kind == GQL_OUT_INT)
			put_quoted_int(b, o->u.i);
		else {
			why = "ID cannot represent value";
			break;
		}
		return 0;
	case GQL_SCALAR_CUSTOM:
	default:
		switch (o->kind) {
		case GQL_OUT_STRING: jw_fast_string(b, o->u.s.p, o->u.s.len); return 0;
		case GQL_OUT_ENUM: jw_fast_string(b, o->u.s.p, o->u.s.len); return 0;
		case GQL_OUT_INT: jw_int(b, o->u.i); return 0;
		case GQL_OUT_BOOL: jw_bool(b, o->u.b); return 0;
		case GQL_OUT_FLOAT:
			if (isfinite(o->u.f)) {
				jw_fast_double(b, o->u.f);
				return 0;
			}
			break;
		default: break;
		}
		why = arena_printf(ex->a, "%s cannot represent value", t->name);
		break;
	}
	field_error(ex, cf, path, "INTERNAL_SERVER_ERROR", "%s: %s", why ? why : "Cannot represent value",
	            describe_out(ex, o));
	return -1;
}

static int complete(struct exec *ex, struct cfield *cf, const struct gql_type *ptype, const struct gql_type *t,
                    const struct gql_out *o, const struct path *path);

static int complete_inner(struct exec *ex, struct cfield *cf, const struct gql_type *ptype,
                          const struct gql_type *t, const struct gql_out *o, const struct path *path)
{
	struct sb *b = ex->out;
	switch (t->kind) {
	case GQL_K_LIST:
		if (o->kind != GQL_OUT_LIST) {
			field_error(ex, cf, path, "INTERNAL_SERVER_ERROR",
			            "Expected Iterable, but did not find one for field \"%s.%s\".", ptype->name, cf->def->name);
			return -1;
		}
		jw_fast_putc(b, '[');
		for (uint32_t i = 0; i < o->u.l.n; i++) {
			struct path p = { path, NULL, i };
			if (i)
				jw_fast_putc(b, ',');
			if (complete(ex, cf, ptype, t->of, &o->u.l.items[i], &p) < 0)
				return -1;
		}
		jw_fast_putc(b, ']');
		return 0;
	case GQL_K_SCALAR:
		return complete_scalar(ex, cf, t, o, path);
	case GQL_K_ENUM: {
		if (o->kind == GQL_OUT_ENUM || o->kind == GQL_OUT_STRING) {
			const struct gql_enum_value *ev = o->u.s.p ? gql_enum_value(t, o->u.s.p) : NULL;
			if (ev != NULL) {
				jw_fast_string(b, ev->name, strlen(ev->name));
				return 0;
			}
		}
		field_error(ex, cf, path, "INTERNAL_SERVER_ERROR", "Enum \"%s\" cannot represent value: %s", t->name,
		            describe_out(ex, o));
		return -1;
	}
	case GQL_K_OBJECT:
	case GQL_K_INTERFACE:
	case GQL_K_UNION: {
		if (o->kind != GQL_OUT_OBJECT) {
			field_error(ex, cf, path, "INTERNAL_SERVER_ERROR", "Expected a value of type \"%s\" for field \"%s.%s\", got %s.",
			            t->name, ptype->name, cf->def->name, describe_out(ex, o));
			return -1;
		}
		const struct gql_type *rt = o->u.o.t;
		if (rt == NULL && o->u.o.type != NULL && (t->kind != GQL_K_OBJECT || strcmp(o->u.o.type, t->name) != 0))
			rt = gql_schema_type(ex->s, o->u.o.type);
		if (rt == NULL) {
			if (t->kind != GQL_K_OBJECT) {
				if (o->u.o.type != NULL)
					field_error(ex, cf, path, "INTERNAL_SERVER_ERROR",
					            "Abstract type \"%s\" must resolve to an Object type at runtime for field \"%s.%s\". Received \"%s\".",
					            t->name, ptype->name, cf->def->name, o->u.o.type);
				else
					field_error(ex, cf, path, "INTERNAL_SERVER_ERROR",
					            "Abstract type \"%s\" must resolve to an Object type at runtime for field \"%s.%s\".",
					            t->name, ptype->name, cf->def->name);
				return -1;
			}
			rt = t;
		}
		if (rt != t) {
			if (rt->kind != GQL_K_OBJECT || t->kind == GQL_K_OBJECT || !gql_type_is_possible(t, rt)) {
				field_error(ex, cf, path, "INTERNAL_SERVER_ERROR",
				            "Runtime Object type \"%s\" is not a possible type for \"%s\".", rt->name, t->name);
				return -1;
			}
		}
		const struct collected *c = child_fields(ex, cf, rt);
		if (c == NULL) {
			oom(ex, cf, path);
			return -1;
		}
		return exec_object(ex, rt, o->u.o.obj, c, path);
	}
	default:
		field_error(ex, cf, path, "INTERNAL_SERVER_ERROR", "Field \"%s.%s\" has no output type.", ptype->name, cf->def->name);
		return -1;
	}
}

/* Write the value of type t. Returns 0 when a value (maybe null) was written, -1 when the
 * null must propagate to the parent (the caller discards what was written). */
static int complete(struct exec *ex, struct cfield *cf, const struct gql_type *ptype, const struct gql_type *t,
                    const struct gql_out *o, const struct path *path)
{
	struct sb *b = ex->out;
	bool nonnull = t->kind == GQL_K_NON_NULL;
	const struct gql_type *nt = nonnull ? t->of : t;
	if (nt->kind == GQL_K_SCALAR && !out_is_null(o)) {
		/* leaves write nothing when they fail: no mark needed */
		if (complete_scalar(ex, cf, nt, o, path) == 0)
			return 0;
		if (nonnull || ex->fatal)
			return -1;
		jw_fast_putn(b, "null", 4);
		return 0;
	}
	if (nonnull) {
		if (out_is_null(o)) {
			field_error(ex, cf, path, "INTERNAL_SERVER_ERROR", "Cannot return null for non-nullable field %s.%s.",
			            ptype->name, cf->def->name);
			return -1;
		}
		return complete_inner(ex, cf, ptype, nt, o, path);
	}
	if (out_is_null(o)) {
		jw_fast_putn(b, "null", 4);
		return 0;
	}
	size_t mark = b->len;
	if (complete_inner(ex, cf, ptype, t, o, path) < 0) {
		if (ex->fatal)
			return -1;
		sb_truncate(b, mark);
		jw_fast_putn(b, "null", 4);
	}
	return 0;
}

static int null_or_propagate(struct exec *ex, const struct gql_type *t)
{
	if (t->kind == GQL_K_NON_NULL || ex->fatal)
		return -1;
	jw_fast_putn(ex->out, "null", 4);
	return 0;
}

static int exec_field(struct exec *ex, const struct gql_type *ptype, const void *obj, struct cfield *cf,
                      const struct path *path)
{
	if (ex->fatal)
		return -1;
	if (cf->introspective) {
		if (++ex->nifields > LIMIT_GQL_INTROSPECTION_FIELDS) {
			fatal(ex, cf, path, "The query executes more than %u introspection fields.",
			      (unsigned)LIMIT_GQL_INTROSPECTION_FIELDS);
			return -1;
		}
	} else if (++ex->nfields > ex->lim->max_fields) {
		fatal(ex, cf, path, "The query executes more than %u fields%s.", (unsigned)ex->lim->max_fields,
		      gql_limit_note(ex->a, ex->lim->name_fields));
		return -1;
	}
	if (cf->meta == M_TYPENAME) {
		jw_fast_string(ex->out, ptype->name, strlen(ptype->name));
		return 0;
	}
	const struct gql_type *ft = cf->def->type;
	if (cf->argstate == 0) {
		const char *msg = NULL;
		const struct gql_selection *sel = cf->sels[0];
		if (gql_coerce_args(cf->def->args, cf->def->nargs, sel->args, sel->nargs, &ex->vars, ex->a, &cf->argv, &msg)) {
			cf->argstate = -1;
			cf->argerr = msg ? msg : "Invalid argument.";
		} else
			cf->argstate = 1;
	}
	if (cf->argstate < 0) {
		field_error(ex, cf, path, "BAD_USER_INPUT", "%s", cf->argerr);
		return null_or_propagate(ex, ft);
	}
	if (cf->resolve == NULL) {
		field_error(ex, cf, path, "INTERNAL_SERVER_ERROR", "No resolver for %s.%s", ptype->name, cf->def->name);
		return null_or_propagate(ex, ft);
	}
	struct gql_rctx rc = { ex, cf, ptype, path, false };
	struct gql_out out;
	out.kind = GQL_OUT_UNSET;
	int r = cf->resolve(&rc, obj, &out);
	if (ex->fatal)
		return -1;
	if (r < 0) {
		if (!rc.errored)
			field_error(ex, cf, path, "INTERNAL_SERVER_ERROR", "Could not resolve %s.%s", ptype->name, cf->def->name);
		return null_or_propagate(ex, ft);
	}
	/* fast paths for the commonest leaves */
	if (cf->leaf == GQL_SCALAR_STRING || cf->leaf == GQL_SCALAR_ID) {
		if (out.kind == GQL_OUT_STRING) {
			jw_fast_string(ex->out, out.u.s.p, out.u.s.len);
			return 0;
		}
	} else if (cf->leaf == GQL_SCALAR_INT) {
		if (out.kind == GQL_OUT_INT && out.u.i >= INT32_MIN && out.u.i <= INT32_MAX) {
			jw_int(ex->out, out.u.i);
			return 0;
		}
	}
	return complete(ex, cf, ptype, ft, &out, path);
}

static int exec_object(struct exec *ex, const struct gql_type *t, const void *obj, const struct collected *c,
                       const struct path *path)
{
	struct sb *b = ex->out;
	jw_fast_putc(b, '{');
	for (uint32_t i = 0; i < c->n; i++) {
		struct cfield *cf = &c->f[i];
		struct path p = { path, cf->key, 0 };
		if (i)
			jw_fast_key(b, cf->keyjson, cf->keyjson_len);
		else
			jw_fast_key(b, cf->keyjson + 1, cf->keyjson_len - 1);
		if (exec_field(ex, t, obj, cf, &p) < 0)
			return -1;
	}
	jw_fast_putc(b, '}');
	return 0;
}

/* ---------------------------------------------------------------- the request */

static void limits_fill(struct gql_limits *l, const struct gql_limits *given)
{
	l->max_bytes = LIMIT_GQL_DOC_BYTES;
	l->max_tokens = LIMIT_GQL_TOKENS;
	l->max_depth = LIMIT_GQL_DEPTH;
	l->max_aliases = LIMIT_GQL_ALIASES;
	l->max_fields = LIMIT_GQL_FIELDS;
	l->max_errors = LIMIT_GQL_ERRORS;
	l->name_bytes = l->name_depth = l->name_aliases = l->name_fields = NULL;
	l->costly_field = l->name_costly = NULL;
	l->max_costly = 0;
	l->max_cost = 0;
	l->name_cost = NULL;
	if (given == NULL)
		return;
	if (given->max_bytes) l->max_bytes = given->max_bytes;
	if (given->max_tokens) l->max_tokens = given->max_tokens;
	if (given->max_depth) l->max_depth = given->max_depth;
	if (given->max_aliases) l->max_aliases = given->max_aliases;
	if (given->max_fields) l->max_fields = given->max_fields;
	if (given->max_errors) l->max_errors = given->max_errors;
	l->name_bytes = given->name_bytes;
	l->name_depth = given->name_depth;
	l->name_aliases = given->name_aliases;
	l->name_fields = given->name_fields;
	l->costly_field = given->costly_field;
	l->name_costly = given->name_costly;
	l->max_costly = given->max_costly;
	l->max_cost = given->max_cost;
	l->name_cost = given->name_cost;
}

/* out holds [base..] "{" data "}"; rewrite it as {"errors":[...],"data":...} or {"errors":[...]} */
static void write_errors(struct sb *out, size_t base, const struct gql_errors *errs, bool with_data)
{
	struct sb r;
	sb_init(&r);
	r.max = out->max;
	if (base)
		sb_putn(&r, out->buf, base);
	sb_putc(&r, '{');
	gql_errors_write(errs, &r);
	if (with_data && out->len > base + 1) {
		sb_putc(&r, ',');
		sb_putn(&r, out->buf + base + 1, out->len - base - 1);
	} else
		sb_putc(&r, '}');
	if (sb_error(&r)) {
		out->err = 1;
		sb_free(&r);
		return;
	}
	free(out->buf);
	out->buf = r.buf;
	out->len = r.len;
	out->cap = r.cap;
	out->err = out->err || r.err;
}

/* the request's guard over the root fields a set selects (each fragment looked at once: seen[] by index);
 * the first refusal is recorded (FORBIDDEN at the field) and true returned */
static bool guard_refuses(struct exec *ex, const struct gql_request *req, const struct gql_type *root,
                          const struct gql_selection_set *set, bool *seen)
{
	for (uint32_t i = 0; set != NULL && i < set->n; i++) {
		const struct gql_selection *sel = set->items[i];
		const struct gql_field *f;
		const char *msg;
		if (sel->kind == GQL_SEL_INLINE) {
			if (guard_refuses(ex, req, root, sel->set, seen))
				return true;
		} else if (sel->kind == GQL_SEL_SPREAD) {
			for (uint32_t k = 0; k < ex->nfrags; k++)
				if (!seen[k] && strcmp(ex->frags[k]->name, sel->name) == 0) {
					seen[k] = true;
					if (guard_refuses(ex, req, root, ex->frags[k]->set, seen))
						return true;
					break;
				}
		} else if ((f = gql_type_field(root, sel->name)) != NULL &&
		           (msg = req->guard(ex->context, f, ex->a)) != NULL) {
			gql_errors_add(ex->errs, "FORBIDDEN", &sel->loc, 1, "%s", msg);
			return true;
		}
	}
	return false;
}

/* true when the guard refuses a root field of op (or memory ran out), with the error recorded */
static bool guard_op(struct exec *ex, const struct gql_request *req, const struct gql_type *root,
                     const struct gql_operation *op)
{
	bool *seen = ARENA_NEWN(ex->a, bool, ex->nfrags ? ex->nfrags : 1);
	if (seen == NULL) {
		oom(ex, NULL, NULL);
		return true;
	}
	return guard_refuses(ex, req, root, op->set, seen);
}

void gql_execute(const struct gql_schema *cs, const struct gql_request *req, struct arena *a,
                 struct sb *out, struct gql_result *res)
{
	struct gql_schema *s = (struct gql_schema *)cs; /* wrapper types are created on demand */
	struct gql_limits lim;
	struct gql_errors errs;
	struct exec ex;
	size_t base = out->len;
	size_t saved_limit = a->limit;
	const struct gql_operation *op = NULL;
	bool with_data = false;

	limits_fill(&lim, req->limits);
	if (a->limit == 0)
		a->limit = a->total + LIMIT_GQL_REQUEST_ARENA;
	gql_errors_init(&errs, a);
	errs.max = lim.max_errors;
	memset(&ex, 0, sizeof ex);
	res->outcome = GQL_RESULT_REQUEST_ERROR;
	res->op_kind = GQL_OP_QUERY;
	res->nerrors = 0;

	struct gql_document *doc = gql_parse(a, req->query ? req->query : "", req->query ? req->query_len : 0, &lim, &errs);
	if (doc == NULL) {
		if (errs.n == 0)
			gql_errors_add(&errs, "GRAPHQL_PARSE_FAILED", NULL, 0, "Syntax Error: the document could not be parsed.");
		goto out;
	}
	if (gql_validate(s, doc, &lim, a, &errs) > 0 || errs.n > 0)
		goto out;

	/* operation selection (spec 6.1 GetOperation) and fragments */
	uint32_t nops = 0, nfrags = 0;
	for (uint32_t i = 0; i < doc->n; i++) {
		const struct gql_definition *d = doc->defs[i];
		nfrags += d->kind == GQL_DEF_FRAGMENT;
		if (d->kind != GQL_DEF_OPERATION)
			continue;
		nops++;
		if (req->operation_name != NULL) {
			if (d->u.op.name != NULL && strcmp(d->u.op.name, req->operation_name) == 0 && op == NULL)
				op = &d->u.op;
		} else if (op == NULL)
			op = &d->u.op;
	}
	if (req->operation_name != NULL && op == NULL) {
		gql_errors_add(&errs, "OPERATION_RESOLUTION_FAILURE", NULL, 0, "Unknown operation named \"%s\".", req->operation_name);
		goto out;
	}
	if (nops == 0) {
		gql_errors_add(&errs, "OPERATION_RESOLUTION_FAILURE", NULL, 0, "Must provide an operation.");
		goto out;
	}
	if (req->operation_name == NULL && nops > 1) {
		gql_errors_add(&errs, "OPERATION_RESOLUTION_FAILURE", NULL, 0,
		               "Must provide operation name if query contains multiple operations.");
		goto out;
	}
	res->op_kind = op->kind;
	if (req->queries_only && op->kind != GQL_OP_QUERY) {
		gql_errors_add(&errs, "BAD_REQUEST", NULL, 0, "Can only perform a %s operation from a POST request.",
		               gql_op_kind_names[op->kind]);
		res->outcome = GQL_RESULT_NOT_ALLOWED;
		goto out;
	}
	const struct gql_type *root = op->kind == GQL_OP_QUERY ? s->query : op->kind == GQL_OP_MUTATION ? s->mutation : NULL;
	if (root == NULL) {
		gql_errors_add(&errs, "BAD_REQUEST", NULL, 0, op->kind == GQL_OP_SUBSCRIPTION ?
		               "Subscriptions are not supported." : "Schema is not configured to execute %s operation.",
		               gql_op_kind_names[op->kind]);
		goto out;
	}

	ex.s = s;
	ex.a = a;
	ex.errs = &errs;
	ex.out = out;
	ex.doc = doc;
	ex.context = req->context;
	ex.lim = &lim;
	if (nfrags && (ex.frags = ARENA_NEWN(a, const struct gql_fragment *, nfrags)) == NULL) {
		oom(&ex, NULL, NULL);
		goto out;
	}
	for (uint32_t i = 0; i < doc->n; i++)
		if (doc->defs[i]->kind == GQL_DEF_FRAGMENT)
			ex.frags[ex.nfrags++] = &doc->defs[i]->u.frag;
	if (req->guard != NULL && guard_op(&ex, req, root, op)) {
		res->outcome = GQL_RESULT_FORBIDDEN;
		goto out;
	}
	if (gql_coerce_variables(s, op, req->variables, a, &errs, &ex.vars) > 0 || errs.n > 0)
		goto out;

	/* execution */
	res->outcome = GQL_RESULT_DATA;
	with_data = true;
	sb_puts(out, "{\"data\":");
	size_t mark = out->len;
	struct collected *c = collect(&ex, root, NULL, NULL, 0, op->set);
	if (c == NULL)
		oom(&ex, NULL, NULL);
	if (c == NULL || exec_object(&ex, root, NULL, c, NULL) < 0) {
		sb_truncate(out, mark);
		sb_putn(out, "null", 4);
	}
	sb_putc(out, '}');
out:
	if (!with_data) {
		sb_truncate(out, base);
		sb_putc(out, '{');
	}
	if (errs.n > 0 || errs.truncated) {
		if (errs.n == 0) {
			a->limit = 0; /* the only error could not be recorded: memory ran out */
			gql_errors_add(&errs, "INTERNAL_SERVER_ERROR", NULL, 0, "The request needs more memory than allowed.");
		}
		write_errors(out, base, &errs, with_data);
	}
	res->nerrors = errs.n;
	a->limit = saved_limit;
}

/* ---------------------------------------------------------------- resolver helpers */

void *gql_context(struct gql_rctx *rc) { return rc->ex->context; }
void *gql_udata(struct gql_rctx *rc) { return rc->cf->udata; }
struct arena *gql_arena(struct gql_rctx *rc) { return rc->ex->a; }
const struct gql_field *gql_rfield(struct gql_rctx *rc) { return rc->cf->def; }
const struct gql_schema *gql_rctx_schema(struct gql_rctx *rc) { return rc->ex->s; }

const struct gql_value *gql_arg(struct gql_rctx *rc, const char *name)
{
	const struct gql_field *f = rc->cf->def;
	if (rc->cf->argv == NULL)
		return NULL;
	for (uint32_t i = 0; i < f->nargs; i++)
		if (strcmp(f->args[i]->name, name) == 0)
			return rc->cf->argv[i];
	return NULL;
}

static bool set_has(struct exec *ex, const struct gql_selection_set *set, const char *name, int depth)
{
	if (set == NULL || depth > 32)
		return false;
	for (uint32_t i = 0; i < set->n; i++) {
		const struct gql_selection *sel = set->items[i];
		if (sel->ndirs && skipped(ex, sel->dirs, sel->ndirs))
			continue;
		if (sel->kind == GQL_SEL_FIELD) {
			if (strcmp(sel->name, name) == 0)
				return true;
		} else if (sel->kind == GQL_SEL_INLINE) {
			if (set_has(ex, sel->set, name, depth + 1))
				return true;
		} else {
			const struct gql_fragment *fr = find_fragment(ex, sel->name);
			if (fr != NULL && set_has(ex, fr->set, name, depth + 1))
				return true;
		}
	}
	return false;
}

bool gql_selected(struct gql_rctx *rc, const char *name)
{
	for (uint32_t i = 0; i < rc->cf->nsels; i++)
		if (set_has(rc->ex, rc->cf->sels[i]->set, name, 0))
			return true;
	return false;
}

int gql_error(struct gql_rctx *rc, const char *code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	add_error(rc->ex, rc->cf, rc->path, code, fmt, ap);
	va_end(ap);
	rc->errored = true;
	return -1;
}

/* ---------------------------------------------------------------- resolver output */

void gql_out_null(struct gql_out *o) { o->kind = GQL_OUT_NULL; }
void gql_out_int(struct gql_out *o, int64_t v) { o->kind = GQL_OUT_INT; o->u.i = v; }
void gql_out_float(struct gql_out *o, double v) { o->kind = GQL_OUT_FLOAT; o->u.f = v; }
void gql_out_bool(struct gql_out *o, bool v) { o->kind = GQL_OUT_BOOL; o->u.b = v; }

void gql_out_string(struct gql_out *o, const char *s, size_t n)
{
	if (s == NULL) {
		o->kind = GQL_OUT_NULL;
		return;
	}
	o->kind = GQL_OUT_STRING;
	o->u.s.p = s;
	o->u.s.len = (uint32_t)n;
}

void gql_out_cstr(struct gql_out *o, const char *s)
{
	gql_out_string(o, s, s ? strlen(s) : 0);
}

void gql_out_enum(struct gql_out *o, const char *name)
{
	if (name == NULL) {
		o->kind = GQL_OUT_NULL;
		return;
	}
	o->kind = GQL_OUT_ENUM;
	o->u.s.p = name;
	o->u.s.len = (uint32_t)strlen(name);
}

void gql_out_object(struct gql_out *o, const char *type_name, const void *obj)
{
	o->kind = GQL_OUT_OBJECT;
	o->u.o.type = type_name;
	o->u.o.t = NULL;
	o->u.o.obj = obj;
}

void gql_out_object_type(struct gql_out *o, const struct gql_type *t, const void *obj)
{
	o->kind = GQL_OUT_OBJECT;
	o->u.o.type = t ? t->name : NULL;
	o->u.o.t = t;
	o->u.o.obj = obj;
}

struct gql_out *gql_out_list(struct gql_rctx *rc, struct gql_out *o, uint32_t n)
{
	struct gql_out *items = ARENA_NEWN(rc->ex->a, struct gql_out, n ? n : 1);
	if (items == NULL) {
		oom(rc->ex, rc->cf, rc->path);
		o->kind = GQL_OUT_NULL;
		return NULL;
	}
	o->kind = GQL_OUT_LIST;
	o->u.l.items = items;
	o->u.l.n = n;
	return items;
}
