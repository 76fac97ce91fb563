/* extract_util.c: the extractor's node bookkeeping, tree walks, class/id heuristics and text measures. */
#include "content/article/extract_int.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"

/* ---- node -> info map (open addressing on the node's address) */

static size_t hash_ptr(const void *p)
{
	uint64_t v = (uint64_t)(uintptr_t)p;
	v ^= v >> 33;
	v *= UINT64_C(0xff51afd7ed558ccd);
	v ^= v >> 33;
	return (size_t)v;
}

struct ex_info *ex_info(struct ex_ctx *x, const struct html_node *n, bool create)
{
	struct ex_map *m = &x->map;
	if (!m->cap) {
		if (!create)
			return NULL;
		m->cap = 256;
		m->slots = ARENA_NEWN(x->a, struct ex_info, m->cap);
		if (!m->slots) {
			m->cap = 0;
			x->oom = true;
			return NULL;
		}
	}
	size_t mask = m->cap - 1, i = hash_ptr(n) & mask;
	while (m->slots[i].key) {
		if (m->slots[i].key == n)
			return &m->slots[i];
		i = (i + 1) & mask;
	}
	if (!create)
		return NULL;
	if ((m->used + 1) * 2 > m->cap) {
		struct ex_info *old = m->slots;
		size_t oldcap = m->cap, ncap = m->cap * 2;
		struct ex_info *ns = ARENA_NEWN(x->a, struct ex_info, ncap);
		if (!ns) {
			x->oom = true;
			return NULL;
		}
		for (size_t k = 0; k < oldcap; k++) {
			if (!old[k].key)
				continue;
			size_t j = hash_ptr(old[k].key) & (ncap - 1);
			while (ns[j].key)
				j = (j + 1) & (ncap - 1);
			ns[j] = old[k];
		}
		m->slots = ns;
		m->cap = ncap;
		mask = ncap - 1;
		i = hash_ptr(n) & mask;
		while (m->slots[i].key)
			i = (i + 1) & mask;
	}
	m->used++;
	m->slots[i].key = n;
	return &m->slots[i];
}

/* ---- characters */

/* JavaScript's \s: ASCII space, tab, LF, VT, FF, CR and the Unicode spaces */
size_t ex_ws_len(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	switch (p[0]) {
	case ' ': case '\t': case '\n': case '\v': case '\f': case '\r':
		return 1;
	case 0xC2:
		return p[1] == 0xA0 ? 2 : 0;
	case 0xE1:
		return p[1] == 0x9A && p[2] == 0x80 ? 3 : 0;
	case 0xE2:
		if (p[1] == 0x80 && ((p[2] >= 0x80 && p[2] <= 0x8A) || p[2] == 0xA8 || p[2] == 0xA9 || p[2] == 0xAF))
			return 3;
		if (p[1] == 0x81 && p[2] == 0x9F)
			return 3;
		return 0;
	case 0xE3:
		return p[1] == 0x80 && p[2] == 0x80 ? 3 : 0;
	case 0xEF:
		return p[1] == 0xBB && p[2] == 0xBF ? 3 : 0;
	}
	return 0;
}

/* bytes of the UTF-8 character at p (1 for stray bytes) and its UTF-16 length */
static size_t char_len(const unsigned char *p, size_t *units)
{
	size_t n = 1;
	if (p[0] >= 0xF0 && p[1] && p[2] && p[3])
		n = 4;
	else if (p[0] >= 0xE0 && p[1] && p[2])
		n = 3;
	else if (p[0] >= 0xC0 && p[1])
		n = 2;
	*units = n == 4 ? 2 : 1;
	return n;
}

static bool is_ucomma(const unsigned char *p)
{
	/* U+060C U+FE50 U+FE10 U+FE11 U+2E41 U+2E34 U+2E32 U+FF0C */
	if (p[0] == 0xD8 && p[1] == 0x8C)
		return true;
	if (p[0] == 0xEF && p[1] == 0xB9 && p[2] == 0x90)
		return true;
	if (p[0] == 0xEF && p[1] == 0xB8 && (p[2] == 0x90 || p[2] == 0x91))
		return true;
	if (p[0] == 0xE2 && p[1] == 0xB9 && (p[2] == 0x81 || p[2] == 0xB4 || p[2] == 0xB2))
		return true;
	if (p[0] == 0xEF && p[1] == 0xBC && p[2] == 0x8C)
		return true;
	return false;
}

