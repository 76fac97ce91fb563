/* feed_xml.c: RSS (0.9x, 1.0, 2.0) and Atom feeds read with libxml2 into struct content_feed, through content_xml_read (no network, no DTD loading, no entity expansion); JSON Feed is in feed_json.c. */
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/feeds/feed.h"
#include "content/feeds/feed_int.h"
#include "content/feeds/xml.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/text.h"
#include "util/utf8.h"

#define NS_CONTENT "http://purl.org/rss/1.0/modules/content/"
#define NS_DC      "http://purl.org/dc/elements/1.1/"
#define NS_ATOM    "http://www.w3.org/2005/Atom"
#define NS_ATOM03  "http://purl.org/atom/ns#"
#define NS_MEDIA   "http://search.yahoo.com/mrss/"
#define NS_RSS10   "http://purl.org/rss/1.0/"
#define NS_RSS090  "http://my.netscape.com/rdf/simple/0.9/"
#define NS_RSS090C "http://channel.netscape.com/rdf/simple/0.9/"
#define NS_RSS2UL  "http://backend.userland.com/rss2"
/* in named(): RSS's own elements (no namespace, or RSS 1.0's, 0.90's two or Userland's RSS 2.0 one) */
#define NS_RSS     NULL

static bool href_is(const xmlNode *n, const char *ns)
{
	return n->ns && n->ns->href && strcmp((const char *)n->ns->href, ns) == 0;
}

static bool named(const xmlNode *n, const char *ns, const char *name)
{
	if (n == NULL || n->type != XML_ELEMENT_NODE || strcmp((const char *)n->name, name) != 0)
		return false;
	if (ns == NS_RSS)
		return n->ns == NULL || href_is(n, NS_RSS10) || href_is(n, NS_RSS090) || href_is(n, NS_RSS090C) ||
		       href_is(n, NS_RSS2UL);
	if (strcmp(ns, NS_ATOM) == 0) /* Atom 1.0, 0.3, or Atom's names without a namespace (a generator forgot it) */
		return n->ns == NULL || href_is(n, NS_ATOM) || href_is(n, NS_ATOM03);
	return href_is(n, ns);
}

static const xmlNode *child(const xmlNode *n, const char *ns, const char *name)
{
	for (const xmlNode *c = n ? n->children : NULL; c; c = c->next)
		if (named(c, ns, name))
			return c;
	return NULL;
}

static const char *attr(struct arena *a, const xmlNode *n, const char *name)
{
	for (const xmlAttr *at = n ? n->properties : NULL; at; at = at->next)
		if (at->ns == NULL && strcmp((const char *)at->name, name) == 0 && at->children &&
		    at->children->type == XML_TEXT_NODE)
			return arena_strdup(a, (const char *)at->children->content);
	return NULL;
}

/* the element's own text: its text and CDATA children joined (an entity reference is never followed,
 * so nothing expands), trimmed, at most LIMIT_FEED_FIELD bytes; NULL when empty */
static const char *text_of(struct arena *a, const xmlNode *n)
{
	size_t len = 0;
	if (n == NULL)
		return NULL;
	for (const xmlNode *c = n->children; c; c = c->next)
		if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && c->content)
			len += strlen((const char *)c->content);
	char *s = arena_alloc(a, len + 1), *p = s;
	for (const xmlNode *c = n->children; c; c = c->next)
		if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && c->content) {
			size_t k = strlen((const char *)c->content);
			memcpy(p, c->content, k);
			p += k;
		}
	*p = '\0';
	return feed_trim(a, s, LIMIT_FEED_FIELD);
}

/* Atom's type="xhtml" content: the markup inside its <div>, written back out as text */
static const char *xhtml_of(struct arena *a, xmlDoc *doc, const xmlNode *n)
{
	const xmlNode *div = n->children;
	while (div && div->type != XML_ELEMENT_NODE)
		div = div->next;
	xmlBuffer *buf = xmlBufferCreate();
	if (buf == NULL)
		return NULL;
	for (xmlNode *c = div ? div->children : NULL; c; c = c->next)
		xmlNodeDump(buf, doc, c, 0, 0);
	const char *s = feed_trim(a, (const char *)xmlBufferContent(buf), LIMIT_FEED_FIELD);
	xmlBufferFree(buf);
	return s;
}

/* an Atom text construct (title, summary, content) as HTML; plain text is escaped */
static const char *atom_html(struct arena *a, xmlDoc *doc, const xmlNode *n)
{
	if (n == NULL)
		return NULL;
	const char *type = attr(a, n, "type");
	if (type && strcmp(type, "xhtml") == 0)
		return xhtml_of(a, doc, n);
	const char *s = text_of(a, n);
	if (s && (type == NULL || strcmp(type, "text") == 0))
		return text_html_escaped(a, s);
	return s;
}

/* text with its markup dropped and the references HTML text most often holds read (&amp; &lt; &gt; &quot;
 * &#39; &apos; and numeric ones): an Atom title of type="html" as plain text */
