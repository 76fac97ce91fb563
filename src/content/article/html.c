/* html.c: gumbo's HTML5 parse copied into an editable arena tree; edits, queries and the HTML5 serializer. */
#define _GNU_SOURCE /* memmem */
#include "content/article/html.h"
#include "content/reader.h"

#include <ctype.h>
#include <gumbo.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "content/article/html_guard.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"

static const char *const void_elements[] = {
	"area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input",
	"keygen", "link", "meta", "param", "source", "track", "wbr", NULL,
};
static const char *const rawtext_elements[] = {
	"script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext", NULL,
};
static const char *const block_elements[] = {
	"address", "article", "aside", "blockquote", "body", "caption", "dd", "details", "div", "dl",
	"dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5",
	"h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table",
	"td", "th", "tr", "ul", "br", "html", "head", "title", NULL,
};
/* elements whose content the pre-scan of html_parse skips (the tokenizer reads them as text) */
static const char *const skip_elements[] = {
	"script", "style", "xmp", "iframe", "noembed", "noframes", "textarea", "title", NULL,
};
/* start tags that close an open one of their kind, so they do not deepen the tree */
static const char *const self_closing_kinds[] = {
	"p", "li", "dt", "dd", "td", "th", "tr", "option", "optgroup", "rb", "rt", "rp", "tbody",
	"thead", "tfoot", NULL,
};

static char *take_arena(struct arena *a, struct sb *b);

/* ---- the depth pre-scan: gumbo's tree building costs O(depth) per tag, so very deep input is
 * quadratic; cut the input where a rough count of open elements passes the limit */

static size_t tag_name(const char *s, size_t n, size_t i, char *out, size_t outcap)
{
	size_t k = 0;
	while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '-' || s[i] == ':' || s[i] == '_')) {
		if (k + 1 < outcap)
			out[k++] = (char)tolower((unsigned char)s[i]);
		i++;
	}
	out[k] = '\0';
	return i;
}

static size_t depth_cut(const char *s, size_t n)
{
	size_t i = 0, depth = 0;
	char name[16];
	char open[LIMIT_HTML_DEPTH][16];        /* names of the elements counted as open */

	while (i < n) {
		const char *lt = memchr(s + i, '<', n - i);
		if (!lt)
			break;
		i = (size_t)(lt - s);
		size_t at = i;
		if (n - i >= 4 && memcmp(s + i, "<!--", 4) == 0) {
			const char *e = memmem(s + i + 4, n - i - 4, "-->", 3);
			if (!e)
				break;
			i = (size_t)(e - s) + 3;
			continue;
		}
		bool end = i + 1 < n && s[i + 1] == '/';
		size_t j = i + 1 + end;
		if (j >= n || !isalpha((unsigned char)s[j])) {
			i++;
			continue;
		}
		j = tag_name(s, n, j, name, sizeof name);
		/* find the tag's '>' outside quotes */
		char q = 0;
		bool selfclose = false;
		while (j < n) {
			char c = s[j];
			if (q) {
				if (c == q)
					q = 0;
			} else if (c == '"' || c == '\'') {
				q = c;
			} else if (c == '>') {
				selfclose = j > 0 && s[j - 1] == '/';
				break;
			}
			j++;
		}
		if (j >= n)
			break;
		i = j + 1;
		if (end) {
			/* close the nearest open element of that name; a stray end tag closes nothing */
			for (size_t k = depth; k > 0; k--) {
				if (strcmp(open[k - 1], name) == 0) {
					depth = k - 1;
					break;
				}
			}
			continue;
		}
		if (html_name_in(name, skip_elements)) {
			/* skip to the matching end tag */
			size_t len = strlen(name);
			while (i < n) {
				const char *e = memmem(s + i, n - i, "</", 2);
				if (!e) {
					i = n;
					break;
				}
				i = (size_t)(e - s) + 2;
				if (n - i >= len && strncasecmp(s + i, name, len) == 0)
					break;
			}
			continue;
		}
		if (selfclose || html_name_in(name, void_elements) || html_name_in(name, self_closing_kinds))
			continue;
		if (depth >= LIMIT_HTML_DEPTH)
			return at;
		memcpy(open[depth++], name, sizeof name);
	}
	return n;
}

