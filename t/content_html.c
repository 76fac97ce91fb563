/* content_html.c: tests of the HTML tree: parse + serialize round-trips, edits, queries, deep nesting, copies, NUL bytes. */
#include <stdlib.h>
#include <string.h>

#include "content/article/html.h"
#include "tap.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"

static struct arena A;

/* parse and serialize the <body>'s children */
static const char *body_of(const char *html)
{
	static char buf[65536];
	struct html_doc *d = html_parse(&A, html, strlen(html), NULL);
	struct sb b;
	if (!d)
		return "(parse failed)";
	sb_init(&b);
	html_serialize(html_first_element(d->root, "body"), &b, false);
	snprintf(buf, sizeof buf, "%s", sb_str(&b));
	sb_free(&b);
	return buf;
}

static const char *doc_of(const char *html, size_t n)
{
	static char buf[65536];
	struct html_doc *d = html_parse(&A, html, n, NULL);
	struct sb b;
	if (!d)
		return "(parse failed)";
	sb_init(&b);
	html_serialize_doc(d, &b);
	snprintf(buf, sizeof buf, "%s", sb_str(&b));
	sb_free(&b);
	return buf;
}

static void round_trips(void)
{
	is_str(doc_of("<!DOCTYPE html><title>T</title><p>x", 36),
	       "<!DOCTYPE html><html><head><title>T</title></head><body><p>x</p></body></html>", "implied tags and doctype");
	is_str(body_of("<p>a<figure>f</figure>b"), "<p>a</p><figure>f</figure>b", "<figure> closes <p>");
	is_str(body_of("<p>a<section>s</section>"), "<p>a</p><section>s</section>", "<section> closes <p>");
	is_str(body_of("<p>a<span>b</span>c"), "<p>a<span>b</span>c</p>", "inline stays inside <p>");
	is_str(body_of("<table><tr><td>1<td>2</table>"),
	       "<table><tbody><tr><td>1</td><td>2</td></tr></tbody></table>", "table gets tbody, cells closed");
	is_str(body_of("<p>&#146; &nbsp x&amp;y &lt;</p>"), "<p>\xe2\x80\x99 &nbsp; x&amp;y &lt;</p>",
	       "&#146; is U+2019, &nbsp without ; decoded and re-escaped");
	is_str(body_of("<p title='a\"b&c\xc2\xa0<'>t</p>"), "<p title=\"a&quot;b&amp;c&nbsp;<\">t</p>",
	       "attribute escaping");
	is_str(body_of("<p>x</p><!-- hi -->"), "<p>x</p><!-- hi -->", "comment kept");
	is_str(doc_of("<!--a--><p>x", 12), "<!--a--><html><head></head><body><p>x</p></body></html>",
	       "comment before <html> stays on the document");
	is_str(body_of("<svg viewbox=\"0 0 1 1\"><foreignobject></foreignobject><path d=\"M0\"/></svg>"),
	       "<svg viewBox=\"0 0 1 1\"><foreignObject></foreignObject><path d=\"M0\"></path></svg>",
	       "SVG case-sensitive attribute and tag names");
	is_str(body_of("<br><img src=a.png alt=x><hr/>"), "<br><img src=\"a.png\" alt=\"x\"><hr>", "void elements");
	is_str(body_of("<body><script>if (a < b && c) x='</p>';</script>"),
	       "<script>if (a < b && c) x='</p>';</script>", "script text not escaped");
	is_str(body_of("<body><style>a > b { }</style>"), "<style>a > b { }</style>", "style text not escaped");
	is_str(body_of("<pre>\n\nx</pre>"), "<pre>\n\nx</pre>", "pre leading newline kept by an extra newline");
	is_str(body_of("<pre>\nx</pre>"), "<pre>x</pre>", "pre first newline eaten by the parser");
	is_str(body_of("<textarea>\n\na<b></textarea>"), "<textarea>\n\na&lt;b&gt;</textarea>", "textarea");
	is_str(body_of("<b>1<i>2</b>3</i>"), "<b>1<i>2</i></b><i>3</i>", "misnested formatting (adoption agency)");
	is_str(body_of("<math><mi>x</mi></math>"), "<math><mi>x</mi></math>", "MathML");
	is_str(body_of("<my-el Data-X=1>z</my-el>"), "<my-el data-x=\"1\">z</my-el>", "custom element, names lower-cased");
}

