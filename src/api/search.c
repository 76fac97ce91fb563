/* search.c: the search resolver (also answering the older articles field): Omnivore's query language through store_search, edges, cursors and a lazy totalCount. */
#include <string.h>

#include "api/api_int.h"
#include "util/utf8.h"
#include "store/search.h"
#include "svc/filter.h"
#include "util/limits.h"
#include "util/time.h"


/* one search field's query and when its page began: its totalCount spends what is left of the same
 * search_time_ms budget */
struct search_count { const char *query; int64_t started_ms; };

/* how long one search field may still run (search_time_ms in larder.conf), 1 at least */
static int64_t search_time_ms(const struct api_ctx *ctx, int64_t started_ms)
{
	int64_t budget = ctx->cfg->search_time_ms;
	int64_t left = budget - (time_mono_ms() - started_ms);
	return left < 1 ? 1 : left;
}

/* a search that ran out of its budget (the store's message counts what was left of it; this one names the setting) */
static int search_timeout(struct gql_rctx *rc, const struct api_ctx *ctx)
{
	return gql_error(rc, "SEARCH_TIMEOUT", "this search took longer than %lld ms (search_time_ms in larder.conf):"
	                 " narrow it with more words, a phrase or title:",
	                 (long long)ctx->cfg->search_time_ms);
}

static int count_matches(struct gql_rctx *rc, const void *arg, int64_t *total)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct search_count *sc = arg;
	struct store_search_req q = { .user_id = ctx->user->id, .query = sc->query, .offset = 0, .limit = 1,
	                              .want_total = true, .now_ms = ctx->now_ms,
	                              .time_ms = search_time_ms(ctx, sc->started_ms) };
	struct store_search_res res;
	int r = store_search(ctx->store, gql_arena(rc), &q, &res);
	if (r == STORE_E_LIMIT)
		return search_timeout(rc, ctx);
	if (r != STORE_OK)
		return api_internal(rc, "counting matches", r);
	*total = res.total;
	return 0;
}

int api_resolve_search(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	static const struct api_search_as plain = { "SearchItemEdge", "SearchSuccess", NULL };
	const struct api_search_as *as = api_row(rc)->data ? api_row(rc)->data : &plain;
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const char *query = api_str(gql_arg(rc, "query")), *format = api_str(gql_arg(rc, "format"));
	struct store_search_req q = { 0 };
	struct store_search_res res;
	struct api_connection *c;
	struct search_count *sc;
	struct api_page pg;
	int r;
	if (query && utf8_count(query, strlen(query)) > LIMIT_SEARCH_QUERY && as == &plain)
		return api_out_error(rc, out, "SearchError", "QUERY_TOO_LONG", "a search query has at most %d characters",
		                     LIMIT_SEARCH_QUERY);
	if (query && utf8_count(query, strlen(query)) > LIMIT_SEARCH_QUERY) /* no error member says so */
		return gql_error(rc, "BAD_USER_INPUT", "a search query has at most %d characters", LIMIT_SEARCH_QUERY);
	if (api_page_args(rc, &pg))
		return -1;
	q.user_id = ctx->user->id;
	q.query = query ? query : "";
	q.offset = pg.offset;
	q.limit = pg.limit;
	q.now_ms = ctx->now_ms;
	if (!(sc = ARENA_NEW(a, struct search_count)))
		return api_internal(rc, "search", 0);
	sc->query = q.query;
	sc->started_ms = time_mono_ms();
	q.time_ms = search_time_ms(ctx, sc->started_ms);
	r = store_search(ctx->store, a, &q, &res);
	if (r == STORE_E_LIMIT)
		return search_timeout(rc, ctx);
	if (r == STORE_E_INVAL)
		return gql_error(rc, "BAD_USER_INPUT", "%s", res.error[0] ? res.error : "malformed search query");
	if (r != STORE_OK)
		return api_internal(rc, "searching", r);
	svc_recent_search_add(ctx->store, q.user_id, q.query, ctx->now_ms); /* best effort */
	if ((c = api_connection_new(rc, &pg, res.n, res.has_next, as->edge_type, count_matches, sc)) == NULL)
		return api_internal(rc, "search", 0);
	for (size_t i = 0; i < res.n; i++) {
		if ((c->edges[i].node = api_item_new(rc, &res.items[i], format)) == NULL)
			return api_internal(rc, "search", 0);
		c->edges[i].node_type = as->node_type;
	}
	return api_answer(rc, out, r, "search", as->success, c);
}

int api_bind_search(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_SIGNED_IN("Query.search", api_resolve_search, "SearchError"),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
