/* content_xml_bomb.c: feeds and OPML lists built to make libxml2 quadratic or deep (attribute bombs, namespace declarations in scope, deep nesting, long names, bombs hidden behind an encoding or an error) refused by xml_guard with the limit named, what stays within the limits read as before, and the CPU budget. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "content/feeds/feed.h"
#include "content/feeds/xml.h"
#include "tap.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"

/* The code before the guard (main at 07ce77f) takes about 4 s of CPU for the 40,000-attribute
 * outline and minutes for the 200,000 one, so a run of this test on it does not finish; what is
 * checked is the outcome: refused, and the limit named. */

static struct arena A;

/* an OPML list whose one outline has count attributes a0="x" a1="x" ... besides its xmlUrl */
static char *opml_attrs(size_t count, const char *prefix, size_t *n)
{
	struct sb b;
	sb_init(&b);
	sb_printf(&b, "<?xml version=\"1.0\"?><opml version=\"2.0\"%s><body><outline", *prefix ? " xmlns:p=\"urn:p\"" : "");
	for (size_t i = 0; i < count; i++)
		sb_printf(&b, " %sa%zu=\"x\"", prefix, i);
	sb_puts(&b, " xmlUrl=\"https://a.example/feed\"/></body></opml>");
	*n = b.len;
	return sb_take(&b);
}

/* an RSS feed whose one item carries count attributes */
static char *rss_attrs(size_t count, size_t *n)
{
	struct sb b;
	sb_init(&b);
	sb_puts(&b, "<rss version=\"2.0\"><channel><title>t</title><item");
	for (size_t i = 0; i < count; i++)
		sb_printf(&b, " a%zu='y'", i);
	sb_puts(&b, "><title>x</title><link>https://a.example/1</link></item></channel></rss>");
	*n = b.len;
	return sb_take(&b);
}

/* the last refusal's words (content_error's message, kept until the next read) */
static struct content_error E;

static long opml(const char *s, size_t n, const char **err)
{
	struct content_feed_link *l;
	long got = content_opml_read(&A, s, n, NULL, &l, &E);
	*err = E.msg;
	return got;
}

/* 0, -2 for a refusal for a bound (CONTENT_E_LIMIT), -1 for any other */
static int feed(const char *s, size_t n, char *err)
{
	struct content_feed f;
	int rc = content_feed_read(&A, s, n, "https://a.example/feed", NULL, &f, &E);
	snprintf(err, 256, "%s", E.msg);
	return rc == 0 ? 0 : E.code == CONTENT_E_LIMIT ? -2 : -1;
}

static void test_attribute_bombs(void)
{
	static const size_t counts[] = { 40000, 80000, 200000 };
	const char *err;
	char ferr[256];
	size_t n;
	for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
		char *s = opml_attrs(counts[i], "", &n);
		is_int(opml(s, n, &err), -1, "opml: an outline with %zu attributes is refused", counts[i]);
		like(err, "LIMIT_XML_ATTRS", "opml %zu: names the limit (%s)", counts[i], err);
		free(s);
		s = rss_attrs(counts[i], &n);
		is_int(feed(s, n, ferr), -2, "rss: an item with %zu attributes is refused for a bound", counts[i]);
		like(ferr, "more than 128 attributes (LIMIT_XML_ATTRS)", "rss %zu: names the limit (%s)", counts[i], ferr);
		free(s);
	}
	/* prefixed attributes go through libxml2's second, namespace-aware duplicate check */
	char *s = opml_attrs(200000, "p:", &n);
	is_int(opml(s, n, &err), -1, "opml: 200,000 prefixed attributes refused");
	like(err, "LIMIT_XML_ATTRS", "prefixed: names the limit (%s)", err);
	free(s);

	/* at the limit: read as before; one more: refused */
	s = opml_attrs(LIMIT_XML_ATTRS - 1, "", &n);
	struct content_feed_link *l = NULL;
	long got = content_opml_read(&A, s, n, NULL, &l, &E);
	err = E.msg;
	is_int(got, 1, "opml: %d attributes on an outline are fine (%s)", LIMIT_XML_ATTRS, err);
	if (l)
		is_str(l[0].url, "https://a.example/feed", "opml at the limit: its feed read");
	free(s);
	s = opml_attrs(LIMIT_XML_ATTRS, "", &n);
	is_int(opml(s, n, &err), -1, "opml: %d attributes refused", LIMIT_XML_ATTRS + 1);
	free(s);
}

