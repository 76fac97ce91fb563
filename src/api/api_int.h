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

/* policy.c: every root field's cost and grant onto the schema; -1 with err naming a root field without a
 * row (or a row without a field) */
int api_bind_policy(struct gql_schema *s, char *err, size_t errlen);

/* the request's context (never NULL: gql_execute is always given one by our callers) */
static inline struct api_ctx *api_ctx_of(struct gql_rctx *rc) { return gql_context(rc); }

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
/* api_answer with the item: r == STORE_OK answers the member `type` with it (content in `format`) */
int api_answer_item(struct gql_rctx *rc, struct gql_out *out, int r, const char *doing, const char *type,
                    const struct store_item *it, const char *format);

/* ---- files (upload.c): an item showing a PDF (page type FILE) answers its file's URL on our site as url, and
 * as originalArticleUrl unless it came from an http(s) URL */
bool api_item_is_file(const struct store_item *it);
int api_out_file_url(struct gql_rctx *rc, const struct store_item *it, bool original, struct gql_out *out);

/* resolver of wrapper fields (ArticleSuccess.article, …): the parent object itself */
int api_resolve_self(struct gql_rctx *rc, const void *parent, struct gql_out *out);

/* ---- save.c ---- */
struct svc_save_in;
struct svc_save_out;
/* svc_save for a resolver: 1 with *r filled when saved; otherwise the answer is made (the member error_type
 * with code and svc's message for a refused save, an internal error for a failed one) and its return given */
int api_save(struct gql_rctx *rc, struct gql_out *out, const struct svc_save_in *in, const char *error_type,
             const char *code, struct svc_save_out *r);

/* ---- paging (paging.c): search and updatesSince ---- */
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
/* the parent of the edge types (SearchItemEdge, SyncUpdatedItemEdge); every edge's cursor is the
 * page's end cursor, as Omnivore does */
struct api_edge {
	const char *cursor;
	const void *node;                /* a struct api_item (NULL for a deleted item, updatesSince), or one of node_type */
	const char *node_type;           /* the GraphQL type of node; NULL: SearchItem */
	const char *item_id, *reason;    /* SyncUpdatedItemEdge's itemID and updateReason */
};
/* the parent of the *Success types of paged fields (SearchSuccess, UpdatesSinceSuccess): the page's
 * edges, of GraphQL type edge_type, and its PageInfo */
struct api_connection {
	struct api_edge *edges;
	size_t n;
	const char *edge_type;
	struct api_pageinfo *pi;
};
/* a page of n zeroed edges at p, each with its cursor set; totalCount comes from count(count_arg);
 * NULL when out of memory. The caller fills the edges' nodes and answers it as its *Success member */
struct api_connection *api_connection_new(struct gql_rctx *rc, const struct api_page *p, size_t n, bool has_next,
                                          const char *edge_type,
                                          int (*count)(struct gql_rctx *rc, const void *arg, int64_t *total),
                                          const void *count_arg);
/* "" -> NULL-safe string argument: the text of a String/ID argument or input field, or NULL */
const char *api_str(const struct gql_value *v);
/* a Float or Int value as a double; dflt when absent, null or of another kind */
double api_num(const struct gql_value *v, double dflt);
/* trimmed copy of a string value in the arena (NULL when absent or null) */
const char *api_str_trim(struct gql_rctx *rc, const struct gql_value *v);

/* api_schema_load for any SDL (tests use it to see that a schema with unbound fields is refused) */
struct gql_schema *api_schema_build(const char *sdl, size_t len, char *err, size_t errlen);
/* bind the Date scalar and every resolver into a parsed schema, then refuse (-1, message in err)
 * when any reachable field is left unbound; fields bound before the call are kept */
int api_schema_bind(struct gql_schema *s, char *err, size_t errlen);

/* binding, per file: api_bind_NAME for each NAME below (NAME.c binds its fields), called in this order;
 * each returns 0 or -1 with a message in err */
#define API_FILES(X) X(user) X(apikey) X(item) X(paging) X(library) X(label) X(highlight) X(save) X(search) \
	X(bulk) X(highlights) X(typeahead) X(saving_request) X(filter) X(account) X(articles) X(personalization) \
	X(unoffered) X(import) X(feeds) \
	X(newsletter) X(upload) X(share) X(session)
