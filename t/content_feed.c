/* content_feed.c: the feed readers on the samples of t/data/feeds (RSS 2.0 with content:encoded, RSS 0.91 and 1.0, Atom, JSON Feed), the broken, billion-laughs and XXE feeds, RSS dates, feed discovery on a page, OPML read and written, and what feeds in the wild write (localised dates, HTML entities, white space before <?xml, an HTTP charset, Userland RSS, Atom without a namespace, entries without links, the newest 500 of a long feed) (TAP). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/feeds/feed.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"
#include "t/tap.h"

static struct arena A;

static char *slurp(const char *name, size_t *len)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", FEEDS_DIR, name);
	FILE *f = fopen(path, "rb");
	if (f == NULL) {
		printf("Bail out! cannot open %s\n", path);
		exit(1);
	}
	char *buf = arena_alloc(&A, 1 << 20);
	*len = fread(buf, 1, (1 << 20) - 1, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

/* parses a sample; returns its rc, the message in err */
static int parse(const char *name, const char *url, struct content_feed *f, char *err)
{
	size_t len;
	char *body = slurp(name, &len);
	struct content_error e;
	int rc = content_feed_read(&A, body, len, url, NULL, f, &e);
	snprintf(err, 256, "%s", e.msg);
	return rc;
}

static void test_rss2(void)
{
	struct content_feed f;
	char err[256];
	is_int(parse("rss2.xml", "https://blog.example.org/feed.xml", &f, err), 0, "rss2: parsed (%s)", err);
	is_str(content_feed_kind_name(f.kind), "RSS", "rss2: kind");
	is_str(f.title, "Field Notes & Letters", "rss2: title with an entity");
	is_str(f.site_url, "https://blog.example.org/", "rss2: site");
	is_str(f.icon, "https://blog.example.org/icon.png", "rss2: icon made absolute");
	is_int(f.n_entries, 3, "rss2: three items");
	const struct content_feed_entry *e = &f.entries[0];
	is_str(e->id, "tag:blog.example.org,2026:post-41", "rss2: guid");
	is_str(e->url, "https://blog.example.org/2026/11/garlic?utm_source=rss", "rss2: link");
	is_str(e->author, "Ada Gardener", "rss2: dc:creator");
	is_str(e->content, "<p>Cloves go in <em>pointy end up</em>, five centimetres deep.</p><p>Then mulch.</p>",
	       "rss2: content:encoded");
	is_str(e->summary, "Cloves in, mulch on.", "rss2: description");
	is_str(e->image, "https://blog.example.org/img/garlic.jpg", "rss2: media:thumbnail");
	is_int(e->published_ms, 1794295800000LL, "rss2: pubDate with +0100");
	e = &f.entries[1];
	is_str(e->url, "https://blog.example.org/2026/10/frost", "rss2: relative link resolved");
	ok(e->content == NULL, "rss2: no content:encoded, no content");
	is_str(e->summary, "<p>When the first frost comes.</p>", "rss2: escaped HTML description");
	is_str(e->author, "ada@example.org (Ada Gardener)", "rss2: author");
	is_int(e->published_ms, 1793469600000LL, "rss2: pubDate GMT");
	e = &f.entries[2];
	is_str(e->url, "https://blog.example.org/2026/10/seeds", "rss2: permalink guid as the link");
	is_int(e->published_ms, 0, "rss2: no date");
}

static void test_old_rss(void)
{
	struct content_feed f;
	char err[256];
	is_int(parse("rss091.xml", "http://old.example.com/rss", &f, err), 0, "rss 0.91 with its DOCTYPE (%s)", err);
	is_str(f.description, "Caf\xc3\xa9 since 1999", "rss 0.91: ISO-8859-1 read as UTF-8");
	is_int(f.n_entries, 1, "rss 0.91: one item");
	is_str(f.entries[0].id, "http://old.example.com/cafe.html", "rss 0.91: the link stands for the id");
	is_int(parse("rss10.rdf", "http://rdf.example.com/rss", &f, err), 0, "rss 1.0 (%s)", err);
	is_str(f.title, "RDF Site", "rss 1.0: channel title");
	is_int(f.n_entries, 2, "rss 1.0: items beside the channel");
	is_str(f.entries[0].id, "http://rdf.example.com/a", "rss 1.0: rdf:about as id");
	is_int(f.entries[0].published_ms, 1767323045000LL, "rss 1.0: dc:date");
}

