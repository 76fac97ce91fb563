/* content_feed.c: the feed readers on the samples of t/data/feeds (RSS 2.0 with content:encoded, RSS 0.91 and 1.0, Atom, JSON Feed), the broken, billion-laughs and XXE feeds, RSS dates, feed discovery on a page, and OPML read and written (TAP). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/feeds/feed.h"
#include "util/arena.h"
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
	arena_free(&A);
	return done_testing();
}
