/* import_read.c (content): the import formats' names, finding a file's format by its content, and content_import_read's dispatch to the readers, with the helpers they share. */
#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
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

/* the names users type after --format and reports print, in enum order */
static const char *const format_names[CONTENT_IMPORT__MAX] = {
	[CONTENT_IMPORT_UNKNOWN] = "unknown",
	[CONTENT_IMPORT_OMNIVORE] = "omnivore",
	[CONTENT_IMPORT_POCKET_CSV] = "pocket-csv",
	[CONTENT_IMPORT_POCKET_HTML] = "pocket-html",
	[CONTENT_IMPORT_INSTAPAPER] = "instapaper",
	[CONTENT_IMPORT_WALLABAG] = "wallabag",
	[CONTENT_IMPORT_NETSCAPE] = "netscape",
	[CONTENT_IMPORT_READWISE] = "readwise",
	[CONTENT_IMPORT_URLS] = "urls",
};

const char *content_import_format_name(enum content_import_format f)
{
	return (unsigned)f < CONTENT_IMPORT__MAX ? format_names[f] : NULL;
}

enum content_import_format content_import_format_by_name(const char *name)
{
	for (int f = 0; name && f < CONTENT_IMPORT__MAX; f++)
		if (strcasecmp(name, format_names[f]) == 0)
			return (enum content_import_format)f;
	return CONTENT_IMPORT_UNKNOWN;
}

#define DETECT_PREFIX (64 * 1024)   /* bytes of a file's start that detection looks at */
#define DETECT_ZIP_ENTRIES 100000   /* zip entries looked at for a metadata_*.json */

/* a zip holding a metadata_*.json (at any depth) is Omnivore's export */
static enum content_import_format detect_zip(const char *path)
{
	struct archive *ar = archive_read_new();
	struct archive_entry *e;
	enum content_import_format f = CONTENT_IMPORT_UNKNOWN;
	if (ar == NULL)
		return f;
	archive_read_support_format_zip(ar);
	if (archive_read_open_filename(ar, path, 64 * 1024) == ARCHIVE_OK) {
		for (long n = 0; n < DETECT_ZIP_ENTRIES && archive_read_next_header(ar, &e) == ARCHIVE_OK; n++) {
			const char *name = archive_entry_pathname(e), *base;
			size_t len;
			if (name == NULL)
				continue;
			base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
			len = strlen(base);
			if (strncmp(base, "metadata_", 9) == 0 && len > 14 && strcmp(base + len - 5, ".json") == 0) {
				f = CONTENT_IMPORT_OMNIVORE;
				break;
			}
		}
	}
	archive_read_free(ar);
	return f;
}

/* the first n bytes hold needle, ignoring ASCII case */
static int has(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle);
	for (size_t i = 0; i + k <= n; i++)
		if (strncasecmp(s + i, needle, k) == 0)
			return 1;
	return 0;
}

/* JSON whose first value is a list of objects with wallabag's keys */
static enum content_import_format detect_json(const char *s, size_t n)
{
	size_t i = 1;
	while (i < n && blank(s[i]))
		i++;
	if (s[0] == '[' && i < n && s[i] == '{' &&
	    (has(s, n, "\"is_archived\"") || has(s, n, "\"is_starred\"") || has(s, n, "\"annotations\"")))
		return CONTENT_IMPORT_WALLABAG;
	return CONTENT_IMPORT_UNKNOWN;
}

/* the first line that is not blank nor a # comment starts with http:// or https:// */
static enum content_import_format detect_urls(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		size_t end = i;
		while (end < n && s[end] != '\n')
			end++;
		while (i < end && blank(s[i]))
			i++;
		if (i < end && s[i] != '#')
			return (end - i > 7 && strncasecmp(s + i, "http://", 7) == 0) ||
			       (end - i > 8 && strncasecmp(s + i, "https://", 8) == 0) ? CONTENT_IMPORT_URLS : CONTENT_IMPORT_UNKNOWN;
		i = end + 1;
	}
	return CONTENT_IMPORT_UNKNOWN;
}

