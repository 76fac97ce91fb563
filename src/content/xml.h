/* xml.h: the one way the content layer parses untrusted XML (feeds, OPML): libxml2 with no network, no DTD loading, no entity substitution, and entity declarations refused. */
#ifndef LARDER_CONTENT_XML_H
#define LARDER_CONTENT_XML_H
#include <stddef.h>

struct _xmlDoc;

/* body (len bytes) parsed the safe way; NULL with a message in err when it is not well-formed, declares
 * entities (a billion laughs, an external file) or has no root element. Free with xmlFreeDoc. */
struct _xmlDoc *content_xml_read(const char *body, size_t len, char *err, size_t errlen);
#endif
