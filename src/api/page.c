/* page.c: paging shared by search and updatesSince (after/first arguments, PageInfo), and small argument helpers. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "api/api_int.h"
#include "util/limits.h"

const char *api_str(const struct gql_value *v)
{
	return v ? gql_value_str(v) : NULL;
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
		if (first->u.i > 0) /* a larger page is cut to the limit, not refused: Omnivore's clients ask for big ones */
			p->limit = first->u.i > api_page_size_max(api_ctx_of(rc)) ? api_page_size_max(api_ctx_of(rc)) : first->u.i;
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

struct api_pageinfo *api_pageinfo_new(struct gql_rctx *rc, const struct api_page *p, size_t n, bool has_next)
{
	struct api_pageinfo *pi = ARENA_NEW(gql_arena(rc), struct api_pageinfo);
	if (pi == NULL)
		return NULL;
	pi->has_next = has_next;
	pi->start = p->after;
	pi->end = arena_printf(gql_arena(rc), "%lld", (long long)(p->offset + (int64_t)n));
	return pi->end ? pi : NULL;
}

static int resolve_pageinfo(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_pageinfo *pi = parent;
	const char *f = gql_rfield(rc)->name;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	if (strcmp(f, "hasNextPage") == 0)
		gql_out_bool(out, pi->has_next);
	else if (strcmp(f, "hasPreviousPage") == 0)
		gql_out_bool(out, false);
	else if (strcmp(f, "startCursor") == 0)
		gql_out_cstr(out, pi->start);
	else if (strcmp(f, "endCursor") == 0)
		gql_out_cstr(out, pi->end);
	else if (strcmp(f, "totalCount") == 0) {
		int64_t total;
		if (pi->count == NULL) {
			gql_out_null(out);
			return 0;
		}
		if (pi->count(rc, pi->count_arg, &total) != 0)
			return -1;
		gql_out_int(out, total);
	} else
		return api_resolve_absent(rc, parent, out);
	return 0;
}

int api_bind_page(struct gql_schema *s, char *err, size_t errlen)
{
	return api_bind_all(s, "PageInfo", resolve_pageinfo, err, errlen);
}
