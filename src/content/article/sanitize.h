/* sanitize.h: the allow-list HTML sanitizer every stored article body passes through before it is rendered. */
#ifndef LARDER_CONTENT_SANITIZE_H
#define LARDER_CONTENT_SANITIZE_H
#include <stddef.h>

struct arena;
struct content_error;
struct content_limits;
struct html_doc;
struct html_node;

/* The policy, in short (html_policy.c has the tables, the one place to change it):
 *  - elements: an allow-list of article markup (headings, paragraphs, lists, tables, figures,
 *    images, picture/source, video/audio, quotes, code, links, inline text semantics, details).
 *    script, style, iframe, object, embed, forms and their controls, template, noscript, svg,
 *    math, meta/link/base, head, title, frames, canvas, map/area and the raw-text elements are
 *    dropped with everything inside them; any other element is unwrapped (its children kept).
 *    Comments are dropped. Elements nested deeper than LIMIT_SANITIZE_DEPTH are unwrapped.
 *  - attributes: an allow-list per element plus title/lang/dir everywhere; never on*, style,
 *    class, name, target, ping, formaction, xlink:*. Enumerated and numeric values are checked.
 *    id is kept with the prefix "user-content-" (so an article cannot clobber our page's ids
 *    or globals), and "#x" links are rewritten to "#user-content-x" to match.
 *  - URLs: tabs and newlines are removed and C0 controls and spaces trimmed, as browsers do,
 *    before the scheme is read. Links: http, https, mailto, same-page "#..." and relative
 *    references (resolved against base_url when given). Images (src, srcset candidates,
 *    video poster): http, https, or data:image/png|jpeg|gif|webp (never svg+xml); media and
 *    tracks: http, https. Without base_url, relative image and media URLs are dropped (they
 *    would load from our own origin). Every <a href> gets rel="noopener noreferrer nofollow".
 *  - video/audio always get controls and never autoplay; an <img> left without src and srcset
 *    is dropped.
 * The result is a fragment whose serialization parses back to the same fragment. */

/* sanitize HTML (a fragment or a whole document; UTF-8), parsed under lim (NULL: defaults), into a safe
 * fragment, in arena a. base_url (may be NULL) resolves relative links/images (src/util/url.h url_resolve).
 * 0, or -1 with e: CONTENT_E_NOMEM, or CONTENT_E_LIMIT for input or output larger than
 * LIMIT_SANITIZE_INPUT/OUTPUT. */
int content_sanitize(struct arena *a, const char *html, size_t n, const char *base_url, const struct content_limits *lim,
                     char **out, size_t *outlen, struct content_error *e);

/* the same on a parsed tree, in place (for callers that already hold a tree, e.g. the extractor's
 * output): root's descendants are sanitized, root itself (element or document) is left as it is.
 * When root parses its content like <body> does (not a table part, select, template or raw-text
 * element) the result is also given the shape a re-parse of its serialization would give it, so
 * its serialization is stable: in one walk (shape.c), without parsing, except for rare misnested
 * shapes that walk leaves to serialize + re-parse rounds (each counted by html_parse_count).
 * 0, or -1 with e: CONTENT_E_NOMEM, or CONTENT_E_LIMIT for output larger than LIMIT_SANITIZE_OUTPUT. */
int content_sanitize_tree(struct html_doc *d, struct html_node *root, const char *base_url, struct content_error *e);
#endif
