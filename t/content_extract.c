/* content_extract.c: unit tests of the readable-article extractor on small hand-written pages and hostile input. */
#define _GNU_SOURCE /* asprintf */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "content/article/extract.h"
#include "content/reader.h"
#include "tap.h"
#include "util/arena.h"
#include "util/sb.h"

/* three paragraphs of article text, enough to pass the length threshold */
#define BODY_TEXT \
	"<p>The committee met on Tuesday to discuss the new budget, which includes funding for roads, schools, " \
	"parks and the library. Members argued for hours about the details, and in the end they agreed.</p>" \
	"<p>Residents who attended the meeting said they were pleased, although some worried about taxes, " \
	"fees, and the cost of living. The mayor promised to hold more public sessions next month.</p>" \
	"<p>Observers noted that the vote was unusually close, with several members changing their minds at " \
	"the last minute, after a long debate about priorities, spending, and the future of the town.</p>"

static struct content_article run(struct arena *a, const char *html, const char *url, int *rc)
{
	struct content_article art;
	*rc = content_extract(a, html, strlen(html), url, NULL, &art, &(struct content_error){ 0 });
	return art;
}

static bool has(const char *hay, const char *needle)
{
	return hay && strstr(hay, needle);
}

static void test_title(void)
{
	struct arena a;
	int rc;
	arena_init(&a);
	struct content_article art = run(&a, "<html><head><title>Budget Talks Drag On Into The Night | The Town Paper</title>"
	                                     "</head><body><article>" BODY_TEXT "</article></body></html>", NULL, &rc);
	is_int(rc, 0, "extract ok");
	is_str(art.title, "Budget Talks Drag On Into The Night", "title: site name after ' | ' removed");

	art = run(&a, "<html><head><title>Town Paper: Budget Talks Drag On Into The Night</title></head><body><article>"
	              BODY_TEXT "</article></body></html>", NULL, &rc);
	is_str(art.title, "Budget Talks Drag On Into The Night", "title: prefix before ': ' removed");

	art = run(&a, "<html><head><title>Home</title></head><body><h1>Budget Talks Drag On Into Night</h1><article>" BODY_TEXT
	              "</article></body></html>", NULL, &rc);
	is_str(art.title, "Budget Talks Drag On Into Night", "title: a too short <title> gives way to the only <h1>");

	art = run(&a, "<html><head><title>News - Budget</title></head><body><article>" BODY_TEXT "</article></body></html>",
	          NULL, &rc);
	is_str(art.title, "News - Budget", "title: cutting would leave too little, the original is kept");

	art = run(&a, "<html><head><title>x</title><meta property=\"og:title\" content=\"  The &amp;quot;Real&amp;quot; Title \">"
	              "</head><body><article>" BODY_TEXT "</article></body></html>", NULL, &rc);
	is_str(art.title, "The \"Real\" Title", "title: og:title wins, trimmed and unescaped");

	/* the heading repeating the title is dropped from the content */
	art = run(&a, "<html><head><title>Budget Talks Drag On Into The Night</title></head><body><article>"
	              "<h1>Budget Talks Drag On Into The Night</h1>" BODY_TEXT "</article></body></html>", NULL, &rc);
	ok(!has(art.content, "Drag On"), "title heading removed from the content");
	ok(has(art.content, "committee met"), "the article text stays");
	arena_free(&a);
}

