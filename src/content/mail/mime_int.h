/* mime_int.h: private to content/mail/mime*.c: the bounds of one read, the body reader mime.c calls once the headers are read, and the encoded-word decoder of its headers. */
#ifndef LARDER_CONTENT_MIME_INT_H
#define LARDER_CONTENT_MIME_INT_H
#include <gmime/gmime.h>

#include "content/mail/mime.h"

/* the bounds of one read, content_limits' MIME fields with their defaults filled in */
struct mime_limits {
	size_t max_parts;    /* MIME parts, multiparts included (LIMIT_MIME_PARTS) */
	size_t max_depth;    /* nesting of multiparts (LIMIT_MIME_DEPTH) */
	size_t max_decoded;  /* bytes of the chosen body part once decoded (LIMIT_MIME_DECODED) */
};

/* walks the parts under top (within lim's part count and depth) for the first inline text/html part and the
 * first inline text/plain part, decodes them to UTF-8 into out->html and out->text (a text-only message's
 * text becomes escaped paragraphs in out->html); MIME_OK or MIME_E_BODY, _PARTS, _DEPTH, _SIZE */
enum mime_status mime_read_body(struct arena *a, GMimeObject *top, const struct mime_limits *lim,
                                struct mime_message *out);

/* a raw header value with its RFC 2047 encoded words decoded (mime_words.c): charsets by their WHATWG labels,
 * adjacent words of one charset joined before decoding (a character may be split between them), the white
 * space between two words dropped, a word that does not decode kept as written, bytes outside words read as
 * UTF-8 when they are, else windows-1252; UTF-8 in the arena, NULL for NULL (or when memory ran out) */
const char *mime_words_decode(struct arena *a, const char *raw);

/* the charset to read n bytes at s in, labelled label (label_len bytes, NULL: none): its WHATWG name; for no
 * label, one no WHATWG label names (X-UNKNOWN) or US-ASCII (which 8-bit bytes belie), UTF-8 when the bytes
 * are, else windows-1252 (mime_words.c) */
const char *mime_charset(const char *label, size_t label_len, const char *s, size_t n);
#endif
