/* feeds_int.h: private to the feed readers (feeds.c, feeds_json.c, feeds_read.c, import_opml.c): the two format readers and a text helper. */
#ifndef LARDER_SVC_FEEDS_INT_H
#define LARDER_SVC_FEEDS_INT_H
#include <stddef.h>

struct arena;
struct svc_feed;
struct _xmlDoc;

/* an XML document parsed the safe way (no network, no DTD loading, no entity substitution; one that declares
 * entities is refused) for the feed and OPML readers; NULL with a message in err. Free with xmlFreeDoc. */
struct _xmlDoc *feed_xml_read(const char *body, size_t len, char *err, size_t errlen);

/* RSS or Atom (feeds.c), JSON Feed (feeds_json.c): fill f (URLs as written); 0, or -1 with err */
int feed_parse_xml(struct arena *a, const char *body, size_t len, struct svc_feed *f, char *err, size_t errlen);
int feed_parse_json(struct arena *a, const char *body, size_t len, struct svc_feed *f, char *err, size_t errlen);

/* s without the whitespace around it, cut to at most max bytes (on a UTF-8 boundary), copied into
 * the arena; NULL when s is NULL or nothing is left */
const char *feed_trim(struct arena *a, const char *s, size_t max);
#endif
