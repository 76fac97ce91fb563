/* quota.c: larder.conf's count limits handed to the store, and a user's usage against each per-user quota. */
#include "store/feeds.h"
#include "svc/svc.h"

void svc_store_limits(struct store *st, const struct larder_config *cfg)
{
	struct store_limits lim = {
		.labels_per_user = cfg->labels_per_user,
		.labels_per_item = cfg->labels_per_item,
		.highlights_per_item = cfg->highlights_per_item,
		.items_per_user = cfg->items_per_user,
		.bytes_per_user = cfg->bytes_per_user,
	};
	store_set_limits(st, &lim);
}

int svc_quota_usage(struct store *st, const struct larder_config *cfg, const char *user_id,
                    struct svc_quota out[SVC_QUOTA__N])
{
	struct store_usage u;
	int64_t subs = 0;
	int rc = store_usage_get(st, user_id, &u);
	if (rc == STORE_OK)
		rc = store_sub_count(st, user_id, &subs);
	if (rc != STORE_OK)
		return rc;
	out[SVC_QUOTA_ITEMS] = (struct svc_quota){ "items_per_user", u.items, cfg->items_per_user };
	out[SVC_QUOTA_BYTES] = (struct svc_quota){ "bytes_per_user", u.bytes, (int64_t)cfg->bytes_per_user };
	out[SVC_QUOTA_IMPORTS] = (struct svc_quota){ "imports_pending_per_user", u.imports_pending,
	                                             cfg->imports_pending_per_user };
	out[SVC_QUOTA_SUBSCRIPTIONS] = (struct svc_quota){ "subscriptions_per_user", subs, cfg->subscriptions_per_user };
	return STORE_OK;
}
