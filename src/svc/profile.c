/* profile.c (svc): a user's profile and reader settings changed. */
#include "svc/profile.h"

int svc_user_update(struct store *st, struct arena *a, const char *user_id, const struct store_user_patch *p,
                    struct store_user *out)
{
	return store_user_update(st, a, user_id, p, out);
}

int svc_personalization_set(struct store *st, struct arena *a, const char *user_id,
                            const struct store_personalization *in, int64_t now_ms, struct store_personalization *out)
{
	return store_personalization_set(st, a, user_id, in, now_ms, out);
}