struct tstate {
	struct ex_text *t;
	size_t pending_units;   /* whitespace since the last non-space */
	bool any;
};

/* a character of `units` UTF-16 units that is not whitespace: the whitespace before it counts */
static inline void visible(struct tstate *s, struct ex_text *t, size_t units)
{
	if (!s->any)
		t->lead = s->pending_units;
	if (s->any && s->pending_units) {
		t->trimmed += s->pending_units;
		t->norm += 1;
	}
	s->pending_units = 0;
	t->trimmed += units;
	t->norm += units;
	s->any = true;
}

static void measure_str(struct tstate *s, const char *str)
{
	const unsigned char *p = (const unsigned char *)str;
	struct ex_text *t = s->t;
	unsigned char c;
	while ((c = *p) != 0) {
		if (c < 0x80) {         /* the common case, inline */
			t->raw++;
			if (c == ' ' || (c >= '\t' && c <= '\r')) {
				s->pending_units++;
			} else {
				t->commas += c == ',';
				t->ucommas += c == ',';
				visible(s, t, 1);
			}
			p++;
			continue;
		}
		size_t w = ex_ws_len((const char *)p);
		if (w) {
			t->raw++;
			s->pending_units++;
			p += w;
			continue;
		}
		size_t units, n = char_len(p, &units);
		if (*p == ',') {
			t->commas++;
			t->ucommas++;
		} else if (n > 1 && is_ucomma(p)) {
			t->ucommas++;
		}
		t->raw += units;
		visible(s, t, units);
		p += n;
	}
}

static bool is_hash_url(const char *href)
{
	return href && href[0] == '#' && href[1];
}

static void measure_end(struct tstate *s)
{
	if (s->any) {
		s->t->trail = s->pending_units;
	} else {
		s->t->lead = s->t->trail = s->pending_units;
	}
	s->t->any = s->any;
}

void ex_text_measure(const struct html_node *n, struct ex_text *t)
{
	struct tstate s = { t, 0, false };
	memset(t, 0, sizeof *t);
	if (n->type == HTML_TEXT) {
		measure_str(&s, n->text);
	} else if (n->type == HTML_ELEMENT || n->type == HTML_DOCUMENT) {
		for (const struct html_node *c = n->first_child; c; c = html_next(n, c))
			if (c->type == HTML_TEXT)
				measure_str(&s, c->text);
	}
	measure_end(&s);
}

/* the measure of the concatenation of a's text and b's, into a */
static void text_join(struct ex_text *a, const struct ex_text *b)
{
	a->raw += b->raw;
	a->commas += b->commas;
	a->ucommas += b->ucommas;
	if (!b->any) {
		if (a->any) {
			a->trail += b->lead;
		} else {
			a->lead += b->lead;
			a->trail = a->lead;
		}
	} else if (!a->any) {
		a->lead += b->lead;
		a->trimmed = b->trimmed;
		a->norm = b->norm;
		a->trail = b->trail;
		a->any = true;
	} else {
		size_t gap = a->trail + b->lead;
		a->trimmed += gap + b->trimmed;
		a->norm += b->norm + (gap ? 1 : 0);
		a->trail = b->trail;
	}
}

void ex_text_memo(struct ex_ctx *x, const struct html_node *n, struct ex_text *t)
{
	if (n->type != HTML_ELEMENT) {
		ex_text_measure(n, t);
		return;
	}
	struct ex_info *i = ex_info(x, n, true);
	if (i && i->memo_gen == x->memo_gen) {
		*t = i->text;
		return;
	}
	memset(t, 0, sizeof *t);
	for (const struct html_node *c = n->first_child; c; c = c->next) {
		struct ex_text ct;
		if (c->type == HTML_TEXT || c->type == HTML_ELEMENT) {
			ex_text_memo(x, c, &ct);
			text_join(t, &ct);
		}
	}
	if (i) {
		i = ex_info(x, n, false);       /* the map may have grown meanwhile */
		if (i) {
			i->text = *t;
			i->memo_gen = x->memo_gen;
		}
	}
}