/* ---- building the tree */

static struct html_node *new_node(struct html_doc *d, enum html_node_type t)
{
	struct html_node *n = ARENA_NEW(d->arena, struct html_node);
	if (n)
		n->type = t;
	return n;
}

static char *lower_dup(struct arena *a, const char *s, size_t n)
{
	char *r = arena_strndup(a, s, n);
	if (r)
		for (char *p = r; *p; p++)
			*p = (char)tolower((unsigned char)*p);
	return r;
}

static char *element_name(struct arena *a, const GumboElement *e)
{
	GumboStringPiece orig = e->original_tag;
	if (e->tag != GUMBO_TAG_UNKNOWN) {
		if (e->tag_namespace == GUMBO_NAMESPACE_SVG && orig.length > 0) {
			GumboStringPiece t = orig;
			gumbo_tag_from_original_text(&t);
			const char *svg = gumbo_normalize_svg_tagname(&t);
			if (svg)
				return arena_strdup(a, svg);
		}
		return arena_strdup(a, gumbo_normalized_tagname(e->tag));
	}
	if (orig.length == 0)
		return arena_strdup(a, "unknown");
	gumbo_tag_from_original_text(&orig);
	if (e->tag_namespace == GUMBO_NAMESPACE_SVG) {
		const char *svg = gumbo_normalize_svg_tagname(&orig);
		if (svg)
			return arena_strdup(a, svg);
	}
	return lower_dup(a, orig.data, orig.length);
}

static char *attr_name(struct arena *a, const GumboAttribute *at)
{
	switch (at->attr_namespace) {
	case GUMBO_ATTR_NAMESPACE_XLINK:
		return arena_printf(a, "xlink:%s", at->name);
	case GUMBO_ATTR_NAMESPACE_XML:
		return arena_printf(a, "xml:%s", at->name);
	case GUMBO_ATTR_NAMESPACE_XMLNS:
		if (strcmp(at->name, "xmlns") == 0)
			return arena_strdup(a, at->name);
		return arena_printf(a, "xmlns:%s", at->name);
	default:
		return arena_strdup(a, at->name);
	}
}

/* a copy of g without its children; *has_kids says whether g has children to visit */
static struct html_node *convert(struct html_doc *d, const GumboNode *g, bool *has_kids, int *err)
{
	struct html_node *h = NULL;
	*has_kids = false;
	switch (g->type) {
	case GUMBO_NODE_ELEMENT:
	case GUMBO_NODE_TEMPLATE: {
		const GumboElement *e = &g->v.element;
		h = new_node(d, HTML_ELEMENT);
		if (!h)
			break;
		h->ns = e->tag_namespace == GUMBO_NAMESPACE_SVG ? HTML_NS_SVG :
			e->tag_namespace == GUMBO_NAMESPACE_MATHML ? HTML_NS_MATHML : HTML_NS_HTML;
		h->name = element_name(d->arena, e);
		if (!h->name)
			goto oom;
		struct html_attr **tail = &h->attrs;
		for (unsigned i = 0; i < e->attributes.length; i++) {
			const GumboAttribute *at = e->attributes.data[i];
			struct html_attr *na = ARENA_NEW(d->arena, struct html_attr);
			if (!na || !(na->name = attr_name(d->arena, at)) ||
			    !(na->value = arena_strdup(d->arena, at->value)))
				goto oom;
			*tail = na;
			tail = &na->next;
		}
		*has_kids = e->children.length > 0;
		return h;
	}
	case GUMBO_NODE_TEXT:
	case GUMBO_NODE_CDATA:
	case GUMBO_NODE_WHITESPACE:
		h = html_create_text(d, g->v.text.text);
		break;
	case GUMBO_NODE_COMMENT:
		h = html_create_comment(d, g->v.text.text);
		break;
	default:
		return NULL;
	}
	if (!h)
		goto oom;
	return h;
oom:
	*err = -1;
	return NULL;
}

