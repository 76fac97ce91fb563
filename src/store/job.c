/* job.c: the one queue of background work (fetches, feed polls and scans, imports): the fair claim of a due job under a lease, finish it, retry it later, or give up on it. */
#include "store/store_int.h"

#include <string.h>

#include "util/arena.h"
#include "util/time.h"

/* each user's next job at ?1 (c.id: due, of priority ?6 at most, the interactive ones first, then the oldest; a
 * running job's run_after is its lease's end, a failed one's NULL), for the users with fewer than ?3 jobs running
 * under a live lease (?3 <= 0: no such cap), with their turn (c.turn: whose work was claimed least recently). One index probe of
 * jobs_turn and one of jobs_running per user who ever had work: never a scan of the queue. k.run_after is tested
 * again on the job's own row: on PostgreSQL a claim that took the row lock after another claim committed re-reads
 * only k's conditions, and a job just claimed holds its lease's end there, so it is not taken twice. */
#define JOB_NEXT_PER_USER \
	" FROM (SELECT t.user_id AS uid, t.turn AS turn, (SELECT j.id FROM jobs j WHERE j.user_id = t.user_id" \
	"  AND j.priority <= ?6 AND j.run_after <= ?1 ORDER BY j.priority, j.run_after, j.id LIMIT 1) AS id" \
	"  FROM work_turns t" \
	"  WHERE ?3 <= 0 OR (SELECT count(*) FROM jobs r WHERE r.user_id = t.user_id AND r.status = 'running'" \
	"  AND r.run_after > ?1) < ?3) c JOIN jobs k ON k.id = c.id AND k.run_after <= ?1"
/* the job the claim takes: an interactive one before bulk work, then the user whose turn came least recently */
#define JOB_CLAIM_ORDER " ORDER BY k.priority, c.turn, k.run_after, k.id LIMIT 1"
#define STORE_JOB_ROW(F, X, p) F(p, I64, id, id) X(p, I64, item_seq, item_seq) X(p, INT, attempts, attempts)
/* a claimed job of any kind: the fetch job's columns first (store_job_claim reads those alone) */
#define STORE_WORK_ROW(F, X, p) STORE_JOB_ROW(F, X, p) X(p, TEXT, kind, kind) X(p, TEXT, user_id, user_id) \
	X(p, TEXT, ref, ref) X(p, I64, priority, priority)

/* the statements of job.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_JOB_INSERT,
	STMT_JOB_CLAIM,
	STMT_JOB_TURN,
	STMT_JOB_REQUEUE,
	STMT_JOB_QUEUE_REF,
	STMT_JOB_DONE,
	STMT_JOB_RETRY,
	STMT_JOB_CANCEL_ITEM,
	STMT_JOB_COUNT_READY,
	STMT_JOB_CLAIMABLE,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_JOB_INSERT,
		DB_GENERIC "INSERT INTO jobs (item_seq, user_id, kind, priority, status, attempts, run_after, created_at, updated_at)"
		" SELECT ?1, user_id, ?4, ?3, 'queued', 0, ?2, ?2, ?2 FROM library_items WHERE seq = ?1"),
	/* the one claim of all background work (fetches, polls, scans, imports): leased for ?2 (a fetch), ?4 (a
	 * feed's poll or scan) or ?5 (an import); a running job's run_after is its lease's end */
	STORE_SQL(STMT_JOB_CLAIM,
		"UPDATE jobs SET status = 'running', attempts = attempts + 1, updated_at = ?1,"
		" locked_until = ?1 + CASE kind WHEN 'import' THEN ?5 WHEN 'poll' THEN ?4 WHEN 'scan' THEN ?4 ELSE ?2 END,"
		" run_after = ?1 + CASE kind WHEN 'import' THEN ?5 WHEN 'poll' THEN ?4 WHEN 'scan' THEN ?4 ELSE ?2 END"
		" WHERE id = (SELECT k.id" JOB_NEXT_PER_USER JOB_CLAIM_ORDER ")"
		" RETURNING " STORE_COLS(STORE_WORK_ROW, ""),
		/* a claim skips the rows another worker is claiming (SQLite has one writer at a time); the leases typed */
		"UPDATE jobs SET status = 'running', attempts = attempts + 1, updated_at = ?1,"
		" locked_until = ?1 + CASE kind WHEN 'import' THEN ?5::bigint WHEN 'poll' THEN ?4::bigint"
		"  WHEN 'scan' THEN ?4::bigint ELSE ?2::bigint END,"
		" run_after = ?1 + CASE kind WHEN 'import' THEN ?5::bigint WHEN 'poll' THEN ?4::bigint"
		"  WHEN 'scan' THEN ?4::bigint ELSE ?2::bigint END"
		" WHERE id = (SELECT k.id" JOB_NEXT_PER_USER JOB_CLAIM_ORDER " FOR UPDATE OF k SKIP LOCKED)"
		" RETURNING " STORE_COLS(STORE_WORK_ROW, "")),
	/* the user whose job was claimed goes to the back of the rotation */
	STORE_SQL(STMT_JOB_TURN, "UPDATE work_turns SET turn = (SELECT max(turn) FROM work_turns) + 1 WHERE user_id = ?1"),
	/* a feed's poll job waits for its next poll */
	STORE_SQL(STMT_JOB_REQUEUE,
		"UPDATE jobs SET status = 'queued', run_after = ?2, priority = 2, attempts = 0, locked_until = NULL,"
		" last_error = NULL, updated_at = ?3 WHERE id = ?1"),
	/* a poll (?2 'poll', ?3 the subscription) or a scan (?2 'scan', ?3 the URL) of user ?1, due at ?5; a poll
	 * job there already is made due again */
	STORE_SQL(STMT_JOB_QUEUE_REF,
		"INSERT INTO jobs (user_id, kind, ref, priority, status, attempts, run_after, created_at, updated_at)"
		" VALUES (?1, ?2, ?3, ?4, 'queued', 0, ?5, ?5, ?5) ON CONFLICT (kind, user_id, ref) WHERE ref IS NOT NULL"
		" DO UPDATE SET status = 'queued', run_after = ?5, priority = ?4, updated_at = ?5 WHERE jobs.kind = 'poll'"),
	STORE_SQL(STMT_JOB_DONE, "DELETE FROM jobs WHERE id = ?1"),
	STORE_SQL(STMT_JOB_RETRY,
		"UPDATE jobs SET status = ?2, run_after = ?3, last_error = ?4, locked_until = NULL, updated_at = ?5"
		" WHERE id = ?1"),
	STORE_SQL(STMT_JOB_CANCEL_ITEM, "DELETE FROM jobs WHERE item_seq = ?1 AND status <> 'running'"),
	STORE_SQL(STMT_JOB_COUNT_READY,
		"SELECT count(*), min(run_after) FROM jobs WHERE status = 'queued' OR (status = 'running' AND run_after <= ?1)"),
	STORE_SQL(STMT_JOB_CLAIMABLE, "SELECT EXISTS (SELECT 1" JOB_NEXT_PER_USER ")"),
};
STORE_STATEMENTS(job, statements)

