/* xml_guard.h: the linear pre-pass every XML document passes before libxml2 reads it (internal to src/content): attributes per element, depth, name length, namespace declarations in scope, no internal DTD subset. */
#ifndef LARDER_CONTENT_XML_GUARD_H
#define LARDER_CONTENT_XML_GUARD_H
#include <stddef.h>

/* the bounds one check applies (content_xml_read fills them from its content_limits, util/limits.h's LIMIT_XML_* by default) */
struct xml_guard_limits {
	unsigned attrs;         /* attributes of one element, namespace declarations included */
	unsigned depth;         /* elements open at once */
	unsigned name;          /* bytes of an element or attribute name */
	unsigned namespaces;    /* namespace declarations in scope at once */
};

/* Read s (n bytes of UTF-8) the way libxml2's push parser reads markup, in one pass that never looks
 * back: 0 when it keeps within lim, else -1 with a message in err naming the bound passed (or the
 * markup it could not read). Where the two readings could part, libxml2 has met a fatal error and
 * stops (the push parser does not go on after one), so every element libxml2 builds is one this
 * pass has counted. */
int xml_guard_check(const char *s, size_t n, const struct xml_guard_limits *lim, char *err, size_t errlen);
#endif
