/* parser.c: recursive-descent GraphQL parser (executable and type-system documents) with size, token and depth budgets. */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "gql/gql.h"
#include "gql/lexer.h"
#include "util/limits.h"

#define PARSE_CODE "GRAPHQL_PARSE_FAILED"

struct parser {
	struct gql_lexer lx;
	struct gql_token tok;         /* the current token */
	struct gql_token ahead;       /* one token of lookahead, when have_ahead */
	bool have_ahead;
	struct arena *a;
	struct gql_errors *errs;
	uint32_t max_tokens, max_depth, depth;
	const char *name_depth;          /* gql_limits.name_depth, or NULL */
	/* scratch stack for lists of unknown length: items are copied out when a list ends */
	char *stk;
	size_t top, cap;
	/* names are copied (NUL-terminated) into chunks, not one arena allocation each */
	char *pool;
	size_t pool_left;
	jmp_buf jb;
};

__attribute__((format(printf, 3, 4)))
static _Noreturn void bail(struct parser *p, const struct gql_loc *loc, const char *fmt, ...)
{
	if (p->errs) {
		va_list ap;
		va_start(ap, fmt);
		gql_errors_vadd(p->errs, PARSE_CODE, loc, loc ? 1 : 0, fmt, ap);
		va_end(ap);
	}
	longjmp(p->jb, 1);
}

static void *palloc(struct parser *p, size_t n)
{
	void *m = arena_alloc(p->a, n);
	if (m == NULL)
		bail(p, NULL, "Document is too large: out of memory.");
	return m;
}
#define PNEW(p, T) ((T *)palloc((p), sizeof(T)))

static void lex_into(struct parser *p, struct gql_token *t)
{
	if (gql_lex(&p->lx, t) < 0)
		bail(p, &p->lx.err_loc, "Syntax Error: %s", p->lx.err);
	if (p->lx.ntokens > p->max_tokens)
		bail(p, &t->loc, "Document exceeds the maximum of %u tokens.", (unsigned)p->max_tokens);
}

static void advance(struct parser *p)
{
	if (p->have_ahead) {
		p->tok = p->ahead;
		p->have_ahead = false;
		return;
	}
	lex_into(p, &p->tok);
}

static const struct gql_token *peek_ahead(struct parser *p)
{
	if (!p->have_ahead) {
		if (p->tok.kind == GQL_TOK_EOF)
			return &p->tok;
		lex_into(p, &p->ahead);
		p->have_ahead = true;
	}
	return &p->ahead;
}

static _Noreturn void unexpected(struct parser *p, const struct gql_token *t)
{
	bail(p, &t->loc, "Syntax Error: Unexpected %s.", gql_token_desc(p->a, t));
}

static void expect(struct parser *p, enum gql_tok_kind k)
{
	if (p->tok.kind != k)
		bail(p, &p->tok.loc, "Syntax Error: Expected %s, found %s.",
		     k <= GQL_TOK_BRACE_R ? arena_printf(p->a, "\"%s\"", gql_tok_kind_names[k]) : gql_tok_kind_names[k],
		     gql_token_desc(p->a, &p->tok));
	advance(p);
}

static bool optional(struct parser *p, enum gql_tok_kind k)
{
	if (p->tok.kind != k)
		return false;
	advance(p);
	return true;
}

static bool is_kw(const struct gql_token *t, const char *kw)
{
	size_t n = strlen(kw);
	return t->kind == GQL_TOK_NAME && t->len == n && memcmp(t->start, kw, n) == 0;
}

static void expect_kw(struct parser *p, const char *kw)
{
	if (!is_kw(&p->tok, kw))
		bail(p, &p->tok.loc, "Syntax Error: Expected \"%s\", found %s.", kw, gql_token_desc(p->a, &p->tok));
	advance(p);
}

static bool optional_kw(struct parser *p, const char *kw)
{
	if (!is_kw(&p->tok, kw))
		return false;
	advance(p);
	return true;
}

static char *pool_strndup(struct parser *p, const char *src, size_t n)
{
	if (p->pool_left < n + 1) {
		size_t sz = n + 1 > 2048 ? n + 1 : 2048;
		p->pool = palloc(p, sz);
		p->pool_left = sz;
	}
	char *d = p->pool;
	memcpy(d, src, n);
	d[n] = 0;
	p->pool += n + 1;
	p->pool_left -= n + 1;
	return d;
}