static void test_byline_and_meta(void)
{
	struct arena a;
	int rc;
	arena_init(&a);
	struct content_article art = run(&a, "<html lang=\"en-GB\"><head><title>A title for the test page</title>"
	                                     "<meta name=\"author\" content=\"Jane Doe\">"
	                                     "<meta property=\"og:site_name\" content=\"Town Paper\">"
	                                     "<meta name=\"description\" content=\"What the council decided.\">"
	                                     "<meta property=\"article:published_time\" content=\"2024-03-01T10:00:00Z\">"
	                                     "</head><body><article>" BODY_TEXT "</article></body></html>", NULL, &rc);
	is_str(art.byline, "Jane Doe", "byline from <meta name=author>");
	is_str(art.site_name, "Town Paper", "og:site_name");
	is_str(art.excerpt, "What the council decided.", "excerpt from the description");
	is_str(art.published_time, "2024-03-01T10:00:00Z", "article:published_time");
	is_str(art.language, "en-GB", "language from <html lang>");
	ok(art.readerable, "readerable");
	ok(art.words_count > 80 && art.words_count < 120, "words counted (%ld)", art.words_count);

	art = run(&a, "<html><head><title>A title for the test page</title>"
	              "<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@type\":\"NewsArticle\","
	              "\"headline\":\"Council Passes Budget\",\"author\":[{\"@type\":\"Person\",\"name\":\"Ann Lee \"},"
	              "{\"name\":\"Bo Chan\"}],\"datePublished\":\"2023-11-05T08:30:00+01:00\","
	              "\"publisher\":{\"name\":\"The Ledger\"},\"image\":{\"url\":\"/img/lead.jpg\"},"
	              "\"description\":\"Budget news.\"}</script>"
	              "<meta name=\"author\" content=\"Somebody Else\"></head><body><article>" BODY_TEXT
	              "</article></body></html>", "https://news.example.com/2023/budget.html", &rc);
	is_str(art.title, "Council Passes Budget", "JSON-LD headline");
	is_str(art.byline, "Ann Lee, Bo Chan", "JSON-LD authors win over <meta>");
	is_str(art.published_time, "2023-11-05T08:30:00+01:00", "JSON-LD datePublished");
	is_str(art.site_name, "The Ledger", "JSON-LD publisher");
	is_str(art.excerpt, "Budget news.", "JSON-LD description");
	is_str(art.image, "https://news.example.com/img/lead.jpg", "JSON-LD image made absolute");

	/* a JSON-LD block that is not an article is ignored; broken JSON too */
	art = run(&a, "<html><head><title>A title for the test page</title>"
	              "<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@type\":\"WebSite\","
	              "\"name\":\"Wrong\"}</script><script type=\"application/ld+json\">{\"@type\":</script>"
	              "</head><body><article>" BODY_TEXT "</article></body></html>", NULL, &rc);
	is_str(art.title, "A title for the test page", "non-article and broken JSON-LD ignored");

	/* rel=author in the page */
	art = run(&a, "<html><head><title>A title for the test page</title></head><body><article>"
	              "<p class=\"meta\">By <a rel=\"author\" href=\"/people/max\">Max Power</a></p>" BODY_TEXT
	              "</article></body></html>", NULL, &rc);
	is_str(art.byline, "Max Power", "byline from rel=author");
	ok(!has(art.text_content, "Max Power"), "the byline is not repeated in the text");

	art = run(&a, "<html><head><title>A title for the test page</title>"
	              "<meta property=\"og:image\" content=\"../pics/a b.png\"></head><body><article>" BODY_TEXT
	              "</article></body></html>", "http://example.org/news/story/1", &rc);
	is_str(art.image, "http://example.org/news/pics/a%20b.png", "og:image resolved against the page URL");
	art = run(&a, "<html><head><title>A title for the test page</title>"
	              "<meta name=\"twitter:image\" content=\"//cdn.example.org/t.jpg\"></head><body><article>" BODY_TEXT
	              "</article></body></html>", "https://example.org/a", &rc);
	is_str(art.image, "https://cdn.example.org/t.jpg", "twitter:image, scheme-relative");
	arena_free(&a);
}

/* a page: head, then BODY_TEXT inside an article with what comes before it */
static struct content_article page(struct arena *a, const char *head, const char *before, const char *htmlattrs)
{
	char *html = NULL;
	int rc;
	if (asprintf(&html, "<html%s><head>%s</head><body><article>%s" BODY_TEXT "</article></body></html>", htmlattrs,
	             head, before) < 0)
		abort();
	struct content_article art = run(a, html, "https://paper.example/a/1", &rc);
	free(html);
	return art;
}

