/* fuzz_markdown.c: libFuzzer target: content_markdown on raw and on sanitized HTML never fails or writes NUL bytes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/article/markdown.h"
#include "content/reader.h"
#include "content/article/sanitize.h"
#include "util/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct arena A;
static int inited;

static void check(const char *in, size_t n)
{
	char *out = NULL;
	size_t len = 0;
	struct content_error e;
	int rc = content_markdown(&A, in, n, NULL, &out, &len, &e);
	if (rc < 0 && e.code == CONTENT_E_LIMIT)
		return;
	if (rc != 0 || !out || strlen(out) != len || (len > 0 && out[len - 1] != '\n')) {
		fprintf(stderr, "fuzz_markdown: rc %d, bad output for: %.*s\n", rc, (int)(n > 2000 ? 2000 : n), in);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *clean = NULL;
	size_t cn = 0;
	struct content_error e;
	if (!inited) {
		arena_init(&A);
		inited = 1;
	}
	check((const char *)data, size);
	if (content_sanitize(&A, (const char *)data, size, "https://example.com/a/", NULL, &clean, &cn, &e) == 0)
		check(clean, cn);
	arena_reset(&A);
	return 0;
}