/* a Name token's text, NUL-terminated in the arena; *loc gets its position */
static const char *parse_name(struct parser *p, struct gql_loc *loc)
{
	if (p->tok.kind != GQL_TOK_NAME)
		expect(p, GQL_TOK_NAME); /* reports */
	char *s = pool_strndup(p, p->tok.start, p->tok.len);
	if (loc)
		*loc = p->tok.loc;
	advance(p);
	return s;
}

static void enter(struct parser *p, const struct gql_loc *loc)
{
	if (++p->depth > p->max_depth)
		bail(p, loc, "Document exceeds the maximum depth of %u%s.", (unsigned)p->max_depth,
		     gql_limit_note(p->a, p->name_depth));
}

/* ---- scratch stack ---- */
static void push(struct parser *p, const void *item, size_t n)
{
	if (p->top + n > p->cap) {
		size_t nc = p->cap ? p->cap * 2 : 1024;
		while (nc < p->top + n)
			nc *= 2;
		char *ns = palloc(p, nc);
		if (p->top)
			memcpy(ns, p->stk, p->top);
		p->stk = ns;
		p->cap = nc;
	}
	memcpy(p->stk + p->top, item, n);
	p->top += n;
}
static void push_ptr(struct parser *p, const void *ptr) { push(p, &ptr, sizeof ptr); }

/* copy the items pushed since mark into the arena; returns the array (NULL when empty) */
static void *pop_list(struct parser *p, size_t mark, size_t size, uint32_t *n)
{
	size_t bytes = p->top - mark;
	*n = (uint32_t)(bytes / size);
	if (bytes == 0)
		return NULL;
	void *arr = palloc(p, bytes);
	memcpy(arr, p->stk + mark, bytes);
	p->top = mark;
	return arr;
}

/* ---- values ---- */
static struct gql_value *parse_value(struct parser *p, bool is_const);

static struct gql_value *parse_value(struct parser *p, bool is_const)
{
	struct gql_token *t = &p->tok;
	struct gql_value *v = PNEW(p, struct gql_value);
	v->loc = t->loc;
	switch (t->kind) {
	case GQL_TOK_BRACKET_L: {
		enter(p, &t->loc);
		advance(p);
		size_t mark = p->top;
		while (!optional(p, GQL_TOK_BRACKET_R))
			push_ptr(p, parse_value(p, is_const));
		v->kind = GQL_V_LIST;
		v->u.list.items = pop_list(p, mark, sizeof(struct gql_value *), &v->u.list.n);
		p->depth--;
		return v;
	}
	case GQL_TOK_BRACE_L: {
		enter(p, &t->loc);
		advance(p);
		size_t mark = p->top;
		while (!optional(p, GQL_TOK_BRACE_R)) {
			struct gql_object_field f;
			f.name = parse_name(p, &f.loc);
			expect(p, GQL_TOK_COLON);
			f.value = parse_value(p, is_const);
			push(p, &f, sizeof f);
		}
		v->kind = GQL_V_OBJECT;
		v->u.obj.fields = pop_list(p, mark, sizeof(struct gql_object_field), &v->u.obj.n);
		p->depth--;
		return v;
	}
	case GQL_TOK_INT: {
		char *raw = pool_strndup(p, t->start, t->len);
		v->kind = GQL_V_INT;
		v->raw = raw;
		/* decimal digits with overflow detection; on overflow i is clamped, raw keeps the text */
		const char *s = raw;
		bool neg = *s == '-';
		if (neg)
			s++;
		uint64_t acc = 0;
		bool over = false;
		for (; *s; s++) {
			unsigned d = (unsigned)(*s - '0');
			if (acc > (UINT64_MAX - d) / 10)
				over = true;
			else
				acc = acc * 10 + d;
		}
		if (neg)
			v->u.i = (over || acc > (uint64_t)INT64_MAX + 1) ? INT64_MIN :
			         (acc == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)acc);
		else
			v->u.i = (over || acc > (uint64_t)INT64_MAX) ? INT64_MAX : (int64_t)acc;
		advance(p);
		return v;
	}
	case GQL_TOK_FLOAT: {
		char *raw = pool_strndup(p, t->start, t->len);
		v->kind = GQL_V_FLOAT;
		v->raw = raw;
		v->u.f = strtod(raw, NULL);
		advance(p);
		return v;
	}
	case GQL_TOK_STRING:
	case GQL_TOK_BLOCK_STRING:
		v->kind = GQL_V_STRING;
		v->u.s = t->value;
		advance(p);
		return v;
	case GQL_TOK_NAME:
		if (is_kw(t, "true") || is_kw(t, "false")) {
			v->kind = GQL_V_BOOLEAN;
			v->u.b = t->len == 4;
			advance(p);
		} else if (is_kw(t, "null")) {
			v->kind = GQL_V_NULL;
			advance(p);
		} else {
			v->kind = GQL_V_ENUM;
			v->u.name = parse_name(p, NULL);
		}
		return v;
	case GQL_TOK_DOLLAR:
		if (is_const) {
			struct gql_token dollar = *t;
			advance(p);
			if (p->tok.kind == GQL_TOK_NAME)
				bail(p, &dollar.loc, "Syntax Error: Unexpected variable \"$%.*s\" in constant value.",
				     (int)p->tok.len, p->tok.start);
			unexpected(p, &dollar);
		}
		advance(p);
		v->kind = GQL_V_VARIABLE;
		v->u.name = parse_name(p, NULL);
		return v;
	default:
		unexpected(p, t);
	}
}