static const char *markup_dropped(struct arena *a, const char *s)
{
	static const struct { const char *ref, *ch; } refs[] = {
		{"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&nbsp;", "\xc2\xa0"},
	};
	char *out = s ? arena_alloc(a, strlen(s) + 1) : NULL, *o = out;
	const char *last_gt = s ? strrchr(s, '>') : NULL; /* a '<' after it opens no tag: each byte is read once */
	if (out == NULL)
		return s;
	for (const char *p = s; *p;) {
		size_t k, n = 0;
		unsigned long cp;
		char *end;
		if (*p == '<' && last_gt && p < last_gt) {
			p = strchr(p, '>') + 1;
			continue;
		}
		for (k = 0; *p == '&' && k < sizeof refs / sizeof refs[0]; k++)
			if (strncmp(p, refs[k].ref, (n = strlen(refs[k].ref))) == 0)
				break;
		if (*p == '&' && k < sizeof refs / sizeof refs[0]) {
			o = stpcpy(o, refs[k].ch);
			p += n;
		} else if (p[0] == '&' && p[1] == '#' && (cp = strtoul(p + 2 + (p[2] == 'x'), &end, p[2] == 'x' ? 16 : 10)) > 0 &&
		           *end == ';' && cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF) && (size_t)(end + 1 - p) >= 4) {
			o += utf8_encode((uint32_t)cp, o);
			p = end + 1;
		} else {
			*o++ = *p++;
		}
	}
	*o = '\0';
	return feed_trim(a, out, LIMIT_FEED_FIELD);
}

/* an Atom text construct as plain text (a title): type="xhtml" the text of its markup, type="html" its
 * markup dropped, text as it is */
static const char *atom_text(struct arena *a, const xmlNode *n)
{
	const char *type = n ? attr(a, n, "type") : NULL;
	if (type && strcmp(type, "xhtml") == 0) {
		xmlChar *c = xmlNodeGetContent(n);
		const char *s = c ? feed_trim(a, (const char *)c, LIMIT_FEED_FIELD) : NULL;
		xmlFree(c);
		return s;
	}
	const char *s = text_of(a, n);
	return s && type && (strcmp(type, "html") == 0 || strcmp(type, "text/html") == 0) ? markup_dropped(a, s) : s;
}

/* Atom's link to the page: rel="alternate" (or no rel) */
static const char *atom_link(struct arena *a, const xmlNode *n)
{
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (!named(c, NS_ATOM, "link"))
			continue;
		const char *rel = attr(a, c, "rel");
		if (rel == NULL || strcmp(rel, "alternate") == 0)
			return attr(a, c, "href");
	}
	return NULL;
}

/* an entry's date: Atom's published (else updated), RSS's pubDate (else dc:date); 0 when none is readable */
static int64_t entry_date(struct arena *a, const xmlNode *n, bool atom)
{
	const char *when = text_of(a, child(n, atom ? NS_ATOM : NS_RSS, atom ? "published" : "pubDate"));
	int64_t ms = 0;
	if (when == NULL)
		when = atom ? text_of(a, child(n, NS_ATOM, "updated")) : text_of(a, child(n, NS_DC, "date"));
	return when && content_feed_date(when, &ms) == 0 ? ms : 0;
}

static void atom_entry(struct arena *a, xmlDoc *doc, const xmlNode *n, struct content_feed_entry *e)
{
	e->id = text_of(a, child(n, NS_ATOM, "id"));
	e->url = atom_link(a, n);
	e->title = atom_text(a, child(n, NS_ATOM, "title"));
	e->author = text_of(a, child(child(n, NS_ATOM, "author"), NS_ATOM, "name"));
	e->summary = atom_html(a, doc, child(n, NS_ATOM, "summary"));
	const xmlNode *content = child(n, NS_ATOM, "content");
	if (content && attr(a, content, "src") == NULL)
		e->content = atom_html(a, doc, content);
	e->published_ms = entry_date(a, n, true);
}

/* an RSS item's picture: media:thumbnail, media:content, or an image enclosure */
static const char *rss_image(struct arena *a, const xmlNode *n)
{
	const xmlNode *m = child(n, NS_MEDIA, "thumbnail");
	if (m == NULL)
		m = child(n, NS_MEDIA, "content");
	if (m)
		return attr(a, m, "url");
	const xmlNode *enc = child(n, NS_RSS, "enclosure");
	const char *type = attr(a, enc, "type");
	return type && strncmp(type, "image/", 6) == 0 ? attr(a, enc, "url") : NULL;
}