/* the rules beyond Readability (extract_meta.c), one page each */
static void test_meta_rules(void)
{
	struct arena a;
	arena_init(&a);
	struct content_article art;
	/* title: the site's name cut off where the page confirms it */
	art = page(&a, "<title>Budget Talks | Town Paper</title>", "<h1>Budget Talks</h1>", "");
	is_str(art.title, "Budget Talks", "title: the h1 confirms the cut");
	is_str(art.page_title, "Budget Talks | Town Paper", "title: Readability's (which keeps a short one whole) in page_title");
	art = page(&a, "<meta property=\"og:title\" content=\"Council Votes Budget - Town Paper\"><meta property=\"og:site_name\" content=\"Town Paper\">", "", "");
	is_str(art.title, "Council Votes Budget", "title: the site name confirms the cut");
	art = page(&a, "<title>Opinion | Enough platitudes: Let us name names</title>", "<h2>Enough platitudes: Let us name names</h2>", "");
	is_str(art.title, "Enough platitudes: Let us name names", "title: a heading confirms the part after the mark");
	art = page(&a, "<title>Standalone binaries using Emscripten \xC2\xB7 V8</title>", "<h1>V8</h1>", "");
	is_str(art.title, "Standalone binaries using Emscripten \xC2\xB7 V8", "title: a masthead h1 (the shorter side) cuts nothing");
	art = page(&a, "<title>Lust for Youth: Lust for Youth</title>", "<h1>Lust for Youth</h1>", "");
	is_str(art.title, "Lust for Youth: Lust for Youth", "title: two equal sides are not a site's name");
	art = page(&a, "<title>Budget Talks | Town Paper</title>", "", "");
	is_str(art.title, "Budget Talks | Town Paper", "title: nothing confirms, nothing cut");
	art = page(&a, "<title>\xE6\x96\xB0\xE8\x81\x9E\xE3\x82\x92\xE3\x82\xB9\xE3\x82\xAF\xE3\x83\xA9\xE3\x83\x83\xE3\x83\x97\xE3\x81\xA7\xE3\x81\x8D\xE3\x82\x8B\xE3\x83\x9A\xE3\x83\xB3\xEF\xBD\x9C\xE3\x82\xAC\xE3\x82\xB8\xE3\x82\xA7\xE3\x83\x83\xE3\x83\x88</title>"
	                "<meta property=\"og:site_name\" content=\"\xE3\x82\xAC\xE3\x82\xB8\xE3\x82\xA7\xE3\x83\x83\xE3\x83\x88\">", "", "");
	is_str(art.title, "\xE6\x96\xB0\xE8\x81\x9E\xE3\x82\x92\xE3\x82\xB9\xE3\x82\xAF\xE3\x83\xA9\xE3\x83\x83\xE3\x83\x97\xE3\x81\xA7\xE3\x81\x8D\xE3\x82\x8B\xE3\x83\x9A\xE3\x83\xB3", "title: CJK full-width bar, no spaces");
	/* author */
	art = page(&a, "<meta name=\"author\" content=\"By Marie Curie\">", "", "");
	is_str(art.byline, "Marie Curie", "author: 'By' dropped");
	art = page(&a, "", "<p class=\"byline\">January 17, 2017 at 6:08 PM ET by Kori Schulman</p>", "");
	is_str(art.byline, "Kori Schulman", "author: a date before ' by '");
	art = page(&a, "", "<div class=\"byline\">Nathan Willis March 25, 2015</div>", "");
	is_str(art.byline, "Nathan Willis", "author: a trailing date cut");
	art = page(&a, "<meta name=\"author\" content=\"April 28, 2019 at 6:01 am\">", "", "");
	ok(art.byline == NULL, "author: a date alone is no name");
	art = page(&a, "<meta name=\"author\" content=\"Last Updated: January 7, 2025\">", "", "");
	ok(art.byline == NULL, "author: a label and a date are no name");
	art = page(&a, "<meta name=\"author\" content=\"Pete Evans \xC2\xB7 CBC News\">", "", "");
	is_str(art.byline, "Pete Evans", "author: ' \xC2\xB7 Site' cut");
	art = page(&a, "<meta name=\"author\" content=\"https://www.facebook.com/someone\">", "", "");
	ok(art.byline == NULL, "author: an address is not a name");
	art = page(&a, "", "<p class=\"byline\">Written by Rob Ewaschuk, edited by Betsy Beyer</p>", "");
	is_str(art.byline, "Rob Ewaschuk, edited by Betsy Beyer", "author: ' by ' without a date before it is kept");
	/* published date */
	art = page(&a, "<meta name=\"article:published_time\" content=\"2019-04-15T13:18:34+00:00\">", "", "");
	is_str(art.published_time, "2019-04-15T13:18:34+00:00", "date: article:published_time by name=");
	art = page(&a, "<meta name=\"DC.date.issued\" content=\"2016-11-29T03:33:08\">", "", "");
	is_str(art.published_time, "2016-11-29T03:33:08", "date: DC.date.issued");
	art = page(&a, "<meta name=\"date\" content=\"yesterday\">", "<time itemprop=\"datePublished\" datetime=\"2016-12-16\">Dec 16</time>", "");
	is_str(art.published_time, "2016-12-16", "date: itemprop datePublished; a value that is no date is skipped");
	art = page(&a, "<script type=\"application/ld+json\">{\"@type\":\"WebPage\",\"datePublished\":\"2020-02-24T16:26:29Z\"}</script>", "", "");
	is_str(art.published_time, "2020-02-24T16:26:29Z", "date: any JSON-LD datePublished");
	art = page(&a, "", "<time datetime=\"2016-08-10T11:15:53+00:00\">August 10</time>", "");
	is_str(art.published_time, "2016-08-10T11:15:53+00:00", "date: the first <time datetime>");
	art = page(&a, "<meta property=\"article:published_time\" content=\"2001-01-01\"><meta name=\"date\" content=\"2002-02-02\">", "", "");
	is_str(art.published_time, "2001-01-01", "date: Readability's own source first");
	/* site name, language */
	art = page(&a, "<meta name=\"application-name\" content=\"247Sports\">", "", "");
	is_str(art.site_name, "247Sports", "site name: application-name");
	art = page(&a, "<meta property=\"og:site_name\" content=\"Town Paper\"><meta name=\"application-name\" content=\"App\">", "", "");
	is_str(art.site_name, "Town Paper", "site name: og:site_name first");
	art = page(&a, "<meta http-equiv=\"Content-Language\" content=\"de-AT, de\">", "", "");
	is_str(art.language, "de-AT", "language: content-language, its first");
	art = page(&a, "<meta property=\"og:locale\" content=\"en_GB\">", "", "");
	is_str(art.language, "en-GB", "language: og:locale");
	art = page(&a, "<meta property=\"og:locale\" content=\"en_GB\">", "", " lang=\"fr\"");
	is_str(art.language, "fr", "language: <html lang> first");
	/* lead image: og:image, then twitter:image, then JSON-LD's */
	art = page(&a, "<meta name=\"twitter:image\" content=\"/t.jpg\"><script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@type\":\"NewsArticle\",\"image\":{\"url\":\"/j.jpg\"}}</script>", "", "");
	is_str(art.image, "https://paper.example/t.jpg", "image: twitter:image before JSON-LD, made absolute");
	art = page(&a, "<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@type\":\"NewsArticle\",\"image\":[\"/j.jpg\"]}</script>", "", "");
	is_str(art.image, "https://paper.example/j.jpg", "image: JSON-LD image");
	art = page(&a, "", "<img src=\"/logo.png\" width=\"40\"><figure><img src=\"data:image/gif;base64,R0lGOD\"><img src=\"/lead.jpg\"><figcaption>c</figcaption></figure>", "");
	is_str(art.image, "https://paper.example/lead.jpg", "image: none named: the first of a figure (no icon, no data: URL)");
	art = page(&a, "", "<img src=\"/icon.png\" width=\"32\"><img src=\"/wide.jpg\" width=\"640\">", "");
	is_str(art.image, "https://paper.example/wide.jpg", "image: none named: the first wide one");
	art = page(&a, "<meta name=\"date\" content=\"2016-11-28 16:23:00 -0500\">", "<span itemprop=\"datePublished\" content=\"2018-10-29T10:15-500\"></span>", "");
	is_str(art.published_time, "2016-11-28 16:23:00-0500", "date: a space before the offset repaired");
	art = page(&a, "", "<span itemprop=\"datePublished\" content=\"2018-10-29T10:15-500\"></span>", "");
	is_str(art.published_time, "2018-10-29T10:15-0500", "date: a three-digit offset repaired");
	arena_free(&a);
}

