/* validate.c: GraphQL document validation (spec section 5): definitions, fields, arguments, fragments, directives, variables, budgets. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "gql/validate.h"
#include "util/limits.h"
#include "util/text.h"

/* ---------------------------------------------------------------- helpers */

void verr(struct vctx *c, const struct gql_loc *locs, uint32_t nlocs, const char *fmt, ...)
{
	if (c->stop)
		return;
	va_list ap;
	va_start(ap, fmt);
	gql_errors_vadd(c->errs, VALIDATION_CODE, locs, nlocs, fmt, ap);
	va_end(ap);
	if (c->errs->n >= c->maxerr)
		c->stop = true;
}

bool venter(struct vctx *c, const struct gql_loc *loc)
{
	if (c->stop)
		return false;
	if (c->rdepth >= LIMIT_GQL_FRAGMENT_DEPTH) {
		verr(c, loc, loc ? 1 : 0, "Fragment spreads are nested too deeply (more than %u levels).",
		     (unsigned)LIMIT_GQL_FRAGMENT_DEPTH);
		c->stop = true;
		return false;
	}
	c->rdepth++;
	return true;
}

void vnomem(struct vctx *c)
{
	if (!c->stop)
		gql_errors_add(c->errs, VALIDATION_CODE, NULL, 0, "Document is too large to validate: out of memory.");
	c->stop = true;
}

/* make room for n+1 items of `size` bytes in an arena vector; NULL (and stop) when out of memory */
void *vgrow(struct vctx *c, void *p, uint32_t *cap, uint32_t n, size_t size)
{
	if (n < *cap)
		return p;
	uint32_t ncap = *cap ? *cap * 2 : 8;
	void *np = arena_realloc(c->a, p, (size_t)*cap * size, (size_t)ncap * size);
	if (np == NULL) {
		vnomem(c);
		return NULL;
	}
	*cap = ncap;
	return np;
}

int32_t vfrag_find(const struct vctx *c, const char *name)
{
	if (c->fhash == NULL)
		return -1;
	for (uint32_t i = text_hash(name) & c->fhmask;; i = (i + 1) & c->fhmask) {
		int32_t v = c->fhash[i];
		if (v == 0)
			return -1;
		if (strcmp(c->frags[v - 1].f->name, name) == 0)
			return v - 1;
	}
}

const char *vtype_str(struct vctx *c, const struct gql_type *t)
{
	const char *r = gql_type_print(c->a, t);
	return r ? r : "?";
}

/* optimal string alignment distance, case-insensitive on ASCII; gives up past `limit` */
static uint32_t lexical_distance(const char *a, const char *b, uint32_t limit)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 64 || lb > 64)
		return limit + 1;
	if ((la > lb ? la - lb : lb - la) > limit)
		return limit + 1;
	uint32_t rows[3][65];
	for (size_t j = 0; j <= lb; j++)
		rows[0][j] = (uint32_t)j;
	for (size_t i = 1; i <= la; i++) {
		uint32_t *cur = rows[i % 3], *prev = rows[(i - 1) % 3], *pp = rows[(i + 1) % 3];
		cur[0] = (uint32_t)i;
		uint32_t best = cur[0];
		for (size_t j = 1; j <= lb; j++) {
			char ca = a[i - 1], cb = b[j - 1];
			if (ca >= 'A' && ca <= 'Z')
				ca = (char)(ca - 'A' + 'a');
			if (cb >= 'A' && cb <= 'Z')
				cb = (char)(cb - 'A' + 'a');
			uint32_t cost = ca == cb ? 0 : 1;
			uint32_t d = prev[j] + 1;
			if (cur[j - 1] + 1 < d)
				d = cur[j - 1] + 1;
			if (prev[j - 1] + cost < d)
				d = prev[j - 1] + cost;
			if (i > 1 && j > 1) {
				char pa = a[i - 2], pb = b[j - 2];
				if (pa >= 'A' && pa <= 'Z')
					pa = (char)(pa - 'A' + 'a');
				if (pb >= 'A' && pb <= 'Z')
					pb = (char)(pb - 'A' + 'a');
				if (ca == pb && pa == cb && pp[j - 2] + 1 < d)
					d = pp[j - 2] + 1;
			}
			cur[j] = d;
			if (d < best)
				best = d;
		}
		if (best > limit)
			return limit + 1;
	}
	return rows[la % 3][lb];
}

/* `lead` `more` "a", "b", or "c"? in the arena: "" when out of memory */
static const char *did_you_mean(struct vctx *c, const char *lead, const char *more, const char *const *names,
                                uint32_t n)
{
	struct sb b;
	sb_init(&b);
	sb_puts(&b, lead);
	sb_puts(&b, more);
	for (uint32_t i = 0; i < n; i++) {
		if (i > 0)
			sb_puts(&b, n > 2 ? ", " : " ");
		if (i > 0 && i == n - 1)
			sb_puts(&b, "or ");
		sb_printf(&b, "\"%s\"", names[i]);
	}
	sb_putc(&b, '?');
	const char *r = sb_error(&b) ? "" : arena_strdup(c->a, sb_str(&b));
	sb_free(&b);
	return r ? r : "";
}

const char *vsuggest(struct vctx *c, const char *input, const char *const *cands, uint32_t ncands,
                     const char *prefix)
{
	enum { MAXS = 5 };
	const char *best[MAXS];
	uint32_t bestd[MAXS], nb = 0;
	uint32_t limit = (uint32_t)(strlen(input) * 4 / 10) + 1;
	for (uint32_t i = 0; i < ncands; i++) {
		if (cands[i] == NULL)
			continue;
		uint32_t d = strcasecmp(input, cands[i]) == 0 ? 0 : lexical_distance(input, cands[i], limit);
		if (d > limit)
			continue;
		/* insert sorted by distance then name, keep the best MAXS */
		uint32_t k = nb;
		while (k > 0 && (bestd[k - 1] > d || (bestd[k - 1] == d && strcmp(best[k - 1], cands[i]) > 0)))
			k--;
		if (k >= MAXS)
			continue;
		uint32_t end = nb < MAXS ? nb : MAXS - 1;
		for (uint32_t m = end; m > k; m--) {
			best[m] = best[m - 1];
			bestd[m] = bestd[m - 1];
		}
		best[k] = cands[i];
		bestd[k] = d;
		if (nb < MAXS)
			nb++;
	}
	if (nb == 0)
		return "";
	return did_you_mean(c, " Did you mean ", prefix ? prefix : "", best, nb);
}

/* ---- grouping equal names */
struct dupent {
	const char *name;
	uint32_t idx;
};

static int dupent_cmp(const void *x, const void *y)
{
	const struct dupent *a = x, *b = y;
	return text_cmp_stable(a->name, a->idx, b->name, b->idx);
}

