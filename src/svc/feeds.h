/* feeds.h: feeds read into one shape (RSS 0.9x/1.0/2.0 and Atom through libxml2, JSON Feed through json-c) and feed links found on a page. */
#ifndef LARDER_SVC_FEEDS_H
#define LARDER_SVC_FEEDS_H
#include <stddef.h>
#include <stdint.h>

struct arena;

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
#endif
