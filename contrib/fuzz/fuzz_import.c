/* fuzz_import.c: libFuzzer target: content_import_detect and every import format's reader on the input as a file, with checks on what they send to the sink. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "content/transfer/import.h"
#include "util/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[] = "/tmp/larder-fuzz-import-XXXXXX";
static int fd = -1;

static void fail(const char *what)
{
	fprintf(stderr, "fuzz_import: %s\n", what);
	abort();
}

static void remove_file(void)
{
	unlink(path);
}

struct seen {
	enum content_import_format f;
	size_t last_line;
};

/* items come in the file's order, each with an http(s) URL and well-formed lists */
static int on_item(void *ctx, const struct content_import_item *it)
{
	struct seen *s = ctx;
	const char *u = it->url;
	if (u == NULL)
		fail("an item without a URL");
	while (*u == ' ' || *u == '\t' || *u == '\r' || *u == '\n')
		u++;
	if (strncasecmp(u, "http://", 7) != 0 && strncasecmp(u, "https://", 8) != 0)
		fail("an item whose URL is not http(s)");
	if (s->f != CONTENT_IMPORT_OMNIVORE && (it->line == 0 || it->line < s->last_line))
		fail("an item's line is 0 or before the one sent before it");
	s->last_line = it->line;
	if ((it->nlabels && it->labels == NULL) || (it->nhighlights && it->highlights == NULL))
		fail("a count without its list");
	for (size_t i = 0; i < it->nlabels; i++)
		if (it->labels[i] == NULL || it->labels[i][0] == '\0')
			fail("an empty label");
	if (it->state && strcmp(it->state, "INBOX") && strcmp(it->state, "ARCHIVED") && strcmp(it->state, "DELETED"))
		fail("a state that is none of INBOX, ARCHIVED, DELETED");
	if (it->reading_progress != -1 && (it->reading_progress < 0 || it->reading_progress > 100))
		fail("a reading progress out of 0-100");
	if (it->html && strlen(it->html) > it->html_len)
		fail("html longer than html_len");
	return 0;
}

static void on_bad(void *ctx, size_t line, const char *reason)
{
	struct seen *s = ctx;
	if (reason == NULL || reason[0] == '\0')
		fail("a bad row without a reason");
	if (s->f != CONTENT_IMPORT_OMNIVORE && (line == 0 || line < s->last_line))
		fail("a bad row's line is 0 or before the one sent before it");
	s->last_line = line;
}

/* a record skipped (no page to keep) has its reason and its place in the order, as a bad row has */
static void on_skip(void *ctx, size_t line, const char *reason)
{
	on_bad(ctx, line, reason);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum content_import_format detected;
	if (fd < 0) {
		if ((fd = mkstemp(path)) < 0)
			fail("no temporary file");
		atexit(remove_file);
	}
	if (ftruncate(fd, 0) != 0 || (size && pwrite(fd, data, size, 0) != (ssize_t)size))
		fail("cannot write the temporary file");
	detected = content_import_detect(path);
	if ((unsigned)detected >= CONTENT_IMPORT__MAX)
		fail("detection out of range");
	for (int f = CONTENT_IMPORT_OMNIVORE; f < CONTENT_IMPORT__MAX; f++) {
		struct arena a;
		struct seen s = { .f = (enum content_import_format)f };
		struct content_import_sink sink = { on_item, on_bad, &s, on_skip };
		struct content_error e;
		int rc;
		arena_init(&a);
		a.limit = 512u * 1024 * 1024;
		rc = content_import_read((enum content_import_format)f, &a, path, NULL, &sink, &e);
		if (rc != 0 && rc != -1)
			fail("a reader's answer is neither 0 nor -1");
		if (rc == -1 && (e.code == CONTENT_OK || e.msg[0] == '\0'))
			fail("a reader failed without a reason");
		arena_free(&a);
	}
	return 0;
}
