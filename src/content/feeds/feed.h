/* feed.h: feeds read into one plain shape (RSS 0.9x/1.0/2.0 and Atom through libxml2, JSON Feed through json-c), feed links found on a page, and OPML lists read and written. */
#ifndef LARDER_CONTENT_FEED_H
#define LARDER_CONTENT_FEED_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "content/reader.h"

struct arena;

enum content_feed_kind { CONTENT_FEED_RSS, CONTENT_FEED_ATOM, CONTENT_FEED_JSON };

/* one entry; every string is UTF-8 in the arena, NULL when the feed does not give it */
struct content_feed_entry {
	const char *id;          /* guid, atom:id or JSON Feed id; else the entry's URL; else "sha256:" and a hash
	                            of its title, summary, content and date */
	const char *url;         /* absolute (resolved against the feed's URL); NULL when the entry has no link */
	const char *title;
	const char *author;
	const char *summary;     /* plain text or HTML as the feed gave it */
	const char *content;     /* the full article as HTML (content:encoded, Atom content, content_html),
	                            NULL when the feed only links to it */
	const char *image;
	int64_t published_ms;    /* 0 when absent or unreadable */
};

struct content_feed {
	enum content_feed_kind kind;
	const char *title, *site_url, *description, *icon;
	struct content_feed_entry *entries;   /* in the feed's order, at most LIMIT_FEED_ENTRIES (the newest) */
	size_t n_entries;
};

/* Reads body (len bytes, any encoding its XML declaration names; JSON in UTF-8) fetched from
 * feed_url (relative links are resolved against it), under lim (NULL: util/limits.h's). The format is
 * told by the content, not the Content-Type. XML is parsed without network access, without loading DTDs
 * and without expanding entities; a document declaring entities is refused; HTML's named references
 * (&nbsp;) read as their characters, a bare '&' as itself, white space before the document is skipped.
 * Of a feed holding more than LIMIT_FEED_ENTRIES entries the newest are read (undated ones last). An entry
 * without an id gets its URL as id, else a hash of its title, text and date ("sha256:..."): an entry
 * without a link keeps url NULL. Returns 0, or -1 with e (reader.h); e->code CONTENT_E_LIMIT when the body
 * is XML refused for passing a bound (LIMIT_XML_*, named in e->msg): no page to look for feed links in
 * either. */
int content_feed_read(struct arena *a, const char *body, size_t len, const char *feed_url, const struct content_limits *lim,
                      struct content_feed *out, struct content_error *e);
/* the same for a body served with content_type (the HTTP Content-Type, NULL: none): an XML document that
 * declares no encoding is read in the charset it names */
int content_feed_read_typed(struct arena *a, const char *body, size_t len, const char *content_type, const char *feed_url,
                            const struct content_limits *lim, struct content_feed *out, struct content_error *e);

/* The kind's name as Omnivore's schema spells a feed type ("RSS", "ATOM", "JSON") */
const char *content_feed_kind_name(enum content_feed_kind k);

/* a feed a page links to with <link rel=alternate type=application/rss+xml|atom+xml|feed+json>, or an
 * OPML outline's feed */
struct content_feed_link { const char *url, *title; enum content_feed_kind kind; };

/* The feed links of the HTML page at page_url (absolute, deduplicated, at most LIMIT_FEED_DISCOVER),
 * through the HTML parser (lim: NULL; the parser keeps LIMIT_HTML_*). Returns how many were put in *out
 * (arena), -1 with e (CONTENT_E_NOMEM) when the page could not be parsed. */
long content_feed_discover(struct arena *a, const char *html, size_t len, const char *page_url,
                           const struct content_limits *lim, struct content_feed_link **out, struct content_error *e);

/* An RFC 822 / RFC 1123 date as RSS writes it ("Tue, 10 Jun 2003 04:00:00 GMT", "+0200", "EST",
 * seconds and weekday optional; day and month names in English, Italian, German, French, Spanish,
 * Portuguese, Dutch, the Scandinavian languages, Polish, Turkish or Russian: "mer, 12 mar 2025",
 * "Mi, 05 Mär 2025", "lun., 17 févr. 2025") or an ISO 8601 one; 0 ok, -1 unreadable. */
int content_feed_date(const char *s, int64_t *ms);

/* the feeds (<outline xmlUrl=...>, any depth, at most LIMIT_OPML_OUTLINES) of an OPML text, read like a feed
 * (no network, no entities) under lim (NULL: the defaults); how many, or -1 with e when it is not OPML */
long content_opml_read(struct arena *a, const char *body, size_t len, const struct content_limits *lim,
                       struct content_feed_link **out, struct content_error *e);

/* one feed of an OPML list to write */
struct content_opml_outline { const char *name, *url, *site_url, *description; };
/* an OPML 2.0 document titled title with one <outline type="rss"> per feed, on out; 0, or -1 on a write failure */
int content_opml_write(FILE *out, const char *title, const struct content_opml_outline *v, size_t n);
#endif
