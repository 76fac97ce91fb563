/* api_int.h: helpers shared by the resolver files of src/api (not a public interface). */
#ifndef LARDER_API_INT_H
#define LARDER_API_INT_H
#include <stdbool.h>
#include <stdint.h>
#include "api/api.h"
#include "util/limits.h"

/* the message of the UNAUTHORIZED error members */
#define API_NO_USER_MSG "This operation needs an API key: send it in the authorization header."

/* the parent of a *Error union member: one error code and a human message */
struct api_error {
	const char *code;
	const char *message;    /* may be NULL */
};

/* the parent object of objects Larder does not back yet (see api_resolve_absent) */
extern const char api_absent[];

/* the request's context (never NULL: gql_execute is always given one by our callers) */
static inline struct api_ctx *api_ctx_of(struct gql_rctx *rc) { return gql_context(rc); }

/* the larder.conf limits of a request (the util/limits.h defaults when the context has no configuration) */
static inline uint32_t api_labels_per_item(const struct api_ctx *c)
{
	return c->cfg ? c->cfg->labels_per_item : LIMIT_LABELS_PER_ITEM;
}
static inline int64_t api_page_size_max(const struct api_ctx *c)
{
	return c->cfg ? c->cfg->page_size_max : LIMIT_PAGE_SIZE;
}
static inline size_t api_highlight_max_bytes(const struct api_ctx *c)
{
	return c->cfg ? c->cfg->highlight_max_bytes : LIMIT_HIGHLIGHT_TEXT;
}

/* "internal" field error for store failures and out-of-memory; returns -1 */
int api_internal(struct gql_rctx *rc, const char *what, int store_rc);
/* answer a union-typed field with its error member `type` holding code and message */
int api_out_error(struct gql_rctx *rc, struct gql_out *out, const char *type, const char *code,
                  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* a Date value (ms since the epoch) */
int api_out_date(struct gql_rctx *rc, struct gql_out *out, int64_t ms);
/* the ms of a coerced Date input value (normalised by the scalar's parse hook); -1 if not a Date */
int api_value_date(const struct gql_value *v, int64_t *ms);
/* the "empty" value of the field's type: null when nullable, else [], "", 0, false, the epoch,
 * the first enum value, or an object whose fields resolve the same way */
int api_resolve_absent(struct gql_rctx *rc, const void *parent, struct gql_out *out);
/* resolver for every field of the *Error types (errorCodes, message); parent: struct api_error */
int api_resolve_error(struct gql_rctx *rc, const void *parent, struct gql_out *out);

/* ---- library items (item.c) ---- */
/* the parent of SearchItem and Article: the stored item and the content format asked for */
struct api_item {
	struct store_item it;
	const char *format;     /* "markdown"/"highlightedMarkdown": content as Markdown; else HTML */
};
struct api_item *api_item_new(struct gql_rctx *rc, const struct store_item *it, const char *format);
/* the ArticleSavingRequestStatus of an item (DELETED, ARCHIVED, or its content state) */
const char *api_item_state(const struct store_item *it);
bool api_format_markdown(const char *format);

/* resolver of wrapper fields (ArticleSuccess.article, …): the parent object itself */
int api_resolve_self(struct gql_rctx *rc, const void *parent, struct gql_out *out);

/* ---- paging (page.c): search and updatesSince ---- */
struct api_page {
	int64_t offset, limit;   /* from after / first: 10 when absent or 0, at most page_size_max (larder.conf) */
	const char *after;       /* as received (startCursor), NULL when absent */
};
/* reads `after` and `first`; -1 after answering a GraphQL error for a negative first */
int api_page_args(struct gql_rctx *rc, struct api_page *p);
/* the parent of PageInfo; totalCount is computed only when selected, through count() */
struct api_pageinfo {
	bool has_next;
	const char *start, *end;
	int (*count)(struct gql_rctx *rc, const void *arg, int64_t *total);
	const void *count_arg;
};
/* a PageInfo for a page of n items at p (end cursor = offset + n) */
struct api_pageinfo *api_pageinfo_new(struct gql_rctx *rc, const struct api_page *p, size_t n, bool has_next);
/* "" -> NULL-safe string argument: the text of a String/ID argument or input field, or NULL */
const char *api_str(const struct gql_value *v);
/* trimmed copy of a string value in the arena (NULL when absent or null) */
const char *api_str_trim(struct gql_rctx *rc, const struct gql_value *v);

/* api_schema_load for any SDL (tests use it to see that a schema with unbound fields is refused) */
struct gql_schema *api_schema_build(const char *sdl, size_t len, char *err, size_t errlen);
/* bind the Date scalar and every resolver into a parsed schema, then refuse (-1, message in err)
 * when any reachable field is left unbound; fields bound before the call are kept */
int api_schema_bind(struct gql_schema *s, char *err, size_t errlen);

/* binding, per file; each returns 0 or -1 with a message in err */
int api_bind_user(struct gql_schema *s, char *err, size_t errlen);
int api_bind_apikey(struct gql_schema *s, char *err, size_t errlen);
/* called last by api_schema_bind: binds only object fields still unbound: every field of a
 * reachable *Error object type to api_resolve_error, every other reachable non-root object type
 * to api_resolve_absent; root fields get nothing, so one without a resolver stops the program */
int api_bind_defaults(struct gql_schema *s, char *err, size_t errlen);
int api_bind_item(struct gql_schema *s, char *err, size_t errlen);
int api_bind_page(struct gql_schema *s, char *err, size_t errlen);
int api_bind_library(struct gql_schema *s, char *err, size_t errlen);
int api_bind_label(struct gql_schema *s, char *err, size_t errlen);
int api_bind_highlight(struct gql_schema *s, char *err, size_t errlen);
int api_bind_save(struct gql_schema *s, char *err, size_t errlen);
int api_bind_search(struct gql_schema *s, char *err, size_t errlen);
/* bind every field of `type` (already-bound fields are kept) */
int api_bind_all(struct gql_schema *s, const char *type, gql_resolve_fn fn, char *err, size_t errlen);
int api_bind_one(struct gql_schema *s, const char *type_dot_field, gql_resolve_fn fn, char *err, size_t errlen);
#endif
