/* xml_guard.c: a linear pre-pass over an XML document that bounds what libxml2 would make quadratic (attributes of one element, namespace declarations in scope) and what it would make deep or long, before libxml2 sees it. */
#define _GNU_SOURCE /* memmem */
#include "content/feeds/xml_guard.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libxml2 checks each attribute of a start tag against the tag's earlier ones (and each namespace
 * declaration against the element's earlier ones), so one element with N attributes costs O(N^2):
 * 40,000 attributes take seconds, 200,000 minutes. A namespace prefix is looked up through every
 * declaration in scope, so many of them make every element slow. This pass reads the markup as
 * libxml2 does: text up to '<'; comments, processing instructions and CDATA sections to their end;
 * a DOCTYPE (refused when it has an internal subset: its declarations are the other quadratic
 * places, and the entities xml.c has always refused); start tags as a name and attributes, each a
 * name, '=' and a quoted value without '<'; end tags. Anything else is not well-formed XML, which
 * libxml2 refuses too. Names are runs of ASCII name characters and any byte from 0x80 on, so they
 * are never shorter than libxml2's names; where libxml2's name is shorter it has met an error.
 * libxml2's push parser stops at its first fatal error, so past the point where the two readings
 * could differ it builds nothing. */

struct scan {
	const unsigned char *s;
	size_t n;
	const struct xml_guard_limits *lim;
	unsigned depth;                 /* elements open */
	unsigned ns;                    /* namespace declarations in scope */
	unsigned *ns_at;                /* declarations each open element made (depth entries) */
	char *err;
	size_t errlen;
};

static bool is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool is_name_start(unsigned char c)
{
	return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_' || c == ':' || c >= 0x80;
}

static bool is_name_char(unsigned char c)
{
	return is_name_start(c) || (c >= '0' && c <= '9') || c == '.' || c == '-';
}

