/* xml_bench.c: CPU time of content_opml_read / content_feed_read on hostile XML shapes (attribute bombs, namespace declarations in scope, an error hiding a bomb, an internal DTD subset) and on a plain feed of a given size, with the outcome of each (run by hand: bench/xml_bench SHAPE N ...). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "content/feeds/feed.h"
#include "util/arena.h"
#include "util/sb.h"

static double cpu_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* n attributes " <prefix>a0="x"" ... */
static void attrs(struct sb *b, long n, const char *prefix)
{
	for (long i = 0; i < n; i++)
		sb_printf(b, " %sa%ld=\"x\"", prefix, i);
}

/* the document of a shape; 1 when it is OPML, 0 a feed, -1 an unknown shape */
static int generate(struct sb *b, const char *shape, long n)
{
	if (strcmp(shape, "opml-attrs") == 0 || strcmp(shape, "opml-prefixed") == 0) {
		int pre = shape[5] == 'p';
		sb_printf(b, "<?xml version=\"1.0\"?><opml version=\"2.0\"%s><body><outline", pre ? " xmlns:p=\"urn:p\"" : "");
		attrs(b, n, pre ? "p:" : "");
		sb_puts(b, " xmlUrl=\"https://a.example/feed\"/></body></opml>");
		return 1;
	}
	if (strcmp(shape, "rss-attrs") == 0) {
		sb_puts(b, "<rss version=\"2.0\"><channel><title>t</title><item");
		attrs(b, n, "");
		sb_puts(b, "><title>x</title><link>https://a.example/1</link></item></channel></rss>");
		return 0;
	}
	if (strcmp(shape, "ns-scope") == 0) {       /* 250 levels of 100 declarations, then n prefixed elements */
		sb_puts(b, "<opml version=\"2.0\"><body>");
		for (int d = 0; d < 250; d++) {
			sb_puts(b, "<outline");
			for (int k = 0; k < 100; k++)
				sb_printf(b, " xmlns:p%d_%d=\"urn:x\"", d, k);
			sb_puts(b, ">");
		}
		for (long i = 0; i < n; i++)
			sb_puts(b, "<p0_0:x p0_0:a=\"1\"/>");
		for (int d = 0; d < 250; d++)
			sb_puts(b, "</outline>");
		sb_puts(b, "</body></opml>");
		return 1;
	}
	if (strcmp(shape, "comment-trick") == 0) {  /* a bad character in a comment, then a bomb inside it */
		sb_puts(b, "<opml version=\"2.0\"><body><!-- \x01 <outline");
		attrs(b, n, "");
		sb_puts(b, "/> --></body></opml>");
		return 1;
	}
	if (strcmp(shape, "dtd-attlist") == 0) {
		sb_puts(b, "<!DOCTYPE opml [<!ATTLIST outline");
		for (long i = 0; i < n; i++)
			sb_printf(b, " a%ld CDATA \"x\"", i);
		sb_puts(b, ">]><opml version=\"2.0\"><body><outline xmlUrl=\"https://a.example/f\"/></body></opml>");
		return 1;
	}
	if (strcmp(shape, "attrs128") == 0) {       /* n bytes of elements with 128 prefixed attributes each */
		sb_puts(b, "<opml version=\"2.0\"><body>");
		while ((long)b->len < n) {
			sb_puts(b, "<outline");
			for (int k = 0; k < 127; k++)
				sb_printf(b, " p:a%d=\"1\"", k);
			sb_puts(b, " xmlns:p=\"urn:p\"/>");
		}
		sb_puts(b, "</body></opml>");
		return 1;
	}
	if (strcmp(shape, "deep-prefixed") == 0) {  /* 250 levels, 128 declarations at the top, n bytes of prefixed elements */
		sb_puts(b, "<opml version=\"2.0\"");
		for (int k = 0; k < 127; k++)
			sb_printf(b, " xmlns:p%d=\"urn:x%d\"", k, k);
		sb_puts(b, "><body>");
		for (int d = 0; d < 250; d++)
			sb_puts(b, "<o>");
		while ((long)b->len < n)
			sb_puts(b, "<p0:x p0:a=\"1\"/>");
		for (int d = 0; d < 250; d++)
			sb_puts(b, "</o>");
		sb_puts(b, "</body></opml>");
		return 1;
	}
	if (strcmp(shape, "plain-feed") == 0) {    /* n bytes of ordinary RSS items */
		sb_puts(b, "<rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\"><channel><title>t</title>");
		for (long i = 0; (long)b->len < n; i++)
			sb_printf(b, "<item><title>Post %ld</title><link>https://a.example/%ld</link><guid>g%ld</guid>"
			             "<description>&lt;p&gt;A summary of post %ld.&lt;/p&gt;</description><content:encoded>"
			             "<![CDATA[<p>The text of post %ld, with <a href=\"https://a.example/\">a link</a>.</p>]]>"
			             "</content:encoded></item>", i, i, i, i, i);
		sb_puts(b, "</channel></rss>");
		return 0;
	}
	return -1;
}

int main(int argc, char **argv)
{
	if (argc < 3 || argc % 2 == 0) {
		fprintf(stderr, "usage: xml_bench SHAPE N [SHAPE N]...\n"
		                "shapes: opml-attrs opml-prefixed rss-attrs ns-scope comment-trick dtd-attlist attrs128 deep-prefixed "
		                "plain-feed\n");
		return 2;
	}
	for (int i = 1; i + 1 < argc; i += 2) {
		struct sb b;
		struct arena a;
		struct content_error e = { .msg = "" };
		long n = atol(argv[i + 1]);
		sb_init(&b);
		int opml = generate(&b, argv[i], n);
		if (opml < 0) {
			fprintf(stderr, "xml_bench: unknown shape %s\n", argv[i]);
			return 2;
		}
		arena_init(&a);
		double t0 = cpu_s();
		long rc;
		if (opml) {
			struct content_feed_link *l;
			rc = content_opml_read(&a, sb_str(&b), b.len, NULL, &l, &e);
		} else {
			struct content_feed f;
			rc = content_feed_read(&a, sb_str(&b), b.len, "https://a.example/feed", NULL, &f, &e);
		}
		double t1 = cpu_s();
		printf("%-14s %8ld %9zu bytes %8.3f s CPU  %s%s\n", argv[i], n, b.len, t1 - t0, rc < 0 ? "refused: " : "read",
		       rc < 0 ? e.msg : "");
		fflush(stdout);
		arena_free(&a);
		sb_free(&b);
	}
	return 0;
}
