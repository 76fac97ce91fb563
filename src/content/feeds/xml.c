/* xml.c: content_xml_read, the safe XML parse every XML reader of the content layer goes through: decoded to UTF-8, HTML's named references and bare ampersands made XML, checked by xml_guard, then libxml2's push parser under a CPU budget. */
#define _GNU_SOURCE /* memmem */
#include <ctype.h>
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "content/charset.h"
#include "content/feeds/xml.h"
#include "content/feeds/xml_guard.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/time.h"
#include "util/utf8.h"

/* bytes handed to libxml2 at a time; the CPU clock is read between two */
#define CHUNK (16 * 1024)

/* a DTD may declare entities (a billion laughs, an external file): a feed that does is refused
 * (xml_guard refuses internal subsets before this; kept as the last word on the parsed tree) */
static bool declares_entities(const xmlDoc *doc)
{
	const xmlDtd *dtd = doc->intSubset;
	for (const xmlNode *c = dtd ? dtd->children : NULL; c; c = c->next)
		if (c->type == XML_ENTITY_DECL)
			return true;
	return false;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* the encoding label an XML declaration names (in an ASCII-compatible document), or NULL */
static const char *declared_encoding(const char *s, size_t n, size_t *labeln)
{
	if (n < 6 || memcmp(s, "<?xml", 5) != 0 || !is_space(s[5]))
		return NULL;
	size_t end = 6;
	while (end + 1 < n && end < 1024 && !(s[end] == '?' && s[end + 1] == '>'))
		end++;
	for (size_t i = 6; i + 8 < end; i++) {
		if (memcmp(s + i, "encoding", 8) != 0 || !is_space(s[i - 1]))
			continue;
		size_t j = i + 8;
		while (j < end && is_space(s[j]))
			j++;
		if (j >= end || s[j++] != '=')
			return NULL;
		while (j < end && is_space(s[j]))
			j++;
		if (j >= end || (s[j] != '"' && s[j] != '\''))
			return NULL;
		const char *q = memchr(s + j + 1, s[j], end - j - 1);
		if (!q)
			return NULL;
		*labeln = (size_t)(q - (s + j + 1));
		return s + j + 1;
	}
	return NULL;
}

/* the encoding a Content-Type's charset parameter names (canonical), or NULL when it names none we know */
static const char *http_charset(const char *ct)
{
	for (const char *p = ct ? strchr(ct, ';') : NULL; p; p = strchr(p + 1, ';')) {
		const char *q = p + 1;
		while (is_space(*q))
			q++;
		if (strncasecmp(q, "charset", 7) != 0)
			continue;
		q += 7;
		while (is_space(*q))
			q++;
		if (*q++ != '=')
			continue;
		while (is_space(*q))
			q++;
		bool quoted = *q == '"' || *q == '\'';
		q += quoted;
		size_t n = strcspn(q, quoted ? "\"'" : " \t;");
		return n ? charset_canonical(q, n) : NULL;
	}
	return NULL;
}

/* the document as UTF-8, the bytes libxml2 and xml_guard both read: *out is body itself (a BOM
 * skipped) or a copy decoded in a; -1 with err for an encoding we do not read. The encoding is told
 * as XML's appendix F tells it: a byte order mark, the first bytes of "<?xml" in UTF-16, else the
 * declaration's encoding in an ASCII-compatible document. A document that declares none (or an encoding we
 * do not read) is read in the charset its Content-Type names (content_type, NULL: none); else one declaring
 * none is UTF-8 when its bytes are, else windows-1252 (the web's default), and one declaring an encoding we
 * do not read is refused, naming it. */
static int to_utf8(struct arena *a, const char *body, size_t len, const char *content_type, const char **out,
                   size_t *outn, char *err, size_t errlen)
{
	const unsigned char *u = (const unsigned char *)body;
	const char *enc = NULL, *used, *label = NULL, *canon = NULL;
	size_t labeln = 0;
	char *dec;

	*out = body;
	*outn = len;
	if (len >= 4 && ((u[0] == 0 && u[1] == 0) || (u[2] == 0 && u[3] == 0) || memcmp(u, "\x4c\x6f\xa7\x94", 4) == 0)) {
		snprintf(err, errlen, "the XML document is in UTF-32 or EBCDIC, which are not read");
		return -1;
	}
	if (len >= 3 && memcmp(u, "\xef\xbb\xbf", 3) == 0) {
		*out = body + 3;
		*outn = len - 3;
		return 0;
	}
	if (len >= 2 && ((u[0] == 0xff && u[1] == 0xfe) || (u[0] == 0xfe && u[1] == 0xff)))
		enc = "";                       /* charset_to_utf8 reads the BOM */
	else if (len >= 4 && memcmp(u, "<\0?\0", 4) == 0)
		enc = "charset=UTF-16LE";
	else if (len >= 4 && memcmp(u, "\0<\0?", 4) == 0)
		enc = "charset=UTF-16BE";
	else {
		label = declared_encoding(body, len, &labeln);
		canon = label ? charset_canonical(label, labeln) : NULL;
		if (!canon)
			canon = http_charset(content_type);
		if (!canon && !label && utf8_valid(body, len))
			return 0;
		if (!canon && label) {
			snprintf(err, errlen, "the XML document's encoding \"%.*s\" is not one we read",
			         (int)(labeln > 40 ? 40 : labeln), label);
			return -1;
		}
		if (!canon)
			canon = "windows-1252";
		/* a UTF-16 label on bytes whose declaration reads as ASCII is wrong: they are UTF-8; bytes that are
		 * not UTF-8 become U+FFFD, the rest of the feed is read */
		if (strcmp(canon, "UTF-8") == 0 || strncmp(canon, "UTF-16", 6) == 0) {
			if (utf8_valid(body, len))
				return 0;
			canon = "UTF-8";
		}
		enc = arena_printf(a, "charset=%s", canon);
	}
	if (charset_to_utf8(a, body, len, enc, &dec, outn, &used) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	*out = dec;
	return 0;
}

/* where the markup starting at s[i] == '<' that holds no reference ends: past a comment, a CDATA section, a
 * processing instruction or a DOCTYPE (with its internal subset); i itself for a tag */
static size_t skipped_markup(const char *s, size_t n, size_t i)
{
	static const struct { const char *open, *close; } kinds[] = {
		{"<!--", "-->"}, {"<![CDATA[", "]]>"}, {"<?", "?>"},
	};
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		size_t ol = strlen(kinds[k].open), cl = strlen(kinds[k].close);
		if (n - i < ol || memcmp(s + i, kinds[k].open, ol) != 0)
			continue;
		const char *end = memmem(s + i + ol, n - i - ol, kinds[k].close, cl);
		return end ? (size_t)(end - s) + cl : n;
	}
	if (n - i >= 9 && memcmp(s + i, "<!DOCTYPE", 9) == 0) {
		bool subset = false;
		for (size_t j = i + 9; j < n; j++) {
			if (s[j] == '[')
				subset = true;
			else if (s[j] == ']')
				subset = false;
			else if (s[j] == '>' && !subset)
				return j + 1;
		}
		return n;
	}
	return i;
}

enum ref { REF_XML, REF_HTML, REF_BARE };

/* what the '&' at s[i] starts: a reference XML reads as it is (a character reference, or one of XML's five
 * names), an HTML named reference (*cp its character), or text to escape (a bare '&', an unknown name);
 * *len: the reference's bytes, ';' included */
static enum ref reference(const char *s, size_t n, size_t i, uint32_t *cp, size_t *len)
{
	size_t j = i + 1, start;
	if (j < n && s[j] == '#') {
		bool hex = j + 1 < n && (s[j + 1] == 'x' || s[j + 1] == 'X');
		for (j += 1 + hex, start = j; j < n && (hex ? isxdigit((unsigned char)s[j]) : isdigit((unsigned char)s[j]));)
			j++;
		*len = j + 1 - i;
		return j > start && j < n && s[j] == ';' ? REF_XML : REF_BARE;
	}
	for (start = j; j < n && j - start < 32 && (isalpha((unsigned char)s[j]) || (j > start && isdigit((unsigned char)s[j])));)
		j++;
	if (j == start || j >= n || s[j] != ';')
		return REF_BARE;
	char name[33];
	memcpy(name, s + start, j - start);
	name[j - start] = '\0';
	*len = j + 1 - i;
	if (!strcmp(name, "lt") || !strcmp(name, "gt") || !strcmp(name, "amp") || !strcmp(name, "quot") || !strcmp(name, "apos"))
		return REF_XML;
	const htmlEntityDesc *d = htmlEntityLookup((const xmlChar *)name);
	if (d == NULL || d->value == 0 || (d->value >= 0xD800 && d->value <= 0xDFFF) || d->value > 0x10FFFF)
		return REF_BARE;
	*cp = d->value;
	return REF_HTML;
}

/* s (n bytes of UTF-8) with what feeds write that XML does not read made XML: an HTML named reference (&nbsp;
 * &eacute; &mdash;: XML declares only five) becomes its character, a bare '&' or an unknown name "&amp;", so
 * the text reads as the page meant it; comments, CDATA sections, processing instructions and the DOCTYPE are
 * left alone. One linear pass; s itself when nothing needs it, else a copy in a (at most 4 bytes longer for
 * each '&'). -1 when out of memory, -2 when the copy could pass LIMIT_XML_BYTES. */
static int repair_references(struct arena *a, const char *s, size_t n, const char **out, size_t *outn)
{
	size_t amps = 0, i, o = 0, len, end;
	uint32_t cp;
	*out = s;
	*outn = n;
	for (i = 0; i < n; i++) {
		if (s[i] == '<' && (end = skipped_markup(s, n, i)) > i)
			i = end - 1;
		else if (s[i] == '&' && reference(s, n, i, &cp, &len) != REF_XML)
			amps++;
	}
	if (amps == 0)
		return 0;
	if (n + 4 * amps > LIMIT_XML_BYTES)
		return -2;
	char *d = arena_alloc(a, n + 4 * amps + 1);
	if (d == NULL)
		return -1;
	for (i = 0; i < n;) {
		enum ref r = REF_XML;
		len = 1;
		if (s[i] == '<' && (end = skipped_markup(s, n, i)) > i)
			len = end - i;
		else if (s[i] == '&')
			r = reference(s, n, i, &cp, &len);
		if (r == REF_HTML) {
			o += utf8_encode(cp, d + o);
		} else if (r == REF_BARE) {
			memcpy(d + o, "&amp;", 5);
			o += 5;
			len = 1;
		} else {
			memcpy(d + o, s + i, len);
			o += len;
		}
		i += len;
	}
	d[o] = '\0';
	*out = d;
	*outn = o;
	return 0;
}

/* libxml2's push parser on s, CHUNK bytes at a time (it stops at its first fatal error, where the
 * pull parser would go on reading); NULL with err when it fails, or when the parse has used more
 * than budget_ms of this thread's CPU time (a negative budget is none) */
static xmlDoc *push_parse(const char *s, size_t n, long budget_ms, char *err, size_t errlen)
{
	xmlParserCtxt *ctx = xmlCreatePushParserCtxt(NULL, NULL, NULL, 0, NULL);
	bool expired = false;
	if (ctx == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	/* NONET: no fetch of anything; without NOENT, DTDLOAD and DTDATTR no entity is substituted and no
	 * external DTD is read; IGNORE_ENC: the bytes are UTF-8 whatever the declaration says */
	xmlCtxtUseOptions(ctx, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA |
	                       XML_PARSE_IGNORE_ENC);
	int64_t deadline = budget_ms < 0 ? INT64_MAX : time_thread_cpu_ns() + (int64_t)budget_ms * 1000000;
	for (size_t i = 0;;) {
		size_t k = n - i < CHUNK ? n - i : CHUNK;
		if (xmlParseChunk(ctx, s + i, (int)k, i + k == n) != 0 && !ctx->wellFormed)
			break;
		i += k;
		if (i == n)
			break;
		if (time_thread_cpu_ns() >= deadline) {
			expired = true;
			break;
		}
	}
	xmlDoc *doc = ctx->myDoc;
	ctx->myDoc = NULL;
	if (expired) {
		snprintf(err, errlen, "refused: reading the XML document took more than %ld ms of CPU time "
		                      "(LIMIT_XML_PARSE_MS)", budget_ms);
	} else if (doc == NULL || !ctx->wellFormed) {
		const xmlError *e = xmlCtxtGetLastError(ctx);
		snprintf(err, errlen, "not well-formed XML%s%s", e && e->message ? ": " : "", e && e->message ? e->message : "");
		size_t k = strlen(err);
		if (k && err[k - 1] == '\n')
			err[k - 1] = '\0';
	} else {
		xmlFreeParserCtxt(ctx);
		return doc;
	}
	xmlFreeDoc(doc);
	xmlFreeParserCtxt(ctx);
	return NULL;
}

/* the kind of refusal err says: every message of a bound passed starts "refused: " */
static int refusal(struct content_error *e)
{
	e->code = strncmp(e->msg, "refused: ", 9) == 0 ? CONTENT_E_LIMIT
	          : strcmp(e->msg, "out of memory") == 0 ? CONTENT_E_NOMEM : CONTENT_E_FORMAT;
	e->detail = 0;
	return -1;
}

/* lim's XML bounds and budget, its zeros as util/limits.h's; *budget_ms negative: none */
static void bounds(const struct content_limits *lim, struct xml_guard_limits *g, long *budget_ms)
{
	static const struct content_limits none;
	if (lim == NULL)
		lim = &none;
	g->attrs = lim->xml_attrs ? lim->xml_attrs : LIMIT_XML_ATTRS;
	g->depth = lim->xml_depth ? lim->xml_depth : LIMIT_XML_DEPTH;
	g->name = lim->xml_name ? lim->xml_name : LIMIT_XML_NAME;
	g->namespaces = lim->xml_namespaces ? lim->xml_namespaces : LIMIT_XML_NAMESPACES;
	*budget_ms = content_budget_ms(lim, LIMIT_XML_PARSE_MS);
}

xmlDoc *content_xml_read(const char *body, size_t len, const struct content_limits *lim, struct content_error *e)
{
	return content_xml_read_typed(body, len, NULL, lim, e);
}

xmlDoc *content_xml_read_typed(const char *body, size_t len, const char *content_type, const struct content_limits *lim,
                               struct content_error *e)
{
	struct arena a;
	struct xml_guard_limits g;
	long budget_ms;
	const char *s;
	size_t n;
	xmlDoc *doc = NULL;
	char *err = e->msg;
	size_t errlen = sizeof e->msg;

	content_error_clear(e);
	bounds(lim, &g, &budget_ms);
	if (len > LIMIT_XML_BYTES) {
		snprintf(err, errlen, "refused: the XML document is over %d bytes (LIMIT_XML_BYTES)", LIMIT_XML_BYTES);
		refusal(e);
		return NULL;
	}
	arena_init(&a);
	/* white space (after a UTF-8 byte order mark) before the document: what a template printed first */
	size_t bom = len >= 3 && memcmp(body, "\xef\xbb\xbf", 3) == 0 ? 3 : 0, lead = bom;
	while (lead < len && is_space(body[lead]))
		lead++;
	if (lead > bom && lead < len && body[lead] == '<') {
		body += lead;
		len -= lead;
	}
	if (to_utf8(&a, body, len, content_type, &s, &n, err, errlen) < 0)
		goto out;
	int repaired = repair_references(&a, s, n, &s, &n);
	if (repaired < 0) {
		snprintf(err, errlen, repaired == -2 ? "refused: the XML document with its '&' escaped would be over %d bytes "
		                                       "(LIMIT_XML_BYTES)" : "out of memory", LIMIT_XML_BYTES);
		goto out;
	}
	if (n > LIMIT_XML_BYTES) {
		snprintf(err, errlen, "refused: the XML document is over %d bytes in UTF-8 (LIMIT_XML_BYTES)", LIMIT_XML_BYTES);
		goto out;
	}
	if (xml_guard_check(s, n, &g, err, errlen) < 0)
		goto out;
	doc = push_parse(s, n, budget_ms, err, errlen);
	if (doc && declares_entities(doc)) {
		snprintf(err, errlen, "the document declares XML entities (refused)");
	} else if (doc && xmlDocGetRootElement(doc) == NULL) {
		snprintf(err, errlen, "the XML document has no root element");
	} else {
		goto out;
	}
	xmlFreeDoc(doc);
	doc = NULL;
out:
	arena_free(&a);
	if (doc == NULL)
		refusal(e);
	return doc;
}