static void test_content(void)
{
	struct arena a;
	int rc;
	arena_init(&a);
	struct content_article art = run(&a,
		"<html><head><title>A title for the test page</title><base href=\"/base/\"></head><body>"
		"<nav class=\"menu\"><a href=\"/\">Home</a> <a href=\"/news\">News</a> NAVIGATIONWORDS</nav>"
		"<div id=\"sidebar\">SIDEBARWORDS <a href=\"/x\">Popular</a></div>"
		"<div class=\"article-body\">" BODY_TEXT
		"<p>See <a href=\"docs/report.pdf\">the report</a> and <a href=\"#fn1\">note</a> and "
		"<a href=\"javascript:alert(1)\">this</a>, which were published in full, with all the tables.</p>"
		"<figure><img data-src=\"/images/photo.jpg\" class=\"lazyload\" alt=\"photo\"></figure>"
		"<p><img src=\"data:image/gif;base64,R0lGOD\" data-srcset=\"/i/a.jpg 1x, /i/b.jpg 2x\" alt=\"x\"></p>"
		"</div>"
		"<div class=\"comments\">COMMENTWORDS are here, many of them, really.</div>"
		"<footer>FOOTERWORDS copyright</footer>"
		"</body></html>", "https://example.com/2024/story.html", &rc);
	is_int(rc, 0, "extract ok");
	ok(has(art.content, "committee met"), "article text kept");
	ok(!has(art.text_content, "NAVIGATIONWORDS"), "navigation removed");
	ok(!has(art.text_content, "SIDEBARWORDS"), "sidebar removed");
	ok(!has(art.text_content, "COMMENTWORDS"), "comments removed");
	ok(!has(art.text_content, "FOOTERWORDS"), "footer removed");
	like(art.content, "href=\"https://example.com/base/docs/report.pdf\"", "relative link resolved against <base>");
	like(art.content, "href=\"https://example.com/base/#fn1\"", "fragment links follow <base> too");
	ok(!has(art.content, "javascript:"), "javascript: link removed");
	like(art.content, "this", "its text kept");
	like(art.content, "src=\"https://example.com/images/photo.jpg\"", "lazy image: data-src became an absolute src");
	like(art.content, "srcset=\"https://example.com/i/a.jpg 1x, https://example.com/i/b.jpg 2x\"",
	     "lazy image: data-srcset became an absolute srcset");
	ok(art.content && strncmp(art.content, "<div id=\"readability-page-1\" class=\"page\">", 42) == 0,
	   "content is one page div");
	ok(!has(art.content, "class=\"article-body\""), "classes other than page dropped");
	is_str(art.excerpt, "The committee met on Tuesday to discuss the new budget, which includes funding for roads, "
	       "schools, parks and the library. Members argued for hours about the details, and in the end they agreed.",
	       "excerpt defaults to the first paragraph");

	/* hidden content and unlikely roles */
	art = run(&a, "<html><body><div><div style=\"display: none\">HIDDENWORDS</div><div hidden>HIDDEN2</div>"
	              "<div role=\"dialog\">DIALOGWORDS</div>" BODY_TEXT "</div></body></html>", NULL, &rc);
	ok(!has(art.text_content, "HIDDENWORDS") && !has(art.text_content, "HIDDEN2"), "hidden elements removed");
	ok(!has(art.text_content, "DIALOGWORDS"), "role=dialog removed");
	ok(has(art.text_content, "Observers noted"), "text kept");

	/* <br><br> runs become paragraphs; a short page still gives its text (relaxed retries) */
	art = run(&a, "<html><body><div class=\"x\">First line of the short note<br><br>Second part of it</div></body></html>",
	          NULL, &rc);
	is_int(rc, 0, "short page ok");
	ok(has(art.text_content, "First line") && has(art.text_content, "Second part"), "short page text kept");
	like(art.content, "<p>Second part of it</p>", "double <br> made a paragraph");
	ok(!art.readerable, "a short page is not readerable");
	arena_free(&a);
}