/* ---- arguments and directives ---- */
static struct gql_argument **parse_arguments(struct parser *p, bool is_const, uint32_t *n)
{
	*n = 0;
	if (!optional(p, GQL_TOK_PAREN_L))
		return NULL;
	size_t mark = p->top;
	do {
		struct gql_argument *arg = PNEW(p, struct gql_argument);
		arg->name = parse_name(p, &arg->loc);
		expect(p, GQL_TOK_COLON);
		arg->value = parse_value(p, is_const);
		push_ptr(p, arg);
	} while (!optional(p, GQL_TOK_PAREN_R));
	return pop_list(p, mark, sizeof(struct gql_argument *), n);
}

static struct gql_directive **parse_directives(struct parser *p, bool is_const, uint32_t *n)
{
	*n = 0;
	if (p->tok.kind != GQL_TOK_AT)
		return NULL;
	size_t mark = p->top;
	while (p->tok.kind == GQL_TOK_AT) {
		struct gql_directive *d = PNEW(p, struct gql_directive);
		d->loc = p->tok.loc;
		advance(p);
		d->name = parse_name(p, NULL);
		d->args = parse_arguments(p, is_const, &d->nargs);
		push_ptr(p, d);
	}
	return pop_list(p, mark, sizeof(struct gql_directive *), n);
}

/* ---- types ---- */
static struct gql_typeref *parse_type(struct parser *p)
{
	struct gql_typeref *t = PNEW(p, struct gql_typeref);
	t->loc = p->tok.loc;
	if (p->tok.kind == GQL_TOK_BRACKET_L) {
		enter(p, &p->tok.loc);
		advance(p);
		t->kind = GQL_TR_LIST;
		t->of = parse_type(p);
		expect(p, GQL_TOK_BRACKET_R);
		p->depth--;
	} else {
		t->kind = GQL_TR_NAMED;
		t->name = parse_name(p, NULL);
	}
	if (p->tok.kind == GQL_TOK_BANG) {
		advance(p);
		struct gql_typeref *nn = PNEW(p, struct gql_typeref);
		nn->kind = GQL_TR_NONNULL;
		nn->loc = t->loc;
		nn->of = t;
		return nn;
	}
	return t;
}

/* ---- selections ---- */
static struct gql_selection_set *parse_selection_set(struct parser *p);

