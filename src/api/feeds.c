/* feeds.c: resolvers for feed subscriptions (subscriptions, subscription, subscribe, unsubscribe, updateSubscription, the Subscription type) and feeds, scanFeeds and the Feed type; the work is svc's (svc/feeds.h). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api/api_int.h"
#include "store/feeds.h"
#include "svc/feeds.h"
#include "util/url.h"
#include "svc/svc.h"
#include "util/limits.h"

/* ---- Subscription ---- */
enum sub_field {
	SF_ID, SF_NAME, SF_TYPE, SF_URL, SF_ICON, SF_DESCRIPTION, SF_STATUS, SF_COUNT, SF_FOLDER, SF_FETCH,
	SF_FETCH_TYPE, SF_AUTO_ADD, SF_PRIVATE, SF_CREATED, SF_UPDATED, SF_FETCHED, SF_REFRESHED, SF_RECENT, SF_FAILED,
	SF_NL_EMAIL, SF_UNSUB_MAIL, SF_UNSUB_HTTP,
};
static const char *const sub_fields[] = {
	[SF_ID] = "id", [SF_NAME] = "name", [SF_TYPE] = "type", [SF_URL] = "url", [SF_ICON] = "icon",
	[SF_DESCRIPTION] = "description", [SF_STATUS] = "status", [SF_COUNT] = "count", [SF_FOLDER] = "folder",
	[SF_FETCH] = "fetchContent", [SF_FETCH_TYPE] = "fetchContentType", [SF_AUTO_ADD] = "autoAddToLibrary",
	[SF_PRIVATE] = "isPrivate", [SF_CREATED] = "createdAt", [SF_UPDATED] = "updatedAt",
	[SF_FETCHED] = "lastFetchedAt", [SF_REFRESHED] = "refreshedAt", [SF_RECENT] = "mostRecentItemDate",
	[SF_FAILED] = "failedAt", [SF_NL_EMAIL] = "newsletterEmail", [SF_UNSUB_MAIL] = "unsubscribeMailTo",
	[SF_UNSUB_HTTP] = "unsubscribeHttpUrl",
};

/* newsletterEmail: the address a newsletter arrives at */
static int sub_address(struct gql_rctx *rc, struct gql_out *out, const struct store_sub *s)
{
	const char *address = NULL;
	if (s->newsletter_email_id &&
	    store_sub_address(api_ctx_of(rc)->store, gql_arena(rc), s, &address) != STORE_OK)
		return api_internal(rc, "reading the subscription", 0);
	return api_text(out, address);
}

/* count: the items the subscription brought */
static int sub_items(struct gql_rctx *rc, struct gql_out *out, const struct store_sub *s)
{
	int64_t items = 0;
	if (store_sub_items(api_ctx_of(rc)->store, s, &items) != STORE_OK)
		return api_internal(rc, "reading the subscription", 0);
	return api_int(out, items);
}

/* a Date field that is null when the time was never recorded */
static int opt_date(struct gql_rctx *rc, struct gql_out *out, int64_t ms)
{
	return ms ? api_out_date(rc, out, ms) : api_null(out);
}

static int resolve_sub(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct store_sub *s = parent;
	switch (api_field(rc, parent, API_NAMES(sub_fields))) {
	case SF_ID: return api_text(out, s->id);
	case SF_NAME: return api_text(out, s->name);
	case SF_TYPE: return api_enum(out, s->type ? s->type : "RSS");
	case SF_URL: return api_text(out, s->url);
	case SF_ICON: return api_text(out, s->icon);
	case SF_DESCRIPTION: /* a subscription whose URL could not be read yet shows why (Subscription has no error) */
		return api_text(out, s->pending && s->failures && s->last_error
		                        ? arena_printf(gql_arena(rc), "Not read yet: %s", s->last_error) : s->description);
	case SF_STATUS: return api_enum(out, s->status);
	case SF_COUNT: return sub_items(rc, out, s);
	case SF_NL_EMAIL: return sub_address(rc, out, s);
	case SF_UNSUB_MAIL: return api_text(out, s->unsubscribe_mail_to);
	case SF_UNSUB_HTTP: return api_text(out, s->unsubscribe_http_url);
	case SF_FOLDER: return api_text(out, s->folder);
	case SF_FETCH: return api_bool(out, s->fetch_content != 0);
	case SF_FETCH_TYPE: return api_enum(out, s->fetch_content ? "ALWAYS" : "NEVER");
	case SF_AUTO_ADD: case SF_PRIVATE: return api_bool(out, false);
	case SF_CREATED: return api_out_date(rc, out, s->created_ms);
	case SF_UPDATED: return api_out_date(rc, out, s->updated_ms);
	case SF_FETCHED: return opt_date(rc, out, s->last_fetched_ms);
	case SF_REFRESHED: return opt_date(rc, out, s->refreshed_ms);
	case SF_RECENT: return opt_date(rc, out, s->most_recent_ms);
	case SF_FAILED: return opt_date(rc, out, s->failures ? s->last_fetched_ms : 0);
	default: return api_resolve_absent(rc, parent, out);
	}
}

