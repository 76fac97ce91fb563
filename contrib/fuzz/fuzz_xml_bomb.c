/* fuzz_xml_bomb.c: libFuzzer target: content_xml_read, content_feed_read and content_opml_read on a repeated XML pattern of up to 1 MB built from the input (a prefix, a fragment repeated, a suffix), so a slow shape is a timeout; a document read keeps within LIMIT_XML_ATTRS, LIMIT_XML_DEPTH and LIMIT_XML_NAMESPACES. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "content/feeds/feed.h"
#include "content/feeds/xml.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"
#include "fuzz_repeat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* fragments known to stress libxml2, for an input whose own fragment is empty; a '#' in a fragment
 * is replaced by the repetition's number, so attributes and prefixes are distinct */
static const char *const fragments[] = {
	" a#=\"x\"", " xmlns:p#=\"urn:x\"", "<e xmlns:p#=\"urn:x\">", "<p0:e p0:a=\"1\"/>", " p:a#='1'", "<a>",
	"<e a#='1'>", "</a>", "<!-- x -->", "<![CDATA[x]]>", "&amp;&#38;", "<?p x?>", "<x/>", "text",
	"<e a='&lt;&gt;&amp;'/>", " xmlns=\"urn:#\"", "<outline xmlUrl=\"https://a.example/#\"/>", "<n#/>",
};

static void fail(const char *what, const xmlNode *n)
{
	fprintf(stderr, "fuzz_xml_bomb: %s (<%s>)\n", what, n && n->name ? (const char *)n->name : "?");
	abort();
}

/* every element of a read document within the bounds xml_guard keeps */
static void check_tree(const xmlNode *n, unsigned depth, unsigned ns_in_scope)
{
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		unsigned attrs = 0, ns = 0;
		for (const xmlAttr *a = n->properties; a; a = a->next)
			attrs++;
		for (const xmlNs *d = n->nsDef; d; d = d->next)
			ns++;
		if (depth + 1 > LIMIT_XML_DEPTH)
			fail("an element deeper than LIMIT_XML_DEPTH", n);
		if (attrs + ns > LIMIT_XML_ATTRS)
			fail("an element with more than LIMIT_XML_ATTRS attributes", n);
		if (ns_in_scope + ns > LIMIT_XML_NAMESPACES)
			fail("more than LIMIT_XML_NAMESPACES declarations in scope", n);
		check_tree(n->children, depth + 1, ns_in_scope + ns);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena a;
	struct sb b;
	struct content_error err;
	if (size < 3)
		return 0;
	sb_init(&b);
	fuzz_repeat_build(data, size, fragments, sizeof fragments / sizeof fragments[0], true, 20, &b);
	if (sb_error(&b)) {
		sb_free(&b);
		return 0;
	}
	xmlDoc *doc = content_xml_read(sb_str(&b), b.len, NULL, &err);
	if (doc)
		check_tree(xmlDocGetRootElement(doc), 0, 0);
	else if (err.msg[0] == '\0')
		fail("refused without a message", NULL);
	xmlFreeDoc(doc);
	/* the readers on top: the same parse, then their walks over the tree */
	struct content_feed f;
	struct content_feed_link *links;
	arena_init(&a);
	if (content_feed_read(&a, sb_str(&b), b.len, "https://fuzz.example/feed", NULL, &f, &err) == 0 &&
	    f.n_entries > LIMIT_FEED_ENTRIES)
		fail("more entries than LIMIT_FEED_ENTRIES", NULL);
	long n = content_opml_read(&a, sb_str(&b), b.len, NULL, &links, &err);
	if (n > LIMIT_OPML_OUTLINES || (n < 0 && err.msg[0] == '\0'))
		fail("OPML: too many outlines, or refused without a message", NULL);
	arena_free(&a);
	sb_free(&b);
	return 0;
}
