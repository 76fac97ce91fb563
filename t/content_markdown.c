/* content_markdown.c: tests of the HTML -> Markdown output: blocks, inlines, escaping, code fences, tables, limits. */
#include <stdlib.h>
#include <string.h>

#include "content/article/markdown.h"
#include "content/reader.h"
#include "content/article/sanitize.h"
#include "tap.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"

static struct arena A;

static const char *md(const char *html)
{
	char *out = NULL;
	size_t len = 0;
	struct content_error e;
	int rc = content_markdown(&A, html, strlen(html), NULL, &out, &len, &e);
	if (rc < 0)
		return e.code == CONTENT_E_LIMIT ? "(too large)" : "(failed)";
	return strlen(out) == len ? out : "(length mismatch)";
}

static void blocks(void)
{
	is_str(md(""), "", "empty input");
	is_str(md("<h1>One</h1><h3>Three <em>x</em></h3><h6>Six</h6>"), "# One\n\n### Three *x*\n\n###### Six\n", "ATX headings");
	is_str(md("<h2>a<br>b</h2><h2> </h2>"), "## a b\n", "heading on one line; empty heading dropped");
	is_str(md("<p>one</p><p>two\n  lines</p>"), "one\n\ntwo lines\n", "paragraphs, whitespace collapsed");
	is_str(md("<p>a<br>b<br></p>"), "a\\\nb\n", "br as backslash hard break, none at the end");
	is_str(md("<div>text<p>para</p>tail</div>"), "text\n\npara\n\ntail\n", "loose text around blocks");
	is_str(md("<p>a</p><hr><p>b</p>"), "a\n\n---\n\nb\n", "thematic break");
	is_str(md("<blockquote><p>q1</p><p>q2</p></blockquote>"), "> q1\n>\n> q2\n", "blockquote with two paragraphs");
	is_str(md("<blockquote>a<blockquote>b</blockquote></blockquote>"), "> a\n>\n> > b\n", "nested blockquote");
	is_str(md("<blockquote>x</blockquote><blockquote>y</blockquote>"), "> x\n\n> y\n", "adjacent quotes stay apart");
}

static void lists(void)
{
	is_str(md("<ul><li>a</li><li>b</li></ul>"), "- a\n- b\n", "bullet list");
	is_str(md("<ol><li>a</li><li>b</li></ol>"), "1. a\n2. b\n", "ordered list");
	is_str(md("<ol start=\"9\"><li>a</li><li>b</li></ol>"), "9. a\n10. b\n", "ordered list start");
	is_str(md("<ul><li>a<ul><li>b<ol><li>c</li></ol></li></ul></li><li>d</li></ul>"),
	       "- a\n  - b\n    1. c\n- d\n", "nested lists indented under their items");
	is_str(md("<ul><li><p>p1</p><p>p2</p></li><li>x</li></ul>"), "- p1\n\n  p2\n- x\n", "paragraphs in an item");
	is_str(md("<ul><li>a</li></ul><ul><li>b</li></ul>"), "- a\n\n* b\n", "adjacent lists alternate markers");
	is_str(md("<ol><li>a</li></ol><ol><li>b</li></ol>"), "1. a\n\n1) b\n", "adjacent ordered lists alternate delimiters");
	is_str(md("<ul><li></li><li>b</li></ul>"), "-\n- b\n", "empty item keeps its marker");
	is_str(md("<ul><li><pre>code\nmore</pre></li></ul>"), "- ```\n  code\n  more\n  ```\n", "code block in an item");
	is_str(md("<blockquote><ul><li>a</li></ul></blockquote>"), "> - a\n", "list in a quote");
	is_str(md("<ul><li><blockquote>q</blockquote></li></ul>"), "- > q\n", "quote in a list");
	is_str(md("<ul><li>a<ol start=3><li>b</li></ol></li></ul>"), "- a\n\n  3. b\n",
	       "an ordered list not starting at 1 cannot interrupt a paragraph: blank line");
}

