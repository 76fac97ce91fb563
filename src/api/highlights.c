/* highlights.c: the highlights query: the caller's highlights a page at a time, as HighlightsSuccess edges with a PageInfo, narrowed by the words of its query. */
#include "api/api_int.h"

#include <string.h>

/* the words of q (white space apart, quotes dropped, ASCII letters in lower case) into w[STORE_HL_WORDS]; -1 when
 * there are more */
static int query_words(struct arena *a, const char *q, const char **w)
{
	size_t k = 0;
	memset(w, 0, sizeof *w * STORE_HL_WORDS);
	for (const char *p = q ? q : ""; *p;) {
		size_t n = strcspn(p, " \t\r\n\"");
		if (n > 0) {
			char *word;
			if (k == STORE_HL_WORDS || (word = arena_strndup(a, p, n)) == NULL)
				return -1;
			for (char *c = word; *c; c++)
				if (*c >= 'A' && *c <= 'Z')
					*c = (char)(*c + 32);
			w[k++] = word;
		}
		p += n;
		p += strspn(p, " \t\r\n\"");
	}
	return 0;
}

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
	const char *words[STORE_HL_WORDS];
	if (api_page_args(rc, &pg))
		return -1;
	if (query_words(gql_arena(rc), api_str(gql_arg(rc, "query")), words) != 0)
		return api_out_error(rc, out, "HighlightsError", "BAD_REQUEST",
		                     "query: at most %d words, each of which a highlight's quote, note or item title holds",
		                     STORE_HL_WORDS);
	r = store_highlights_page(ctx->store, gql_arena(rc), ctx->user->id, words, pg.offset, pg.limit, &h, &n, &has_next);
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
