/* pdf_poppler.c: a PDF's info and the text of its pages read with poppler-glib and written as records to a descriptor; run by the larder-pdf helper in the bounded child (and by the fuzzer in process), never linked into a web program. */
#include <poppler.h>
#include <string.h>
#include <unistd.h>

#include "content/pdf/pdf.h"
#include "content/pdf/pdf_int.h"
#include "util/fdio.h"

static void put_all(int fd, const void *p, size_t n)
{
	if (fd_write_all(fd, p, n) != 0)
		_exit(3);
}

static void put_rec(int fd, enum rec tag, const void *p, size_t n)
{
	unsigned char h[5] = { (unsigned char)tag, (unsigned char)(n >> 24), (unsigned char)(n >> 16),
	                       (unsigned char)(n >> 8), (unsigned char)n };
	put_all(fd, h, sizeof h);
	if (n)
		put_all(fd, p, n);
}

static void put_str(int fd, enum rec tag, char *s)
{
	if (s && *s)
		put_rec(fd, tag, s, strlen(s));
	g_free(s);
}

static void put_i64(int fd, enum rec tag, int64_t v)
{
	put_rec(fd, tag, &v, sizeof v);
}

static void child_pages(int fd, PopplerDocument *doc, int pages, int max_pages, size_t max_text)
{
	size_t total = 0;
	for (int i = 0; i < pages; i++) {
		PopplerPage *pg;
		char *t;
		size_t n;
		if (i >= max_pages || total >= max_text) {
			put_rec(fd, R_TRUNC, NULL, 0);
			return;
		}
		pg = poppler_document_get_page(doc, i);
		t = pg ? poppler_page_get_text(pg) : NULL;
		n = t ? strlen(t) : 0;
		if (n > max_text - total) {
			n = max_text - total;
			while (n > 0 && ((unsigned char)t[n] & 0xC0) == 0x80)
				n--;    /* cut on a character boundary */
		}
		put_rec(fd, R_PAGE, t ? t : "", n);
		total += n;
		g_free(t);
		if (pg)
			g_object_unref(pg);
	}
}

void content_pdf_records(int fd, const void *data, size_t n, int max_pages, size_t max_text)
{
	GError *e = NULL;
	GBytes *b = g_bytes_new_static(data, n);
	PopplerDocument *doc;
	int pages;
	char code;

	doc = poppler_document_new_from_bytes(b, NULL, &e);
	if (!doc) {
		code = e && e->domain == POPPLER_ERROR && e->code == POPPLER_ERROR_ENCRYPTED ? PDF_E_ENCRYPTED : PDF_E_BROKEN;
		put_rec(fd, R_ERR, &code, 1);
		g_clear_error(&e);
		g_bytes_unref(b);
		return;
	}
	pages = poppler_document_get_n_pages(doc);
	put_i64(fd, R_PAGES, pages);
	put_str(fd, R_TITLE, poppler_document_get_title(doc));
	put_str(fd, R_AUTHOR, poppler_document_get_author(doc));
	put_str(fd, R_SUBJECT, poppler_document_get_subject(doc));
	put_i64(fd, R_CREATED, (int64_t)poppler_document_get_creation_date(doc));
	put_i64(fd, R_MODIFIED, (int64_t)poppler_document_get_modification_date(doc));
	child_pages(fd, doc, pages, max_pages, max_text);
	put_rec(fd, R_END, NULL, 0);
	g_object_unref(doc);
	g_bytes_unref(b);
}
