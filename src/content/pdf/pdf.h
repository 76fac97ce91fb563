/* pdf.h: a PDF's text read with poppler in a child process (the larder-pdf helper) under byte, page, text and CPU limits: its info (title, author, dates), the text of each page and an escaped HTML article made from it. */
#ifndef LARDER_CONTENT_PDF_PDF_H
#define LARDER_CONTENT_PDF_PDF_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct arena;
struct content_error;
struct content_limits;


/* what kind of refusal a reading is (a content_error's detail); the content_error's code is CONTENT_E_FORMAT for
 * NOT_PDF, ENCRYPTED and BROKEN, CONTENT_E_LIMIT for TOO_LARGE and BUDGET, CONTENT_E_IO for SYSTEM */
enum pdf_err {
	PDF_OK,
	PDF_E_NOT_PDF,     /* it does not start as a PDF does */
	PDF_E_ENCRYPTED,   /* the text needs a password */
	PDF_E_BROKEN,      /* poppler could not read it */
	PDF_E_TOO_LARGE,   /* over max_bytes */
	PDF_E_BUDGET,      /* the parse ran out of CPU time or memory, or died */
	PDF_E_SYSTEM,      /* no child process, or the arena ran out */
};

struct pdf_doc {
	int pages;                 /* pages in the file */
	int pages_read;            /* pages whose text is in text[] (at most max_pages) */
	bool truncated;            /* pages or text were left out by the limits */
	const char *title, *author, *subject; /* from the document info, NULL when absent or blank */
	int64_t created_ms, modified_ms;      /* 0 when absent */
	const char **text;         /* pages_read UTF-8 strings */
	const char *all_text;      /* the pages' text joined by blank lines (the search index) */
	const char *html;          /* an article: paragraphs of each page, escaped, pages apart */
	int64_t words;             /* words in all_text */
};

/* the PDF in data[0..n) read under lim's pdf_bytes, pdf_pages, pdf_text and budget_ms (NULL or 0: defaults) into
 * *out (all in the arena): 0, or -1 with e: its detail an enum pdf_err, its msg a sentence for the user ("the file
 * is not a PDF", "the PDF is encrypted", ...) */
int content_pdf_read(struct arena *a, const void *data, size_t n, const struct content_limits *lim, struct pdf_doc *out,
                     struct content_error *e);

/* poppler's reading of data[0..n) as records into fd, at most max_pages pages and max_text bytes of text: what
 * the larder-pdf helper runs (pdf_poppler.c; only the helper and the fuzzer link it and poppler) */
void content_pdf_records(int fd, const void *data, size_t n, int max_pages, size_t max_text);

/* true when data starts as a PDF does ("%PDF-" within its first 1024 bytes) */
bool content_pdf_sniff(const void *data, size_t n);
#endif
