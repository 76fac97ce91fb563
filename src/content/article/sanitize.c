/* sanitize.c: the allow-list HTML sanitizer on the arena DOM: html_policy.c's tables applied (elements, attributes, URL schemes), leaving a tree its serialization parses back to. */
#include "content/article/sanitize.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <stdlib.h>
#include <strings.h>

#include "content/article/html.h"
#include "content/reader.h"
#include "content/article/html_policy.h"
#include "content/article/shape.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/text.h"
#include "util/url.h"

#define ID_PREFIX "user-content-"
#define DOCTYPE "<!DOCTYPE html>"
#define HTML_WS " \t\n\r\f"      /* ASCII white space as HTML reads it */

/* ---- URLs */

struct ctx {
	struct html_doc *d;
	const char *base;       /* NULL or an absolute http(s) URL */
	int err;
};

static bool ascii_ws(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/* s without tabs and newlines, C0 controls and spaces trimmed, then spaces, controls and stray '%'
 * percent-encoded (what a browser does before and while parsing a URL) */
static char *url_clean(struct arena *a, const char *s)
{
	size_t n = strlen(s), i = 0, j;
	while (i < n && (unsigned char)s[i] <= 0x20)
		i++;
	while (n > i && (unsigned char)s[n - 1] <= 0x20)
		n--;
	char *r = arena_alloc(a, (n - i) * 3 + 1);
	if (!r)
		return NULL;
	for (j = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\t' || c == '\n' || c == '\r')
			continue;
		if (c <= 0x20 || c == 0x7f || (c == '%' && !(i + 2 < n && text_hex_value((unsigned char)s[i + 1]) >= 0 &&
		                                            text_hex_value((unsigned char)s[i + 2]) >= 0))) {
			static const char hx[] = "0123456789ABCDEF";
			r[j++] = '%';
			r[j++] = hx[c >> 4];
			r[j++] = hx[c & 15];
			continue;
		}
		r[j++] = (char)c;
	}
	r[j] = '\0';
	return r;
}

/* length of the scheme before ':' ([A-Za-z][A-Za-z0-9+.-]*), 0 when there is none; *odd is set
 * when a ':' comes before any '/', '?' or '#' without being a valid scheme's end */
static size_t scheme_len(const char *s, bool *odd)
{
	size_t i = 0;
	*odd = false;
	if (isalpha((unsigned char)s[0])) {
		for (i = 1; isalnum((unsigned char)s[i]) || s[i] == '+' || s[i] == '.' || s[i] == '-'; i++)
			;
		if (s[i] == ':')
			return i;
	}
	for (i = 0; s[i] && s[i] != '/' && s[i] != '?' && s[i] != '#'; i++)
		if (s[i] == ':') {
			*odd = true;
			break;
		}
	return 0;
}

static bool scheme_is(const char *s, size_t len, const char *want)
{
	return strlen(want) == len && strncasecmp(s, want, len) == 0;
}

/* data:image/png|jpeg|gif|webp[;...],... */
static bool data_image_ok(const char *s)
{
	size_t n = strlen(s);
	if (n > LIMIT_SANITIZE_DATA_URL || strncasecmp(s, "data:image/", 11) != 0 || !strchr(s, ','))
		return false;
	for (const char *const *t = policy_data_image_types; *t; t++) {
		size_t k = strlen(*t);
		if (strncasecmp(s + 11, *t, k) == 0 && (s[11 + k] == ';' || s[11 + k] == ','))
			return true;
	}
	return false;
}

static bool http_ok(struct arena *a, const char *s)
{
	struct url u;
	bool odd;
	size_t k = scheme_len(s, &odd);
	if (!(scheme_is(s, k, "http") || scheme_is(s, k, "https")))
		return false;
	if (url_parse(a, s, strlen(s), &u, NULL) < 0 || !u.host || !u.host[0] || strchr(u.host, '%'))
		return false;
	return true;
}

/* the URL to write for value v of an attribute of kind k, or NULL to drop the attribute */
static char *check_url(struct ctx *c, const char *v, enum akind k)
{
	struct arena *a = c->d->arena;
	char *s = url_clean(a, v), *res = NULL;
	bool odd;
	if (!s) {
		c->err = -1;
		return NULL;
	}
	if (!s[0])
		return NULL;
	if (s[0] == '#') {
		if (k != A_LINK && k != A_CITE)
			return NULL;
		if (strncmp(s + 1, ID_PREFIX, strlen(ID_PREFIX)) == 0 || !s[1])
			return s;
		res = arena_printf(a, "#" ID_PREFIX "%s", s + 1);
		if (!res)
			c->err = -1;
		return res;
	}
	size_t sl = scheme_len(s, &odd);
	if (odd)
		return NULL;
	if (sl) {
		switch (policy_scheme(k, s, sl)) {
		case POLICY_SCHEME_DATA_IMAGE:
			return data_image_ok(s) ? s : NULL;
		case POLICY_SCHEME_MAILTO:
			return strlen(s) <= LIMIT_URL_BYTES ? s : NULL;
		default:
			return http_ok(a, s) ? s : NULL;
		}
	}
	/* a relative reference */
	if (!c->base)
		return (k == A_LINK || k == A_CITE) && strlen(s) <= LIMIT_URL_BYTES ? s : NULL;
	if (url_resolve(a, c->base, s, &res) < 0 || !res)
		return NULL;
	return http_ok(a, res) ? res : NULL;
}

/* srcset: keep the candidates whose URL passes as an image and whose descriptor is valid */
static char *check_srcset(struct ctx *c, const char *v)
{
	struct sb b;
	const char *p = v;
	char *r = NULL;
	sb_init(&b);
	for (;;) {
		p += strspn(p, HTML_WS ",");
		if (!*p)
			break;
		const char *u0 = p;
		p += strcspn(p, HTML_WS);
		size_t ul = (size_t)(p - u0);
		bool ended = false;     /* the URL ended with commas: no descriptors */
		while (ul > 0 && u0[ul - 1] == ',') {
			ul--;
			ended = true;
		}
		const char *d0 = p, *d1 = p;
		if (!ended) {
			int paren = 0;
			while (*p && (*p != ',' || paren > 0)) {
				if (*p == '(')
					paren++;
				else if (*p == ')' && paren > 0)
					paren--;
				p++;
			}
			d1 = p;
		}
		while (d0 < d1 && ascii_ws((unsigned char)*d0))
			d0++;
		while (d1 > d0 && ascii_ws((unsigned char)d1[-1]))
			d1--;
		/* descriptor: nothing, Nw, Nh, or N[.N]x */
		size_t dl = (size_t)(d1 - d0), i = 0;
		bool good = true;
		if (dl > 0) {
			while (i < dl && isdigit((unsigned char)d0[i]))
				i++;
			if (i == 0 || i > 9)
				good = false;
			else if (d0[i] == '.' && i + 1 < dl && d0[dl - 1] == 'x') {
				size_t j = i + 1;
				while (j < dl - 1 && isdigit((unsigned char)d0[j]))
					j++;
				good = j == dl - 1 && j > i + 1;
			} else {
				good = i + 1 == dl && (d0[i] == 'w' || d0[i] == 'h' || d0[i] == 'x');
			}
		}
		if (!good || ul == 0)
			continue;
		char *u = arena_strndup(c->d->arena, u0, ul);
		if (!u) {
			c->err = -1;
			break;
		}
		char *cu = check_url(c, u, A_IMG);
		if (!cu || strchr(cu, ' '))
			continue;
		if (b.len)
			sb_puts(&b, ", ");
		sb_puts(&b, cu);
		if (dl) {
			sb_putc(&b, ' ');
			sb_putn(&b, d0, dl);
		}
	}
	if (sb_error(&b))
		c->err = -1;
	else if (b.len && !(r = arena_strndup(c->d->arena, sb_str(&b), b.len)))
		c->err = -1;
	sb_free(&b);
	return r;
}

/* ---- attribute values */

static bool digits(const char *s, size_t min, size_t max, bool sign)
{
	size_t i = 0;
	if (sign && s[0] == '-')
		s++;
	while (isdigit((unsigned char)s[i]))
		i++;
	return s[i] == '\0' && i >= min && i <= max;
}

static bool charset_ok(const char *s, const char *extra, size_t max)
{
	size_t n = 0;
	for (; *s; s++, n++)
		if (!isalnum((unsigned char)*s) && !strchr(extra, *s))
			return false;
	return n > 0 && n <= max;
}

/* the value to write for attribute v of rule r, or NULL to drop it */
static const char *check_value(struct ctx *c, const struct attr_rule *r, const char *v)
{
	switch (r->kind) {
	case A_TEXT:
		return strlen(v) <= LIMIT_SANITIZE_ATTR ? v : NULL;
	case A_LINK: case A_CITE: case A_IMG: case A_MEDIA:
		return check_url(c, v, r->kind);
	case A_SRCSET:
		return check_srcset(c, v);
	case A_UINT:
		return digits(v, 1, 5, false) ? v : NULL;
	case A_SPAN:
		return digits(v, 1, 4, false) && atoi(v) >= 1 && atoi(v) <= 1000 ? v : NULL;
	case A_INT:
		return digits(v, 1, 9, true) ? v : NULL;
	case A_BOOL:
		return "";
	case A_ENUM:
		for (const char *const *e = r->values; *e; e++)
			if (strcasecmp(v, *e) == 0)
				return *e;
		return NULL;
	case A_ENUM_CASE:
		for (const char *const *e = r->values; *e; e++)
			if (strcmp(v, *e) == 0)
				return *e;
		return NULL;
	case A_LANG:
		return charset_ok(v, "-", 35) ? v : NULL;
	case A_MEDIAQ:
		return charset_ok(v, " ():,.%-+*/", 1024) ? v : NULL;
	case A_MIME:
		return charset_ok(v, "/+.-;= ,\"", 256) ? v : NULL;
	case A_ID: {
		size_t n = strlen(v);
		if (n == 0 || n > 256)
			return NULL;
		for (const char *p = v; *p; p++)
			if (ascii_ws((unsigned char)*p))
				return NULL;
		if (strncmp(v, ID_PREFIX, strlen(ID_PREFIX)) == 0)
			return v;
		const char *r2 = arena_printf(c->d->arena, ID_PREFIX "%s", v);
		if (!r2)
			c->err = -1;
		return r2;
	}
	}
	return NULL;
}

/* the value to write for v, as the rounds of sanitizing, serializing and re-parsing would settle it:
 * checked and read back as a parse reads it until that changes nothing (a check need not accept its
 * own output: "user-content-" makes an id longer, a reread control a title); NULL to drop it */
static const char *settle(struct ctx *c, const struct attr_rule *r, const char *v)
{
	for (int round = 0; v && round < LIMIT_SANITIZE_PASSES; round++) {
		const char *next = check_value(c, r, v);
		if (next && !(next = html_shape_reread(c->d->arena, next)))
			c->err = -1;
		if (!next || strcmp(next, v) == 0)
			return next;
		v = next;
	}
	return v;
}

/* rewrite el's attributes through its rules; false when el must go (an image without a source) */
static bool filter_attrs(struct ctx *c, struct html_node *el, const struct attr_rule *rules)
{
	struct html_attr *old = el->attrs;
	el->attrs = NULL;
	for (struct html_attr *at = old; at && !c->err; at = at->next) {
		const struct attr_rule *r = policy_attr(rules, at->name);
		if (!r)
			continue;
		const char *v = settle(c, r, at->value);
		if (v && html_set_attr(c->d, el, at->name, v) < 0)
			c->err = -1;
	}
	if (c->err)
		return true;
	const char *name = el->name;
	if (strcmp(name, "a") == 0 && html_get_attr(el, "href")) {
		if (html_set_attr(c->d, el, "rel", "noopener noreferrer nofollow") < 0)
			c->err = -1;
	} else if (strcmp(name, "video") == 0 || strcmp(name, "audio") == 0) {
		if (html_set_attr(c->d, el, "controls", "") < 0)
			c->err = -1;
	} else if (strcmp(name, "img") == 0) {
		return html_get_attr(el, "src") || html_get_attr(el, "srcset");
	} else if (strcmp(name, "source") == 0) {
		return html_get_attr(el, "src") || html_get_attr(el, "srcset");
	} else if (strcmp(name, "track") == 0) {
		return html_get_attr(el, "src") != NULL;
	}
	return true;
}

/* ---- the walk */

enum action { KEEP, DROP, UNWRAP };

static enum action decide(struct ctx *c, struct html_node *n, int depth)
{
	if (n->type == HTML_TEXT)
		return KEEP;
	if (n->type != HTML_ELEMENT)
		return DROP;            /* comments (and anything else) */
	if (n->ns != HTML_NS_HTML || policy_dropped(n->name))
		return DROP;
	const struct elem_rule *r = policy_element(n->name);
	if (!r)
		return UNWRAP;
	const struct attr_rule *rules = r->attrs;
	const struct html_node *p = n->parent;
	if (strcmp(n->name, "source") == 0) {
		if (html_is(p, "picture"))
			rules = policy_source_img_attrs;
		else if (html_is(p, "video") || html_is(p, "audio"))
			rules = policy_source_media_attrs;
		else
			return DROP;
	} else if (strcmp(n->name, "track") == 0 && !html_is(p, "video") && !html_is(p, "audio")) {
		return DROP;
	}
	if (depth > LIMIT_SANITIZE_DEPTH)
		return UNWRAP;
	return filter_attrs(c, n, rules) ? KEEP : DROP;
}

/* one pass over root's descendants */
static int sanitize_pass(struct ctx *c, struct html_node *root)
{
	struct html_node *n = root->first_child;
	int depth = 1;
	while (n && !c->err) {
		enum action act = decide(c, n, depth);
		struct html_node *next = NULL;
		if (act == KEEP && n->first_child) {
			next = n->first_child;
			depth++;
		} else if (act == UNWRAP && n->first_child) {
			next = n->first_child;  /* the children take n's place, at n's depth */
		} else {
			/* the next node after n's subtree, climbing out of finished elements */
			struct html_node *m = n;
			while (m != root && !m->next) {
				m = m->parent;
				depth--;
			}
			next = m == root ? NULL : m->next;
		}
		if (act == DROP)
			html_remove(n);
		else if (act == UNWRAP)
			html_unwrap(n);
		n = next;
	}
	return c->err;
}

static struct html_node *body_of(struct html_doc *d)
{
	for (struct html_node *h = d->root->first_child; h; h = h->next)
		if (html_is(h, "html"))
			for (struct html_node *b = h->first_child; b; b = b->next)
				if (html_is(b, "body"))
					return b;
	return NULL;
}

/* roots whose content the HTML parser reads as it reads <body>'s, so a re-parse in <body> is faithful */
static bool body_like(const struct html_node *root)
{
	static const char *const not_body[] = {
		"html", "head", "table", "thead", "tbody", "tfoot", "tr", "caption", "colgroup", "col", "select",
		"template", "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes",
		"noscript", "plaintext", "frameset", NULL,
	};
	if (root->type == HTML_DOCUMENT)
		return true;
	return root->type == HTML_ELEMENT && root->ns == HTML_NS_HTML && !html_name_in(root->name, not_body);
}

static int serialize_children(const struct html_node *root, struct sb *b)
{
	sb_reset(b);
	b->max = LIMIT_SANITIZE_OUTPUT;
	html_serialize(root, b, false);
	if (sb_error(b))
		return -2;      /* past LIMIT_SANITIZE_OUTPUT (or the builder could not grow) */
	return 0;
}

/* sanitize root and bring it to the shape a re-parse of its serialization gives (html_shape_fix; for the
 * rare shapes that walk leaves, by re-parsing and re-sanitizing until nothing changes); the
 * serialization is left in *b */
static int sanitize_stable(struct html_doc *d, struct html_node *root, const char *base, struct sb *b)
{
	struct ctx c = { d, base, 0 };
	struct sb cur;
	int rc, shape = 0;

	if (base && !http_ok(d->arena, base))
		c.base = NULL;
	if (sanitize_pass(&c, root) < 0)
		return -1;
	if (body_like(root) && (shape = html_shape_fix(d, root)) < 0)
		return -1;
	if ((rc = serialize_children(root, b)) < 0 || shape == 0)
		return rc;
	sb_init(&cur);
	for (int pass = 1; pass < LIMIT_SANITIZE_PASSES; pass++) {
		/* parsed as our pages parse it: in no-quirks mode, where <table> closes a <p> */
		char *src = arena_alloc(d->arena, b->len + sizeof DOCTYPE);
		if (!src) {
			rc = -1;
			break;
		}
		memcpy(src, DOCTYPE, sizeof DOCTYPE - 1);
		memcpy(src + sizeof DOCTYPE - 1, sb_str(b), b->len);
		struct html_doc *d2 = html_parse(d->arena, src, sizeof DOCTYPE - 1 + b->len, NULL);
		struct html_node *body2 = d2 ? body_of(d2) : NULL;
		struct ctx c2 = { d2, c.base, 0 };
		if (!d2) {
			rc = -1;
			break;
		}
		if (body2 && sanitize_pass(&c2, body2) < 0) {
			rc = -1;
			break;
		}
		if (!body2)
			sb_reset(&cur);
		else if ((rc = serialize_children(body2, &cur)) < 0)
			break;
		if (cur.len == b->len && memcmp(sb_str(&cur), sb_str(b), b->len) == 0)
			break;
		/* the re-parsed tree replaces root's children */
		while (root->first_child)
			html_remove(root->first_child);
		while (body2 && body2->first_child)
			html_append(root, body2->first_child);
		struct sb t = *b;
		*b = cur;
		cur = t;
	}
	sb_free(&cur);
	return rc;
}

/* rc of sanitize_stable as the reader convention: 0, or -1 with e */
static int sanitize_status(int rc, struct content_error *e)
{
	if (rc == -2)
		return content_fail(e, CONTENT_E_LIMIT, "the sanitized HTML is larger than %zu bytes (LIMIT_SANITIZE_OUTPUT)",
		                    (size_t)LIMIT_SANITIZE_OUTPUT);
	if (rc < 0)
		return content_fail(e, CONTENT_E_NOMEM, "out of memory sanitizing the HTML");
	return 0;
}

int content_sanitize_tree(struct html_doc *d, struct html_node *root, const char *base_url, struct content_error *e)
{
	struct sb b;
	int rc;
	content_error_clear(e);
	sb_init(&b);
	rc = sanitize_stable(d, root, base_url, &b);
	sb_free(&b);
	return sanitize_status(rc, e);
}

int content_sanitize(struct arena *a, const char *html, size_t n, const char *base_url, const struct content_limits *lim,
                     char **out, size_t *outlen, struct content_error *e)
{
	struct html_doc *d;
	struct html_node *body;
	struct sb b;
	int rc = 0;

	*out = NULL;
	if (outlen)
		*outlen = 0;
	content_error_clear(e);
	if (n > LIMIT_SANITIZE_INPUT)
		return content_fail(e, CONTENT_E_LIMIT, "the HTML is larger than %zu bytes (LIMIT_SANITIZE_INPUT)",
		                    (size_t)LIMIT_SANITIZE_INPUT);
	if (!(d = html_parse(a, html, n, lim)))
		return content_fail(e, CONTENT_E_NOMEM, "out of memory parsing the HTML");
	sb_init(&b);
	body = body_of(d);
	if (body)
		rc = sanitize_stable(d, body, base_url, &b);
	if (rc == 0) {
		*out = arena_strndup(a, sb_str(&b), b.len);
		if (!*out)
			rc = -1;
		else if (outlen)
			*outlen = b.len;
	}
	sb_free(&b);
	return sanitize_status(rc, e);
}
