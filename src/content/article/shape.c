/* shape.c: one walk that rebuilds a sanitized tree the way the HTML parser would from its serialization, so the sanitizer needs no re-parse. */
#include "content/article/shape.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "content/article/html.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/utf8.h"

/* The walk visits nodes in document order, each after its ancestors have taken their final place, and
 * checks each against the parser's rules for the tag that would open it there (HTML's tree
 * construction, "in body" and the table modes, no-quirks). Each repair is the one the parser makes
 * for that breach, so repeating them reaches the tree that serialize + re-parse rounds reach. The
 * breaches whose repair reaches further (the parser reopening formatting elements it closed early,
 * the adoption agency's reshuffles, a cell or caption closed from inside, a table in a table's
 * structure) are reported instead, and the walk stops there: the caller re-parses. */

static const char *const closes_p[] = {
	"address", "article", "aside", "blockquote", "details", "div", "dl", "figcaption", "figure", "footer",
	"header", "hgroup", "ol", "p", "section", "summary", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "pre",
	"table", "hr", "li", "dd", "dt", NULL,
};
static const char *const headings[] = { "h1", "h2", "h3", "h4", "h5", "h6", NULL };
/* table structure that holds no content of its own */
static const char *const skeleton[] = { "table", "tbody", "thead", "tfoot", "tr", "colgroup", NULL };
static const char *const table_parts[] = {
	"caption", "col", "colgroup", "tbody", "thead", "tfoot", "tr", "td", "th", "table", NULL,
};
static const char *const sections[] = { "tbody", "thead", "tfoot", NULL };
static const char *const table_kids[] = { "caption", "colgroup", "tbody", "thead", "tfoot", NULL };
static const char *const cells[] = { "td", "th", NULL };
/* what ends an implied tbody, an implied tr */
static const char *const ends_tbody[] = { "caption", "colgroup", "col", "tbody", "thead", "tfoot", NULL };
static const char *const ends_tr[] = { "caption", "colgroup", "col", "tbody", "thead", "tfoot", "tr", NULL };
/* where the parser's scopes end (among the elements the sanitizer keeps) */
static const char *const scope_ends[] = { "table", "td", "th", "caption", NULL };
static const char *const list_scope_ends[] = { "table", "td", "th", "caption", "ol", "ul", NULL };
static const char *const markers[] = { "td", "th", "caption", NULL };
/* the formatting elements the sanitizer keeps: the parser reopens them when it closed them early */
static const char *const formatting[] = { "a", "b", "code", "em", "i", "s", "small", "strong", "u", NULL };
/* the special elements the sanitizer keeps, which end the parser's search for an open li, dd or dt */
static const char *const special[] = {
	"address", "article", "aside", "blockquote", "br", "caption", "col", "colgroup", "dd", "details", "div",
	"dl", "dt", "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr",
	"img", "li", "ol", "p", "pre", "section", "source", "summary", "table", "tbody", "td", "tfoot", "th",
	"thead", "tr", "track", "ul", "wbr", NULL,
};
static const char *const search_passes[] = { "address", "div", "p", NULL };
static const char *const li_only[] = { "li", NULL };
static const char *const dd_dt[] = { "dd", "dt", NULL };
static const char *const p_only[] = { "p", NULL };
static const char *const a_only[] = { "a", NULL };
static const char *const ruby_only[] = { "ruby", NULL };
static const char *const ruby_text[] = { "rb", "rp", "rt", NULL };
/* what the parser closes before a ruby text element when a ruby is open */
static const char *const implied_ends[] = { "dd", "dt", "li", "p", "rb", "rp", "rt", NULL };

struct walk {
	struct html_doc *d;
	struct html_node *root;
	bool unsure;            /* a shape was left for a re-parse: the walk stops there */
	bool oom;
};

enum step { DESCEND, AGAIN, JUMP };

static bool el_in(const struct html_node *n, const char *const *list)
{
	return n && n->type == HTML_ELEMENT && n->ns == HTML_NS_HTML && html_name_in(n->name, list);
}

static bool blank(const char *s)
{
	for (; *s; s++)
		if (!strchr(" \t\n\f\r", *s))
			return false;
	return true;
}

/* the nearest ancestor from n up (n included, root excluded) in want, or NULL when one in stop (and
 * not in pass) comes first */