void vdups(struct vctx *c, const void *arr, uint32_t n, vname_fn name, vdup_fn fn)
{
	if (n < 2 || c->stop)
		return;
	if (n <= 12) {
		uint32_t idx[12];
		bool done[12] = { false };
		for (uint32_t i = 0; i < n && !c->stop; i++) {
			if (done[i])
				continue;
			const char *ni = name(arr, i);
			uint32_t k = 0;
			idx[k++] = i;
			for (uint32_t j = i + 1; j < n; j++)
				if (!done[j] && strcmp(ni, name(arr, j)) == 0) {
					done[j] = true;
					idx[k++] = j;
				}
			if (k > 1)
				fn(c, arr, idx, k);
		}
		return;
	}
	struct dupent *e = ARENA_NEWN(c->a, struct dupent, n);
	uint32_t *idx = ARENA_NEWN(c->a, uint32_t, n);
	if (e == NULL || idx == NULL) {
		vnomem(c);
		return;
	}
	for (uint32_t i = 0; i < n; i++) {
		e[i].name = name(arr, i);
		e[i].idx = i;
	}
	qsort(e, n, sizeof *e, dupent_cmp);
	for (uint32_t i = 0; i < n && !c->stop;) {
		uint32_t j = i + 1;
		while (j < n && strcmp(e[i].name, e[j].name) == 0)
			j++;
		if (j - i > 1) {
			for (uint32_t k = i; k < j; k++)
				idx[k - i] = e[k].idx;
			fn(c, arr, idx, j - i);
		}
		i = j;
	}
}

const struct gql_field *vlookup_field(const struct vctx *c, const struct gql_type *pt, const char *name)
{
	if (!vis_composite(pt))
		return NULL;
	if (name[0] == '_' && name[1] == '_') {
		if (strcmp(name, "__typename") == 0)
			return c->s->f_typename;
		if (pt == c->s->query) {
			if (strcmp(name, "__schema") == 0)
				return c->s->f_schema;
			if (strcmp(name, "__type") == 0)
				return c->s->f_type;
		}
	}
	if (pt->kind == GQL_K_UNION)
		return NULL;
	return gql_type_field(pt, name);
}

static struct vowner *owner_add_spread(struct vctx *c, const struct gql_selection *sel, int32_t frag)
{
	struct vowner *o = c->cur;
	struct vspread *p = vgrow(c, o->spreads, &o->capspreads, o->nspreads, sizeof *p);
	if (p == NULL)
		return NULL;
	o->spreads = p;
	p[o->nspreads].sel = sel;
	p[o->nspreads].frag = frag;
	o->nspreads++;
	return o;
}

/* ---------------------------------------------------------------- arguments and directives */

static const char *arg_name(const void *arr, uint32_t i)
{
	return ((struct gql_argument *const *)arr)[i]->name;
}

void vdup_pairs(struct vctx *c, const void *arr, const uint32_t *idx, uint32_t n, vname_fn name, vloc_fn loc,
                const char *what)
{
	for (uint32_t i = 1; i < n; i++) {
		struct gql_loc locs[2] = { loc(arr, idx[0]), loc(arr, idx[i]) };
		verr(c, locs, 2, "There can be only one %s named \"%s\".", what, name(arr, idx[0]));
	}
}

/* room for the locations of a group of n items that share a name; NULL after vnomem */
static struct gql_loc *group_locs(struct vctx *c, uint32_t n)
{
	struct gql_loc *locs = ARENA_NEWN(c->a, struct gql_loc, n);
	if (locs == NULL)
		vnomem(c);
	return locs;
}

static void dup_args(struct vctx *c, const void *arr, const uint32_t *idx, uint32_t n)
{
	struct gql_argument *const *args = arr;
	struct gql_loc *locs = group_locs(c, n);
	if (locs == NULL)
		return;
	for (uint32_t i = 0; i < n; i++)
		locs[i] = args[idx[i]]->loc;
	verr(c, locs, n, "There can be only one argument named \"%s\".", args[idx[0]]->name);
}

/* 5.4.1, 5.4.2, 5.4.2.1 and the values (5.6). dir is the directive name (NULL for a field). */
static void check_args(struct vctx *c, struct gql_input_value *const *defs, uint32_t ndefs,
                       struct gql_argument *const *args, uint32_t nargs, const char *dir,
                       const struct gql_type *pt, const struct gql_field *f, const struct gql_loc *nodeloc)
{
	vdups(c, args, nargs, arg_name, dup_args);
	for (uint32_t i = 0; i < nargs && !c->stop; i++) {
		const struct gql_argument *arg = args[i];
		const struct gql_input_value *def = NULL;
		for (uint32_t j = 0; j < ndefs; j++)
			if (strcmp(defs[j]->name, arg->name) == 0) {
				def = defs[j];
				break;
			}
		if (def == NULL) {
			const char **names = ARENA_NEWN(c->a, const char *, ndefs ? ndefs : 1);
			for (uint32_t j = 0; names && j < ndefs; j++)
				names[j] = defs[j]->name;
			const char *sug = names ? vsuggest(c, arg->name, names, ndefs, NULL) : "";
			if (dir)
				verr(c, &arg->loc, 1, "Unknown argument \"%s\" on directive \"@%s\".%s", arg->name, dir, sug);
			else
				verr(c, &arg->loc, 1, "Unknown argument \"%s\" on field \"%s.%s\".%s", arg->name,
				     pt && pt->name ? pt->name : "?", f->name, sug);
			vcheck_value(c, arg->value, NULL, false);
			continue;
		}
		vcheck_value(c, arg->value, def->type, def->defval != NULL);
	}
	for (uint32_t j = 0; j < ndefs && !c->stop; j++) {
		const struct gql_input_value *def = defs[j];
		if (def->type == NULL || def->type->kind != GQL_K_NON_NULL || def->defval != NULL)
			continue;
		bool found = false;
		for (uint32_t i = 0; i < nargs && !found; i++)
			found = strcmp(args[i]->name, def->name) == 0;
		if (found)
			continue;
		if (dir)
			verr(c, nodeloc, 1, "Directive \"@%s\" argument \"%s\" of type \"%s\" is required, but it was not provided.",
			     dir, def->name, vtype_str(c, def->type));
		else
			verr(c, nodeloc, 1, "Field \"%s\" argument \"%s\" of type \"%s\" is required, but it was not provided.",
			     f->name, def->name, vtype_str(c, def->type));
	}
}

static const char *dir_name(const void *arr, uint32_t i)
{
	return ((struct gql_directive *const *)arr)[i]->name;
}

static void dup_dirs(struct vctx *c, const void *arr, const uint32_t *idx, uint32_t n)
{
	struct gql_directive *const *dirs = arr;
	const struct gql_directive_def *def = gql_schema_directive(c->s, dirs[idx[0]]->name);
	if (def == NULL || def->repeatable)
		return;
	for (uint32_t i = 1; i < n; i++) {
		struct gql_loc locs[2] = { dirs[idx[0]]->loc, dirs[idx[i]]->loc };
		verr(c, locs, 2, "The directive \"@%s\" can only be used once at this location.", def->name);
	}
}