/* depth elements <o> nested (each with decls namespace declarations), then inner, then closed */
static char *nest(size_t depth, size_t decls, const char *inner, size_t inner_count, size_t *n)
{
	struct sb b;
	sb_init(&b);
	sb_puts(&b, "<opml version=\"2.0\"><body>");
	for (size_t d = 0; d < depth; d++) {
		sb_puts(&b, "<outline");
		for (size_t k = 0; k < decls; k++)
			sb_printf(&b, " xmlns:p%zu_%zu=\"urn:x\"", d, k);
		sb_puts(&b, ">");
	}
	for (size_t i = 0; i < inner_count; i++)
		sb_puts(&b, inner);
	for (size_t d = 0; d < depth; d++)
		sb_puts(&b, "</outline>");
	sb_puts(&b, "</body></opml>");
	*n = b.len;
	return sb_take(&b);
}

static void test_depth_and_namespaces(void)
{
	long got;
	const char *err;
	size_t n;
	char *s = nest(100000, 0, "", 0, &n);
	is_int(opml(s, n, &err), -1, "100,000 nested outlines refused");
	like(err, "deeper than 256 (LIMIT_XML_DEPTH)", "deep: names the limit (%s)", err);
	free(s);
	/* <opml><body> are two levels */
	s = nest(LIMIT_XML_DEPTH - 2, 0, "<outline/>", 1, &n);
	is_int(opml(s, n, &err), -1, "%d levels refused (the last an empty element)", LIMIT_XML_DEPTH + 1);
	like(err, "LIMIT_XML_DEPTH", "one level past: names the limit (%s)", err);
	free(s);
	s = nest(LIMIT_XML_DEPTH - 3, 0, "<outline xmlUrl=\"https://d.example/\"/>", 1, &n);
	is_int(opml(s, n, &err), 0, "%d levels are parsed (the feed is past the 32 levels of folders OPML reads)",
	       LIMIT_XML_DEPTH);
	is_str(err, "", "no refusal at the limit");
	free(s);
	s = nest(30, 0, "<outline xmlUrl=\"https://d.example/\"/>", 1, &n);
	got = opml(s, n, &err);
	is_int(got, 1, "30 nested folders read (%s)", err);
	free(s);

	/* 250 levels of 100 declarations each, then prefixed elements: each one's prefix is looked up
	 * through the 25,000 declarations in scope (about 16 s of CPU for 40,000 of them before) */
	s = nest(250, 100, "<p0_0:x p0_0:a=\"1\"/>", 40000, &n);
	is_int(opml(s, n, &err), -1, "25,000 namespace declarations in scope refused");
	like(err, "more than 128 namespace declarations are in scope (LIMIT_XML_NAMESPACES)", "names the limit (%s)", err);
	free(s);
	s = nest(4, 32, "<outline xmlUrl=\"https://n.example/\"/>", 1, &n);
	got = opml(s, n, &err);
	is_int(got, 1, "128 declarations in scope are fine (%s)", err);
	free(s);
	s = nest(4, 32, "<outline xmlns:q=\"urn:q\" xmlUrl=\"https://n.example/\"/>", 1, &n);
	is_int(opml(s, n, &err), -1, "the 129th declaration in scope is refused");
	like(err, "LIMIT_XML_NAMESPACES", "names it (%s)", err);
	free(s);
	/* declarations on siblings go out of scope with them */
	s = nest(1, 0, "<outline xmlns:a=\"u\" xmlns:b=\"u\" xmlns:c=\"u\" xmlns:d=\"u\" xmlUrl=\"https://s.example/\"/>", 1000, &n);
	got = opml(s, n, &err);
	is_int(got, 1000, "1000 siblings with 4 declarations each are fine (%s)", err);
	free(s);
	/* 80,000 declarations on one element: an attribute bomb too */
	s = nest(1, 80000, "", 0, &n);
	is_int(opml(s, n, &err), -1, "80,000 declarations on one element refused");
	like(err, "LIMIT_XML_ATTRS", "names the attribute limit (%s)", err);
	free(s);
}

