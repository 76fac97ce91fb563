/* pdf_int.h: what pdf.c (the parent) and pdf_poppler.c (the reader the larder-pdf helper runs) share: the helper's name and the records it writes; and pdf_info.c's cleaning of the info strings. */
#ifndef LARDER_CONTENT_PDF_INT_H
#define LARDER_CONTENT_PDF_INT_H
#include <stddef.h>

struct arena;

/* one reading's bounds, content_limits' pdf fields with their defaults filled in */
struct pdf_limits {
	size_t max_bytes;     /* the file */
	int max_pages;        /* pages read; later ones are left out */
	size_t max_text;      /* bytes of text kept over all pages; the rest is left out */
	long budget_ms;       /* CPU time of the child that parses */
	void (*in_process)(int fd, const void *data, size_t n, int max_pages, size_t max_text);
};

/* the helper program (src/cmd/larder_pdf.c), installed in $(pkglibexecdir) */
#define PDF_HELPER_NAME "larder-pdf"

/* what the reader writes: records of a tag byte, a 4-byte length and that many bytes */
enum rec { R_ERR = 'E', R_PAGES = 'N', R_TITLE = 'T', R_AUTHOR = 'A', R_SUBJECT = 'S', R_CREATED = 'C',
	   R_MODIFIED = 'M', R_PAGE = 'P', R_TRUNC = 'X', R_END = 'Z' /* all was sent */ };

/* a title, author or subject record (len bytes of poppler's UTF-8) made fit to show (pdf_info.c): NULs gone, a run of
 * control characters (CR LF) one space, white space trimmed at both ends, UTF-8 that was read as PDFDocEncoding
 * restored; in the arena, NULL when nothing is left */
const char *pdf_info_text(struct arena *a, const char *v, size_t len);
#endif