/* 5.7.1, 5.7.2, 5.7.3 and the directives' arguments */
static void check_dirs(struct vctx *c, struct gql_directive *const *dirs, uint32_t n, enum gql_dir_loc where)
{
	if (n == 0)
		return;
	for (uint32_t i = 0; i < n && !c->stop; i++) {
		const struct gql_directive *d = dirs[i];
		const struct gql_directive_def *def = gql_schema_directive(c->s, d->name);
		if (def == NULL) {
			verr(c, &d->loc, 1, "Unknown directive \"@%s\".", d->name);
			for (uint32_t j = 0; j < d->nargs; j++)
				vcheck_value(c, d->args[j]->value, NULL, false);
			continue;
		}
		if (!(def->locations & (1u << where)))
			verr(c, &d->loc, 1, "Directive \"@%s\" may not be used on %s.", d->name, gql_dir_loc_names[where]);
		check_args(c, def->args, def->nargs, d->args, d->nargs, def->name, NULL, NULL, &d->loc);
	}
	vdups(c, dirs, n, dir_name, dup_dirs);
}

/* ---------------------------------------------------------------- selections */

/* can an object of one composite type ever also be of the other? (5.5.2.3) */
static bool types_overlap(const struct gql_type *a, const struct gql_type *b)
{
	if (a == b)
		return true;
	bool aa = a->kind != GQL_K_OBJECT, ba = b->kind != GQL_K_OBJECT;
	if (aa && ba) {
		for (uint32_t i = 0; i < a->npossible; i++)
			if (gql_type_is_possible(b, a->possible[i]))
				return true;
		return false;
	}
	if (aa)
		return gql_type_is_possible(a, b);
	if (ba)
		return gql_type_is_possible(b, a);
	return false;
}

static void unknown_field(struct vctx *c, const struct gql_selection *sel, const struct gql_type *pt)
{
	const char *sug = "";
	if (pt->kind != GQL_K_OBJECT) {
		/* abstract: which possible types (and interfaces of them) have such a field? */
		const char *names[5];
		uint32_t n = 0;
		for (uint32_t i = 0; i < pt->npossible && n < 5; i++) {
			const struct gql_type *o = pt->possible[i];
			for (uint32_t k = 0; k < o->ninterfaces && n < 5; k++) {
				const struct gql_type *it = o->interfaces[k];
				if (it == pt || gql_type_field(it, sel->name) == NULL)
					continue;
				bool seen = false;
				for (uint32_t m = 0; m < n && !seen; m++)
					seen = strcmp(names[m], it->name) == 0;
				if (!seen)
					names[n++] = it->name;
			}
		}
		for (uint32_t i = 0; i < pt->npossible && n < 5; i++)
			if (gql_type_field(pt->possible[i], sel->name))
				names[n++] = pt->possible[i]->name;
		if (n > 0)
			sug = did_you_mean(c, " Did you mean to use an inline fragment on ", "", names, n);
	}
	if (*sug == '\0' && pt->nfields > 0) {
		const char **names = ARENA_NEWN(c->a, const char *, pt->nfields);
		if (names) {
			for (uint32_t i = 0; i < pt->nfields; i++)
				names[i] = pt->fields[i]->name;
			sug = vsuggest(c, sel->name, names, pt->nfields, NULL);
		}
	}
	verr(c, &sel->loc, 1, "Cannot query field \"%s\" on type \"%s\".%s", sel->name, pt->name, sug);
}

static void walk_set(struct vctx *c, const struct gql_selection_set *set, const struct gql_type *pt);

static void walk_field(struct vctx *c, const struct gql_selection *sel, const struct gql_type *pt)
{
	const struct gql_field *f = NULL;
	if (pt != NULL) {
		f = vlookup_field(c, pt, sel->name);
		if (f == NULL)
			unknown_field(c, sel, pt);
	}
	if (f != NULL) {
		check_args(c, f->args, f->nargs, sel->args, sel->nargs, NULL, pt, f, &sel->loc);
	} else {
		vdups(c, sel->args, sel->nargs, arg_name, dup_args);
		for (uint32_t i = 0; i < sel->nargs; i++)
			vcheck_value(c, sel->args[i]->value, NULL, false);
	}
	check_dirs(c, sel->dirs, sel->ndirs, GQL_DL_FIELD);
	const struct gql_type *sub = NULL;
	if (f != NULL && f->type != NULL) {
		const struct gql_type *nt = gql_named_ctype(f->type);
		if (vis_leaf_named(nt)) {
			if (sel->set)
				verr(c, &sel->set->loc, 1, "Field \"%s\" must not have a selection since type \"%s\" has no subfields.",
				     sel->name, vtype_str(c, f->type));
		} else if (sel->set == NULL) {
			verr(c, &sel->loc, 1, "Field \"%s\" of type \"%s\" must have a selection of subfields. Did you mean \"%s { ... }\"?",
			     sel->name, vtype_str(c, f->type), sel->name);
		} else if (vis_composite(nt)) {
			sub = nt;
		}
	}
	if (sel->set)
		walk_set(c, sel->set, sub);
}

/* the type named by a type condition: unknown (5.5.1.2) and non-composite (5.5.1.3) reported */
static const struct gql_type *cond_type(struct vctx *c, const char *name, const struct gql_loc *loc,
                                        const char *fragname)
{
	const struct gql_type *t = gql_schema_type(c->s, name);
	if (t == NULL) {
		const char **names = ARENA_NEWN(c->a, const char *, c->s->ntypes ? c->s->ntypes : 1);
		uint32_t n = 0;
		for (uint32_t i = 0; names && i < c->s->ntypes; i++)
			if (vis_composite(c->s->types[i]) && !c->s->types[i]->introspection)
				names[n++] = c->s->types[i]->name;
		verr(c, loc, 1, "Unknown type \"%s\".%s", name, names ? vsuggest(c, name, names, n, NULL) : "");
		return NULL;
	}
	if (!vis_composite(t)) {
		if (fragname)
			verr(c, loc, 1, "Fragment \"%s\" cannot condition on non composite type \"%s\".", fragname, name);
		else
			verr(c, loc, 1, "Fragment cannot condition on non composite type \"%s\".", name);
		return NULL;
	}
	return t;
}

static void walk_inline(struct vctx *c, const struct gql_selection *sel, const struct gql_type *pt)
{
	const struct gql_type *t = pt;
	if (sel->type_cond) {
		t = cond_type(c, sel->type_cond, &sel->type_cond_loc, NULL);
		if (t && pt && !types_overlap(t, pt))
			verr(c, &sel->loc, 1, "Fragment cannot be spread here as objects of type \"%s\" can never be of type \"%s\".",
			     pt->name, t->name);
	}
	check_dirs(c, sel->dirs, sel->ndirs, GQL_DL_INLINE_FRAGMENT);
	walk_set(c, sel->set, t);
}

static void walk_spread(struct vctx *c, const struct gql_selection *sel, const struct gql_type *pt)
{
	int32_t fi = vfrag_find(c, sel->name);
	if (fi < 0)
		verr(c, &sel->name_loc, 1, "Unknown fragment \"%s\".", sel->name);
	owner_add_spread(c, sel, fi);
	if (fi >= 0 && pt != NULL) {
		const struct gql_type *ft = c->frags[fi].type;
		if (ft != NULL && !types_overlap(ft, pt))
			verr(c, &sel->loc, 1, "Fragment \"%s\" cannot be spread here as objects of type \"%s\" can never be of type \"%s\".",
			     sel->name, pt->name, ft->name);
	}
	check_dirs(c, sel->dirs, sel->ndirs, GQL_DL_FRAGMENT_SPREAD);
}

