/* library.h (svc): the changes a user makes to one item of the library (trash, archive, edit, reading progress, labels, favourite, folder) and to the trash as a whole. */
#ifndef LARDER_SVC_LIBRARY_H
#define LARDER_SVC_LIBRARY_H
#include <stdbool.h>
#include <stdint.h>
#include "store/store.h"
#include "util/arena.h"

/* Each returns the store's code (STORE_OK; STORE_E_NOTFOUND for an item that is not the user's; the others as
 * store.h says) and *out the item as it is afterwards. `key` names the item as the API does: its id, slug or
 * client request id; `id` its id alone. */

/* the item into the trash (setBookmarkArticle with bookmark false, updatePage's DELETED) */
int svc_item_delete(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_item *out);
/* archived (archived_ms now) or back out of the archive */
int svc_item_archive(struct store *st, struct arena *a, const char *user_id, const char *key, bool archived,
                     struct store_item *out);
/* updatePage: the patch's fields set (NULL / 0 ones left), then state: ARCHIVED archives, SUCCEEDED restores from
 * the trash (or else unarchives), DELETED moves it to the trash, NULL or another leaves it */
int svc_item_update(struct store *st, struct arena *a, const char *user_id, const char *key,
                    const struct store_item_patch *p, const char *state, struct store_item *out);
/* reading progress: percent 0-100, anchor < 0 and top < 0 left as they are. Progress moves forward only (a stale
 * device cannot undo it) unless force, or percent is 0 (read again from the start) */
int svc_item_progress(struct store *st, struct arena *a, const char *user_id, const char *key, double percent,
                      int64_t anchor, double top, bool force, struct store_item *out);
/* the item's labels replaced (store_item_set_labels' rules: one transaction, labels by name made when missing) */
int svc_item_set_labels(struct store *st, struct arena *a, const char *user_id, const char *id,
                        const struct store_label_ref *labels, size_t n, struct store_label **out, size_t *nout);
/* the item among the favourites: the label SVC_FAVORITES given (made when missing); LIMIT for labels_per_item */
#define SVC_FAVORITES "Favorites"
int svc_item_favorite(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_item *out);
/* the item moved to folder (checked by svc_folder_refusal first); EXISTS when it is there already */
int svc_item_move(struct store *st, struct arena *a, const char *user_id, const char *id, const char *folder,
                  struct store_item *out);

/* ---- trash.c: the trash emptied ---- */
/* every item of the user's in the trash removed for good (a tombstone each); *purged how many */
int svc_trash_empty(struct store *st, const char *user_id, int64_t *purged);
/* every user's items in the trash for LIMIT_TRASH_DAYS by now_ms removed for good (`larder worker`) */
int svc_trash_purge(struct store *st, int64_t now_ms, int64_t *purged);
#endif
