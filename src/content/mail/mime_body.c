/* mime_body.c: a message's body: the inline HTML and text parts found under its multiparts (bounded count and depth), decoded, turned into UTF-8, a text-only body made into escaped paragraphs. */
#include <string.h>

#include "content/charset.h"
#include "content/mail/mime_int.h"
#include "util/arena.h"
#include "util/sb.h"
#include "util/text.h"
#include "util/utf8.h"

/* the walk over the parts: the first inline HTML and text parts, and what was spent */
struct walk {
	const struct mime_limits *lim;
	size_t parts;
	GMimePart *html, *text;
};

static enum mime_status visit(struct walk *w, GMimeObject *obj, size_t depth)
{
	if (obj == NULL)
		return MIME_OK;
	if (++w->parts > w->lim->max_parts)
		return MIME_E_PARTS;
	if (GMIME_IS_MULTIPART(obj)) {
		if (depth >= w->lim->max_depth)
			return MIME_E_DEPTH;
		int n = g_mime_multipart_get_count(GMIME_MULTIPART(obj));
		for (int i = 0; i < n; i++) {
			enum mime_status st = visit(w, g_mime_multipart_get_part(GMIME_MULTIPART(obj), i), depth + 1);
			if (st != MIME_OK)
				return st;
		}
		return MIME_OK;
	}
	if (!GMIME_IS_PART(obj) || g_mime_part_is_attachment(GMIME_PART(obj)))
		return MIME_OK; /* an attached message or file: not the newsletter's text */
	GMimeContentType *ct = g_mime_object_get_content_type(obj);
	if (w->html == NULL && g_mime_content_type_is_type(ct, "text", "html"))
		w->html = GMIME_PART(obj);
	else if (w->text == NULL && g_mime_content_type_is_type(ct, "text", "plain"))
		w->text = GMIME_PART(obj);
	return MIME_OK;
}

/* the part's content with its transfer encoding undone, into the arena; MIME_E_SIZE past max bytes */
static enum mime_status decoded(struct arena *a, GMimePart *part, size_t max, const char **out, size_t *len)
{
	GMimeDataWrapper *dw = g_mime_part_get_content(part);
	*out = "";
	*len = 0;
	if (dw == NULL)
		return MIME_OK;
	GMimeStream *mem = g_mime_stream_mem_new();
	g_mime_data_wrapper_write_to_stream(dw, mem);
	GByteArray *ba = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
	enum mime_status st = MIME_OK;
	if (ba && ba->len > max)
		st = MIME_E_SIZE;
	else if (ba && ba->len) {
		*out = arena_strndup(a, (const char *)ba->data, ba->len);
		*len = ba->len;
	}
	g_object_unref(mem);
	return st;
}

/* the part decoded and turned into UTF-8 from its charset, read by its WHATWG label (GB2312 as GBK,
 * ISO-8859-1 as windows-1252...); none, one no label names (X-UNKNOWN) or US-ASCII: UTF-8 when the bytes
 * are, else windows-1252 (an HTML part's own <meta> first), as for a web page */
static enum mime_status part_utf8(struct arena *a, GMimePart *part, size_t max, const char **out)
{
	const char *raw, *used;
	size_t len, outlen;
	char *utf8;
	enum mime_status st = decoded(a, part, max, &raw, &len);
	if (st != MIME_OK)
		return st;
	const char *label = g_mime_object_get_content_type_parameter(GMIME_OBJECT(part), "charset");
	if (label && *label == '\0')
		label = NULL;
	const char *cs = mime_charset(label, label ? strlen(label) : 0, raw, len);
	bool named = label && charset_canonical(label, strlen(label)) != NULL;
	/* windows-1252 for want of a label: an HTML part's own <meta> says first */
	const char *ctype = named || strcmp(cs, "windows-1252") != 0 ?
		arena_printf(a, "text/plain; charset=\"%.64s\"", cs) : NULL;
	if (charset_to_utf8(a, raw, len, ctype, &utf8, &outlen, &used) != 0)
		return MIME_E_SIZE;
	*out = utf8;
	return MIME_OK;
}

/* plain text as HTML: paragraphs at blank lines, line breaks kept, every character escaped */
static const char *text_to_html(struct arena *a, const char *text)
{
	struct sb b;
	sb_init(&b);
	sb_puts(&b, "<div>");
	for (const char *p = text; *p;) {
		while (*p == '\n' || *p == '\r')
			p++;
		if (*p == '\0')
			break;
		sb_puts(&b, "<p>");
		for (bool first = true; *p && *p != '\n' && *p != '\r'; first = false) {
			size_t n = strcspn(p, "\r\n");
			const char *line = arena_strndup(a, p, n);
			if (!first)
				sb_puts(&b, "<br>");
			sb_put_html(&b, line);
			p += n;
			p += *p == '\r' && p[1] == '\n' ? 2 : *p ? 1 : 0; /* one line break: the paragraph goes on */
		}
		sb_puts(&b, "</p>");
	}
	sb_puts(&b, "</div>");
	const char *html = sb_error(&b) ? NULL : arena_strndup(a, sb_str(&b), b.len);
	sb_free(&b);
	return html;
}

enum mime_status mime_read_body(struct arena *a, GMimeObject *top, const struct mime_limits *lim,
                                struct mime_message *out)
{
	struct walk w = { .lim = lim };
	enum mime_status st = visit(&w, top, 0);
	if (st != MIME_OK)
		return st;
	if (w.html == NULL && w.text == NULL)
		return MIME_E_BODY;
	if (w.text && (st = part_utf8(a, w.text, lim->max_decoded, &out->text)) != MIME_OK)
		return st;
	if (w.html)
		return part_utf8(a, w.html, lim->max_decoded, &out->html);
	out->html = text_to_html(a, out->text);
	out->html_from_text = true;
	return out->html ? MIME_OK : MIME_E_SIZE;
}
