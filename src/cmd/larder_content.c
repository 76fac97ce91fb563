/* larder_content.c: `larder extract`: the readable article of an HTML page on standard input, as JSON. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/larder_cmds.h"
#include "content/charset.h"
#include "content/article/extract.h"
#include "content/reader.h"
#include "util/arena.h"
#include "util/jsonw.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/utf8.h"

static void field(struct sb *b, const char *name, const char *v, bool *first)
{
	if (!*first)
		sb_putc(b, ',');
	*first = false;
	jw_cstr(b, name);
	sb_putc(b, ':');
	jw_cstr(b, v);
}

int larder_cmd_extract(int argc, char **argv)
{
	const char *url = NULL;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			printf("usage: %s\n", U_EXTRACT);
			return 0;
		}
		if (argv[i][0] == '-' && argv[i][1] && strcmp(argv[i], "--") != 0) {
			fprintf(stderr, "larder: unknown option %s\nusage: %s\n", argv[i], U_EXTRACT);
			return 2;
		}
		if (strcmp(argv[i], "--") == 0)
			continue;
		if (url) {
			fprintf(stderr, "larder: unexpected argument '%s'\nusage: %s\n", argv[i], U_EXTRACT);
			return 2;
		}
		url = argv[i];
	}

	struct sb in;
	sb_init(&in);
	in.max = LIMIT_EXTRACT_INPUT_BYTES;
	char buf[65536];
	size_t got;
	while ((got = fread(buf, 1, sizeof buf, stdin)) > 0)
		sb_putn(&in, buf, got);
	if (ferror(stdin) || sb_error(&in)) {
		fprintf(stderr, "larder: cannot read the page (%s)\n",
		        sb_error(&in) ? "more than the size limit" : "read error");
		sb_free(&in);
		return 1;
	}

	struct arena a;
	struct content_error e;
	arena_init(&a);
	char *html;
	size_t hlen;
	const char *enc;
	struct content_article art;
	int rc = 1;
	/* a page that declares nothing (no BOM, no <meta>) but is valid UTF-8 is read as UTF-8,
	 * not as the windows-1252 of the HTML default: saved pages are nearly always UTF-8 */
	const char *ctype = NULL;
	if (!charset_prescan(sb_str(&in), in.len) && utf8_valid(sb_str(&in), in.len))
		ctype = "text/html; charset=utf-8";
	if (charset_to_utf8(&a, sb_str(&in), in.len, ctype, &html, &hlen, &enc) < 0 ||
	    content_extract(&a, html, hlen, url, NULL, &art, &e) < 0) {
		fprintf(stderr, "larder: cannot extract the page\n");
		goto out;
	}
	struct sb o;
	sb_init(&o);
	bool first = true;
	sb_putc(&o, '{');
	field(&o, "title", art.title, &first);
	field(&o, "byline", art.byline, &first);
	field(&o, "content", art.content, &first);
	field(&o, "textContent", art.text_content, &first);
	field(&o, "excerpt", art.excerpt, &first);
	field(&o, "siteName", art.site_name, &first);
	field(&o, "image", art.image, &first);
	field(&o, "publishedTime", art.published_time, &first);
	field(&o, "language", art.language, &first);
	field(&o, "dir", art.dir, &first);
	sb_puts(&o, ",\"wordsCount\":");
	if (art.content)
		sb_put_int(&o, art.words_count);
	else
		sb_puts(&o, "null");
	sb_puts(&o, ",\"readerable\":");
	jw_bool(&o, art.readerable);
	sb_puts(&o, "}\n");
	if (!sb_error(&o) && fwrite(sb_str(&o), 1, o.len, stdout) == o.len && fflush(stdout) == 0)
		rc = 0;
	else
		fprintf(stderr, "larder: cannot write the result\n");
	sb_free(&o);
out:
	arena_free(&a);
	sb_free(&in);
	return rc;
}
