/* pdf_int.h: what pdf.c (the parent) and pdf_poppler.c (the reader the larder-pdf helper runs) share: the helper's name and the records it writes. */
#ifndef LARDER_CONTENT_PDF_INT_H
#define LARDER_CONTENT_PDF_INT_H

/* the helper program (src/cmd/larder_pdf.c), installed in $(pkglibexecdir) */
#define PDF_HELPER_NAME "larder-pdf"

/* what the reader writes: records of a tag byte, a 4-byte length and that many bytes */
enum rec { R_ERR = 'E', R_PAGES = 'N', R_TITLE = 'T', R_AUTHOR = 'A', R_SUBJECT = 'S', R_CREATED = 'C',
	   R_MODIFIED = 'M', R_PAGE = 'P', R_TRUNC = 'X', R_END = 'Z' /* all was sent */ };
#endif
