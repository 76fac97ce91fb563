/* fuzz_url.c: libFuzzer target: url_parse, url_normalise (idempotent, its output parses and saves) and url_resolve (its output parses). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "util/limits.h"
#include "util/url.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct arena A;
static int inited;

static void fail(const char *what, const char *in, size_t n, const char *detail)
{
	fprintf(stderr, "fuzz_url: %s\n input: %.*s\n detail: %s\n", what, (int)(n > 2000 ? 2000 : n), in,
	        detail ? detail : "(none)");
	abort();
}

/* the parts of a parsed URL hold together: the pieces are strings, the port agrees with its digits */
static void check_parts(const struct url *u, const char *in, size_t n)
{
	if (u->path == NULL)
		fail("url_parse left path NULL", in, n, NULL);
	if ((u->host == NULL) != (u->authority == NULL))
		fail("host and authority disagree", in, n, u->authority);
	if (u->port == NULL || u->port[0] == '\0') {
		if (u->port_num != -1)
			fail("port_num without port digits", in, n, u->port);
	} else if (u->port_num < 0 || u->port_num > 65535 || u->port_num != atoi(u->port)) {
		fail("port_num differs from the port", in, n, u->port);
	}
	if (u->authority && u->path[0] != '\0' && u->path[0] != '/')
		fail("an authority followed by a relative path", in, n, u->path);
}

/* normalise: its output parses, is http(s) with a host, no userinfo or fragment, and normalises to itself */
static void check_normalise(const char *in, size_t size)
{
	char *norm = NULL, *again = NULL;
	const char *err = NULL;
	struct url u;

	if (url_normalise(&A, in, size, &norm, &err) != 0) {
		if (err == NULL || err[0] == '\0')
			fail("url_normalise failed without a message", in, size, NULL);
		return;
	}
	if (norm == NULL)
		fail("url_normalise succeeded without a URL", in, size, NULL);
	if (strncmp(norm, "http://", 7) != 0 && strncmp(norm, "https://", 8) != 0)
		fail("a normalised URL is not http(s)", in, size, norm);
	if (url_parse(&A, norm, strlen(norm), &u, &err) != 0)
		fail("a normalised URL does not parse", in, size, arena_printf(&A, "%s: %s", norm, err));
	check_parts(&u, norm, strlen(norm));
	if (u.fragment != NULL)
		fail("a normalised URL has a fragment", in, size, norm);
	if (u.userinfo != NULL)
		fail("a normalised URL has userinfo", in, size, norm);
	if (u.host == NULL || u.host[0] == '\0')
		fail("a normalised URL has no host", in, size, norm);
	if (url_normalise(&A, norm, strlen(norm), &again, &err) != 0)
		fail("a normalised URL does not normalise", in, size, arena_printf(&A, "%s: %s", norm, err));
	if (strcmp(again, norm) != 0)
		fail("url_normalise is not idempotent", in, size, arena_printf(&A, "%s -> %s", norm, again));
}

static const char *const bases[] = {
	"https://example.com/dir/page.html?q=1#top",
	"http://a/b/c/d;p?q",
	"http://[::1]:8080",
	"file:///x/y",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct url u;
	const char *err = NULL;
	char *out = NULL, *z;

	if (!inited) {
		arena_init(&A);
		inited = 1;
	}
	/* an exact-size copy: the parsers take a length, reads past it are ASan's to catch */
	char *s = malloc(size ? size : 1);
	if (s == NULL)
		abort();
	if (size)
		memcpy(s, data, size);

	if (url_parse(&A, s, size, &u, &err) == 0)
		check_parts(&u, s, size);
	else if (err == NULL || err[0] == '\0')
		fail("url_parse failed without a message", s, size, NULL);
	check_normalise(s, size);

	/* resolution against a few absolute bases: the input up to its first NUL is the reference */
	z = arena_strndup(&A, s, size);
	if (z == NULL)
		abort();
	const char *base = bases[size % (sizeof bases / sizeof *bases)];
	if (url_resolve(&A, base, z, &out) == 0) {
		size_t n;
		if (out == NULL)
			fail("url_resolve succeeded without a URL", s, size, base);
		n = strlen(out);
		/* base and reference together may pass the length limit; anything shorter must parse */
		if (n <= LIMIT_URL_BYTES) {
			if (url_parse(&A, out, n, &u, &err) != 0)
				fail("a resolved URL does not parse", s, size, arena_printf(&A, "%s + %s -> %s: %s", base, z, out, err));
			if (u.scheme == NULL)
				fail("a resolved URL is relative", s, size, out);
			check_parts(&u, out, n);
		}
	}
	free(s);
	arena_reset(&A);
	return 0;
}
