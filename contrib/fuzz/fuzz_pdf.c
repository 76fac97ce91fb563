/* fuzz_pdf.c: libFuzzer target: content_pdf_read on the input in this process (so coverage reaches poppler's reading), with checks on the pages and the article it gives. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/pdf/pdf.h"
#include "content/reader.h"
#include "util/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what)
{
	fprintf(stderr, "fuzz_pdf: %s\n", what);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct content_limits lim = { .pdf_pages = 50, .pdf_text = 256 * 1024, .pdf_in_process = content_pdf_records };
	struct arena a;
	struct pdf_doc d;
	struct content_error e;
	arena_init(&a);
	if (content_pdf_read(&a, data, size, &lim, &d, &e) == 0) {
		if (d.pages_read > lim.pdf_pages || d.pages_read < 0)
			fail("more pages read than max_pages");
		if (!d.html || !d.all_text || strlen(d.all_text) > lim.pdf_text + 2 * (size_t)d.pages_read)
			fail("text over max_text, or no article");
		if (strstr(d.html, "<script") || strstr(d.html, "<img"))
			fail("markup from the file reached the article");
	} else if (!e.msg[0] || e.detail == PDF_OK)
		fail("an error without a message or a kind");
	arena_free(&a);
	return 0;
}
