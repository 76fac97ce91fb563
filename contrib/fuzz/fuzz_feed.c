/* fuzz_feed.c: libFuzzer target: content_feed_read (RSS, Atom, JSON Feed; also as served with an HTTP charset), content_feed_discover and content_opml_read on the input, with checks on the entries they give. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/feeds/feed.h"
#include "util/arena.h"
#include "util/limits.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what)
{
	fprintf(stderr, "fuzz_feed: %s\n", what);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena a;
	struct content_feed f;
	struct content_feed_link *links;
	struct content_error err;
	arena_init(&a);
	/* the first byte picks the charset a server names for a document that declares none */
	static const char *const types[] = { NULL, "text/xml; charset=koi8-r", "application/rss+xml; charset=\"big5\"",
	                                     "text/xml; charset=windows-1251", "application/xml; charset=bogus" };
	const char *type = size ? types[data[0] % (sizeof types / sizeof types[0])] : NULL;
	if (content_feed_read_typed(&a, (const char *)data, size, type, "https://fuzz.example/feed", NULL, &f, &err) == 0) {
		if (f.n_entries > LIMIT_FEED_ENTRIES)
			fail("more entries than LIMIT_FEED_ENTRIES");
		for (size_t i = 0; i < f.n_entries; i++) {
			const struct content_feed_entry *e = &f.entries[i];
			if (e->id == NULL)
				fail("an entry without an id");
			if (e->content && strlen(e->content) > LIMIT_FEED_FIELD)
				fail("a field over LIMIT_FEED_FIELD");
		}
	} else if (err.msg[0] == '\0' || err.code == CONTENT_OK) {
		fail("refused without a message");
	}
	long n = content_feed_discover(&a, (const char *)data, size, "https://fuzz.example/page", NULL, &links, &err);
	if (n > LIMIT_FEED_DISCOVER)
		fail("more links than LIMIT_FEED_DISCOVER");
	n = content_opml_read(&a, (const char *)data, size, NULL, &links, &err);
	if (n > LIMIT_OPML_OUTLINES || (n < 0 && err.msg[0] == '\0'))
		fail("OPML: too many outlines, or refused without a message");
	for (long i = 0; i < n; i++)
		if (links[i].url == NULL)
			fail("OPML: an outline without its URL");
	arena_free(&a);
	return 0;
}