static const GumboVector *gumbo_kids(const GumboNode *g)
{
	if (g->type == GUMBO_NODE_DOCUMENT)
		return &g->v.document.children;
	return &g->v.element.children;
}

/* the doctype and tree of gumbo's output into d (whose root is still empty); -1 out of memory */
static int copy_output(struct html_doc *d, const GumboOutput *out)
{
	struct arena *a = d->arena;
	int err = 0;
	const GumboDocument *gd = &out->document->v.document;
	d->has_doctype = gd->has_doctype;
	if (gd->has_doctype) {
		d->doctype_name = arena_strdup(a, gd->name ? gd->name : "");
		d->doctype_public = arena_strdup(a, gd->public_identifier ? gd->public_identifier : "");
		d->doctype_system = arena_strdup(a, gd->system_identifier ? gd->system_identifier : "");
		if (!d->doctype_name || !d->doctype_public || !d->doctype_system)
			return -1;
	}

	/* walk gumbo's tree without recursion, using its parent links and child indexes */
	const GumboNode *groot = out->document, *gp = groot;
	struct html_node *p = d->root;
	size_t i = 0;
	while (!err) {
		const GumboVector *kids = gumbo_kids(gp);
		if (i < kids->length) {
			const GumboNode *c = kids->data[i];
			bool has_kids;
			struct html_node *h = convert(d, c, &has_kids, &err);
			if (h) {
				html_append(p, h);
				if (has_kids) {
					gp = c;
					p = h;
					i = 0;
					continue;
				}
			}
			i++;
			continue;
		}
		if (gp == groot)
			break;
		i = gp->index_within_parent + 1;
		gp = gp->parent;
		p = p->parent;
	}
	return err;
}

/* ---- the degraded parse: when gumbo runs past its budget, the page is read again as its text in
 * paragraphs (a linear pass drops the markup; a block element's tag starts a new paragraph), which
 * gumbo parses in linear time: no attributes, no nesting past html > body > p */

/* after the '<' at s[i]: where the markup starting there ends; *block when it is a block element's
 * tag (start or end), and skipped content (script, style) is skipped too */
static size_t skip_markup(const char *s, size_t n, size_t i, bool *block)
{
	static const char *const dropped[] = { "script", "style", "template", "noscript", NULL };
	const char *e;
	char name[16];
	*block = false;
	if (n - i >= 4 && memcmp(s + i, "<!--", 4) == 0) {
		e = memmem(s + i + 4, n - i - 4, "-->", 3);
		return e ? (size_t)(e - s) + 3 : n;
	}
	bool end = i + 1 < n && s[i + 1] == '/';
	size_t j = i + 1 + end;
	bool tag = j < n && isalpha((unsigned char)s[j]);
	if (!tag && !(i + 1 < n && (s[i + 1] == '!' || s[i + 1] == '?')))
		return i;       /* a plain '<' */
	if (tag)
		j = tag_name(s, n, j, name, sizeof name);
	e = memchr(s + j, '>', n - j);
	j = e ? (size_t)(e - s) + 1 : n;
	if (!tag)
		return j;
	*block = html_name_in(name, block_elements);
	if (end || !html_name_in(name, dropped))
		return j;
	/* past the element's end tag (or the end of the input) */
	size_t len = strlen(name);
	while ((e = memmem(s + j, n - j, "</", 2)) != NULL) {
		j = (size_t)(e - s) + 2;
		if (n - j >= len && strncasecmp(s + j, name, len) == 0)
			return j - 2;
	}
	return n;
}

