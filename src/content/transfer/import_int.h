/* import_int.h (content): what the import format readers share: each reader's entry, the file and row bounds, and the small helpers of import_util.c. */
#ifndef LARDER_CONTENT_IMPORT_INT_H
#define LARDER_CONTENT_IMPORT_INT_H
#include <stdint.h>
#include <stdio.h>

#include "content/transfer/import.h"
#include "util/limits.h"

/* the file and row bounds are util/limits.h's LIMIT_IMPORT_FILE_MAX, LIMIT_IMPORT_ROW and LIMIT_IMPORT_PARSE_MS
 * (the import refuses a file over the configured import_max_bytes before it calls a reader) */
#define IMPORT_TOO_LARGE "the file is larger than the import limit of 2048 MB (import_max_bytes)"

/* the readers of import.h's CONTENT_IMPORT_FORMATS, one a format (or a family of formats: f says which), each
 * with the contract of content_import_read (0, or -1 with e) */
typedef int import_reader(enum content_import_format f, struct arena *a, const char *path,
                          const struct content_import_sink *sink, struct content_error *e);
#define IMPORT_DECLARE_(e, name, reader) import_reader reader;
CONTENT_IMPORT_FORMATS(IMPORT_DECLARE_)
#undef IMPORT_DECLARE_

/* which CSV export the header row at the start of the n bytes at s is (Pocket, Instapaper, Readwise), or
 * CONTENT_IMPORT_UNKNOWN */
enum content_import_format import_csv_detect(const char *s, size_t n);

/* the file at path opened for reading, refused when it is larger than LIMIT_IMPORT_FILE_MAX: NULL with e; its
 * size in *size when size is not NULL (0 when it is not a regular file) */
FILE *import_open(const char *path, size_t *size, struct content_error *e);
/* the whole file in a (NUL-terminated, *n bytes), or NULL with e */
char *import_slurp(struct arena *a, const char *path, size_t *n, struct content_error *e);
/* why url cannot be imported ("no URL", "the URL is not http(s)", url_normalise's reason), or NULL when it
 * can; scratch from a */
const char *import_url_problem(struct arena *a, const char *url);

/* what a record's URL allows */
enum import_url_verdict {
	IMPORT_URL_OK,    /* an item: *url is the URL to give it */
	IMPORT_URL_SKIP,  /* never an item, and no mistake: a browser's own page (place:, about:, chrome:), a script, a
	                   * local file, a link inside the exporting service without a web address; *why says which */
	IMPORT_URL_BAD,   /* a URL that cannot be read: *why */
};
/* raw's verdict; *url raw trimmed, and repaired as a browser would when it holds what a URL may not: an ASCII
 * space or a '%' that begins no escape percent-encoded; memory from a */
enum import_url_verdict import_url_check(struct arena *a, const char *raw, const char **url, const char **why);
/* a record that is never an item (import_url_check's IMPORT_URL_SKIP) to sink's skip, or to its bad when it
 * has none */
void import_skip(const struct content_import_sink *sink, size_t line, const char *why);

/* the CSV export of format f (Pocket's, Instapaper's, Readwise Reader's) read from next (which gives up to n
 * bytes into buf: their count, 0 at the end, -1 when it cannot read), every record to sink. Lines are counted
 * on from *line (1 for a file of its own), *line left past the last one. hook, when not NULL, sees each item
 * (and its URL as the file holds it) before the sink does (Pocket's zip: its highlights). 0, or -1 with e (the contract of content_import_read) */
int import_csv_stream(struct arena *a, enum content_import_format f, long (*next)(void *ctx, char *buf, size_t n),
                      void *ctx, const struct content_import_sink *sink,
                      void (*hook)(void *hctx, struct arena *a, const char *raw_url, struct content_import_item *it),
                      void *hctx, size_t *line, struct content_error *e);
/* the labels Readwise Reader's locations become (import_csv.c): its feed's entries, its shortlist */
#define IMPORT_READWISE_FEED "Feed"
#define IMPORT_READWISE_SHORTLIST "Shortlist"
/* s without the ASCII whitespace around it, in a */
char *import_trim(struct arena *a, const char *s);
/* a count of seconds since the epoch (digits, blanks around) as ms; 0 and *ms = 0 for an empty s; -1 when it
 * is not a number or out of range. Values past 1e11 are taken as ms, past 1e14 as microseconds (some tools
 * write those where seconds belong) */
int import_epoch_ms(const char *s, int64_t *ms);
/* names separated by sep (trimmed, empty ones dropped) appended to *labels (*n of them), in a; -1 out of memory */
int import_split_labels(struct arena *a, const char *s, char sep, const char ***labels, size_t *n);
/* the message content_import_read gives when the sink asked to stop */
#define IMPORT_STOPPED "the import was stopped"
#endif
