/* fuzz_query.c: libFuzzer target: form/query decoding (web_query_parse, web_query_get), Cookie lookup (web_cookie_get) and the login redirect check (web_safe_redirect). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "util/text.h"
#include "web/page.h"
#include "web/request.h"
#include "web/session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct arena A;
static int inited;

static void fail(const char *what, const char *in, size_t n, const char *detail)
{
	fprintf(stderr, "fuzz_query: %s\n input: %.*s\n detail: %s\n", what, (int)(n > 2000 ? 2000 : n), in,
	        detail ? detail : "(none)");
	abort();
}

/* an independent decoder of one name or value: '+' is a space, a complete %XX a byte, anything else itself */
static size_t decode(const char *s, size_t n, char *out)
{
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '+') {
			out[o++] = ' ';
		} else if (s[i] == '%' && i + 2 < n && text_hex_value((unsigned char)s[i + 1]) >= 0 &&
		           text_hex_value((unsigned char)s[i + 2]) >= 0) {
			out[o++] = (char)(text_hex_value((unsigned char)s[i + 1]) * 16 + text_hex_value((unsigned char)s[i + 2]));
			i += 2;
		} else {
			out[o++] = s[i];
		}
	}
	return o;
}

/* what the parser must have produced: the pairs compared with a split and decode of our own */
static void check_pairs(const char *in, size_t size, const struct web_qparam *p, size_t n)
{
	char *buf = arena_alloc(&A, size + 1);
	size_t k = 0, i = 0;
	if (buf == NULL)
		abort();
	while (i <= size) {
		size_t end = i, eq, len;
		while (end < size && in[end] != '&')
			end++;
		if (end > i) {
			eq = i;
			while (eq < end && in[eq] != '=')
				eq++;
			if (k >= n)
				fail("fewer pairs than non-empty '&' parts", in, size, NULL);
			len = decode(in + i, eq - i, buf);
			if (p[k].name == NULL || p[k].name_len != len || memcmp(p[k].name, buf, len) != 0)
				fail("a name differs from its decoded bytes", in, size, p[k].name);
			if (p[k].name[p[k].name_len] != '\0')
				fail("a name is not NUL-terminated", in, size, p[k].name);
			len = eq < end ? decode(in + eq + 1, end - eq - 1, buf) : 0;
			if (p[k].value == NULL || p[k].value_len != len || memcmp(p[k].value, buf, len) != 0)
				fail("a value_len or value differs from its decoded bytes", in, size, p[k].value);
			if (p[k].value[p[k].value_len] != '\0')
				fail("a value is not NUL-terminated", in, size, p[k].value);
			k++;
		}
		i = end + 1;
	}
	if (k != n)
		fail("more pairs than non-empty '&' parts", in, size, NULL);
	/* web_query_get finds the first pair of each (NUL-free) name */
	for (size_t j = 0; j < n; j++) {
		const struct web_qparam *g;
		if (memchr(p[j].name, 0, p[j].name_len) != NULL)
			continue;
		g = web_query_get(p, n, p[j].name);
		if (g == NULL || g > &p[j])
			fail("web_query_get misses a name", in, size, p[j].name);
		if (g->name_len != p[j].name_len || memcmp(g->name, p[j].name, g->name_len) != 0)
			fail("web_query_get returns another name", in, size, g->name);
		for (const struct web_qparam *e = p; e < g; e++)
			if (e->name_len == g->name_len && memcmp(e->name, g->name, g->name_len) == 0)
				fail("web_query_get does not return the first pair", in, size, g->name);
	}
	/* and nothing for a name no pair has */
	bool has_next = false;
	for (size_t j = 0; j < n; j++)
		if (p[j].name_len == 4 && memcmp(p[j].name, "next", 4) == 0)
			has_next = true;
	if ((web_query_get(p, n, "next") != NULL) != has_next)
		fail("web_query_get and the pairs disagree on \"next\"", in, size, NULL);
}

/* a cookie value is a fresh copy of part of the header, without ';' */
static void check_cookie(const char *hdr, size_t hlen, const char *name)
{
	const char *v = web_cookie_get(&A, hdr, name);
	if (v == NULL)
		return;
	if (v >= hdr && v <= hdr + hlen)
		fail("web_cookie_get returns a pointer into the header", hdr, hlen, v);
	if (strchr(v, ';') != NULL)
		fail("a cookie value holds ';'", hdr, hlen, v);
	if (strstr(hdr, v) == NULL)
		fail("a cookie value is not part of the header", hdr, hlen, v);
	if (strstr(hdr, arena_printf(&A, "%s=", name)) == NULL)
		fail("a cookie found whose name=' is not in the header", hdr, hlen, name);
}

/* when a target is accepted: "/..." but not "//..." and nothing a browser could read as another site */
static void check_redirect(const char *t, const char *in, size_t size)
{
	if (!web_safe_redirect(t))
		return;
	if (t[0] != '/' || t[1] == '/')
		fail("web_safe_redirect accepts a target not starting with a single '/'", in, size, t);
	for (const char *c = t; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f || *c == '\\')
			fail("web_safe_redirect accepts a control character or backslash", in, size, t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *in = (const char *)data;
	struct web_qparam *p = NULL;
	size_t n = 0, zlen;
	char *z;

	if (!inited) {
		arena_init(&A);
		inited = 1;
	}
	/* an exact-size copy: the parser takes a length, reads past it are ASan's to catch */
	char *s = malloc(size ? size : 1);
	if (s == NULL)
		abort();
	if (size)
		memcpy(s, data, size);
	if (web_query_parse(&A, s, size, &p, &n) != 0)
		fail("web_query_parse failed", in, size, NULL);
	check_pairs(s, size, p, n);
	for (size_t j = 0; j < n; j++)
		check_redirect(p[j].value, in, size);

	/* the input up to its first NUL as a Cookie header and as a redirect target */
	z = arena_strndup(&A, in, size);
	if (z == NULL)
		abort();
	zlen = strlen(z);
	static const char *const names[] = { WEB_SESSION_COOKIE, "a", "b c", "", "x=y" };
	for (size_t j = 0; j < sizeof names / sizeof *names; j++)
		check_cookie(z, zlen, names[j]);
	if (n > 0 && p[0].name_len < 64 && memchr(p[0].name, 0, p[0].name_len) == NULL)
		check_cookie(z, zlen, p[0].name);
	check_redirect(z, in, size);
	free(s);
	arena_reset(&A);
	return 0;
}