/* at s[at], which reads "<title" (any case): when that is a <title> element with an end tag, its text (at
 * most LIMIT_HTML_DEGRADED_TITLE bytes) goes to t as "<title>TEXT</title>" and the index past the element is
 * returned; else at. Called once a page, so its search for the end tag keeps the pass linear. */
static size_t take_title(const char *s, size_t n, size_t at, struct sb *t)
{
	if (n - at < 7 || !(s[at + 6] == '>' || isspace((unsigned char)s[at + 6])))
		return at;
	const char *gt = memchr(s + at, '>', n - at);
	size_t from = gt ? (size_t)(gt - s) + 1 : n, j = from;
	const char *e;
	while ((e = memmem(s + j, n - j, "</", 2)) != NULL) {
		j = (size_t)(e - s) + 2;
		if (n - j >= 5 && strncasecmp(s + j, "title", 5) == 0) {
			size_t len = j - 2 - from;
			if (len > LIMIT_HTML_DEGRADED_TITLE)
				len = LIMIT_HTML_DEGRADED_TITLE;
			sb_puts(t, "<title>");
			sb_putn(t, s + from, len);
			sb_puts(t, "</title>");
			gt = memchr(s + j, '>', n - j);
			return gt ? (size_t)(gt - s) + 1 : n;
		}
	}
	return at;
}

char *html_degrade(struct arena *a, const char *s, size_t n, size_t *outn)
{
	struct sb b, title;
	bool fresh = true;      /* no text since the last <p> */
	bool title_tried = false;
	size_t i = 0;
	sb_init(&b);
	sb_init(&title);
	sb_puts(&b, "<p>");
	while (i < n) {
		const char *lt = memchr(s + i, '<', n - i);
		size_t at = lt ? (size_t)(lt - s) : n;
		if (at > i) {
			sb_putn(&b, s + i, at - i);
			fresh = false;
		}
		if (!lt)
			break;
		bool block;
		if (!title_tried && n - at > 6 && strncasecmp(s + at, "<title", 6) == 0) {
			title_tried = true;
			if ((i = take_title(s, n, at, &title)) != at)
				continue;
		}
		i = skip_markup(s, n, at, &block);
		if (i == at) {
			sb_puts(&b, "&lt;");
			fresh = false;
			i++;
		} else if (block && !fresh) {
			sb_puts(&b, "<p>");
			fresh = true;
		}
	}
	/* the title goes first, where the parser puts it in the head */
	if (sb_error(&b)) {
		sb_free(&b);
		sb_free(&title);
		return NULL;
	}
	sb_putn(&title, sb_str(&b), b.len);
	sb_free(&b);
	*outn = title.len;
	return take_arena(a, &title);
}

static int parse_degraded(struct html_doc *d, const char *s, size_t n)
{
	GumboOptions opt = kGumboDefaultOptions;
	size_t dn;
	char *deg = html_degrade(d->arena, s, n, &dn);
	if (!deg)
		return -1;
	opt.max_errors = LIMIT_HTML_MAX_ERRORS;
	GumboOutput *out = gumbo_parse_with_options(&opt, deg, dn);
	if (!out)
		return -1;
	d->degraded = true;
	int err = copy_output(d, out);
	gumbo_destroy_output(&opt, out);
	return err;
}

static atomic_ulong parses;     /* html_parse calls in this process */

unsigned long html_parse_count(void)
{
	return atomic_load(&parses);
}

struct html_doc *html_parse(struct arena *a, const char *utf8, size_t n, const struct content_limits *lim)
{
	struct html_doc *d = ARENA_NEW(a, struct html_doc);
	GumboOptions opt = kGumboDefaultOptions;
	struct html_guard g;
	char *capped;
	size_t capn;
	int err = 0;

