/* paging.c: paging shared by search and updatesSince (after/first arguments, edges, PageInfo), and small argument helpers. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "api/api_int.h"
#include "util/limits.h"

const char *api_str(const struct gql_value *v)
{
	return v ? gql_value_str(v) : NULL;
}

double api_num(const struct gql_value *v, double dflt)
{
	if (v && v->kind == GQL_V_FLOAT)
		return v->u.f;
	if (v && v->kind == GQL_V_INT)
		return (double)v->u.i;
	return dflt;
}

const char *api_str_trim(struct gql_rctx *rc, const struct gql_value *v)
{
	const char *p = api_str(v);
	size_t n;
	if (p == NULL)
		return NULL;
	n = strlen(p);
	while (n > 0 && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++, n--;
	while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\n' || p[n - 1] == '\r'))
		n--;
	return arena_strndup(gql_arena(rc), p, n);
}

int api_page_args(struct gql_rctx *rc, struct api_page *p)
{
	const struct gql_value *first = gql_arg(rc, "first"), *after = gql_arg(rc, "after");
	p->limit = 10;
	p->offset = 0;
	p->after = api_str(after);
	if (first && first->kind == GQL_V_INT) {
		if (first->u.i < 0)
			return gql_error(rc, "BAD_USER_INPUT", "first must not be negative (got %lld)", (long long)first->u.i);
		int64_t most = api_ctx_of(rc)->cfg->page_size_max;
		if (first->u.i > 0) /* a larger page is cut to the limit, not refused: Omnivore's clients ask for big ones */
			p->limit = first->u.i > most ? most : first->u.i;
	}
	if (p->after && *p->after) {
		char *end;
		long long v;
		errno = 0;
		v = strtoll(p->after, &end, 10);
		/* a cursor that is not a plain non-negative decimal starts at the beginning, as Omnivore does */
		if (*end == '\0' && errno == 0 && v > 0 && v < INT64_C(1000000000))
			p->offset = v;
	}
	return 0;
}

/* a PageInfo for a page of n items at p (end cursor = offset + n) */
static struct api_pageinfo *pageinfo_new(struct gql_rctx *rc, const struct api_page *p, size_t n, bool has_next)
{
	struct api_pageinfo *pi = ARENA_NEW(gql_arena(rc), struct api_pageinfo);
	if (pi == NULL)
		return NULL;
	pi->has_next = has_next;
	pi->start = p->after;
	pi->end = arena_printf(gql_arena(rc), "%lld", (long long)(p->offset + (int64_t)n));
	return pi->end ? pi : NULL;
}

struct api_connection *api_connection_new(struct gql_rctx *rc, const struct api_page *p, size_t n, bool has_next,
                                          const char *edge_type,
                                          int (*count)(struct gql_rctx *rc, const void *arg, int64_t *total),
                                          const void *count_arg)
{
	struct arena *a = gql_arena(rc);
	struct api_connection *c = ARENA_NEW(a, struct api_connection);
	if (c == NULL || (c->pi = pageinfo_new(rc, p, n, has_next)) == NULL ||
	    (n > 0 && (c->edges = ARENA_NEWN(a, struct api_edge, n)) == NULL))
		return NULL;
	c->pi->count = count;
	c->pi->count_arg = count_arg;
	c->edge_type = edge_type;
	c->n = n;
	for (size_t i = 0; i < n; i++)
		c->edges[i].cursor = c->pi->end;
	return c;
}

enum pageinfo_field { PF_HAS_NEXT, PF_HAS_PREVIOUS, PF_START, PF_END, PF_TOTAL };
static const char *const pageinfo_fields[] = {
	[PF_HAS_NEXT] = "hasNextPage", [PF_HAS_PREVIOUS] = "hasPreviousPage", [PF_START] = "startCursor",
	[PF_END] = "endCursor", [PF_TOTAL] = "totalCount",
};

static int resolve_pageinfo(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_pageinfo *pi = parent;
	int64_t total;
	switch (api_field(rc, parent, API_NAMES(pageinfo_fields))) {
	case PF_HAS_NEXT: return api_bool(out, pi->has_next);
	case PF_HAS_PREVIOUS: return api_bool(out, false);
	case PF_START: return api_text(out, pi->start);
	case PF_END: return api_text(out, pi->end);
	case PF_TOTAL: /* counted only when asked for */
		if (pi->count == NULL)
			return api_null(out);
		return pi->count(rc, pi->count_arg, &total) != 0 ? -1 : api_int(out, total);
	default: return api_resolve_absent(rc, parent, out);
	}
}

enum connection_field { CF_EDGES, CF_PAGE_INFO };
static const char *const connection_fields[] = { [CF_EDGES] = "edges", [CF_PAGE_INFO] = "pageInfo" };

static int resolve_connection(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_connection *c = parent;
	switch (api_field(rc, parent, API_NAMES(connection_fields))) {
	case CF_EDGES: return api_out_objects(rc, out, c->edge_type, c->edges, c->n, sizeof *c->edges);
	case CF_PAGE_INFO: return api_obj(out, "PageInfo", c->pi);
	default: return api_resolve_absent(rc, parent, out);
	}
}

enum edge_field { EF_CURSOR, EF_NODE, EF_ITEM_ID, EF_REASON };
static const char *const edge_fields[] = {
	[EF_CURSOR] = "cursor", [EF_NODE] = "node", [EF_ITEM_ID] = "itemID", [EF_REASON] = "updateReason",
};

static int resolve_edge(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_edge *e = parent;
	switch (api_field(rc, parent, API_NAMES(edge_fields))) {
	case EF_NODE: return e->node == NULL ? api_null(out) : api_obj(out, e->node_type ? e->node_type : "SearchItem", e->node);
	case EF_CURSOR: return api_text(out, e->cursor);
	case EF_ITEM_ID: return api_text(out, e->item_id);
	case EF_REASON: return api_enum(out, e->reason);
	default: return api_resolve_absent(rc, parent, out);
	}
}

int api_bind_paging(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_EACH("PageInfo", resolve_pageinfo, pageinfo_fields),
		API_EACH("SearchSuccess", resolve_connection, connection_fields),
		API_EACH("UpdatesSinceSuccess", resolve_connection, connection_fields),
		API_EACH("HighlightsSuccess", resolve_connection, connection_fields),
		API_EACH("ArticlesSuccess", resolve_connection, connection_fields),
		API_EACH("FeedsSuccess", resolve_connection, connection_fields),
		API_EACH("SearchItemEdge", resolve_edge, edge_fields),
		API_EACH("SyncUpdatedItemEdge", resolve_edge, edge_fields),
		API_EACH("HighlightEdge", resolve_edge, edge_fields),
		API_EACH("ArticleEdge", resolve_edge, edge_fields),
		API_EACH("FeedEdge", resolve_edge, edge_fields),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
