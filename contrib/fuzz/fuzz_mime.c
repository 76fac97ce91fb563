/* fuzz_mime.c: libFuzzer target: mime_parse (GMime under the part, depth and size bounds) on the input, with checks on the message it gives. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/mail/mime.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what)
{
	fprintf(stderr, "fuzz_mime: %s\n", what);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena a;
	struct mime_message m;
	const char *err = NULL;
	struct mime_limits lim = { .max_parts = 20, .max_depth = 4, .max_decoded = 64 * 1024 };
	arena_init(&a);
	enum mime_status st = mime_parse(&a, (const char *)data, size, &lim, &m, &err);
	if (err == NULL || *err == '\0')
		fail("an answer without words");
	if (st == MIME_OK) {
		if (m.from_address == NULL || strchr(m.from_address, '@') == NULL)
			fail("accepted without a sender address");
		if (m.html == NULL)
			fail("accepted without a body");
		if (!utf8_valid(m.html, strlen(m.html)) || (m.text && !utf8_valid(m.text, strlen(m.text))))
			fail("a body that is not UTF-8");
		if (strlen(m.html) > 8 * lim.max_decoded + 64)
			fail("a body far over max_decoded");
		if (m.n_recipients > LIMIT_MIME_RECIPIENTS)
			fail("more recipients than LIMIT_MIME_RECIPIENTS");
	}
	arena_free(&a);
	return 0;
}