double ex_link_density_memo(struct ex_ctx *x, const struct html_node *n)
{
	struct ex_text t;
	ex_text_memo(x, n, &t);
	if (!t.norm)
		return 0;
	double links = 0;
	const struct html_node *c = n->first_child;
	while (c) {
		if (ex_tag(c, "a")) {
			struct ex_text at;
			ex_text_memo(x, c, &at);
			links += (double)at.norm * (is_hash_url(html_get_attr(c, "href")) ? 0.3 : 1);
			c = html_next_skip(n, c);
			continue;
		}
		c = html_next(n, c);
	}
	return links / (double)t.norm;
}

size_t ex_norm_len(const struct html_node *n)
{
	struct ex_text t;
	ex_text_measure(n, &t);
	return t.norm;
}

static bool str_blank(const char *s)
{
	while (*s) {
		size_t w = ex_ws_len(s);
		if (!w)
			return false;
		s += w;
	}
	return true;
}

bool ex_text_is_blank(const struct html_node *n)
{
	if (n->type == HTML_TEXT || n->type == HTML_COMMENT)
		return str_blank(n->text);
	for (const struct html_node *c = n->first_child; c; c = html_next(n, c))
		if (c->type == HTML_TEXT && !str_blank(c->text))
			return false;
	return true;
}

static char *trim_impl(struct arena *a, const char *s, bool collapse)
{
	size_t n = strlen(s);
	while (*s) {
		size_t w = ex_ws_len(s);
		if (!w)
			break;
		s += w;
		n -= w;
	}
	/* strip from the end: find the last non-space by a forward scan */
	size_t end = 0, i = 0;
	while (i < n) {
		size_t w = ex_ws_len(s + i);
		if (w) {
			i += w;
			continue;
		}
		size_t u, cl = char_len((const unsigned char *)s + i, &u);
		i += cl;
		end = i;
	}
	if (!collapse)
		return arena_strndup(a, s, end);
	char *out = arena_alloc(a, end + 1);
	if (!out)
		return NULL;
	size_t o = 0;
	i = 0;
	while (i < end) {
		size_t w = ex_ws_len(s + i);
		if (!w) {
			out[o++] = s[i++];
			continue;
		}
		size_t run = 0, start = i;
		while (i < end && (w = ex_ws_len(s + i)) != 0) {
			i += w;
			run++;
		}
		if (run >= 2)
			out[o++] = ' ';
		else {
			memcpy(out + o, s + start, i - start);
			o += i - start;
		}
	}
	out[o] = '\0';
	return out;
}

char *ex_trim(struct arena *a, const char *s) { return trim_impl(a, s ? s : "", false); }
char *ex_trim_collapse(struct arena *a, const char *s) { return trim_impl(a, s ? s : "", true); }

char *ex_inner_text(struct ex_ctx *x, const struct html_node *n)
{
	char *t = html_text_content(x->a, n);
	char *r = t ? ex_trim_collapse(x->a, t) : NULL;
	if (!r)
		x->oom = true;
	return r ? r : (char *)"";
}

double ex_link_density(const struct html_node *n)
{
	size_t len = ex_norm_len(n);
	if (!len)
		return 0;
	double links = 0;
	const struct html_node *c = n->first_child;
	while (c) {
		if (ex_tag(c, "a")) {
			double coef = is_hash_url(html_get_attr(c, "href")) ? 0.3 : 1;
			links += (double)ex_norm_len(c) * coef;
			c = html_next_skip(n, c);
			continue;
		}
		c = html_next(n, c);
	}
	return links / (double)len;
}

/* ---- Readability's token similarity: lower-case, split on [^A-Za-z0-9_] */

struct tok { const char *p; size_t n; };