/* the format of the first n bytes of a file that is not a zip */
static enum content_import_format detect_text(const char *s, size_t n)
{
	if (n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
		s += 3, n -= 3;
	while (n > 0 && blank(*s))
		s++, n--;
	if (n == 0 || memchr(s, '\0', n))
		return CONTENT_IMPORT_UNKNOWN;
	if (*s == '[' || *s == '{')
		return detect_json(s, n);
	if (n >= 34 && strncasecmp(s, "<!DOCTYPE NETSCAPE-Bookmark-file-1>", 34) == 0)
		return CONTENT_IMPORT_NETSCAPE;
	if (*s == '<')
		return has(s, n, "<title>Pocket Export</title>") || (has(s, n, ">Unread</h1>") && has(s, n, ">Read Archive<"))
		               ? CONTENT_IMPORT_POCKET_HTML : CONTENT_IMPORT_UNKNOWN;
	if (detect_urls(s, n) == CONTENT_IMPORT_URLS)
		return CONTENT_IMPORT_URLS;
	return import_csv_detect(s, n);
}

enum content_import_format content_import_detect(const char *path)
{
	char *buf = malloc(DETECT_PREFIX);
	FILE *fp = fopen(path, "rb");
	size_t n = 0;
	enum content_import_format f = CONTENT_IMPORT_UNKNOWN;
	if (buf && fp)
		n = fread(buf, 1, DETECT_PREFIX, fp);
	if (fp)
		fclose(fp);
	if (n >= 4 && memcmp(buf, "PK", 2) == 0 && ((buf[2] == 3 && buf[3] == 4) || (buf[2] == 5 && buf[3] == 6)))
		f = detect_zip(path);
	else if (n > 0)
		f = detect_text(buf, n);
	free(buf);
	return f;
}

int content_import_read(enum content_import_format f, struct arena *a, const char *path, const struct content_import_sink *sink,
                    const char **err)
{
	*err = NULL;
	switch (f) {
	case CONTENT_IMPORT_OMNIVORE:
		return import_read_omnivore(a, path, sink, err);
	case CONTENT_IMPORT_POCKET_CSV:
	case CONTENT_IMPORT_INSTAPAPER:
	case CONTENT_IMPORT_READWISE:
		return import_read_csv(f, a, path, sink, err);
	case CONTENT_IMPORT_POCKET_HTML:
	case CONTENT_IMPORT_NETSCAPE:
		return import_read_html(f, a, path, sink, err);
	case CONTENT_IMPORT_WALLABAG:
		return import_read_wallabag(a, path, sink, err);
	case CONTENT_IMPORT_URLS:
		return import_read_urls(a, path, sink, err);
	default:
		*err = "the file is in none of the formats Larder imports";
		return -1;
	}
}

FILE *import_open(struct arena *a, const char *path, size_t *size, const char **err)
{
	struct stat st;
	FILE *fp = fopen(path, "rb");
	if (fp == NULL) {
		*err = arena_printf(a, "cannot open %s: %s", path, strerror(errno));
		return NULL;
	}
	if (fstat(fileno(fp), &st) != 0)
		st.st_mode = 0;
	if (S_ISREG(st.st_mode) && (uint64_t)st.st_size > LIMIT_IMPORT_FILE_MAX) {
		fclose(fp);
		*err = IMPORT_TOO_LARGE;
		return NULL;
	}
	if (size)
		*size = S_ISREG(st.st_mode) ? (size_t)st.st_size : 0;
	return fp;
}

char *import_slurp(struct arena *a, const char *path, size_t *n, const char **err)
{
	size_t cap = 64 * 1024, len = 0, got;
	FILE *fp = import_open(a, path, &cap, err);
	char *buf;
	if (fp == NULL)
		return NULL;
	cap = cap < 64 * 1024 ? 64 * 1024 : cap + 1;   /* one read past the size sees the end (or growth) */
	if ((buf = arena_alloc(a, cap + 1)) == NULL)
		*err = "out of memory reading the file";
	while (buf && (got = fread(buf + len, 1, cap - len, fp)) > 0) {
		len += got;
		if (len > LIMIT_IMPORT_FILE_MAX) {
			*err = IMPORT_TOO_LARGE;
			buf = NULL;
		} else if (len == cap) {
			if ((buf = arena_realloc(a, buf, cap + 1, cap * 2 + 1)) == NULL)
				*err = "out of memory reading the file";
			cap *= 2;
		}
	}
	if (buf && ferror(fp)) {
		*err = arena_printf(a, "cannot read %s: %s", path, strerror(errno));
		buf = NULL;
	}
	fclose(fp);
	if (buf) {
		buf[len] = '\0';
		*n = len;
	}
	return buf;
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
