/* export_epub.h (svc): one article, or the articles a search finds (a label is a search), as an EPUB 3 book streamed to the caller. */
#ifndef LARDER_SVC_EXPORT_EPUB_H
#define LARDER_SVC_EXPORT_EPUB_H
#include <stddef.h>
#include <stdint.h>
#include "store/store.h"
#include "util/arena.h"
#include "util/config.h"

enum svc_epub_rc {
	SVC_EPUB_OK,
	SVC_EPUB_REFUSED,     /* the request is not one we make a book of: *why says so (no id or query, a malformed
	                         or too long query, more than LIMIT_EPUB_ITEMS articles) */
	SVC_EPUB_NOT_FOUND,   /* no such item in the user's library, or the search finds nothing */
	SVC_EPUB_E_STORE,     /* reading the library failed: store_errmsg says why */
	SVC_EPUB_E_WRITE,     /* the output refused the bytes, or the book passed 4 GB */
};

/* what a book is made of, found before its first byte is sent */
struct svc_epub_plan {
	struct store_item *items;
	size_t n;
	const char *title;        /* the book's title: the article's, or "Larder: QUERY" */
	const char *filename;     /* a download name: ASCII letters, digits and '-', ending in .epub */
};

/* the user's item named by item (id or slug), or else the articles query finds (at most LIMIT_EPUB_ITEMS, in the
 * search's order; the trash only when the query asks for it) */
enum svc_epub_rc svc_epub_plan(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                               const char *item, const char *query, int64_t now_ms, struct svc_epub_plan *plan,
                               const char **why);
/* where the book goes: n bytes of it; 0, or non-zero to stop */
typedef int svc_epub_write_fn(void *ctx, const void *buf, size_t n);
/* the planned book written to w: each article's stored sanitized HTML as one XHTML chapter; memory is held for one
 * article at a time */
enum svc_epub_rc svc_epub_write(struct store *st, const struct svc_epub_plan *plan, int64_t now_ms,
                                svc_epub_write_fn *w, void *ctx);
#endif