static size_t tokenize(struct arena *a, const char *s, struct tok **out)
{
	size_t cap = 16, n = 0;
	struct tok *v = ARENA_NEWN(a, struct tok, cap);
	if (!v)
		return 0;
	const char *p = s;
	while (*p) {
		while (*p && !(isalnum((unsigned char)*p) || *p == '_'))
			p++;
		const char *b = p;
		while (*p && (isalnum((unsigned char)*p) || *p == '_'))
			p++;
		if (p > b) {
			if (n == cap) {
				struct tok *nv = arena_realloc(a, v, cap * sizeof *v, cap * 2 * sizeof *v);
				if (!nv)
					break;
				v = nv;
				cap *= 2;
			}
			v[n].p = b;
			v[n].n = (size_t)(p - b);
			n++;
		}
	}
	*out = v;
	return n;
}

static bool tok_eq(const struct tok *a, const struct tok *b)
{
	return a->n == b->n && strncasecmp(a->p, b->p, a->n) == 0;
}

double ex_text_similarity(struct arena *a, const char *ta, const char *tb)
{
	struct tok *va = NULL, *vb = NULL;
	size_t na = tokenize(a, ta ? ta : "", &va), nb = tokenize(a, tb ? tb : "", &vb);
	if (!na || !nb)
		return 0;
	if (na > LIMIT_EXTRACT_SIMILARITY_TOKENS)
		na = LIMIT_EXTRACT_SIMILARITY_TOKENS;
	if (nb > LIMIT_EXTRACT_SIMILARITY_TOKENS)
		nb = LIMIT_EXTRACT_SIMILARITY_TOKENS;
	size_t all = 0, uniq = 0, nuniq = 0;
	for (size_t i = 0; i < nb; i++) {
		bool found = false;
		all += vb[i].n;
		for (size_t j = 0; j < na && !found; j++)
			found = tok_eq(&vb[i], &va[j]);
		if (!found) {
			uniq += vb[i].n;
			nuniq++;
		}
	}
	all += nb - 1;
	if (nuniq)
		uniq += nuniq - 1;
	return 1.0 - (double)uniq / (double)all;
}

/* ---- elements */

/* tag names compared first by their first byte: these run for every node of every walk */
bool ex_tag(const struct html_node *n, const char *tag)
{
	return n && n->type == HTML_ELEMENT && n->ns == HTML_NS_HTML && n->name[0] == tag[0] &&
	       strcmp(n->name, tag) == 0;
}

bool ex_tag_in(const struct html_node *n, const char *const *tags)
{
	if (!n || n->type != HTML_ELEMENT || n->ns != HTML_NS_HTML)
		return false;
	char c = n->name[0];
	for (; *tags; tags++)
		if ((*tags)[0] == c && strcmp(n->name, *tags) == 0)
			return true;
	return false;
}

/* c or the first element after it (before it when back) among its siblings */
static struct html_node *el_from(struct html_node *c, bool back)
{
	while (c && c->type != HTML_ELEMENT)
		c = back ? c->prev : c->next;
	return c;
}

struct html_node *ex_first_el(const struct html_node *n)
{
	return el_from(n->first_child, false);
}

struct html_node *ex_next_el(const struct html_node *n)
{
	return el_from(n->next, false);
}

struct html_node *ex_prev_el(const struct html_node *n)
{
	return el_from(n->prev, true);
}

size_t ex_el_count(const struct html_node *n)
{
	size_t k = 0;
	for (struct html_node *c = n->first_child; c; c = c->next)
		k += c->type == HTML_ELEMENT;
	return k;
}

size_t ex_count_tag(const struct html_node *root, const char *tag)
{
	size_t k = 0;
	for (const struct html_node *c = root->first_child; c; c = html_next(root, c))
		k += ex_tag(c, tag);
	return k;
}

struct html_node *ex_next_node(struct html_node *n, bool skip_kids)
{
	struct html_node *e;
	if (!skip_kids && (e = ex_first_el(n)))
		return e;
	if ((e = ex_next_el(n)))
		return e;
	do {
		n = n->parent;
	} while (n && !ex_next_el(n));
	return n ? ex_next_el(n) : NULL;
}

struct html_node *ex_remove_and_next(struct html_node *n)
{
	struct html_node *next = ex_next_node(n, true);
	html_remove(n);
	return next;
}

