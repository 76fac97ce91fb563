/* worker.c: runs the fetch queue: claim a due job, fetch the page, extract and store it, or retry with backoff and finally mark the item FAILED. */
#include <stdio.h>
#include <string.h>

#include "api/api_int.h"
#include "content/fetch.h"
#include "util/limits.h"
#include "util/time.h"

/* wait before attempt n+1 after n failed ones: 30 s, 2 min, 10 min, … */
static int64_t backoff_ms(int attempts)
{
	static const int64_t steps[] = { 30000, 120000, 600000, 1800000 };
	int i = attempts - 1;
	if (i < 0)
		i = 0;
	if (i >= (int)(sizeof steps / sizeof steps[0]))
		i = (int)(sizeof steps / sizeof steps[0]) - 1;
	return steps[i];
}

int api_worker_step(struct store *st, const struct larder_config *cfg, struct arena *a, char *err, size_t errlen)
{
	struct store_job job;
	struct store_item it;
	struct fetch_opts fo;
	struct fetch_result fr;
	struct store_article art;
	const char *why = NULL;
	int64_t now = time_now_ms();
	int r;

	r = store_job_claim(st, now, cfg ? (int64_t)cfg->job_lease_s * 1000 : LIMIT_JOB_LEASE_MS,
	                    cfg ? (int)cfg->fetches_per_user : LIMIT_FETCHES_PER_USER, &job);
	if (r == STORE_E_NOTFOUND)
		return 0;
	if (r != STORE_OK)
		goto store_error;
	r = store_item_by_seq(st, a, job.item_seq, &it);
	if (r == STORE_E_NOTFOUND) /* the item is gone: nothing to fetch */
		return store_job_done(st, job.id) == STORE_OK ? 1 : -1;
	if (r != STORE_OK)
		goto store_error;
	if (job.attempts > LIMIT_JOB_ATTEMPTS) { /* the worker died on this page every time */
		why = arena_printf(a, "gave up after %d attempts%s%s", LIMIT_JOB_ATTEMPTS,
		                   it.fail_reason ? ": " : "", it.fail_reason ? it.fail_reason : "");
		if (store_item_fail(st, it.seq, "FAILED", why) != STORE_OK || store_job_fail(st, job.id, why) != STORE_OK)
			goto store_error;
		return 1;
	}
	memset(&fo, 0, sizeof fo);
	if (cfg)
		content_fetch_opts_from_config(&fo, cfg);
	content_fetch(a, it.url, &fo, &fr);
	if (fr.err != FETCH_OK) {
		why = fr.message ? fr.message : "the page could not be fetched";
		if (fr.retryable && job.attempts < LIMIT_JOB_ATTEMPTS) {
			/* still processing: the reason is visible while the next attempt waits */
			if (store_item_fail(st, it.seq, "PROCESSING", why) != STORE_OK ||
			    store_job_retry(st, job.id, now + backoff_ms(job.attempts), why) != STORE_OK)
				goto store_error;
			return 1;
		}
		if (store_item_fail(st, it.seq, "FAILED", why) != STORE_OK || store_job_fail(st, job.id, why) != STORE_OK)
			goto store_error;
		return 1;
	}
	if (api_ingest(a, fr.html, fr.html_len, fr.final_url ? fr.final_url : it.url, api_content_max_bytes(cfg), &art,
	               NULL, &why) != 0) {
		if (store_item_fail(st, it.seq, "FAILED", why) != STORE_OK || store_job_fail(st, job.id, why) != STORE_OK)
			goto store_error;
		return 1;
	}
	if (store_item_fill(st, it.seq, &art) != STORE_OK || store_job_done(st, job.id) != STORE_OK)
		goto store_error;
	return 1;
store_error:
	snprintf(err, errlen, "%s", store_errmsg(st));
	return -1;
}
