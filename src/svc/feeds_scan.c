/* feeds_scan.c: scanFeeds of a URL without the network in the web process: the answer a scan the runner did recently gave (written by feeds_read.c's svc_feed_scan_job), else a scan queued for the fetch runner or `larder worker`, whose result a client asking again finds. */
#include <stdio.h>
#include <stdlib.h>
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

static const char *next_field(char **p)
{
	char *s = *p, *e = s + strcspn(s, "\t\n");
	if (*e)
		*e++ = '\0';
	*p = e;
	return *s ? s : NULL;
}

/* feed_scans.found read back into *out (arena): how many */
static long found_read(struct arena *a, const char *text, struct svc_found_feed **out)
{
	char *t = arena_strdup(a, text ? text : ""), *p = t;
	long n = 0;
	for (const char *q = t; t && *q; q++)
		n += *q == '\n';
	*out = t ? arena_alloc(a, ((size_t)n + 1) * sizeof **out) : NULL;
	if (*out == NULL)
		return -1;
	for (long i = 0; i < n; i++) {
		struct svc_found_feed *f = &(*out)[i];
		f->url = next_field(&p);
		f->type = next_field(&p);
		f->title = next_field(&p);
		f->description = next_field(&p);
		f->icon = next_field(&p);
	}
	return n;
}

long svc_feed_scan_request(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                           const char *url, struct svc_found_feed **out, const char **msg)
{
	char *u = NULL;
	const char *err = NULL;
	struct store_scan sc;
	int64_t now = time_now_ms(), waiting = 0;
	if (url == NULL || url_normalise(a, url, strlen(url), &u, &err) != 0) {
		*msg = err ? err : "the URL is missing";
		return SVC_SCAN_REFUSED;
	}
	if ((*msg = svc_url_refusal(cfg, a, u)) != NULL)
		return SVC_SCAN_REFUSED;
	int rc = store_scan_get(st, a, user_id, u, &sc);
	if (rc == STORE_OK && now - sc.updated_ms < LIMIT_FEED_SCAN_KEEP_MS) {
		if (strcmp(sc.status, "done") == 0) {
			long n = found_read(a, sc.found, out);
			return n < 0 ? SVC_SCAN_FAILED : n;
		}
		if (strcmp(sc.status, "failed") == 0) {
			*msg = sc.message ? sc.message : "the URL could not be read";
			return SVC_SCAN_REFUSED;
		}
		return SVC_SCAN_PENDING; /* queued or running: the runner has it */
	}
	if (rc != STORE_OK && rc != STORE_E_NOTFOUND)
		return SVC_SCAN_FAILED;
	if (store_feed_waiting(st, user_id, &waiting) != STORE_OK)
		return SVC_SCAN_FAILED;
	if (waiting >= LIMIT_FEED_WAITING) {
		*msg = arena_printf(a, "%lld feeds of yours are waiting to be read already, the most at a time (%d): "
		                    "ask again once they are", (long long)waiting, LIMIT_FEED_WAITING);
		return SVC_SCAN_REFUSED;
	}
	if (store_scan_queue(st, user_id, u, now) != STORE_OK)
		return SVC_SCAN_FAILED;
	svc_fetch_queued_note();
	return SVC_SCAN_PENDING;
}