	atomic_fetch_add(&parses, 1);
	if (!d)
		return NULL;
	d->arena = a;
	d->root = new_node(d, HTML_DOCUMENT);
	if (!d->root)
		return NULL;
	size_t cut = depth_cut(utf8, n);
	int rc = html_cap_attrs(utf8, cut, LIMIT_HTML_ATTRS, &capped, &capn);
	if (rc < 0)
		return NULL;
	opt.max_errors = LIMIT_HTML_MAX_ERRORS;
	GumboOutput *out = html_guarded_parse(&g, &opt, rc ? capped : utf8, rc ? capn : cut,
	                                      content_budget_ms(lim, LIMIT_HTML_PARSE_MS));
	if (out) {
		d->truncated = cut < n;
		err = copy_output(d, out);
	}
	html_guard_release(&g);
	free(capped);
	if (!out && !g.expired)
		return NULL;
	if (!out)
		err = parse_degraded(d, utf8, n);
	return err ? NULL : d;
}

/* a copy of n without its relations: strings shared (the tree never writes into one), attributes copied */
static struct html_node *clone_node(struct html_doc *d, const struct html_node *n)
{
	struct html_node *c = new_node(d, n->type);
	if (!c)
		return NULL;
	c->ns = n->ns;
	c->name = n->name;
	c->text = n->text;
	struct html_attr **tail = &c->attrs;
	for (const struct html_attr *at = n->attrs; at; at = at->next) {
		struct html_attr *na = ARENA_NEW(d->arena, struct html_attr);
		if (!na)
			return NULL;
		na->name = at->name;
		na->value = at->value;
		*tail = na;
		tail = &na->next;
	}
	return c;
}

struct html_doc *html_clone_doc(struct arena *a, const struct html_doc *src)
{
	struct html_doc *d = ARENA_NEW(a, struct html_doc);
	if (!d)
		return NULL;
	*d = *src;
	d->arena = a;
	if (!(d->root = clone_node(d, src->root)))
		return NULL;
	const struct html_node *n = src->root->first_child;
	struct html_node *p = d->root;      /* the copy of n's parent */
	while (n) {
		struct html_node *c = clone_node(d, n);
		if (!c)
			return NULL;
		html_append(p, c);
		if (n->first_child) {
			p = c;
			n = n->first_child;
			continue;
		}
		while (!n->next) {
			n = n->parent;
			if (n == src->root)
				return d;
			p = p->parent;
		}
		n = n->next;
	}
	return d;
}

/* ---- creating and editing */

struct html_node *html_create_element(struct html_doc *d, const char *name)
{
	struct html_node *n = new_node(d, HTML_ELEMENT);
	if (!n || !(n->name = lower_dup(d->arena, name, strlen(name))))
		return NULL;
	return n;
}

struct html_node *html_create_text(struct html_doc *d, const char *text)
{
	struct html_node *n = new_node(d, HTML_TEXT);
	if (!n || !(n->text = arena_strdup(d->arena, text)))
		return NULL;
	return n;
}

struct html_node *html_create_comment(struct html_doc *d, const char *text)
{
	struct html_node *n = new_node(d, HTML_COMMENT);
	if (!n || !(n->text = arena_strdup(d->arena, text)))
		return NULL;
	return n;
}

void html_remove(struct html_node *n)
{
	struct html_node *p = n->parent;
	if (p) {
		if (n->prev)
			n->prev->next = n->next;
		else
			p->first_child = n->next;
		if (n->next)
			n->next->prev = n->prev;
		else
			p->last_child = n->prev;
	}
	n->parent = n->prev = n->next = NULL;
}

