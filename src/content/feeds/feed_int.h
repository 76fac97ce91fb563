/* feed_int.h: private to the feed readers (feed.c, feed_xml.c, feed_json.c, opml.c): the two format readers and a text helper. */
#ifndef LARDER_CONTENT_FEED_INT_H
#define LARDER_CONTENT_FEED_INT_H
#include <stddef.h>

struct arena;
struct content_feed;

/* RSS or Atom (feed_xml.c), JSON Feed (feed_json.c): fill f (URLs as written); 0, or -1 with err */
int feed_parse_xml(struct arena *a, const char *body, size_t len, struct content_feed *f, char *err, size_t errlen);
int feed_parse_json(struct arena *a, const char *body, size_t len, struct content_feed *f, char *err, size_t errlen);

/* s without the whitespace around it, cut to at most max bytes (on a UTF-8 boundary), copied into
 * the arena; NULL when s is NULL or nothing is left */
const char *feed_trim(struct arena *a, const char *s, size_t max);
#endif
