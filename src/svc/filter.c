/* filter.c (svc): saved searches under LIMIT_FILTERS_PER_USER, and the recent searches kept (LIMIT_RECENT_SEARCHES). */
#include "svc/filter.h"
#include "util/limits.h"

int svc_filter_create(struct store *st, struct arena *a, const char *user_id, const struct store_filter *in,
                      struct store_filter *out)
{
	return store_filter_create(st, a, user_id, in, LIMIT_FILTERS_PER_USER, out);
}

int svc_filter_update(struct store *st, struct arena *a, const char *user_id, const char *id,
                      const struct store_filter_patch *p, struct store_filter *out)
{
	return store_filter_update(st, a, user_id, id, p, out);
}

int svc_filter_move(struct store *st, struct arena *a, const char *user_id, const char *id, const char *after_id,
                    struct store_filter *out)
{
	return store_filter_move(st, a, user_id, id, after_id, out);
}

int svc_filter_delete(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_filter *out)
{
	return store_filter_delete(st, a, user_id, id, out);
}

int svc_recent_search_add(struct store *st, const char *user_id, const char *term, int64_t now_ms)
{
	return store_recent_search_add(st, user_id, term, now_ms, LIMIT_RECENT_SEARCHES);
}
