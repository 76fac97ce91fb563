/* pdf.h: a PDF's text read with poppler in a child process (the larder-pdf helper) under byte, page, text and CPU limits: its info (title, author, dates), the text of each page and an escaped HTML article made from it. */
#ifndef LARDER_CONTENT_PDF_PDF_H
#define LARDER_CONTENT_PDF_PDF_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct arena;

/* a reader that writes a PDF's records to fd (content_pdf_records, or a stand-in) */
typedef void pdf_records_fn(int fd, const void *data, size_t n, int max_pages, size_t max_text);

/* what one reading may cost; a zero field takes the util/limits.h default */
struct pdf_limits {
	size_t max_bytes;     /* the file (LIMIT_PDF_BYTES) */
	int max_pages;        /* pages read; later ones are left out (LIMIT_PDF_PAGES) */
	size_t max_text;      /* bytes of text kept over all pages; the rest is left out (LIMIT_PDF_TEXT) */
	long budget_ms;       /* CPU time of the child that parses (LIMIT_PDF_CPU_MS) */
	pdf_records_fn *in_process; /* the fuzzer only: read with this in this process, without a child or a budget */
};

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

/* the PDF in data[0..n) read under lim (NULL: defaults) into *out (all in the arena): PDF_OK, or an error with
 * *err a sentence for the user ("the file is not a PDF", "the PDF is encrypted", ...) */
enum pdf_err content_pdf_read(struct arena *a, const void *data, size_t n, const struct pdf_limits *lim,
                              struct pdf_doc *out, const char **err);

/* poppler's reading of data[0..n) as records into fd, at most max_pages pages and max_text bytes of text: what
 * the larder-pdf helper runs (pdf_poppler.c; only the helper and the fuzzer link it and poppler) */
void content_pdf_records(int fd, const void *data, size_t n, int max_pages, size_t max_text);

/* true when data starts as a PDF does ("%PDF-" within its first 1024 bytes) */
bool content_pdf_sniff(const void *data, size_t n);
#endif
