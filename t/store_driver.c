/* store_driver.c: the database driver interface (db.h) on SQLite and, under t/pg_suite.sh, PostgreSQL: transactions (PostgreSQL's BEGIN sent with the first statement), a failed INSERT inside a transaction that goes on, what another connection sees meanwhile, statements marked DB_GENERIC or DB_GENERIC_PLAN (PostgreSQL: run under plan_cache_mode = auto or force_generic_plan, the others under force_custom_plan, through commits, rollbacks and failures), and (PostgreSQL) a connection the server dropped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/db.h"
#include "t/tap.h"
#include "t/test_db.h"

static char dir[] = "/tmp/larder-driver-XXXXXX";

static struct db *open_db(const char *target)
{
	struct db *db = NULL;
	char err[512];
	int rc = test_db_is_pg() ? db_pg_open(target, &db, err, sizeof err) : db_sqlite_open(target, &db, err, sizeof err);
	if (rc != DB_OK) {
		printf("Bail out! cannot open %s: %s\n", target, err);
		exit(1);
	}
	return db;
}

/* runs one statement with up to two text parameters (NULL: none): its class (DB_DONE when it ran) */
static int run(struct db *db, const char *sql, const char *p1, const char *p2)
{
	struct db_stmt *s;
	int rc = db_prepare(db, sql, false, &s);
	if (rc != DB_OK)
		return rc;
	if (p1)
		db_bind_text(s, 1, p1);
	if (p2)
		db_bind_text(s, 2, p2);
	while ((rc = db_step(s)) == DB_ROW)
		;
	db_finalize(s);
	return rc;
}

/* the number of rows of kv, or -1 */
static int count(struct db *db)
{
	struct db_stmt *s;
	int n = -1;
	if (db_prepare(db, "SELECT count(*) FROM kv", false, &s) != DB_OK)
		return -1;
	if (db_step(s) == DB_ROW)
		n = (int)db_col_int64(s, 0);
	db_finalize(s);
	return n;
}

/* the server process of the statement's connection */
static int backend_of(struct db_stmt *pid_stmt)
{
	int pid = db_step(pid_stmt) == DB_ROW ? (int)db_col_int64(pid_stmt, 0) : -1;
	db_reset(pid_stmt);
	return pid;
}

/* b ends a's server process, as a restart or failover of the server would */
static void drop(struct db *b, int pid)
{
	char sql[80];
	snprintf(sql, sizeof sql, "SELECT pg_terminate_backend(%d)", pid);
	run(b, sql, NULL, NULL);
	/* until the backend has gone (a condition, not a time: on a busy machine it outlived a fixed 100 ms, and a's
	 * next statement then met its "terminating connection" as a query's error); 60 s at most */
	snprintf(sql, sizeof sql, "SELECT count(*) FROM pg_stat_activity WHERE pid = %d", pid);
	struct db_stmt *s;
	if (db_prepare(b, sql, false, &s) != DB_OK)
		return;
	for (int i = 0; i < 6000; i++) {
		bool gone = db_step(s) == DB_ROW && db_col_int64(s, 0) == 0;
		db_reset(s);
		if (gone)
			break;
		usleep(10 * 1000);
	}
	db_finalize(s);
}

/* PostgreSQL: the plan_cache_mode a statement runs under, as the statement itself reads it ("" on a failure) */
static const char *mode_marked(struct db *db, const char *mark)
{
	static char buf[40];
	struct db_stmt *s;
	char sql[128];
	buf[0] = '\0';
	snprintf(sql, sizeof sql, "%sSELECT current_setting('plan_cache_mode')", mark);
	if (db_prepare(db, sql, false, &s) != DB_OK)
		return buf;
	if (db_step(s) == DB_ROW)
		snprintf(buf, sizeof buf, "%s", db_col_text(s, 0, NULL));
	db_finalize(s);
	return buf;
}

static const char *mode_of(struct db *db, bool generic)
{
	return mode_marked(db, generic ? DB_GENERIC : "");
}

/* PostgreSQL: a statement marked DB_GENERIC runs under plan_cache_mode = auto, any other under the session's
 * force_custom_plan, whatever ran before it: the driver's note of the mode follows commits and rollbacks */