static struct gql_selection *parse_selection(struct parser *p)
{
	struct gql_selection *s = PNEW(p, struct gql_selection);
	s->loc = p->tok.loc;
	if (p->tok.kind == GQL_TOK_SPREAD) {
		advance(p);
		bool has_cond = false;
		if (is_kw(&p->tok, "on")) {
			has_cond = true;
			s->type_cond_loc = p->tok.loc;
			advance(p);
		}
		if (!has_cond && p->tok.kind == GQL_TOK_NAME) {
			s->kind = GQL_SEL_SPREAD;
			s->name = parse_name(p, &s->name_loc);
			s->dirs = parse_directives(p, false, &s->ndirs);
			return s;
		}
		s->kind = GQL_SEL_INLINE;
		if (has_cond)
			s->type_cond = parse_name(p, &s->type_cond_loc);
		s->dirs = parse_directives(p, false, &s->ndirs);
		s->set = parse_selection_set(p);
		return s;
	}
	s->kind = GQL_SEL_FIELD;
	const char *first = parse_name(p, NULL);
	if (optional(p, GQL_TOK_COLON)) {
		s->alias = first;
		s->name = parse_name(p, NULL);
	} else {
		s->name = first;
	}
	s->args = parse_arguments(p, false, &s->nargs);
	s->dirs = parse_directives(p, false, &s->ndirs);
	if (p->tok.kind == GQL_TOK_BRACE_L)
		s->set = parse_selection_set(p);
	return s;
}

static struct gql_selection_set *parse_selection_set(struct parser *p)
{
	struct gql_selection_set *set = PNEW(p, struct gql_selection_set);
	set->loc = p->tok.loc;
	if (p->tok.kind == GQL_TOK_BRACE_L)
		enter(p, &p->tok.loc);
	expect(p, GQL_TOK_BRACE_L);
	size_t mark = p->top;
	do
		push_ptr(p, parse_selection(p));
	while (!optional(p, GQL_TOK_BRACE_R));
	set->items = pop_list(p, mark, sizeof(struct gql_selection *), &set->n);
	p->depth--;
	return set;
}

/* ---- executable definitions ---- */
static bool op_kind_of(const struct gql_token *t, enum gql_op_kind *k)
{
	if (is_kw(t, "query"))
		*k = GQL_OP_QUERY;
	else if (is_kw(t, "mutation"))
		*k = GQL_OP_MUTATION;
	else if (is_kw(t, "subscription"))
		*k = GQL_OP_SUBSCRIPTION;
	else
		return false;
	return true;
}

static void parse_operation(struct parser *p, struct gql_definition *d)
{
	struct gql_operation *op = &d->u.op;
	d->kind = GQL_DEF_OPERATION;
	d->loc = p->tok.loc;
	if (p->tok.kind == GQL_TOK_BRACE_L) {
		op->kind = GQL_OP_QUERY;
		op->shorthand = true;
		op->set = parse_selection_set(p);
		return;
	}
	if (!op_kind_of(&p->tok, &op->kind))
		unexpected(p, &p->tok);
	advance(p);
	if (p->tok.kind == GQL_TOK_NAME)
		op->name = parse_name(p, &op->name_loc);
	if (optional(p, GQL_TOK_PAREN_L)) {
		size_t mark = p->top;
		do {
			struct gql_var_def *v = PNEW(p, struct gql_var_def);
			v->loc = p->tok.loc;
			expect(p, GQL_TOK_DOLLAR);
			v->name = parse_name(p, NULL);
			expect(p, GQL_TOK_COLON);
			v->type = parse_type(p);
			if (optional(p, GQL_TOK_EQUALS))
				v->defval = parse_value(p, true);
			v->dirs = parse_directives(p, true, &v->ndirs);
			push_ptr(p, v);
		} while (!optional(p, GQL_TOK_PAREN_R));
		op->vars = pop_list(p, mark, sizeof(struct gql_var_def *), &op->nvars);
	}
	op->dirs = parse_directives(p, false, &op->ndirs);
	op->set = parse_selection_set(p);
}

static void parse_fragment(struct parser *p, struct gql_definition *d)
{
	struct gql_fragment *f = &d->u.frag;
	d->kind = GQL_DEF_FRAGMENT;
	d->loc = p->tok.loc;
	advance(p); /* fragment */
	if (is_kw(&p->tok, "on"))
		unexpected(p, &p->tok);
	f->name = parse_name(p, &f->name_loc);
	expect_kw(p, "on");
	f->type_cond = parse_name(p, &f->type_cond_loc);
	f->dirs = parse_directives(p, false, &f->ndirs);
	f->set = parse_selection_set(p);
}

