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