static void walk_set(struct vctx *c, const struct gql_selection_set *set, const struct gql_type *pt)
{
	if (set == NULL)
		return;
	for (uint32_t i = 0; i < set->n && !c->stop; i++) {
		const struct gql_selection *sel = set->items[i];
		if (sel->kind == GQL_SEL_FIELD)
			walk_field(c, sel, pt);
		else if (sel->kind == GQL_SEL_INLINE)
			walk_inline(c, sel, pt);
		else
			walk_spread(c, sel, pt);
	}
	if (!c->stop)
		vmerge_set(c, set, pt);
}

/* ---------------------------------------------------------------- budgets */

#define COUNT_CAP ((uint64_t)1 << 40)

static uint64_t count_set(struct vctx *c, const struct gql_selection_set *set, uint64_t *aliases);

static uint64_t count_frag(struct vctx *c, int32_t fi)
{
	struct vfrag *fr = &c->frags[fi];
	if (fr->state == 2)
		return fr->nfields;
	if (fr->state == 1) /* a cycle: reported by 5.5.2.2 */
		return 0;
	if (!venter(c, &fr->def->loc))
		return 0;
	fr->state = 1;
	fr->nfields = count_set(c, fr->f->set, NULL);
	fr->state = 2;
	vleave(c);
	return fr->nfields;
}

/* fields selected by a set once fragments are expanded (memoised per fragment); aliases
 * written in the set itself are added to *aliases when given */
static uint64_t count_set(struct vctx *c, const struct gql_selection_set *set, uint64_t *aliases)
{
	uint64_t n = 0;
	if (set == NULL)
		return 0;
	for (uint32_t i = 0; i < set->n; i++) {
		const struct gql_selection *sel = set->items[i];
		if (sel->kind == GQL_SEL_FIELD) {
			n += 1 + count_set(c, sel->set, aliases);
			if (aliases && sel->alias)
				(*aliases)++;
		} else if (sel->kind == GQL_SEL_INLINE) {
			n += count_set(c, sel->set, aliases);
		} else {
			int32_t fi = vfrag_find(c, sel->name);
			if (fi >= 0)
				n += count_frag(c, fi);
		}
		if (n > COUNT_CAP)
			n = COUNT_CAP;
	}
	return n;
}

/* the k-th alias (from 1) written in a set, in document order */
static const struct gql_selection *nth_alias(const struct gql_selection_set *set, uint64_t *k)
{
	for (uint32_t i = 0; set != NULL && i < set->n; i++) {
		const struct gql_selection *sel = set->items[i], *r;
		if (sel->kind == GQL_SEL_FIELD && sel->alias && --*k == 0)
			return sel;
		if (sel->kind != GQL_SEL_SPREAD && (r = nth_alias(sel->set, k)) != NULL)
			return r;
	}
	return NULL;
}

/* max_aliases and max_fields: checked first, so a hostile document is rejected cheaply.
 * Returns false when over a budget (the other rules are then skipped). */
static bool check_budgets(struct vctx *c, const struct gql_limits *lim)
{
	uint32_t max_aliases = lim && lim->max_aliases ? lim->max_aliases : LIMIT_GQL_ALIASES;
	uint32_t max_fields = lim && lim->max_fields ? lim->max_fields : LIMIT_GQL_FIELDS;
	const char *aname = lim && lim->name_aliases ? lim->name_aliases : "max_aliases";
	const char *fname = lim && lim->name_fields ? lim->name_fields : "max_fields";
	uint64_t aliases = 0;
	bool ok = true;
	for (uint32_t i = 0; i < c->doc->n; i++) {
		const struct gql_definition *d = c->doc->defs[i];
		if (d->kind == GQL_DEF_OPERATION)
			count_set(c, d->u.op.set, &aliases);
		else if (d->kind == GQL_DEF_FRAGMENT)
			count_set(c, d->u.frag.set, &aliases); /* aliases only: fields memoised below */
	}
	if (aliases > max_aliases) {
		/* located at the first alias past the limit */
		const struct gql_selection *past = NULL;
		uint64_t k = (uint64_t)max_aliases + 1;
		for (uint32_t i = 0; i < c->doc->n && past == NULL; i++) {
			const struct gql_definition *d = c->doc->defs[i];
			if (d->kind == GQL_DEF_OPERATION || d->kind == GQL_DEF_FRAGMENT)
				past = nth_alias(d->kind == GQL_DEF_OPERATION ? d->u.op.set : d->u.frag.set, &k);
		}
		verr(c, past ? &past->loc : NULL, past ? 1 : 0, "The document has %llu aliases, more than the limit of %u (%s).",
		     (unsigned long long)aliases, (unsigned)max_aliases, aname);
		ok = false;
	}
	for (uint32_t i = 0; i < c->nfrags; i++)
		count_frag(c, (int32_t)i);
	/* operations first; fragments only when no operation is over (an unused fragment bomb) */
	bool op_over = false;
	for (uint32_t pass = 0; pass < 2; pass++)
	for (uint32_t i = 0; i < c->doc->n && !c->stop; i++) {
		const struct gql_definition *d = c->doc->defs[i];
		uint64_t n;
		if (pass == 0 && d->kind == GQL_DEF_OPERATION)
			n = count_set(c, d->u.op.set, NULL);
		else if (pass == 1 && !op_over && d->kind == GQL_DEF_FRAGMENT)
			n = c->frags[vfrag_find(c, d->u.frag.name)].nfields;
		else
			continue;
		if (n > max_fields && pass == 0)
			op_over = true;
		if (n <= max_fields)
			continue;
		char cnt[32];
		if (n >= COUNT_CAP)
			snprintf(cnt, sizeof cnt, "more than %llu", (unsigned long long)COUNT_CAP);
		else
			snprintf(cnt, sizeof cnt, "%llu", (unsigned long long)n);
		if (d->kind == GQL_DEF_FRAGMENT)
			verr(c, &d->loc, 1, "Fragment \"%s\" selects %s fields once fragments are expanded, more than the limit of %u (%s).",
			     d->u.frag.name, cnt, (unsigned)max_fields, fname);
		else if (d->u.op.name)
			verr(c, &d->loc, 1, "Operation \"%s\" selects %s fields once fragments are expanded, more than the limit of %u (%s).",
			     d->u.op.name, cnt, (unsigned)max_fields, fname);
		else
			verr(c, &d->loc, 1, "The operation selects %s fields once fragments are expanded, more than the limit of %u (%s).",
			     cnt, (unsigned)max_fields, fname);
		ok = false;
	}
	return ok;
}

/* ---------------------------------------------------------------- fragments */

/* 5.5.1.4: fragments reachable from no operation */
static void reach_frag(struct vctx *c, int32_t fi, uint32_t stamp)
{
	struct vfrag *fr = &c->frags[fi];
	if (fr->mark == stamp || !venter(c, &fr->def->loc))
		return;
	fr->mark = stamp;
	for (uint32_t i = 0; i < fr->own.nspreads; i++)
		if (fr->own.spreads[i].frag >= 0)
			reach_frag(c, fr->own.spreads[i].frag, stamp);
	vleave(c);
}

