/* validate_depth.c: depth rules over expanded fragments: the max_depth budget (counted as the parser counts nesting) and graphql-js's MaxIntrospectionDepthRule. */
#include <string.h>
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
	if (fr->dstate == 1 || fr->f->set == NULL || !venter(d->c, &sel->loc)) /* a cycle: reported by 5.5.2.2 */
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

/* ---------------------------------------------------------------- MaxIntrospectionDepthRule */

/* graphql-js 16: under a __schema or __type field, a path (through fragments) that nests three
 * fields named fields, interfaces, possibleTypes or inputFields is refused. The memo follows
 * graphql-js's: per fragment, the smallest entry depth found to exceed and the greatest found
 * not to (shared by all roots), and the greatest entry depth visited for the current root.
 * Depths are stored plus one, so zero means none. */

#define MAX_LISTS_DEPTH 3

static bool is_list_field(const char *name)
{
	return strcmp(name, "fields") == 0 || strcmp(name, "interfaces") == 0 ||
	       strcmp(name, "possibleTypes") == 0 || strcmp(name, "inputFields") == 0;
}

static bool ix_set(struct vctx *c, const struct gql_selection_set *set, uint32_t root, int depth);

static bool ix_spread(struct vctx *c, const struct gql_selection *sel, uint32_t root, int depth)
{
	int32_t fi = vfrag_find(c, sel->name);
	if (fi < 0)
		return false; /* KnownFragmentNames reports it */
	struct vfrag *fr = &c->frags[fi];
	if (fr->ix_exceeded && fr->ix_exceeded - 1 <= depth)
		return true;
	if ((fr->ix_root == root && fr->ix_visited - 1 >= depth) || (fr->ix_checked && fr->ix_checked - 1 >= depth))
		return false;
	if (!venter(c, &sel->loc))
		return false;
	fr->ix_root = root;
	fr->ix_visited = (uint8_t)(depth + 1);
	bool over = ix_set(c, fr->f->set, root, depth);
	vleave(c);
	if (over)
		fr->ix_exceeded = (uint8_t)(depth + 1);
	else
		fr->ix_checked = (uint8_t)(depth + 1);
	return over;
}

static bool ix_set(struct vctx *c, const struct gql_selection_set *set, uint32_t root, int depth)
{
	if (set == NULL)
		return false;
	for (uint32_t i = 0; i < set->n && !c->stop; i++) {
		const struct gql_selection *sel = set->items[i];
		if (sel->kind == GQL_SEL_SPREAD) {
			if (ix_spread(c, sel, root, depth))
				return true;
			continue;
		}
		int d = depth;
		if (sel->kind == GQL_SEL_FIELD && is_list_field(sel->name) && ++d >= MAX_LISTS_DEPTH)
			return true;
		if (ix_set(c, sel->set, root, d))
			return true;
	}
	return false;
}

/* the rule's visitor: every __schema and __type field of the document, operations and
 * fragment definitions alike; a field reported is not looked into further */
static void ix_walk(struct vctx *c, const struct gql_selection_set *set, uint32_t *roots)
{
	if (set == NULL)
		return;
	for (uint32_t i = 0; i < set->n && !c->stop; i++) {
		const struct gql_selection *sel = set->items[i];
		if (sel->kind == GQL_SEL_FIELD && (strcmp(sel->name, "__schema") == 0 || strcmp(sel->name, "__type") == 0)) {
			if (ix_set(c, sel->set, ++*roots, 0)) {
				verr(c, &sel->loc, 1, "Maximum introspection depth exceeded");
				continue;
			}
		}
		if (sel->kind != GQL_SEL_SPREAD)
			ix_walk(c, sel->set, roots);
	}
}

void vcheck_introspection_depth(struct vctx *c)
{
	uint32_t roots = 0;
	for (uint32_t i = 0; i < c->doc->n && !c->stop; i++) {
		const struct gql_definition *def = c->doc->defs[i];
		if (def->kind == GQL_DEF_OPERATION)
			ix_walk(c, def->u.op.set, &roots);
		else if (def->kind == GQL_DEF_FRAGMENT)
			ix_walk(c, def->u.frag.set, &roots);
	}
}
