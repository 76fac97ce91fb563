/* export_omnivore.h (svc): a user's whole library written as Omnivore's export zip (omnivore_format.h), streamed page by page. */
#ifndef LARDER_SVC_EXPORT_OMNIVORE_H
#define LARDER_SVC_EXPORT_OMNIVORE_H
#include <stddef.h>
#include "store/store.h"
#include "util/config.h"

enum svc_export_rc {
	SVC_EXPORT_OK,
	SVC_EXPORT_E_STORE,   /* reading the library failed: store_errmsg says why */
	SVC_EXPORT_E_WRITE,   /* the output refused the bytes (errno, for a file descriptor) */
	SVC_EXPORT_E_ZIP,     /* the archive library failed */
};

/* where the zip goes: n bytes of it; 0, or -1 to stop */
typedef int svc_export_write_fn(void *ctx, const void *buf, size_t n);

/* every item of the user (archived and trashed ones too) with its labels, content, note and highlights,
 * as Omnivore's export zip written to w as it is made; memory stays bounded whatever the library's size */
enum svc_export_rc svc_export_omnivore_to(struct store *st, const struct larder_config *cfg, const char *user_id,
                                          svc_export_write_fn *w, void *ctx);
/* the same written to the file descriptor fd */
enum svc_export_rc svc_export_omnivore(struct store *st, const struct larder_config *cfg, const char *user_id, int fd);
#endif
