/* validate_merge.c: Field Selection Merging (spec 5.3.2), with memoised fragment comparisons so hostile documents stay cheap. */
#include <stdlib.h>
#include <string.h>
#include "gql/validate.h"
#include "util/text.h"

/* one field of a selection set, found directly or through inline fragments */
struct mfield {
	const char *key;
	const struct gql_selection *sel;
	const struct gql_type *parent;
	const struct gql_field *def;
	uint32_t order;
};

/* the fields of a selection set sorted by response key, and the fragments it spreads */
struct mgroup {
	uint32_t start, len;          /* a run of one response key in mset.f */
	uint32_t first;               /* order of the key's first field in the set */
};

struct mset {
	struct mfield *f;             /* sorted by key, then document order */
	uint32_t n, cap;
	struct mgroup *g;             /* the keys in order of first appearance (as graphql-js reports) */
	uint32_t ng;
	int32_t *frags;
	uint32_t nfrags, capfrags;
	uint32_t id;
};

struct conflict {
	const char *key;
	const char *reason;
	struct gql_loc *l1, *l2;
	uint32_t n1, n2;
};

struct clist {
	struct conflict *v;
	uint32_t n, cap;
};

struct setmap_ent {
	const struct gql_selection_set *set;
	struct mset *ms;
};

struct mstate {
	struct setmap_ent *sets;      /* selection set -> fields, open addressing */
	uint32_t nsets, setmask;
	uint64_t *pairs;              /* compared pairs: key, 0 = empty */
	uint8_t *pairval;             /* 1 = compared as mutually exclusive only, 2 = not exclusive */
	uint32_t npairs, pairmask;
	uint32_t nextid;
	uint64_t work;                /* comparisons made, against MERGE_WORK_MAX */
	const struct gql_selection_set *at; /* the set being checked (where the budget error points) */
};

/* Comparisons allowed for the whole document. A real query needs tens; a hostile one (long
 * fragment chains selecting the same keys) needs n^2 and is refused once past this. */
#define MERGE_WORK_MAX 300000

static uint64_t hash64(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return x;
}

static struct mstate *state(struct vctx *c)
{
	if (c->merge == NULL) {
		struct mstate *m = ARENA_NEW(c->a, struct mstate);
		if (m == NULL) {
			vnomem(c);
			return NULL;
		}
		c->merge = m;
	}
	return c->merge;
}

/* count work; false (and an error, and stop) once over the budget */
static bool spend(struct vctx *c, uint64_t n)
{
	struct mstate *m = c->merge;
	if (m == NULL || c->stop)
		return false;
	m->work += n;
	if (m->work <= MERGE_WORK_MAX)
		return true;
	verr(c, m->at ? &m->at->loc : NULL, m->at ? 1 : 0,
	     "The document is too complex to validate: checking that its fields can merge takes more than %u comparisons.",
	     (unsigned)MERGE_WORK_MAX);
	c->stop = true;
	return false;
}

static bool same_args(const struct gql_selection *a, const struct gql_selection *b)
{
	if (a->nargs != b->nargs)
		return false;
	for (uint32_t i = 0; i < a->nargs; i++) {
		const struct gql_argument *x = a->args[i], *y = NULL;
		for (uint32_t j = 0; j < b->nargs && !y; j++)
			if (strcmp(b->args[j]->name, x->name) == 0)
				y = b->args[j];
		if (y == NULL || !vvalue_equal(x->value, y->value))
			return false;
	}
	return true;
}

/* ---- memo of compared pairs. kind 0: fragment/fragment, 1: fields of a set/fragment */
static bool pair_seen(struct vctx *c, uint32_t kind, uint32_t a, uint32_t b, bool mutex)
{
	struct mstate *m = state(c);
	if (m == NULL || !spend(c, 1))
		return true;
	if (kind == 0 && a > b) {
		uint32_t t = a;
		a = b;
		b = t;
	}
	uint64_t key = ((uint64_t)kind << 63) | ((uint64_t)(a & 0x7fffffff) << 32) | b;
	key++; /* never 0 */
	if (m->npairs * 2 >= m->pairmask) {
		uint32_t ncap = m->pairmask ? (m->pairmask + 1) * 2 : 256;
		uint64_t *np = ARENA_NEWN(c->a, uint64_t, ncap);
		uint8_t *nv = ARENA_NEWN(c->a, uint8_t, ncap);
		if (np == NULL || nv == NULL) {
			vnomem(c);
			return true;
		}
		for (uint32_t i = 0; m->pairs && i <= m->pairmask; i++) {
			if (m->pairs[i] == 0)
				continue;
			uint32_t h = (uint32_t)hash64(m->pairs[i]) & (ncap - 1);
			while (np[h])
				h = (h + 1) & (ncap - 1);
			np[h] = m->pairs[i];
			nv[h] = m->pairval[i];
		}
		m->pairs = np;
		m->pairval = nv;
		m->pairmask = ncap - 1;
	}
	uint32_t h = (uint32_t)hash64(key) & m->pairmask;
	while (m->pairs[h] && m->pairs[h] != key)
		h = (h + 1) & m->pairmask;
	uint8_t want = mutex ? 1 : 2;
	if (m->pairs[h] == key) {
		if (m->pairval[h] >= want)
			return true;
		m->pairval[h] = want;
		return false;
	}
	m->pairs[h] = key;
	m->pairval[h] = want;
	m->npairs++;
	return false;
}

