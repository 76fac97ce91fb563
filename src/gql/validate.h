/* validate.h: internals shared by the validation files (validate*.c); not a public interface. */
#ifndef LARDER_GQL_VALIDATE_H
#define LARDER_GQL_VALIDATE_H
#include <stdbool.h>
#include <stdint.h>
#include "gql/gql.h"

#define VALIDATION_CODE "GRAPHQL_VALIDATION_FAILED"

/* a variable used somewhere in a selection set, with the type its position expects */
struct vusage {
	const char *name;
	struct gql_loc loc;
	const struct gql_type *type;  /* NULL when the position's type is unknown */
	bool locdef;                  /* the argument or input field has a default value */
};

/* a fragment spread and the fragment it names (-1 when unknown) */
struct vspread {
	const struct gql_selection *sel;
	int32_t frag;
};

/* what one operation or fragment definition uses (its own selection sets only) */
struct vowner {
	struct vspread *spreads;
	uint32_t nspreads, capspreads;
	struct vusage *uses;
	uint32_t nuses, capuses;
};

struct mset;

struct vfrag {
	const struct gql_definition *def;
	const struct gql_fragment *f;
	struct gql_type *type;        /* the type condition when known and composite, else NULL */
	struct vowner own;
	struct mset *mset;            /* fields for overlap checks (validate_merge.c) */
	bool mset_done;
	uint32_t mark;                /* DFS stamps */
	uint8_t state;                /* cycle DFS / counting state */
	uint64_t nfields;             /* expanded field count (budget) */
	uint32_t height;              /* levels its selection set adds (validate_depth.c) */
	uint8_t dstate;               /* 0 not measured, 1 being measured, 2 measured */
	uint8_t ix_exceeded, ix_checked, ix_visited; /* introspection depth memo, depth + 1 (0: none) */
	uint32_t ix_root;             /* the __schema/__type field ix_visited belongs to */
	uint32_t cgen;                /* the root-cost walk cost belongs to (validate_cost.c) */
	uint8_t cstate;               /* in that walk: 1 being weighed, 2 weighed */
	uint64_t cost;
};

struct vctx {
	const struct gql_schema *s;
	const struct gql_document *doc;
	struct arena *a;
	struct gql_errors *errs;
	uint32_t maxerr;
	bool stop;                    /* error budget full, out of memory, or nesting too deep */
	uint32_t rdepth;              /* recursion through fragment spreads */
	struct vowner *cur;           /* the definition being walked */

	struct vfrag *frags;
	uint32_t nfrags;
	int32_t *fhash;               /* open addressing: fragment index + 1, 0 = empty */
	uint32_t fhmask;

	/* validate_merge.c state */
	void *merge;
	uint32_t cgen;                /* validate_cost.c: the last root-cost walk */
};

/* validate.c */
void verr(struct vctx *c, const struct gql_loc *locs, uint32_t nlocs, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void vnomem(struct vctx *c);
/* Enter one level of recursion through a fragment spread: false (after an error located at
 * loc, the spread or the fragment entered, with validation stopped) past
 * LIMIT_GQL_FRAGMENT_DEPTH. Pair with vleave(). */
bool venter(struct vctx *c, const struct gql_loc *loc);
static inline void vleave(struct vctx *c) { c->rdepth--; }
int32_t vfrag_find(const struct vctx *c, const char *name);
/* validate_cost.c: each operation's root-field cost (max_cost) and costly field count (max_costly),
 * fragments expanded; false after reporting an operation over either */
bool vcheck_costs(struct vctx *c, const struct gql_limits *lim);
void *vgrow(struct vctx *c, void *p, uint32_t *cap, uint32_t n, size_t size);
/* " Did you mean "a", "b", or "c"?" (empty string when no candidate is close) */
const char *vsuggest(struct vctx *c, const char *input, const char *const *cands, uint32_t ncands,
                     const char *prefix);
const char *vtype_str(struct vctx *c, const struct gql_type *t);
/* group equal names: calls fn(c, arr, idx, n) for each name occurring more than once, with
 * the indices (ascending) of its occurrences */
typedef const char *(*vname_fn)(const void *arr, uint32_t i);
typedef void (*vdup_fn)(struct vctx *c, const void *arr, const uint32_t *idx, uint32_t n);
void vdups(struct vctx *c, const void *arr, uint32_t n, vname_fn name, vdup_fn fn);
/* for a group from vdups: "There can be only one <what> named "x"." once per later item, at its
 * location (loc) beside the first one's */
typedef struct gql_loc (*vloc_fn)(const void *arr, uint32_t i);
void vdup_pairs(struct vctx *c, const void *arr, const uint32_t *idx, uint32_t n, vname_fn name, vloc_fn loc,
                const char *what);

/* validate_values.c: 5.6 (and recording variable usages into c->cur) */
void vcheck_value(struct vctx *c, const struct gql_value *v, const struct gql_type *t, bool locdef);
const char *vvalue_str(struct vctx *c, const struct gql_value *v);
bool vvalue_equal(const struct gql_value *a, const struct gql_value *b);

/* validate_merge.c: 5.3.2 */
void vmerge_set(struct vctx *c, const struct gql_selection_set *set, const struct gql_type *pt);

/* validate_depth.c: max_depth with fragments expanded (false after the error, validation
 * stopped), and graphql-js's MaxIntrospectionDepthRule */
bool vcheck_depth(struct vctx *c, const struct gql_limits *lim);
void vcheck_introspection_depth(struct vctx *c);

/* helpers */
static inline bool vis_composite(const struct gql_type *t)
{
	return t && (t->kind == GQL_K_OBJECT || t->kind == GQL_K_INTERFACE || t->kind == GQL_K_UNION);
}
static inline bool vis_leaf_named(const struct gql_type *t)
{
	return t && (t->kind == GQL_K_SCALAR || t->kind == GQL_K_ENUM);
}
/* the field definition selected by `name` on a composite type, meta-fields included */
const struct gql_field *vlookup_field(const struct vctx *c, const struct gql_type *pt, const char *name);
#endif
