/* fuzz_extract.c: libFuzzer target: content_extract on arbitrary HTML, with checks on what it returns. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/extract.h"
#include "util/arena.h"
#include "util/utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what)
{
	fprintf(stderr, "fuzz_extract: %s\n", what);
	abort();
}

static void check_str(const char *s, const char *what)
{
	if (s && !utf8_valid(s, strlen(s)))
		fail(what);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena a;
	struct content_article art;
	/* an exact-size copy, so reads past the end are caught */
	char *html = malloc(size ? size : 1);
	if (!html)
		abort();
	if (size)
		memcpy(html, data, size);
	arena_init(&a);
	a.limit = 512u * 1024 * 1024;
	int rc = content_extract(&a, html, size, "https://example.com/dir/page.html?q=1", &art);
	if (rc == 0) {
		/* UTF-8 in, UTF-8 out (callers decode with charset_to_utf8 first; invalid input may
		 * pass invalid bytes through, e.g. in an unknown tag's name) */
		if (utf8_valid(html, size)) {
			check_str(art.title, "title not UTF-8");
			check_str(art.byline, "byline not UTF-8");
			check_str(art.excerpt, "excerpt not UTF-8");
			check_str(art.content, "content not UTF-8");
			check_str(art.text_content, "text not UTF-8");
		}
		/* content and text come together */
		if (!art.content != !art.text_content)
			fail("content without text or text without content");
		if (art.content && strncmp(art.content, "<div", 4) != 0)
			fail("content is not a <div>");
		if (art.words_count < 0)
			fail("negative word count");
		if (art.text_content && art.words_count != content_count_words(art.text_content))
			fail("word count differs from content_count_words");
	} else if (rc != -1) {
		fail("unexpected return code");
	}
	arena_free(&a);
	free(html);
	return 0;
}
