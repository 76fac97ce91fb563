/* job.c: the one queue of background work (fetches, feed polls and scans, imports): the fair claim of a due job under a lease, finish it, retry it later, or give up on it. */
#include "store/store_int.h"

#include <string.h>

#include "util/arena.h"
#include "util/time.h"

static const struct store_col work_cols[] = STORE_ROW_DESC(STORE_WORK_ROW, struct store_work);
static const struct store_row work_row = { work_cols, sizeof work_cols / sizeof work_cols[0],
                                           sizeof(struct store_work), "a job" };


/* the claimed job's user goes to the back of the rotation */
static int next_turn(struct store *st, const char *user_id)
{
	struct db_stmt *s = st->stmt[STMT_JOB_TURN];
	store_bind_text(s, 1, user_id);
	return store_step_done(st, s, "turning to the next user");
}

struct claim { int64_t now_ms; const struct store_leases *l; int per_user; struct arena *a; struct store_work *out; };

static int claim_tx(struct store *st, void *arg)
{
	struct claim *c = arg;
	struct db_stmt *s = st->stmt[STMT_JOB_CLAIM];
	db_bind_int64(s, 1, c->now_ms);
	db_bind_int64(s, 2, c->l->fetch_ms);
	db_bind_int64(s, 3, c->per_user);
	db_bind_int64(s, 4, c->l->feed_ms);
	db_bind_int64(s, 5, c->l->import_ms);
	db_bind_int64(s, 6, c->l->polls ? STORE_PRIORITY_POLL : STORE_PRIORITY_BULK);
	int rc = store_get_row(st, c->a, s, &work_row, c->out, "claiming a job");
	if (rc == STORE_OK && c->out->user_id)
		rc = next_turn(st, c->out->user_id);
	return rc;
}

int store_work_claim(struct store *st, struct arena *a, int64_t now_ms, const struct store_leases *l, int per_user,
                     struct store_work *out)
{
	struct claim c = { now_ms, l, per_user, a, out };
	return store_tx(st, claim_tx, &c);
}

int store_job_claim(struct store *st, int64_t now_ms, int64_t lease_ms, int per_user, struct store_job *out)
{
	struct store_leases l = { lease_ms, lease_ms, lease_ms, true };
	struct store_work w;
	struct arena a;
	arena_init(&a);
	int rc = store_work_claim(st, &a, now_ms, &l, per_user, &w);
	if (rc == STORE_OK)
		*out = (struct store_job){ .id = w.id, .item_seq = w.item_seq, .attempts = w.attempts };
	arena_free(&a);
	return rc;
}

int store_job_queue(struct store *st, int64_t item_seq, int64_t run_after_ms, int priority, const char *kind)
{
	struct db_stmt *s = st->stmt[STMT_JOB_INSERT];
	db_bind_int64(s, 1, item_seq);
	db_bind_int64(s, 2, run_after_ms);
	db_bind_int64(s, 3, priority);
	db_bind_text(s, 4, kind);
	return store_step_done(st, s, "queueing a fetch");
}

int store_job_queue_ref(struct store *st, const char *user_id, const char *kind, const char *ref, int priority,
                        int64_t run_after_ms)
{
	struct db_stmt *s = st->stmt[STMT_JOB_QUEUE_REF];
	store_bind_texts(s, 1, (const char *const[]){ user_id, kind, ref }, 3);
	db_bind_int64(s, 4, priority);
	db_bind_int64(s, 5, run_after_ms);
	return store_step_done(st, s, "queueing a job");
}

int store_job_requeue(struct store *st, int64_t job_id, int64_t run_after_ms)
{
	struct db_stmt *s = st->stmt[STMT_JOB_REQUEUE];
	db_bind_int64(s, 1, job_id);
	db_bind_int64(s, 2, run_after_ms);
	db_bind_int64(s, 3, time_now_ms());
	return store_step_done(st, s, "waiting for the next poll");
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
	store_bind_ms(s, 3, run_after_ms); /* a failed job: NULL, never due */
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
	return store_work_claimable(st, now_ms, per_user, true, any);
}

int store_work_claimable(struct store *st, int64_t now_ms, int per_user, bool polls, bool *any)
{
	struct db_stmt *s = st->stmt[STMT_JOB_CLAIMABLE];
	int64_t v;
	int rc;
	db_bind_int64(s, 1, now_ms);
	db_bind_int64(s, 3, per_user);
	db_bind_int64(s, 6, polls ? STORE_PRIORITY_POLL : STORE_PRIORITY_BULK);
	if ((rc = store_get_ints(st, s, &v, 1, "looking for a job")) == STORE_OK)
		*any = v != 0;
	return rc;
}
