/* opml.c: OPML subscription lists read (through content_xml_read: no network, no entities) and written with libxml2. */
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <string.h>

#include "content/feeds/feed.h"
#include "content/feeds/feed_int.h"
#include "content/feeds/xml.h"
#include "util/arena.h"
#include "util/limits.h"

static const char *prop(struct arena *a, xmlNode *n, const char *name)
{
	xmlChar *v = xmlGetNoNsProp(n, (const xmlChar *)name);
	const char *s = v ? feed_trim(a, (const char *)v, LIMIT_FEED_FIELD) : NULL;
	xmlFree(v);
	return s;
}

/* the outlines' feeds gathered in document order */
struct opml_list { struct arena *a; struct content_feed_link *v; size_t n, cap; };

static void outlines(struct opml_list *l, xmlNode *n, int depth)
{
	for (xmlNode *c = n->children; c && depth < 32 && l->n < LIMIT_OPML_OUTLINES; c = c->next) {
		if (c->type != XML_ELEMENT_NODE || strcmp((const char *)c->name, "outline") != 0)
			continue;
		const char *url = prop(l->a, c, "xmlUrl"), *name = prop(l->a, c, "title");
		if (name == NULL)
			name = prop(l->a, c, "text");
		if (url) {
			if (l->n == l->cap) {
				size_t cap = l->cap ? l->cap * 2 : 16;
				l->v = arena_realloc(l->a, l->v, l->cap * sizeof *l->v, cap * sizeof *l->v);
				l->cap = cap;
			}
			l->v[l->n++] = (struct content_feed_link){ .url = url, .title = name, .kind = CONTENT_FEED_RSS };
		}
		outlines(l, c, depth + 1);
	}
}

long content_opml_read(struct arena *a, const char *body, size_t len, const struct content_limits *lim,
                       struct content_feed_link **out, struct content_error *e)
{
	struct content_error why;
	xmlDoc *doc = content_xml_read(body, len, lim, &why);
	xmlNode *root = doc ? xmlDocGetRootElement(doc) : NULL, *b = NULL;
	for (xmlNode *c = root && strcmp((const char *)root->name, "opml") == 0 ? root->children : NULL; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE && strcmp((const char *)c->name, "body") == 0)
			b = c;
	if (b == NULL) {
		if (doc)
			content_fail(e, CONTENT_E_FORMAT, "is not OPML: no <opml><body>");
		else
			content_fail(e, why.code, "is not OPML: %.199s", why.msg);
		xmlFreeDoc(doc);
		return -1;
	}
	content_error_clear(e);
	struct opml_list l = { .a = a };
	outlines(&l, b, 0);
	xmlFreeDoc(doc);
	*out = l.v;
	return (long)l.n;
}

/* one <outline type="rss"> for a feed */
static void put_outline(xmlNode *body, const struct content_opml_outline *s)
{
	xmlNode *o = xmlNewChild(body, NULL, (const xmlChar *)"outline", NULL);
	xmlNewProp(o, (const xmlChar *)"type", (const xmlChar *)"rss");
	xmlNewProp(o, (const xmlChar *)"text", (const xmlChar *)s->name);
	xmlNewProp(o, (const xmlChar *)"title", (const xmlChar *)s->name);
	xmlNewProp(o, (const xmlChar *)"xmlUrl", (const xmlChar *)s->url);
	if (s->site_url)
		xmlNewProp(o, (const xmlChar *)"htmlUrl", (const xmlChar *)s->site_url);
	if (s->description)
		xmlNewProp(o, (const xmlChar *)"description", (const xmlChar *)s->description);
}

int content_opml_write(FILE *out, const char *title, const struct content_opml_outline *v, size_t n)
{
	xmlDoc *doc = xmlNewDoc((const xmlChar *)"1.0");
	xmlNode *root = xmlNewNode(NULL, (const xmlChar *)"opml");
	xmlNewProp(root, (const xmlChar *)"version", (const xmlChar *)"2.0");
	xmlDocSetRootElement(doc, root);
	xmlNode *head = xmlNewChild(root, NULL, (const xmlChar *)"head", NULL);
	xmlNewTextChild(head, NULL, (const xmlChar *)"title", (const xmlChar *)title);
	xmlNode *body = xmlNewChild(root, NULL, (const xmlChar *)"body", NULL);
	for (size_t i = 0; i < n; i++)
		put_outline(body, &v[i]);
	int rc = xmlDocFormatDump(out, doc, 1) < 0 || fflush(out) != 0 ? -1 : 0;
	xmlFreeDoc(doc);
	return rc;
}
