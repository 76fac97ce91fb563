/* library.c (svc): one item of the user's library changed: into the trash, archived, edited, read, labelled, made a favourite, moved to a folder. */
#include <string.h>

#include "svc/library.h"

#define FAVORITES_COLOR "#FFD234"

int svc_item_delete(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_item *out)
{
	return store_item_delete(st, a, user_id, id, out);
}

int svc_item_archive(struct store *st, struct arena *a, const char *user_id, const char *key, bool archived,
                     struct store_item *out)
{
	int r = store_item_get(st, a, user_id, key, out);
	return r == STORE_OK ? store_item_set_archived(st, a, user_id, out->id, archived, out) : r;
}

/* updatePage's state change of the item in *it */
static int update_state(struct store *st, struct arena *a, const char *user_id, const char *state,
                        struct store_item *it)
{
	if (state == NULL)
		return STORE_OK;
	if (strcmp(state, "ARCHIVED") == 0)
		return store_item_set_archived(st, a, user_id, it->id, true, it);
	if (strcmp(state, "SUCCEEDED") == 0 && it->deleted_ms)
		return store_item_restore(st, a, user_id, it->id, it);
	if (strcmp(state, "SUCCEEDED") == 0 && it->archived_ms)
		return store_item_set_archived(st, a, user_id, it->id, false, it);
	if (strcmp(state, "DELETED") == 0)
		return store_item_delete(st, a, user_id, it->id, it);
	return STORE_OK;
}

int svc_item_update(struct store *st, struct arena *a, const char *user_id, const char *key,
                    const struct store_item_patch *p, const char *state, struct store_item *out)
{
	int r = store_item_get(st, a, user_id, key, out);
	if (r == STORE_OK)
		r = store_item_update(st, a, user_id, out->id, p, out);
	if (r == STORE_OK)
		r = update_state(st, a, user_id, state, out);
	return r;
}

int svc_item_progress(struct store *st, struct arena *a, const char *user_id, const char *key, double percent,
                      int64_t anchor, double top, bool force, struct store_item *out)
{
	int r = store_item_get(st, a, user_id, key, out);
	if (r != STORE_OK)
		return r;
	if (!force && percent != 0 && percent < out->progress) {
		percent = out->progress;
		if (out->progress_anchor > anchor)
			anchor = -1;
	}
	return store_item_set_progress(st, a, user_id, out->id, percent, anchor, top, out);
}

int svc_item_set_labels(struct store *st, struct arena *a, const char *user_id, const char *id,
                        const struct store_label_ref *labels, size_t n, struct store_label **out, size_t *nout)
{
	return store_item_set_labels(st, a, user_id, id, labels, n, out, nout);
}

int svc_item_favorite(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_item *out)
{
	return store_item_add_label(st, a, user_id, id, SVC_FAVORITES, FAVORITES_COLOR, out);
}

int svc_item_move(struct store *st, struct arena *a, const char *user_id, const char *id, const char *folder,
                  struct store_item *out)
{
	return store_item_set_folder(st, a, user_id, id, folder, out);
}
