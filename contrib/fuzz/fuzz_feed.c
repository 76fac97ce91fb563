/* fuzz_feed.c: libFuzzer target: svc_feed_parse (RSS, Atom, JSON Feed) and svc_feed_discover on the input, with checks on the entries they give. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svc/feeds.h"
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
	struct svc_feed f;
	struct svc_feed_link *links;
	char err[256];
	arena_init(&a);
	if (svc_feed_parse(&a, (const char *)data, size, "https://fuzz.example/feed", &f, err, sizeof err) == 0) {
		if (f.n_entries > LIMIT_FEED_ENTRIES)
			fail("more entries than LIMIT_FEED_ENTRIES");
		for (size_t i = 0; i < f.n_entries; i++) {
			const struct svc_feed_entry *e = &f.entries[i];
			if (e->id == NULL && e->url != NULL)
				fail("an entry with a URL but no id");
			if (e->content && strlen(e->content) > LIMIT_FEED_FIELD)
				fail("a field over LIMIT_FEED_FIELD");
		}
	} else if (err[0] == '\0') {
		fail("refused without a message");
	}
	long n = svc_feed_discover(&a, (const char *)data, size, "https://fuzz.example/page", &links);
	if (n > LIMIT_FEED_DISCOVER)
		fail("more links than LIMIT_FEED_DISCOVER");
	arena_free(&a);
	return 0;
}