static void plan_modes(struct db *a)
{
	is_str(mode_of(a, false), "force_custom_plan", "a statement runs under force_custom_plan");
	is_str(mode_of(a, true), "auto", "a DB_GENERIC one under auto");
	is_str(mode_of(a, true), "auto", "and the next one too");
	is_str(mode_of(a, false), "force_custom_plan", "an unmarked one after it is back under force_custom_plan");

	is_int(db_begin(a), DB_OK, "begin");
	is_str(mode_of(a, true), "auto", "a DB_GENERIC transaction's first statement (BEGIN, SET, statement in one pipeline)");
	is_int(db_rollback(a), DB_OK, "rollback (it undoes the SET)");
	is_str(mode_of(a, true), "auto", "a DB_GENERIC statement after the rollback still runs under auto");
	is_str(mode_of(a, false), "force_custom_plan", "an unmarked one under force_custom_plan");

	is_int(db_begin(a), DB_OK, "begin");
	is_str(mode_of(a, false), "force_custom_plan", "in a transaction: unmarked");
	is_int(run(a, DB_GENERIC "INSERT INTO kv (k, v) VALUES (?1, ?2)", "two", "dup"), DB_E_UNIQUE,
	       "a DB_GENERIC INSERT that fails (SET, savepoint, INSERT)");
	is_str(mode_of(a, true), "auto", "the next DB_GENERIC statement runs under auto");
	is_str(mode_of(a, false), "force_custom_plan", "and an unmarked one under force_custom_plan");
	is_int(run(a, DB_GENERIC "INSERT INTO kv (k, v) VALUES (?1, ?2)", "modes", "1"), DB_DONE, "a DB_GENERIC INSERT");
	is_int(db_commit(a), DB_OK, "commit (the SET stays)");
	is_str(mode_of(a, true), "auto", "after the commit: DB_GENERIC under auto");
	is_str(mode_of(a, false), "force_custom_plan", "unmarked under force_custom_plan");

	is_int(db_begin(a), DB_OK, "begin");
	is_str(mode_of(a, true), "auto", "a DB_GENERIC statement");
	is_int(run(a, "SELEKT 1", NULL, NULL), DB_E_QUERY, "bad SQL aborts the transaction");
	is_int(db_rollback(a), DB_OK, "rollback");
	is_str(mode_of(a, false), "force_custom_plan", "unmarked after it: force_custom_plan");
	is_str(mode_of(a, true), "auto", "DB_GENERIC after it: auto");

	/* DB_GENERIC_PLAN: force_generic_plan while it runs (search.c's probe) */
	is_str(mode_marked(a, DB_GENERIC_PLAN), "force_generic_plan", "a DB_GENERIC_PLAN statement under force_generic_plan");
	is_str(mode_of(a, false), "force_custom_plan", "an unmarked one after it: force_custom_plan");
	is_str(mode_of(a, true), "auto", "a DB_GENERIC one: auto");
	is_str(mode_marked(a, DB_GENERIC_PLAN), "force_generic_plan", "DB_GENERIC_PLAN after it");
	is_int(db_begin(a), DB_OK, "begin");
	is_str(mode_marked(a, DB_GENERIC_PLAN), "force_generic_plan", "a transaction's first statement, DB_GENERIC_PLAN");
	is_int(db_rollback(a), DB_OK, "rollback (it undoes the SET)");
	is_str(mode_marked(a, DB_GENERIC_PLAN), "force_generic_plan", "DB_GENERIC_PLAN after the rollback");
	is_str(mode_of(a, false), "force_custom_plan", "unmarked after it: force_custom_plan");
	run(a, "DELETE FROM kv WHERE k = 'modes'", NULL, NULL);
}