static void namespaces(void)
{
	struct html_doc *d = html_parse(&A, "<svg><circle r=1 /></svg><math></math><div></div>", 49, NULL);
	ok(d != NULL, "parsed");
	is_int(html_first_element(d->root, "circle")->ns, HTML_NS_SVG, "circle in SVG");
	is_int(html_first_element(d->root, "math")->ns, HTML_NS_MATHML, "math in MathML");
	is_int(html_first_element(d->root, "div")->ns, HTML_NS_HTML, "div in HTML");
	ok(!d->has_doctype, "no doctype");
}

static const char *ser(const struct html_node *n, bool outer)
{
	static char buf[4096];
	struct sb b;
	sb_init(&b);
	html_serialize(n, &b, outer);
	snprintf(buf, sizeof buf, "%s", sb_str(&b));
	sb_free(&b);
	return buf;
}

static void edits(void)
{
	const char *src = "<div id=a class=c><p>one <b>two</b> three</p><span>s</span></div>";
	struct html_doc *d = html_parse(&A, src, strlen(src), NULL);
	struct html_node *div = html_first_element(d->root, "div");
	struct html_node *b = html_first_element(div, "b");
	struct html_node *p = html_first_element(div, "p");
	struct html_node *span = html_first_element(div, "span");

	is_str(html_get_attr(div, "id"), "a", "get_attr");
	ok(html_get_attr(div, "nope") == NULL, "missing attr is NULL");
	html_set_attr(d, div, "id", "b&");
	html_set_attr(d, div, "data-n", "1");
	html_remove_attr(div, "class");
	is_str(ser(div, true), "<div id=\"b&amp;\" data-n=\"1\"><p>one <b>two</b> three</p><span>s</span></div>",
	       "attributes set, appended, removed in order");
	html_unwrap(b);
	is_str(ser(p, true), "<p>one two three</p>", "unwrap");
	is_int(p->first_child->next->type, HTML_TEXT, "unwrapped text is a child of p");
	ok(p->first_child->next->parent == p, "parent link updated");
	html_rename(d, span, "EM");
	is_str(ser(span, true), "<em>s</em>", "rename lower-cases");
	struct html_node *img = html_create_element(d, "img");
	html_set_attr(d, img, "src", "x.png");
	html_insert_before(div, img, p);
	struct html_node *t = html_create_text(d, "a<b");
	html_append(div, t);
	is_str(ser(div, false), "<img src=\"x.png\"><p>one two three</p><em>s</em>a&lt;b", "insert_before and append");
	struct html_node *h = html_create_element(d, "h2");
	html_append(h, html_create_text(d, "T"));
	html_replace(p, h);
	is_str(ser(div, false), "<img src=\"x.png\"><h2>T</h2><em>s</em>a&lt;b", "replace");
	ok(p->parent == NULL && p->next == NULL && p->prev == NULL, "replaced node detached");
	html_remove(img);
	html_remove(t);
	is_str(ser(div, false), "<h2>T</h2><em>s</em>", "remove first and last child");
	ok(div->first_child == h && div->last_child == span, "first/last child links");
	html_append(div, h);
	is_str(ser(div, false), "<em>s</em><h2>T</h2>", "append moves an attached node");
	struct html_node *em_text = span->first_child;
	html_append(span, div);
	ok(div->parent != span && span->first_child == em_text && span->last_child == em_text,
	   "appending an ancestor into its descendant is refused");
	is_str(ser(img, true), "<img src=\"x.png\">", "detached void element serializes alone");
	is_str(ser(html_create_element(d, "p"), true), "<p></p>", "empty element gets an end tag");
}