static const struct store_col work_cols[] = STORE_ROW_DESC(STORE_WORK_ROW, struct store_work);
static const struct store_row work_row = { work_cols, sizeof work_cols / sizeof work_cols[0],
                                           sizeof(struct store_work), "a job" };

/* the claimed job's user goes to the back of the rotation */
static int next_turn(struct store *st, const char *user_id)
{
	struct db_stmt *s = stmt(st, STMT_JOB_TURN);
	store_bind_text(s, 1, user_id);
	return store_step_done(st, s, "turning to the next user");
}

struct claim { int64_t now_ms; const struct store_leases *l; int per_user; struct arena *a; struct store_work *out; };

static int claim_tx(struct store *st, void *arg)
{
	struct claim *c = arg;
	struct db_stmt *s = stmt(st, STMT_JOB_CLAIM);
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
	struct db_stmt *s = stmt(st, STMT_JOB_INSERT);
	db_bind_int64(s, 1, item_seq);
	db_bind_int64(s, 2, run_after_ms);
	db_bind_int64(s, 3, priority);
	db_bind_text(s, 4, kind);
	return store_step_done(st, s, "queueing a fetch");
}

int store_job_queue_ref(struct store *st, const char *user_id, const char *kind, const char *ref, int priority,
                        int64_t run_after_ms)
{
	struct db_stmt *s = stmt(st, STMT_JOB_QUEUE_REF);
	store_bind_texts(s, 1, (const char *const[]){ user_id, kind, ref }, 3);
	db_bind_int64(s, 4, priority);
	db_bind_int64(s, 5, run_after_ms);
	return store_step_done(st, s, "queueing a job");
}

int store_job_requeue(struct store *st, int64_t job_id, int64_t run_after_ms)
{
	struct db_stmt *s = stmt(st, STMT_JOB_REQUEUE);
	db_bind_int64(s, 1, job_id);
	db_bind_int64(s, 2, run_after_ms);
	db_bind_int64(s, 3, time_now_ms());
	return store_step_done(st, s, "waiting for the next poll");
}

int store_job_done(struct store *st, int64_t job_id)
{
	return store_run(st, stmt(st, STMT_JOB_DONE), job_id, "finishing a job");
}

static int set_status(struct store *st, int64_t job_id, const char *status, int64_t run_after_ms, const char *error)
{
	struct db_stmt *s = stmt(st, STMT_JOB_RETRY);
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
	struct db_stmt *s = stmt(st, STMT_JOB_COUNT_READY);
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
	struct db_stmt *s = stmt(st, STMT_JOB_CLAIMABLE);
	int64_t v;
	int rc;
	db_bind_int64(s, 1, now_ms);
	db_bind_int64(s, 3, per_user);
	db_bind_int64(s, 6, polls ? STORE_PRIORITY_POLL : STORE_PRIORITY_BULK);
	if ((rc = store_get_ints(st, s, &v, 1, "looking for a job")) == STORE_OK)
		*any = v != 0;
	return rc;
}

int store_job_cancel_item(struct store *st, int64_t seq, const char *what)
{
	return store_run(st, stmt(st, STMT_JOB_CANCEL_ITEM), seq, what);
}