static struct html_node *climb(const struct walk *w, struct html_node *n, const char *const *want,
                               const char *const *stop, const char *const *pass)
{
	for (; n && n != w->root; n = n->parent) {
		if (el_in(n, want))
			return n;
		if (stop && el_in(n, stop) && !(pass && el_in(n, pass)))
			return NULL;
	}
	return NULL;
}

/* the parser closing open element p at n, its descendant: n and what follows it inside p go after p (the
 * elements between p and n are closed too: what follows n inside them goes after p as well), followed,
 * when trailer, by the empty <p> the parser makes for p's end tag */
static void split(struct walk *w, struct html_node *p, struct html_node *n, bool trailer)
{
	struct html_node *g = p->parent, *after = p->next, *level = n->parent;
	for (;;) {
		while (n) {
			struct html_node *next = n->next;
			html_insert_before(g, n, after);
			n = next;
		}
		if (level == p)
			break;
		n = level->next;
		level = level->parent;
	}
	if (trailer) {
		struct html_node *e = html_create_element(w->d, "p");
		if (e)
			html_insert_before(g, e, after);
		else
			w->oom = true;
	}
}

/* would an end tag named name, coming when g is the parser's current node, close nothing (the parser's
 * "any other end tag" reaches a special element before an element of that name) */
static bool end_tag_idle(const struct walk *w, struct html_node *g, const char *name)
{
	for (; g && g != w->root && !el_in(g, special); g = g->parent)
		if (el_in(g, (const char *const[]){ name, NULL }))
			return false;
	return !el_in(g, (const char *const[]){ name, NULL });
}

/* can p be closed at n as split does: the elements between them are neither special nor formatting
 * (which the parser would reopen), and neither their end tags nor p's, coming later, close anything
 * above p */
static bool closable(const struct walk *w, struct html_node *p, struct html_node *n)
{
	struct html_node *g = p->parent;
	for (struct html_node *x = n->parent; x != p; x = x->parent)
		if (el_in(x, special) || el_in(x, formatting) || !end_tag_idle(w, g, x->name))
			return false;
	if (html_is(p, "li"))
		return !climb(w, g, li_only, list_scope_ends, NULL);
	if (el_in(p, dd_dt))
		return !climb(w, g, (const char *const[]){ p->name, NULL }, scope_ends, NULL);
	if (el_in(p, headings))
		return !climb(w, g, headings, scope_ends, NULL);
	return !html_is(p, "a") || end_tag_idle(w, g, "a");
}

/* does m end a run of columns (only col elements and white space join an implied colgroup) */
static bool ends_cols(const struct html_node *m)
{
	return m->type == HTML_TEXT ? !blank(m->text) : !el_in(m, (const char *const[]){ "col", NULL });
}

/* an element the parser implies, put where n is and given n and the siblings after it up to one in ends
 * (ends NULL: up to one ends_cols stops at) */
static struct html_node *wrap_run(struct walk *w, struct html_node *n, const char *name, const char *const *ends)
{
	struct html_node *e = html_create_element(w->d, name);
	if (!e) {
		w->oom = true;
		return NULL;
	}
	html_insert_before(n->parent, e, n);
	size_t depth = 0;
	for (struct html_node *up = e; up && up != w->root; up = up->parent)
		depth++;
	w->unsure = w->unsure || depth > LIMIT_SANITIZE_DEPTH;    /* the sanitizer would unwrap it */
	for (struct html_node *m = n, *next; m && !(ends ? el_in(m, ends) : ends_cols(m)); m = next) {
		next = m->next;
		html_append(e, m);
	}
	return e;
}

/* n or one of its descendants is a table or a table part */
static bool holds_table(const struct html_node *n)
{
	if (el_in(n, table_parts))
		return true;
	for (const struct html_node *m = n->first_child; m; m = html_next(n, m))
		if (el_in(m, table_parts))
			return true;
	return false;
}

static void walk(struct walk *w, struct html_node *top, struct html_node *n);

/* a code point gumbo's input decoder reads as U+FFFD (a character reference can make one: C0 controls
 * other than white space, DEL and the C1 controls, noncharacters) */
