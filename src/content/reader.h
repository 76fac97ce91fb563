/* reader.h: the one convention of content's readers of outside data (feeds, OPML, XML, import files, mail): how a reader says why it refused (struct content_error) and how its bounds and CPU budget are passed (struct content_limits). */
#ifndef LARDER_CONTENT_READER_H
#define LARDER_CONTENT_READER_H
#include <stddef.h>

/*
 * Every reader has the shape
 *
 *     int content_X_read(struct arena *a, INPUT..., const struct content_limits *lim, OUTPUT..., struct content_error *e);
 *
 * and returns 0 with OUTPUT filled (e->code CONTENT_OK, e->msg ""), or -1 with e filled: a code saying
 * which kind of refusal it is and a sentence saying why. lim may be NULL: the util/limits.h defaults.
 * A reader that counts (OPML's feeds) returns the count instead of 0.
 */

/* what kind of refusal; callers branch on this, never on the words */
enum content_status {
	CONTENT_OK = 0,
	CONTENT_E_FORMAT,   /* the input is not in the format read (not well-formed, not a zip, no sender, ...) */
	CONTENT_E_LIMIT,    /* the input passed a bound (size, count, depth, CPU time): the message names it */
	CONTENT_E_IO,       /* the file could not be opened or read */
	CONTENT_E_NOMEM,    /* the arena (or malloc) ran out */
	CONTENT_E_STOPPED,  /* the caller's sink asked to stop */
};

#define CONTENT_ERROR_MAX 256   /* bytes of a message, its NUL included (a longer one is cut): the feed readers' old buffer */

struct content_error {
	enum content_status code;
	int detail;                 /* a reader's finer reason where callers need one (mail: enum mime_status), else 0 */
	char msg[CONTENT_ERROR_MAX];/* for a person: "" when code is CONTENT_OK */
};

/* The bounds one read keeps; 0 in a field: its util/limits.h default. */
struct content_limits {
	long budget_ms;             /* CPU time for one parse (XML: LIMIT_XML_PARSE_MS; HTML: LIMIT_HTML_PARSE_MS;
	                               a PDF's reading child: LIMIT_PDF_CPU_MS) */
	unsigned xml_attrs;         /* attributes of one XML element, namespace declarations included (LIMIT_XML_ATTRS) */
	unsigned xml_depth;         /* XML elements open at once (LIMIT_XML_DEPTH) */
	unsigned xml_name;          /* bytes of an XML element or attribute name (LIMIT_XML_NAME) */
	unsigned xml_namespaces;    /* XML namespace declarations in scope at once (LIMIT_XML_NAMESPACES) */
	size_t mime_parts;          /* MIME parts of one mail, multiparts included (LIMIT_MIME_PARTS) */
	size_t mime_depth;          /* nesting of multiparts (LIMIT_MIME_DEPTH) */
	size_t mime_decoded;        /* bytes of a mail's chosen body part once decoded (LIMIT_MIME_DECODED) */
	size_t pdf_bytes;           /* a PDF file (LIMIT_PDF_BYTES) */
	int pdf_pages;              /* pages of a PDF read; later ones are left out (LIMIT_PDF_PAGES) */
	size_t pdf_text;            /* bytes of a PDF's text kept over all pages (LIMIT_PDF_TEXT) */
	/* the PDF fuzzer only: read with this in this process, without a child or a budget (content_pdf_records) */
	void (*pdf_in_process)(int fd, const void *data, size_t n, int max_pages, size_t max_text);
};
/* budget_ms values besides 0 (the default) and a count of ms: no budget, and one already spent (the
 * parse is abandoned at once: tests) */
#define CONTENT_BUDGET_NONE (-1L)
#define CONTENT_BUDGET_SPENT (-2L)

/* lim's CPU budget for a parse whose default is deflt_ms: a count of ms, 0 when already spent, -1 for none
 * (lim may be NULL) */
long content_budget_ms(const struct content_limits *lim, long deflt_ms);

/* e set to nothing wrong */
void content_error_clear(struct content_error *e);
/* e set to code, detail 0 and the message fmt makes; returns -1 (for "return content_fail(...)") */
int content_fail(struct content_error *e, enum content_status code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
#endif
