/* highlights.c: the highlights query: the caller's highlights a page at a time, as HighlightsSuccess edges with a PageInfo. */
#include "api/api_int.h"

static int resolve_highlights(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct store_highlight *h;
	size_t n;
	struct api_connection *c;
	struct api_page pg;
	bool has_next;
	int r;
	if (ctx->user == NULL) /* HighlightsErrorCode has no UNAUTHORIZED */
		return api_out_error(rc, out, "HighlightsError", "BAD_REQUEST", API_NO_USER_MSG);
	if (api_page_args(rc, &pg))
		return -1;
	r = store_highlights_page(ctx->store, gql_arena(rc), ctx->user->id, pg.offset, pg.limit, &h, &n, &has_next);
	if (r != STORE_OK)
		return api_internal(rc, "listing highlights", r);
	if ((c = api_connection_new(rc, &pg, n, has_next, "HighlightEdge", NULL, NULL)) == NULL)
		return api_internal(rc, "highlights", 0);
	for (size_t i = 0; i < n; i++) {
		c->edges[i].node = &h[i];
		c->edges[i].node_type = "Highlight";
	}
	return api_obj(out, "HighlightsSuccess", c);
}

int api_bind_highlights(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_ONE("Query.highlights", resolve_highlights), /* answers a missing user itself */
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
