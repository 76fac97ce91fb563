/* feeds.c: feed subscriptions (created, listed, changed, unsubscribed, due, polled) and the entries each user has had from them. */
#include "store/store_int.h"

#include <string.h>

#include "store/feeds.h"
#include "util/crypto.h"
#include "util/time.h"

#define STORE_SCAN_ROW(F, X, p) \
	F(p, TEXT, user_id, user_id) X(p, TEXT, url, url) X(p, TEXT, status, status) X(p, TEXT, found, found) \
	X(p, TEXT, message, message) X(p, I64, updated_at, updated_ms)
#define STORE_SCAN_COLS STORE_COLS(STORE_SCAN_ROW, "")

/* the statements of feeds.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_SUB_CREATE,
	STMT_SUB_GET,
	STMT_SUB_LIST,
	STMT_SUB_UNSUBSCRIBE,
	STMT_SUB_UPDATE,
	STMT_SUB_POLLED,
	STMT_FEED_ENTRY_SEEN,
	STMT_FEED_ENTRY_ADD,
	STMT_FEED_ITEM_SUB,
	STMT_SUB_COUNT,
	STMT_SUB_ADDRESS,
	STMT_SUB_ITEMS,
	STMT_SUB_RESOLVED,
	STMT_FEED_POLLS_SINCE,
	STMT_FEED_WAITING,
	STMT_SCAN_GET,
	STMT_SCAN_QUEUE,
	STMT_SCAN_DONE,
	STMT_SCAN_PURGE,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_SUB_CREATE,
		"INSERT INTO subscriptions (id, user_id, url, name, description, icon, site_url, folder, fetch_content,"
		" created_at, updated_at, pending) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, coalesce(?8, 'following'), ?9, ?10, ?10,"
		" ?11)"
		" ON CONFLICT (user_id, url) DO UPDATE SET status = 'ACTIVE', next_poll_at = 0, failures = 0,"
		" updated_at = ?10 WHERE subscriptions.status <> 'ACTIVE' RETURNING " STORE_SUB_COLS("")),
	STORE_SQL(STMT_SUB_GET, "SELECT " STORE_SUB_COLS("") " FROM subscriptions WHERE user_id = ?1 AND id = ?2"),
	STORE_SQL(STMT_SUB_LIST,
		"SELECT " STORE_SUB_COLS("") " FROM subscriptions WHERE user_id = ?1 AND type = 'RSS'"
		" ORDER BY status <> 'ACTIVE', name COLLATE NOCASE, id"),
	STORE_SQL(STMT_SUB_UNSUBSCRIBE,
		"UPDATE subscriptions SET status = 'UNSUBSCRIBED', updated_at = ?3 WHERE user_id = ?1 AND id = ?2"
		" RETURNING " STORE_SUB_COLS("")),
	STORE_SQL(STMT_SUB_UPDATE,
		"UPDATE subscriptions SET name = coalesce(?3, name), description = coalesce(?4, description),"
		" folder = coalesce(?5, folder), fetch_content = coalesce(?6, fetch_content), updated_at = ?7"
		" WHERE user_id = ?1 AND id = ?2 RETURNING " STORE_SUB_COLS("")),
	STORE_SQL(STMT_SUB_POLLED,
		"UPDATE subscriptions SET etag = ?2, last_modified = ?3, last_error = ?4, failures = ?5,"
		" next_poll_at = ?6, last_fetched_at = ?7, refreshed_at = coalesce(?8, refreshed_at),"
		" most_recent_item = max(coalesce(most_recent_item, 0), coalesce(?9, 0)) WHERE id = ?1",
		/* SQLite's scalar max(): greatest() */
		"UPDATE subscriptions SET etag = ?2, last_modified = ?3, last_error = ?4, failures = ?5,"
		" next_poll_at = ?6, last_fetched_at = ?7, refreshed_at = coalesce(?8, refreshed_at),"
		" most_recent_item = greatest(coalesce(most_recent_item, 0), coalesce(?9::bigint, 0)) WHERE id = ?1"),
	STORE_SQL(STMT_FEED_ENTRY_SEEN, "SELECT 1 FROM feed_entries WHERE user_id = ?1 AND entry_id = ?2"),
	STORE_SQL(STMT_FEED_ENTRY_ADD,
		"INSERT OR IGNORE INTO feed_entries (user_id, entry_id, subscription_id, item_id, seen_at)"
		" VALUES (?1, ?2, ?3, ?4, ?5)",
		/* PostgreSQL: INSERT OR IGNORE: ON CONFLICT DO NOTHING */
		"INSERT INTO feed_entries (user_id, entry_id, subscription_id, item_id, seen_at)"
		" VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING"),
	STORE_SQL(STMT_FEED_ITEM_SUB,
		"SELECT " STORE_SUB_COLS("s.") " FROM feed_entries e JOIN subscriptions s ON s.id = e.subscription_id"
		" WHERE e.user_id = ?2 AND e.item_id = ?1 LIMIT 1"),
	STORE_SQL(STMT_SUB_COUNT, "SELECT count(*) FROM subscriptions WHERE user_id = ?1 AND status = 'ACTIVE' AND type = 'RSS'"),
	STORE_SQL(STMT_SUB_ADDRESS, "SELECT address FROM newsletter_emails WHERE user_id = ?1 AND id = ?2"),
	STORE_SQL(STMT_SUB_ITEMS,
		"SELECT count(*) FROM feed_entries WHERE user_id = ?1 AND subscription_id = ?2 AND item_id IS NOT NULL"),
	/* feed discovery out of the web processes (016): a pending subscription's first read, and scans */
	STORE_SQL(STMT_SUB_RESOLVED,
		"UPDATE subscriptions SET url = ?2, name = CASE WHEN name = url THEN coalesce(?3, ?2) ELSE name END,"
		" description = coalesce(description, ?4), icon = coalesce(icon, ?5), site_url = coalesce(site_url, ?6),"
		" pending = 0, updated_at = ?7 WHERE id = ?1"),
	STORE_SQL(STMT_FEED_POLLS_SINCE, "SELECT count(*) FROM subscriptions WHERE last_fetched_at > ?1 AND type = 'RSS'"),
	STORE_SQL(STMT_FEED_WAITING,
		"SELECT (SELECT count(*) FROM subscriptions WHERE user_id = ?1 AND pending = 1 AND status = 'ACTIVE')"
		" + (SELECT count(*) FROM feed_scans WHERE user_id = ?1 AND status IN ('queued', 'running'))"),
	STORE_SQL(STMT_SCAN_GET,
		"SELECT " STORE_SCAN_COLS " FROM feed_scans WHERE user_id = ?1 AND url = ?2"),
	STORE_SQL(STMT_SCAN_QUEUE,
		"INSERT INTO feed_scans (user_id, url, status, created_at, updated_at) VALUES (?1, ?2, 'queued', ?3, ?3)"
		" ON CONFLICT (user_id, url) DO UPDATE SET status = 'queued', found = NULL, message = NULL,"
		" locked_until = NULL, created_at = ?3, updated_at = ?3 WHERE feed_scans.status IN ('done', 'failed')"),
	STORE_SQL(STMT_SCAN_DONE,
		"UPDATE feed_scans SET status = ?3, found = ?4, message = ?5, locked_until = NULL, updated_at = ?6"
		" WHERE user_id = ?1 AND url = ?2"),
	STORE_SQL(STMT_SCAN_PURGE, "DELETE FROM feed_scans WHERE status IN ('done', 'failed') AND updated_at < ?1"),
};
STORE_STATEMENTS(feeds, statements)

