/* typeahead.c: the typeaheadSearch resolver: the caller's items whose titles hold the words typed so far, through the library search (per-owner index, search_time_ms). */
#define _GNU_SOURCE /* strcasestr */
#include <string.h>

#include "api/api_int.h"
#include "store/search.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/utf8.h"

#define TYPEAHEAD_FIRST 5   /* items listed when first is absent or 0 */
#define TYPEAHEAD_WORDS 8   /* words of the typed text that count (later ones are ignored) */

/* the parent of TypeaheadSearchSuccess */
struct typeahead_out { struct api_item *items; size_t n; };

static bool word_byte(unsigned char c)
{
	return c >= 0x80 || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
}

/* the typed words (at most TYPEAHEAD_WORDS) into words[]; how many */
static size_t split_words(struct arena *a, const char *typed, const char **words)
{
	size_t n = 0;
	for (const char *p = typed; *p && n < TYPEAHEAD_WORDS;) {
		size_t len = 0;
		while (*p && !word_byte((unsigned char)*p))
			p++;
		while (word_byte((unsigned char)p[len]))
			len++;
		if (len > 0 && (words[n] = arena_strndup(a, p, len)) != NULL)
			n++;
		p += len;
	}
	return n;
}

/* the search for the words: each whole word in the title; the last one, still being typed, as a prefix anywhere
 * when it is long enough, else left to the check of the titles after; NULL when out of memory */
static const char *search_of(struct arena *a, const char *const *words, size_t n)
{
	struct sb b;
	char *q;
	sb_init(&b);
	for (size_t i = 0; i + 1 < n; i++)
		sb_printf(&b, "title:%s ", words[i]);
	if (utf8_count(words[n - 1], strlen(words[n - 1])) >= LIMIT_SEARCH_PREFIX_MIN)
		sb_printf(&b, "%s*", words[n - 1]);
	q = sb_error(&b) ? NULL : arena_strdup(a, sb_str(&b));
	sb_free(&b);
	return q;
}

/* does the title hold every word (ASCII letters in either case)? */
static bool title_has(const char *title, const char *const *words, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (title == NULL || strcasestr(title, words[i]) == NULL)
			return false;
	return true;
}

static int resolve_typeahead(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const char *typed = api_str(gql_arg(rc, "query")), *words[TYPEAHEAD_WORDS];
	int64_t first = (int64_t)api_num(gql_arg(rc, "first"), 0);
	int64_t most = ctx->cfg->page_size_max;
	struct store_search_req q = { .user_id = ctx->user->id, .limit = most, .now_ms = ctx->now_ms,
	                              .time_ms = ctx->cfg->search_time_ms };
	struct typeahead_out *res = ARENA_NEW(a, struct typeahead_out);
	struct store_search_res found;
	size_t nwords;
	int r;
	if (first < 0)
		return gql_error(rc, "BAD_USER_INPUT", "first must not be negative (got %lld)", (long long)first);
	if (typed && utf8_count(typed, strlen(typed)) > LIMIT_SEARCH_QUERY)
		return gql_error(rc, "BAD_USER_INPUT", "a typeahead query has at most %d characters", LIMIT_SEARCH_QUERY);
	if (res == NULL)
		return api_internal(rc, "typeaheadSearch", 0);
	first = first == 0 ? TYPEAHEAD_FIRST : first > most ? most : first;
	if ((nwords = split_words(a, typed ? typed : "", words)) == 0)
		return api_obj(out, "TypeaheadSearchSuccess", res); /* nothing typed yet: no items */
	if ((q.query = search_of(a, words, nwords)) == NULL ||
	    (res->items = ARENA_NEWN(a, struct api_item, (size_t)first)) == NULL)
		return api_internal(rc, "typeaheadSearch", 0);
	r = store_search(ctx->store, a, &q, &found);
	if (r == STORE_E_LIMIT)
		return gql_error(rc, "SEARCH_TIMEOUT", "this search took longer than %lld ms (search_time_ms in larder.conf)",
		                 (long long)q.time_ms);
	if (r == STORE_E_INVAL) /* words the search language reads otherwise: no match, as for any title without them */
		return api_obj(out, "TypeaheadSearchSuccess", res);
	if (r != STORE_OK)
		return api_internal(rc, "typeaheadSearch", r);
	for (size_t i = 0; i < found.n && res->n < (size_t)first; i++)
		if (title_has(found.items[i].title, words, nwords))
			res->items[res->n++].it = found.items[i];
	return api_obj(out, "TypeaheadSearchSuccess", res);
}

static int resolve_items(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct typeahead_out *res = parent;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	return api_out_objects(rc, out, "TypeaheadSearchItem", res->items, res->n, sizeof *res->items);
}

int api_bind_typeahead(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_SIGNED_IN("Query.typeaheadSearch", resolve_typeahead, "TypeaheadSearchError"),
		API_ALL("TypeaheadSearchSuccess", resolve_items),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
