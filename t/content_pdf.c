/* content_pdf.c: content_pdf_read on the samples of t/data/pdf (made by t/make-pdf.py): info, the text of each page, the article's escaping, and clear errors for a file that is not a PDF, an encrypted, damaged or cut-short one, and the limits; the info strings' cleaning (pdf_info.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/pdf/pdf.h"
#include "content/reader.h"
#include "content/pdf/pdf_int.h"
#include "util/arena.h"
#include "tap.h"

static char *slurp(const char *name, size_t *n)
{
	char path[1024];
	FILE *f;
	char *buf;
	long len;
	snprintf(path, sizeof path, "%s/%s", PDF_DIR, name);
	if (!(f = fopen(path, "rb")))
		return NULL;
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)len + 1);
	*n = fread(buf, 1, (size_t)len, f);
	fclose(f);
	return buf;
}

static struct content_error E;

/* the sample read: PDF_OK or the error's detail, *err its message (NULL when read) */
static enum pdf_err read_sample(struct arena *a, const char *name, const struct content_limits *l, struct pdf_doc *d,
                                const char **err)
{
	size_t n = 0;
	char *data = slurp(name, &n);
	int rc;
	if (!data) {
		*err = "sample missing";
		return PDF_E_SYSTEM;
	}
	rc = content_pdf_read(a, data, n, l, d, &E);
	free(data);
	*err = rc == 0 ? NULL : E.msg;
	return rc == 0 ? PDF_OK : (enum pdf_err)E.detail;
}

int main(void)
{
	struct arena a;
	struct pdf_doc d;
	const char *err;
	enum pdf_err rc;

	arena_init(&a);
	rc = read_sample(&a, "sample-3.pdf", NULL, &d, &err);
	is_int(rc, PDF_OK, "a 3-page sample reads (%s)", err ? err : "");
	is_int(d.pages, 3, "its page count");
	is_int(d.pages_read, 3, "every page's text");
	is_str(d.title, "Sample Title", "the title from the info");
	is_str(d.author, "Ann Author", "the author from the info");
	is_int(d.created_ms, 1704164645000LL, "the creation date");
	ok(!d.truncated, "nothing left out");
	like(d.text[1], "pdfword002", "page 2 holds its word");
	ok(d.text[0] && !strstr(d.text[0], "pdfword002"), "page 1 does not");
	like(d.all_text, "pdfword003", "the joined text holds the last page");
	like(d.html, "<section id=\"pdf-page-2\"", "the article has a section per page");
	like(d.html, "Ampersand &amp; angle &lt;brackets&gt;", "text is escaped in the article");
	ok(!strstr(d.html, "<brackets>"), "no markup from the text");
	like(d.html, "<p>The quick brown fox", "lines are joined into paragraphs");
	ok(d.words > 100, "words are counted (%lld)", (long long)d.words);

	rc = read_sample(&a, "sample-50.pdf", &(struct content_limits){ .pdf_pages = 10 }, &d, &err);
	is_int(rc, PDF_OK, "a 50-page sample with a 10-page limit reads");
	is_int(d.pages, 50, "all 50 pages are counted");
	is_int(d.pages_read, 10, "10 are read");
	ok(d.truncated, "and the rest is noted as left out");
	like(d.html, "Only the first 10 of 50 pages", "the article says so");

	rc = read_sample(&a, "sample-50.pdf", &(struct content_limits){ .pdf_text = 1000 }, &d, &err);
	is_int(rc, PDF_OK, "a text limit reads");
	ok(strlen(d.all_text) <= 1000 + 2 * (size_t)d.pages_read, "the text stays near the limit (%zu)",
	   strlen(d.all_text));
	ok(d.truncated, "and notes it");

	rc = read_sample(&a, "sample-50.pdf", NULL, &d, &err);
	is_int(rc, PDF_OK, "the 50-page sample reads whole");
	like(d.text[39], "pdfword040", "page 40 holds its word");

	rc = read_sample(&a, "sample-50.pdf", &(struct content_limits){ .pdf_bytes = 1000 }, &d, &err);
	is_int(rc, PDF_E_TOO_LARGE, "over pdf_bytes: refused");
	is_int(E.code, CONTENT_E_LIMIT, "as a limit");
	like(err, "pdf_max_bytes", "the message names the key");

	rc = read_sample(&a, "not-a-pdf.pdf", NULL, &d, &err);
	is_int(rc, PDF_E_NOT_PDF, "text is not a PDF");
	is_str(err, "the file is not a PDF", "and says so");

	rc = read_sample(&a, "encrypted.pdf", NULL, &d, &err);
	is_int(rc, PDF_E_ENCRYPTED, "a password-protected PDF is refused");
	like(err, "encrypted", "the message says encrypted");

	rc = read_sample(&a, "broken.pdf", NULL, &d, &err);
	ok(rc == PDF_E_BROKEN || (rc == PDF_OK && d.pages_read == 0), "a damaged PDF: an error or no text (%d)", rc);

	rc = read_sample(&a, "truncated.pdf", NULL, &d, &err);
	ok(rc == PDF_E_BROKEN || rc == PDF_OK, "a cut-short PDF: an error or what poppler recovers (%d %s)", rc,
	   err ? err : "");

	/* the fuzzer's way: in this process, the same answers */
	rc = read_sample(&a, "sample-3.pdf", &(struct content_limits){ .pdf_in_process = content_pdf_records }, &d, &err);
	is_int(rc, PDF_OK, "in process: the sample reads");
	like(d.text[2], "pdfword003", "in process: page 3's text");
	rc = read_sample(&a, "encrypted.pdf", &(struct content_limits){ .pdf_in_process = content_pdf_records }, &d, &err);
	is_int(rc, PDF_E_ENCRYPTED, "in process: encrypted is refused");

	ok(!content_pdf_sniff("%PD", 3), "three bytes are not a PDF");
	ok(content_pdf_sniff("\n\n%PDF-1.7\n", 11), "a header after a few bytes is");
	is_int(content_pdf_read(&a, "", 0, NULL, &d, &E), -1, "an empty file is refused");
	is_int(E.detail, PDF_E_NOT_PDF, "as not a PDF");
	is_int(E.code, CONTENT_E_FORMAT, "a refusal of the format");

	/* the info strings made fit to show (pdf_info.c): a trailing CR LF, NULs, blanks, UTF-8 read as PDFDocEncoding */
	is_str(pdf_info_text(&a, "  Quarterly letter\r\n", 20), "Quarterly letter", "a title's spaces and CR LF trimmed");
	is_str(pdf_info_text(&a, "imagemagick-lzw\0", 16), "imagemagick-lzw", "a UTF-16 title's U+0000 dropped");
	is_str(pdf_info_text(&a, "two\r\nlines", 10), "two lines", "a line break inside: one space");
	ok(pdf_info_text(&a, " \r\n\t ", 5) == NULL, "white space only: no title");
	/* "会議" as UTF-8 bytes read one by one as PDFDocEncoding: ä ¼ ı è U+FFFD ° */
	is_str(pdf_info_text(&a, "\xc3\xa4\xc2\xbc\xc4\xb1\xc3\xa8\xef\xbf\xbd\xc2\xb0", 13), "\xe4\xbc\x9a\xe8\xad\xb0",
	       "UTF-8 read as PDFDocEncoding turned back");
	is_str(pdf_info_text(&a, "M\xc3\xbcller", 7), "M\xc3\xbcller", "a Latin-1 title stays as it is");

	arena_free(&a);
	return done_testing();
}
