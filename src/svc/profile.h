/* profile.h (svc): what a user says of themselves and how they read: name, username, bio and picture, and the reader settings (Omnivore's UserPersonalization). */
#ifndef LARDER_SVC_PROFILE_H
#define LARDER_SVC_PROFILE_H
#include <stdint.h>
#include "store/store.h"
#include "util/arena.h"

/* NULL fields left as they are ("" clears bio and picture_url); the store's codes: INVAL for a malformed
 * username, EXISTS when another user has it, NOTFOUND for no such user; *out the user afterwards */
int svc_user_update(struct store *st, struct arena *a, const char *user_id, const struct store_user_patch *p,
                    struct store_user *out);
/* the fields of in that are set (non-NULL, not -1) stored, the others kept; *out the whole row afterwards */
int svc_personalization_set(struct store *st, struct arena *a, const char *user_id,
                            const struct store_personalization *in, int64_t now_ms, struct store_personalization *out);
#endif
