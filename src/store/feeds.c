/* feeds.c: feed subscriptions (created, listed, changed, unsubscribed, due, polled) and the entries each user has had from them. */
#include "store/store_int.h"

#include <string.h>

#include "store/feeds.h"
#include "util/crypto.h"
#include "util/time.h"

static const struct store_col sub_cols[] = STORE_ROW_DESC(STORE_SUB_ROW, struct store_sub);
static const struct store_row sub_row = { sub_cols, sizeof sub_cols / sizeof sub_cols[0], sizeof(struct store_sub),
                                          "a subscription" };

int store_sub_create(struct store *st, struct arena *a, const char *user_id, const struct store_sub *in,
                     struct store_sub *out)
{
	struct db_stmt *s = st->stmt[STMT_SUB_CREATE];
	char id[37];
	if (user_id == NULL || in->url == NULL || in->name == NULL) {
		snprintf(st->errmsg, sizeof st->errmsg, "a subscription needs a URL and a name");
		return STORE_E_INVAL;
	}
	crypto_uuid_v4(id);
	db_bind_text(s, 1, id);
	db_bind_text(s, 2, user_id);
	store_bind_texts(s, 3, (const char *const[]){ in->url, in->name, in->description, in->icon, in->site_url,
	                                              in->folder }, 6);
	db_bind_int64(s, 9, in->fetch_content ? 1 : 0);
	db_bind_int64(s, 10, time_now_ms());
	db_bind_int64(s, 11, in->pending ? 1 : 0);
	int rc = store_get_row(st, a, s, &sub_row, out, "subscribing");
	if (rc == STORE_E_NOTFOUND) { /* the conflict clause changed nothing: already followed */
		snprintf(st->errmsg, sizeof st->errmsg, "you are already subscribed to this feed");
		rc = STORE_E_EXISTS;
	}
	/* its poll, due at once: a first read someone waits for is interactive, other polls are bulk work */
	if (rc == STORE_OK)
		rc = store_job_queue_ref(st, user_id, "poll", out->id,
		                         out->pending ? STORE_PRIORITY_INTERACTIVE : STORE_PRIORITY_POLL, out->next_poll_ms);
	return rc;
}

/* binds the user and the subscription id as ?1 and ?2 */
static struct db_stmt *by_id(struct store *st, enum stmt which, const char *user_id, const char *id)
{
	struct db_stmt *s = st->stmt[which];
	store_bind_text(s, 1, user_id);
	store_bind_text(s, 2, id);
	return s;
}

int store_sub_get(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_sub *out)
{
	return store_get_row(st, a, by_id(st, STMT_SUB_GET, user_id, id), &sub_row, out, "reading a subscription");
}

int store_sub_count(struct store *st, const char *user_id, int64_t *n)
{
	struct db_stmt *s = st->stmt[STMT_SUB_COUNT];
	store_bind_text(s, 1, user_id);
	return store_get_ints(st, s, n, 1, "counting subscriptions");
}

int store_sub_list(struct store *st, struct arena *a, const char *user_id, struct store_sub **out, size_t *n)
{
	struct db_stmt *s = st->stmt[STMT_SUB_LIST];
	store_bind_text(s, 1, user_id);
	return store_get_rows(st, a, s, &sub_row, (void **)out, n, "listing subscriptions");
}

int store_sub_unsubscribe(struct store *st, struct arena *a, const char *user_id, const char *id,
                          struct store_sub *out)
{
	struct db_stmt *s = by_id(st, STMT_SUB_UNSUBSCRIBE, user_id, id);
	db_bind_int64(s, 3, time_now_ms());
	return store_get_row(st, a, s, &sub_row, out, "unsubscribing");
}

int store_sub_update(struct store *st, struct arena *a, const char *user_id, const char *id,
                     const struct store_sub *p, struct store_sub *out)
{
	struct db_stmt *s = by_id(st, STMT_SUB_UPDATE, user_id, id);
	store_bind_texts(s, 3, (const char *const[]){ p->name, p->description, p->folder }, 3);
	if (p->fetch_content >= 0)
		db_bind_int64(s, 6, p->fetch_content ? 1 : 0);
	db_bind_int64(s, 7, time_now_ms());
	return store_get_row(st, a, s, &sub_row, out, "changing a subscription");
}

int store_sub_address(struct store *st, struct arena *a, const struct store_sub *sub, const char **address)
{
	struct db_stmt *s = by_id(st, STMT_SUB_ADDRESS, sub->user_id, sub->newsletter_email_id);
	int rc = store_step_row(st, s, "reading a newsletter's address");
	bool oom = false;
	*address = NULL;
	if (rc == STORE_OK)
		*address = store_col_text(a, s, 0, &oom);
	store_done(s);
	return rc == STORE_E_NOTFOUND ? STORE_OK : oom ? STORE_E_DB : rc;
}

int store_sub_items(struct store *st, const struct store_sub *sub, int64_t *items)
{
	struct db_stmt *s = by_id(st, STMT_SUB_ITEMS, sub->user_id, sub->id);
	int rc = store_step_row(st, s, "counting a subscription's items");
	*items = rc == STORE_OK ? db_col_int64(s, 0) : 0;
	store_done(s);
	return rc;
}

