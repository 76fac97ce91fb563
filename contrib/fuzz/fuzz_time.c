/* fuzz_time.c: libFuzzer target: ISO 8601 and key-expiry parsing, with a format/parse round trip on every accepted value. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/time.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* 2025-11-22T00:00:00.000Z: a fixed "now" keeps runs reproducible */
#define FZ_NOW INT64_C(1763769600000)

static void fail(const char *what, const char *in, size_t len, int64_t ms, const char *text, int64_t again)
{
	fprintf(stderr, "fuzz: %s: input \"%.*s\" -> %lld -> \"%s\" -> %lld\n", what,
	        (int)(len > 200 ? 200 : len), in, (long long)ms, text ? text : "", (long long)again);
	abort();
}

/* a value the parser accepted must print and parse back to itself */
static void round_trip(const char *what, const char *in, size_t len, int64_t ms)
{
	char buf[TIME_ISO_BUF], again_buf[TIME_ISO_BUF];
	int64_t again = 0;

	if (ms < TIME_MIN_MS || ms > TIME_MAX_MS)
		fail(what, in, len, ms, "out of range", 0);
	memset(buf, 0x55, sizeof buf);
	time_format_iso(ms, buf, sizeof buf);
	if (memchr(buf, 0, sizeof buf) == NULL)
		fail(what, in, len, ms, "unterminated", 0);
	if (time_parse_iso(buf, strlen(buf), &again) != 0 || again != ms)
		fail(what, in, len, ms, buf, again);
	/* and the canonical text is a fixed point */
	time_format_iso(again, again_buf, sizeof again_buf);
	if (strcmp(buf, again_buf) != 0)
		fail(what, in, len, ms, again_buf, again);
	/* a too-small buffer truncates and terminates, nothing more */
	time_format_iso(ms, again_buf, 8);
	if (memchr(again_buf, 0, 8) == NULL)
		fail(what, in, len, ms, "short buffer unterminated", 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* exact-size copies: the ISO parser takes a length, the expiry parser a C string */
	char *s = malloc(size ? size : 1), *z = malloc(size + 1);
	int64_t ms = 0;

	if (s == NULL || z == NULL)
		abort();
	if (size)
		memcpy(s, data, size);
	memcpy(z, data, size);
	z[size] = '\0';

	if (time_parse_iso(s, size, &ms) == 0)
		round_trip("time_parse_iso", s, size, ms);
	ms = 0;
	if (time_parse_expiry(z, FZ_NOW, &ms) == 0) {
		if (ms < TIME_MIN_MS || ms > TIME_MAX_MS)
			fail("time_parse_expiry", z, size, ms, "out of range", 0);
		round_trip("time_parse_expiry", z, strlen(z), ms);
	}
	/* "now" near the end of time: relative expiries must clamp, not overflow */
	if (time_parse_expiry(z, TIME_MAX_MS - 1, &ms) == 0 && (ms < TIME_MIN_MS || ms > TIME_MAX_MS))
		fail("time_parse_expiry near the end", z, size, ms, "out of range", 0);
	free(s);
	free(z);
	return 0;
}