static void queries(void)
{
	const char *src = "<html><head><title>Ti</title><style>x{}</style></head><body>\n"
	                  "<h1>Head  line</h1><p>Para\n one <b>bold</b></p><script>var x;</script>"
	                  "<ul><li>a</li><li>b</li></ul>x<br>y</body></html>";
	struct html_doc *d = html_parse(&A, src, strlen(src), NULL);
	struct html_node *body = html_first_element(d->root, "body");
	is_str(html_text_content(&A, html_first_element(body, "p")), "Para\n one bold", "text_content keeps whitespace");
	is_str(html_inner_text(&A, body), "Head line Para one bold a b x y", "inner_text collapses, skips script");
	is_str(html_inner_text(&A, html_first_element(d->root, "h1")), "Head line", "inner_text of one element");
	int count = 0;
	for (struct html_node *n = body; n; n = html_next(body, n))
		count += n->type == HTML_ELEMENT;
	is_int(count, 9, "walk visits body and its 8 elements");
	ok(html_first_element(body, "title") == NULL, "first_element stays inside the subtree");
	is_str(html_first_element(d->root, "title")->first_child->text, "Ti", "first_element finds title");
}

/* html_inner_text (the index's text) and html_lines_text (larder extract's): blocks apart, inline runs joined */
static const char *flat(const char *html, bool lines)
{
	struct html_doc *d = html_parse(&A, html, strlen(html), NULL);
	struct html_node *body = d ? html_first_element(d->root, "body") : NULL;
	return body ? (lines ? html_lines_text(&A, body) : html_inner_text(&A, body)) : NULL;
}