/* 5.5.2.2: spreads must not form cycles (each cycle reported once) */
struct cyc {
	const struct gql_selection **path;
	int32_t *pathfrag;
	uint32_t depth;
	int32_t *onpath;              /* per fragment: position in path + 1, 0 = not on it */
};

/* A definition's spreads in the order graphql-js visits them (a stack of selection sets:
 * a set's own spreads first, then its nested sets from the last), so that the same cycle
 * path is reported. */
static const struct gql_selection **stack_spreads(struct vctx *c, const struct gql_selection_set *root,
                                                  uint32_t *n)
{
	const struct gql_selection_set **stk = NULL;
	const struct gql_selection **out = NULL;
	uint32_t nstk = 0, capstk = 0, nout = 0, capout = 0;
	*n = 0;
	stk = vgrow(c, stk, &capstk, nstk, sizeof *stk);
	if (stk == NULL)
		return NULL;
	stk[nstk++] = root;
	while (nstk > 0) {
		const struct gql_selection_set *set = stk[--nstk];
		for (uint32_t i = 0; set && i < set->n; i++) {
			const struct gql_selection *sel = set->items[i];
			if (sel->kind == GQL_SEL_SPREAD) {
				const struct gql_selection **p = vgrow(c, out, &capout, nout, sizeof *p);
				if (p == NULL)
					return NULL;
				out = p;
				out[nout++] = sel;
			} else if (sel->set) {
				const struct gql_selection_set **p = vgrow(c, stk, &capstk, nstk, sizeof *p);
				if (p == NULL)
					return NULL;
				stk = p;
				stk[nstk++] = sel->set;
			}
		}
	}
	*n = nout;
	return out;
}

/* fi is a definition; visits and the path are kept per name (the definition lookups give) */
static void cycle_dfs(struct vctx *c, struct cyc *y, int32_t fi)
{
	struct vfrag *fr = &c->frags[fi];
	int32_t canon = vfrag_find(c, fr->f->name);
	if (!venter(c, &fr->def->loc))
		return;
	c->frags[canon].state = 3; /* visited */
	y->onpath[canon] = (int32_t)y->depth + 1;
	uint32_t nsp;
	const struct gql_selection **sps = fr->own.nspreads ? stack_spreads(c, fr->f->set, &nsp) : NULL;
	if (sps == NULL)
		nsp = 0;
	for (uint32_t i = 0; i < nsp && !c->stop; i++) {
		struct vspread spread = { sps[i], vfrag_find(c, sps[i]->name) };
		const struct vspread *sp = &spread;
		if (sp->frag < 0)
			continue;
		y->path[y->depth] = sp->sel;
		y->pathfrag[y->depth] = sp->frag;
		y->depth++;
		int32_t at = y->onpath[sp->frag];
		if (at == 0) {
			if (c->frags[sp->frag].state != 3)
				cycle_dfs(c, y, sp->frag);
		} else {
			/* path[at-1 .. depth-1] is the cycle */
			uint32_t from = (uint32_t)at - 1, n = y->depth - from;
			struct gql_loc *locs = ARENA_NEWN(c->a, struct gql_loc, n);
			struct sb b;
			sb_init(&b);
			for (uint32_t k = from; k + 1 < y->depth; k++)
				sb_printf(&b, "%s\"%s\"", k > from ? ", " : "", y->path[k]->name);
			for (uint32_t k = 0; locs && k < n; k++)
				locs[k] = y->path[from + k]->loc;
			if (b.len > 0)
				verr(c, locs, locs ? n : 0, "Cannot spread fragment \"%s\" within itself via %s.",
				     sp->sel->name, sb_str(&b));
			else
				verr(c, locs, locs ? n : 0, "Cannot spread fragment \"%s\" within itself.", sp->sel->name);
			sb_free(&b);
		}
		y->depth--;
	}
	y->onpath[canon] = 0;
	vleave(c);
}

static void check_fragment_cycles(struct vctx *c)
{
	if (c->nfrags == 0)
		return;
	struct cyc y;
	uint32_t nsp = 0;
	for (uint32_t i = 0; i < c->nfrags; i++)
		nsp += c->frags[i].own.nspreads;
	if (nsp < c->nfrags)
		nsp = c->nfrags;
	y.path = ARENA_NEWN(c->a, const struct gql_selection *, nsp + 2);
	y.pathfrag = ARENA_NEWN(c->a, int32_t, nsp + 2);
	y.onpath = ARENA_NEWN(c->a, int32_t, c->nfrags);
	y.depth = 0;
	if (y.path == NULL || y.pathfrag == NULL || y.onpath == NULL) {
		vnomem(c);
		return;
	}
	for (uint32_t i = 0; i < c->nfrags && !c->stop; i++)
		if (c->frags[vfrag_find(c, c->frags[i].f->name)].state != 3)
			cycle_dfs(c, &y, (int32_t)i);
}

/* ---------------------------------------------------------------- operations and variables */

struct opinfo {
	const struct gql_definition *def;
	struct vowner own;
	/* variable definitions sorted by name, for lookups */
	uint32_t *sorted;
	bool *used;
	const struct gql_type **vtypes;   /* the variables' types (NULL when unknown / not input) */
};

static const char *var_name(const void *arr, uint32_t i)
{
	return ((struct gql_var_def *const *)arr)[i]->name;
}

static void dup_vars(struct vctx *c, const void *arr, const uint32_t *idx, uint32_t n)
{
	struct gql_var_def *const *v = arr;
	struct gql_loc *locs = group_locs(c, n);
	if (locs == NULL)
		return;
	for (uint32_t i = 0; i < n; i++) {
		/* the variable's name, just after its '$' */
		locs[i] = v[idx[i]]->loc;
		locs[i].col++;
		locs[i].offset++;
	}
	verr(c, locs, n, "There can be only one variable named \"$%s\".", v[idx[0]]->name);
}

/* the schema type of an AST type reference; wrappers are built in the request arena */
static const struct gql_type *typeref_type(struct vctx *c, const struct gql_typeref *r, const char **unknown)
{
	if (r == NULL)
		return NULL;
	if (r->kind == GQL_TR_NAMED) {
		const struct gql_type *t = gql_schema_type(c->s, r->name);
		if (t == NULL)
			*unknown = r->name;
		return t;
	}
	const struct gql_type *in = typeref_type(c, r->of, unknown);
	if (in == NULL)
		return NULL;
	if (r->kind == GQL_TR_LIST && in->list_of)
		return in->list_of;
	if (r->kind == GQL_TR_NONNULL && in->nonnull_of)
		return in->nonnull_of;
	struct gql_type *w = ARENA_NEW(c->a, struct gql_type);
	if (w == NULL) {
		vnomem(c);
		return NULL;
	}
	w->kind = r->kind == GQL_TR_LIST ? GQL_K_LIST : GQL_K_NON_NULL;
	w->of = (struct gql_type *)in;
	return w;
}

static const char *typeref_str(struct vctx *c, const struct gql_typeref *r)
{
	if (r == NULL)
		return "?";
	if (r->kind == GQL_TR_NAMED)
		return r->name;
	const char *in = typeref_str(c, r->of);
	const char *s = arena_printf(c->a, r->kind == GQL_TR_LIST ? "[%s]" : "%s!", in);
	return s ? s : "?";
}