/* ---- collecting a set's fields */
static void collect(struct vctx *c, struct mset *ms, const struct gql_selection_set *set, const struct gql_type *pt)
{
	for (uint32_t i = 0; i < set->n && !c->stop; i++) {
		const struct gql_selection *sel = set->items[i];
		if (sel->kind == GQL_SEL_FIELD) {
			struct mfield *f = vgrow(c, ms->f, &ms->cap, ms->n, sizeof *f);
			if (f == NULL)
				return;
			ms->f = f;
			f += ms->n;
			f->key = gql_response_key(sel);
			f->sel = sel;
			f->parent = pt;
			f->def = vlookup_field(c, pt, sel->name);
			f->order = ms->n++;
		} else if (sel->kind == GQL_SEL_INLINE) {
			const struct gql_type *t = pt;
			if (sel->type_cond)
				t = gql_schema_type(c->s, sel->type_cond);
			collect(c, ms, sel->set, t);
		} else {
			int32_t fi = vfrag_find(c, sel->name);
			if (fi < 0)
				continue;
			bool seen = false;
			for (uint32_t k = 0; k < ms->nfrags && !seen; k++)
				seen = ms->frags[k] == fi;
			if (seen)
				continue;
			int32_t *p = vgrow(c, ms->frags, &ms->capfrags, ms->nfrags, sizeof *p);
			if (p == NULL)
				return;
			ms->frags = p;
			p[ms->nfrags++] = fi;
		}
	}
}

static int mfield_cmp(const void *x, const void *y)
{
	const struct mfield *a = x, *b = y;
	return text_cmp_stable(a->key, a->order, b->key, b->order);
}

static int mgroup_cmp(const void *x, const void *y)
{
	const struct mgroup *a = x, *b = y;
	return a->first < b->first ? -1 : a->first > b->first;
}

static struct mset *build(struct vctx *c, const struct gql_selection_set *set, const struct gql_type *pt)
{
	struct mstate *m = state(c);
	struct mset *ms = ARENA_NEW(c->a, struct mset);
	if (m == NULL || ms == NULL) {
		vnomem(c);
		return NULL;
	}
	ms->id = m->nextid++;
	if (set)
		collect(c, ms, set, pt);
	if (ms->n > 1) {
		/* insertion sort for the usual small sets */
		if (ms->n <= 16) {
			for (uint32_t i = 1; i < ms->n; i++) {
				struct mfield x = ms->f[i];
				uint32_t j = i;
				while (j > 0 && mfield_cmp(&ms->f[j - 1], &x) > 0) {
					ms->f[j] = ms->f[j - 1];
					j--;
				}
				ms->f[j] = x;
			}
		} else {
			qsort(ms->f, ms->n, sizeof *ms->f, mfield_cmp);
		}
		/* In a large group of one key, drop leaf fields equal to an earlier one: they merge
		 * with it and compare with anything else exactly as it does. (Small groups keep them
		 * all, so every conflicting pair is reported as graphql-js does.) */
		uint32_t w = 0;
		for (uint32_t g = 0; g < ms->n;) {
			uint32_t ge = g + 1;
			while (ge < ms->n && strcmp(ms->f[ge].key, ms->f[g].key) == 0)
				ge++;
			uint32_t gstart = w;
			for (uint32_t i = g; i < ge; i++) {
				const struct mfield *f = &ms->f[i];
				bool dup = false;
				if (ge - g > 16 && f->sel->set == NULL) {
					for (uint32_t j = gstart; j < w && !dup; j++) {
						const struct mfield *o = &ms->f[j];
						dup = o->sel->set == NULL && o->parent == f->parent &&
						      strcmp(o->sel->name, f->sel->name) == 0 && same_args(o->sel, f->sel);
					}
					if (!spend(c, w - gstart + 1))
						break;
				}
				if (!dup)
					ms->f[w++] = *f;
			}
			g = ge;
		}
		ms->n = w;
	}
	/* the groups of one key, in order of first appearance */
	uint32_t ng = 0;
	for (uint32_t i = 0; i < ms->n; i++)
		if (i == 0 || strcmp(ms->f[i].key, ms->f[i - 1].key) != 0)
			ng++;
	ms->g = ARENA_NEWN(c->a, struct mgroup, ng ? ng : 1);
	if (ms->g == NULL) {
		vnomem(c);
		return NULL;
	}
	for (uint32_t i = 0; i < ms->n; i++) {
		if (i == 0 || strcmp(ms->f[i].key, ms->f[i - 1].key) != 0) {
			ms->g[ms->ng].start = i;
			ms->g[ms->ng].len = 0;
			ms->g[ms->ng].first = ms->f[i].order;
			ms->ng++;
		}
		ms->g[ms->ng - 1].len++;
	}
	if (ms->ng > 1) {
		if (ms->ng <= 16) {
			for (uint32_t i = 1; i < ms->ng; i++) {
				struct mgroup x = ms->g[i];
				uint32_t j = i;
				while (j > 0 && ms->g[j - 1].first > x.first) {
					ms->g[j] = ms->g[j - 1];
					j--;
				}
				ms->g[j] = x;
			}
		} else {
			qsort(ms->g, ms->ng, sizeof *ms->g, mgroup_cmp);
		}
	}
	return ms;
}

