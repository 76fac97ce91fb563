/* text_glue.c: no words run together at block boundaries in the article's text (larder extract's textContent), the search index's text and the Markdown export, on the Readability corpus and t/data/real's pages. */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/article/extract.h"
#include "content/article/html.h"
#include "content/article/markdown.h"
#include "content/article/sanitize.h"
#include "content/reader.h"
#pragma GCC diagnostic ignored "-Wunused-function" /* the scorer's helpers this test does not use */
#include "extract_score.h"
#include "tap.h"
#include "util/arena.h"
#include "util/sb.h"

#ifndef CORPUS_DEFAULT
#define CORPUS_DEFAULT "../shared/corpus/readability"
#endif
#ifndef REAL_DEFAULT
#define REAL_DEFAULT "t/data/real"
#endif
#define PAGE_URL "http://fakehost/test/page.html"
#define PROBE_MAX 24

/* The check. Between two text runs of the article that a block boundary (a block element's start or end,
 * <br>, <hr>) separates, where the first ends and the second starts with a non-space, the last word of the
 * first joined to the first word of the second ("paragraph." + "Next") is a probe: an output holding a
 * probe that no single text node of the article holds has glued that boundary. */

static const char *const blocks[] = {
	"p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "br", "td", "th", "tr", "blockquote", "pre",
	"figcaption", "figure", "section", "article", "dt", "dd", "dl", "hr", "ul", "ol", "table", "caption",
	"header", "footer", "aside", "nav", "main", "address", "details", "summary", "fieldset", "body", NULL,
};

struct probes {
	char **v;
	size_t n, cap;
	struct sb nodes; /* every text node, NUL-separated by \x01 */
};

static bool space_at(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

static void add_probe(struct probes *p, const char *prev, const char *cur)
{
	size_t pl = strlen(prev), s = pl;
	while (s > 0 && !space_at((unsigned char)prev[s - 1]) && pl - s < PROBE_MAX / 2)
		s--;
	while (s < pl && ((unsigned char)prev[s] & 0xC0) == 0x80) /* whole characters only */
		s++;
	size_t e = 0;
	while (cur[e] && !space_at((unsigned char)cur[e]) && e < PROBE_MAX / 2)
		e++;
	while (cur[e] && ((unsigned char)cur[e] & 0xC0) == 0x80)
		e++;
	if (s == pl || e == 0)
		return;
	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 64;
		if ((p->v = realloc(p->v, p->cap * sizeof *p->v)) == NULL)
			abort();
	}
	char *v = malloc(pl - s + e + 1);
	if (!v)
		abort();
	memcpy(v, prev + s, pl - s);
	memcpy(v + pl - s, cur, e);
	v[pl - s + e] = '\0';
	p->v[p->n++] = v;
}

static bool is_block(const struct html_node *n)
{
	return n->type == HTML_ELEMENT && html_name_in(n->name, blocks);
}

static bool inside(const struct html_node *q, const struct html_node *n)
{
	for (; n; n = n->parent)
		if (n == q)
			return true;
	return false;
}

static bool hidden(const struct html_node *n)
{
	static const char *const h[] = { "script", "style", "noscript", "template", NULL };
	for (n = n->parent; n; n = n->parent)
		if (n->type == HTML_ELEMENT && html_name_in(n->name, h))
			return true;
	return false;
}

static bool word_char(unsigned char c)
{
	return c >= 0x80 || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/* the probes of root's boundaries, and the reference: root's text with \x01 at each boundary (inline runs
 * joined, as a reader sees them) and the values of its links' and images' attributes (Markdown shows them) */
static void collect(const struct html_node *root, struct probes *p)
{
	const struct html_node *prev = NULL;
	bool boundary = false; /* a block started since prev */
	static const char *const shown[] = { "href", "src", "alt", "title", NULL };
	struct sb attrs;
	sb_init(&p->nodes);
	sb_init(&attrs);
	for (const struct html_node *n = root->first_child; n; n = html_next(root, n)) {
		if (is_block(n))
			boundary = true;
		for (size_t i = 0; n->type == HTML_ELEMENT && shown[i]; i++)
			if (html_get_attr(n, shown[i])) {
				sb_puts(&attrs, html_get_attr(n, shown[i]));
				sb_putc(&attrs, '\x01');
			}
		if (n->type != HTML_TEXT || !n->text[0] || hidden(n))
			continue;
		/* a block that holds prev and not n has ended between them */
		for (const struct html_node *q = prev ? prev->parent : NULL; q && !boundary && !inside(q, n); q = q->parent)
			boundary = is_block(q);
		if (boundary)
			sb_putc(&p->nodes, '\x01');
		sb_puts(&p->nodes, n->text);
		if (prev && boundary && word_char((unsigned char)prev->text[strlen(prev->text) - 1]) &&
		    word_char((unsigned char)n->text[0]))
			add_probe(p, prev->text, n->text);
		bool blank = true;
		for (const char *c = n->text; *c && blank; c++)
			blank = space_at((unsigned char)*c);
		if (!blank) {
			prev = n;
			boundary = false;
		}
	}
	sb_putc(&p->nodes, '\x01');
	sb_putn(&p->nodes, sb_str(&attrs), attrs.len);
	sb_free(&attrs);
}

static size_t count(const char *hay, const char *needle)
{
	size_t k = 0;
	for (const char *q = hay; (q = strstr(q, needle)) != NULL; q++)
		k++;
	return k;
}

/* how many probes out glues: holds more often than the reference (NULL out: none) */
static size_t glued(const struct probes *p, const char *out, const char *page, const char *what)
{
	size_t k = 0;
	for (size_t i = 0; out && i < p->n; i++)
		if (count(out, p->v[i]) > count(sb_str((struct sb *)&p->nodes), p->v[i])) {
			if (k++ == 0 && getenv("GLUE_VERBOSE"))
				printf("# %s: %s glues [%s]\n", page, what, p->v[i]);
		}
	return k;
}

static void free_probes(struct probes *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->v[i]);
	free(p->v);
	sb_free(&p->nodes);
	memset(p, 0, sizeof *p);
}