static int32_t find_var(const struct opinfo *oi, const char *name)
{
	const struct gql_operation *op = &oi->def->u.op;
	uint32_t lo = 0, hi = op->nvars;
	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;
		int r = strcmp(op->vars[oi->sorted[mid]]->name, name);
		if (r == 0) {
			/* the last definition of that name counts (as in graphql-js) */
			while (mid + 1 < op->nvars && strcmp(op->vars[oi->sorted[mid + 1]]->name, name) == 0)
				mid++;
			return (int32_t)oi->sorted[mid];
		}
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* AreTypesCompatible (5.8.5) */
static bool types_compatible(const struct gql_type *var, const struct gql_type *loc)
{
	if (loc->kind == GQL_K_NON_NULL) {
		if (var->kind != GQL_K_NON_NULL)
			return false;
		return types_compatible(var->of, loc->of);
	}
	if (var->kind == GQL_K_NON_NULL)
		return types_compatible(var->of, loc);
	if (loc->kind == GQL_K_LIST) {
		if (var->kind != GQL_K_LIST)
			return false;
		return types_compatible(var->of, loc->of);
	}
	if (var->kind == GQL_K_LIST)
		return false;
	return var == loc;
}

static void check_usage(struct vctx *c, struct opinfo *oi, const struct vusage *u)
{
	const struct gql_operation *op = &oi->def->u.op;
	int32_t vi = find_var(oi, u->name);
	if (vi < 0) {
		struct gql_loc locs[2] = { u->loc, oi->def->loc };
		if (op->name)
			verr(c, locs, 2, "Variable \"$%s\" is not defined by operation \"%s\".", u->name, op->name);
		else
			verr(c, locs, 2, "Variable \"$%s\" is not defined.", u->name);
		return;
	}
	oi->used[vi] = true;
	const struct gql_type *vt = oi->vtypes[vi];
	if (vt == NULL || u->type == NULL)
		return;
	const struct gql_type *lt = u->type;
	const struct gql_var_def *vd = op->vars[vi];
	bool ok;
	if (lt->kind == GQL_K_NON_NULL && vt->kind != GQL_K_NON_NULL) {
		bool var_default = vd->defval != NULL && vd->defval->kind != GQL_V_NULL;
		ok = (var_default || u->locdef) && types_compatible(vt, lt->of);
	} else {
		ok = types_compatible(vt, lt);
	}
	if (!ok) {
		struct gql_loc locs[2] = { vd->loc, u->loc };
		verr(c, locs, 2, "Variable \"$%s\" of type \"%s\" used in position expecting type \"%s\".",
		     u->name, typeref_str(c, vd->type), vtype_str(c, lt));
	}
}

static void op_usages_frag(struct vctx *c, struct opinfo *oi, int32_t fi, uint32_t stamp)
{
	struct vfrag *fr = &c->frags[fi];
	if (fr->mark == stamp || !venter(c, &fr->def->loc))
		return;
	fr->mark = stamp;
	for (uint32_t i = 0; i < fr->own.nuses && !c->stop; i++)
		check_usage(c, oi, &fr->own.uses[i]);
	for (uint32_t i = 0; i < fr->own.nspreads && !c->stop; i++)
		if (fr->own.spreads[i].frag >= 0)
			op_usages_frag(c, oi, fr->own.spreads[i].frag, stamp);
	vleave(c);
}

/* variable definitions of an operation: 5.8.1, 5.8.2, defaults (5.6), directives (5.7) */
static void check_var_defs(struct vctx *c, struct opinfo *oi)
{
	const struct gql_operation *op = &oi->def->u.op;
	uint32_t n = op->nvars;
	oi->sorted = ARENA_NEWN(c->a, uint32_t, n ? n : 1);
	oi->used = ARENA_NEWN(c->a, bool, n ? n : 1);
	oi->vtypes = ARENA_NEWN(c->a, const struct gql_type *, n ? n : 1);
	if (oi->sorted == NULL || oi->used == NULL || oi->vtypes == NULL) {
		vnomem(c);
		return;
	}
	vdups(c, op->vars, n, var_name, dup_vars);
	if (n > 1) {
		struct dupent *e = ARENA_NEWN(c->a, struct dupent, n);
		if (e == NULL) {
			vnomem(c);
			return;
		}
		for (uint32_t i = 0; i < n; i++) {
			e[i].name = op->vars[i]->name;
			e[i].idx = i;
		}
		qsort(e, n, sizeof *e, dupent_cmp);
		for (uint32_t i = 0; i < n; i++)
			oi->sorted[i] = e[i].idx;
	} else if (n == 1) {
		oi->sorted[0] = 0;
	}
	for (uint32_t i = 0; i < n && !c->stop; i++) {
		const struct gql_var_def *vd = op->vars[i];
		const char *unknown = NULL;
		const struct gql_type *t = typeref_type(c, vd->type, &unknown);
		if (unknown) {
			const char **names = ARENA_NEWN(c->a, const char *, c->s->ntypes ? c->s->ntypes : 1);
			uint32_t k = 0;
			for (uint32_t j = 0; names && j < c->s->ntypes; j++)
				if (gql_type_is_input(c->s->types[j]) && !c->s->types[j]->introspection)
					names[k++] = c->s->types[j]->name;
			const struct gql_typeref *r = vd->type;
			while (r->kind != GQL_TR_NAMED)
				r = r->of;
			verr(c, &r->loc, 1, "Unknown type \"%s\".%s", unknown, names ? vsuggest(c, unknown, names, k, NULL) : "");
		} else if (t != NULL && !gql_type_is_input(t)) {
			verr(c, &vd->type->loc, 1, "Variable \"$%s\" cannot be non-input type \"%s\".", vd->name,
			     typeref_str(c, vd->type));
		}
		oi->vtypes[i] = t; /* even when not an input type: its usages are reported too */
		check_dirs(c, vd->dirs, vd->ndirs, GQL_DL_VARIABLE_DEFINITION);
		if (vd->defval && t && gql_type_is_input(t))
			vcheck_value(c, vd->defval, t, false);
	}
}

/* 5.2.3.1: CollectFields on the subscription root must give exactly one response key, and
 * that key must not be an introspection field */
struct subcol {
	const struct gql_selection **f; /* the root fields, in document order */
	uint32_t n, cap;
};

static bool skipped(const struct gql_directive *const *dirs, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		bool skip = strcmp(dirs[i]->name, "skip") == 0, incl = strcmp(dirs[i]->name, "include") == 0;
		if (!skip && !incl)
			continue;
		for (uint32_t j = 0; j < dirs[i]->nargs; j++) {
			const struct gql_argument *a = dirs[i]->args[j];
			if (strcmp(a->name, "if") == 0 && a->value->kind == GQL_V_BOOLEAN && a->value->u.b == skip)
				return true;
		}
	}
	return false;
}

static bool cond_matches(const struct gql_type *t, const struct gql_type *root)
{
	return t != NULL && (t == root || (t->kind != GQL_K_OBJECT && gql_type_is_possible(t, root)));
}

