/* larder_fetch.c: `larder fetch URL [--body]`: fetch one page with larder.conf's limits and print status, final URL, charset and sizes. */
#include "cmd/larder_fetch.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "content/fetch/fetch.h"
#include "util/arena.h"
#include "util/config.h"

int larder_cmd_fetch(const struct larder_config *c, int argc, char **argv)
{
	const char *url = NULL;
	bool body = false, dashdash = false;
	struct fetch_opts o;
	struct fetch_result r;
	struct arena a;
	int rc;

	for (int i = 0; i < argc; i++) {
		if (!dashdash && strcmp(argv[i], "--") == 0) {
			dashdash = true;
		} else if (!dashdash && strcmp(argv[i], "--body") == 0) {
			body = true;
		} else if (!dashdash && argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "larder: unknown option %s\nusage: %s\n", argv[i], U_FETCH);
			return 2;
		} else if (url) {
			fprintf(stderr, "larder: unexpected argument '%s'\nusage: %s\n", argv[i], U_FETCH);
			return 2;
		} else {
			url = argv[i];
		}
	}
	if (!url) {
		fprintf(stderr, "larder: missing argument\nusage: %s\n", U_FETCH);
		return 2;
	}
	if (content_fetch_global_init() != 0) {
		fprintf(stderr, "larder: cannot initialise libcurl\n");
		return 1;
	}
	content_fetch_opts_from_config(&o, c);
	arena_init(&a);
	if (content_fetch(&a, url, &o, &r) != 0) {
		fprintf(stderr, "larder: fetch failed (%s%s): %s\n", content_fetch_err_name(r.err),
		        r.retryable ? ", worth retrying" : "", r.message);
		if (r.status)
			fprintf(stderr, "larder: HTTP status %ld from %s\n", r.status, r.final_url);
		rc = 1;
		goto out;
	}
	if (body) {
		fwrite(r.html, 1, r.html_len, stdout);
	} else {
		printf("status: %ld\n", r.status);
		printf("url: %s\n", r.final_url);
		printf("redirects: %d\n", r.redirects);
		printf("content-type: %s\n", r.content_type ? r.content_type : "(none)");
		printf("charset: %s\n", r.charset);
		printf("bytes: %zu\n", r.len);
		printf("utf8-bytes: %zu\n", r.html_len);
	}
	rc = 0;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "larder: cannot write to standard output: %s\n", strerror(errno));
		rc = 1;
	}
out:
	arena_free(&a);
	return rc;
}