/* the parent of SubscriptionsSuccess and SubscribeSuccess: a list of subscriptions */
struct sub_list { struct store_sub *v; size_t n; };

static int resolve_sub_list(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct sub_list *l = parent;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	return api_out_objects(rc, out, "Subscription", l->v, l->n, sizeof *l->v);
}

/* the user's active subscriptions */
static int active_subs(struct gql_rctx *rc, struct sub_list *l)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	int r = store_sub_list(ctx->store, gql_arena(rc), ctx->user->id, &l->v, &l->n);
	size_t k = 0;
	for (size_t i = 0; r == STORE_OK && i < l->n; i++)
		if (strcmp(l->v[i].status, "ACTIVE") == 0)
			l->v[k++] = l->v[i];
	l->n = k;
	return r;
}

/* the user's active newsletter subscriptions (store/newsletter.c) after those already in l */
static int add_newsletter_subs(struct gql_rctx *rc, struct sub_list *l)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct store_sub *v;
	size_t n = 0, k = 0;
	int r = store_nl_sub_list(ctx->store, gql_arena(rc), ctx->user->id, &v, &n);
	struct store_sub *all = r == STORE_OK ? ARENA_NEWN(gql_arena(rc), struct store_sub, l->n + n + 1) : NULL;
	if (all == NULL)
		return r == STORE_OK ? STORE_E_DB : r;
	for (size_t i = 0; i < l->n; i++)
		all[k++] = l->v[i];
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i].status, "ACTIVE") == 0)
			all[k++] = v[i];
	*l = (struct sub_list){ all, k };
	return STORE_OK;
}

static int resolve_subscriptions(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	struct sub_list *l = ARENA_NEW(gql_arena(rc), struct sub_list);
	const char *type = api_str(gql_arg(rc, "type"));
	int r = STORE_OK;
	if (l && (type == NULL || strcmp(type, "RSS") == 0))
		r = active_subs(rc, l);
	if (l && r == STORE_OK && (type == NULL || strcmp(type, "NEWSLETTER") == 0))
		r = add_newsletter_subs(rc, l);
	return api_answer(rc, out, r, "listing subscriptions", "SubscriptionsSuccess", l);
}

/* the answer to a call on one subscription: the success member `success` wraps it */
static int answer_sub(struct gql_rctx *rc, struct gql_out *out, int r, const char *id, const char *err_type,
                      const char *doing, const char *success, const struct store_sub *s)
{
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, err_type, "NOT_FOUND", "you have no subscription with id \"%.64s\"",
		                     id ? id : "");
	return api_answer(rc, out, r, doing, success, s);
}

static int resolve_subscription(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *id = api_str(gql_arg(rc, "id"));
	struct store_sub *s = ARENA_NEW(gql_arena(rc), struct store_sub);
	int r = s ? store_sub_get(ctx->store, gql_arena(rc), ctx->user->id, id, s) : STORE_OK;
	return answer_sub(rc, out, r, id, "SubscriptionError", "reading the subscription", "SubscriptionSuccess", s);
}

static int resolve_subscribe(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input"), *fetch = gql_value_get(in, "fetchContent");
	const char *url = api_str_trim(rc, gql_value_get(in, "url")), *type = api_str(gql_value_get(in, "subscriptionType"));
	const char *msg = NULL;
	if (url == NULL || (type && strcmp(type, "RSS") != 0)) /* a newsletter (older clients send only its name) */
		return api_out_error(rc, out, "SubscribeError", "BAD_REQUEST", "%s",
		                     "Newsletters arrive by e-mail: make an address with createNewsletterEmail and sign up with it; subscribe takes a feed's url.");
	struct sub_list *l = ARENA_NEW(gql_arena(rc), struct sub_list);
	struct store_sub *s = ARENA_NEW(gql_arena(rc), struct store_sub);
	if (l == NULL || s == NULL)
		return api_internal(rc, "subscribe", 0);
	switch (svc_feed_subscribe(ctx->store, ctx->cfg, gql_arena(rc), ctx->user->id, url,
	                           api_str_trim(rc, gql_arg(rc, "name")), api_str_trim(rc, gql_value_get(in, "folder")),
	                           !(fetch && fetch->kind == GQL_V_BOOLEAN && !fetch->u.b), s, &msg)) {
	case SVC_SUB_OK:
		*l = (struct sub_list){ s, 1 };
		return api_obj(out, "SubscribeSuccess", l);
	case SVC_SUB_EXISTS:
		return api_out_error(rc, out, "SubscribeError", "ALREADY_SUBSCRIBED", "%s", msg);
	case SVC_SUB_LIMIT:
		return api_out_error(rc, out, "SubscribeError", "EXCEEDED_MAX_SUBSCRIPTIONS", "%s", msg);
	case SVC_SUB_REFUSED:
		return api_out_error(rc, out, "SubscribeError", "BAD_REQUEST", "%s", msg ? msg : "no feed there");
	default:
		return api_internal(rc, "subscribe", STORE_E_DB);
	}
}

