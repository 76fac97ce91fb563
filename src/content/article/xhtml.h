/* xhtml.h: sanitized article HTML serialized again as well-formed XHTML that an EPUB's content documents accept (content models mended, images as their text). */
#ifndef LARDER_CONTENT_XHTML_H
#define LARDER_CONTENT_XHTML_H
#include <stddef.h>

struct arena;
struct content_error;
struct content_limits;
struct sb;

/* The body of html[0..n) (sanitized HTML, as the store keeps it) appended to out as an XHTML fragment: every
 * element closed, names and text escaped, characters XML forbids left out, comments dropped; block content
 * inside a paragraph-like element becomes span, stray list and table parts get their container, a duplicate or
 * malformed id, a link to an id the fragment lacks and a datetime HTML does not take are left out; details and
 * summary are written open (div), a figure's caption stays only first or last; img, video and audio (whose remote
 * files an EPUB may not reference) become their text, "[Image: ALT]". 0, or -1 with e set (out of memory). */
int content_xhtml(struct arena *a, const char *html, size_t n, const struct content_limits *lim, struct sb *out,
                  struct content_error *e);
/* s appended to out escaped for XML text (attr: for a double-quoted attribute), characters XML forbids left out */
void content_xml_text(struct sb *out, const char *s, int attr);
#endif