static void test_atom(void)
{
	struct content_feed f;
	char err[256];
	is_int(parse("atom.xml", "https://eng.example.com/feed.atom", &f, err), 0, "atom: parsed (%s)", err);
	is_str(content_feed_kind_name(f.kind), "ATOM", "atom: kind");
	is_str(f.title, "Caf\xc3\xa9 Engineering", "atom: title");
	is_str(f.site_url, "https://eng.example.com/", "atom: alternate link, not self");
	is_str(f.description, "Notes from the back office", "atom: subtitle");
	is_int(f.n_entries, 2, "atom: two entries");
	const struct content_feed_entry *e = &f.entries[0];
	is_str(e->id, "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a", "atom: id");
	is_str(e->url, "https://eng.example.com/posts/queues", "atom: alternate link");
	is_str(e->author, "Bea Ops", "atom: author name");
	like(e->content, "<p>We use <strong>SQLite</strong> for the queue.</p>", "atom: xhtml content");
	is_str(e->summary, "Why we use SQLite &lt;for&gt; our job queue.", "atom: text summary escaped");
	is_int(e->published_ms, 1795072500000LL, "atom: published with offset");
	e = &f.entries[1];
	is_str(e->url, "https://eng.example.com/posts/release-2-1", "atom: link without rel, resolved");
	is_str(e->content, "<p>Release notes</p>", "atom: html content");
	is_int(e->published_ms, 1793491200000LL, "atom: updated when not published");
}

static void test_json(void)
{
	struct content_feed f;
	char err[256];
	is_int(parse("feed.json", "https://micro.example.net/feed.json", &f, err), 0, "json: parsed (%s)", err);
	is_str(content_feed_kind_name(f.kind), "JSON", "json: kind");
	is_str(f.title, "Micro Notes", "json: title");
	is_str(f.site_url, "https://micro.example.net/", "json: home page");
	is_int(f.n_entries, 2, "json: two items, the string skipped");
	is_str(f.entries[0].id, "2", "json: id");
	is_str(f.entries[0].content, "<p>Green, not black.</p>", "json: content_html");
	is_str(f.entries[0].author, "Cy Writer", "json: authors[0]");
	is_str(f.entries[0].image, "https://micro.example.net/tea.jpg", "json: image");
	is_str(f.entries[1].id, "1", "json: a number id");
	is_str(f.entries[1].content, "<pre>Hello &lt;world&gt;</pre>", "json: content_text escaped");
	is_str(f.entries[1].author, "Cy", "json: version 1 author");
	is_int(f.entries[1].published_ms, 1795262400000LL, "json: date with offset");
}

