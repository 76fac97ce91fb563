/* html_bench.c: html_parse, content_extract and content_sanitize times on generated hostile HTML shapes of one size, against a legitimate page of that size built from the Readability corpus (bench/html-bench drives it). */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "content/article/extract.h"
#include "content/reader.h"
#include "content/article/html.h"
#include "content/article/sanitize.h"
#include "util/arena.h"
#include "util/sb.h"

struct shape {
	const char *name, *head, *piece, *tail;
};

/* each: head, piece repeated to the size, tail */
static const struct shape shapes[] = {
	{ "bdiv", "", "<b><div></b>", "" },
	{ "adiv", "", "<a><div></a>", "" },
	{ "svgstyle", "<svg><style>", "<div>", "" },
	{ "deep", "", "<div>", "" },
	{ "deep-then-text", "", "<b><div></b>", "" },     /* half the size, then <i> and text */
	{ "attrs", "<html><body><div", " a#", ">x" },     /* '#': numbered, a0 a1 ... */
	{ "dupattrs", "<div", " a", ">x" },
	{ "many-tags-attrs", "", "<span a0 a1 a2 a3 a4 a5 a6 a7 a8 a9 b0 b1 b2 b3 b4 b5 b6 b7 b8 b9></span>", "" },
	{ "tiny", "", "<i>x</i>", "" },
	{ "table", "<table>", "<tr><td>x", "" },
	{ "nested-tables", "", "<table><tr><td>", "" },
	{ "formatting", "", "<b><i><u><s>", "" },
	{ "select", "<select>", "<option>x", "" },
	{ "text", "<p>", "word ", "" },
	{ "entities", "", "&amp;", "" },
	{ "comment-script", "<script><!--</script>", "<div>", "" },
};

static double now(clockid_t c)
{
	struct timespec t;
	clock_gettime(c, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static char *generate(const struct shape *s, size_t size, size_t *n)
{
	struct sb b;
	sb_init(&b);
	sb_puts(&b, s->head);
	bool half = strcmp(s->name, "deep-then-text") == 0;
	for (size_t i = 0; b.len < (half ? size / 2 : size); i++) {
		size_t hash = strcspn(s->piece, "#");
		sb_putn(&b, s->piece, hash);
		if (s->piece[hash])
			sb_printf(&b, "%zu", i);
	}
	if (half) {
		sb_puts(&b, "<i>");
		while (b.len < size)
			sb_puts(&b, "text ");
	}
	sb_puts(&b, s->tail);
	*n = b.len;
	return sb_take(&b);
}

/* the corpus pages concatenated up to size */
static char *baseline(const char *corpus, size_t size, size_t *n)
{
	struct sb b;
	struct dirent **ents;
	int k = scandir(corpus, &ents, NULL, alphasort);
	sb_init(&b);
	for (int round = 0; k > 0 && b.len < size && round < 100; round++) {
		for (int i = 0; i < k && b.len < size; i++) {
			char path[4096], buf[65536];
			snprintf(path, sizeof path, "%s/%s/source.html", corpus, ents[i]->d_name);
			FILE *f = fopen(path, "rb");
			size_t r;
			while (f && (r = fread(buf, 1, sizeof buf, f)) > 0)
				sb_putn(&b, buf, r);
			if (f)
				fclose(f);
		}
	}
	for (int i = 0; i < k; i++)
		free(ents[i]);
	if (k >= 0)
		free(ents);
	*n = b.len;
	return sb_take(&b);
}

struct times {
	double parse, extract, sanitize;        /* CPU seconds */
	bool degraded;
};

static struct times measure(const char *html, size_t n)
{
	struct times t;
	struct arena a;
	struct content_article art;
	char *out;
	size_t outn;

	arena_init(&a);
	double c = now(CLOCK_PROCESS_CPUTIME_ID);
	struct html_doc *d = html_parse(&a, html, n, NULL);
	t.parse = now(CLOCK_PROCESS_CPUTIME_ID) - c;
	t.degraded = d && d->degraded;
	arena_free(&a);
	arena_init(&a);
	c = now(CLOCK_PROCESS_CPUTIME_ID);
	content_extract(&a, html, n, "https://example.com/", NULL, &art, &(struct content_error){ 0 });
	t.extract = now(CLOCK_PROCESS_CPUTIME_ID) - c;
	arena_free(&a);
	arena_init(&a);
	c = now(CLOCK_PROCESS_CPUTIME_ID);
	content_sanitize(&a, html, n, NULL, NULL, &out, &outn, &(struct content_error){ 0 });
	t.sanitize = now(CLOCK_PROCESS_CPUTIME_ID) - c;
	arena_free(&a);
	return t;
}

static void row(const char *name, size_t n, struct times t, struct times base)
{
	printf("%-16s %8.2f %8.3f %8.3f %8.3f %7.1fx %7.1fx %7.1fx %s\n", name, (double)n / 1e6, t.parse, t.extract,
	       t.sanitize, t.parse / base.parse, t.extract / base.extract, t.sanitize / base.sanitize,
	       t.degraded ? "degraded" : "");
}

int main(int argc, char **argv)
{
	size_t size = 5 * 1000 * 1000, n;
	const char *corpus = argc > 1 ? argv[1] : NULL;
	if (argc > 2)
		size = strtoul(argv[2], NULL, 10);
	if (!corpus) {
		fprintf(stderr, "usage: html_bench CORPUS [BYTES] [SHAPE...]\n");
		return 2;
	}
	char *page = baseline(corpus, size, &n);
	if (n < size / 2) {
		fprintf(stderr, "html_bench: no corpus pages under %s\n", corpus);
		return 1;
	}
	printf("%-16s %8s %8s %8s %8s %8s %8s %8s\n", "shape", "MB", "parse s", "extract", "sanitize", "parse",
	       "extract", "sanitize");
	printf("%-16s %8s %8s %8s %8s %8s %8s %8s\n", "", "", "(CPU)", "s", "s", "/base", "/base", "/base");
	struct times base = measure(page, n);
	row("baseline(corpus)", n, base, base);
	free(page);
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		bool wanted = argc <= 3;
		for (int k = 3; k < argc; k++)
			wanted = wanted || strcmp(argv[k], shapes[i].name) == 0;
		if (!wanted)
			continue;
		char *html = generate(&shapes[i], size, &n);
		row(shapes[i].name, n, measure(html, n), base);
		fflush(stdout);
		free(html);
	}
	return 0;
}
