/* zipw.h: a zip archive written as a stream through libarchive, file by file, to a caller's write function (the export). */
#ifndef LARDER_CONTENT_ZIPW_H
#define LARDER_CONTENT_ZIPW_H
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

struct content_zipw;
/* takes n bytes of the zip; 0, or non-zero when the output refused them (the zip then fails) */
typedef int content_zipw_fn(void *ctx, const void *buf, size_t n);

/* a zip written to w (ctx passed back), every file stamped mtime; NULL when libarchive could not start one */
struct content_zipw *content_zipw_open(content_zipw_fn *w, void *ctx, time_t mtime);
/* one regular file of len bytes named name (UTF-8); 0, or -1 when it could not be written */
int content_zipw_add(struct content_zipw *z, const char *name, const char *data, size_t len);
/* whether the write function refused bytes (as against libarchive failing) */
bool content_zipw_output_failed(const struct content_zipw *z);
/* writes the zip's central directory and frees z; 0, or -1 when that failed */
int content_zipw_close(struct content_zipw *z);
#endif