static void test_names(void)
{
	long got;
	const char *err;
	char ferr[256];
	struct sb b;
	sb_init(&b);
	sb_puts(&b, "<rss version=\"2.0\"><channel><title>t</title><");
	for (int i = 0; i < 100000; i++)
		sb_putc(&b, 'n');
	sb_puts(&b, "/></channel></rss>");
	is_int(feed(sb_str(&b), b.len, ferr), -2, "a 100,000-byte element name refused");
	like(ferr, "longer than 1024 bytes (LIMIT_XML_NAME)", "names the limit (%s)", ferr);
	sb_reset(&b);
	sb_puts(&b, "<opml version=\"2.0\"><body><outline xmlUrl=\"https://l.example/\" ");
	for (int i = 0; i < LIMIT_XML_NAME; i++)
		sb_putc(&b, 'a');
	sb_puts(&b, "=\"1\"/></body></opml>");
	got = opml(sb_str(&b), b.len, &err);
	is_int(got, 1, "an attribute name of %d bytes is fine (%s)", LIMIT_XML_NAME, err);
	sb_truncate(&b, b.len - strlen("=\"1\"/></body></opml>"));
	sb_puts(&b, "b=\"1\"/></body></opml>");
	is_int(opml(sb_str(&b), b.len, &err), -1, "one byte more is refused");
	like(err, "LIMIT_XML_NAME", "names the limit (%s)", err);
	sb_free(&b);
}

/* s in UTF-16 (little- or big-endian), ASCII only, with or without a byte order mark */
static char *utf16(const char *s, size_t n, int big, int bom, size_t *outn)
{
	char *o = malloc(2 * n + 2), *p = o;
	if (bom) {
		*p++ = big ? '\xfe' : '\xff';
		*p++ = big ? '\xff' : '\xfe';
	}
	for (size_t i = 0; i < n; i++) {
		*p++ = big ? '\0' : s[i];
		*p++ = big ? s[i] : '\0';
	}
	*outn = (size_t)(p - o);
	return o;
}

static void test_hidden(void)
{
	long got;
	const char *err;
	size_t n, n16;
	/* behind an encoding: the guard reads what libxml2 reads, the document in UTF-8 */
	char *s = opml_attrs(40000, "", &n);
	char *u = utf16(s, n, 0, 1, &n16);
	is_int(opml(u, n16, &err), -1, "UTF-16LE with a BOM: 40,000 attributes refused");
	like(err, "LIMIT_XML_ATTRS", "UTF-16LE: names the limit (%s)", err);
	free(u);
	u = utf16(s, n, 1, 0, &n16);
	is_int(opml(u, n16, &err), -1, "UTF-16BE without a BOM: refused");
	like(err, "LIMIT_XML_ATTRS", "UTF-16BE: names the limit (%s)", err);
	free(u);
	free(s);
	static const char small[] = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><opml version=\"2.0\"><body>"
	                            "<outline title=\"T\" xmlUrl=\"https://u.example/feed\"/></body></opml>";
	struct content_feed_link *l = NULL;
	u = utf16(small, strlen(small), 0, 1, &n16);
	got = content_opml_read(&A, u, n16, NULL, &l, &E);
	err = E.msg;
	is_int(got, 1, "a UTF-16 OPML list is read (%s)", err);
	if (l)
		is_str(l[0].url, "https://u.example/feed", "UTF-16: its URL");
	free(u);
	static const char latin[] = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><opml version=\"2.0\"><body>"
	                            "<outline title=\"Caf\xe9\" xmlUrl=\"https://c.example/\"/></body></opml>";
	got = content_opml_read(&A, latin, strlen(latin), NULL, &l, &E);
	err = E.msg;
	is_int(got, 1, "an ISO-8859-1 OPML list is read (%s)", err);
	if (l)
		is_str(l[0].title, "Caf\xc3\xa9", "ISO-8859-1: the title in UTF-8");
	static const char utf7[] = "<?xml version=\"1.0\" encoding=\"UTF-7\"?><opml/>";
	is_int(opml(utf7, strlen(utf7), &err), -1, "an encoding we do not read (UTF-7) is refused");
	like(err, "\"UTF-7\" is not one we read", "says which (%s)", err);

	/* behind an error: libxml2's pull parser went on past a bad character in a comment and read the
	 * bomb after it as an element (2.7 s of CPU for 80,000 attributes); the push parser stops */
	struct sb b;
	sb_init(&b);
	sb_puts(&b, "<opml version=\"2.0\"><body><!-- \x01 <outline");
	for (int i = 0; i < 200000; i++)
		sb_printf(&b, " a%d=\"x\"", i);
	sb_puts(&b, " xmlUrl=\"https://x.example/\"/> --></body></opml>");
	is_int(opml(sb_str(&b), b.len, &err), -1, "a bomb after a bad character in a comment: refused");
	like(err, "not well-formed", "as not well-formed (%s)", err);
	/* the same comment without the bad character is a comment: nothing in it counts */
	char *bad = strchr(b.buf, '\x01');
	*bad = 'x';
	got = opml(sb_str(&b), b.len, &err);
	is_int(got, 0, "200,000 attributes inside a comment are text: no feed, no refusal (%s)", err);
	sb_reset(&b);
	sb_puts(&b, "<opml version=\"2.0\"><body><outline text='a>b' title=\"c/>d\" xmlUrl=\"https://q.example/\"/>"
	            "<![CDATA[<outline a0='' a1=''>]]><?pi <outline ?></body></opml>");
	got = opml(sb_str(&b), b.len, &err);
	is_int(got, 1, "'>' in values, markup in CDATA and PIs read as libxml2 does (%s)", err);
	sb_free(&b);

	/* malformed XML is not refused for a bound: a page's links may still be looked at */
	char ferr[256];
	is_int(feed("<rss><channel>", 14, ferr), -1, "broken XML: -1, not -2");
	ok(E.code != CONTENT_E_LIMIT && strncmp(ferr, "feed: refused: ", 15) != 0, "not a refusal for a bound (%s)", ferr);

	/* an internal DTD subset is refused whatever it declares (ATTLIST with 20,000 attributes: 0.3 s) */
	static const char dtd[] = "<!DOCTYPE opml [<!ATTLIST outline a CDATA \"x\">]><opml version=\"2.0\"><body/></opml>";
	is_int(opml(dtd, strlen(dtd), &err), -1, "an internal DTD subset is refused");
	like(err, "internal DTD subset", "says so (%s)", err);
}