static void test_bad(void)
{
	struct content_feed f;
	char err[256];
	is_int(parse("broken.xml", NULL, &f, err), -1, "broken: refused");
	like(err, "feed: not well-formed", "broken: says why (%s)", err);
	is_int(parse("laughs.xml", NULL, &f, err), -1, "billion laughs: refused");
	like(err, "entit", "billion laughs: names entities (%s)", err);
	is_int(parse("xxe.xml", NULL, &f, err), -1, "xxe: refused");
	like(err, "entities", "xxe: names entities (%s)", err);
	is_int(parse("page.html", NULL, &f, err), -1, "an HTML page is not a feed");
	const char *cases[][2] = {
		{"", "empty"}, {"   \n", "empty"}, {"{\"items\": []}", "JSON Feed version"}, {"{\"version\":", "ends too early"},
		{"<html><body/></html>", "not a feed"}, {"<rss/>", "no channel"}, {"[1,2]", "not well-formed"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct content_error e;
		is_int(content_feed_read(&A, cases[i][0], strlen(cases[i][0]), NULL, NULL, &f, &e), -1,
		       "refused: %s", cases[i][0]);
		snprintf(err, sizeof err, "%s", e.msg);
		like(err, cases[i][1], "message: %s", err);
	}
}

static void test_dates(void)
{
	int64_t ms = 0;
	ok(content_feed_date("Tue, 10 Jun 2003 04:00:00 GMT", &ms) == 0 && ms == 1055217600000LL, "rfc822 GMT");
	ok(content_feed_date("10 Jun 2003 00:00 EDT", &ms) == 0 && ms == 1055217600000LL, "rfc822 without weekday and seconds, EDT");
	ok(content_feed_date("Tue, 10 Jun 03 04:00:00 +0000", &ms) == 0 && ms == 1055217600000LL, "two-digit year");
	ok(content_feed_date("2003-06-10T04:00:00Z", &ms) == 0 && ms == 1055217600000LL, "ISO 8601");
	ok(content_feed_date("Tue, 10 Foo 2003 04:00:00 GMT", &ms) != 0, "unknown month refused");
	ok(content_feed_date("Tue, 10 Jun 2003 04:00:00 XYZ", &ms) != 0, "unknown zone refused");
	ok(content_feed_date("yesterday", &ms) != 0, "words refused");
}

static void test_discover(void)
{
	size_t len;
	char *html = slurp("page.html", &len);
	struct content_feed_link *l = NULL;
	struct content_error e;
	long n = content_feed_discover(&A, html, len, "https://blog.example.org/posts/", NULL, &l, &e);
	is_int(n, 3, "discover: three feeds, the duplicate and the hreflang link dropped");
	if (n == 3) {
		is_str(l[0].url, "https://blog.example.org/feed.xml", "discover: rss, resolved");
		is_str(l[0].title, "Posts (RSS)", "discover: title");
		is_int(l[1].kind, CONTENT_FEED_ATOM, "discover: atom");
		is_str(l[2].url, "https://blog.example.org/posts/feed.json", "discover: json feed relative to the page");
		is_int(l[2].kind, CONTENT_FEED_JSON, "discover: json kind with parameters");
	}
	is_int(content_feed_discover(&A, "<p>none</p>", 11, "https://x.example/", NULL, &l, &e), 0, "discover: none on a plain page");
}

static void test_opml(void)
{
	static const char opml[] =
		"<?xml version=\"1.0\"?><opml version=\"2.0\"><head><title>t</title></head><body>"
		"<outline text=\"Tech\"><outline text=\"A\" title=\" Blog A \" xmlUrl=\"https://a.example/feed\"/>"
		"<outline text=\"B only text\" xmlUrl=\"https://b.example/rss\"/></outline>"
		"<outline text=\"no feed\" htmlUrl=\"https://c.example/\"/></body></opml>";
	struct content_feed_link *l = NULL;
	struct content_error e;
	const char *err = e.msg;
	long n = content_opml_read(&A, opml, strlen(opml), NULL, &l, &e);
	is_int(n, 2, "opml: the two outlines with xmlUrl, nested ones included");
	if (n == 2) {
		is_str(l[0].url, "https://a.example/feed", "opml: first url");
		is_str(l[0].title, "Blog A", "opml: title preferred to text, trimmed");
		is_str(l[1].title, "B only text", "opml: text when there is no title");
	}
	size_t len;
	char *laughs = slurp("laughs.xml", &len);
	is_int(content_opml_read(&A, laughs, len, NULL, &l, &e), -1, "opml: a document declaring entities is refused");
	like(err, "entit", "opml: says entities (%s)", err);
	is_int(content_opml_read(&A, "<rss/>", 6, NULL, &l, &e), -1, "opml: another XML document is not OPML");
	like(err, "no <opml><body>", "opml: says why (%s)", err);
	is_int(content_opml_read(&A, "<opml", 5, NULL, &l, &e), -1, "opml: broken XML refused");
	like(err, "is not OPML: not well-formed", "opml: says not well-formed (%s)", err);

	/* written, then read back: the same feeds, with characters XML must escape */
	const struct content_opml_outline v[] = {
		{ .name = "Q&A <weekly>", .url = "https://q.example/feed?a=1&b=\"2\"", .site_url = "https://q.example/" },
		{ .name = "Plain", .url = "https://p.example/rss", .description = "d" },
	};
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);
	is_int(content_opml_write(f, "Mine", v, 2), 0, "opml write: 0");
	fclose(f);
	like(buf, "<title>Mine</title>", "opml write: the title");
	n = content_opml_read(&A, buf, size, NULL, &l, &e);
	is_int(n, 2, "opml round trip: two feeds");
	if (n == 2) {
		is_str(l[0].url, v[0].url, "opml round trip: escaped URL read back");
		is_str(l[0].title, v[0].name, "opml round trip: escaped name read back");
		is_str(l[1].url, v[1].url, "opml round trip: second URL");
	}
	free(buf);
}

/* one feed given as text (content_type as served, NULL: none); rc, the message in err */
static int read_text(const char *body, const char *content_type, struct content_feed *f, char *err)
{
	struct content_error e;
	int rc = content_feed_read_typed(&A, body, strlen(body), content_type, "https://w.example/feed", NULL, f, &e);
	snprintf(err, 256, "%s", e.msg);
	return rc;
}