static void inlines(void)
{
	is_str(md("<p><em>e</em> <i>i</i> <strong>s</strong> <b>b</b> <del>d</del> <s>s</s></p>"),
	       "*e* *i* **s** **b** ~~d~~ ~~s~~\n", "emphasis, strong, strikethrough");
	is_str(md("<p>a<em> b </em>c</p>"), "a *b* c\n", "spaces move outside the delimiters");
	is_str(md("<p>a<em></em>b<strong> </strong>c</p>"), "ab c\n", "empty emphasis vanishes");
	is_str(md("<p><em>a<em>b</em></em></p>"), "*ab*\n", "nested emphasis is not doubled");
	is_str(md("<p><a href=\"https://e.com/x\">link</a></p>"), "[link](https://e.com/x)\n", "link");
	is_str(md("<p><a href=\"https://e.com/a b(c)\" title='say \"hi\"'>t</a></p>"),
	       "[t](https://e.com/a%20b\\(c\\) \"say \\\"hi\\\"\")\n", "link destination and title escaped");
	is_str(md("<p><a href=\"https://e.com\"></a></p>"), "[https://e.com](https://e.com)\n", "empty link text: the URL");
	is_str(md("<p><a>no href</a></p>"), "no href\n", "anchor without href is text");
	is_str(md("<p><img src=\"https://e.com/i.png\" alt=\"An [image]\" title=\"T\"></p>"),
	       "![An \\[image\\]](https://e.com/i.png \"T\")\n", "image with alt and title");
	is_str(md("<p><a href=\"https://e.com\"><img src=\"https://e.com/i.png\" alt=\"i\"></a></p>"),
	       "[![i](https://e.com/i.png)](https://e.com)\n", "linked image");
	is_str(md("<img src=\"https://e.com/i.png\">"), "![](https://e.com/i.png)\n", "image without alt");
	is_str(md("<p><code>x = 1</code></p>"), "`x = 1`\n", "code span");
	is_str(md("<p><code>a`b</code></p>"), "``a`b``\n", "code span fence longer than a backtick inside");
	is_str(md("<p><code>`x`</code></p>"), "`` `x` ``\n", "code span padded when it starts with a backtick");
	is_str(md("<p><code>*not* [a](b)</code></p>"), "`*not* [a](b)`\n", "no escaping inside code");
}

static void escaping(void)
{
	is_str(md("<p>*a* _b_ [c](d) `e` \\f &lt;g&gt; h|i ~j~</p>"),
	       "\\*a\\* \\_b\\_ \\[c\\](d) \\`e\\` \\\\f \\<g> h\\|i \\~j\\~\n", "inline syntax escaped");
	is_str(md("<p># not a heading</p><p>- not a list</p><p>+ nor</p><p>&gt; nor a quote</p><p>1. nor ordered</p>"
	          "<p>2) nor</p><p>= not setext</p>"),
	       "\\# not a heading\n\n\\- not a list\n\n\\+ nor\n\n\\> nor a quote\n\n1\\. nor ordered\n\n2\\) nor\n\n\\= not setext\n",
	       "line-start syntax escaped");
	is_str(md("<p>a # b - c 1. d &gt; e</p>"), "a # b - c 1. d > e\n", "the same characters mid-line left alone");
	is_str(md("<p>x<br>- y<br>12. z</p>"), "x\\\n\\- y\\\n12\\. z\n", "line starts after hard breaks escaped");
	is_str(md("<p>AT&amp;T &amp;amp; &amp;#1; &amp; x</p>"), "AT\\&T \\&amp; \\&#1; & x\n", "entity look-alikes escaped");
	is_str(md("<h2>C# and #tags #</h2>"), "## C\\# and \\#tags \\#\n", "# in headings escaped");
	is_str(md("<p>caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x8d\xb0</p>"), "caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x8d\xb0\n", "UTF-8 passes");
}

