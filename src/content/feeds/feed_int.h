/* feed_int.h: private to the feed readers (feed_read.c, feed_xml.c, feed_json.c, opml.c): the two format readers and feed.c's text helper. */
#ifndef LARDER_CONTENT_FEED_INT_H
#define LARDER_CONTENT_FEED_INT_H
#include <stddef.h>
#include <stdint.h>

struct arena;
struct content_error;
struct content_feed;
struct content_limits;

/* RSS or Atom (feed_xml.c, under lim's XML bounds), JSON Feed (feed_json.c): fill f (URLs as written); 0, or -1
 * with e */
int feed_parse_xml(struct arena *a, const char *body, size_t len, const char *content_type, const struct content_limits *lim,
                   struct content_feed *f, struct content_error *e);
int feed_parse_json(struct arena *a, const char *body, size_t len, struct content_feed *f, struct content_error *e);

/* s without the whitespace around it, cut to at most max bytes (on a UTF-8 boundary), copied into
 * the arena; NULL when s is NULL or nothing is left */
const char *feed_trim(struct arena *a, const char *s, size_t max);

/* which of n entries dated dates[] (0: undated) a feed holding more than keep of them gives: its keep newest,
 * undated ones last; *oldest gets the oldest date kept and *ties how many entries of that date are kept (the
 * first ones in the feed's order) */
void feed_newest(struct arena *a, const int64_t *dates, size_t n, size_t keep, int64_t *oldest, size_t *ties);
#endif