void html_insert_before(struct html_node *parent, struct html_node *child, struct html_node *ref)
{
	if (ref && ref->parent != parent)
		return;
	if (child == ref)
		return;
	/* would make a cycle (only a node with children can be a proper ancestor, and not one
	 * that is a sibling of parent: moving leaves, or a node into its new sibling, the common
	 * cases, skips the O(depth) climb) */
	if (child == parent)
		return;
	if (child->first_child && !(parent->parent && parent->parent == child->parent))
		for (const struct html_node *up = parent; up; up = up->parent)
			if (up == child)
				return;
	html_remove(child);
	child->parent = parent;
	child->next = ref;      /* NULL: the new last child */
	child->prev = ref ? ref->prev : parent->last_child;
	if (child->prev)
		child->prev->next = child;
	else
		parent->first_child = child;
	if (ref)
		ref->prev = child;
	else
		parent->last_child = child;
}

void html_append(struct html_node *parent, struct html_node *child)
{
	html_insert_before(parent, child, NULL);
}

void html_replace(struct html_node *old, struct html_node *repl)
{
	struct html_node *p = old->parent;
	if (!p || old == repl)
		return;
	html_insert_before(p, repl, old);
	html_remove(old);
}

void html_unwrap(struct html_node *el)
{
	struct html_node *p = el->parent;
	if (!p)
		return;
	while (el->first_child)
		html_insert_before(p, el->first_child, el);
	html_remove(el);
}

const char *html_get_attr(const struct html_node *el, const char *name)
{
	if (el->type != HTML_ELEMENT)
		return NULL;
	for (const struct html_attr *at = el->attrs; at; at = at->next)
		if (strcmp(at->name, name) == 0)
			return at->value;
	return NULL;
}

int html_set_attr(struct html_doc *d, struct html_node *el, const char *name, const char *value)
{
	struct html_attr **tail = &el->attrs;
	char *v = arena_strdup(d->arena, value);
	if (!v)
		return -1;
	for (struct html_attr *at = el->attrs; at; at = at->next) {
		if (strcmp(at->name, name) == 0) {
			at->value = v;
			return 0;
		}
		tail = &at->next;
	}
	struct html_attr *na = ARENA_NEW(d->arena, struct html_attr);
	if (!na || !(na->name = arena_strdup(d->arena, name)))
		return -1;
	na->value = v;
	*tail = na;
	return 0;
}

void html_remove_attr(struct html_node *el, const char *name)
{
	for (struct html_attr **pp = &el->attrs; *pp; pp = &(*pp)->next) {
		if (strcmp((*pp)->name, name) == 0) {
			*pp = (*pp)->next;
			return;
		}
	}
}

int html_rename(struct html_doc *d, struct html_node *el, const char *name)
{
	char *nn = lower_dup(d->arena, name, strlen(name));
	if (!nn)
		return -1;
	el->name = nn;
	return 0;
}

bool html_is(const struct html_node *n, const char *tag)
{
	return n && n->type == HTML_ELEMENT && n->ns == HTML_NS_HTML && strcmp(n->name, tag) == 0;
}

/* ---- queries */

struct html_node *html_next_skip(const struct html_node *root, const struct html_node *n)
{
	while (n && n != root) {
		if (n->next)
			return n->next;
		n = n->parent;
	}
	return NULL;
}

struct html_node *html_next(const struct html_node *root, const struct html_node *n)
{
	if (n->first_child)
		return n->first_child;
	return html_next_skip(root, n);
}

struct html_node *html_first_element(const struct html_node *root, const char *tag)
{
	for (struct html_node *n = root->first_child; n; n = html_next(root, n))
		if (n->type == HTML_ELEMENT && strcmp(n->name, tag) == 0)
			return n;
	return NULL;
}

static char *take_arena(struct arena *a, struct sb *b)
{
	char *r = sb_error(b) ? NULL : arena_strndup(a, sb_str(b), b->len);
	sb_free(b);
	return r;
}

char *html_text_content(struct arena *a, const struct html_node *root)
{
	struct sb b;
	sb_init(&b);
	if (root->type == HTML_TEXT)
		sb_puts(&b, root->text);
	for (struct html_node *n = root->first_child; n; n = html_next(root, n))
		if (n->type == HTML_TEXT)
			sb_puts(&b, n->text);
	return take_arena(a, &b);
}

