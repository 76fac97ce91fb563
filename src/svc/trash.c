/* trash.c (svc): the trash emptied, by its owner (emptyTrash) or by age (the worker's daily purge). */
#include "svc/library.h"
#include "util/limits.h"

int svc_trash_empty(struct store *st, const char *user_id, int64_t *purged)
{
	return store_trash_empty(st, user_id, purged);
}

int svc_trash_purge(struct store *st, int64_t now_ms, int64_t *purged)
{
	return store_trash_purge(st, now_ms - (int64_t)LIMIT_TRASH_DAYS * 86400 * 1000, purged);
}