/* ---- type system ---- */
static const char *parse_description(struct parser *p)
{
	if (p->tok.kind != GQL_TOK_STRING && p->tok.kind != GQL_TOK_BLOCK_STRING)
		return NULL;
	const char *s = p->tok.value.p;
	advance(p);
	return s;
}

/* open, one or more definitions read by item, close; NULL without open. The result is an array of
 * the pointers item returned. */
static void *parse_member_defs(struct parser *p, enum gql_tok_kind open, enum gql_tok_kind close,
                               void *(*item)(struct parser *), uint32_t *n)
{
	*n = 0;
	if (!optional(p, open))
		return NULL;
	size_t mark = p->top;
	do
		push_ptr(p, item(p));
	while (!optional(p, close));
	return pop_list(p, mark, sizeof(void *), n);
}

/* a member definition's description and name */
static void parse_member_head(struct parser *p, struct gql_member_def *m)
{
	m->description = parse_description(p);
	m->name = parse_name(p, &m->loc);
}

static void *parse_input_value_def(struct parser *p)
{
	struct gql_input_value_def *iv = PNEW(p, struct gql_input_value_def);
	parse_member_head(p, &iv->m);
	expect(p, GQL_TOK_COLON);
	iv->type = parse_type(p);
	if (optional(p, GQL_TOK_EQUALS))
		iv->defval = parse_value(p, true);
	iv->m.dirs = parse_directives(p, true, &iv->m.ndirs);
	return iv;
}

static void *parse_field_def(struct parser *p)
{
	struct gql_field_def_ast *f = PNEW(p, struct gql_field_def_ast);
	parse_member_head(p, &f->m);
	f->args = parse_member_defs(p, GQL_TOK_PAREN_L, GQL_TOK_PAREN_R, parse_input_value_def, &f->nargs);
	expect(p, GQL_TOK_COLON);
	f->type = parse_type(p);
	f->m.dirs = parse_directives(p, true, &f->m.ndirs);
	return f;
}

static void *parse_enum_value_def(struct parser *p)
{
	struct gql_member_def *ev = PNEW(p, struct gql_member_def);
	ev->description = parse_description(p);
	if (is_kw(&p->tok, "true") || is_kw(&p->tok, "false") || is_kw(&p->tok, "null"))
		bail(p, &p->tok.loc, "Syntax Error: Name \"%.*s\" is reserved and cannot be used for an enum value.",
		     (int)p->tok.len, p->tok.start);
	ev->name = parse_name(p, &ev->loc);
	ev->dirs = parse_directives(p, true, &ev->ndirs);
	return ev;
}

struct name_loc { const char *name; struct gql_loc loc; };

/* split a stack of name_loc into parallel arrays */
static void pop_names(struct parser *p, size_t mark, const char ***names, struct gql_loc **locs, uint32_t *n)
{
	uint32_t cnt;
	struct name_loc *nl = pop_list(p, mark, sizeof(struct name_loc), &cnt);
	*n = cnt;
	if (cnt == 0)
		return;
	*names = palloc(p, sizeof(char *) * cnt);
	*locs = palloc(p, sizeof(struct gql_loc) * cnt);
	for (uint32_t i = 0; i < cnt; i++) {
		(*names)[i] = nl[i].name;
		(*locs)[i] = nl[i].loc;
	}
}

/* names separated by sep, which may also stand before the first: A & B, = | A | B */
static void parse_name_list(struct parser *p, enum gql_tok_kind sep, const char ***names, struct gql_loc **locs,
                            uint32_t *n)
{
	optional(p, sep);
	size_t mark = p->top;
	do {
		struct name_loc nl;
		nl.name = parse_name(p, &nl.loc);
		push(p, &nl, sizeof nl);
	} while (optional(p, sep));
	pop_names(p, mark, names, locs, n);
}

static void parse_implements(struct parser *p, struct gql_typedef *td)
{
	if (optional_kw(p, "implements"))
		parse_name_list(p, GQL_TOK_AMP, &td->interfaces, &td->interface_locs, &td->ninterfaces);
}

