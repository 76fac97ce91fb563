/* export.h (svc): an item's content for download, as HTML, Markdown, or Markdown with its highlights marked. */
#ifndef LARDER_SVC_EXPORT_H
#define LARDER_SVC_EXPORT_H
#include <stddef.h>
#include "store/store.h"
#include "util/arena.h"

/* the content formats a client may ask for, by name */
enum svc_format {
	SVC_FORMAT_HTML,                  /* any name but the two below (and NULL) */
	SVC_FORMAT_MARKDOWN,              /* "markdown" */
	SVC_FORMAT_HIGHLIGHTED_MARKDOWN,  /* "highlightedMarkdown": Markdown with highlight quotes marked ==so== */
};
enum svc_format svc_format_parse(const char *name);

/* the user's item's content in format (a name, as svc_format_parse reads it): *body (len bytes) and its
 * *content_type; STORE_OK, STORE_E_NOTFOUND when the user has no such item, or another store error */
int svc_content_export(struct store *st, struct arena *a, const char *user_id, const char *item_id, const char *format,
                       const char **body, size_t *len, const char **content_type);
#endif