/* the fields of a selection set, cached by set */
static struct mset *get_set(struct vctx *c, const struct gql_selection_set *set, const struct gql_type *pt)
{
	struct mstate *m = state(c);
	if (m == NULL)
		return NULL;
	if (m->nsets * 2 >= m->setmask) {
		uint32_t ncap = m->setmask ? (m->setmask + 1) * 2 : 64;
		struct setmap_ent *ns = ARENA_NEWN(c->a, struct setmap_ent, ncap);
		if (ns == NULL) {
			vnomem(c);
			return NULL;
		}
		for (uint32_t i = 0; m->sets && i <= m->setmask; i++) {
			if (m->sets[i].set == NULL)
				continue;
			uint32_t h = (uint32_t)hash64((uintptr_t)m->sets[i].set) & (ncap - 1);
			while (ns[h].set)
				h = (h + 1) & (ncap - 1);
			ns[h] = m->sets[i];
		}
		m->sets = ns;
		m->setmask = ncap - 1;
	}
	uint32_t h = (uint32_t)hash64((uintptr_t)set) & m->setmask;
	while (m->sets[h].set && m->sets[h].set != set)
		h = (h + 1) & m->setmask;
	if (m->sets[h].set == set)
		return m->sets[h].ms;
	struct mset *ms = build(c, set, pt);
	if (ms == NULL)
		return NULL;
	m->sets[h].set = set;
	m->sets[h].ms = ms;
	m->nsets++;
	return ms;
}

static struct mset *get_frag(struct vctx *c, int32_t fi)
{
	struct vfrag *fr = &c->frags[fi];
	if (!fr->mset_done) {
		fr->mset_done = true;
		fr->mset = get_set(c, fr->f->set, gql_schema_type(c->s, fr->f->type_cond));
	}
	return fr->mset;
}

/* ---- comparing */
static void between(struct vctx *c, struct clist *out, bool mutex, struct mset *a, struct mset *b);
static void set_vs_frag(struct vctx *c, struct clist *out, bool mutex, struct mset *ms, int32_t fi);
static void frag_vs_frag(struct vctx *c, struct clist *out, bool mutex, int32_t fa, int32_t fb);

