/* xml.c: content_xml_read, the safe XML parse every XML reader of the content layer goes through: decoded to UTF-8, checked by xml_guard, then libxml2's push parser under a CPU budget. */
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "content/charset.h"
#include "content/feeds/xml.h"
#include "content/feeds/xml_guard.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/time.h"

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

/* the document as UTF-8, the bytes libxml2 and xml_guard both read: *out is body itself (a BOM
 * skipped) or a copy decoded in a; -1 with err for an encoding we do not read. The encoding is told
 * as XML's appendix F tells it: a byte order mark, the first bytes of "<?xml" in UTF-16, else the
 * declaration's encoding in an ASCII-compatible document (UTF-8 when there is none). */
static int to_utf8(struct arena *a, const char *body, size_t len, const char **out, size_t *outn, char *err,
                   size_t errlen)
{
	const unsigned char *u = (const unsigned char *)body;
	const char *enc = NULL, *used;
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
		const char *label = declared_encoding(body, len, &labeln), *canon;
		if (!label)
			return 0;
		canon = charset_canonical(label, labeln);
		if (!canon) {
			snprintf(err, errlen, "the XML document's encoding \"%.*s\" is not one we read",
			         (int)(labeln > 40 ? 40 : labeln), label);
			return -1;
		}
		/* a UTF-16 label on bytes whose declaration reads as ASCII is wrong: they are UTF-8 */
		if (strcmp(canon, "UTF-8") == 0 || strncmp(canon, "UTF-16", 6) == 0)
			return 0;
		enc = arena_printf(a, "charset=%s", canon);
	}
	if (charset_to_utf8(a, body, len, enc, &dec, outn, &used) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	*out = dec;
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
	if (to_utf8(&a, body, len, &s, &n, err, errlen) < 0)
		goto out;
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