struct html_node **ex_collect(struct ex_ctx *x, struct html_node *root, const char *const *tags, size_t *count)
{
	size_t cap = 64, k = 0;
	struct html_node **v = ARENA_NEWN(x->a, struct html_node *, cap);
	*count = 0;
	if (!v) {
		x->oom = true;
		return NULL;
	}
	for (struct html_node *c = root->first_child; c; c = html_next(root, c)) {
		if (!ex_tag_in(c, tags))
			continue;
		if (k == cap) {
			struct html_node **nv = arena_realloc(x->a, v, cap * sizeof *v, cap * 2 * sizeof *v);
			if (!nv) {
				x->oom = true;
				break;
			}
			v = nv;
			cap *= 2;
		}
		v[k++] = c;
	}
	*count = k;
	return v;
}

/* _hasAncestorTag: max_depth <= 0 means unlimited */
bool ex_has_ancestor(const struct html_node *n, const char *tag, int max_depth, struct ex_ctx *x, bool need_datatable)
{
	int depth = 0;
	while (n->parent) {
		if (max_depth > 0 && depth > max_depth)
			return false;
		if (ex_tag(n->parent, tag)) {
			if (!need_datatable)
				return true;
			struct ex_info *i = ex_info(x, n->parent, false);
			if (i && i->datatable)
				return true;
		}
		n = n->parent;
		depth++;
	}
	return false;
}

static bool ends_non_space(const char *s)
{
	size_t i = 0, n = strlen(s);
	bool last_ns = false;
	while (i < n) {
		size_t w = ex_ws_len(s + i);
		if (w) {
			last_ns = false;
			i += w;
		} else {
			last_ns = true;
			i++;
		}
	}
	return last_ns;
}

bool ex_single_tag_inside(const struct html_node *el, const char *tag)
{
	struct html_node *only = NULL;
	for (struct html_node *c = el->first_child; c; c = c->next) {
		if (c->type == HTML_ELEMENT) {
			if (only)
				return false;
			only = c;
		} else if (c->type == HTML_TEXT && ends_non_space(c->text)) {
			return false;
		}
	}
	return only && ex_tag(only, tag);
}

static void blank_memo(struct ex_ctx *x, const struct html_node *n, bool *blank, size_t *brhr)
{
	struct ex_info *i = ex_info(x, n, true);
	if (i && i->blank_gen == x->blank_gen) {
		*blank = i->blank;
		*brhr = i->brhr;
		return;
	}
	bool b = true;
	size_t count = 0;
	for (const struct html_node *c = n->first_child; c; c = c->next) {
		if (c->type == HTML_TEXT) {
			if (b && !str_blank(c->text))
				b = false;
		} else if (c->type == HTML_ELEMENT) {
			bool cb;
			size_t cc;
			blank_memo(x, c, &cb, &cc);
			b = b && cb;
			count += cc + (ex_tag(c, "br") || ex_tag(c, "hr"));
		}
	}
	*blank = b;
	*brhr = count;
	if (i && (i = ex_info(x, n, false)) != NULL) {   /* the map may have grown meanwhile */
		i->blank = b;
		i->brhr = count;
		i->blank_gen = x->blank_gen;
	}
}

bool ex_without_content_memo(struct ex_ctx *x, const struct html_node *n)
{
	bool blank;
	size_t brhr;
	if (n->type != HTML_ELEMENT)
		return false;
	blank_memo(x, n, &blank, &brhr);
	if (!blank)
		return false;
	size_t kids = ex_el_count(n);
	return !kids || kids == brhr;
}

static const char *const div_to_p[] = { "blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul", NULL };

bool ex_has_child_block(const struct html_node *n)
{
	for (const struct html_node *c = n->first_child; c; c = html_next(n, c))
		if (ex_tag_in(c, div_to_p))
			return true;
	return false;
}

static const char *const phrasing[] = {
	"abbr", "audio", "b", "bdo", "br", "button", "cite", "code", "data", "datalist", "dfn", "em",
	"embed", "i", "img", "input", "kbd", "label", "mark", "math", "meter", "noscript", "object",
	"output", "progress", "q", "ruby", "samp", "script", "select", "small", "span", "strong", "sub",
	"sup", "textarea", "time", "var", "wbr", NULL,
};

