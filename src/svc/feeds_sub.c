/* feeds_sub.c: subscribing to a feed (and ending or changing a subscription): the web process stores the request at once (a pending subscription); the fetch runner or `larder worker` reads the URL (feeds_read.c). */
#include <string.h>

#include "store/feeds.h"
#include "store/store.h"
#include "svc/feeds.h"
#include "svc/jobs.h"
#include "svc/save.h"
#include "svc/svc.h"
#include "util/arena.h"
#include "util/config.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/time.h"
#include "util/url.h"

const char *svc_feed_url_checked(const struct larder_config *cfg, struct arena *a, const char *url, const char **msg)
{
	char *norm = NULL;
	const char *err = NULL;
	if (url == NULL || url_normalise(a, url, strlen(url), &norm, &err) != 0) {
		*msg = err ? err : "the feed URL is missing";
		return NULL;
	}
	if ((*msg = svc_url_refusal(cfg, a, norm)) != NULL)
		return NULL;
	return norm;
}

/* whether the user follows url already (then subscribing again says so, even at the limit) */
static bool follows(struct store *st, struct arena *a, const char *user_id, const char *url)
{
	struct store_sub *v;
	size_t n = 0;
	if (store_sub_list(st, a, user_id, &v, &n) != STORE_OK)
		return false;
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i].url, url) == 0 && strcmp(v[i].status, "ACTIVE") == 0)
			return true;
	return false;
}

/* in->url subscribed for user_id unless the user follows subscriptions_per_user feeds already */
static enum svc_sub_status create(struct store *st, const struct larder_config *cfg, struct arena *a,
                                  const char *user_id, const struct store_sub *in, struct store_sub *out,
                                  const char **msg)
{
	uint32_t max = cfg->subscriptions_per_user;
	int64_t n = 0;
	int rc = store_sub_count(st, user_id, &n);
	if (rc == STORE_OK && n >= (int64_t)max && !follows(st, a, user_id, in->url)) {
		*msg = arena_printf(a, "you follow %u feeds, the most allowed (subscriptions_per_user in larder.conf)",
		                    (unsigned)max);
		return SVC_SUB_LIMIT;
	}
	if (rc == STORE_OK)
		rc = store_sub_create(st, a, user_id, in, out);
	if (rc == STORE_OK)
		return SVC_SUB_OK;
	*msg = store_errmsg(st);
	return rc == STORE_E_EXISTS ? SVC_SUB_EXISTS : rc == STORE_E_INVAL ? SVC_SUB_REFUSED : SVC_SUB_FAILED;
}

/* REFUSED with *msg when the user has LIMIT_FEED_WAITING feed reads waiting already, FAILED on a store error */
static enum svc_sub_status room_to_wait(struct store *st, struct arena *a, const char *user_id, const char **msg)
{
	int64_t n = 0;
	if (store_feed_waiting(st, user_id, &n) != STORE_OK) {
		*msg = store_errmsg(st);
		return SVC_SUB_FAILED;
	}
	if (n < LIMIT_FEED_WAITING)
		return SVC_SUB_OK;
	*msg = arena_printf(a, "%lld feeds of yours are waiting to be read already, the most at a time (%d): "
	                    "ask again once they are", (long long)n, LIMIT_FEED_WAITING);
	return SVC_SUB_REFUSED;
}

enum svc_sub_status svc_feed_subscribe(struct store *st, const struct larder_config *cfg, struct arena *a,
                                       const char *user_id, const char *url, const char *name, const char *folder,
                                       bool fetch_content, struct store_sub *out, const char **msg)
{
	const char *too_long = svc_too_long(a, "name", name, LIMIT_TITLE);
	if (too_long) { /* the client's own name: refused; the feed's are cut */
		*msg = too_long;
		return SVC_SUB_REFUSED;
	}
	const char *u = svc_feed_url_checked(cfg, a, url, msg);
	if (u == NULL)
		return SVC_SUB_REFUSED;
	enum svc_sub_status r = follows(st, a, user_id, u) ? SVC_SUB_OK : room_to_wait(st, a, user_id, msg);
	if (r != SVC_SUB_OK)
		return r;
	/* read by the runner: the feed itself, or the first feed of the page; named after the feed then */
	struct store_sub in = { .url = u, .name = name && *name ? name : u, .folder = folder,
	                        .fetch_content = fetch_content, .pending = 1 };
	r = create(st, cfg, a, user_id, &in, out, msg);
	if (r == SVC_SUB_OK)
		svc_fetch_queued_note();
	return r;
}

enum svc_sub_status svc_feed_subscribe_known(struct store *st, const struct larder_config *cfg, struct arena *a,
                                             const char *user_id, const char *url, const char *name,
                                             struct store_sub *out, const char **msg)
{
	const char *u = svc_feed_url_checked(cfg, a, url, msg);
	if (u == NULL)
		return SVC_SUB_REFUSED;
	if ((*msg = svc_too_long(a, "name", name, LIMIT_TITLE)) != NULL)
		return SVC_SUB_REFUSED;
	struct store_sub in = { .url = u, .name = name && *name ? name : u, .fetch_content = 1 };
	return create(st, cfg, a, user_id, &in, out, msg);
}

int svc_feed_unsubscribe(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_sub *out)
{
	return store_sub_unsubscribe(st, a, user_id, id, out);
}

int svc_feed_update(struct store *st, struct arena *a, const char *user_id, const char *id, const struct store_sub *p,
                    bool unsubscribe, struct store_sub *out)
{
	int r = store_sub_update(st, a, user_id, id, p, out);
	if (r == STORE_OK && unsubscribe)
		r = store_sub_unsubscribe(st, a, user_id, id, out);
	return r;
}