static void parse_union_members(struct parser *p, struct gql_typedef *td)
{
	if (optional(p, GQL_TOK_EQUALS))
		parse_name_list(p, GQL_TOK_PIPE, &td->members, &td->member_locs, &td->nmembers);
}

static void parse_schema_roots(struct parser *p, struct gql_typedef *td, bool required)
{
	if (required)
		expect(p, GQL_TOK_BRACE_L);
	else if (!optional(p, GQL_TOK_BRACE_L))
		return;
	size_t mark = p->top;
	do {
		struct gql_root_op_def r;
		r.loc = p->tok.loc;
		if (!op_kind_of(&p->tok, &r.op))
			unexpected(p, &p->tok);
		advance(p);
		expect(p, GQL_TOK_COLON);
		r.type = parse_name(p, NULL);
		push(p, &r, sizeof r);
	} while (!optional(p, GQL_TOK_BRACE_R));
	td->roots = pop_list(p, mark, sizeof(struct gql_root_op_def), &td->nroots);
}

static void parse_directive_def(struct parser *p, struct gql_typedef *td)
{
	expect(p, GQL_TOK_AT);
	td->name = parse_name(p, &td->name_loc);
	td->inputs = parse_member_defs(p, GQL_TOK_PAREN_L, GQL_TOK_PAREN_R, parse_input_value_def, &td->ninputs);
	td->repeatable = optional_kw(p, "repeatable");
	expect_kw(p, "on");
	optional(p, GQL_TOK_PIPE);
	do {
		int i;
		for (i = 0; i < GQL_DL__MAX; i++)
			if (is_kw(&p->tok, gql_dir_loc_names[i]))
				break;
		if (i == GQL_DL__MAX)
			unexpected(p, &p->tok);
		td->locations |= 1u << i;
		advance(p);
	} while (optional(p, GQL_TOK_PIPE));
}

/* a type-system definition or extension; the current token is its keyword */
static void parse_type_system(struct parser *p, struct gql_definition *d, bool extension)
{
	struct gql_typedef *td = &d->u.td;
	td->extension = extension;
	struct gql_token kw = p->tok;
	advance(p);
	if (is_kw(&kw, "schema")) {
		d->kind = GQL_DEF_SCHEMA;
		td->name_loc = kw.loc;
		td->dirs = parse_directives(p, true, &td->ndirs);
		parse_schema_roots(p, td, !extension);
		if (extension && td->ndirs == 0 && td->nroots == 0)
			unexpected(p, &p->tok);
		return;
	}
	if (is_kw(&kw, "directive")) {
		if (extension)
			unexpected(p, &kw);
		d->kind = GQL_DEF_DIRECTIVE;
		parse_directive_def(p, td);
		return;
	}
	if (is_kw(&kw, "scalar"))
		d->kind = GQL_DEF_SCALAR;
	else if (is_kw(&kw, "type"))
		d->kind = GQL_DEF_OBJECT;
	else if (is_kw(&kw, "interface"))
		d->kind = GQL_DEF_INTERFACE;
	else if (is_kw(&kw, "union"))
		d->kind = GQL_DEF_UNION;
	else if (is_kw(&kw, "enum"))
		d->kind = GQL_DEF_ENUM;
	else if (is_kw(&kw, "input"))
		d->kind = GQL_DEF_INPUT;
	else
		unexpected(p, &kw);
	td->name = parse_name(p, &td->name_loc);
	bool body = false;
	switch (d->kind) {
	case GQL_DEF_OBJECT:
	case GQL_DEF_INTERFACE:
		parse_implements(p, td);
		td->dirs = parse_directives(p, true, &td->ndirs);
		td->fields = parse_member_defs(p, GQL_TOK_BRACE_L, GQL_TOK_BRACE_R, parse_field_def, &td->nfields);
		body = td->ninterfaces || td->nfields;
		break;
	case GQL_DEF_UNION:
		td->dirs = parse_directives(p, true, &td->ndirs);
		parse_union_members(p, td);
		body = td->nmembers;
		break;
	case GQL_DEF_ENUM:
		td->dirs = parse_directives(p, true, &td->ndirs);
		td->values = parse_member_defs(p, GQL_TOK_BRACE_L, GQL_TOK_BRACE_R, parse_enum_value_def, &td->nvalues);
		body = td->nvalues;
		break;
	case GQL_DEF_INPUT:
		td->dirs = parse_directives(p, true, &td->ndirs);
		td->inputs = parse_member_defs(p, GQL_TOK_BRACE_L, GQL_TOK_BRACE_R, parse_input_value_def, &td->ninputs);
		body = td->ninputs;
		break;
	default: /* scalar */
		td->dirs = parse_directives(p, true, &td->ndirs);
		break;
	}
	if (extension && !body && td->ndirs == 0)
		unexpected(p, &p->tok);
}

