/* fuzz_mime.c: libFuzzer target: content_mime_read (GMime under the part, depth and size bounds) on the input, with checks on the message it gives. */
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
	struct content_error e;
	struct content_limits lim = { .mime_parts = 20, .mime_depth = 4, .mime_decoded = 64 * 1024 };
	arena_init(&a);
	int rc = content_mime_read(&a, (const char *)data, size, &lim, &m, &e);
	if (rc != 0 && (e.code == CONTENT_OK || e.msg[0] == '\0'))
		fail("a refusal without words");
	if (rc == 0) {
		if (m.from_address == NULL || strchr(m.from_address, '@') == NULL)
			fail("accepted without a sender address");
		if (m.html == NULL)
			fail("accepted without a body");
		if (!utf8_valid(m.html, strlen(m.html)) || (m.text && !utf8_valid(m.text, strlen(m.text))))
			fail("a body that is not UTF-8");
		if (strlen(m.html) > 8 * lim.mime_decoded + 64)
			fail("a body far over max_decoded");
		if (m.n_recipients > LIMIT_MIME_RECIPIENTS)
			fail("more recipients than LIMIT_MIME_RECIPIENTS");
	}
	arena_free(&a);
	return 0;
}
