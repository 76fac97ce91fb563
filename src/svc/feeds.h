/* feeds.h: feeds read into one shape (RSS 0.9x/1.0/2.0 and Atom through libxml2, JSON Feed through json-c) and feed links found on a page. */
#ifndef LARDER_SVC_FEEDS_H
#define LARDER_SVC_FEEDS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct arena;
struct sb;

enum svc_feed_kind { SVC_FEED_RSS, SVC_FEED_ATOM, SVC_FEED_JSON };

/* one entry; every string is UTF-8 in the arena, NULL when the feed does not give it */
struct svc_feed_entry {
	const char *id;          /* guid, atom:id or JSON Feed id; else the entry's URL */
	const char *url;         /* absolute (resolved against the feed's URL) */
	const char *title;
	const char *author;
	const char *summary;     /* plain text or HTML as the feed gave it */
	const char *content;     /* the full article as HTML (content:encoded, Atom content, content_html),
	                            NULL when the feed only links to it */
	const char *image;
	int64_t published_ms;    /* 0 when absent or unreadable */
};

struct svc_feed {
	enum svc_feed_kind kind;
	const char *title, *site_url, *description, *icon;
	struct svc_feed_entry *entries;   /* in the feed's order, at most LIMIT_FEED_ENTRIES */
	size_t n_entries;
};

/* Reads body (len bytes, any encoding its XML declaration names; JSON in UTF-8) fetched from
 * feed_url (relative links are resolved against it). The format is told by the content, not the
 * Content-Type. XML is parsed without network access, without loading DTDs and without expanding
 * entities; a document declaring entities is refused. Returns 0, or -1 with a message in err. */
int svc_feed_parse(struct arena *a, const char *body, size_t len, const char *feed_url, struct svc_feed *out,
                   char *err, size_t errlen);

/* The kind's name as Omnivore's schema spells a feed type ("RSS", "ATOM", "JSON") */
const char *svc_feed_kind_name(enum svc_feed_kind k);

/* a feed a page links to with <link rel=alternate type=application/rss+xml|atom+xml|feed+json> */
struct svc_feed_link { const char *url, *title; enum svc_feed_kind kind; };

/* The feed links of the HTML page at page_url (absolute, deduplicated, at most LIMIT_FEED_DISCOVER),
 * through the content layer's HTML parser. Returns how many were put in *out (arena), -1 when the
 * page could not be parsed. */
long svc_feed_discover(struct arena *a, const char *html, size_t len, const char *page_url,
                       struct svc_feed_link **out);

/* An RFC 822 / RFC 1123 date as RSS writes it ("Tue, 10 Jun 2003 04:00:00 GMT", "+0200", "EST",
 * seconds and weekday optional) or an ISO 8601 one; 0 ok, -1 unreadable. */
int svc_feed_date(const char *s, int64_t *ms);

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
};
/* Fetches sub's feed through content_fetch (the SSRF rules apply; ETag and Last-Modified sent back), turns
 * each entry the user has not had (by entry id, then URL) into an item in the subscription's folder: a
 * full-content entry's HTML through svc_ingest_kept, else a fetch job; then records the poll (next poll after
 * feed_poll_interval, or a backoff growing with the failures). 0, or -1 when the store failed (err). */
int svc_feed_poll(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_sub *sub,
                  struct svc_feed_poll *out, char *err, size_t errlen);
/* polls the longest-waiting due subscription unless this process reached feed_polls_per_minute: 1 when one
 * was polled, 0 when none (due, or allowed now), -1 on a store failure (err) */
int svc_feed_step(struct store *st, const struct larder_config *cfg, struct arena *a, char *err, size_t errlen);

/* ---- feeds_sub.c: subscribing (subscribe, scanFeeds, OPML import) ---- */
enum svc_sub_status { SVC_SUB_OK, SVC_SUB_REFUSED, SVC_SUB_EXISTS, SVC_SUB_FAILED,
                      SVC_SUB_LIMIT /* the user follows subscriptions_per_user feeds already */ };
/* what a URL holds: the feed itself (one link) or the feeds its page announces (discovery). Fetched through
 * content_fetch. Returns how many links (0: none), or -1 with *msg when the URL is refused or unreachable */
long svc_feed_scan(const struct larder_config *cfg, struct arena *a, const char *url, struct svc_feed_link **out,
                   struct svc_feed *feed, const char **msg);
/* subscribes user_id to the feed at url (or the first feed its page announces), named after the feed unless
 * name is given; folder NULL: "following". The first poll is due at once. *msg says why on REFUSED (bad URL,
 * no feed there), EXISTS (already followed), LIMIT (subscriptions_per_user) and FAILED (the store). */
enum svc_sub_status svc_feed_subscribe(struct store *st, const struct larder_config *cfg, struct arena *a,
                                       const char *user_id, const char *url, const char *name, const char *folder,
                                       bool fetch_content, struct store_sub *out, const char **msg);
/* subscribes without fetching (OPML import): url must be a feed's address */
enum svc_sub_status svc_feed_subscribe_known(struct store *st, const struct larder_config *cfg, struct arena *a,
                                             const char *user_id, const char *url, const char *name,
                                             struct store_sub *out, const char **msg);

/* ---- import_opml.c: subscriptions read from and written as OPML ---- */
struct svc_opml_report { size_t added, existing, failed; };
/* every <outline xmlUrl=...> of the OPML file at path (any depth) subscribed for user_id, without fetching;
 * a refused URL counts as failed and is named in lines (when not NULL: "URL: why\n" each). 0, or -1 with
 * *err when the file cannot be read or is not OPML (nothing subscribed), -2 when the store failed. */
int svc_import_opml(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                    const char *path, struct svc_opml_report *r, struct sb *lines, const char **err);
/* the feeds (<outline xmlUrl=...>, any depth, at most LIMIT_OPML_OUTLINES) of an OPML text, read like a feed
 * (no network, no entities); how many, or -1 with *err when it is not OPML */
long svc_opml_read(struct arena *a, const char *body, size_t len, struct svc_feed_link **out, const char **err);
/* the user's active subscriptions as an OPML 2.0 document on out; 0, or -1 (store or write failure) */
int svc_export_opml(struct store *st, struct arena *a, const char *user_id, FILE *out);
#endif