static void add_conflict(struct vctx *c, struct clist *out, const char *key, const char *reason,
                         const struct mfield *f1, const struct mfield *f2, const struct clist *sub)
{
	struct conflict *v = vgrow(c, out->v, &out->cap, out->n, sizeof *v);
	if (v == NULL)
		return;
	out->v = v;
	v += out->n++;
	uint32_t n1 = 1, n2 = 1;
	for (uint32_t i = 0; sub && i < sub->n; i++) {
		n1 += sub->v[i].n1;
		n2 += sub->v[i].n2;
	}
	v->key = key;
	v->reason = reason;
	v->l1 = ARENA_NEWN(c->a, struct gql_loc, n1);
	v->l2 = ARENA_NEWN(c->a, struct gql_loc, n2);
	if (v->l1 == NULL || v->l2 == NULL) {
		vnomem(c);
		out->n--;
		return;
	}
	v->l1[0] = f1->sel->loc;
	v->l2[0] = f2->sel->loc;
	v->n1 = v->n2 = 1;
	for (uint32_t i = 0; sub && i < sub->n; i++) {
		memcpy(v->l1 + v->n1, sub->v[i].l1, sizeof *v->l1 * sub->v[i].n1);
		v->n1 += sub->v[i].n1;
		memcpy(v->l2 + v->n2, sub->v[i].l2, sizeof *v->l2 * sub->v[i].n2);
		v->n2 += sub->v[i].n2;
	}
}

static bool types_conflict(const struct gql_type *a, const struct gql_type *b)
{
	if (a->kind == GQL_K_LIST)
		return b->kind == GQL_K_LIST ? types_conflict(a->of, b->of) : true;
	if (b->kind == GQL_K_LIST)
		return true;
	if (a->kind == GQL_K_NON_NULL)
		return b->kind == GQL_K_NON_NULL ? types_conflict(a->of, b->of) : true;
	if (b->kind == GQL_K_NON_NULL)
		return true;
	if (vis_leaf_named(a) || vis_leaf_named(b))
		return a != b;
	return false;
}

static void sub_sets(struct vctx *c, struct clist *out, bool mutex, const struct gql_type *t1,
                     const struct gql_selection_set *s1, const struct gql_type *t2,
                     const struct gql_selection_set *s2)
{
	struct mset *a = get_set(c, s1, t1), *b = get_set(c, s2, t2);
	if (a == NULL || b == NULL)
		return;
	between(c, out, mutex, a, b);
	for (uint32_t j = 0; j < b->nfrags && !c->stop; j++)
		set_vs_frag(c, out, mutex, a, b->frags[j]);
	for (uint32_t i = 0; i < a->nfrags && !c->stop; i++)
		set_vs_frag(c, out, mutex, b, a->frags[i]);
	for (uint32_t i = 0; i < a->nfrags && !c->stop; i++)
		for (uint32_t j = 0; j < b->nfrags && !c->stop; j++)
			frag_vs_frag(c, out, mutex, a->frags[i], b->frags[j]);
}

static void find_conflict(struct vctx *c, struct clist *out, bool parent_mutex, const struct mfield *f1,
                          const struct mfield *f2)
{
	if (f1->sel == f2->sel || !spend(c, 1))
		return;
	bool mutex = parent_mutex || (f1->parent != f2->parent && f1->parent && f2->parent &&
	                              f1->parent->kind == GQL_K_OBJECT && f2->parent->kind == GQL_K_OBJECT);
	const char *key = f1->key;
	if (!mutex) {
		if (strcmp(f1->sel->name, f2->sel->name) != 0) {
			const char *r = arena_printf(c->a, "\"%s\" and \"%s\" are different fields", f1->sel->name,
			                             f2->sel->name);
			add_conflict(c, out, key, r ? r : "they are different fields", f1, f2, NULL);
			return;
		}
		if (!same_args(f1->sel, f2->sel)) {
			add_conflict(c, out, key, "they have differing arguments", f1, f2, NULL);
			return;
		}
	}
	const struct gql_type *t1 = f1->def ? f1->def->type : NULL, *t2 = f2->def ? f2->def->type : NULL;
	if (t1 && t2 && types_conflict(t1, t2)) {
		const char *r = arena_printf(c->a, "they return conflicting types \"%s\" and \"%s\"", vtype_str(c, t1),
		                             vtype_str(c, t2));
		add_conflict(c, out, key, r ? r : "they return conflicting types", f1, f2, NULL);
		return;
	}
	if (f1->sel->set && f2->sel->set) {
		struct clist sub = { 0 };
		sub_sets(c, &sub, mutex, gql_named_ctype(t1), f1->sel->set, gql_named_ctype(t2), f2->sel->set);
		if (sub.n == 0 || c->stop)
			return;
		struct sb b;
		sb_init(&b);
		for (uint32_t i = 0; i < sub.n; i++)
			sb_printf(&b, "%ssubfields \"%s\" conflict because %s", i ? " and " : "", sub.v[i].key,
			          sub.v[i].reason);
		const char *r = sb_error(&b) ? NULL : arena_strdup(c->a, sb_str(&b));
		sb_free(&b);
		add_conflict(c, out, key, r ? r : "their subfields conflict", f1, f2, &sub);
	}
}

