/* content_html_bomb.c: html_parse on inputs built to make gumbo quadratic (attribute bombs, desync tricks, adoption-agency and foreign-content depth), the attribute cap, the budget fallback and the degraded form. */
#define _GNU_SOURCE /* memmem */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/article/html.h"
#include "content/article/html_guard.h"
#include "content/reader.h"
#include "tap.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/time.h"

/* The budget bombs below take the code before the budget (main at fa05201) more than 10 s each;
 * what the tests check is deterministic: the tree's depth and the degraded flag under a forced
 * budget (100 ms; 400 ms where the tree must first be built within it), which those sizes pass
 * many times over. */
#define TEST_BUDGET_MS 100

struct shape {
	int max_depth;          /* deepest element below the document */
	int max_attrs;          /* most attributes on one element */
	size_t elements;
};

static struct shape shape_of(const struct html_doc *d)
{
	struct shape s = { 0, 0, 0 };
	const struct html_node *root = d->root, *n = root;
	int depth = 0;
	for (;;) {
		if (n->type == HTML_ELEMENT) {
			int k = 0;
			for (const struct html_attr *a = n->attrs; a; a = a->next)
				k++;
			if (k > s.max_attrs)
				s.max_attrs = k;
			s.elements++;
		}
		if (n->first_child) {
			n = n->first_child;
			if (++depth > s.max_depth)
				s.max_depth = depth;
			continue;
		}
		while (n != root && !n->next) {
			n = n->parent;
			depth--;
		}
		if (n == root)
			break;
		n = n->next;
	}
	return s;
}

/* head, then piece repeated count times, then tail */
static char *repeat(const char *head, const char *piece, size_t count, const char *tail, size_t *n)
{
	struct sb b;
	sb_init(&b);
	sb_puts(&b, head);
	for (size_t i = 0; i < count; i++)
		sb_puts(&b, piece);
	sb_puts(&b, tail);
	*n = b.len;
	return sb_take(&b);
}

/* head, then an element with count distinct attributes a0 a1 ..., then tail */
static char *attr_bomb(const char *head, size_t count, const char *tail, size_t *n)
{
	struct sb b;
	sb_init(&b);
	sb_puts(&b, head);
	sb_puts(&b, "<div");
	for (size_t i = 0; i < count; i++)
		sb_printf(&b, " a%zu", i);
	sb_puts(&b, ">after");
	sb_puts(&b, tail);
	*n = b.len;
	return sb_take(&b);
}

static void attribute_bombs(struct arena *a)
{
	static const struct {
		const char *name, *head, *tail;
	} tricks[] = {
		{ "plain", "<html><body>", "" },
		{ "after a comment holding <p x=\"", "<!-- <p x=\" -->", "" },
		{ "after <script><!--</script>", "<script><!--</script>", "" },
		{ "after <svg><style>", "<svg><style>", "" },
		{ "after <math><style>", "<math><style>", "" },
		{ "after a quote in text", "<p>he said \"yes</p>", "" },
		{ "inside <textarea> (text, still capped)", "<textarea>", "</textarea>" },
		{ "inside a comment", "<!--", "-->" },
		{ "inside <script><!--<script>", "<script><!--<script>", "</script></script>" },
		{ "inside a quoted value", "<p title=\"", "\">x</p>" },
	};
	for (size_t i = 0; i < sizeof tricks / sizeof tricks[0]; i++) {
		size_t n;
		char *s = attr_bomb(tricks[i].head, 40000, tricks[i].tail, &n);
		struct html_doc *d = html_parse(a, s, n, NULL);
		struct shape sh = d ? shape_of(d) : (struct shape){ 0, 0, 0 };
		ok(d && sh.max_attrs <= LIMIT_HTML_ATTRS, "40000 attributes %s: parsed, at most %d on an element (%d)",
		   tricks[i].name, LIMIT_HTML_ATTRS, sh.max_attrs);
		free(s);
	}

	/* slashes and quotes start attributes too */
	static const char *const pieces[] = { "/x", " \"q", " 'q", " =e", " <l" };
	for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++) {
		size_t n;
		struct sb b;
		sb_init(&b);
		for (int k = 0; k < 20000; k++)
			sb_printf(&b, "%s%d", pieces[i], k);
		char *s = repeat("<div", sb_str(&b), 1, ">", &n);
		struct html_doc *d = html_parse(a, s, n, NULL);
		struct shape sh = d ? shape_of(d) : (struct shape){ 0, 0, 0 };
		ok(d && sh.max_attrs <= LIMIT_HTML_ATTRS, "attributes begun by '%c': at most %d (%d)",
		   pieces[i][0] == ' ' ? pieces[i][1] : pieces[i][0],
		   LIMIT_HTML_ATTRS, sh.max_attrs);
		sb_free(&b);
		free(s);
	}

	/* duplicates (gumbo 0.10.1 does not clear the name after one, so later names grow: a, aa, aaa ...,
	 * quadratic in bytes): the cap ends the tag, the rest is text */
	size_t n;
	char *s = repeat("<div", " a", 200000, ">end", &n);
	struct html_doc *d = html_parse(a, s, n, NULL);
	struct html_node *div = d ? html_first_element(d->root, "div") : NULL;
	struct shape sh = d ? shape_of(d) : (struct shape){ 0, 0, 0 };
	ok(div && sh.max_attrs <= LIMIT_HTML_ATTRS, "200000 duplicate attributes: at most %d kept (%d)",
	   LIMIT_HTML_ATTRS, sh.max_attrs);
	const char *text = div ? html_text_content(a, div) : NULL;
	ok(text && strlen(text) > 300000 && strstr(text, "a a a") && strstr(text, "end"),
	   "the tag ends after %d of them, the rest is text", LIMIT_HTML_ATTRS);
	free(s);
}

