/* epubw.h: an EPUB 3 book written as a stream, chapter by chapter, to a caller's write function (the EPUB export): its zip, container, package document and navigation. */
#ifndef LARDER_CONTENT_EPUBW_H
#define LARDER_CONTENT_EPUBW_H
#include <stddef.h>
#include <stdint.h>
#include "content/transfer/zipw.h"

struct content_epubw;

/* what the book says of itself */
struct content_epub_book {
	const char *title;        /* the book's title */
	const char *uuid;         /* its identifier, a UUID (written urn:uuid:…) */
	const char *lang;         /* its language (a BCP 47 tag; NULL: "en") */
	int64_t modified_ms;      /* when it was made: dcterms:modified and every file's time */
};

/* one chapter: an article */
struct content_epub_chapter {
	const char *title, *author, *site, *url;  /* author, site, url: NULL when unknown */
	const char *lang, *dir;                   /* NULL when unknown; dir "rtl" or "ltr" */
	const char *body;                         /* the article as an XHTML fragment (content_xhtml) */
	size_t body_len;
};

/* a book written to w (ctx passed back): its mimetype first and stored, then the container and the stylesheet;
 * NULL when out of memory or when w refused the first bytes */
struct content_epubw *content_epubw_open(content_zipw_fn *w, void *ctx, const struct content_epub_book *b);
/* the next chapter; 0, or -1 when w refused its bytes or the book passed 4 GB (the zip's bound without ZIP64) */
int content_epubw_chapter(struct content_epubw *ep, const struct content_epub_chapter *c);
/* the navigation document, the package document (every chapter in the spine, in order) and the zip's central
 * directory; frees ep; 0, or -1 when a write failed */
int content_epubw_close(struct content_epubw *ep);
/* frees ep without finishing the book (after a failure) */
void content_epubw_abandon(struct content_epubw *ep);
#endif
