/* import_urls.c (content): a plain list of URLs, one a line; blank lines and # comments are skipped. */
#include <stdlib.h>
#include <string.h>

#include "content/transfer/import_int.h"

int import_read_urls(enum content_import_format f, struct arena *a, const char *path, const struct content_import_sink *sink,
                     struct content_error *e)
{
	FILE *fp = import_open(path, NULL, e);
	struct arena scratch;
	char *line = NULL;
	size_t cap = 0, lineno = 0, total = 0;
	ssize_t len;
	int rc = 0;
	if (fp == NULL)
		return -1;
	arena_init(&scratch);
	while (rc == 0 && (len = getline(&line, &cap, fp)) >= 0) {
		struct content_import_item it = { .reading_progress = -1 };
		const char *url, *why;
		lineno++;
		total += (size_t)len;
		arena_reset(&scratch);
		if (total > LIMIT_IMPORT_FILE_MAX) {
			rc = content_fail(e, CONTENT_E_LIMIT, "%s", IMPORT_TOO_LARGE);
			break;
		}
		if (lineno == 1 && len >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0)
			memmove(line, line + 3, (size_t)len - 2), len -= 3;
		if ((size_t)len > LIMIT_IMPORT_ROW) {
			sink->bad(sink->ctx, lineno, "the line is over 1 MB");
			continue;
		}
		url = import_trim(&scratch, line);
		if (memchr(line, '\0', (size_t)len)) {
			why = "the line holds a NUL byte";
		} else if (*url == '\0' || *url == '#') {
			continue;
		} else if (import_url_check(&scratch, line, &url, &why) == IMPORT_URL_SKIP) {
			import_skip(sink, lineno, why);
			continue;
		}
		if (why) {
			sink->bad(sink->ctx, lineno, why);
			continue;
		}
		it.line = lineno, it.url = url;
		if (sink->item(sink->ctx, &it))
			rc = content_fail(e, CONTENT_E_STOPPED, "%s", IMPORT_STOPPED);
	}
	if (rc == 0 && ferror(fp))
		rc = content_fail(e, CONTENT_E_IO, "the file cannot be read");
	free(line);
	arena_free(&scratch);
	fclose(fp);
	return rc;
}