static void rss_item(struct arena *a, const xmlNode *n, struct content_feed_entry *e)
{
	e->id = text_of(a, child(n, NS_RSS, "guid"));
	e->url = text_of(a, child(n, NS_RSS, "link"));
	for (const xmlNode *c = n->children; e->url == NULL && c; c = c->next) { /* an atom:link (WCF writes a10:link) */
		const char *rel = href_is(c, NS_ATOM) && strcmp((const char *)c->name, "link") == 0 ? attr(a, c, "rel") : "-";
		if (rel == NULL || strcmp(rel, "alternate") == 0)
			e->url = attr(a, c, "href");
	}
	if (e->url == NULL) {
		/* a guid that is a permalink (the default) is the item's address */
		const xmlNode *g = child(n, NS_RSS, "guid");
		const char *perma = attr(a, g, "isPermaLink");
		if (e->id && (perma == NULL || strcmp(perma, "false") != 0))
			e->url = e->id;
	}
	if (e->id == NULL)
		e->id = attr(a, n, "about");
	e->title = text_of(a, child(n, NS_RSS, "title"));
	e->author = text_of(a, child(n, NS_DC, "creator"));
	if (e->author == NULL)
		e->author = text_of(a, child(n, NS_RSS, "author"));
	e->summary = text_of(a, child(n, NS_RSS, "description"));
	e->content = text_of(a, child(n, NS_CONTENT, "encoded"));
	e->image = rss_image(a, n);
	e->published_ms = entry_date(a, n, false);
}

/* the entries: Atom's <entry>, RSS 2.0's items inside <channel>, RSS 1.0/0.90's beside it; of a feed holding
 * more than LIMIT_FEED_ENTRIES, the newest (feed_newest), in the feed's order */
static void read_entries(struct arena *a, xmlDoc *doc, const xmlNode *parent, struct content_feed *f)
{
	bool atom = f->kind == CONTENT_FEED_ATOM;
	const char *ns = atom ? NS_ATOM : NS_RSS, *name = atom ? "entry" : "item";
	size_t total = 0, k = 0, ties = SIZE_MAX;
	int64_t *dates = NULL, oldest = INT64_MIN;
	for (const xmlNode *c = parent->children; c && total < LIMIT_FEED_ENTRIES_SEEN; c = c->next)
		total += named(c, ns, name);
	if (total > LIMIT_FEED_ENTRIES && (dates = arena_alloc(a, total * sizeof *dates)) != NULL) {
		for (const xmlNode *c = parent->children; c && k < total; c = c->next)
			if (named(c, ns, name))
				dates[k++] = entry_date(a, c, atom);
		feed_newest(a, dates, total, LIMIT_FEED_ENTRIES, &oldest, &ties);
	}
	k = 0;
	for (const xmlNode *c = parent->children; c && k < total && f->n_entries < LIMIT_FEED_ENTRIES; c = c->next) {
		if (!named(c, ns, name))
			continue;
		int64_t d = dates ? dates[k] : 0;
		k++;
		if (dates && (d < oldest || (d == oldest && ties == 0)))
			continue;
		ties -= dates && d == oldest;
		struct content_feed_entry *e = &f->entries[f->n_entries];
		memset(e, 0, sizeof *e);
		if (atom)
			atom_entry(a, doc, c, e);
		else
			rss_item(a, c, e);
		f->n_entries++;
	}
}

static int read_root(struct arena *a, xmlDoc *doc, const xmlNode *root, struct content_feed *f, struct content_error *e)
{
	const xmlNode *head = root, *items = root;
	if (named(root, NS_ATOM, "feed")) {
		f->kind = CONTENT_FEED_ATOM;
		f->title = atom_text(a, child(root, NS_ATOM, "title"));
		f->site_url = atom_link(a, root);
		f->description = text_of(a, child(root, NS_ATOM, "subtitle"));
		f->icon = text_of(a, child(root, NS_ATOM, "icon"));
	} else if (named(root, NS_RSS, "rss") || strcmp((const char *)root->name, "RDF") == 0) {
		f->kind = CONTENT_FEED_RSS;
		head = child(root, NS_RSS, "channel");
		if (head == NULL) {
			return content_fail(e, CONTENT_E_FORMAT, "RSS feed has no channel");
		}
		if (named(root, NS_RSS, "rss"))
			items = head;
		f->title = text_of(a, child(head, NS_RSS, "title"));
		f->site_url = text_of(a, child(head, NS_RSS, "link"));
		f->description = text_of(a, child(head, NS_RSS, "description"));
		f->icon = text_of(a, child(child(head, NS_RSS, "image"), NS_RSS, "url"));
	} else {
		return content_fail(e, CONTENT_E_FORMAT, "not a feed: the document is <%s>", (const char *)root->name);
	}
	f->entries = arena_alloc(a, LIMIT_FEED_ENTRIES * sizeof *f->entries);
	read_entries(a, doc, items, f);
	return 0;
}

int feed_parse_xml(struct arena *a, const char *body, size_t len, const char *content_type, const struct content_limits *lim,
                   struct content_feed *f, struct content_error *e)
{
	struct content_error why;
	xmlDoc *doc = content_xml_read_typed(body, len, content_type, lim, &why);
	if (doc == NULL) /* the XML reader's words, cut where its old 200-byte buffer cut them */
		return content_fail(e, why.code, "feed: %.199s", why.msg);
	int rc = read_root(a, doc, xmlDocGetRootElement(doc), f, e);
	xmlFreeDoc(doc);
	return rc;
}