static void test_budget(void)
{
	struct content_limits lim = { .xml_attrs = LIMIT_XML_ATTRS, .xml_depth = LIMIT_XML_DEPTH, .xml_name = LIMIT_XML_NAME,
	                              .xml_namespaces = LIMIT_XML_NAMESPACES, .budget_ms = CONTENT_BUDGET_SPENT };
	struct content_error e;
	const char *err = e.msg;
	struct sb b;
	sb_init(&b);
	sb_puts(&b, "<rss version=\"2.0\"><channel><title>t</title>");
	while (b.len < 1024 * 1024)
		sb_puts(&b, "<item><title>x</title><link>https://a.example/</link><description>&lt;p&gt;y</description></item>");
	sb_puts(&b, "</channel></rss>");
	xmlDoc *d = content_xml_read(sb_str(&b), b.len, &lim, &e);
	ok(d == NULL, "a 1 MB feed under a budget of 0 ms is abandoned");
	like(err, "of CPU time (LIMIT_XML_PARSE_MS)", "names the budget (%s)", err);
	xmlFreeDoc(d);
	lim.budget_ms = CONTENT_BUDGET_NONE;
	d = content_xml_read(sb_str(&b), b.len, &lim, &e);
	ok(d != NULL, "without a budget it is read (%s)", d ? "" : err);
	xmlFreeDoc(d);
	d = content_xml_read(sb_str(&b), b.len, NULL, &e);
	ok(d != NULL, "and under LIMIT_XML_PARSE_MS (%s)", d ? "" : err);
	xmlFreeDoc(d);
	sb_free(&b);

	size_t big = (size_t)LIMIT_XML_BYTES + 1;
	char *s = malloc(big);
	memset(s, ' ', big);
	memcpy(s, "<rss>", 5);
	d = content_xml_read(s, big, NULL, &e);
	ok(d == NULL, "a document over LIMIT_XML_BYTES is refused");
	like(err, "LIMIT_XML_BYTES", "names the limit (%s)", err);
	free(s);
}

int main(void)
{
	arena_init(&A);
	test_attribute_bombs();
	test_depth_and_namespaces();
	test_names();
	test_hidden();
	test_budget();
	arena_free(&A);
	return done_testing();
}