#define API_BIND_DECL(name) int api_bind_##name(struct gql_schema *s, char *err, size_t errlen);
API_FILES(API_BIND_DECL)
/* called last by api_schema_bind: binds only object fields still unbound: every field of a
 * reachable *Error object type to api_resolve_error, every other reachable non-root object type
 * to api_resolve_absent; root fields get nothing, so one without a resolver stops the program */
int api_bind_defaults(struct gql_schema *s, char *err, size_t errlen);

/* ---- labels (label.c) ---- */
/* the parent of LabelsSuccess and SetLabelsSuccess */
struct api_labels { struct store_label *l; size_t n; };
/* setLabels' (or setLabelsForHighlight's) labelIds and labels as label references (ids first, then names) in
 * *all; when the input is refused (a SetLabelsError answered), *all is NULL and the answer's result is returned */
int api_label_refs(struct gql_rctx *rc, struct gql_out *out, const struct gql_value *in, struct store_label_ref **all,
                   size_t *n);
/* what a mutation answering SetLabelsResult labels (setLabels: an item, setLabelsForHighlight: a highlight): the
 * input field naming it, its noun in the NOT_FOUND message, and the store call replacing its labels */
struct api_set_labels {
	const char *id_field, *noun;
	int (*set)(struct store *st, struct arena *a, const char *user_id, const char *id,
	           const struct store_label_ref *labels, size_t n, struct store_label **out, size_t *nout);
};
/* the resolver of such a mutation, bound with API_SET_LABELS(where, &its struct api_set_labels) */
int api_resolve_set_labels(struct gql_rctx *rc, const void *parent, struct gql_out *out);
#define API_SET_LABELS(where_, labels_) \
	{ .where = (where_), .fn = api_resolve_set_labels, .user_error = "SetLabelsError", .data = (labels_) }

/* resolver of the *Success types that hold only `success: Boolean`: true */
int api_resolve_success(struct gql_rctx *rc, const void *parent, struct gql_out *out);
/* the parent object of those types */
extern const char api_done[];

/* ---- binding tables (api.c) ----
 * A resolver file lists what it binds in one static table of rows and its api_bind_* returns
 * API_BIND_TABLE(s, table, err, errlen). The rows:
 *   API_ONE("Query.me", resolve_me)              that field (bound again if it was bound)
 *   API_SIGNED_IN("Query.labels", resolve_labels, "LabelsError")
 *       a root field that needs a user: a request without one is answered by the error member
 *       with UNAUTHORIZED (API_NO_USER_MSG) before fn runs, so fn may use ctx->user freely
 *   API_ALL("CreateLabelSuccess", api_resolve_self)   every field of the type still unbound
 *   API_EACH("Label", resolve_label, label_fields)
 *       the fields of the type named in the table (enum index -> name; those the SDL lacks are
 *       skipped, those already bound are kept), each with its index: see api_field */
struct api_bind {
	const char *where;
	gql_resolve_fn fn;
	const char *const *fields;  /* with nfields: bind field by field */
	int nfields;
	const char *user_error;     /* root fields only: the error member answering a request without a user */
	const void *data;           /* root fields only: what fn reads with api_row(rc)->data (API_DELETE);
	                             * rows with user_error or data are their fields' udata */
};
#define API_ONE(where_, fn_) { .where = (where_), .fn = (fn_) }
#define API_ALL(type_, fn_) { .where = type_ ".*", .fn = (fn_) }
#define API_SIGNED_IN(where_, fn_, error_) { .where = (where_), .fn = (fn_), .user_error = (error_) }
/* a mutation deleting one of the user's rows by id, answered by api_resolve_delete */
#define API_DELETE(where_, error_, del_) \
	{ .where = (where_), .fn = api_resolve_delete, .user_error = (error_), .data = (del_) }
#define API_EACH(type_, fn_, names_) \
	{ .where = (type_), .fn = (fn_), .fields = (names_), .nfields = (int)(sizeof(names_) / sizeof((names_)[0])) }
int api_bind_table(struct gql_schema *s, const struct api_bind *t, size_t n, char *err, size_t errlen);
#define API_BIND_TABLE(s, t, err, errlen) api_bind_table((s), (t), sizeof(t) / sizeof((t)[0]), (err), (errlen))
/* the row a root field was bound with (API_SIGNED_IN, API_DELETE rows) */
const struct api_bind *api_row(struct gql_rctx *rc);

