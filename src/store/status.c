/* status.c: what `larder status` and the health endpoint read: the work queue by kind, the feeds failing, the worker's last sign of life (a setting it writes), the schema's version and the database's size. */
#include "store/store_int.h"

#include <stdio.h>
#include <string.h>

#define WORKER_SEEN "worker_seen"

/* runs sql (no parameters but an optional ?1 text) and reads its first row's integers; STORE_OK,
 * STORE_E_NOTFOUND (no row) or a failure */
static int ints(struct store *st, const char *sql, const char *p1, int64_t *v, int n, const char *what)
{
	struct db_stmt *s = NULL;
	int rc = db_prepare(st->db, sql, false, &s);
	if (rc != DB_OK)
		return store_fail(st, rc, what);
	if (p1)
		db_bind_text(s, 1, p1);
	if ((rc = db_step(s)) == DB_ROW) {
		for (int i = 0; i < n; i++)
			v[i] = db_col_type(s, i) == DB_NULL ? -1 : db_col_int64(s, i);
		rc = STORE_OK;
	} else {
		rc = rc == DB_DONE ? STORE_E_NOTFOUND : store_fail(st, rc, what);
	}
	db_finalize(s);
	return rc;
}

int store_worker_seen(struct store *st, int64_t now_ms)
{
	struct db_stmt *s = NULL;
	char v[24];
	int rc = db_prepare(st->db, "INSERT INTO settings (name, value) VALUES (?1, ?2) "
	                            "ON CONFLICT (name) DO UPDATE SET value = excluded.value", false, &s);
	if (rc != DB_OK)
		return store_fail(st, rc, "noting the worker's last sign of life");
	snprintf(v, sizeof v, "%lld", (long long)now_ms);
	db_bind_text(s, 1, WORKER_SEEN);
	db_bind_text(s, 2, v);
	rc = db_step(s);
	db_finalize(s);
	return rc == DB_DONE ? STORE_OK : store_fail(st, rc, "noting the worker's last sign of life");
}

int store_health(struct store *st, struct store_health *h)
{
	int64_t v[1];
	int rc;
	memset(h, 0, sizeof h[0]);
	h->worker_seen_ms = -1;
	h->schema_want = store_schema_version();
	if (db_version(st->db, &h->schema) != DB_OK)
		return store_fail(st, DB_E_OTHER, "reading the schema version");
	h->reachable = true;
	rc = ints(st, "SELECT CAST(value AS BIGINT) FROM settings WHERE name = ?1", WORKER_SEEN, v, 1,
	          "reading the worker's last sign of life");
	if (rc == STORE_OK)
		h->worker_seen_ms = v[0];
	return rc == STORE_E_NOTFOUND ? STORE_OK : rc;
}

int store_status(struct store *st, struct store_status *out)
{
	struct db_stmt *s = NULL;
	int64_t v[2];
	int rc;

	memset(out, 0, sizeof *out);
	if ((rc = store_health(st, &out->health)) != STORE_OK)
		return rc;
	rc = db_prepare(st->db, "SELECT kind, status, count(*), min(created_at) FROM jobs GROUP BY kind, status "
	                        "ORDER BY kind, status", false, &s);
	if (rc != DB_OK)
		return store_fail(st, rc, "counting the queue");
	while ((rc = db_step(s)) == DB_ROW && out->nqueue < STORE_STATUS_QUEUE_MAX) {
		struct store_queue_row *q = &out->queue[out->nqueue++];
		snprintf(q->kind, sizeof q->kind, "%s", db_col_text(s, 0, NULL) ? db_col_text(s, 0, NULL) : "");
		snprintf(q->status, sizeof q->status, "%s", db_col_text(s, 1, NULL) ? db_col_text(s, 1, NULL) : "");
		q->count = db_col_int64(s, 2);
		q->oldest_ms = db_col_int64(s, 3);
	}
	db_finalize(s);
	if (rc != DB_ROW && rc != DB_DONE)
		return store_fail(st, rc, "counting the queue");
	if ((rc = ints(st, "SELECT count(*), coalesce(sum(CASE WHEN failures > 0 THEN 1 ELSE 0 END), 0) FROM subscriptions",
	               NULL, v, 2, "counting the feeds")) != STORE_OK)
		return rc;
	out->feeds = v[0];
	out->feeds_failing = v[1];
	out->db_bytes = -1;
	if (!db_is_sqlite(st->db) &&
	    ints(st, "SELECT pg_database_size(current_database())", NULL, v, 1, "reading the database's size") == STORE_OK)
		out->db_bytes = v[0];
	return STORE_OK;
}
