/* job.c: the fetch queue: claim a due job under a lease, finish it, retry it later, or give up on it. */
#include "store/store_int.h"

int store_job_claim(struct store *st, int64_t now_ms, int64_t lease_ms, int per_user, struct store_job *out)
{
	sqlite3_stmt *s = st->stmt[STMT_JOB_CLAIM];
	int rc;
	sqlite3_bind_int64(s, 1, now_ms);
	sqlite3_bind_int64(s, 2, now_ms + lease_ms);
	sqlite3_bind_int(s, 3, per_user);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		out->id = sqlite3_column_int64(s, 0);
		out->item_seq = sqlite3_column_int64(s, 1);
		out->attempts = sqlite3_column_int(s, 2);
		rc = STORE_OK;
	} else if (rc == SQLITE_DONE)
		rc = STORE_E_NOTFOUND;
	else
		rc = store_fail(st, rc, "claiming a job");
	store_done(s);
	return rc;
}

int store_job_done(struct store *st, int64_t job_id)
{
	sqlite3_stmt *s = st->stmt[STMT_JOB_DONE];
	int rc;
	sqlite3_bind_int64(s, 1, job_id);
	rc = sqlite3_step(s);
	store_done(s);
	return rc == SQLITE_DONE ? STORE_OK : store_fail(st, rc, "finishing a job");
}

static int set_status(struct store *st, int64_t job_id, const char *status, int64_t run_after_ms, const char *error)
{
	sqlite3_stmt *s = st->stmt[STMT_JOB_RETRY];
	int rc;
	sqlite3_bind_int64(s, 1, job_id);
	sqlite3_bind_text(s, 2, status, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 3, run_after_ms);
	store_bind_text(s, 4, error);
	sqlite3_bind_int64(s, 5, run_after_ms);
	rc = sqlite3_step(s);
	store_done(s);
	return rc == SQLITE_DONE ? STORE_OK : store_fail(st, rc, "updating a job");
}

int store_job_retry(struct store *st, int64_t job_id, int64_t run_after_ms, const char *error)
{
	return set_status(st, job_id, "queued", run_after_ms, error);
}

int store_job_fail(struct store *st, int64_t job_id, const char *error)
{
	return set_status(st, job_id, "failed", 0, error);
}

int store_job_pending(struct store *st, int64_t now_ms, int64_t *count, int64_t *next_ms)
{
	sqlite3_stmt *s = st->stmt[STMT_JOB_COUNT_READY];
	int rc;
	sqlite3_bind_int64(s, 1, now_ms);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		*count = sqlite3_column_int64(s, 0);
		*next_ms = sqlite3_column_type(s, 1) == SQLITE_NULL ? 0 : sqlite3_column_int64(s, 1);
		rc = STORE_OK;
	} else
		rc = store_fail(st, rc, "counting jobs");
	store_done(s);
	return rc;
}

int store_job_claimable(struct store *st, int64_t now_ms, int per_user, bool *any)
{
	sqlite3_stmt *s = st->stmt[STMT_JOB_CLAIMABLE];
	int rc;
	sqlite3_bind_int64(s, 1, now_ms);
	sqlite3_bind_int(s, 3, per_user);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		*any = sqlite3_column_int(s, 0) != 0;
		rc = STORE_OK;
	} else
		rc = store_fail(st, rc, "looking for a job");
	store_done(s);
	return rc;
}