static const char *const hidden_elements[] = {
	"script", "style", "template", "noscript", "head", NULL,
};
/* elements a reader sees as blocks of their own besides block_elements (which the parse's pre-scan also
 * uses): their text never runs into the text before or after them */
static const char *const text_breaks[] = {
	"center", "dialog", "dir", "frameset", "hgroup", "legend", "listing", "menu", "optgroup", "option",
	"plaintext", "search", "select", "tbody", "textarea", "tfoot", "thead", "xmp", "video", "audio",
	"iframe", "object", NULL,
};

static bool text_break(const struct html_node *n)
{
	return n->type == HTML_ELEMENT && n->ns == HTML_NS_HTML &&
	       (html_name_in(n->name, block_elements) || html_name_in(n->name, text_breaks));
}

static bool pre_like(const struct html_node *n)
{
	return n->type == HTML_ELEMENT && n->ns == HTML_NS_HTML &&
	       (strcmp(n->name, "pre") == 0 || strcmp(n->name, "listing") == 0 || strcmp(n->name, "textarea") == 0);
}

enum brk { BRK_NONE, BRK_SPACE, BRK_LINE };

/* one text node's characters into b: whitespace runs become one pending space, except inside <pre> when
 * lines are kept (verbatim there); a pending break is written before the next character */
static void put_flat(struct sb *b, const char *text, enum brk *pending, bool verbatim)
{
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		bool ws = *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f';
		if (ws && !verbatim) {
			if (*pending == BRK_NONE)
				*pending = BRK_SPACE;
			continue;
		}
		if (*pending != BRK_NONE && b->len > 0)
			sb_putc(b, *pending == BRK_LINE ? '\n' : ' ');
		*pending = BRK_NONE;
		sb_putc(b, (char)*p);
	}
}

/* the text of root with its blocks apart: a block's start and end (and <br>, <hr>) is a break, a space, or
 * a newline when lines is set; an <img> is a space; other inline elements add nothing, so "foo<b>bar</b>"
 * stays "foobar" */
static char *flat_text(struct arena *a, const struct html_node *root, bool lines)
{
	struct sb b;
	enum brk pending = BRK_NONE, at_block = lines ? BRK_LINE : BRK_SPACE;
	int in_pre = 0;
	const struct html_node *n;
	for (n = root; n && !in_pre; n = n->parent)
		in_pre = pre_like(n);
	sb_init(&b);
	n = root->type == HTML_TEXT ? root : root->first_child;
	while (n) {
		bool descend = false;
		if (n->type == HTML_ELEMENT) {
			bool hidden = n->ns == HTML_NS_HTML && html_name_in(n->name, hidden_elements);
			if (!hidden && text_break(n))
				pending = at_block;
			else if (pending == BRK_NONE && n->ns == HTML_NS_HTML && strcmp(n->name, "img") == 0)
				pending = BRK_SPACE; /* a picture between two words keeps them apart */
			descend = !hidden && n->first_child;
			if (descend && pre_like(n))
				in_pre++;
		} else if (n->type == HTML_TEXT) {
			put_flat(&b, n->text, &pending, lines && in_pre > 0);
		}
		if (n == root)
			break;
		if (descend) {
			n = n->first_child;
			continue;
		}
		for (;;) {
			if (text_break(n))
				pending = at_block;
			if (n->first_child && pre_like(n))
				in_pre--;
			if (n->next) {
				n = n->next;
				break;
			}
			n = n->parent;
			if (!n || n == root) {
				n = NULL;
				break;
			}
		}
	}
	return take_arena(a, &b);
}

char *html_inner_text(struct arena *a, const struct html_node *root)
{
	return flat_text(a, root, false);
}

char *html_lines_text(struct arena *a, const struct html_node *root)
{
	return flat_text(a, root, true);
}

/* ---- serializing */