/* unsubscribe's subscription: by subscriptionId, else by its name */
static int find_sub(struct gql_rctx *rc, const char *id, const char *name, struct store_sub *s)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct sub_list l;
	if (id)
		return store_sub_get(ctx->store, gql_arena(rc), ctx->user->id, id, s);
	int r = active_subs(rc, &l);
	for (size_t i = 0; r == STORE_OK && i < l.n; i++)
		if (name && strcmp(l.v[i].name, name) == 0) {
			*s = l.v[i];
			return STORE_OK;
		}
	return r == STORE_OK ? STORE_E_NOTFOUND : r;
}

static int resolve_unsubscribe(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *id = api_str(gql_arg(rc, "subscriptionId")), *name = api_str(gql_arg(rc, "name"));
	struct store_sub *s = ARENA_NEW(gql_arena(rc), struct store_sub);
	int r = s ? find_sub(rc, id, name, s) : STORE_OK;
	if (r == STORE_OK && s && strcmp(s->status, "ACTIVE") != 0)
		return api_out_error(rc, out, "UnsubscribeError", "ALREADY_UNSUBSCRIBED", "you are not subscribed to \"%.200s\"",
		                     s->name);
	if (r == STORE_OK && s)
		r = svc_feed_unsubscribe(ctx->store, gql_arena(rc), ctx->user->id, s->id, s);
	if (r == STORE_E_NOTFOUND && id == NULL)
		return api_out_error(rc, out, "UnsubscribeError", "NOT_FOUND", "you have no subscription named \"%.200s\"",
		                     name ? name : "");
	return answer_sub(rc, out, r, id ? id : name, "UnsubscribeError", "unsubscribing", "UnsubscribeSuccess", s);
}

static int resolve_update(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input"), *fetch = gql_value_get(in, "fetchContent");
	const char *id = api_str(gql_value_get(in, "id")), *status = api_str(gql_value_get(in, "status"));
	const char *type = api_str(gql_value_get(in, "fetchContentType"));
	struct store_sub p = {
		.name = api_str_trim(rc, gql_value_get(in, "name")), .description = api_str(gql_value_get(in, "description")),
		.folder = api_str_trim(rc, gql_value_get(in, "folder")),
		.fetch_content = fetch && fetch->kind == GQL_V_BOOLEAN ? fetch->u.b : type ? strcmp(type, "NEVER") != 0 : -1,
	};
	if ((p.name && !*p.name) || (p.folder && !*p.folder))
		return api_out_error(rc, out, "UpdateSubscriptionError", "BAD_REQUEST", "a name and a folder cannot be blank");
	const char *too_long = svc_too_long(gql_arena(rc), "name", p.name, LIMIT_TITLE);
	if (too_long == NULL)
		too_long = svc_too_long(gql_arena(rc), "description", p.description, LIMIT_DESCRIPTION);
	if (too_long == NULL)
		too_long = svc_too_long(gql_arena(rc), "folder", p.folder, LIMIT_WORD_FIELD);
	if (too_long)
		return api_out_error(rc, out, "UpdateSubscriptionError", "BAD_REQUEST", "%s", too_long);
	struct store_sub *s = ARENA_NEW(gql_arena(rc), struct store_sub);
	int r = s ? svc_feed_update(ctx->store, gql_arena(rc), ctx->user->id, id, &p, status && strcmp(status, "ACTIVE") != 0,
	                            s) : STORE_OK;
	return answer_sub(rc, out, r, id, "UpdateSubscriptionError", "changing the subscription",
	                  "UpdateSubscriptionSuccess", s);
}

