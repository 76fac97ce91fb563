/* worker.c (svc): runs the one queue of background work: claim the next job (fair between users, interactive saves first), and for a fetch job fetch the page (or read an item's kept PDF, or keep a fetched one), extract and store it, or retry with backoff and finally mark the item FAILED; a poll, a scan or an import goes to its own runner. */
#include <stdio.h>
#include <string.h>

#include "store/search.h"
#include "svc/feeds.h"
#include "svc/jobs.h"
#include "svc/svc.h"
#include "svc/upload.h"
#include "content/fetch/fetch.h"
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

/* records the job's outcome with its item's state in one transaction: 1, or -1 with the store's error */
static int finish(struct store *st, const struct store_job *job, const struct store_job_outcome *o, char *err,
                  size_t errlen)
{
	if (store_job_finish(st, job, o) == STORE_OK)
		return 1;
	snprintf(err, errlen, "%s", store_errmsg(st));
	return -1;
}

/* one fetch job (a page, or an item's PDF) to its end */
static int fetch_job(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_work *w,
                     char *err, size_t errlen)
{
	struct store_job job = { .id = w->id, .item_seq = w->item_seq, .attempts = w->attempts };
	struct store_item it;
	struct fetch_opts fo;
	struct fetch_result fr;
	struct store_article art;
	struct store_job_outcome o = { .kind = STORE_JOB_FAILED };
	int64_t now = time_now_ms();
	int r = store_item_by_seq(st, a, job.item_seq, &it);
	if (r == STORE_E_NOTFOUND) /* the item is gone: nothing to fetch */
		return finish(st, &job, &(struct store_job_outcome){ .kind = STORE_JOB_FILLED }, err, errlen);
	if (r != STORE_OK)
		goto store_error;
	if (job.attempts > LIMIT_JOB_ATTEMPTS) { /* the worker died on this page every time */
		o.reason = arena_printf(a, "gave up after %d attempts%s%s", LIMIT_JOB_ATTEMPTS,
		                        it.fail_reason ? ": " : "", it.fail_reason ? it.fail_reason : "");
		return finish(st, &job, &o, err, errlen);
	}
	if (svc_file_job(st, cfg, a, &it, &art, &o)) /* an uploaded PDF: its kept file is read, nothing fetched */
		return finish(st, &job, &o, err, errlen);
	memset(&fo, 0, sizeof fo);
	if (cfg)
		content_fetch_opts_from_config(&fo, cfg);
	fo.pdf = true;
	content_fetch(a, it.url, &fo, &fr);
	if (fr.err != FETCH_OK) {
		o.reason = fr.message ? fr.message : "the page could not be fetched";
		if (fr.retryable && job.attempts < LIMIT_JOB_ATTEMPTS) {
			o.kind = STORE_JOB_RETRY;
			o.run_after_ms = now + backoff_ms(job.attempts);
		}
		return finish(st, &job, &o, err, errlen);
	}
	if (!fr.html) { /* a PDF: kept as the item's file and read */
		svc_file_fetched(st, cfg, a, &it, fr.body, fr.len, &art, &o);
		return finish(st, &job, &o, err, errlen);
	}
	if (svc_ingest(a, fr.html, fr.html_len, fr.final_url ? fr.final_url : it.url, NULL, cfg->content_max_bytes, &art,
	               NULL, &o.reason) != 0)
		return finish(st, &job, &o, err, errlen);
	if (!art.language)
		art.language = fr.content_language; /* no <html lang>: the response's Content-Language (the store guesses without) */
	return finish(st, &job, &(struct store_job_outcome){ .kind = STORE_JOB_FILLED, .article = &art }, err, errlen);
store_error:
	snprintf(err, errlen, "%s", store_errmsg(st));
	return -1;
}

int svc_worker_idle(struct store *st, char *err, size_t errlen)
{
	int r = store_search_merge(st, LIMIT_SEARCH_MERGE_PAGES);
	if (r < 0) {
		snprintf(err, errlen, "%s", store_errmsg(st));
		return -1;
	}
	return r;
}

int svc_worker_step(struct store *st, const struct larder_config *cfg, struct arena *a, char *err, size_t errlen)
{
	int64_t fetch_s = (int64_t)cfg->fetch_timeout_s;
	/* a feed's lease outlasts its fetches (a first read may fetch a page, then its feed) and its entries' storing */
	struct store_leases l = { .fetch_ms = (int64_t)cfg->job_lease_s * 1000,
	                          .feed_ms = fetch_s * 2000 + 60000, .import_ms = SVC_IMPORT_LEASE_MS,
	                          .polls = svc_feed_polls_allowed(st, cfg) };
	struct store_work w;

	(void)svc_files_sweep(st, cfg, a); /* once an hour: kept files nobody owns (a failure waits for the next hour) */
	int r = store_work_claim(st, a, time_now_ms(), &l, (int)cfg->fetches_per_user, &w);
	if (r == STORE_E_NOTFOUND)
		return 0;
	if (r != STORE_OK) {
		snprintf(err, errlen, "%s", store_errmsg(st));
		return -1;
	}
	if (strcmp(w.kind, "poll") == 0)
		return svc_feed_poll_job(st, cfg, a, &w, err, errlen);
	if (strcmp(w.kind, "scan") == 0)
		return svc_feed_scan_job(st, cfg, a, &w, err, errlen);
	if (strcmp(w.kind, "import") == 0)
		return svc_import_job(st, cfg, &w, err, errlen);
	return fetch_job(st, cfg, a, &w, err, errlen);
}