static bool refused(const char *s, size_t k)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t c = k == 1 ? p[0] : p[0] & (0xFFu >> (k + 1));
	for (size_t i = 1; i < k; i++)
		c = c << 6 | (p[i] & 0x3Fu);
	return (c >= 0x01 && c <= 0x08) || c == 0x0B || (c >= 0x0E && c <= 0x1F) || (c >= 0x7F && c <= 0x9F) ||
	       (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE;
}

/* bytes of the character at s[i] (of n) that reads back as it is, 0 for one that does not (CR, a
 * refused code point, an invalid byte) */
static size_t stays(const char *s, size_t i, size_t n)
{
	unsigned char c = (unsigned char)s[i];
	if ((c >= 0x20 && c < 0x7F) || c == '\t' || c == '\n' || c == '\f')
		return 1;
	size_t k = c == '\r' ? 0 : utf8_valid_prefix((const unsigned char *)s + i, n - i);
	return k && !refused(s + i, k) ? k : 0;
}

const char *html_shape_reread(struct arena *a, const char *s)
{
	size_t n = strlen(s), i = 0, j, k;
	while (i < n && (k = stays(s, i, n)) > 0)
		i += k;
	if (i == n)
		return s;
	char *r = arena_alloc(a, n * 3 + 1);
	if (!r)
		return NULL;
	memcpy(r, s, i);
	for (j = i; i < n; i += k ? k : 1) {
		if ((k = stays(s, i, n)) > 0) {
			memcpy(r + j, s + i, k);
			j += k;
		} else if (s[i] == '\r') {
			r[j++] = '\n';
			i += s[i + 1] == '\n';
		} else {
			memcpy(r + j, "\xEF\xBF\xBD", 3);
			j += 3;
			k = utf8_valid_prefix((const unsigned char *)s + i, n - i);
		}
	}
	r[j] = '\0';
	return r;
}

/* the parser drops the white space that opens a document's body */
static void strip_lead(const struct walk *w, struct html_node *n)
{
	if (n->type == HTML_TEXT && n->parent == w->root && !n->prev)
		n->text += strspn(n->text, " \t\n\f\r");
}

/* n (in the structure of a table) moved before the table, as the parser's foster parenting puts it,
 * and walked there; *cont is where the walk goes on */
static enum step foster(struct walk *w, struct html_node *top, struct html_node *n, struct html_node **cont)
{
	struct html_node *t = n->parent;
	while (t && el_in(t, skeleton) && !html_is(t, "table"))
		t = t->parent;
	if (!html_is(t, "table") || !t->parent || (n->type == HTML_ELEMENT && holds_table(n))) {
		w->unsure = true;
		return DESCEND;
	}
	*cont = html_next_skip(top, n);
	html_insert_before(t->parent, n, t);
	if (n->type == HTML_ELEMENT)
		walk(w, n, n);
	else
		strip_lead(w, n);
	return JUMP;
}

/* element n whose parent p is part of a table's structure */
static enum step in_table(struct walk *w, struct html_node *top, struct html_node *n, struct html_node **cont)
{
	struct html_node *p = n->parent;
	if (html_is(p, "colgroup")) {
		w->unsure = w->unsure || !html_is(n, "col");
		return DESCEND;
	}
	if (html_is(p, "table") && el_in(n, table_kids))
		return DESCEND;
	if (html_is(p, "table") && (el_in(n, cells) || html_is(n, "tr") || html_is(n, "col"))) {
		*cont = html_is(n, "col") ? wrap_run(w, n, "colgroup", NULL) : wrap_run(w, n, "tbody", ends_tbody);
		return JUMP;
	}
	if (el_in(p, sections) && html_is(n, "tr"))
		return DESCEND;
	if (el_in(p, sections) && el_in(n, cells)) {
		*cont = wrap_run(w, n, "tr", ends_tr);
		return JUMP;
	}
	if (html_is(p, "tr") && el_in(n, cells))
		return DESCEND;
	if (el_in(n, table_parts)) {
		w->unsure = true;      /* a part in the wrong part: the parser closes things */
		return DESCEND;
	}
	return foster(w, top, n, cont);
}