/* binds v to idx, NULL when it is 0 */
static void bind_ms(struct db_stmt *s, int idx, int64_t v)
{
	if (v)
		db_bind_int64(s, idx, v);
	else
		db_bind_null(s, idx);
}

int store_sub_polled(struct store *st, const struct store_sub *p)
{
	struct db_stmt *s = st->stmt[STMT_SUB_POLLED];
	store_bind_text(s, 1, p->id);
	store_bind_texts(s, 2, (const char *const[]){ p->etag, p->last_modified, p->last_error }, 3);
	db_bind_int64(s, 5, p->failures);
	db_bind_int64(s, 6, p->next_poll_ms);
	db_bind_int64(s, 7, p->last_fetched_ms);
	bind_ms(s, 8, p->refreshed_ms);
	bind_ms(s, 9, p->most_recent_ms);
	return store_step_done(st, s, "recording a feed poll");
}

bool store_feed_entry_seen(struct store *st, const char *user_id, const char *entry_id)
{
	struct db_stmt *s = by_id(st, STMT_FEED_ENTRY_SEEN, user_id, entry_id);
	int rc = store_step_row(st, s, "looking up a feed entry");
	store_done(s);
	return rc == STORE_OK;
}

int store_feed_entry_add(struct store *st, const char *user_id, const char *entry_id, const char *sub_id,
                         const char *item_id, int64_t now_ms)
{
	struct db_stmt *s = by_id(st, STMT_FEED_ENTRY_ADD, user_id, entry_id);
	store_bind_texts(s, 3, (const char *const[]){ sub_id, item_id }, 2);
	db_bind_int64(s, 5, now_ms);
	return store_step_done(st, s, "recording a feed entry");
}

int store_feed_item_sub(struct store *st, struct arena *a, const char *user_id, const char *item_id,
                        struct store_sub *out)
{
	struct db_stmt *s = st->stmt[STMT_FEED_ITEM_SUB];
	store_bind_text(s, 1, item_id);
	store_bind_text(s, 2, user_id);
	return store_get_row(st, a, s, &sub_row, out, "reading an item's subscription");
}

int store_sub_resolved(struct store *st, const char *id, const struct store_sub *feed)
{
	struct db_stmt *s = st->stmt[STMT_SUB_RESOLVED];
	store_bind_text(s, 1, id);
	store_bind_texts(s, 2, (const char *const[]){ feed->url, feed->name, feed->description, feed->icon,
	                                              feed->site_url }, 5);
	db_bind_int64(s, 7, time_now_ms());
	int rc = store_step_done(st, s, "recording a subscription's feed");
	if (rc == STORE_E_EXISTS)
		snprintf(st->errmsg, sizeof st->errmsg, "you are already subscribed to this feed");
	return rc;
}

int store_feed_polls_since(struct store *st, int64_t since_ms, int64_t *n)
{
	struct db_stmt *s = st->stmt[STMT_FEED_POLLS_SINCE];
	db_bind_int64(s, 1, since_ms);
	return store_get_ints(st, s, n, 1, "counting the feeds polled");
}

int store_feed_waiting(struct store *st, const char *user_id, int64_t *n)
{
	struct db_stmt *s = st->stmt[STMT_FEED_WAITING];
	store_bind_text(s, 1, user_id);
	return store_get_ints(st, s, n, 1, "counting feed work waiting");
}

static const struct store_col scan_cols[] = STORE_ROW_DESC(STORE_SCAN_ROW, struct store_scan);
static const struct store_row scan_row = { scan_cols, sizeof scan_cols / sizeof scan_cols[0],
                                           sizeof(struct store_scan), "a feed scan" };

int store_scan_get(struct store *st, struct arena *a, const char *user_id, const char *url, struct store_scan *out)
{
	return store_get_row(st, a, by_id(st, STMT_SCAN_GET, user_id, url), &scan_row, out, "reading a feed scan");
}

int store_scan_queue(struct store *st, const char *user_id, const char *url, int64_t now_ms)
{
	struct db_stmt *s = by_id(st, STMT_SCAN_QUEUE, user_id, url);
	db_bind_int64(s, 3, now_ms);
	int rc = store_step_done(st, s, "queueing a feed scan");
	return rc != STORE_OK ? rc : store_job_queue_ref(st, user_id, "scan", url, STORE_PRIORITY_INTERACTIVE, now_ms);
}

int store_scan_done(struct store *st, const struct store_scan *p, int64_t now_ms)
{
	struct db_stmt *s = by_id(st, STMT_SCAN_DONE, p->user_id, p->url);
	store_bind_texts(s, 3, (const char *const[]){ p->status, p->found, p->message }, 3);
	db_bind_int64(s, 6, now_ms);
	return store_step_done(st, s, "recording a feed scan");
}

int store_scan_purge(struct store *st, int64_t before_ms)
{
	return store_run(st, STMT_SCAN_PURGE, before_ms, "forgetting old feed scans");
}