/* what API_DELETE deletes: the id argument `arg` names a row of `size` bytes that remove() deletes
 * and fills in; the answer is the member `success` with the row, or the row's user_error member
 * with NOT_FOUND "you have no <noun> with id ..."; a store failure is "<doing> failed" */
struct api_delete {
	const char *arg, *noun, *doing, *success;
	size_t size;
	int (*remove)(struct store *st, struct arena *a, const char *user_id, const char *id, void *row);
};
int api_resolve_delete(struct gql_rctx *rc, const void *parent, struct gql_out *out);

/* one-row forms without a table (defaults.c binds with api_bind_all) */
int api_bind_all(struct gql_schema *s, const char *type, gql_resolve_fn fn, char *err, size_t errlen);
int api_bind_one(struct gql_schema *s, const char *type_dot_field, gql_resolve_fn fn, char *err, size_t errlen);

/* ---- field resolvers: an enum of fields, a name table, api_field, a switch ----
 *   enum label_field { LF_ID, LF_NAME, ... };
 *   static const char *const label_fields[] = { [LF_ID] = "id", [LF_NAME] = "name", ... };
 *   switch (api_field(rc, parent, API_NAMES(label_fields))) {
 *   case LF_ID: ...
 *   default: return api_resolve_absent(rc, parent, out);   (also for API_NO_FIELD)
 *   }
 * api_field answers the index the field was bound with (API_EACH rows); for a field bound
 * otherwise ("Type.*") it looks the name up in the table. API_NO_FIELD when the parent is
 * api_absent or the name is not in the table: answer the empty value then. */
#define API_NO_FIELD (-1)
/* one-line answers for the cases: each answers and returns 0 */
static inline int api_null(struct gql_out *out) { gql_out_null(out); return 0; }
static inline int api_text(struct gql_out *out, const char *s) { gql_out_cstr(out, s); return 0; }
static inline int api_enum(struct gql_out *out, const char *value) { gql_out_enum(out, value); return 0; }
static inline int api_bool(struct gql_out *out, bool b) { gql_out_bool(out, b); return 0; }
static inline int api_int(struct gql_out *out, int64_t i) { gql_out_int(out, i); return 0; }
static inline int api_float(struct gql_out *out, double d) { gql_out_float(out, d); return 0; }
static inline int api_obj(struct gql_out *out, const char *type, const void *o) { gql_out_object(out, type, o); return 0; }
#define API_NAMES(names) (names), (int)(sizeof(names) / sizeof((names)[0]))
int api_field(struct gql_rctx *rc, const void *parent, const char *const *names, int n);

/* ---- answers ---- */
/* the usual end of a resolver: r == STORE_OK answers the member (or object) `type` with obj
 * (obj NULL: out of memory), any other r the field error "<doing> failed: ..."; a caller answers
 * the results that have error members (STORE_E_NOTFOUND, ...) before calling it */
int api_answer(struct gql_rctx *rc, struct gql_out *out, int r, const char *doing, const char *type, const void *obj);
/* answer a list of n objects of GraphQL type `type`: the i-th is at (const char *)first + i * size;
 * with type NULL a list of enum values, each element a const char * naming its value */
int api_out_objects(struct gql_rctx *rc, struct gql_out *out, const char *type, const void *first, size_t n,
                    size_t size);
/* ---- issue 12: the other calls of the client corpus ---- */
/* search under another name (search.c): the row's data, when set, is a struct api_search_as naming the
 * edge, success and node types answered (Query.articles); without it, SearchItemEdge, SearchSuccess, SearchItem */
struct api_search_as { const char *edge_type, *success, *node_type; };
int api_resolve_search(struct gql_rctx *rc, const void *parent, struct gql_out *out);
/* the input fields saveUrl, savePage and createArticle share (url, clientRequestId, source, folder, state,
 * savedAt, publishedAt, labels) into *in, for the caller (save.c); -1 when out of memory */
struct svc_save_in;
int api_save_input(struct gql_rctx *rc, const struct gql_value *v, struct svc_save_in *in);
#endif