/* the parser's closing of an open p, li, dd, dt, heading or link when element n's tag comes */
static enum step closings(struct walk *w, struct html_node *n)
{
	struct html_node *p = n->parent, *q = NULL;
	const char *const *kind = html_is(n, "li") ? li_only : el_in(n, dd_dt) ? dd_dt : NULL;
	if (kind && (q = climb(w, p, kind, special, search_passes)) != NULL)
		goto found;
	if (el_in(n, closes_p) && (q = climb(w, p, p_only, scope_ends, NULL)) != NULL)
		goto found;
	if (el_in(n, headings) && el_in(p, headings)) {
		q = p;
		goto found;
	}
	if (html_is(n, "a") && (q = climb(w, p, a_only, markers, NULL)) != NULL)
		goto found;
	if (el_in(n, ruby_text) && el_in(p, implied_ends) && climb(w, p, ruby_only, scope_ends, NULL))
		w->unsure = true;
	return DESCEND;
found:
	if (!closable(w, q, n)) {
		w->unsure = true;      /* the parser reopens or closes more than split does */
		return DESCEND;
	}
	split(w, q, n, html_is(q, "p"));
	return AGAIN;
}

static enum step check_element(struct walk *w, struct html_node *top, struct html_node *n, struct html_node **cont)
{
	struct html_node *p = n->parent;
	if (n->ns != HTML_NS_HTML)
		return DESCEND;
	if (html_is_void(n))
		while (n->first_child)
			html_remove(n->first_child);
	if (p != w->root && el_in(p, skeleton))
		return in_table(w, top, n, cont);
	if (el_in(n, table_parts) && !html_is(n, "table")) {
		if (climb(w, p, markers, NULL, NULL)) {
			w->unsure = true;      /* inside a cell or caption the parser closes it */
			return DESCEND;
		}
		/* outside any table the parser ignores the tag and keeps the content */
		*cont = n->first_child ? n->first_child : html_next_skip(top, n);
		html_unwrap(n);
		return JUMP;
	}
	return closings(w, n);
}

/* text n with the texts after it (which the parser reads as one), in a table moved before it */
static enum step check_text(struct walk *w, struct html_node *top, struct html_node *n, struct html_node **cont)
{
	if (n->next && n->next->type == HTML_TEXT) {
		size_t len = 0;
		for (struct html_node *m = n; m && m->type == HTML_TEXT; m = m->next)
			len += strlen(m->text);
		char *t = arena_alloc(w->d->arena, len + 1), *at = t;
		if (!t) {
			w->oom = true;
			return DESCEND;
		}
		for (struct html_node *m = n; m && m->type == HTML_TEXT; m = n->next) {
			size_t l = strlen(m->text);
			memcpy(at, m->text, l);
			at += l;
			if (m != n)
				html_remove(m);
		}
		*at = '\0';
		n->text = t;
	}
	/* a CR opening a <pre> is not the newline the serializer doubles: a re-parse drops it */
	if (html_is(n->parent, "pre") && !n->prev && n->text[0] == '\r')
		n->text += n->text[1] == '\n' ? 2 : 1;
	const char *t = html_shape_reread(w->d->arena, n->text);
	if (!t) {
		w->oom = true;
		return DESCEND;
	}
	n->text = (char *)t;
	strip_lead(w, n);
	if (n->text[0] == '\0' || (el_in(n->parent, skeleton) && n->parent != w->root && !blank(n->text))) {
		if (n->text[0] && html_is(n->parent, "colgroup")) {
			w->unsure = true;
			return DESCEND;
		}
		if (n->text[0])
			return foster(w, top, n, cont);
		*cont = html_next_skip(top, n);
		html_remove(n);
		return JUMP;
	}
	return DESCEND;
}

/* the walk over top's subtree from n */
static void walk(struct walk *w, struct html_node *top, struct html_node *n)
{
	while (n && !w->oom && !w->unsure) {
		struct html_node *cont = NULL;
		enum step s = n->type == HTML_TEXT ? check_text(w, top, n, &cont) :
		              n->type == HTML_ELEMENT ? check_element(w, top, n, &cont) : DESCEND;
		if (s == JUMP)
			n = cont;
		else if (s == DESCEND)
			n = html_next(top, n);
	}
}

int html_shape_fix(struct html_doc *d, struct html_node *root)
{
	struct walk w = { d, root, false, false };
	walk(&w, root, root->first_child);
	return w.oom ? -1 : w.unsure ? 1 : 0;
}