/* SearchItem.subscription and Article.subscription: the name of the feed the item came from, else null */
static int resolve_item_sub(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_item *ai = parent;
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct store_sub s;
	int r = store_feed_item_sub(ctx->store, gql_arena(rc), ai->it.user_id, ai->it.id, &s);
	if (r == STORE_E_NOTFOUND || (r == STORE_OK && strcmp(s.user_id, ai->it.user_id) != 0))
		return api_null(out);
	return r == STORE_OK ? api_text(out, s.name) : api_internal(rc, "reading an item's subscription", r);
}

/* ---- Feed: a feed found by scanFeeds, or a subscription listed by feeds ---- */
struct api_feed { const char *id, *title, *url, *type, *description, *image; int64_t created_ms, updated_ms, published_ms; };

enum feed_field { FD_ID, FD_TITLE, FD_URL, FD_TYPE, FD_AUTHOR, FD_DESCRIPTION, FD_IMAGE, FD_CREATED, FD_UPDATED, FD_PUBLISHED };
static const char *const feed_fields[] = {
	[FD_ID] = "id", [FD_TITLE] = "title", [FD_URL] = "url", [FD_TYPE] = "type", [FD_AUTHOR] = "author",
	[FD_DESCRIPTION] = "description", [FD_IMAGE] = "image", [FD_CREATED] = "createdAt", [FD_UPDATED] = "updatedAt",
	[FD_PUBLISHED] = "publishedAt",
};

static int resolve_feed(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_feed *f = parent;
	switch (api_field(rc, parent, API_NAMES(feed_fields))) {
	case FD_ID: return api_text(out, f->id);
	case FD_TITLE: return api_text(out, f->title ? f->title : f->url);
	case FD_URL: return api_text(out, f->url);
	case FD_TYPE: return api_text(out, f->type);
	case FD_DESCRIPTION: return api_text(out, f->description);
	case FD_IMAGE: return api_text(out, f->image);
	case FD_CREATED: return opt_date(rc, out, f->created_ms);
	case FD_UPDATED: return opt_date(rc, out, f->updated_ms);
	case FD_PUBLISHED: return opt_date(rc, out, f->published_ms);
	default: return api_resolve_absent(rc, parent, out);
	}
}

/* the parent of ScanFeedsSuccess */
struct feed_list { struct api_feed *v; size_t n; };

static int resolve_feed_list(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct feed_list *l = parent;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	return api_out_objects(rc, out, "Feed", l->v, l->n, sizeof *l->v);
}

/* scanFeeds(url): what the runner found at url lately; while it has not read it yet, an error saying so (an
 * empty list would say "no feeds there"), and the same call a moment later has the answer */
static int scan_url(struct gql_rctx *rc, struct gql_out *out, const char *url)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct svc_found_feed *found = NULL;
	const char *msg = NULL;
	long n = svc_feed_scan_request(ctx->store, ctx->cfg, gql_arena(rc), ctx->user->id, url, &found, &msg);
	if (n == SVC_SCAN_PENDING)
		return api_out_error(rc, out, "ScanFeedsError", "BAD_REQUEST", "%s",
		                     "looking for feeds at this URL: ask again in a few seconds for the answer");
	if (n == SVC_SCAN_REFUSED)
		return api_out_error(rc, out, "ScanFeedsError", "BAD_REQUEST", "%s", msg ? msg : "the URL could not be read");
	if (n < 0)
		return api_internal(rc, "scanFeeds", STORE_E_DB);
	struct feed_list *l = ARENA_NEW(gql_arena(rc), struct feed_list);
	l->v = arena_alloc(gql_arena(rc), ((size_t)n + 1) * sizeof *l->v);
	for (long i = 0; i < n; i++)
		l->v[l->n++] = (struct api_feed){ .title = found[i].title, .url = found[i].url, .type = found[i].type,
		                                  .description = found[i].description, .image = found[i].icon };
	return api_obj(out, "ScanFeedsSuccess", l);
}

static int resolve_scan(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const char *url = api_str_trim(rc, gql_value_get(in, "url")), *opml = api_str(gql_value_get(in, "opml"));
	const char *msg = NULL;
	struct content_feed_link *links = NULL;
	if (ctx->user == NULL) /* ScanFeedsErrorCode has no UNAUTHORIZED */
		return api_out_error(rc, out, "ScanFeedsError", "BAD_REQUEST", API_NO_USER_MSG);
	if (url)
		return scan_url(rc, out, url);
	long n = opml ? content_opml_read(gql_arena(rc), opml, strlen(opml), &links, &msg) : -1;
	if (n < 0)
		return api_out_error(rc, out, "ScanFeedsError", "BAD_REQUEST", "%s", msg ? msg : "give a url or an opml text");
	struct feed_list *l = ARENA_NEW(gql_arena(rc), struct feed_list);
	l->v = arena_alloc(gql_arena(rc), ((size_t)n + 1) * sizeof *l->v);
	for (long i = 0; i < n; i++)
		l->v[l->n++] = (struct api_feed){ .title = links[i].title, .url = links[i].url,
		                                  .type = content_feed_kind_name(links[i].kind) };
	return api_obj(out, "ScanFeedsSuccess", l);
}

