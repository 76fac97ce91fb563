/* validate_depth.c: the max_depth budget over expanded fragments, counted as the parser counts nesting. */
#include "gql/validate.h"
#include "util/limits.h"

/* ---------------------------------------------------------------- max_depth */

/* A spread counts as if the fragment were written in its place as an inline fragment: every
 * selection set is one level, every list or object value one more, as in the parser. A set at
 * depth `at` whose height is h reaches depth at + h - 1; an operation's set is at depth 1. */

struct dctx {
	struct vctx *c;
	uint32_t max;
	const char *name;             /* gql_limits.name_depth, or NULL */
};

static uint32_t value_height(const struct gql_value *v)
{
	uint32_t h = 0;
	if (v->kind == GQL_V_LIST) {
		for (uint32_t i = 0; i < v->u.list.n; i++) {
			uint32_t k = value_height(v->u.list.items[i]);
			if (k > h)
				h = k;
		}
		return h + 1;
	}
	if (v->kind == GQL_V_OBJECT) {
		for (uint32_t i = 0; i < v->u.obj.n; i++) {
			uint32_t k = value_height(v->u.obj.fields[i].value);
			if (k > h)
				h = k;
		}
		return h + 1;
	}
	return 0;
}

static uint32_t args_height(struct gql_argument *const *args, uint32_t n)
{
	uint32_t h = 0;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t k = value_height(args[i]->value);
		if (k > h)
			h = k;
	}
	return h;
}

/* the levels the argument values of a selection and its directives add */
static uint32_t sel_values_height(const struct gql_selection *sel)
{
	uint32_t h = sel->kind == GQL_SEL_FIELD ? args_height(sel->args, sel->nargs) : 0;
	for (uint32_t i = 0; i < sel->ndirs; i++) {
		uint32_t k = args_height(sel->dirs[i]->args, sel->dirs[i]->nargs);
		if (k > h)
			h = k;
	}
	return h;
}

static void too_deep(struct dctx *d, const struct gql_loc *loc)
{
	verr(d->c, loc, 1, "Document exceeds the maximum depth of %u%s once fragments are expanded.",
	     (unsigned)d->max, gql_limit_note(d->c->a, d->name));
	d->c->stop = true;
}

static uint32_t set_height(struct dctx *d, const struct gql_selection_set *set, uint32_t at);

/* the height of a spread fragment's selection set placed at depth `at` (memoised; a fragment
 * known to go too deep there is walked again, to report where) */
static uint32_t frag_height(struct dctx *d, const struct gql_selection *sel, uint32_t at)
{
	int32_t fi = vfrag_find(d->c, sel->name);
	if (fi < 0)
		return 0;
	struct vfrag *fr = &d->c->frags[fi];
	if (at > d->max) { /* the fragment's own set is one level too many: point at the spread */
		too_deep(d, &sel->loc);
		return 0;
	}
	if (fr->dstate == 2 && at + fr->height - 1 <= d->max)
		return fr->height;
	if (fr->dstate == 1 || fr->f->set == NULL || !venter(d->c)) /* a cycle: reported by 5.5.2.2 */
		return 0;
	fr->dstate = 1;
	uint32_t h = set_height(d, fr->f->set, at);
	vleave(d->c);
	fr->dstate = 2;
	fr->height = h;
	return h;
}

/* the height of a set at depth `at`, or 0 after reporting the first place past the limit */
static uint32_t set_height(struct dctx *d, const struct gql_selection_set *set, uint32_t at)
{
	if (at > d->max) {
		too_deep(d, &set->loc);
		return 0;
	}
	uint32_t g = 0;
	for (uint32_t i = 0; i < set->n && !d->c->stop; i++) {
		const struct gql_selection *sel = set->items[i];
		uint32_t k = sel_values_height(sel);
		if (at + k > d->max) {
			too_deep(d, &sel->loc);
			return 0;
		}
		if (sel->kind == GQL_SEL_SPREAD) {
			uint32_t f = frag_height(d, sel, at + 1);
			if (f > k)
				k = f;
		} else if (sel->set != NULL) {
			uint32_t s = set_height(d, sel->set, at + 1);
			if (s > k)
				k = s;
		}
		if (k > g)
			g = k;
	}
	return d->c->stop ? 0 : g + 1;
}

/* every operation's depth with its fragments expanded; false after the error */
bool vcheck_depth(struct vctx *c, const struct gql_limits *lim)
{
	struct dctx d = { c, lim && lim->max_depth ? lim->max_depth : LIMIT_GQL_DEPTH, lim ? lim->name_depth : NULL };
	for (uint32_t i = 0; i < c->doc->n && !c->stop; i++) {
		const struct gql_definition *def = c->doc->defs[i];
		if (def->kind == GQL_DEF_OPERATION && def->u.op.set != NULL)
			set_height(&d, def->u.op.set, 1);
	}
	return !c->stop;
}
