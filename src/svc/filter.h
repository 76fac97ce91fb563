/* filter.h (svc): the user's saved searches (Omnivore's filters) made, changed, moved and removed, and the searches they ran recorded. */
#ifndef LARDER_SVC_FILTER_H
#define LARDER_SVC_FILTER_H
#include <stdint.h>
#include "store/store.h"
#include "util/arena.h"

/* The store's codes: INVAL (store_errmsg says why) for a missing name or a query the search parser refuses,
 * LIMIT when the user has LIMIT_FILTERS_PER_USER saved searches already, NOTFOUND for one that is not the
 * user's; *out as stored (or as it was when deleted). */
int svc_filter_create(struct store *st, struct arena *a, const char *user_id, const struct store_filter *in,
                      struct store_filter *out);
int svc_filter_update(struct store *st, struct arena *a, const char *user_id, const char *id,
                      const struct store_filter_patch *p, struct store_filter *out);
/* right after after_id (NULL: first) */
int svc_filter_move(struct store *st, struct arena *a, const char *user_id, const char *id, const char *after_id,
                    struct store_filter *out);
int svc_filter_delete(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_filter *out);
/* the text of a search the user ran, kept among their LIMIT_RECENT_SEARCHES newest ("" is not kept) */
int svc_recent_search_add(struct store *st, const char *user_id, const char *term, int64_t now_ms);
#endif