static bool is_type_system_kw(const struct gql_token *t)
{
	static const char *const kws[] = { "schema", "scalar", "type", "interface", "union", "enum",
	                                   "input", "directive" };
	if (t->kind != GQL_TOK_NAME)
		return false;
	for (size_t i = 0; i < sizeof kws / sizeof kws[0]; i++)
		if (is_kw(t, kws[i]))
			return true;
	return false;
}

static struct gql_definition *parse_definition(struct parser *p)
{
	struct gql_definition *d = PNEW(p, struct gql_definition);
	d->loc = p->tok.loc;
	if (p->tok.kind == GQL_TOK_BRACE_L) {
		parse_operation(p, d);
		return d;
	}
	bool has_desc = p->tok.kind == GQL_TOK_STRING || p->tok.kind == GQL_TOK_BLOCK_STRING;
	const struct gql_token *kw = has_desc ? peek_ahead(p) : &p->tok;
	if (kw->kind == GQL_TOK_NAME) {
		if (is_type_system_kw(kw)) {
			struct gql_loc start = p->tok.loc;
			const char *desc = parse_description(p);
			parse_type_system(p, d, false);
			d->loc = start;
			d->u.td.description = desc;
			return d;
		}
		if (has_desc)
			bail(p, &p->tok.loc, "Syntax Error: Unexpected description, descriptions are supported only on type definitions.");
		enum gql_op_kind k;
		if (op_kind_of(kw, &k)) {
			parse_operation(p, d);
			return d;
		}
		if (is_kw(kw, "fragment")) {
			parse_fragment(p, d);
			return d;
		}
		if (is_kw(kw, "extend")) {
			advance(p);
			if (!is_type_system_kw(&p->tok))
				unexpected(p, &p->tok);
			parse_type_system(p, d, true);
			return d;
		}
	}
	unexpected(p, kw);
}

struct gql_document *gql_parse(struct arena *a, const char *src, size_t len,
                               const struct gql_limits *lim, struct gql_errors *errs)
{
	struct parser *p = arena_alloc(a, sizeof *p);
	uint32_t max_bytes = lim && lim->max_bytes ? lim->max_bytes : LIMIT_GQL_DOC_BYTES;
	if (p == NULL) {
		if (errs)
			gql_errors_add(errs, PARSE_CODE, NULL, 0, "Document is too large: out of memory.");
		return NULL;
	}
	if (len > max_bytes) {
		if (errs)
			gql_errors_add(errs, PARSE_CODE, NULL, 0, "Document exceeds the maximum size of %u bytes%s.",
			               (unsigned)max_bytes, gql_limit_note(a, lim ? lim->name_bytes : NULL));
		return NULL;
	}
	p->a = a;
	p->errs = errs;
	p->max_tokens = lim && lim->max_tokens ? lim->max_tokens : LIMIT_GQL_TOKENS;
	p->max_depth = lim && lim->max_depth ? lim->max_depth : LIMIT_GQL_DEPTH;
	p->name_depth = lim ? lim->name_depth : NULL;
	gql_lexer_init(&p->lx, a, src, len);
	if (setjmp(p->jb))
		return NULL;
	advance(p);
	struct gql_document *doc = PNEW(p, struct gql_document);
	size_t mark = p->top;
	do
		push_ptr(p, parse_definition(p));
	while (p->tok.kind != GQL_TOK_EOF);
	doc->defs = pop_list(p, mark, sizeof(struct gql_definition *), &doc->n);
	doc->ntokens = p->lx.ntokens;
	return doc;
}