static void sub_collect(struct vctx *c, struct subcol *sc, const struct gql_selection_set *set,
                        const struct gql_type *root, uint32_t stamp)
{
	for (uint32_t i = 0; set && i < set->n && !c->stop; i++) {
		const struct gql_selection *sel = set->items[i];
		if (skipped((const struct gql_directive *const *)sel->dirs, sel->ndirs))
			continue;
		if (sel->kind == GQL_SEL_FIELD) {
			const struct gql_selection **p = vgrow(c, sc->f, &sc->cap, sc->n, sizeof *p);
			if (p == NULL)
				return;
			sc->f = p;
			p[sc->n++] = sel;
		} else if (sel->kind == GQL_SEL_INLINE) {
			if (sel->type_cond && !cond_matches(gql_schema_type(c->s, sel->type_cond), root))
				continue;
			sub_collect(c, sc, sel->set, root, stamp);
		} else {
			int32_t fi = vfrag_find(c, sel->name);
			if (fi < 0 || c->frags[fi].mark == stamp)
				continue;
			c->frags[fi].mark = stamp;
			if (!cond_matches(gql_schema_type(c->s, c->frags[fi].f->type_cond), root) || !venter(c, &sel->loc))
				continue;
			sub_collect(c, sc, c->frags[fi].f->set, root, stamp);
			vleave(c);
		}
	}
}

static const char *sel_key(const void *arr, uint32_t i)
{
	return gql_response_key(((const struct gql_selection *const *)arr)[i]);
}

/* the places of the fields of group g (g->idx: where it starts in e, sorted by key) appended to locs
 * from nl on; the new count */
static uint32_t sub_group_locs(const struct subcol *sc, const struct dupent *e, const struct dupent *g,
                               struct gql_loc *locs, uint32_t nl)
{
	for (uint32_t j = g->idx; j < sc->n && strcmp(e[j].name, g->name) == 0; j++)
		locs[nl++] = sc->f[e[j].idx]->loc;
	return nl;
}

/* "Subscription "S" must <rule>." at locs, or "Anonymous Subscription must <rule>." */
static void sub_error(struct vctx *c, const struct gql_operation *op, const struct gql_loc *locs, uint32_t nl,
                      const char *rule)
{
	if (op->name)
		verr(c, locs, nl, "Subscription \"%s\" must %s.", op->name, rule);
	else
		verr(c, locs, nl, "Anonymous Subscription must %s.", rule);
}

static void check_subscription(struct vctx *c, const struct gql_operation *op, uint32_t stamp)
{
	struct subcol sc = { 0 };
	sub_collect(c, &sc, op->set, c->s->subscription, stamp);
	if (sc.n == 0 || c->stop)
		return;
	/* group the fields by response key, keys in order of first appearance */
	struct dupent *e = ARENA_NEWN(c->a, struct dupent, sc.n);
	struct dupent *g = ARENA_NEWN(c->a, struct dupent, sc.n); /* name: key, idx: first field */
	uint32_t *gstart = ARENA_NEWN(c->a, uint32_t, sc.n);
	struct gql_loc *locs = ARENA_NEWN(c->a, struct gql_loc, sc.n);
	if (e == NULL || g == NULL || gstart == NULL || locs == NULL) {
		vnomem(c);
		return;
	}
	for (uint32_t i = 0; i < sc.n; i++) {
		e[i].name = sel_key(sc.f, i);
		e[i].idx = i;
	}
	qsort(e, sc.n, sizeof *e, dupent_cmp);
	/* gstart[field] = where its group starts in e, for the first field of each group */
	for (uint32_t i = 0; i < sc.n; i++)
		gstart[i] = UINT32_MAX;
	for (uint32_t i = 0; i < sc.n; i++)
		if (i == 0 || strcmp(e[i].name, e[i - 1].name) != 0)
			gstart[e[i].idx] = i;
	uint32_t ng = 0;
	for (uint32_t i = 0; i < sc.n; i++)
		if (gstart[i] != UINT32_MAX) {
			g[ng].name = e[gstart[i]].name;
			g[ng].idx = gstart[i];
			ng++;
		}
	if (ng > 1) {
		uint32_t nl = 0;
		for (uint32_t i = 1; i < ng; i++)
			nl = sub_group_locs(&sc, e, &g[i], locs, nl);
		sub_error(c, op, locs, nl, "select only one top level field");
	}
	for (uint32_t i = 0; i < ng && !c->stop; i++) {
		const struct gql_selection *first = sc.f[e[g[i].idx].idx];
		if (first->name[0] == '_' && first->name[1] == '_')
			sub_error(c, op, locs, sub_group_locs(&sc, e, &g[i], locs, 0),
			          "not select an introspection top level field");
	}
}

/* ---------------------------------------------------------------- the driver */

static const char *def_name(const void *arr, uint32_t i)
{
	return ((const struct gql_definition *const *)arr)[i]->u.op.name;
}

static struct gql_loc def_loc(const void *arr, uint32_t i)
{
	return ((const struct gql_definition *const *)arr)[i]->u.op.name_loc;
}

static void dup_ops(struct vctx *c, const void *arr, const uint32_t *idx, uint32_t n)
{
	vdup_pairs(c, arr, idx, n, def_name, def_loc, "operation");
}

static const char *frag_name(const void *arr, uint32_t i)
{
	return ((const struct vfrag *)arr)[i].f->name;
}

static struct gql_loc frag_loc(const void *arr, uint32_t i)
{
	return ((const struct vfrag *)arr)[i].f->name_loc;
}

static void dup_frags(struct vctx *c, const void *arr, const uint32_t *idx, uint32_t n)
{
	vdup_pairs(c, arr, idx, n, frag_name, frag_loc, "fragment");
}

/* 5.5.1.4: every fragment is used by some operation */
static void check_unused_frags(struct vctx *c, const struct opinfo *oinfo, uint32_t nops)
{
	for (uint32_t i = 0; i < nops; i++)
		for (uint32_t k = 0; k < oinfo[i].own.nspreads; k++)
			if (oinfo[i].own.spreads[k].frag >= 0)
				reach_frag(c, oinfo[i].own.spreads[k].frag, 1);
	for (uint32_t i = 0; i < c->nfrags; i++)
		if (c->frags[vfrag_find(c, c->frags[i].f->name)].mark != 1) /* duplicates: by name */
			verr(c, &c->frags[i].def->loc, 1, "Fragment \"%s\" is never used.", c->frags[i].f->name);
}

/* 5.1.1: only operations and fragments; counts them */
static void count_defs(struct vctx *c, uint32_t *nops, uint32_t *nfrags, uint32_t *nanon)
{
	for (uint32_t i = 0; i < c->doc->n; i++) {
		const struct gql_definition *d = c->doc->defs[i];
		if (d->kind == GQL_DEF_OPERATION) {
			(*nops)++;
			if (d->u.op.name == NULL)
				(*nanon)++;
		} else if (d->kind == GQL_DEF_FRAGMENT) {
			(*nfrags)++;
		} else if (d->kind == GQL_DEF_SCHEMA) {
			verr(c, &d->loc, 1, "The schema definition is not executable.");
		} else {
			verr(c, &d->loc, 1, "The \"%s\" definition is not executable.", d->u.td.name ? d->u.td.name : "?");
		}
	}
}

