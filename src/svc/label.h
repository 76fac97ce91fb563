/* label.h (svc): the user's labels made, changed and removed; what a label may be called. */
#ifndef LARDER_SVC_LABEL_H
#define LARDER_SVC_LABEL_H
#include "store/store.h"
#include "util/arena.h"

/* NULL when a label's name, colour and description (each NULL: not given) may be stored, else why not: a name
 * is 1 to LIMIT_LABEL_NAME characters without line breaks or tabs, a colour #RGB, #RRGGBB (with alpha too) or a
 * CSS colour name, a description at most LIMIT_LABEL_DESCRIPTION characters */
const char *svc_label_refusal(const char *name, const char *color, const char *description);

/* the store's codes: EXISTS when the user has a label of that name, LIMIT at labels_per_user (store_errmsg
 * names it), NOTFOUND for a label that is not the user's; color NULL: one picked from the name (create) or left
 * (update); *out the label as stored, or as it was when deleted */
int svc_label_create(struct store *st, struct arena *a, const char *user_id, const char *name, const char *color,
                     const char *description, struct store_label *out);
int svc_label_update(struct store *st, struct arena *a, const char *user_id, const char *id, const char *name,
                     const char *color, const char *description, struct store_label *out);
int svc_label_delete(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_label *out);
#endif
