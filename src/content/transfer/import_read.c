/* import_read.c (content): the import formats' names, finding a file's format by its content, and content_import_read's dispatch to the readers (the helpers they share are import_util.c's). */
#include <archive.h>
#include <archive_entry.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "content/transfer/import_int.h"

static int blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* each format's name and reader, in enum order, from import.h's list */
#define FORMAT_ROW_(e, n, r) [CONTENT_IMPORT_##e] = { n, r },
static const struct {
	const char *name;
	import_reader *read;
} formats[CONTENT_IMPORT__MAX] = {
	[CONTENT_IMPORT_UNKNOWN] = { "unknown", NULL },
	CONTENT_IMPORT_FORMATS(FORMAT_ROW_)
};
#undef FORMAT_ROW_

const char *content_import_format_name(enum content_import_format f)
{
	return (unsigned)f < CONTENT_IMPORT__MAX ? formats[f].name : NULL;
}

enum content_import_format content_import_format_by_name(const char *name)
{
	for (int f = 0; name && f < CONTENT_IMPORT__MAX; f++)
		if (strcasecmp(name, formats[f].name) == 0)
			return (enum content_import_format)f;
	return CONTENT_IMPORT_UNKNOWN;
}

#define DETECT_PREFIX (64 * 1024)   /* bytes of a file's start that detection looks at */
#define DETECT_ZIP_ENTRIES 100000   /* zip entries looked at for a metadata_*.json */

/* name's last part is part_ DIGITS .csv, outside annotations/: a part of Pocket's export */
static int pocket_part(const char *name, const char *base)
{
	size_t digits = strncmp(base, "part_", 5) == 0 ? strspn(base + 5, "0123456789") : 0;
	return digits > 0 && strcmp(base + 5 + digits, ".csv") == 0 &&
	       !(base - name >= 12 && strncmp(base - 12, "annotations/", 12) == 0);
}

/* a zip holding a metadata_*.json (at any depth) is Omnivore's export; one holding part_NNNNNN.csv and no
 * metadata_*.json Pocket's */
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
			if (pocket_part(name, base))
				f = CONTENT_IMPORT_POCKET_ZIP;
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

/* JSON by its shape: a list of objects with wallabag's keys (v2's, or v1's is_read and is_fav) or Pinboard's (href
 * with toread or extended), an object with Chrome's "roots" or Firefox's places containers (their type or typeCode) */
static enum content_import_format detect_json(const char *s, size_t n)
{
	size_t i = 1;
	while (i < n && blank(s[i]))
		i++;
	if (s[0] == '[' && i < n && s[i] == '{') {
		if (has(s, n, "\"is_archived\"") || has(s, n, "\"is_starred\"") || has(s, n, "\"annotations\"") ||
		    (has(s, n, "\"is_read\"") && has(s, n, "\"is_fav\"")))
			return CONTENT_IMPORT_WALLABAG;
		if (has(s, n, "\"href\"") && (has(s, n, "\"toread\"") || has(s, n, "\"extended\"")))
			return CONTENT_IMPORT_PINBOARD;
	}
	if (s[0] == '{' && has(s, n, "\"roots\"") && has(s, n, "\"bookmark_bar\""))
		return CONTENT_IMPORT_CHROME;
	if (s[0] == '{' && (has(s, n, "\"text/x-moz-place-container\"") ||
	                    (has(s, n, "\"typeCode\"") && has(s, n, "\"uri\"")))) /* some give only the typeCode */
		return CONTENT_IMPORT_FIREFOX;
	return CONTENT_IMPORT_UNKNOWN;
}

/* the first line that is not blank nor a # comment starts with http:// or https:// (in double quotes or not: a
 * row of Omnivore's URL-list CSV), or is that CSV's header url,state,... */
static enum content_import_format detect_urls(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		size_t end = i;
		while (end < n && s[end] != '\n')
			end++;
		while (i < end && blank(s[i]))
			i++;
		if (i < end && s[i] == '"')
			i++;
		if (i < end && end - i > 10 && strncasecmp(s + i, "url,state,", 10) == 0)
			return CONTENT_IMPORT_URLS;
		if (i < end && s[i] != '#')
			return (end - i > 7 && strncasecmp(s + i, "http://", 7) == 0) ||
			       (end - i > 8 && strncasecmp(s + i, "https://", 8) == 0) ? CONTENT_IMPORT_URLS : CONTENT_IMPORT_UNKNOWN;
		i = end + 1;
	}
	return CONTENT_IMPORT_UNKNOWN;
}

/* an HTML export by its title, else by its shape: Pocket's links carry time_added; Instapaper's lists are each
 * an <h1> (Unread the first) and an <ol> of links; a bookmarks file without its doctype is lists of <DT><A HREF */
static enum content_import_format detect_html(const char *s, size_t n)
{
	if (has(s, n, "<title>Pocket Export</title>") || (has(s, n, ">Unread</h1>") && has(s, n, ">Read Archive<")) ||
	    (has(s, n, "<a href=") && has(s, n, " time_added=\"")))
		return CONTENT_IMPORT_POCKET_HTML;
	if (has(s, n, "<title>Instapaper: Export</title>") ||
	    (has(s, n, "<h1>Unread</h1>") && has(s, n, "<ol>") && !has(s, n, "<dt>")))
		return CONTENT_IMPORT_INSTAPAPER_HTML;
	if (has(s, n, "<dl>") && has(s, n, "<dt><a href="))
		return CONTENT_IMPORT_NETSCAPE;
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
		return detect_html(s, n);
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

int content_import_read(enum content_import_format f, struct arena *a, const char *path, const struct content_limits *lim,
                        const struct content_import_sink *sink, struct content_error *e)
{
	(void)lim; /* the import readers keep util/limits.h's LIMIT_IMPORT_* (content_limits has no field for them yet) */
	content_error_clear(e);
	if ((unsigned)f >= CONTENT_IMPORT__MAX || formats[f].read == NULL)
		return content_fail(e, CONTENT_E_FORMAT, "the file is in none of the formats Larder imports");
	if (formats[f].read(f, a, path, sink, e) == 0)
		return 0;
	if (e->code == CONTENT_OK) /* a reader that failed without saying why: never left so */
		content_fail(e, CONTENT_E_FORMAT, "the file cannot be read");
	return -1;
}