static void block_text(void)
{
	static const struct { const char *html, *inner, *lines, *what; } cases[] = {
		{ "<p>end of paragraph.</p><p>Next one</p>", "end of paragraph. Next one", "end of paragraph.\nNext one",
		  "paragraphs" },
		{ "foo<b>bar</b><a href=x>baz</a><span>qux</span><em>1</em><code>2</code>", "foobarbazqux12",
		  "foobarbazqux12", "inline elements gain no space" },
		{ "<div><div><p>a</p></div>b</div><section><article>c</article></section>d", "a b c d", "a\nb\nc\nd",
		  "nested blocks and the text after their end" },
		{ "<p>a</p>  \n  <p> </p><div>\n</div><p>b</p>", "a b", "a\nb", "whitespace-only nodes add one break" },
		{ "one<br>two<br><br>three", "one two three", "one\ntwo\nthree", "br" },
		{ "<table><tr><td>a</td><td>b</td></tr><tr><th>c</th><td>d</td></tr></table>", "a b c d", "a\nb\nc\nd",
		  "table cells" },
		{ "<ul><li>one</li><li>two<ol><li>three</li></ol></li></ul><dl><dt>t</dt><dd>d</dd></dl>",
		  "one two three t d", "one\ntwo\nthree\nt\nd", "lists and definition lists" },
		{ "<h1>T</h1><blockquote>q</blockquote><figure><img src=x><figcaption>cap</figcaption></figure>x<hr>y",
		  "T q cap x y", "T\nq\ncap\nx\ny", "headings, quotes, captions, hr" },
		{ "<p>日本<span>語</span><b>の</b>文</p><p>次</p>", "日本語の文 次", "日本語の文\n次",
		  "CJK: no space between inline runs" },
		{ "<center>a</center><menu><li>b</li></menu><details><summary>s</summary>d</details>", "a b s d",
		  "a\nb\ns\nd", "the other block-ish elements" },
		{ "<p>x</p><pre>  a  b\n c<br>d</pre>", "x a b c d", "x\n  a  b\n c\nd", "pre: lines keep its whitespace" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		is_str(flat(cases[i].html, false), cases[i].inner, "inner_text: %s", cases[i].what);
		is_str(flat(cases[i].html, true), cases[i].lines, "lines_text: %s", cases[i].what);
	}
}

static void deep(void)
{
	size_t n = 100000;
	char *s = malloc(n * 5 + 20);
	for (size_t i = 0; i < n; i++)
		memcpy(s + i * 5, "<div>", 5);
	strcpy(s + n * 5, "end");
	struct html_doc *d = html_parse(&A, s, strlen(s), NULL);
	ok(d != NULL, "100k nested divs parse");
	ok(d && d->truncated, "deep input is cut");
	int depth = 0, max = 0;
	for (struct html_node *x = d ? d->root : NULL; x; x = html_next(d->root, x)) {
		depth = 0;
		for (struct html_node *p = x; p; p = p->parent)
			depth++;
		if (depth > max)
			max = depth;
	}
	ok(max > LIMIT_HTML_DEPTH && max < LIMIT_HTML_DEPTH + 10, "tree depth near the limit (%d)", max);
	struct sb b;
	sb_init(&b);
	html_serialize_doc(d, &b);
	ok(!sb_error(&b) && b.len > 5 * LIMIT_HTML_DEPTH, "deep tree serializes");
	like(sb_str(&b), "</div></div></body></html>", "end tags closed");
	sb_free(&b);
	free(s);

	/* stray end tags do not hide the depth */
	struct sb in;
	sb_init(&in);
	for (int i = 0; i < 100000; i++)
		sb_puts(&in, "<div></span>");
	d = html_parse(&A, sb_str(&in), in.len, NULL);
	ok(d && d->truncated, "stray end tags between 100k divs: still cut");
	sb_reset(&in);
	for (int i = 0; i < 3000; i++)
		sb_puts(&in, "<div><span>a</span><p>b</div>");
	d = html_parse(&A, sb_str(&in), in.len, NULL);
	ok(d && !d->truncated, "3000 closed divs are not deep");
	is_int(html_first_element(d->root, "body")->last_child->type, HTML_ELEMENT, "body ends with an element");

	/* nesting that closes itself is not cut */
	sb_reset(&in);
	for (int i = 0; i < 5000; i++)
		sb_puts(&in, "<p>x<li>y");
	d = html_parse(&A, sb_str(&in), in.len, NULL);
	ok(d && !d->truncated, "many unclosed <p> and <li> are not deep");
	sb_free(&in);
}

static void clone(void)
{
	static const char page[] = "<!DOCTYPE html><title>T</title><p id=a class=b>x<b>y</b><!--c--><svg viewBox=\"0 0 1 1\"></svg>";
	struct html_doc *d = html_parse(&A, page, sizeof page - 1, NULL);
	struct html_doc *c = d ? html_clone_doc(&A, d) : NULL;
	struct sb b1, b2;
	sb_init(&b1);
	sb_init(&b2);
	html_serialize_doc(d, &b1);
	if (c)
		html_serialize_doc(c, &b2);
	ok(c && strcmp(sb_str(&b1), sb_str(&b2)) == 0, "a copy serializes as the original");
	struct html_node *p = c ? html_first_element(c->root, "p") : NULL;
	html_set_attr(c, p, "id", "z");
	html_remove_attr(p, "class");
	html_remove(html_first_element(c->root, "b"));
	sb_reset(&b2);
	html_serialize_doc(d, &b2);
	ok(strcmp(sb_str(&b1), sb_str(&b2)) == 0, "editing the copy leaves the original as it was");
	like(sb_str(&b2), "<p id=\"a\" class=\"b\">x<b>y</b>", "its attributes and children");
	sb_free(&b1);
	sb_free(&b2);
}

static void nul_bytes(void)
{
	const char src[] = "<p a=\"x\0y\">a\0b</p><!--c\0d--><script>q\0r</script>";
	const char *out = doc_of(src, sizeof src - 1);
	like(out, "<p a=\"x\xef\xbf\xbdy\">ab</p>", "NUL in attribute is U+FFFD, in text dropped");
	like(out, "<!--c\xef\xbf\xbd" "d-->", "NUL in comment is U+FFFD");
	like(out, "<script>q\xef\xbf\xbdr</script>", "NUL in script is U+FFFD");
	is_str(doc_of("", 0), "<html><head></head><body></body></html>", "empty input");
}

int main(void)
{
	arena_init(&A);
	round_trips();
	namespaces();
	edits();
	queries();
	block_text();
	deep();
	clone();
	nul_bytes();
	arena_free(&A);
	return done_testing();
}
