/* fuzz_extract.c: libFuzzer target: content_extract on arbitrary HTML, with checks on what it returns, and ingest's route (one parse, the article sanitized in place) giving a stable article. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/article/extract.h"
#include "content/reader.h"
#include "content/article/html.h"
#include "content/article/sanitize.h"
#include "util/arena.h"
#include "util/sb.h"
#include "util/utf8.h"

#define PAGE_URL "https://example.com/dir/page.html?q=1"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what)
{
	fprintf(stderr, "fuzz_extract: %s\n", what);
	abort();
}

/* the serialization of node's children, in a */
static const char *serialized(struct arena *a, const struct html_node *node)
{
	struct sb b;
	sb_init(&b);
	if (node)
		html_serialize(node, &b, false);
	const char *r = sb_error(&b) ? NULL : arena_strndup(a, sb_str(&b), b.len);
	sb_free(&b);
	if (!r)
		fail("out of memory serializing");
	return r;
}

/* as svc_ingest does it: parse once, extract, sanitize the article in place; the article's serialization
 * parses back to itself (as our pages parse it), sanitizing it again changes nothing, and its text is
 * content_extract's */
static void check_in_place(struct arena *a, const char *html, size_t size, const struct content_article *want)
{
	struct content_article art;
	struct html_node *article;
	struct html_doc *d = content_parse_page(a, html, size, NULL);
	struct content_error e;
	char *again;
	size_t n;
	if (!d || content_extract_doc(a, d, PAGE_URL, &art, &article, &e) != 0)
		return;         /* out of memory, as content_extract may be */
	if (!article != !want->content || (article && strcmp(art.text_content, want->text_content) != 0))
		fail("the in-place route found another article");
	if (article && content_sanitize_tree(d, article, PAGE_URL, &e) != 0)
		return;
	const char *out = serialized(a, article);
	const char *src = arena_printf(a, "<!DOCTYPE html>%s", out);
	struct html_doc *d2 = src ? html_parse(a, src, strlen(src), NULL) : NULL;
	if (!d2)
		return;
	if (strcmp(serialized(a, html_first_element(d2->root, "body")), out) != 0)
		fail("the article sanitized in place does not parse back to itself");
	if (content_sanitize(a, out, strlen(out), PAGE_URL, NULL, &again, &n, &e) == 0 && strcmp(again, out) != 0)
		fail("the article sanitized in place changes when sanitized again");
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
	int rc = content_extract(&a, html, size, PAGE_URL, NULL, &art, &(struct content_error){ 0 });
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
		check_in_place(&a, html, size, &art);
	} else if (rc != -1) {
		fail("unexpected return code");
	}
	arena_free(&a);
	free(html);
	return 0;
}
