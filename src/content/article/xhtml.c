/* xhtml.c: content_xhtml, the stored sanitized HTML re-parsed (gumbo, html_guard's bounds) and written as XHTML that EPUB readers and epubcheck accept: well-formed, and within HTML's content models where an article's markup strays out of them. */
#include <stdbool.h>
#include <string.h>

#include "content/article/html.h"
#include "content/article/xhtml.h"
#include "content/reader.h"
#include "util/arena.h"
#include "util/sb.h"
#include "util/text.h"

/* elements only flow content may hold: inside a paragraph-like element each is written as a span */
static const char *const flow_only[] = {
	"address", "article", "aside", "blockquote", "details", "div", "dl", "dd", "dt", "figcaption", "figure", "footer",
	"h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "li", "ol", "p", "pre", "section", "summary", "table",
	"caption", "colgroup", "thead", "tbody", "tfoot", "tr", "td", "th", "ul", NULL,
};
/* elements whose content is phrasing only */
static const char *const phrasing_holders[] = {
	"p", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "span", "em", "strong", "b", "i", "u", "s", "small", "sub", "sup",
	"code", "kbd", "samp", "var", "mark", "abbr", "cite", "dfn", "q", "time", "data", "bdi", "bdo", "ruby", "rb", "rt",
	"rp", "summary", "dt", NULL,
};
static const char *const void_elems[] = { "br", "hr", "wbr", "col", NULL };
/* media whose files an EPUB may not fetch: written as their text */
static const char *const media[] = { "img", "video", "audio", NULL };
static const char *const dropped[] = { "source", "track", "svg", "math", NULL };

struct ids {
	const char **slot;
	size_t cap;
};

struct xw {
	struct arena *a;
	struct sb *out;
	struct ids known, written;
	bool oom;
};

/* an XML name that may stand as an id (an NCName, ASCII only) or an attribute name */
static bool xml_name(const char *s, bool colon)
{
	if (!s || !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_' ||
		      *s == '-' || *s == '.' || (colon && *s == ':')))
			return false;
	return true;
}

/* s added to the set: true when it was not there before */
static bool ids_add(struct ids *t, const char *s)
{
	size_t i;
	if (t->cap == 0)
		return true;
	for (i = text_hash(s) & (t->cap - 1); t->slot[i]; i = (i + 1) & (t->cap - 1))
		if (strcmp(t->slot[i], s) == 0)
			return false;
	t->slot[i] = s;
	return true;
}

static bool ids_has(const struct ids *t, const char *s)
{
	if (t->cap == 0)
		return false;
	for (size_t i = text_hash(s) & (t->cap - 1); t->slot[i]; i = (i + 1) & (t->cap - 1))
		if (strcmp(t->slot[i], s) == 0)
			return true;
	return false;
}

static int ids_init(struct arena *a, struct ids *t, size_t n)
{
	t->cap = 16;
	while (t->cap < n * 2)
		t->cap *= 2;
	t->slot = ARENA_NEWN(a, const char *, t->cap);
	if (t->slot == NULL)
		return -1;
	memset(t->slot, 0, t->cap * sizeof *t->slot);
	return 0;
}

void content_xml_text(struct sb *out, const char *s, int attr)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	const unsigned char *run = p;
	for (; *p; p++) {
		const char *rep = NULL;
		size_t skip = 0;
		if (*p == '&') rep = "&amp;";
		else if (*p == '<') rep = "&lt;";
		else if (*p == '>') rep = "&gt;";
		else if (attr && *p == '"') rep = "&quot;";
		else if (*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r') skip = 1;
		else if (p[0] == 0xEF && p[1] == 0xBF && (p[2] == 0xBE || p[2] == 0xBF)) skip = 3; /* U+FFFE, U+FFFF */
		if (!rep && !skip)
			continue;
		sb_putn(out, (const char *)run, (size_t)(p - run));
		if (rep)
			sb_puts(out, rep);
		p += skip ? skip - 1 : 0;
		run = p + 1;
	}
	sb_putn(out, (const char *)run, (size_t)(p - run));
}

