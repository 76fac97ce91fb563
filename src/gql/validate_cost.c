/* validate_cost.c: the root-field budgets of an operation, before anything runs: its summed cost (each selection of a root field adds the field's cost) and the count of one costly field, aliases and fragment spreads counted as written. */
#include <string.h>
#include "gql/gql.h"
#include "gql/validate.h"

#define COST_CAP ((uint64_t)1 << 40)

/* one walk over an operation's root selections */
struct cwalk {
	const struct gql_type *root;  /* the operation's root type */
	const char *name;             /* count the selections of this field; NULL: sum the fields' costs */
	uint32_t gen;                 /* marks the fragments weighed in this walk */
};

static uint64_t weigh_set(struct vctx *c, const struct cwalk *w, const struct gql_selection_set *set);

/* a fragment spread at the root: weighed once per walk (a cycle, reported later, adds nothing) */
static uint64_t weigh_frag(struct vctx *c, const struct cwalk *w, int32_t fi, const struct gql_loc *loc)
{
	struct vfrag *fr = &c->frags[fi];
	if (fr->cgen == w->gen)
		return fr->cstate == 2 ? fr->cost : 0;
	if (!venter(c, loc))
		return 0;
	fr->cgen = w->gen;
	fr->cstate = 1;
	fr->cost = weigh_set(c, w, fr->f->set);
	fr->cstate = 2;
	vleave(c);
	return fr->cost;
}

static uint64_t weigh_field(const struct cwalk *w, const struct gql_selection *sel)
{
	const struct gql_field *f;
	if (w->name != NULL)
		return strcmp(sel->name, w->name) == 0;
	f = gql_type_field(w->root, sel->name); /* NULL for __typename and unknown fields (reported later) */
	return f ? f->cost : 0;
}

static uint64_t weigh_set(struct vctx *c, const struct cwalk *w, const struct gql_selection_set *set)
{
	uint64_t n = 0;
	for (uint32_t i = 0; set != NULL && i < set->n && !c->stop; i++) {
		const struct gql_selection *sel = set->items[i];
		int32_t fi;
		if (sel->kind == GQL_SEL_FIELD)
			n += weigh_field(w, sel);
		else if (sel->kind == GQL_SEL_INLINE)
			n += weigh_set(c, w, sel->set);
		else if ((fi = vfrag_find(c, sel->name)) >= 0)
			n += weigh_frag(c, w, fi, &sel->loc);
		if (n > COST_CAP)
			n = COST_CAP;
	}
	return n;
}

static uint64_t walk(struct vctx *c, const struct gql_type *root, const char *name, const struct gql_operation *op)
{
	struct cwalk w = { root, name, ++c->cgen };
	return weigh_set(c, &w, op->set);
}

/* "3 saveUrl at 25, 1 me at 1": what each root field the operation selects costs (in the arena) */
static const char *itemise(struct vctx *c, const struct gql_type *root, const struct gql_operation *op)
{
	const char *list = "";
	for (uint32_t i = 0; i < root->nfields && !c->stop; i++) {
		const struct gql_field *f = root->fields[i];
		uint64_t n = f->cost ? walk(c, root, f->name, op) : 0;
		if (n > 0)
			list = arena_printf(c->a, "%s%s%llu %s at %u", list ? list : "", list && *list ? ", " : "",
			                    (unsigned long long)n, f->name, (unsigned)f->cost);
	}
	return list ? list : "";
}

/* one operation's budgets; false when over one (reported) */
static bool check_op(struct vctx *c, const struct gql_limits *lim, const struct gql_definition *d)
{
	const struct gql_operation *op = &d->u.op;
	const struct gql_type *root = op->kind == GQL_OP_QUERY ? c->s->query
	                              : op->kind == GQL_OP_MUTATION ? c->s->mutation : c->s->subscription;
	bool ok = true;
	uint64_t n;
	if (root == NULL)
		return true;
	if (lim->max_cost && (n = walk(c, root, NULL, op)) > lim->max_cost && !c->stop) {
		verr(c, &d->loc, 1, "The operation costs %llu, more than the budget of %u%s: %s.", (unsigned long long)n,
		     (unsigned)lim->max_cost, gql_limit_note(c->a, lim->name_cost), itemise(c, root, op));
		ok = false;
	}
	if (lim->costly_field && lim->max_costly && (n = walk(c, root, lim->costly_field, op)) > lim->max_costly &&
	    !c->stop) {
		verr(c, &d->loc, 1, "The operation selects the field \"%s\" %llu times, more than the limit of %u%s.",
		     lim->costly_field, (unsigned long long)n, (unsigned)lim->max_costly,
		     gql_limit_note(c->a, lim->name_costly));
		ok = false;
	}
	return ok;
}

bool vcheck_costs(struct vctx *c, const struct gql_limits *lim)
{
	bool ok = true;
	if (lim == NULL || (!lim->max_cost && !(lim->costly_field && lim->max_costly)))
		return true;
	for (uint32_t i = 0; i < c->doc->n && !c->stop; i++)
		if (c->doc->defs[i]->kind == GQL_DEF_OPERATION && !check_op(c, lim, c->doc->defs[i]))
			ok = false;
	return ok && !c->stop;
}