static void test_words(void)
{
	is_int(content_count_words("Hello, world! It's 2024."), 5, "words: punctuation splits");
	is_int(content_count_words("  "), 0, "words: blank");
	is_int(content_count_words("日本語のテキスト"), 8, "words: every CJK character counts");
	is_int(content_count_words("Größe café naïve"), 3, "words: accented Latin letters are letters");
	is_int(content_count_words(NULL), 0, "words: NULL");
}

static void test_hostile(void)
{
	struct arena a;
	struct content_article art;
	arena_init(&a);
	is_int(content_extract(&a, "", 0, NULL, NULL, &art, &(struct content_error){ 0 }), 0, "empty input");
	ok(!art.content && !art.title, "empty input: nothing found");
	is_int(content_extract(&a, NULL, 0, "not a url", NULL, &art, &(struct content_error){ 0 }), 0, "NULL input, bad URL");

	/* binary junk, NULs included */
	char junk[65536];
	unsigned s = 12345;
	for (size_t i = 0; i < sizeof junk; i++) {
		s = s * 1103515245u + 12345u;
		junk[i] = (char)(s >> 16);
	}
	int rc = content_extract(&a, junk, sizeof junk, "http://x.test/", NULL, &art, &(struct content_error){ 0 });
	ok(rc == 0, "binary junk: no error (%d)", rc);
	memcpy(junk, "<p>", 3);
	for (size_t i = 0; i < sizeof junk; i += 7)
		junk[i] = "<>/\"=&p"[i % 7];
	ok(content_extract(&a, junk, sizeof junk, NULL, NULL, &art, &(struct content_error){ 0 }) == 0, "tag-ish junk: no error");
	arena_reset(&a);

	/* 100k nested divs around an article */
	struct sb b;
	sb_init(&b);
	sb_puts(&b, "<html><head><title>Deep page title here</title></head><body>");
	for (int i = 0; i < 100000; i++)
		sb_puts(&b, "<div>");
	sb_puts(&b, BODY_TEXT);
	for (int i = 0; i < 100000; i++)
		sb_puts(&b, "</div>");
	sb_puts(&b, "</body></html>");
	ok(!sb_error(&b), "built the deep page");
	rc = content_extract(&a, sb_str(&b), b.len, NULL, NULL, &art, &(struct content_error){ 0 });
	is_int(rc, 0, "100k nested divs: ok");
	is_str(art.title, "Deep page title here", "100k nested divs: title");
	sb_free(&b);
	arena_reset(&a);

	/* nested inline elements and tables */
	sb_init(&b);
	for (int i = 0; i < 50000; i++)
		sb_puts(&b, i % 2 ? "<table><tr><td>" : "<a href=x><b><i>");
	sb_puts(&b, BODY_TEXT);
	rc = content_extract(&a, sb_str(&b), b.len, NULL, NULL, &art, &(struct content_error){ 0 });
	is_int(rc, 0, "deep tables and inline elements: ok");
	sb_free(&b);
	arena_reset(&a);

	/* huge attributes and a huge title */
	sb_init(&b);
	sb_puts(&b, "<html><head><title>");
	for (int i = 0; i < 200000; i++)
		sb_puts(&b, "word - ");
	sb_puts(&b, "</title><meta property=\"og:image\" content=\"");
	for (int i = 0; i < 500000; i++)
		sb_putc(&b, 'a');
	sb_puts(&b, "\"></head><body><div class=\"");
	for (int i = 0; i < 200000; i++)
		sb_puts(&b, "comment ");
	sb_puts(&b, "\" data-src=\"");
	for (int i = 0; i < 200000; i++)
		sb_puts(&b, "x.jpg 1");
	sb_puts(&b, "\">" BODY_TEXT "</div><img srcset=\"");
	for (int i = 0; i < 100000; i++)
		sb_puts(&b, "a.jpg 1x, ");
	sb_puts(&b, "\"></body></html>");
	rc = content_extract(&a, sb_str(&b), b.len, "https://example.com/", NULL, &art, &(struct content_error){ 0 });
	is_int(rc, 0, "huge attributes: ok");
	ok(art.title != NULL, "huge attributes: a title");
	sb_free(&b);
	arena_reset(&a);

	/* JSON-LD nested deeply, and huge */
	sb_init(&b);
	sb_puts(&b, "<script type=\"application/ld+json\">");
	for (int i = 0; i < 100000; i++)
		sb_putc(&b, '[');
	sb_puts(&b, "</script><p>x</p>");
	rc = content_extract(&a, sb_str(&b), b.len, NULL, NULL, &art, &(struct content_error){ 0 });
	is_int(rc, 0, "deep JSON-LD: ok");
	sb_free(&b);

	/* a frameset page has no body; a page with too many elements gets its metadata only */
	rc = content_extract(&a, "<html><head><title>Frames page title here</title></head><frameset><frame src=a>"
	                     "</frameset></html>", 97, NULL, NULL, &art, &(struct content_error){ 0 });
	is_int(rc, 0, "frameset page: ok");
	is_str(art.title, "Frames page title here", "frameset page: title");
	ok(!art.content, "frameset page: no content");
	sb_init(&b);
	sb_puts(&b, "<title>A page with far too many elements</title>" BODY_TEXT);
	for (int i = 0; i < 210000; i++)
		sb_puts(&b, "<b></b>");
	/* no CPU budget: the element count is tested, not the time (under ASan on a busy machine this parse ran past
	 * LIMIT_HTML_PARSE_MS and the degraded parse, which keeps fewer elements, gave the page a body) */
	rc = content_extract(&a, sb_str(&b), b.len, NULL, &(struct content_limits){ .budget_ms = -1 }, &art,
	                     &(struct content_error){ 0 });
	is_int(rc, 0, "too many elements: ok");
	is_str(art.title, "A page with far too many elements", "too many elements: title");
	ok(!art.content, "too many elements: no content");
	sb_free(&b);
	arena_reset(&a);

	/* an arena with a small limit: -1, never a crash */
	struct arena small;
	struct content_error e;
	arena_init(&small);
	small.limit = 4096;
	rc = content_extract(&small, "<html><body>" BODY_TEXT BODY_TEXT "</body></html>",
	                     strlen("<html><body>" BODY_TEXT BODY_TEXT "</body></html>"), NULL, NULL, &art, &e);
	is_int(rc, -1, "arena exhausted: -1");
	is_int(e.code, CONTENT_E_NOMEM, "arena exhausted: the error says out of memory");
	arena_free(&small);
	arena_free(&a);
}

int main(void)
{
	test_title();
	test_byline_and_meta();
	test_meta_rules();
	test_content();
	test_words();
	test_hostile();
	return done_testing();
}