static bool phrasing_leaf(const struct html_node *n)
{
	return ex_tag_in(n, phrasing) || (n->ns == HTML_NS_MATHML && strcmp(n->name, "math") == 0);
}

static bool transparent(const struct html_node *n)
{
	return ex_tag(n, "a") || ex_tag(n, "del") || ex_tag(n, "ins");
}

/* _isPhrasingContent: text, a phrasing element, or a/del/ins holding only phrasing content */
bool ex_is_phrasing(const struct html_node *n)
{
	if (n->type == HTML_TEXT)
		return true;
	if (n->type != HTML_ELEMENT)
		return false;
	if (phrasing_leaf(n))
		return true;
	if (!transparent(n))
		return false;
	const struct html_node *c = n->first_child;
	while (c) {
		if (c->type == HTML_TEXT || (c->type == HTML_ELEMENT && phrasing_leaf(c))) {
			c = html_next_skip(n, c);
		} else if (c->type == HTML_ELEMENT && transparent(c)) {
			c = html_next(n, c);
		} else {
			return false;
		}
	}
	return true;
}

bool ex_is_whitespace(const struct html_node *n)
{
	if (n->type == HTML_TEXT)
		return str_blank(n->text);
	return ex_tag(n, "br");
}

/* the value of CSS property prop in a style attribute starts with want */
static bool style_is(const char *style, const char *prop, const char *want)
{
	size_t pl = strlen(prop), wl = strlen(want);
	const char *p = style;
	while (*p) {
		while (*p == ';' || isspace((unsigned char)*p))
			p++;
		const char *name = p;
		while (*p && *p != ':' && *p != ';')
			p++;
		const char *ne = p;
		while (ne > name && isspace((unsigned char)ne[-1]))
			ne--;
		if (*p != ':')
			continue;
		p++;
		while (isspace((unsigned char)*p))
			p++;
		const char *val = p;
		while (*p && *p != ';')
			p++;
		if ((size_t)(ne - name) == pl && strncasecmp(name, prop, pl) == 0 &&
		    (size_t)(p - val) >= wl && strncasecmp(val, want, wl) == 0 &&
		    (val + wl == p || isspace((unsigned char)val[wl]) || val[wl] == '!'))
			return true;
	}
	return false;
}

bool ex_probably_visible(const struct html_node *n)
{
	const char *style = html_get_attr(n, "style");
	if (style && (style_is(style, "display", "none") || style_is(style, "visibility", "hidden")))
		return false;
	if (html_get_attr(n, "hidden"))
		return false;
	const char *ah = html_get_attr(n, "aria-hidden");
	if (ah && strcmp(ah, "true") == 0) {
		const char *cls = html_get_attr(n, "class");
		return cls && strstr(cls, "fallback-image");
	}
	return true;
}

const char *ex_match_string(struct ex_ctx *x, const struct html_node *n)
{
	const char *c = html_get_attr(n, "class"), *id = html_get_attr(n, "id");
	size_t cl = c ? strlen(c) : 0, il = id ? strlen(id) : 0;
	char *s = arena_alloc(x->a, cl + il + 2);
	if (!s) {
		x->oom = true;
		return "";
	}
	for (size_t i = 0; i < cl; i++)
		s[i] = (char)tolower((unsigned char)c[i]);
	s[cl] = ' ';
	for (size_t i = 0; i < il; i++)
		s[cl + 1 + i] = (char)tolower((unsigned char)id[i]);
	s[cl + 1 + il] = '\0';
	return s;
}

/* case-insensitive substring; needle is lower-case */
bool ex_ci_has(const char *hay, const char *needle)
{
	size_t nl = strlen(needle);
	for (const char *p = hay; *p; p++)
		if (tolower((unsigned char)*p) == needle[0] && strncasecmp(p, needle, nl) == 0)
			return true;
	return false;
}

static bool any_of(const char *lower, const char *const *words)
{
	for (; *words; words++)
		if (strstr(lower, *words))
			return true;
	return false;
}