static void put_escaped(struct sb *out, const char *s, bool attr)
{
	const char *run = s;
	for (const char *p = s; *p; p++) {
		const char *rep = NULL;
		size_t skip = 1;
		switch (*p) {
		case '&': rep = "&amp;"; break;
		case '"': if (attr) rep = "&quot;"; break;
		case '<': if (!attr) rep = "&lt;"; break;
		case '>': if (!attr) rep = "&gt;"; break;
		case '\xc2':
			if ((unsigned char)p[1] == 0xa0) {
				rep = "&nbsp;";
				skip = 2;
			}
			break;
		default: break;
		}
		if (rep) {
			sb_putn(out, run, (size_t)(p - run));
			sb_puts(out, rep);
			p += skip - 1;
			run = p + 1;
		}
	}
	sb_puts(out, run);
}

bool html_is_void(const struct html_node *n)
{
	return n->type == HTML_ELEMENT && n->ns == HTML_NS_HTML && html_name_in(n->name, void_elements);
}

static void open_tag(const struct html_node *n, struct sb *out)
{
	sb_putc(out, '<');
	sb_puts(out, n->name);
	for (const struct html_attr *at = n->attrs; at; at = at->next) {
		sb_putc(out, ' ');
		sb_puts(out, at->name);
		sb_puts(out, "=\"");
		put_escaped(out, at->value, true);
		sb_putc(out, '"');
	}
	sb_putc(out, '>');
	if (n->ns == HTML_NS_HTML && (strcmp(n->name, "pre") == 0 || strcmp(n->name, "textarea") == 0 ||
	                              strcmp(n->name, "listing") == 0) &&
	    n->first_child && n->first_child->type == HTML_TEXT && n->first_child->text[0] == '\n')
		sb_putc(out, '\n');
}

static void close_tag(const struct html_node *n, struct sb *out)
{
	if (n->type != HTML_ELEMENT || html_is_void(n))
		return;
	sb_puts(out, "</");
	sb_puts(out, n->name);
	sb_putc(out, '>');
}

/* emit n itself; true when its children should be visited next */
static bool enter(const struct html_node *n, struct sb *out)
{
	switch (n->type) {
	case HTML_ELEMENT:
		open_tag(n, out);
		return !html_is_void(n) && n->first_child;
	case HTML_TEXT: {
		const struct html_node *p = n->parent;
		if (p && p->type == HTML_ELEMENT && p->ns == HTML_NS_HTML && html_name_in(p->name, rawtext_elements))
			sb_puts(out, n->text);
		else
			put_escaped(out, n->text, false);
		return false;
	}
	case HTML_COMMENT:
		sb_puts(out, "<!--");
		sb_puts(out, n->text);
		sb_puts(out, "-->");
		return false;
	case HTML_DOCUMENT:
		return n->first_child;
	}
	return false;
}

void html_serialize(const struct html_node *root, struct sb *out, bool outer)
{
	const struct html_node *n;
	if (outer && root->type != HTML_DOCUMENT) {
		if (!enter(root, out)) {
			close_tag(root, out);
			return;
		}
	} else if (root->type == HTML_ELEMENT && html_is_void(root)) {
		return;
	}
	n = root->first_child;
	while (n) {
		if (enter(n, out)) {
			n = n->first_child;
			continue;
		}
		/* climb while there is no next sibling, closing elements on the way */
		for (;;) {
			close_tag(n, out);
			if (n->next) {
				n = n->next;
				break;
			}
			n = n->parent;
			if (n == root) {
				n = NULL;
				break;
			}
		}
	}
	if (outer)
		close_tag(root, out);
}

void html_serialize_doc(const struct html_doc *d, struct sb *out)
{
	if (d->has_doctype) {
		sb_puts(out, "<!DOCTYPE ");
		sb_puts(out, d->doctype_name);
		sb_putc(out, '>');
	}
	html_serialize(d->root, out, false);
}
