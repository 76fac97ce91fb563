/* feeds.h: feed subscriptions: subscribing (a feed found through content/feeds/feed.h's readers and discovery), polling in the worker, OPML import and export. */
#ifndef LARDER_SVC_FEEDS_H
#define LARDER_SVC_FEEDS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "content/feeds/feed.h"

struct arena;
struct sb;

/* ---- feeds_poll.c: polling subscriptions (larder worker) ---- */
struct store;
struct store_sub;
struct larder_config;

/* what one poll did */
struct svc_feed_poll {
	bool not_modified;     /* the server answered 304 to our validators */
	bool failed;           /* fetch or parse failed: message says why, the feed waits longer */
	const char *message;
	long new_items;        /* entries that became items */
	long seen;             /* entries already had (by entry id or URL) */
	int64_t next_poll_ms;  /* when the feed is due again */
};
/* Fetches sub's feed through content_fetch (the SSRF rules apply; ETag and Last-Modified sent back), turns
 * each entry the user has not had (by entry id, then URL) into an item in the subscription's folder: a
 * full-content entry's HTML through svc_ingest_kept, else a fetch job; then records the poll (next poll after
 * feed_poll_interval, or a backoff growing with the failures). 0, or -1 when the store failed (err). */
int svc_feed_poll(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_sub *sub,
                  struct svc_feed_poll *out, char *err, size_t errlen);
/* whether the server's workers together fetched fewer than feed_polls_per_minute feeds in the last minute: the
 * claim takes regular polls only then (a subscription's first read, interactive, is not held back) */
bool svc_feed_polls_allowed(struct store *st, const struct larder_config *cfg);
/* a claimed poll job (svc_worker_step): its subscription polled (svc_feed_poll) and the job back in the queue
 * until the next poll, or ended with the subscription: 1, or -1 on a store failure */
struct store_work;
int svc_feed_poll_job(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_work *w,
                      char *err, size_t errlen);

/* ---- feeds_sub.c: subscribing (subscribe, OPML import); feeds_read.c: the runner's reading ---- */
enum svc_sub_status { SVC_SUB_OK, SVC_SUB_REFUSED, SVC_SUB_EXISTS, SVC_SUB_FAILED,
                      SVC_SUB_LIMIT /* the user follows subscriptions_per_user feeds already */ };
/* url normalised and allowed (svc_url_refusal); NULL with *msg otherwise */
const char *svc_feed_url_checked(const struct larder_config *cfg, struct arena *a, const char *url, const char **msg);
/* what a URL holds: the feed itself (one link) or the feeds its page announces (discovery). Fetched through
 * content_fetch, so only in the fetch runner or `larder worker` (a web child's fetcher refuses). Returns how
 * many links (0: none), or -1 with *msg when the URL is refused or unreachable */
long svc_feed_scan(const struct larder_config *cfg, struct arena *a, const char *url, struct content_feed_link **out,
                   struct content_feed *feed, const char **msg);
/* subscribes user_id to url at once, without fetching: the subscription is pending (named url unless name is
 * given; folder NULL: "following") and its first poll, due at once, is the runner's: it reads url as a feed, or
 * as a page whose first announced feed the subscription then follows, named after the feed; or records why
 * not (failedAt). *msg says why on REFUSED (bad URL, LIMIT_FEED_WAITING reads of the user waiting), EXISTS
 * (already followed), LIMIT (subscriptions_per_user) and FAILED (the store). */
enum svc_sub_status svc_feed_subscribe(struct store *st, const struct larder_config *cfg, struct arena *a,
                                       const char *user_id, const char *url, const char *name, const char *folder,
                                       bool fetch_content, struct store_sub *out, const char **msg);
/* subscribes without fetching (OPML import): url must be a feed's address */
enum svc_sub_status svc_feed_subscribe_known(struct store *st, const struct larder_config *cfg, struct arena *a,
                                             const char *user_id, const char *url, const char *name,
                                             struct store_sub *out, const char **msg);
/* the user's subscription id no longer followed (kept, status UNSUBSCRIBED); NOTFOUND when not the user's */
int svc_feed_unsubscribe(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_sub *out);
/* updateSubscription: the non-NULL texts of p (name, description, folder) and fetch_content when >= 0 changed,
 * then, when unsubscribe, the subscription ended (svc_feed_unsubscribe); the store's codes */
int svc_feed_update(struct store *st, struct arena *a, const char *user_id, const char *id, const struct store_sub *p,
                    bool unsubscribe, struct store_sub *out);

/* ---- feeds_scan.c: scanFeeds of a URL, answered from what a runner found ---- */
/* a feed scanFeeds found: every field NULL when unknown */
struct svc_found_feed { const char *url, *type, *title, *description, *icon; };
enum { SVC_SCAN_PENDING = -1, SVC_SCAN_REFUSED = -2, SVC_SCAN_FAILED = -3 };
/* scanFeeds(url) without the network: the feeds a scan of url for user_id found in the last
 * LIMIT_FEED_SCAN_KEEP_MS (how many, in *out), or SVC_SCAN_PENDING when one is waiting for the runner or was
 * queued now (a client asking again finds its result), SVC_SCAN_REFUSED with *msg (a bad URL, a scan that
 * failed, LIMIT_FEED_WAITING reads of the user waiting), SVC_SCAN_FAILED when the store failed */
long svc_feed_scan_request(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                           const char *url, struct svc_found_feed **out, const char **msg);
/* a claimed scan job (svc_worker_step): forgets old scans, reads the job's URL (svc_feed_scan), keeps what it
 * found and ends the job: 1, or -1 on a store failure (err) */
int svc_feed_scan_job(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_work *w,
                      char *err, size_t errlen);

/* ---- import_opml.c: subscriptions read from and written as OPML ---- */
struct svc_opml_report { size_t added, existing, failed; };
/* every <outline xmlUrl=...> of the OPML file at path (any depth) subscribed for user_id, without fetching;
 * a refused URL counts as failed and is named in lines (when not NULL: "URL: why\n" each). 0, or -1 with
 * *err when the file cannot be read or is not OPML (nothing subscribed), -2 when the store failed. */
int svc_import_opml(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                    const char *path, struct svc_opml_report *r, struct sb *lines, const char **err);
/* the user's active subscriptions as an OPML 2.0 document on out; 0, or -1 (store or write failure) */
int svc_export_opml(struct store *st, struct arena *a, const char *user_id, FILE *out);
#endif