static void cap_exact(void)
{
	char *out;
	size_t outn;
	size_t n;
	char *s = attr_bomb("", LIMIT_HTML_ATTRS, "", &n);
	is_int(html_cap_attrs(s, n, LIMIT_HTML_ATTRS, &out, &outn), 0, "%d attributes: input unchanged",
	       LIMIT_HTML_ATTRS);
	free(s);
	s = attr_bomb("", LIMIT_HTML_ATTRS + 1, "", &n);
	is_int(html_cap_attrs(s, n, LIMIT_HTML_ATTRS, &out, &outn), 1, "one more: changed");
	char want[32];
	snprintf(want, sizeof want, " a%d >a%d>after", LIMIT_HTML_ATTRS - 1, LIMIT_HTML_ATTRS);
	ok(out && outn == n + 1 && memmem(out, outn, want, strlen(want)) != NULL, "'>' inserted before the extra one");
	free(out);
	free(s);
	/* a quoted value takes the '>' as a character, and the tag goes on */
	is_int(html_cap_attrs("<a b=\"x\">", 9, 1, &out, &outn), 0, "one attribute under a cap of 1");
	is_int(html_cap_attrs("<a b c>", 7, 1, &out, &outn), 1, "two under a cap of 1");
	is_str(out, "<a b >c>", "the second cut off");
	free(out);
	is_int(html_cap_attrs("<a x=\"<b c d\">", 14, 1, &out, &outn), 1, "a tag-like quoted value is capped too");
	is_str(out, "<a x=\"<b c >d\">", "the '>' lands inside the value");
	free(out);
}

/* pages that must not change: the pre-pass returns them as they are */
static void normal_pages(struct arena *a)
{
	static const char *const files[] = { "t/data/xss/benign.html", "t/data/pages/pelicans.html" };
	const char *top = getenv("top_srcdir");
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", top ? top : ".", files[i]);
		FILE *f = fopen(path, "rb");
		struct sb b;
		char buf[4096], *out;
		size_t k, outn;
		sb_init(&b);
		while (f && (k = fread(buf, 1, sizeof buf, f)) > 0)
			sb_putn(&b, buf, k);
		if (f)
			fclose(f);
		ok(f && b.len > 1000, "%s read", files[i]);
		is_int(html_cap_attrs(sb_str(&b), b.len, LIMIT_HTML_ATTRS, &out, &outn), 0,
		       "%s: the attribute cap leaves it byte-identical", files[i]);
		struct html_doc *d = html_parse(a, sb_str(&b), b.len, NULL);
		ok(d && !d->degraded && !d->truncated, "%s: parsed in full", files[i]);
		sb_free(&b);
	}
}

