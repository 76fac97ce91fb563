/* svc.h: the service layer's shared declarations: the product's actions, each written once and called by the GraphQL resolvers (api/), the HTTP handlers (web/) and the command line (cmd/) alike. */
#ifndef LARDER_SVC_H
#define LARDER_SVC_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "store/store.h"
#include "util/arena.h"
#include "util/config.h"

struct content_limits;

/* ---- ingest.c: page HTML to a storable article (extract, sanitize, metadata) ---- */
/* The page is parsed once (html_parse_count counts it): the canonical link is read from that tree, the
 * extractor works on it and the article is sanitized in place. *canonical_url (may be NULL) gets the
 * page's normalised canonical link, or NULL; -1 with *err on failure, among them a sanitized article
 * over max_content bytes (content_max_bytes). The parse keeps lim's CPU budget (NULL: the default). */
int svc_ingest(struct arena *a, const char *html, size_t n, const char *url, const struct content_limits *lim,
               size_t max_content, struct store_article *out, const char **canonical_url, const char **err);

/* content that is already an article (an export's kept content, imported): parsed once, its body sanitized in
 * place and serialized, its text and word count taken; nothing extracted or dropped, no metadata read. 0, or -1
 * with *err (among them an article over max_content bytes) */
int svc_ingest_kept(struct arena *a, const char *html, size_t n, const char *url, size_t max_content,
                    struct store_article *out, const char **err);

/* ---- cut.c: stored text at its limit (util/limits.h). Text from outside (a page, a feed, a mail, an
 * import, a PDF) is cut; API input over a limit is refused with svc_too_long's message ---- */
/* s with at most max characters (cut on a character boundary, copied into a; s itself when it fits) */
const char *svc_cut(struct arena *a, const char *s, size_t max);
/* s with at most max bytes, cut on a character boundary (s itself when it fits) */
const char *svc_cut_bytes(struct arena *a, const char *s, size_t max);
/* an article's title, author, description, site name, language and direction cut to their limits; an image,
 * icon or final URL longer than LIMIT_URL_BYTES is dropped */
void svc_article_cut(struct arena *a, struct store_article *art);
/* the same for an imported record's own fields (its article is cut by svc_article_cut) */
void svc_import_cut(struct arena *a, struct store_import *in);
/* NULL when s (NULL: none) has at most max characters, else "FIELD is longer than MAX characters (...)" */
const char *svc_too_long(struct arena *a, const char *field, const char *s, size_t max);
/* the first of an item's title, author and description (NULL: not given) over its limit, or NULL */
const char *svc_item_text_refusal(struct arena *a, const char *title, const char *author, const char *description);

/* ---- quota.c: larder.conf's limits the store enforces, and a user's usage against them ---- */
/* hands larder.conf's count limits (labels_per_user, labels_per_item, highlights_per_item, items_per_user,
 * bytes_per_user) to the store, which enforces them in its write transactions; every program calls it after
 * store_open */
void svc_store_limits(struct store *st, const struct larder_config *cfg);
/* a user's usage against each per-user quota of larder.conf, for the user's settings and `larder user show` */
struct svc_quota { const char *key; int64_t used, most; };
enum { SVC_QUOTA_ITEMS, SVC_QUOTA_BYTES, SVC_QUOTA_IMPORTS, SVC_QUOTA_SUBSCRIPTIONS, SVC_QUOTA__N };
int svc_quota_usage(struct store *st, const struct larder_config *cfg, const char *user_id,
                    struct svc_quota out[SVC_QUOTA__N]);
#endif
