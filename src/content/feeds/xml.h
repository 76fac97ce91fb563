/* xml.h: the one way the content layer parses untrusted XML (feeds, OPML): decoded to UTF-8, bounded by xml_guard's linear pass, then libxml2 under a CPU budget with no network, no DTD loading, no entity substitution. */
#ifndef LARDER_CONTENT_XML_H
#define LARDER_CONTENT_XML_H
#include <stddef.h>

struct _xmlDoc;

/* body (len bytes) parsed the safe way; NULL with a message in err when it is not well-formed, declares
 * entities (a billion laughs, an external file) or has no root element. Free with xmlFreeDoc. */
struct _xmlDoc *content_xml_read(const char *body, size_t len, char *err, size_t errlen);

/* whether err, from a failed content_xml_read, says the document passed a bound (its messages then
 * start "refused: " and name the LIMIT_XML_* passed) rather than that it is not well-formed XML */
int content_xml_refused(const char *err);

/* the same under other bounds (tests): lim for xml_guard, budget_ms of thread CPU time (-1: none) */
struct xml_guard_limits;
struct _xmlDoc *content_xml_read_within(const char *body, size_t len, const struct xml_guard_limits *lim,
                                        long budget_ms, char *err, size_t errlen);
#endif