/* PostgreSQL: a connection the server dropped is opened again, its statements prepared again */
static void lost_connection(struct db *a, struct db *b)
{
	struct db_stmt *pid;
	int first, now, n;
	if (db_prepare(a, "SELECT pg_backend_pid()", true, &pid) != DB_OK) {
		ok(0, "prepare pg_backend_pid");
		return;
	}
	first = backend_of(pid);
	ok(first > 0, "a's server process: %d", first);
	n = count(b);

	drop(b, first);
	now = backend_of(pid);
	ok(now > 0 && now != first, "a statement prepared before the drop runs on a new connection (%d, then %d)", first, now);

	drop(b, now);
	is_int(db_begin(a), DB_OK, "begin after another drop");
	is_int(run(a, "INSERT INTO kv (k, v) VALUES (?1, ?2)", "after-drop", "1"), DB_DONE,
	       "the transaction's first statement (BEGIN sent with it) runs on a new connection");
	is_int(db_commit(a), DB_OK, "and commits");
	is_int(count(b), n + 1, "the row is there");

	is_int(db_begin(a), DB_OK, "begin");
	is_int(run(a, "INSERT INTO kv (k, v) VALUES (?1, ?2)", "lost-1", "1"), DB_DONE, "a first write");
	/* a's server process, seen from b (a is inside its transaction) */
	run(b, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid()"
	       " AND datname = current_database()", NULL, NULL);
	usleep(100 * 1000);
	ok(run(a, "INSERT INTO kv (k, v) VALUES (?1, ?2)", "lost-2", "2") != DB_DONE, "dropped in the middle of a transaction: the next statement fails");
	ok(count(a) < 0, "so does every statement after it in that transaction");
	ok(db_in_tx(a), "which is still open for its caller");
	ok(db_commit(a) != DB_OK, "its commit fails");
	is_int(count(b), n + 1, "nothing of it was kept");
	is_int(count(a), n + 1, "the connection works after it");

	struct db_stmt *ins;
	if (db_prepare(a, "INSERT INTO kv (k, v) VALUES ('autocommit', '1')", true, &ins) != DB_OK) {
		ok(0, "prepare an INSERT");
		return;
	}
	drop(b, backend_of(pid));
	ok(db_step(ins) != DB_DONE, "a write prepared before the drop, outside a transaction, is not sent twice: the drop is reported");
	db_reset(ins);
	is_int(count(a), n + 1, "and the connection works after it");
	is_int(db_step(ins), DB_DONE, "the same statement runs on the new connection");
	is_int(count(b), n + 2, "once");
	db_finalize(ins);

	/* kept statements prepared outside a transaction are queued (one exchange for all of them): one the server
	 * refuses fails when it runs, with the server's words, and a reconnect does not prepare it again; one whose
	 * connection drops before it is answered is prepared again on the new connection */
	struct db_stmt *bad = NULL, *good = NULL;
	is_int(db_prepare(a, "SELECT nosuchcolumn FROM kv", true, &bad), DB_OK, "a kept statement of bad SQL: queued");
	is_int(db_prepare(a, "SELECT count(*) FROM kv WHERE k <> ?1", true, &good), DB_OK, "a good one after it: queued");
	if (bad && good) {
		is_int(db_step(bad), DB_E_QUERY, "the bad one fails when it runs");
		like(db_errmsg(a), "nosuchcolumn", "with the server's words: %s", db_errmsg(a));
		db_bind_text(good, 1, "x");
		is_int(db_step(good), DB_ROW, "the good one runs");
		is_int((int)db_col_int64(good, 0), n + 2, "and counts the rows");
		db_reset(good);
		drop(b, backend_of(pid));
		db_bind_text(good, 1, "x");
		is_int(db_step(good), DB_ROW, "after a drop the connection is opened again without the bad one");
		db_reset(good);
		is_int(db_step(bad), DB_E_QUERY, "which still fails");
	}
	db_finalize(bad);
	db_finalize(good);
	int was = backend_of(pid);
	is_int(db_prepare(a, "SELECT count(*) FROM kv", true, &good), DB_OK, "a statement queued");
	drop(b, was);
	is_int(good ? db_step(good) : DB_E_OTHER, DB_ROW, "the server dropped its connection before it ran: it runs on a new one");
	db_finalize(good);

	mode_of(a, true); /* the session under auto when the server drops it: the new one starts at force_custom_plan */
	drop(b, backend_of(pid));
	is_str(mode_of(a, true), "auto", "after a drop, a DB_GENERIC statement runs under auto on the new connection");
	is_str(mode_of(a, false), "force_custom_plan", "and an unmarked one under force_custom_plan");
	db_finalize(pid);
}