static const struct store_col sub_cols[] = STORE_ROW_DESC(STORE_SUB_ROW, struct store_sub);
static const struct store_row sub_row = { sub_cols, sizeof sub_cols / sizeof sub_cols[0], sizeof(struct store_sub),
                                          "a subscription" };

int store_sub_create(struct store *st, struct arena *a, const char *user_id, const struct store_sub *in,
                     struct store_sub *out)
{
	struct db_stmt *s = stmt(st, STMT_SUB_CREATE);
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
	struct db_stmt *s = stmt(st, which);
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
	struct db_stmt *s = stmt(st, STMT_SUB_COUNT);
	store_bind_text(s, 1, user_id);
	return store_get_ints(st, s, n, 1, "counting subscriptions");
}

int store_sub_list(struct store *st, struct arena *a, const char *user_id, struct store_sub **out, size_t *n)
{
	struct db_stmt *s = stmt(st, STMT_SUB_LIST);
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
	struct db_stmt *s = stmt(st, STMT_SUB_POLLED);
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
	struct db_stmt *s = stmt(st, STMT_FEED_ITEM_SUB);
	store_bind_text(s, 1, item_id);
	store_bind_text(s, 2, user_id);
	return store_get_row(st, a, s, &sub_row, out, "reading an item's subscription");
}

int store_sub_resolved(struct store *st, const char *id, const struct store_sub *feed)
{
	struct db_stmt *s = stmt(st, STMT_SUB_RESOLVED);
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
	struct db_stmt *s = stmt(st, STMT_FEED_POLLS_SINCE);
	db_bind_int64(s, 1, since_ms);
	return store_get_ints(st, s, n, 1, "counting the feeds polled");
}

int store_feed_waiting(struct store *st, const char *user_id, int64_t *n)
{
	struct db_stmt *s = stmt(st, STMT_FEED_WAITING);
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
	return store_run(st, stmt(st, STMT_SCAN_PURGE), before_ms, "forgetting old feed scans");
}