/* n digits at s */
static bool digits(const char *s, int n)
{
	for (int i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

/* a datetime value HTML takes: a date, or a date and a time with its zone or none (the other forms are dropped) */
static bool datetime_ok(const char *s)
{
	if (!digits(s, 4) || s[4] != '-' || !digits(s + 5, 2) || s[7] != '-' || !digits(s + 8, 2))
		return false;
	s += 10;
	if (*s == '\0')
		return true;
	if ((*s != 'T' && *s != ' ') || !digits(s + 1, 2) || s[3] != ':' || !digits(s + 4, 2))
		return false;
	s += 6;
	if (*s == ':' && digits(s + 1, 2)) {
		s += 3;
		if (*s == '.' && digits(s + 1, 1))
			for (s++; *s >= '0' && *s <= '9'; s++)
				;
	}
	if (*s == 'Z')
		return s[1] == '\0';
	if (*s == '+' || *s == '-')
		return digits(s + 1, 2) && ((s[3] == ':' && digits(s + 4, 2) && s[6] == '\0') || (digits(s + 3, 2) && s[5] == '\0'));
	return *s == '\0';
}

/* the attributes kept: XML names (no namespace declarations), an id once and well formed, a link within the
 * fragment only to an id it has; an element written under another name keeps only the global attributes */
static void put_attrs(struct xw *w, const struct html_node *el, bool renamed)
{
	static const char *const global[] = { "id", "title", "lang", "dir", NULL };
	for (const struct html_attr *at = el->attrs; at; at = at->next) {
		if (!xml_name(at->name, false) || strncmp(at->name, "xmlns", 5) == 0 ||
		    (renamed && !html_name_in(at->name, global)))
			continue;
		if (strcmp(at->name, "id") == 0 && (!xml_name(at->value, false) || !ids_add(&w->written, at->value)))
			continue;
		if (strcmp(at->name, "href") == 0 && at->value[0] == '#' && !ids_has(&w->known, at->value + 1))
			continue;
		if (strcmp(at->name, "datetime") == 0 && !datetime_ok(at->value))
			continue;
		sb_printf(w->out, " %s=\"", at->name);
		content_xml_text(w->out, at->value, 1);
		sb_putc(w->out, '"');
	}
}

/* does el keep an href (put_attrs' rule) */
static bool href_kept(const struct xw *w, const struct html_node *el)
{
	const char *h = html_get_attr(el, "href");
	return h && (h[0] != '#' || ids_has(&w->known, h + 1));
}

/* img, video and audio as the text a reader can still see */
static void put_media(struct xw *w, const struct html_node *el)
{
	const char *alt = html_get_attr(el, "alt");
	sb_puts(w->out, "<span class=\"media\">[");
	sb_puts(w->out, html_is(el, "img") ? "Image" : html_is(el, "video") ? "Video" : "Audio");
	if (alt && *alt) {
		sb_puts(w->out, ": ");
		content_xml_text(w->out, alt, 0);
	}
	sb_puts(w->out, "]</span>");
}

static bool blank(const char *s)
{
	return s[strspn(s, " \t\n\r\f")] == '\0';
}

/* is n content: an element, or text other than white space */
static bool content_node(const struct html_node *n)
{
	return n->type == HTML_ELEMENT || (n->type == HTML_TEXT && !blank(n->text));
}

/* is el its parent's first or last content (a figure's caption must be one of them) */
static bool first_or_last(const struct html_node *el)
{
	const struct html_node *c;
	bool before = false, after = false;
	for (c = el->prev; c && !before; c = c->prev)
		before = content_node(c);
	for (c = el->next; c && !after; c = c->next)
		after = content_node(c);
	return !before || !after;
}

/* the name el is written under: its own, or the one its place needs (phrasing: in a paragraph-like element) */
static const char *name_in_place(const struct html_node *el, const char *parent, bool phrasing)
{
	const char *n = el->name;
	if (strcmp(n, "picture") == 0) /* its img is written as text: a picture without one is no picture */
		return "span";
	if (phrasing)
		return html_name_in(n, flow_only) ? "span" : n;
	if (strcmp(n, "li") == 0 && strcmp(parent, "ul") != 0 && strcmp(parent, "ol") != 0)
		return "div";
	if ((strcmp(n, "dt") == 0 || strcmp(n, "dd") == 0) && strcmp(parent, "dl") != 0)
		return "div";
	if (strcmp(n, "figcaption") == 0 && strcmp(parent, "figure") != 0)
		return "div";
	if (strcmp(n, "details") == 0 || strcmp(n, "summary") == 0) /* open, as e-readers seldom fold (a summary would
	                                                              * have to come first) */
		return "div";
	if (strcmp(n, "figcaption") == 0 && !first_or_last(el))
		return "div";
	if ((strcmp(n, "rb") == 0 || strcmp(n, "rt") == 0 || strcmp(n, "rp") == 0) && strcmp(parent, "ruby") != 0)
		return "span";
	if (strcmp(n, "hgroup") == 0)
		return "div";
	return n;
}

/* a child of a list that is no item, or of a description list that is no term or description, is wrapped in one */
static const char *wrapper_for(const char *parent, const struct html_node *c)
{
	bool list = strcmp(parent, "ul") == 0 || strcmp(parent, "ol") == 0, dl = strcmp(parent, "dl") == 0;
	if (!list && !dl)
		return NULL;
	if (c->type == HTML_TEXT)
		return blank(c->text) ? NULL : list ? "li" : "dd";
	if (c->type != HTML_ELEMENT)
		return NULL;
	if (list)
		return html_is(c, "li") ? NULL : "li";
	return html_is(c, "dt") || html_is(c, "dd") || html_is(c, "div") ? NULL : "dd";
}

static void put_node(struct xw *w, const struct html_node *n, const char *parent, bool phrasing);

static void put_children(struct xw *w, const struct html_node *el, const char *name, bool phrasing)
{
	bool dl = !phrasing && strcmp(name, "dl") == 0, term = false;
	for (const struct html_node *c = el->first_child; c; c = c->next) {
		const char *wrap = phrasing ? NULL : wrapper_for(name, c);
		if (dl && (c->type == HTML_ELEMENT || wrap)) {
			if (html_is(c, "dt"))
				term = true;
			else if (!term && (html_is(c, "dd") || wrap)) { /* a description needs a term before it */
				wrap = "dt";
				term = true;
			}
		}
		if (wrap)
			sb_printf(w->out, "<%s>", wrap);
		put_node(w, c, wrap ? wrap : name, phrasing);
		if (wrap)
			sb_printf(w->out, "</%s>", wrap);
	}
}

static void put_node(struct xw *w, const struct html_node *n, const char *parent, bool phrasing)
{
	const char *name;
	if (n->type == HTML_TEXT) {
		content_xml_text(w->out, n->text, 0);
		return;
	}
	if (n->type != HTML_ELEMENT || n->ns != HTML_NS_HTML || html_name_in(n->name, dropped))
		return;
	if (html_name_in(n->name, media)) {
		put_media(w, n);
		return;
	}
	if (phrasing && (html_is(n, "hr") || html_is(n, "col")))
		return;
	name = name_in_place(n, parent, phrasing);
	if (strcmp(name, "a") == 0 && !href_kept(w, n))
		name = "span"; /* a link to nowhere (no href, or an id the fragment lacks) */
	sb_printf(w->out, "<%s", name);
	put_attrs(w, n, strcmp(name, n->name) != 0);
	if (html_name_in(name, void_elems)) {
		sb_puts(w->out, "/>");
		return;
	}
	sb_putc(w->out, '>');
	put_children(w, n, name, phrasing || html_name_in(name, phrasing_holders));
	sb_printf(w->out, "</%s>", name);
}

/* every well-formed id of the fragment, for the links that point into it */
static int collect_ids(struct xw *w, const struct html_node *body)
{
	size_t count = 0;
	const struct html_node *n;
	for (n = body; n; n = html_next(body, n))
		if (n->type == HTML_ELEMENT && html_get_attr(n, "id"))
			count++;
	if (ids_init(w->a, &w->known, count) != 0 || ids_init(w->a, &w->written, count) != 0)
		return -1;
	for (n = body; n; n = html_next(body, n)) {
		const char *id = n->type == HTML_ELEMENT ? html_get_attr(n, "id") : NULL;
		if (id && xml_name(id, false))
			ids_add(&w->known, id);
	}
	return 0;
}

int content_xhtml(struct arena *a, const char *html, size_t n, const struct content_limits *lim, struct sb *out,
                  struct content_error *e)
{
	struct html_doc *d = html_parse(a, html ? html : "", html ? n : 0, lim);
	struct xw w = { .a = a, .out = out };
	const struct html_node *body;

	content_error_clear(e);
	if (d == NULL)
		return content_fail(e, CONTENT_E_NOMEM, "out of memory reading the article's HTML");
	body = html_first_element(d->root, "body");
	if (body == NULL)
		return 0;
	if (collect_ids(&w, body) != 0)
		return content_fail(e, CONTENT_E_NOMEM, "out of memory reading the article's HTML");
	put_children(&w, body, "body", false);
	if (sb_error(out))
		return content_fail(e, CONTENT_E_NOMEM, "out of memory writing the article as XHTML");
	return 0;
}