/* whether s holds q, ignoring ASCII case */
static bool holds(const char *s, const char *q)
{
	size_t n = strlen(q);
	for (; s && *s; s++)
		if (strncasecmp(s, q, n) == 0)
			return true;
	return false;
}

static int count_feeds(struct gql_rctx *rc, const void *arg, int64_t *total)
{
	(void)rc;
	*total = *(const int64_t *)arg;
	return 0;
}

/* feeds(input): the caller's subscriptions as feeds, those whose name or URL hold the query, a page at a time */
static int resolve_feeds(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct gql_value *in = gql_arg(rc, "input");
	const char *q = api_str_trim(rc, gql_value_get(in, "query"));
	struct api_page pg = { .offset = 0, .limit = 10 };
	struct sub_list l;
	int r = active_subs(rc, &l);
	if (r != STORE_OK)
		return api_internal(rc, "listing feeds", r);
	size_t k = 0;
	for (size_t i = 0; i < l.n; i++)
		if (!q || !*q || holds(l.v[i].name, q) || holds(l.v[i].url, q))
			l.v[k++] = l.v[i];
	int64_t *total = ARENA_NEW(gql_arena(rc), int64_t);
	*total = (int64_t)k;
	pg.after = api_str(gql_value_get(in, "after"));
	pg.offset = pg.after ? strtoll(pg.after, NULL, 10) : 0;
	const struct gql_value *first = gql_value_get(in, "first");
	int64_t most = api_ctx_of(rc)->cfg->page_size_max;
	if (first && first->kind == GQL_V_INT && first->u.i > 0)
		pg.limit = first->u.i < most ? first->u.i : most;
	if (pg.offset < 0 || pg.offset > *total)
		pg.offset = *total;
	size_t n = (size_t)(*total - pg.offset < pg.limit ? *total - pg.offset : pg.limit);
	struct api_connection *c = api_connection_new(rc, &pg, n, (int64_t)(pg.offset + (int64_t)n) < *total, "FeedEdge",
	                                              count_feeds, total);
	if (c == NULL)
		return api_internal(rc, "listing feeds", 0);
	for (size_t i = 0; i < n; i++) {
		const struct store_sub *s = &l.v[pg.offset + (int64_t)i];
		struct api_feed *f = ARENA_NEW(gql_arena(rc), struct api_feed);
		*f = (struct api_feed){ .id = s->id, .title = s->name, .url = s->url, .type = "RSS",
		                        .description = s->description, .image = s->icon, .created_ms = s->created_ms,
		                        .updated_ms = s->updated_ms, .published_ms = s->most_recent_ms };
		c->edges[i].node = f;
		c->edges[i].node_type = "Feed";
	}
	return api_obj(out, "FeedsSuccess", c);
}

int api_bind_feeds(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = { /* the types, the operations, then their success members */
		API_EACH("Subscription", resolve_sub, sub_fields),
		API_EACH("Feed", resolve_feed, feed_fields),
		API_SIGNED_IN("Query.subscriptions", resolve_subscriptions, "SubscriptionsError"),
		API_SIGNED_IN("Query.subscription", resolve_subscription, "SubscriptionError"),
		API_SIGNED_IN("Mutation.subscribe", resolve_subscribe, "SubscribeError"),
		API_SIGNED_IN("Mutation.unsubscribe", resolve_unsubscribe, "UnsubscribeError"),
		API_SIGNED_IN("Mutation.updateSubscription", resolve_update, "UpdateSubscriptionError"),
		API_SIGNED_IN("Query.feeds", resolve_feeds, "FeedsError"),
		API_ONE("Query.scanFeeds", resolve_scan), /* answers a caller without a key itself */
		API_ALL("SubscriptionsSuccess", resolve_sub_list),
		API_ALL("SubscribeSuccess", resolve_sub_list),
		API_ALL("ScanFeedsSuccess", resolve_feed_list),
		API_ONE("SubscriptionSuccess.subscription", api_resolve_self),
		API_ONE("UnsubscribeSuccess.subscription", api_resolve_self),
		API_ONE("UpdateSubscriptionSuccess.subscription", api_resolve_self),
		API_ONE("SearchItem.subscription", resolve_item_sub),
		API_ONE("Article.subscription", resolve_item_sub),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