static const char *const unlikely_words[] = {
	"-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap",
	"disqus", "extra", "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies",
	"rss", "shoutbox", "sidebar", "skyscraper", "social", "sponsor", "supplemental", "ad-break",
	"agegate", "pagination", "pager", "popup", "yom-remote", NULL,
};
static const char *const maybe_words[] = { "and", "article", "body", "column", "content", "main", "shadow", NULL };
static const char *const positive_words[] = {
	"article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post",
	"text", "blog", "story", NULL,
};
static const char *const negative_words[] = {
	"-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead",
	"media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar",
	"skyscraper", "sponsor", "shopping", "tags", "widget", NULL,
};
static const char *const byline_words[] = { "byline", "author", "dateline", "writtenby", "p-author", NULL };

bool ex_unlikely(const char *m) { return any_of(m, unlikely_words); }
bool ex_maybe_candidate(const char *m) { return any_of(m, maybe_words); }
bool ex_byline_match(const char *m) { return any_of(m, byline_words); }

/* the negative pattern's "hid" alternatives: the whole value, or a space-delimited word at the
 * start or end, or between spaces */
static bool hid_word(const char *s)
{
	size_t n = strlen(s);
	if (n == 3 && strcasecmp(s, "hid") == 0)
		return true;
	if (n >= 4 && strncasecmp(s, "hid ", 4) == 0)
		return true;
	if (n >= 4 && strcasecmp(s + n - 4, " hid") == 0)
		return true;
	return ex_ci_has(s, " hid ");
}

static int weigh(struct ex_ctx *x, const char *v)
{
	if (!v || !*v)
		return 0;
	size_t n = strlen(v);
	char *l = arena_alloc(x->a, n + 1);
	if (!l)
		return 0;
	for (size_t i = 0; i < n; i++)
		l[i] = (char)tolower((unsigned char)v[i]);
	int w = 0;
	if (any_of(l, negative_words) || hid_word(l))
		w -= 25;
	if (any_of(l, positive_words))
		w += 25;
	return w;
}

int ex_class_weight(struct ex_ctx *x, const struct html_node *n)
{
	if (!(x->flags & EX_WEIGHT_CLASSES))
		return 0;
	return weigh(x, html_get_attr(n, "class")) + weigh(x, html_get_attr(n, "id"));
}

void ex_set_tag(struct ex_ctx *x, struct html_node *n, const char *tag)
{
	if (html_rename(x->doc, n, tag) < 0)
		x->oom = true;
	n->ns = HTML_NS_HTML;
}

/* is the word t (n bytes) w, or (w ending in '*') does it begin with w? */
static bool word_is(const char *t, size_t n, const char *w)
{
	size_t wl = strlen(w);
	if (wl && w[wl - 1] == '*')
		return n >= wl - 1 && strncmp(t, w, wl - 1) == 0;
	return n == wl && strncmp(t, w, n) == 0;
}

/* does the lower-cased "class id" string s carry one of words (an entry ending in '*': a word beginning with
 * it)? Its words are split at anything but letters and digits, and also tried in pairs joined by '-'
 * ("more-stories", "author-bio") */
bool ex_word_match(const char *s, const char *const *words)
{
	const char *prev = NULL;
	size_t prevn = 0;
	for (const char *p = s; *p;) {
		while (*p && !isalnum((unsigned char)*p))
			p++;
		const char *b = p;
		while (isalnum((unsigned char)*p))
			p++;
		size_t n = (size_t)(p - b);
		if (!n)
			break;
		char pair[64];
		bool has_pair = prev && prevn + n + 1 < sizeof pair;
		if (has_pair) {
			memcpy(pair, prev, prevn);
			pair[prevn] = '-';
			memcpy(pair + prevn + 1, b, n);
			pair[prevn + 1 + n] = '\0';
		}
		for (size_t i = 0; words[i]; i++)
			if (word_is(b, n, words[i]) || (has_pair && strchr(words[i], '-') && strcmp(pair, words[i]) == 0))
				return true;
		prev = b;
		prevn = n;
	}
	return false;
}
