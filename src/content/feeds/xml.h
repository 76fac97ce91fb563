/* xml.h: the one way the content layer parses untrusted XML (feeds, OPML): decoded to UTF-8, bounded by xml_guard's linear pass, then libxml2 under a CPU budget with no network, no DTD loading, no entity substitution. */
#ifndef LARDER_CONTENT_XML_H
#define LARDER_CONTENT_XML_H
#include <stddef.h>

#include "content/reader.h"

struct _xmlDoc;

/* body (len bytes) parsed the safe way under lim (NULL: util/limits.h's LIMIT_XML_*; its budget_ms is
 * this thread's CPU time); NULL with e filled when it is not well-formed, declares entities (a billion
 * laughs, an external file) or has no root element (CONTENT_E_FORMAT), or passes a bound
 * (CONTENT_E_LIMIT: the message starts "refused: " and names the LIMIT_XML_* passed). Free with
 * xmlFreeDoc. */
struct _xmlDoc *content_xml_read(const char *body, size_t len, const struct content_limits *lim, struct content_error *e);
/* the same for a document served with content_type (an HTTP Content-Type, NULL: none): its charset parameter
 * is the encoding of a document that declares none (xml.c's to_utf8 has the order). Both read white space
 * before the document (a template's blank lines), HTML's named references (&nbsp; &mdash;) as their
 * characters and a bare '&' as itself. */
struct _xmlDoc *content_xml_read_typed(const char *body, size_t len, const char *content_type,
                                       const struct content_limits *lim, struct content_error *e);
#endif
