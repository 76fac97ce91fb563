/* fuzz_html_bomb.c: libFuzzer target: html_parse on a repeated HTML pattern of up to 1 MB built from the input (a prefix, a fragment repeated, a suffix), so a slow shape is a timeout; no element may pass LIMIT_HTML_ATTRS attributes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/article/html.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"
#include "fuzz_repeat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* fragments known to stress gumbo, for an input whose own fragment is empty */
static const char *const fragments[] = {
	"<b><div></b>", "<a><div></a>", "<div>", "<i>x</i>", " a", " a0 a1 a2 a3", "<table><tr><td>",
	"<b x=1><i y=2><u z=3>", "<p><b><i><u><s>x</p>", "<svg><g>", "<math><mi>", "<select><option>x",
	"</x>", "x", "<!-- <p x=\" -->", "<script><!--<script>", "<tr><td>x", "<li><dd><dt>", "&amp;",
	"<template><div>", "<frameset><frame>", "<button><p>", "<ruby><rt>", "<font color=red>",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena a;
	struct sb b;
	if (size < 3)
		return 0;
	sb_init(&b);
	fuzz_repeat_build(data, size, fragments, sizeof fragments / sizeof fragments[0], false, 0, &b);
	if (sb_error(&b)) {
		sb_free(&b);
		return 0;
	}
	arena_init(&a);
	struct html_doc *d = html_parse(&a, sb_str(&b), b.len, NULL);
	if (!d) {
		fprintf(stderr, "fuzz_html_bomb: html_parse failed on %zu bytes\n", b.len);
		abort();
	}
	for (struct html_node *n = d->root; n; n = html_next(d->root, n)) {
		int k = 0;
		for (struct html_attr *at = n->attrs; at; at = at->next)
			k++;
		if (k > LIMIT_HTML_ATTRS) {
			fprintf(stderr, "fuzz_html_bomb: <%s> has %d attributes\n", n->name, k);
			abort();
		}
	}
	/* what callers do next must stay linear too */
	struct sb out;
	sb_init(&out);
	html_serialize_doc(d, &out);
	(void)html_inner_text(&a, d->root);
	sb_free(&out);
	sb_free(&b);
	arena_free(&a);
	return 0;
}