/* one operation's variables once its fragments are known (5.8.3, 5.8.4, 5.8.5), and 5.2.3.1 */
static void check_operation(struct vctx *c, struct opinfo *oi, uint32_t *stamp)
{
	const struct gql_operation *op = &oi->def->u.op;
	for (uint32_t k = 0; k < oi->own.nuses && !c->stop; k++)
		check_usage(c, oi, &oi->own.uses[k]);
	++*stamp;
	for (uint32_t k = 0; k < oi->own.nspreads && !c->stop; k++)
		if (oi->own.spreads[k].frag >= 0)
			op_usages_frag(c, oi, oi->own.spreads[k].frag, *stamp);
	for (uint32_t k = 0; k < op->nvars && !c->stop; k++) {
		if (oi->used[k])
			continue;
		/* duplicate definitions share their usages */
		int32_t first = find_var(oi, op->vars[k]->name);
		if (first >= 0 && oi->used[first])
			continue;
		if (op->name)
			verr(c, &op->vars[k]->loc, 1, "Variable \"$%s\" is never used in operation \"%s\".",
			     op->vars[k]->name, op->name);
		else
			verr(c, &op->vars[k]->loc, 1, "Variable \"$%s\" is never used.", op->vars[k]->name);
	}
	if (op->kind == GQL_OP_SUBSCRIPTION && c->s->subscription)
		check_subscription(c, op, ++*stamp);
}

int gql_validate(const struct gql_schema *s, const struct gql_document *doc,
                 const struct gql_limits *lim, struct arena *a, struct gql_errors *errs)
{
	struct vctx ctx, *c = &ctx;
	uint32_t n0 = errs->n;
	if (s == NULL || doc == NULL)
		return 0;
	memset(c, 0, sizeof *c);
	c->s = s;
	c->doc = doc;
	c->a = a;
	c->errs = errs;
	c->maxerr = errs->max ? errs->max : LIMIT_GQL_ERRORS;
	if (lim && lim->max_errors && lim->max_errors < c->maxerr)
		c->maxerr = lim->max_errors;
	if (errs->n >= c->maxerr)
		return 0;

	/* 5.1.1 and the definitions by kind */
	uint32_t nops = 0, nfrags = 0, nanon = 0;
	count_defs(c, &nops, &nfrags, &nanon);
	const struct gql_definition **ops = ARENA_NEWN(a, const struct gql_definition *, nops ? nops : 1);
	const struct gql_definition **named = ARENA_NEWN(a, const struct gql_definition *, nops ? nops : 1);
	struct opinfo *oinfo = ARENA_NEWN(a, struct opinfo, nops ? nops : 1);
	c->frags = ARENA_NEWN(a, struct vfrag, nfrags ? nfrags : 1);
	uint32_t hsize = 16;
	while (hsize < nfrags * 2)
		hsize *= 2;
	c->fhash = ARENA_NEWN(a, int32_t, hsize);
	c->fhmask = hsize - 1;
	if (ops == NULL || named == NULL || oinfo == NULL || c->frags == NULL || c->fhash == NULL) {
		vnomem(c);
		goto out;
	}
	uint32_t nnamed = 0;
	nops = 0;
	for (uint32_t i = 0; i < doc->n; i++) {
		const struct gql_definition *d = doc->defs[i];
		if (d->kind == GQL_DEF_OPERATION) {
			oinfo[nops].def = d;
			ops[nops++] = d;
			if (d->u.op.name)
				named[nnamed++] = d;
		} else if (d->kind == GQL_DEF_FRAGMENT) {
			struct vfrag *fr = &c->frags[c->nfrags];
			fr->def = d;
			fr->f = &d->u.frag;
			uint32_t h = text_hash(fr->f->name) & c->fhmask;
			for (;; h = (h + 1) & c->fhmask) {
				int32_t v = c->fhash[h];
				if (v == 0 || strcmp(c->frags[v - 1].f->name, fr->f->name) == 0)
					break;
			}
			c->fhash[h] = (int32_t)c->nfrags + 1; /* a later definition of a name wins lookups */
			c->nfrags++;
		}
	}

	/* 5.2.1.1, 5.2.2.1, 5.5.1.1 */
	vdups(c, named, nnamed, def_name, dup_ops);
	if (nanon > 0 && nops > 1)
		for (uint32_t i = 0; i < nops; i++)
			if (ops[i]->u.op.name == NULL)
				verr(c, &ops[i]->loc, 1, "This anonymous operation must be the only defined operation.");
	vdups(c, c->frags, c->nfrags, frag_name, dup_frags);
	if (c->stop)
		goto out;

	/* budgets, before anything that walks expanded fragments */
	if (!vcheck_depth(c, lim) || !check_budgets(c, lim) || c->stop || !vcheck_costs(c, lim))
		goto out;
	for (uint32_t i = 0; i < c->nfrags; i++)
		c->frags[i].state = 0;

	/* fragment definitions: type conditions (5.5.1.2, 5.5.1.3), then their selections */
	for (uint32_t i = 0; i < c->nfrags && !c->stop; i++) {
		struct vfrag *fr = &c->frags[i];
		fr->type = (struct gql_type *)cond_type(c, fr->f->type_cond, &fr->f->type_cond_loc, fr->f->name);
	}
	for (uint32_t i = 0; i < nops && !c->stop; i++) {
		struct opinfo *oi = &oinfo[i];
		const struct gql_operation *op = &oi->def->u.op;
		const struct gql_type *root = op->kind == GQL_OP_QUERY ? s->query
		                              : op->kind == GQL_OP_MUTATION ? s->mutation : s->subscription;
		c->cur = &oi->own;
		check_var_defs(c, oi);
		if (root == NULL)
			verr(c, &oi->def->loc, 1, "The %s operation is not supported by the schema.", gql_op_kind_names[op->kind]);
		static const enum gql_dir_loc oploc[GQL_OP__MAX] = { GQL_DL_QUERY, GQL_DL_MUTATION, GQL_DL_SUBSCRIPTION };
		check_dirs(c, op->dirs, op->ndirs, oploc[op->kind]);
		walk_set(c, op->set, root);
	}
	for (uint32_t i = 0; i < c->nfrags && !c->stop; i++) {
		struct vfrag *fr = &c->frags[i];
		c->cur = &fr->own;
		check_dirs(c, fr->f->dirs, fr->f->ndirs, GQL_DL_FRAGMENT_DEFINITION);
		walk_set(c, fr->f->set, fr->type);
	}
	c->cur = NULL;
	vcheck_introspection_depth(c);
	if (c->stop)
		goto out;

	check_unused_frags(c, oinfo, nops);

	/* 5.5.2.2 */
	check_fragment_cycles(c);

	/* per operation: 5.8.3, 5.8.4, 5.8.5 and 5.2.3.1 */
	uint32_t stamp = 1;
	for (uint32_t i = 0; i < nops && !c->stop && oinfo[i].used != NULL; i++)
		check_operation(c, &oinfo[i], &stamp);
out:
	return (int)(errs->n - n0);
}
