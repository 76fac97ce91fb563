/* mime_int.h: private to content/mime*.c: the body reader mime.c calls once the headers are read. */
#ifndef LARDER_CONTENT_MIME_INT_H
#define LARDER_CONTENT_MIME_INT_H
#include <gmime/gmime.h>

#include "content/mail/mime.h"

/* walks the parts under top (within lim's part count and depth) for the first inline text/html part and the
 * first inline text/plain part, decodes them to UTF-8 into out->html and out->text (a text-only message's
 * text becomes escaped paragraphs in out->html); MIME_OK or MIME_E_BODY, _PARTS, _DEPTH, _SIZE */
enum mime_status mime_read_body(struct arena *a, GMimeObject *top, const struct mime_limits *lim,
                                struct mime_message *out);
#endif
