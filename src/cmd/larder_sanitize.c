/* larder_sanitize.c: `larder sanitize [--base URL] [--markdown] < in.html`: print the sanitized fragment (or its Markdown). */
#include "cmd/larder_sanitize.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/article/markdown.h"
#include "content/article/sanitize.h"
#include "content/reader.h"
#include "util/arena.h"
#include "util/limits.h"

#define U_SANITIZE "larder sanitize [--base URL] [--markdown] < in.html"

static int usage(const char *msg, const char *arg)
{
	if (msg)
		fprintf(stderr, "larder: %s%s\n", msg, arg ? arg : "");
	fputs("usage: " U_SANITIZE "\n", stderr);
	return 2;
}

int larder_cmd_sanitize(int argc, char **argv)
{
	const char *base = NULL;
	bool markdown = false;
	struct arena a;
	struct content_error e;
	char *buf = NULL, *out = NULL;
	size_t len = 0, cap = 0, outlen = 0;
	int rc = 1, r;

	for (int i = 0; i < argc; i++) {
		const char *s = argv[i];
		if (strcmp(s, "--help") == 0 || strcmp(s, "-h") == 0) {
			fputs("usage: " U_SANITIZE "\n", stdout);
			return fflush(stdout) == 0 ? 0 : 1;
		} else if (strcmp(s, "--markdown") == 0) {
			markdown = true;
		} else if (strcmp(s, "--base") == 0) {
			if (base)
				return usage("--base given twice", NULL);
			if (++i >= argc)
				return usage("--base needs a value", NULL);
			base = argv[i];
		} else if (strncmp(s, "--base=", 7) == 0) {
			if (base)
				return usage("--base given twice", NULL);
			base = s + 7;
		} else if (s[0] == '-' && s[1]) {
			return usage("unknown option ", s);
		} else {
			return usage("unexpected argument ", s);
		}
	}

	/* standard input, up to the sanitizer's limit */
	for (;;) {
		if (len == cap) {
			if (cap > LIMIT_SANITIZE_INPUT) {
				fprintf(stderr, "larder: input larger than %d bytes\n", LIMIT_SANITIZE_INPUT);
				goto out;
			}
			cap = cap ? cap * 2 : 65536;
			char *nb = realloc(buf, cap);
			if (!nb) {
				fputs("larder: out of memory\n", stderr);
				goto out;
			}
			buf = nb;
		}
		size_t got = fread(buf + len, 1, cap - len, stdin);
		len += got;
		if (got == 0) {
			if (ferror(stdin)) {
				perror("larder: standard input");
				goto out;
			}
			break;
		}
	}

	arena_init(&a);
	r = content_sanitize(&a, buf ? buf : "", len, base, NULL, &out, &outlen, &e);
	if (r == 0 && markdown)
		r = content_markdown(&a, out, outlen, NULL, &out, &outlen, &e);
	if (r < 0) {
		fprintf(stderr, "larder: %s\n", e.msg);
	} else {
		fwrite(out, 1, outlen, stdout);
		if (outlen && out[outlen - 1] != '\n')
			putchar('\n');
		rc = fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
	}
	arena_free(&a);
out:
	free(buf);
	return rc;
}
