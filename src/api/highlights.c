/* highlights.c: the highlights query: the caller's highlights a page at a time, as HighlightsSuccess edges with a PageInfo. */
#include "api/api_int.h"

/* the parent of HighlightsSuccess: the page's highlights (each edge's node) and its PageInfo */
struct highlights_page {
	struct store_highlight *h;
	size_t n;
	struct api_pageinfo *pi;
};

/* the parent of HighlightEdge */
struct highlight_edge {
	const char *cursor;
	const struct store_highlight *node;
};

static int resolve_highlights(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct highlights_page *res = ARENA_NEW(gql_arena(rc), struct highlights_page);
	struct api_connection *c;
	struct api_page pg;
	bool has_next;
	int r;
	if (ctx->user == NULL) /* HighlightsErrorCode has no UNAUTHORIZED */
		return api_out_error(rc, out, "HighlightsError", "BAD_REQUEST", API_NO_USER_MSG);
	if (api_page_args(rc, &pg))
		return -1;
	if (res == NULL)
		return api_internal(rc, "highlights", 0);
	r = store_highlights_page(ctx->store, gql_arena(rc), ctx->user->id, pg.offset, pg.limit, &res->h, &res->n,
	                          &has_next);
	if (r != STORE_OK)
		return api_internal(rc, "listing highlights", r);
	/* a connection only for its PageInfo (end cursor = offset + n): its edges, made for items, stay unused */
	if ((c = api_connection_new(rc, &pg, res->n, has_next, "HighlightEdge", NULL, NULL)) == NULL)
		return api_internal(rc, "highlights", 0);
	res->pi = c->pi;
	return api_obj(out, "HighlightsSuccess", res);
}

enum page_field { PG_EDGES, PG_PAGE_INFO };
static const char *const page_fields[] = { [PG_EDGES] = "edges", [PG_PAGE_INFO] = "pageInfo" };

static int resolve_page(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct highlights_page *p = parent;
	struct highlight_edge *e;
	switch (api_field(rc, parent, API_NAMES(page_fields))) {
	case PG_EDGES:
		if (p->n > 0 && (e = ARENA_NEWN(gql_arena(rc), struct highlight_edge, p->n)) == NULL)
			return api_internal(rc, "highlights", 0);
		for (size_t i = 0; i < p->n; i++) {
			e[i].cursor = p->pi->end;
			e[i].node = &p->h[i];
		}
		return api_out_objects(rc, out, "HighlightEdge", p->n ? e : NULL, p->n, sizeof *e);
	case PG_PAGE_INFO: return api_obj(out, "PageInfo", p->pi);
	default: return api_resolve_absent(rc, parent, out);
	}
}

enum edge_field { HE_CURSOR, HE_NODE };
static const char *const edge_fields[] = { [HE_CURSOR] = "cursor", [HE_NODE] = "node" };

static int resolve_edge(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct highlight_edge *e = parent;
	switch (api_field(rc, parent, API_NAMES(edge_fields))) {
	case HE_CURSOR: return api_text(out, e->cursor);
	case HE_NODE: return api_obj(out, "Highlight", e->node);
	default: return api_resolve_absent(rc, parent, out);
	}
}

int api_bind_highlights(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_ONE("Query.highlights", resolve_highlights), /* answers a missing user itself */
		API_EACH("HighlightsSuccess", resolve_page, page_fields),
		API_EACH("HighlightEdge", resolve_edge, edge_fields),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