static void budget_bombs(struct arena *a)
{
	static const struct {
		const char *name, *head, *piece, *tail;
		size_t count;
	} bombs[] = {
		/* the adoption agency keeps each <div> open: the depth pre-scan sees it closed */
		{ "<b><div></b> x80000", "", "<b><div></b>", "", 80000 },
		{ "<a><div></a> x80000", "", "<a><div></a>", "", 80000 },
		/* <style> is not raw text in foreign content: the depth pre-scan skips what gumbo nests */
		{ "<svg><style> then 100000 <div>", "<svg><style>", "<div>", "", 100000 },
		{ "<math><style> then 100000 <div>", "<math><style>", "<div>", "", 100000 },
		/* a tree 12000 deep (built well within the budget), then 3 MB of text: each character
		 * scans the stack and allocates nothing, so the CPU timer is what stops gumbo */
		{ "<b><div></b> x6000 then <i> and text", "", "<b><div></b>", "<i>", 6000 },
	};
	for (size_t i = 0; i < sizeof bombs / sizeof bombs[0]; i++) {
		size_t n;
		char *s = repeat(bombs[i].head, bombs[i].piece, bombs[i].count, bombs[i].tail, &n);
		struct content_limits lim = { .budget_ms = i == 4 ? 4 * TEST_BUDGET_MS : TEST_BUDGET_MS };
		if (i == 4) {
			char *t = repeat(s, "text ", 600000, "", &n);
			free(s);
			s = t;
		}
		struct html_doc *d = html_parse(a, s, n, &lim);
		struct shape sh = d ? shape_of(d) : (struct shape){ 0, 0, 0 };
		ok(d && sh.max_depth <= LIMIT_HTML_DEPTH + 8, "%s: parsed, depth %d", bombs[i].name, sh.max_depth);
		ok(d && d->degraded, "%s: over the budget, read degraded", bombs[i].name);
		if (i == 4) {
			char *text = d ? html_text_content(a, d->root) : NULL;
			ok(text && strlen(text) == 5 * 600000, "its text survives");
		}
		free(s);
	}
}

/* shapes a budget must not cut: many small elements, long text */
static void legit_shapes(struct arena *a)
{
	size_t n;
	char *s = repeat("<p>", "<i>x</i>", 100000, "", &n);
	int64_t t0 = time_thread_cpu_ns();
	struct html_doc *d = html_parse(a, s, n, NULL);
	printf("# 100000 tiny elements: %lld ms of CPU (the default budget: %ld)\n",
	       (long long)((time_thread_cpu_ns() - t0) / 1000000), content_budget_ms(NULL, LIMIT_HTML_PARSE_MS));
	ok(d && !d->degraded && shape_of(d).elements == 100000 + 4, "100000 tiny elements parse in full");
	free(s);
	s = repeat("<p>", "word ", 400000, "", &n);
	d = html_parse(a, s, n, NULL);
	ok(d && !d->degraded && strlen(html_text_content(a, d->root)) == 5 * 400000, "2 MB of text parses in full");
	free(s);
}

static void degraded_form(struct arena *a)
{
	static const char page[] =
		"<!DOCTYPE html><html><head><title>T</title><style>p{}</style></head><body>"
		"<div class=x>one <b>two</b></div><p>three<script>four</script> five<br>six"
		"<!-- seven --> 1 < 2 &amp; <ul><li>eight</ul>";
	size_t n;
	char *deg = html_degrade(a, page, sizeof page - 1, &n);
	is_str(deg, "<title>T</title><p>one two<p>three five<p>six 1 &lt; 2 &amp; <p>eight<p>",
	       "the degraded form: the title kept in front");
	static const char untitled[] = "<p>x <title>never closed <b>y</b>";
	deg = html_degrade(a, untitled, sizeof untitled - 1, &n);
	is_str(deg, "<p>x <p>never closed y", "a title without its end tag is read as text");
	static const char svg_second[] = "<title>First &amp; best</title><svg><title>icon</title></svg>z";
	deg = html_degrade(a, svg_second, sizeof svg_second - 1, &n);
	is_str(deg, "<title>First &amp; best</title><p>icon<p>z", "only the first title is taken");

	/* the same page with the budget forced to nothing */
	struct html_doc *d = html_parse(a, page, sizeof page - 1, &(struct content_limits){ .budget_ms = CONTENT_BUDGET_SPENT });
	ok(d && d->degraded, "budget spent: the parse is abandoned at once and read degraded");
	struct shape sh = d ? shape_of(d) : (struct shape){ 0, 0, 0 };
	ok(sh.max_attrs == 0 && sh.max_depth == 4, "degraded: no attributes, html > body > p > text (%d)",
	   sh.max_depth);
	struct html_node *body = d ? html_first_element(d->root, "body") : NULL;
	is_str(body ? html_inner_text(a, body) : NULL, "one two three five six 1 < 2 & eight", "its text");
	struct html_node *title = d ? html_first_element(d->root, "title") : NULL;
	is_str(title ? html_inner_text(a, title) : NULL, "T", "degraded: the page keeps its title");
	d = html_parse(a, page, sizeof page - 1, NULL);
	ok(d && !d->degraded && html_first_element(d->root, "b"), "the budget restored: parsed in full");
}

int main(void)
{
	struct arena a;
	arena_init(&a);
	cap_exact();
	attribute_bombs(&a);
	normal_pages(&a);
	budget_bombs(&a);
	legit_shapes(&a);
	degraded_form(&a);
	arena_free(&a);
	return done_testing();
}