enum { OUT_EXTRACT, OUT_INDEX, OUT_MARKDOWN, OUT_TEXT_CONTENT, OUT_N };
static const char *const out_names[OUT_N] = { "larder extract's textContent", "the search index's text",
	                                      "the Markdown export", "the DOM's textContent (the old text)" };

struct tally {
	size_t pages, boundaries, glued_pages[OUT_N];
};

/* one page: extracted, sanitized as ingest does, its three texts checked */
static int check_page(const char *path, const char *name, struct tally *t)
{
	size_t n;
	char *src = sc_slurp(path, &n);
	if (!src)
		return -1;
	struct arena a;
	arena_init(&a);
	struct content_article art;
	struct content_error e;
	int rc = -1;
	if (content_extract(&a, src, n, PAGE_URL, NULL, &art, &e) != 0)
		goto out;
	rc = 0;
	if (!art.content)
		goto out;
	char *clean, *md;
	size_t cn, mn;
	if (content_sanitize(&a, art.content, strlen(art.content), PAGE_URL, NULL, &clean, &cn, &e) != 0 ||
	    content_markdown(&a, clean, cn, NULL, &md, &mn, &e) != 0) {
		rc = -1;
		goto out;
	}
	struct html_doc *raw = html_parse(&a, art.content, strlen(art.content), NULL);
	struct html_doc *safe = html_parse(&a, clean, cn, NULL);
	if (!raw || !safe) {
		rc = -1;
		goto out;
	}
	struct probes pr = { 0 }, ps = { 0 };
	collect(raw->root, &pr);
	collect(safe->root, &ps);
	/* ingest indexes html_inner_text of the sanitized article */
	const char *outs[OUT_N] = { art.text_content, html_inner_text(&a, safe->root), md,
		                    html_text_content(&a, raw->root) };
	const struct probes *of[OUT_N] = { &pr, &ps, &ps, &pr };
	t->pages++;
	t->boundaries += pr.n;
	for (int i = 0; i < OUT_N; i++)
		t->glued_pages[i] += glued(of[i], outs[i], name, out_names[i]) > 0;
	free_probes(&pr);
	free_probes(&ps);
out:
	arena_free(&a);
	free(src);
	return rc;
}

/* every page of a corpus (DIR/NAME/source.html) */
static size_t check_corpus(const char *corpus, struct tally *t)
{
	char **names, path[4300];
	size_t n = sc_pages(corpus, &names), failed = 0;
	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s/%s/source.html", corpus, names[i]);
		if (check_page(path, names[i], t) != 0) {
			printf("# %s: could not be checked\n", names[i]);
			failed++;
		}
		free(names[i]);
	}
	free(names);
	return failed;
}

/* every .htm/.html file in the folders of a tree (one level: t/data/real's sets) */
static size_t check_real(const char *top, struct tally *t)
{
	DIR *d = opendir(top);
	size_t failed = 0;
	struct dirent *de;
	while (d && (de = readdir(d)) != NULL) {
		char dir[4200], path[8500];
		if (de->d_name[0] == '.')
			continue;
		snprintf(dir, sizeof dir, "%s/%s", top, de->d_name);
		DIR *s = opendir(dir);
		struct dirent *f;
		while (s && (f = readdir(s)) != NULL) {
			size_t l = strlen(f->d_name);
			if (!(l > 4 && strcmp(f->d_name + l - 4, ".htm") == 0) && !(l > 5 && strcmp(f->d_name + l - 5, ".html") == 0))
				continue;
			snprintf(path, sizeof path, "%s/%s", dir, f->d_name);
			if (check_page(path, f->d_name, t) != 0) {
				printf("# %s: could not be checked\n", path);
				failed++;
			}
		}
		if (s)
			closedir(s);
	}
	if (d)
		closedir(d);
	return failed;
}

int main(void)
{
	const char *corpus = getenv("LARDER_CORPUS"), *real = getenv("LARDER_REAL");
	struct tally tc = { 0 }, tr = { 0 };
	size_t failed = check_corpus(corpus ? corpus : CORPUS_DEFAULT, &tc);
	failed += check_real(real ? real : REAL_DEFAULT, &tr);
	printf("# Readability corpus: %zu pages, %zu block boundaries between words\n", tc.pages, tc.boundaries);
	for (int i = 0; i < OUT_N; i++)
		printf("#   pages with a glued boundary in %s: %zu\n", out_names[i], tc.glued_pages[i]);
	printf("# t/data/real: %zu pages, %zu block boundaries between words\n", tr.pages, tr.boundaries);
	for (int i = 0; i < OUT_N; i++)
		printf("#   pages with a glued boundary in %s: %zu\n", out_names[i], tr.glued_pages[i]);
	is_int(failed, 0, "every page is checked");
	if (tc.pages)
		ok(tc.glued_pages[OUT_TEXT_CONTENT] > 0, "the check finds glued boundaries in the DOM's textContent (%zu pages)",
		   tc.glued_pages[OUT_TEXT_CONTENT]);
	ok(tr.pages > 0, "t/data/real has pages (%zu)", tr.pages);
	for (int i = 0; i < OUT_TEXT_CONTENT; i++)
		is_int(tc.glued_pages[i] + tr.glued_pages[i], 0, "no page glues a boundary in %s", out_names[i]);
	return done_testing();
}
