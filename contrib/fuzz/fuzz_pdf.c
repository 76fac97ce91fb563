/* fuzz_pdf.c: libFuzzer target: content_pdf_read on the input in this process (so coverage reaches poppler's reading), with checks on the pages and the article it gives. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/pdf/pdf.h"
#include "util/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what)
{
	fprintf(stderr, "fuzz_pdf: %s\n", what);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pdf_limits lim = { .max_pages = 50, .max_text = 256 * 1024, .in_process = content_pdf_records };
	struct arena a;
	struct pdf_doc d;
	const char *err;
	arena_init(&a);
	if (content_pdf_read(&a, data, size, &lim, &d, &err) == PDF_OK) {
		if (d.pages_read > lim.max_pages || d.pages_read < 0)
			fail("more pages read than max_pages");
		if (!d.html || !d.all_text || strlen(d.all_text) > lim.max_text + 2 * (size_t)d.pages_read)
			fail("text over max_text, or no article");
		if (strstr(d.html, "<script") || strstr(d.html, "<img"))
			fail("markup from the file reached the article");
	} else if (!err)
		fail("an error without a message");
	arena_free(&a);
	return 0;
}
