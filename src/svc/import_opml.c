/* import_opml.c: OPML subscription lists: read with libxml2 (the feed readers' safe settings) to subscribe a user to each outline's xmlUrl, and written from a user's subscriptions. */
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "store/feeds.h"
#include "store/store.h"
#include "svc/feeds.h"
#include "svc/feeds_int.h"
#include "util/arena.h"
#include "util/config.h"
#include "util/limits.h"
#include "util/sb.h"

/* the whole file into the arena, at most max bytes; NULL with *err */
static char *read_file(struct arena *a, const char *path, size_t max, size_t *len, const char **err)
{
	struct stat fst;
	FILE *f = fopen(path, "rb");
	if (f == NULL || fstat(fileno(f), &fst) != 0 || (uint64_t)fst.st_size > max) {
		*err = f == NULL || fst.st_size < 0 ? "cannot be read" : "is larger than import_max_bytes";
		if (f)
			fclose(f);
		return NULL;
	}
	char *buf = arena_alloc(a, (size_t)fst.st_size + 1);
	*len = fread(buf, 1, (size_t)fst.st_size, f);
	bool bad = ferror(f) != 0;
	fclose(f);
	if (bad) {
		*err = "cannot be read";
		return NULL;
	}
	buf[*len] = '\0';
	return buf;
}

static const char *prop(struct arena *a, xmlNode *n, const char *name)
{
	xmlChar *v = xmlGetNoNsProp(n, (const xmlChar *)name);
	const char *s = v ? feed_trim(a, (const char *)v, LIMIT_FEED_FIELD) : NULL;
	xmlFree(v);
	return s;
}

/* the outlines' feeds gathered in document order */
struct opml_list { struct arena *a; struct svc_feed_link *v; size_t n, cap; };

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
			l->v[l->n++] = (struct svc_feed_link){ .url = url, .title = name, .kind = SVC_FEED_RSS };
		}
		outlines(l, c, depth + 1);
	}
}

long svc_opml_read(struct arena *a, const char *body, size_t len, struct svc_feed_link **out, const char **err)
{
	char why[200];
	xmlDoc *doc = feed_xml_read(body, len, why, sizeof why);
	xmlNode *root = doc ? xmlDocGetRootElement(doc) : NULL, *b = NULL;
	for (xmlNode *c = root && strcmp((const char *)root->name, "opml") == 0 ? root->children : NULL; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE && strcmp((const char *)c->name, "body") == 0)
			b = c;
	if (b == NULL) {
		*err = doc ? "is not OPML: no <opml><body>" : arena_printf(a, "is not OPML: %s", why);
		xmlFreeDoc(doc);
		return -1;
	}
	struct opml_list l = { .a = a };
	outlines(&l, b, 0);
	xmlFreeDoc(doc);
	*out = l.v;
	return (long)l.n;
}

int svc_import_opml(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                    const char *path, struct svc_opml_report *r, struct sb *lines, const char **err)
{
	size_t len, max = cfg ? cfg->import_max_bytes : LIMIT_IMPORT_BYTES;
	struct svc_feed_link *feeds;
	memset(r, 0, sizeof *r);
	const char *body = read_file(a, path, max, &len, err);
	long n = body ? svc_opml_read(a, body, len, &feeds, err) : -1;
	for (long i = 0; i < n; i++) {
		struct store_sub sub;
		const char *msg = NULL;
		enum svc_sub_status s = svc_feed_subscribe_known(st, cfg, a, user_id, feeds[i].url, feeds[i].title, &sub, &msg);
		r->added += s == SVC_SUB_OK;
		r->existing += s == SVC_SUB_EXISTS;
		r->failed += s == SVC_SUB_REFUSED || s == SVC_SUB_LIMIT;
		if ((s == SVC_SUB_REFUSED || s == SVC_SUB_LIMIT) && lines)
			sb_printf(lines, "%s: %s\n", feeds[i].url, msg ? msg : "refused");
		if (s == SVC_SUB_FAILED) {
			*err = store_errmsg(st);
			return -2;
		}
	}
	return n < 0 ? -1 : 0;
}

/* one <outline type="rss"> for a subscription */
static void put_outline(xmlNode *body, const struct store_sub *s)
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

int svc_export_opml(struct store *st, struct arena *a, const char *user_id, FILE *out)
{
	struct store_sub *subs;
	size_t n;
	if (store_sub_list(st, a, user_id, &subs, &n) != STORE_OK)
		return -1;
	xmlDoc *doc = xmlNewDoc((const xmlChar *)"1.0");
	xmlNode *root = xmlNewNode(NULL, (const xmlChar *)"opml");
	xmlNewProp(root, (const xmlChar *)"version", (const xmlChar *)"2.0");
	xmlDocSetRootElement(doc, root);
	xmlNode *head = xmlNewChild(root, NULL, (const xmlChar *)"head", NULL);
	xmlNewTextChild(head, NULL, (const xmlChar *)"title", (const xmlChar *)"Larder subscriptions");
	xmlNode *body = xmlNewChild(root, NULL, (const xmlChar *)"body", NULL);
	for (size_t i = 0; i < n; i++)
		if (strcmp(subs[i].status, "ACTIVE") == 0)
			put_outline(body, &subs[i]);
	int rc = xmlDocFormatDump(out, doc, 1) < 0 || fflush(out) != 0 ? -1 : 0;
	xmlFreeDoc(doc);
	return rc;
}
