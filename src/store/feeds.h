/* feeds.h: the store's feed subscriptions (created, listed, changed, unsubscribed, polled) and the feed entries each user has had. */
#ifndef LARDER_STORE_FEEDS_H
#define LARDER_STORE_FEEDS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct arena;
struct store;

/* one subscription; texts NULL when unset, times 0 when never */
struct store_sub {
	const char *id, *user_id, *url, *name, *description, *icon, *site_url;
	const char *status;          /* "ACTIVE" or "UNSUBSCRIBED" */
	const char *folder;          /* "following" or "inbox" */
	const char *etag, *last_modified, *last_error;
	int64_t failures, fetch_content;
	int64_t next_poll_ms, last_fetched_ms, refreshed_ms, most_recent_ms, created_ms, updated_ms;
	const char *type;            /* "RSS", or "NEWSLETTER" (store/newsletter.c's, url mailto:SENDER, never polled) */
	/* a newsletter's: the address it arrives at (its id) and the unsubscribe links of its List-Unsubscribe */
	const char *newsletter_email_id, *unsubscribe_mail_to, *unsubscribe_http_url;
	int64_t pending;             /* 1: url is the address as given, not read yet (a feed, or a page announcing one) */
};

/* one scan of a URL for feeds (scanFeeds), done by the fetch runner or `larder worker` */
struct store_scan {
	const char *user_id, *url;
	const char *status;          /* "queued", "running", "done", "failed" */
	const char *found;           /* done: the feeds, one a line, fields tab-separated (svc/feeds_sub.c's format) */
	const char *message;         /* failed: why */
	int64_t updated_ms;
};

/* subscribes user_id to in->url (name, description, icon, site_url, folder, fetch_content, pending from in; folder
 * NULL: "following"); an UNSUBSCRIBED subscription to the same URL comes back ACTIVE, due at once.
 * EXISTS when the user already follows that URL */
int store_sub_create(struct store *st, struct arena *a, const char *user_id, const struct store_sub *in,
                     struct store_sub *out);
/* the first read of a pending subscription: its url becomes the feed's (a page's announced feed), a name that
 * was the URL becomes name (when not NULL), unset description, icon, site_url are taken; pending cleared.
 * EXISTS when the user follows that feed already (nothing changed) */
int store_sub_resolved(struct store *st, const char *id, const struct store_sub *feed);
/* how many feeds (of every user) were fetched after since_ms */
int store_feed_polls_since(struct store *st, int64_t since_ms, int64_t *n);
/* the user's feed work waiting for the runner: pending subscriptions and scans queued or running */
int store_feed_waiting(struct store *st, const char *user_id, int64_t *n);
/* the user's scan of url (NOTFOUND: none kept) */
int store_scan_get(struct store *st, struct arena *a, const char *user_id, const char *url, struct store_scan *out);
/* queues a scan of url for the user (and its job); a finished one (done or failed) is queued afresh, a waiting one is left */
int store_scan_queue(struct store *st, const char *user_id, const char *url, int64_t now_ms);
/* records a scan's end: status "done" with found, or "failed" with message */
int store_scan_done(struct store *st, const struct store_scan *s, int64_t now_ms);
/* forgets finished scans last changed before before_ms */
int store_scan_purge(struct store *st, int64_t before_ms);
/* how many ACTIVE subscriptions the user has */
int store_sub_count(struct store *st, const char *user_id, int64_t *n);
/* the user's subscription id (NOTFOUND: none) */
int store_sub_get(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_sub *out);
/* all the user's subscriptions, the active ones first, then by name */
int store_sub_list(struct store *st, struct arena *a, const char *user_id, struct store_sub **out, size_t *n);
/* marks it UNSUBSCRIBED (it is not polled any more; its items stay); NOTFOUND when not the user's */
int store_sub_unsubscribe(struct store *st, struct arena *a, const char *user_id, const char *id,
                          struct store_sub *out);
/* changes the non-NULL texts of p (name, description, folder) and fetch_content when >= 0 */
int store_sub_update(struct store *st, struct arena *a, const char *user_id, const char *id,
                     const struct store_sub *p, struct store_sub *out);
/* records a poll: etag, last_modified, last_error (NULL clears), failures, next_poll_ms, last_fetched_ms from s;
 * refreshed_ms and most_recent_ms when non-zero */
int store_sub_polled(struct store *st, const struct store_sub *s);
/* whether user_id has had the entry (by its id) already */
bool store_feed_entry_seen(struct store *st, const char *user_id, const char *entry_id);
/* records that the entry became item_id (NULL: skipped); an entry seen before is left alone */
int store_feed_entry_add(struct store *st, const char *user_id, const char *entry_id, const char *sub_id,
                         const char *item_id, int64_t now_ms);
/* the address a newsletter subscription arrives at (*address NULL for a feed, or when the address was deleted) */
int store_sub_address(struct store *st, struct arena *a, const struct store_sub *s, const char **address);
/* how many items the subscription brought */
int store_sub_items(struct store *st, const struct store_sub *s, int64_t *items);
/* the subscription the user's item came from (NOTFOUND: none) */
int store_feed_item_sub(struct store *st, struct arena *a, const char *user_id, const char *item_id,
                        struct store_sub *out);
#endif
