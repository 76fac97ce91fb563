/* import_urls.c (content): a plain list of URLs, one a line (blank lines and # comments skipped), and Omnivore's URL-list CSV: url[,state[,"[labels]"[,saved_at[,published_at]]]], with or without its header. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "content/transfer/import_int.h"
#include "util/time.h"

/*
 * Omnivore's import of a URL list (its uploadImportFile of type URL_LIST) reads CSV rows: the URL, the state
 * (ARCHIVED, SUCCEEDED ... or empty), the labels as "[a, b]", the saved and published times. A line is read so
 * when it splits into such fields (a second field empty or one of the states, a third empty or in brackets); any
 * other line is one URL, commas and all.
 */
enum { F_URL, F_STATE, F_LABELS, F_SAVED, F_PUBLISHED, F__N };

/* s split in place into at most F__N comma-separated fields, double quotes around a field removed ("" inside one
 * a quote); the count, or 0 when s holds more fields or an unended quote */
static int split(char *s, char **f)
{
	int n = 0;
	char *w = s, end;
	for (;;) {
		bool quoted = *s == '"';
		if (n == F__N)
			return 0;
		f[n++] = w;
		for (s += quoted; *s && (quoted || *s != ','); s++) {
			if (quoted && *s == '"' && s[1] == '"')
				*w++ = *s++;
			else if (quoted && *s == '"')
				quoted = false;
			else
				*w++ = *s;
		}
		if (quoted)
			return 0;
		end = *s;   /* read before the write: w may be at s */
		*w++ = '\0';
		if (end == '\0')
			return n;
		s++;
	}
}

/* s is empty or one of the states Omnivore's rows give (its ArticleSavingRequestStatus) */
static bool state_name(const char *s)
{
	static const char *const states[] = { "", "PROCESSING", "SUCCEEDED", "FAILED", "DELETED", "ARCHIVED",
	                                      "CONTENT_NOT_FETCHED", NULL };
	for (const char *const *k = states; *k; k++)
		if (strcmp(s, *k) == 0)
			return true;
	return false;
}

/* a time of the row: seconds or ms since 1970, or ISO 8601; 0 when absent or unreadable (the item kept) */
static int64_t row_time(const char *s)
{
	int64_t ms = 0;
	if (*s && import_epoch_ms(s, &ms) != 0 && time_parse_iso(s, strlen(s), &ms) != 0)
		ms = 0;
	return ms;
}

/* the line as one of Omnivore's rows into it: true when it is one (its URL in it->url, unchecked) */
static bool omnivore_row(struct arena *a, const char *line, struct content_import_item *it)
{
	char *copy = arena_strdup(a, line), *f[F__N];
	int n = copy && strchr(copy, ',') ? split(copy, f) : 0;
	const char **labels = NULL;
	size_t len;
	if (n < 2 || !state_name(import_trim(a, f[F_STATE])) ||
	    (n > 2 && *(f[F_LABELS] = import_trim(a, f[F_LABELS])) && f[F_LABELS][0] != '['))
		return false;
	it->url = f[F_URL];
	if (strcasecmp(import_trim(a, f[F_STATE]), "ARCHIVED") == 0)
		it->state = "ARCHIVED";
	else if (strcasecmp(import_trim(a, f[F_STATE]), "DELETED") == 0)
		it->state = "DELETED";
	if (n > 2 && (len = strlen(f[F_LABELS])) >= 2 && f[F_LABELS][len - 1] == ']') {
		f[F_LABELS][len - 1] = '\0';
		if (import_split_labels(a, f[F_LABELS] + 1, ',', &labels, &it->nlabels) == 0)
			it->labels = labels;
	}
	it->saved_ms = n > 3 ? row_time(import_trim(a, f[F_SAVED])) : 0;
	it->published_ms = n > 4 ? row_time(import_trim(a, f[F_PUBLISHED])) : 0;
	return true;
}

/* one line (trimmed, not blank nor a comment) to the sink; -1 when the sink stopped */
static int read_line(struct arena *scratch, const char *line, size_t lineno, const struct content_import_sink *sink)
{
	struct content_import_item it = { .line = lineno, .reading_progress = -1 };
	const char *why, *url = line;
	if (strncasecmp(line, "url,", 4) == 0)
		return 0;   /* the header of Omnivore's rows */
	if (omnivore_row(scratch, line, &it))
		url = it.url;
	else if (line[0] == '"' && strlen(line) > 2 && line[strlen(line) - 1] == '"')
		url = arena_strndup(scratch, line + 1, strlen(line) - 2);   /* a row of just its URL, quoted */
	switch (import_url_check(scratch, url, &it.url, &why)) {
	case IMPORT_URL_SKIP:
		import_skip(sink, lineno, why);
		return 0;
	case IMPORT_URL_BAD:
		sink->bad(sink->ctx, lineno, why);
		return 0;
	default:
		return sink->item(sink->ctx, &it) ? -1 : 0;
	}
}

int import_read_urls(enum content_import_format f, struct arena *a, const char *path, const struct content_import_sink *sink,
                     struct content_error *e)
{
	FILE *fp = import_open(path, NULL, e);
	struct arena scratch;
	char *line = NULL;
	size_t cap = 0, lineno = 0, total = 0;
	ssize_t len;
	int rc = 0;
	(void)f, (void)a;
	if (fp == NULL)
		return -1;
	arena_init(&scratch);
	while (rc == 0 && (len = getline(&line, &cap, fp)) >= 0) {
		const char *url;
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
		if (memchr(line, '\0', (size_t)len))
			sink->bad(sink->ctx, lineno, "the line holds a NUL byte");
		else if (*url != '\0' && *url != '#' && read_line(&scratch, url, lineno, sink) != 0)
			rc = content_fail(e, CONTENT_E_STOPPED, "%s", IMPORT_STOPPED);
	}
	if (rc == 0 && ferror(fp))
		rc = content_fail(e, CONTENT_E_IO, "the file cannot be read");
	free(line);
	arena_free(&scratch);
	fclose(fp);
	return rc;
}
