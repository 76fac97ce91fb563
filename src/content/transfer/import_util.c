/* import_util.c (content): the helpers the import readers share: the file opened or read whole under the import bound, a URL's problem, trimming, epoch times and label lists. */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "content/transfer/import_int.h"
#include "util/time.h"
#include "util/url.h"

static int blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

FILE *import_open(const char *path, size_t *size, struct content_error *e)
{
	struct stat st;
	FILE *fp = fopen(path, "rb");
	if (fp == NULL) {
		content_fail(e, CONTENT_E_IO, "cannot open %s: %s", path, strerror(errno));
		return NULL;
	}
	if (fstat(fileno(fp), &st) != 0)
		st.st_mode = 0;
	if (S_ISREG(st.st_mode) && (uint64_t)st.st_size > LIMIT_IMPORT_FILE_MAX) {
		fclose(fp);
		content_fail(e, CONTENT_E_LIMIT, "%s", IMPORT_TOO_LARGE);
		return NULL;
	}
	if (size)
		*size = S_ISREG(st.st_mode) ? (size_t)st.st_size : 0;
	return fp;
}

char *import_slurp(struct arena *a, const char *path, size_t *n, struct content_error *e)
{
	size_t cap = 64 * 1024, len = 0, got;
	FILE *fp = import_open(path, &cap, e);
	char *buf;
	if (fp == NULL)
		return NULL;
	cap = cap < 64 * 1024 ? 64 * 1024 : cap + 1;   /* one read past the size sees the end (or growth) */
	if ((buf = arena_alloc(a, cap + 1)) == NULL)
		content_fail(e, CONTENT_E_NOMEM, "out of memory reading the file");
	while (buf && (got = fread(buf + len, 1, cap - len, fp)) > 0) {
		len += got;
		if (len > LIMIT_IMPORT_FILE_MAX) {
			content_fail(e, CONTENT_E_LIMIT, "%s", IMPORT_TOO_LARGE);
			buf = NULL;
		} else if (len == cap) {
			if ((buf = arena_realloc(a, buf, cap + 1, cap * 2 + 1)) == NULL)
				content_fail(e, CONTENT_E_NOMEM, "out of memory reading the file");
			cap *= 2;
		}
	}
	if (buf && ferror(fp)) {
		content_fail(e, CONTENT_E_IO, "cannot read %s: %s", path, strerror(errno));
		buf = NULL;
	}
	fclose(fp);
	if (buf) {
		buf[len] = '\0';
		*n = len;
	}
	return buf;
}

/* schemes a browser keeps in its bookmarks that name no web page: its own pages and queries, extensions,
 * scripts, local files, inline data */
static const char *const never_items[] = {
	"place", "about", "chrome", "chrome-extension", "chrome-native", "edge", "brave", "opera", "vivaldi",
	"moz-extension", "resource", "view-source", "javascript", "data", "blob", "file", "mailto", "tel", "apt", NULL,
};

static bool hex_digit(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* s with its spaces and lone '%' percent-encoded, in a (s itself when it has none) */
static const char *repair(struct arena *a, const char *s)
{
	size_t extra = 0, n = 0;
	char *out;
	for (const char *p = s; *p; p++)
		extra += *p == ' ' || (*p == '%' && !(hex_digit(p[1]) && hex_digit(p[2])));
	if (extra == 0 || (out = arena_alloc(a, strlen(s) + 2 * extra + 1)) == NULL)
		return s;
	for (const char *p = s; *p; p++) {
		if (*p == ' ' || (*p == '%' && !(hex_digit(p[1]) && hex_digit(p[2])))) {
			out[n++] = '%';
			out[n++] = '2';
			out[n++] = *p == ' ' ? '0' : '5';
		} else
			out[n++] = *p;
	}
	out[n] = '\0';
	return out;
}

enum import_url_verdict import_url_check(struct arena *a, const char *raw, const char **url, const char **why)
{
	const char *s = raw ? import_trim(a, raw) : NULL;
	size_t scheme = 0;
	*url = s;
	*why = NULL;
	if (s == NULL || *s == '\0') {
		*why = s ? "no URL" : "out of memory";
		return IMPORT_URL_BAD;
	}
	if (*s == '?' || *s == '#' || *s == '/') {
		*why = "a link inside the exported service, without a web address";
		return IMPORT_URL_SKIP;
	}
	while (s[scheme] && (isalnum((unsigned char)s[scheme]) || s[scheme] == '+' || s[scheme] == '-' || s[scheme] == '.'))
		scheme++;
	for (const char *const *k = never_items; s[scheme] == ':' && *k; k++)
		if (strlen(*k) == scheme && strncasecmp(s, *k, scheme) == 0) {
			*why = arena_printf(a, "not a web page (a link of the %s: scheme)", *k);
			return IMPORT_URL_SKIP;
		}
	*url = repair(a, s);
	if ((*why = import_url_problem(a, *url)) != NULL)
		return IMPORT_URL_BAD;
	return IMPORT_URL_OK;
}

void import_skip(const struct content_import_sink *sink, size_t line, const char *why)
{
	if (sink->skip)
		sink->skip(sink->ctx, line, why);
	else
		sink->bad(sink->ctx, line, why);
}

const char *import_url_problem(struct arena *a, const char *url)
{
	const char *s = url, *why = NULL;
	char *norm;
	while (s && blank(*s))
		s++;
	if (s == NULL || *s == '\0')
		return "no URL";
	if (strncasecmp(s, "http://", 7) != 0 && strncasecmp(s, "https://", 8) != 0)
		return "the URL is not http(s)";
	if (url_normalise(a, url, strlen(url), &norm, &why) != 0)
		return why ? why : "the URL cannot be read";
	return NULL;
}

char *import_trim(struct arena *a, const char *s)
{
	size_t n;
	s += strspn(s, " \t\r\n");
	for (n = strlen(s); n > 0 && blank(s[n - 1]); n--)
		;
	return arena_strndup(a, s, n);
}

int import_epoch_ms(const char *s, int64_t *ms)
{
	uint64_t v = 0;
	int digits = 0;
	*ms = 0;
	while (*s == ' ' || *s == '\t')
		s++;
	for (; *s >= '0' && *s <= '9'; s++, digits++) {
		if (v > (uint64_t)TIME_MAX_MS)
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
		s++;
	if (*s != '\0')
		return -1;
	if (digits == 0)
		return 0;
	if (v > UINT64_C(100000000000000))
		v /= 1000;
	else if (v <= UINT64_C(100000000000))
		v *= 1000;
	if (v > (uint64_t)TIME_MAX_MS)
		return -1;
	*ms = (int64_t)v;
	return 0;
}

int import_split_labels(struct arena *a, const char *s, char sep, const char ***labels, size_t *n)
{
	size_t parts = 1;
	const char **all;
	for (const char *p = s ? strchr(s, sep) : NULL; p; p = strchr(p + 1, sep))
		parts++;
	if (s == NULL || *s == '\0')
		return 0;
	if ((all = arena_alloc(a, (*n + parts) * sizeof *all)) == NULL)
		return -1;
	if (*n)
		memcpy(all, *labels, *n * sizeof *all);
	*labels = all;
	while (s) {
		const char *end = strchr(s, sep);
		char *name = arena_strndup(a, s, end ? (size_t)(end - s) : strlen(s));
		if (name == NULL || (name = import_trim(a, name)) == NULL)
			return -1;
		if (*name)
			all[(*n)++] = name;
		s = end ? end + 1 : NULL;
	}
	return 0;
}
