/* highlight.h (svc): the user's highlights made, changed, merged, labelled and removed. */
#ifndef LARDER_SVC_HIGHLIGHT_H
#define LARDER_SVC_HIGHLIGHT_H
#include "store/store.h"
#include "util/arena.h"

/* Each returns the store's code: NOTFOUND for an item or highlight that is not the user's, EXISTS for an id
 * taken, LIMIT at highlights_per_item or labels_per_item (store_errmsg names it); *out as stored. The caller has
 * checked the texts against highlight_max_bytes. */
/* in: every field as given (id NULL: a fresh UUID; short_id NULL: derived), item_id the user's item */
int svc_highlight_create(struct store *st, struct arena *a, const char *user_id, const struct store_highlight *in,
                         struct store_highlight *out);
/* NULL texts and shared_ms 0 are left as they are */
int svc_highlight_update(struct store *st, struct arena *a, const char *user_id, const char *id,
                         const char *annotation, const char *quote, const char *html, const char *color,
                         int64_t shared_ms, struct store_highlight *out);
int svc_highlight_delete(struct store *st, struct arena *a, const char *user_id, const char *id,
                         struct store_highlight *out);
/* one transaction: the n highlights named in overlap removed and `in` made in their place, with their labels and
 * (in->annotation NULL) their notes */
int svc_highlight_merge(struct store *st, struct arena *a, const char *user_id, const struct store_highlight *in,
                        const char *const *overlap, size_t n, struct store_highlight *out);
/* the highlight's labels replaced (svc_item_set_labels' rules) */
int svc_highlight_set_labels(struct store *st, struct arena *a, const char *user_id, const char *id,
                             const struct store_label_ref *labels, size_t n, struct store_label **out, size_t *nout);
#endif