__attribute__((format(printf, 2, 3)))
static int refuse(struct scan *sc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(sc->err, sc->errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static int malformed(struct scan *sc, const char *what, size_t at)
{
	return refuse(sc, "not well-formed XML: %s at byte %zu", what, at);
}

static size_t skip_space(const struct scan *sc, size_t i)
{
	while (i < sc->n && is_space(sc->s[i]))
		i++;
	return i;
}

/* the end of the name starting at i (i itself when none starts there); -1 past the name limit */
static long name_at(struct scan *sc, size_t i, size_t *end)
{
	size_t j = i;
	if (j < sc->n && is_name_start(sc->s[j]))
		while (j < sc->n && is_name_char(sc->s[j]))
			j++;
	if (j - i > sc->lim->name)
		return refuse(sc, "refused: a name at byte %zu is longer than %u bytes (LIMIT_XML_NAME)", i, sc->lim->name);
	*end = j;
	return (long)(j - i);
}

/* the position after the first `close` at or after i; 0 with the message when there is none */
static size_t past(struct scan *sc, size_t i, const char *close, const char *what, size_t start)
{
	const unsigned char *p = i <= sc->n ? memmem(sc->s + i, sc->n - i, close, strlen(close)) : NULL;
	if (!p) {
		malformed(sc, what, start);
		return 0;
	}
	return (size_t)(p - sc->s) + strlen(close);
}

/* <!DOCTYPE ...> from i: its end, or 0 (an internal subset is refused, quoted literals skipped) */
static size_t doctype(struct scan *sc, size_t i)
{
	for (size_t j = i + 9; j < sc->n; j++) {
		unsigned char c = sc->s[j];
		if (c == '>')
			return j + 1;
		if (c == '[') {
			refuse(sc, "the document has an internal DTD subset: its declarations, entities among them, "
			           "are refused");
			return 0;
		}
		if (c == '"' || c == '\'') {
			const unsigned char *q = memchr(sc->s + j + 1, c, sc->n - j - 1);
			if (!q)
				break;
			j = (size_t)(q - sc->s);
		}
	}
	malformed(sc, "an unterminated DOCTYPE", i);
	return 0;
}

/* one attribute from i (at its name): the position after its value, or 0 */
static size_t attribute(struct scan *sc, size_t i, unsigned *count, unsigned *ns)
{
	size_t end, j;
	if (name_at(sc, i, &end) < 0)
		return 0;
	if (end == i) {
		malformed(sc, "a start tag that is not a name and attributes", i);
		return 0;
	}
	if (++*count > sc->lim->attrs) {
		refuse(sc, "refused: an element has more than %u attributes (LIMIT_XML_ATTRS)", sc->lim->attrs);
		return 0;
	}
	if ((end - i == 5 || (end - i > 5 && sc->s[i + 5] == ':')) && memcmp(sc->s + i, "xmlns", 5) == 0)
		++*ns;
	j = skip_space(sc, end);
	if (j >= sc->n || sc->s[j] != '=') {
		malformed(sc, "an attribute without '='", i);
		return 0;
	}
	j = skip_space(sc, j + 1);
	if (j >= sc->n || (sc->s[j] != '"' && sc->s[j] != '\'')) {
		malformed(sc, "an attribute value without quotes", i);
		return 0;
	}
	const unsigned char *q = memchr(sc->s + j + 1, sc->s[j], sc->n - j - 1);
	if (!q || memchr(sc->s + j + 1, '<', (size_t)(q - sc->s) - j - 1)) {
		malformed(sc, q ? "a '<' in an attribute value" : "an unterminated attribute value", i);
		return 0;
	}
	return (size_t)(q - sc->s) + 1;
}

/* a start tag from i (at '<'): the position after it, or 0 */
static size_t start_tag(struct scan *sc, size_t i)
{
	size_t j;
	unsigned count = 0, ns = 0;
	if (name_at(sc, i + 1, &j) < 0)
		return 0;
	for (;;) {
		size_t k = skip_space(sc, j);
		bool empty = k + 1 < sc->n && sc->s[k] == '/' && sc->s[k + 1] == '>';
		if ((empty || (k < sc->n && sc->s[k] == '>')) && sc->depth >= sc->lim->depth) {
			refuse(sc, "refused: elements nest deeper than %u (LIMIT_XML_DEPTH)", sc->lim->depth);
			return 0;
		}
		if (empty)
			return k + 2;   /* its declarations go out of scope at once */
		if (k < sc->n && sc->s[k] == '>') {
			sc->ns_at[sc->depth++] = ns;
			return k + 1;
		}
		if (k == j || k >= sc->n) {
			malformed(sc, k >= sc->n ? "an unterminated start tag" : "attributes not apart", k);
			return 0;
		}
		if ((j = attribute(sc, k, &count, &ns)) == 0)
			return 0;
		if (sc->ns + ns > sc->lim->namespaces) {
			refuse(sc, "refused: more than %u namespace declarations are in scope (LIMIT_XML_NAMESPACES)",
			       sc->lim->namespaces);
			return 0;
		}
	}
}

/* `sc->ns` counts the open elements' declarations: start_tag checks the new ones against it */
static size_t element_start(struct scan *sc, size_t i)
{
	unsigned depth = sc->depth;
	size_t j = start_tag(sc, i);
	if (j && sc->depth > depth)
		sc->ns += sc->ns_at[depth];
	return j;
}

/* an end tag from i (at "</"): the position after it, or 0 */
static size_t end_tag(struct scan *sc, size_t i)
{
	size_t j;
	if (name_at(sc, i + 2, &j) < 0)
		return 0;
	bool named = j > i + 2;
	j = skip_space(sc, j);
	if (!named || j >= sc->n || sc->s[j] != '>' || sc->depth == 0) {
		malformed(sc, "an end tag out of place", i);
		return 0;
	}
	sc->ns -= sc->ns_at[--sc->depth];
	return j + 1;
}

/* the markup construct at i (at '<'): the position after it, or 0 */
static size_t markup(struct scan *sc, size_t i)
{
	const unsigned char *p = sc->s + i;
	size_t left = sc->n - i;
	if (left >= 2 && p[1] == '/')
		return end_tag(sc, i);
	if (left >= 2 && p[1] == '?')
		return past(sc, i + 2, "?>", "an unterminated processing instruction", i);
	if (left >= 4 && memcmp(p, "<!--", 4) == 0)
		return past(sc, i + 4, "-->", "an unterminated comment", i);
	if (left >= 9 && memcmp(p, "<![CDATA[", 9) == 0)
		return past(sc, i + 9, "]]>", "an unterminated CDATA section", i);
	if (left >= 9 && memcmp(p, "<!DOCTYPE", 9) == 0)
		return doctype(sc, i);
	if (left >= 2 && is_name_start(p[1]))
		return element_start(sc, i);
	malformed(sc, "a '<' that starts no markup", i);
	return 0;
}

int xml_guard_check(const char *s, size_t n, const struct xml_guard_limits *lim, char *err, size_t errlen)
{
	struct scan sc = { (const unsigned char *)s, n, lim, 0, 0, NULL, err, errlen };
	int rc = 0;
	sc.ns_at = malloc(((size_t)lim->depth + 1) * sizeof *sc.ns_at);
	if (!sc.ns_at) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < n;) {
		const unsigned char *lt = memchr(sc.s + i, '<', n - i);
		if (!lt)
			break;
		if ((i = markup(&sc, (size_t)(lt - sc.s))) == 0) {
			rc = -1;
			break;
		}
	}
	free(sc.ns_at);
	return rc;
}