/* what feeds in the wild write (issue 22; t/real_feeds.sh runs the real files) */
static void test_wild(void)
{
	struct content_feed f;
	char err[256];
	int64_t ms = 0;
	ok(content_feed_date("mer, 12 mar 2025 09:15:00 +0100", &ms) == 0 && ms == 1741767300000LL, "Italian date");
	ok(content_feed_date("Gio, 23 Gen 2025 18:00:00 GMT", &ms) == 0 && ms == 1737655200000LL, "Italian, capitalised");
	ok(content_feed_date("Mi, 05 M\xc3\xa4r 2025 14:30:00 +0100", &ms) == 0 && ms == 1741181400000LL, "German M\xc3\xa4r");
	ok(content_feed_date("Dienstag, 31 Dez 2024 23:59:59 MEZ", &ms) == 0 && ms == 1735685999000LL, "German weekday and zone");
	ok(content_feed_date("lun., 17 f\xc3\xa9vr. 2025 10:00:00 +0100", &ms) == 0 && ms == 1739782800000LL, "French f\xc3\xa9vr.");
	ok(content_feed_date("Ven, 06 D\xc3\x89" "C 2024 16:45:00 +0100", &ms) == 0 && ms == 1733499900000LL, "French D\xc3\x89" "C");
	ok(content_feed_date("mi\xc3\xa9, 15 ene 2014 09:00:00 -0300", &ms) == 0 && ms == 1389787200000LL, "Spanish");
	ok(content_feed_date("lun, 10 ago 2026 06:41 +0000", &ms) == 0, "Spanish without seconds");
	ok(content_feed_date("ter, 04 out 2022 10:00:00 -0300", &ms) == 0 && ms == 1664888400000LL, "Portuguese out");
	ok(content_feed_date("di, 12 mrt 2024 08:00:00 +0100", &ms) == 0 && ms == 1710226800000LL, "Dutch mrt");
	ok(content_feed_date("12 juin 2024 08:00:00 GMT", &ms) == 0 && ms == 1718179200000LL, "French juin, no weekday");
	ok(content_feed_date("ons, 15 maj 2024 08:00:00 GMT", &ms) == 0 && ms == 1715760000000LL, "Swedish maj");
	ok(content_feed_date("pt, 15 lis 2024 08:00:00 +0100", &ms) == 0 && ms == 1731654000000LL, "Polish lis");
	ok(content_feed_date("\xd0\xbf\xd0\xbd, 13 \xd1\x8f\xd0\xbd\xd0\xb2 2025 10:00:00 +0300", &ms) == 0 &&
	   ms == 1736751600000LL, "Russian \xd1\x8f\xd0\xbd\xd0\xb2");
	ok(content_feed_date("Cum, 14 \xc5\x9eub 2025 10:00:00 +0300", &ms) == 0 && ms == 1739516400000LL, "Turkish \xc5\x9eub");

	is_int(read_text("<rss><channel><title>a&nbsp;b &mdash; &eacute;t&eacute; &bogus; R&D &#233;</title>"
	                 "<description><![CDATA[&nbsp;kept]]></description></channel></rss>", NULL, &f, err), 0,
	       "HTML entities and a bare & read (%s)", err);
	is_str(f.title, "a\xc2\xa0" "b \xe2\x80\x94 \xc3\xa9t\xc3\xa9 &bogus; R&D \xc3\xa9", "their characters; unknown names and & as written");
	is_str(f.description, "&nbsp;kept", "CDATA left alone");
	is_int(read_text("\n\n  <?xml version=\"1.0\"?><rss><channel><title>ws</title></channel></rss>", NULL, &f, err), 0,
	       "white space before <?xml (%s)", err);
	is_int(read_text("\xef\xbb\xbf\r\n<?xml version=\"1.0\"?><rss><channel><title>bom</title></channel></rss>", NULL, &f, err),
	       0, "a BOM and CR LF before <?xml (%s)", err);
	static const char koi8[] = "<rss><channel><title>\xf0\xd2\xc9\xd7\xc5\xd4</title></channel></rss>";
	is_int(read_text(koi8, "text/xml; charset=\"KOI8-R\"", &f, err), 0, "KOI8-R named only in HTTP (%s)", err);
	is_str(f.title, "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82", "KOI8-R: the title decoded");
	is_int(read_text("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss><channel><title>Caf\xe9</title></channel></rss>",
	                 "text/xml; charset=utf-8", &f, err), 0, "the declaration wins over HTTP (%s)", err);
	is_str(f.title, "Caf\xc3\xa9", "the declared ISO-8859-1 read");
	is_int(read_text("<rss><channel><title>Caf\xe9</title></channel></rss>", NULL, &f, err), 0,
	       "no declaration, no charset, not UTF-8: windows-1252 (%s)", err);
	is_str(f.title, "Caf\xc3\xa9", "windows-1252 read");

	is_int(read_text("<rss version=\"2.0\" xmlns=\"http://backend.userland.com/rss2\"><channel><title>U</title>"
	                 "<item><title>In Userland's namespace</title><link>https://w.example/u</link></item></channel></rss>",
	                 NULL, &f, err), 0, "Userland's RSS 2.0 namespace (%s)", err);
	is_int(f.n_entries, 1, "Userland: its item");
	is_int(read_text("<feed><title>No ns</title><entry><title>E</title><link href=\"/e\"/><id>urn:e</id>"
	                 "<updated>2025-02-10T08:00:00Z</updated></entry></feed>", NULL, &f, err), 0,
	       "Atom without its namespace (%s)", err);
	is_int(f.kind, CONTENT_FEED_ATOM, "no ns: Atom");
	is_str(f.n_entries ? f.entries[0].url : NULL, "https://w.example/e", "no ns: the entry's link");
	is_int(read_text("<rss><channel><item><title>No link</title><guid isPermaLink=\"false\">s-1</guid></item>"
	                 "<item><description>Only words</description></item></channel></rss>", NULL, &f, err), 0,
	       "items without links (%s)", err);
	is_int(f.n_entries, 2, "both items kept");
	if (f.n_entries == 2) {
		ok(f.entries[0].url == NULL && strcmp(f.entries[0].id, "s-1") == 0, "no link: url NULL, the guid its id");
		ok(strncmp(f.entries[1].id, "sha256:", 7) == 0 && strlen(f.entries[1].id) == 71, "nothing but text: a hash for its id");
	}
	is_int(read_text("{\"version\": \"1.1\", \"title\": \"loose\", \"items\": [{\"id\": \"1\", \"url\": \"https://w.example/1\"}]}",
	                 NULL, &f, err), 0, "JSON Feed with a bare version number (%s)", err);

	/* 600 dated items oldest first: the newest 500 kept, in the feed's order */
	struct sb b;
	sb_init(&b);
	sb_puts(&b, "<rss><channel><title>long</title>");
	for (int i = 1; i <= 600; i++)
		sb_printf(&b, "<item><title>%d</title><link>https://w.example/%d</link><pubDate>%02d Jan %d 00:00:00 GMT</pubDate></item>",
		          i, i, 1 + (i - 1) % 28, 2000 + (i - 1) / 28);
	sb_puts(&b, "</channel></rss>");
	is_int(read_text(sb_str(&b), NULL, &f, err), 0, "600 items (%s)", err);
	is_int(f.n_entries, 500, "600 items: 500 kept");
	if (f.n_entries == 500) {
		is_str(f.entries[0].title, "101", "600 items: the oldest kept is the 101st");
		is_str(f.entries[499].title, "600", "600 items: the newest, last as in the feed");
	}
	sb_free(&b);

	/* bounds: bare ampersands whose escaping would pass LIMIT_XML_BYTES are refused before the copy is made;
	 * 120,000 items are looked at up to LIMIT_FEED_ENTRIES_SEEN and give LIMIT_FEED_ENTRIES */
	size_t many = 7 * 1024 * 1024;
	char *amps = malloc(many + 64);
	strcpy(amps, "<rss><channel><title>");
	memset(amps + 21, '&', many);
	strcpy(amps + 21 + many, "</title></channel></rss>");
	is_int(read_text(amps, NULL, &f, err), -1, "7 MB of bare '&': refused");
	like(err, "LIMIT_XML_BYTES", "names LIMIT_XML_BYTES (%s)", err);
	strcpy(amps + 21 + 1024 * 1024, "</title></channel></rss>");
	is_int(read_text(amps, NULL, &f, err), 0, "1 MB of bare '&': read (%s)", err);
	is_int(f.title ? (long long)strlen(f.title) : 0, 1024 * 1024, "1 MB of '&': the title holds them");
	free(amps);
	sb_init(&b);
	sb_puts(&b, "<rss><channel><title>many</title>");
	for (int i = 0; i < 120000; i++)
		sb_puts(&b, "<item><title>x</title></item>");
	sb_puts(&b, "</channel></rss>");
	is_int(read_text(sb_str(&b), NULL, &f, err), 0, "120,000 items read (%s)", err);
	is_int(f.n_entries, LIMIT_FEED_ENTRIES, "120,000 undated items: the first LIMIT_FEED_ENTRIES");
	sb_free(&b);
}

int main(void)
{
	arena_init(&A);
	test_rss2();
	test_old_rss();
	test_atom();
	test_json();
	test_bad();
	test_dates();
	test_discover();
	test_opml();
	test_wild();
	arena_free(&A);
	return done_testing();
}