int main(void)
{
	char target[512];
	if (!mkdtemp(dir))
		return 99;
	if (!test_db_target(target, sizeof target, dir, "driver.db")) { /* the SQLite driver opens a file that exists */
		FILE *f = fopen(target, "w");
		if (!f)
			return 99;
		fclose(f);
	}
	struct db *a = open_db(target), *b;
	if (!test_db_is_pg())
		db_sqlite_wal(a);
	b = open_db(target);
	printf("# driver: %s\n", a->ops->name);

	is_int(db_exec(a, "CREATE TABLE kv (k text PRIMARY KEY, v text)"), DB_OK, "a table");

	/* a transaction with nothing in it */
	is_int(db_begin(a), DB_OK, "begin");
	ok(db_in_tx(a), "in a transaction after begin, before any statement");
	is_int(db_commit(a), DB_OK, "commit of an empty transaction");
	ok(!db_in_tx(a), "no transaction after commit");
	is_int(db_begin(a), DB_OK, "begin again");
	is_int(db_rollback(a), DB_OK, "rollback of an empty transaction");
	ok(!db_in_tx(a), "no transaction after rollback");
	is_int(db_begin(a), DB_OK, "begin after a rollback");
	is_int(db_commit(a), DB_OK, "and commit");

	/* a failed INSERT inside a transaction: the transaction goes on and keeps what came before */
	is_int(db_begin(a), DB_OK, "begin");
	is_int(run(a, "INSERT INTO kv (k, v) VALUES (?1, ?2)", "one", "1"), DB_DONE, "the transaction's first statement is an INSERT");
	is_int(run(a, "INSERT INTO kv (k, v) VALUES (?1, ?2)", "one", "again"), DB_E_UNIQUE, "the same key: a unique failure");
	is_int(run(a, "INSERT INTO kv (k, v) VALUES (?1, ?2)", "two", "2"), DB_DONE, "the next INSERT in the same transaction");
	is_int(count(a), 2, "the transaction sees its two rows");
	is_int(count(b), 0, "another connection sees none before the commit");
	is_int(db_commit(a), DB_OK, "commit after a failed INSERT");
	is_int(count(b), 2, "another connection sees both after it");

	/* BEGIN travels with a SELECT: what follows is still one transaction */
	is_int(db_begin(a), DB_OK, "begin");
	is_int(count(a), 2, "a SELECT first");
	is_int(run(a, "INSERT INTO kv (k, v) VALUES (?1, ?2)", "three", "3"), DB_DONE, "then an INSERT");
	is_int(run(a, "UPDATE kv SET v = ?2 WHERE k = ?1", "one", "uno"), DB_DONE, "and an UPDATE");
	is_int(count(b), 2, "uncommitted: another connection still counts 2");
	is_int(db_rollback(a), DB_OK, "rollback");
	is_int(count(a), 2, "the INSERT is gone");
	struct db_stmt *s;
	const char *v = NULL;
	if (db_prepare(a, "SELECT v FROM kv WHERE k = 'one'", false, &s) == DB_OK && db_step(s) == DB_ROW)
		v = db_col_text(s, 0, NULL);
	is_str(v, "1", "the UPDATE is gone");
	db_finalize(s);

	/* a failed INSERT as a transaction's first statement */
	is_int(db_begin(a), DB_OK, "begin");
	is_int(run(a, "INSERT INTO kv (k, v) VALUES (?1, ?2)", "two", "dup"), DB_E_UNIQUE, "first statement fails as unique");
	ok(db_in_tx(a), "still in the transaction");
	is_int(run(a, "INSERT INTO kv (k, v) VALUES (?1, ?2)", "four", "4"), DB_DONE, "an INSERT after it");
	is_int(db_commit(a), DB_OK, "commit");
	is_int(count(b), 3, "the later INSERT is committed");

	/* wrong SQL inside a transaction is a query failure, and rollback clears it */
	is_int(db_begin(a), DB_OK, "begin");
	is_int(run(a, "SELEKT 1", NULL, NULL), DB_E_QUERY, "bad SQL: a query failure");
	is_int(db_rollback(a), DB_OK, "rollback");
	ok(!db_in_tx(a), "no transaction after it");
	is_int(count(a), 3, "the connection is usable");

	/* a statement marked DB_GENERIC is a statement like any other (SQLite reads a comment): a failed INSERT of
	 * them inside a transaction goes on too */
	is_int(db_begin(a), DB_OK, "begin");
	is_int(run(a, DB_GENERIC "INSERT INTO kv (k, v) VALUES (?1, ?2)", "one", "again"), DB_E_UNIQUE,
	       "a DB_GENERIC INSERT of a taken key: a unique failure");
	is_int(run(a, DB_GENERIC "UPDATE kv SET v = ?2 WHERE k = ?1", "one", "1"), DB_DONE, "a DB_GENERIC UPDATE after it");
	is_int(db_commit(a), DB_OK, "commit");
	is_int(count(b), 3, "the rows are as they were");
	if (test_db_is_pg())
		plan_modes(a);

	/* outside a transaction, a failed INSERT leaves nothing behind */
	is_int(run(a, "INSERT INTO kv (k, v) VALUES (?1, ?2)", "four", "x"), DB_E_UNIQUE, "autocommit: unique failure");
	ok(!db_in_tx(a), "no transaction left open");
	is_int(count(b), 3, "nothing changed");

	if (test_db_is_pg())
		lost_connection(a, b);
	db_close(b);
	db_close(a);
	if (!test_db_is_pg()) {
		char f[600];
		const char *ext[] = { "", "-wal", "-shm" };
		for (int i = 0; i < 3; i++) {
			snprintf(f, sizeof f, "%s/driver.db%s", dir, ext[i]);
			unlink(f);
		}
	}
	rmdir(dir);
	return done_testing();
}
