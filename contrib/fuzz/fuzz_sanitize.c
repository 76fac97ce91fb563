/* fuzz_sanitize.c: libFuzzer target: content_sanitize keeps its policy, is idempotent, and its output re-parses to itself. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "content/article/html.h"
#include "content/reader.h"
#include "content/article/sanitize.h"
#include "util/arena.h"
#include "util/sb.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct arena A;
static int inited;

static void fail(const char *what, const char *in, size_t n, const char *out)
{
	fprintf(stderr, "fuzz_sanitize: %s\n input: %.*s\n output: %s\n", what, (int)(n > 2000 ? 2000 : n), in,
	        out ? out : "(none)");
	abort();
}

static const char *const forbidden[] = {
	"script", "style", "iframe", "object", "embed", "form", "input", "button", "textarea", "select", "template",
	"noscript", "svg", "math", "meta", "link", "base", "title", "xmp", "plaintext", "noembed", "noframes", NULL,
};

/* the attributes the sanitizer keeps as URLs; text attributes (alt, title, …) may read "javascript:" */
static int url_attr(const char *name)
{
	static const char *const names[] = { "href", "src", "srcset", "cite", "poster", NULL };
	for (const char *const *n = names; *n; n++)
		if (strcmp(name, *n) == 0)
			return 1;
	return 0;
}

/* v starts a javascript:, vbscript: or non-image data: URL */
static int script_url_at(const char *v)
{
	return strncasecmp(v, "javascript:", 11) == 0 || strncasecmp(v, "vbscript:", 9) == 0 ||
	       (strncasecmp(v, "data:", 5) == 0 && strncasecmp(v, "data:image/", 11) != 0);
}

/* the value is such a URL (after leading spaces); in a srcset, any candidate's URL is, read as
   browsers read srcset: a URL runs to the next white space, its descriptors to the next comma */
static int script_url(const char *v, int srcset)
{
	for (;;) {
		while (*v && ((unsigned char)*v <= 0x20 || (srcset && *v == ',')))
			v++;
		if (script_url_at(v))
			return 1;
		if (!srcset || !*v)
			return 0;
		while (*v && (unsigned char)*v > 0x20)
			v++;
		while (*v && *v != ',')
			v++;
	}
}

/* the body of s parsed as our pages parse it, serialized; policy checked on the way */
static const char *reparse(const char *s, size_t n, const char **bad)
{
	char *src = arena_alloc(&A, n + 16);
	memcpy(src, "<!DOCTYPE html>", 15);
	memcpy(src + 15, s, n);
	struct html_doc *d = html_parse(&A, src, n + 15, NULL);
	struct html_node *body = d ? html_first_element(d->root, "body") : NULL;
	struct sb b;
	char *r;
	*bad = NULL;
	if (!body)
		return n ? NULL : "";
	for (struct html_node *x = body->first_child; x && !*bad; x = html_next(body, x)) {
		if (x->type == HTML_COMMENT)
			*bad = "comment in the output";
		if (x->type != HTML_ELEMENT)
			continue;
		if (x->ns != HTML_NS_HTML)
			*bad = "foreign element in the output";
		for (const char *const *f = forbidden; *f; f++)
			if (strcmp(x->name, *f) == 0)
				*bad = "forbidden element in the output";
		for (struct html_attr *at = x->attrs; at; at = at->next) {
			if (strncasecmp(at->name, "on", 2) == 0 || strcmp(at->name, "style") == 0 ||
			    strcmp(at->name, "class") == 0 || strcmp(at->name, "srcdoc") == 0)
				*bad = "forbidden attribute in the output";
			if (url_attr(at->name) && script_url(at->value, strcmp(at->name, "srcset") == 0))
				*bad = "script URL in the output";
		}
	}
	sb_init(&b);
	html_serialize(body, &b, false);
	r = sb_error(&b) ? NULL : arena_strndup(&A, sb_str(&b), b.len);
	sb_free(&b);
	return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!inited) {
		arena_init(&A);
		inited = 1;
	}
	/* the first byte picks the base URL */
	const char *base = NULL;
	if (size > 0) {
		base = data[0] & 1 ? "https://example.com/dir/page.html?q=1" : NULL;
		data++;
		size--;
	}
	const char *in = (const char *)data;
	char *out = NULL, *again = NULL;
	size_t n = 0, n2 = 0;
	struct content_error e;
	int rc = content_sanitize(&A, in, size, base, NULL, &out, &n, &e);
	if (rc < 0) {
		if (e.code != CONTENT_E_LIMIT)
			fail("content_sanitize failed", in, size, NULL);
		goto done;
	}
	if (strlen(out) != n)
		fail("length mismatch", in, size, out);
	const char *bad;
	const char *re = reparse(out, n, &bad);
	if (bad)
		fail(bad, in, size, out);
	if (!re || strcmp(re, out) != 0)
		fail("output does not re-parse to itself", in, size, out);
	if (content_sanitize(&A, out, n, base, NULL, &again, &n2, &e) < 0 || strcmp(again, out) != 0)
		fail("sanitize is not idempotent", in, size, out);
done:
	arena_reset(&A);
	return 0;
}