/* all pairs of same-key fields, one from each set (both sorted by key) */
static void between(struct vctx *c, struct clist *out, bool mutex, struct mset *a, struct mset *b)
{
	if (b->n == 0)
		return;
	for (uint32_t g = 0; g < a->ng && !c->stop; g++) {
		const struct mgroup *ga = &a->g[g];
		const char *key = a->f[ga->start].key;
		/* the first field of that key in b */
		uint32_t lo = 0, hi = b->n;
		while (lo < hi) {
			uint32_t mid = (lo + hi) / 2;
			if (strcmp(b->f[mid].key, key) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		uint32_t je = lo;
		while (je < b->n && strcmp(b->f[je].key, key) == 0)
			je++;
		for (uint32_t x = ga->start; x < ga->start + ga->len && !c->stop; x++)
			for (uint32_t y = lo; y < je && !c->stop; y++)
				find_conflict(c, out, mutex, &a->f[x], &b->f[y]);
	}
}

static void within(struct vctx *c, struct clist *out, struct mset *a)
{
	for (uint32_t g = 0; g < a->ng && !c->stop; g++) {
		uint32_t i = a->g[g].start, e = i + a->g[g].len;
		for (uint32_t x = i; x < e && !c->stop; x++)
			for (uint32_t y = x + 1; y < e && !c->stop; y++)
				find_conflict(c, out, false, &a->f[x], &a->f[y]);
	}
}

static void set_vs_frag(struct vctx *c, struct clist *out, bool mutex, struct mset *ms, int32_t fi)
{
	struct mset *fm = get_frag(c, fi);
	if (ms->n == 0 || fm == NULL || fm == ms || pair_seen(c, 1, ms->id, (uint32_t)fi, mutex) ||
	    !venter(c, &c->frags[fi].def->loc))
		return;
	between(c, out, mutex, ms, fm);
	for (uint32_t k = 0; k < fm->nfrags && !c->stop; k++)
		set_vs_frag(c, out, mutex, ms, fm->frags[k]);
	vleave(c);
}

static void frag_vs_frag(struct vctx *c, struct clist *out, bool mutex, int32_t fa, int32_t fb)
{
	if (fa == fb || pair_seen(c, 0, (uint32_t)fa, (uint32_t)fb, mutex))
		return;
	struct mset *a = get_frag(c, fa), *b = get_frag(c, fb);
	if (a == NULL || b == NULL || !venter(c, &c->frags[fb].def->loc))
		return;
	between(c, out, mutex, a, b);
	for (uint32_t k = 0; k < b->nfrags && !c->stop; k++)
		frag_vs_frag(c, out, mutex, fa, b->frags[k]);
	for (uint32_t k = 0; k < a->nfrags && !c->stop; k++)
		frag_vs_frag(c, out, mutex, a->frags[k], fb);
	vleave(c);
}

void vmerge_set(struct vctx *c, const struct gql_selection_set *set, const struct gql_type *pt)
{
	struct mset *ms;
	/* the usual case needs no cache: a set whose fields all differ and that spreads nothing */
	if (set->n == 1 && set->items[0]->kind == GQL_SEL_FIELD)
		return;
	if (state(c) == NULL)
		return;
	((struct mstate *)c->merge)->at = set;
	ms = get_set(c, set, pt);
	if (ms == NULL)
		return;
	struct clist out = { 0 };
	within(c, &out, ms);
	for (uint32_t i = 0; i < ms->nfrags && !c->stop; i++) {
		set_vs_frag(c, &out, false, ms, ms->frags[i]);
		for (uint32_t j = i + 1; j < ms->nfrags && !c->stop; j++)
			frag_vs_frag(c, &out, false, ms->frags[i], ms->frags[j]);
	}
	for (uint32_t i = 0; i < out.n && !c->stop; i++) {
		const struct conflict *v = &out.v[i];
		uint32_t n = v->n1 + v->n2;
		struct gql_loc *locs = ARENA_NEWN(c->a, struct gql_loc, n);
		if (locs) {
			memcpy(locs, v->l1, sizeof *locs * v->n1);
			memcpy(locs + v->n1, v->l2, sizeof *locs * v->n2);
		}
		verr(c, locs, locs ? n : 0,
		     "Fields \"%s\" conflict because %s. Use different aliases on the fields to fetch both if this was intentional.",
		     v->key, v->reason);
	}
}
