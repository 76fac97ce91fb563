/* job.c: the fetch queue: claim a due job under a lease, finish it, retry it later, or give up on it. */
#include "store/store_int.h"

#include "util/time.h"

int store_job_claim(struct store *st, int64_t now_ms, int64_t lease_ms, int per_user, struct store_job *out)
{
	struct db_stmt *s = st->stmt[STMT_JOB_CLAIM];
	int rc;
	db_bind_int64(s, 1, now_ms);
	db_bind_int64(s, 2, now_ms + lease_ms);
	db_bind_int64(s, 3, per_user);
	if ((rc = store_step_row(st, s, "claiming a job")) == STORE_OK)
		rc = store_row_job(st, NULL, s, 0, out);
	store_done(s);
	return rc;
}

int store_job_done(struct store *st, int64_t job_id)
{
	return store_run(st, STMT_JOB_DONE, job_id, "finishing a job");
}

static int set_status(struct store *st, int64_t job_id, const char *status, int64_t run_after_ms, const char *error)
{
	struct db_stmt *s = st->stmt[STMT_JOB_RETRY];
	db_bind_int64(s, 1, job_id);
	db_bind_text(s, 2, status);
	db_bind_int64(s, 3, run_after_ms);
	store_bind_text(s, 4, error);
	db_bind_int64(s, 5, run_after_ms);
	return store_step_done(st, s, "updating a job");
}

int store_job_retry(struct store *st, int64_t job_id, int64_t run_after_ms, const char *error)
{
	return set_status(st, job_id, "queued", run_after_ms, error);
}

int store_job_fail(struct store *st, int64_t job_id, const char *error)
{
	return set_status(st, job_id, "failed", 0, error);
}

/* the item's state and the job's for one outcome, inside the transaction */
static int finish_rows(struct store *st, const struct store_job *job, const struct store_job_outcome *o)
{
	int rc;
	switch (o->kind) {
	case STORE_JOB_FILLED:
		rc = o->article ? store_item_fill_row(st, job->item_seq, o->article, time_now_ms()) : STORE_OK;
		if (rc == STORE_E_LIMIT) { /* past bytes_per_user: nothing of it written; the item says why */
			char why[sizeof st->errmsg];
			snprintf(why, sizeof why, "%s", st->errmsg);
			if ((rc = store_item_fail(st, job->item_seq, "FAILED", why)) != STORE_OK)
				return rc;
			return store_job_fail(st, job->id, why);
		}
		if (rc != STORE_OK)
			return rc;
		return store_job_done(st, job->id);
	case STORE_JOB_RETRY: /* still processing: the reason is visible while the next attempt waits */
		if ((rc = store_item_fail(st, job->item_seq, "PROCESSING", o->reason)) != STORE_OK)
			return rc;
		return store_job_retry(st, job->id, o->run_after_ms, o->reason);
	case STORE_JOB_FAILED:
		if ((rc = store_item_fail(st, job->item_seq, "FAILED", o->reason)) != STORE_OK)
			return rc;
		return store_job_fail(st, job->id, o->reason);
	}
	snprintf(st->errmsg, sizeof st->errmsg, "unknown job outcome %d", (int)o->kind);
	return STORE_E_INVAL;
}

int store_job_finish(struct store *st, const struct store_job *job, const struct store_job_outcome *o)
{
	int rc;
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	return store_end(st, finish_rows(st, job, o));
}

int store_job_pending(struct store *st, int64_t now_ms, int64_t *count, int64_t *next_ms)
{
	struct db_stmt *s = st->stmt[STMT_JOB_COUNT_READY];
	int64_t v[2];
	int rc;
	db_bind_int64(s, 1, now_ms);
	if ((rc = store_get_ints(st, s, v, 2, "counting jobs")) == STORE_OK)
		*count = v[0], *next_ms = v[1];
	return rc;
}

int store_job_claimable(struct store *st, int64_t now_ms, int per_user, bool *any)
{
	struct db_stmt *s = st->stmt[STMT_JOB_CLAIMABLE];
	int64_t v;
	int rc;
	db_bind_int64(s, 1, now_ms);
	db_bind_int64(s, 3, per_user);
	if ((rc = store_get_ints(st, s, &v, 1, "looking for a job")) == STORE_OK)
		*any = v != 0;
	return rc;
}