static void code_blocks(void)
{
	is_str(md("<pre><code>int x;\n  y();\n</code></pre>"), "```\nint x;\n  y();\n```\n", "fenced code, indentation kept");
	is_str(md("<pre>a ```` b</pre>"), "`````\na ```` b\n`````\n", "fence longer than any backtick run");
	is_str(md("<pre>&lt;p&gt; *x* \\ </pre>"), "```\n<p> *x* \\ \n```\n", "code text raw, trailing space kept");
	is_str(md("<pre></pre>"), "```\n```\n", "empty code block");
	is_str(md("<pre><code>int<br>add(<span>a</span>)<div>return</div></code></pre>"), "```\nint\nadd(a)\nreturn\n```\n",
	       "a highlighter's <br> and line blocks in <pre> are newlines");
	is_str(md("<section><div>one.</div><div>Two</div></section><p>x<span>y</span><b>z</b></p>"), "one.\n\nTwo\n\nxy**z**\n",
	       "blocks apart, inline runs joined");
	is_str(md("<p><code>rehash<br>which openssl<br>openssl version</code></p>"), "`rehash which openssl openssl version`\n",
	       "a <br> in a code span is a space");
}

static void tables(void)
{
	is_str(md("<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1</td><td><em>2</em></td></tr>"
	          "<tr><td>a|b</td></tr></tbody></table>"),
	       "| A | B |\n| --- | --- |\n| 1 | *2* |\n| a\\|b |  |\n", "GFM pipe table, short row padded, pipe escaped");
	is_str(md("<table><tr><td><code>x|y</code></td></tr></table>"), "| `x\\|y` |\n| --- |\n", "pipe in code in a cell");
	is_str(md("<table><caption>Cap</caption><tr><td>a<br>b</td></tr></table>"), "Cap\n\n| a b |\n| --- |\n",
	       "caption before, break in a cell becomes a space");
	is_str(md("<table><tr><td colspan=2>wide</td></tr><tr><td>a</td><td>b</td></tr></table>"), "wide\n\na\n\nb\n",
	       "a table with spans becomes paragraphs");
	is_str(md("<table><tr><td><ul><li>x</li></ul></td></tr></table>"), "- x\n", "block content in a cell: not a pipe table");
}

static void sanitized_article(void)
{
	const char *html = "<article><h1>T</h1><p>By <a href=\"/about\">me</a></p><script>alert(1)</script>"
	                   "<figure><img src=\"pic.png\" alt=\"P\"><figcaption>cap</figcaption></figure></article>";
	char *clean = NULL, *out = NULL;
	size_t cl, ol;
	struct content_error e;
	ok(content_sanitize(&A, html, strlen(html), "https://e.com/post/", NULL, &clean, &cl, &e) == 0, "sanitize an article");
	ok(content_markdown(&A, clean, cl, NULL, &out, &ol, &e) == 0, "then convert it");
	is_str(out, "# T\n\nBy [me](https://e.com/about)\n\n![P](https://e.com/post/pic.png)\n\ncap\n",
	       "the sanitized article as Markdown");
}

static void limits(void)
{
	struct sb b;
	sb_init(&b);
	for (int i = 0; i < 100; i++)
		sb_puts(&b, "<blockquote>");
	sb_puts(&b, "deep");
	const char *o = md(sb_str(&b));
	size_t quotes = 0;
	for (const char *p = o; *p == '>' || *p == ' '; p++)
		quotes += *p == '>';
	is_int(quotes, LIMIT_MARKDOWN_DEPTH, "container nesting capped at LIMIT_MARKDOWN_DEPTH");
	like(o, "deep", "deep text kept");
	sb_free(&b);
}

int main(void)
{
	arena_init(&A);
	blocks();
	lists();
	inlines();
	escaping();
	code_blocks();
	tables();
	sanitized_article();
	limits();
	arena_free(&A);
	return done_testing();
}
