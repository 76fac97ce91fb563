/* store_batches.c: the long deletes (emptyTrash, the purge of old trash, deleteAccount) go in transactions of LIMIT_DELETE_BATCH items, another connection writes between two of them, every row goes in the end, and a deletion cut short after a batch finishes when asked again. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "store/store_int.h"
#include "util/arena.h"
#include "util/limits.h"
#include "t/tap.h"
#include "t/test_db.h"

static char dir[] = "/tmp/larder-batches-XXXXXX";
static char path[256];

static void cleanup(void)
{
	test_db_remove(path, dir);
}

/* one statement with ?1 (and ?2) bound to texts, the first column of its one row (-1: failed) */
static int64_t sql_int(struct store *st, const char *sql, const char *p1, const char *p2)
{
	struct db_stmt *s;
	int64_t v = -1;
	int rc;
	if (db_prepare(st->db, sql, false, &s) != DB_OK)
		return -1;
	if (p1)
		db_bind_text(s, 1, p1);
	if (p2)
		db_bind_text(s, 2, p2);
	rc = db_step(s);
	if (rc == DB_ROW)
		v = db_col_int64(s, 0);
	else if (rc == DB_DONE)
		v = db_changes(st->db);
	db_finalize(s);
	return v;
}

/* n items of the user, numbered from first; `deleted` of them (the first ones) in the trash since `at` */
static void items(struct store *st, const char *user, int first, int n, int deleted, const char *at)
{
	char sql[1024];
	snprintf(sql, sizeof sql,
	         "WITH RECURSIVE n(i) AS (SELECT %d UNION ALL SELECT i + 1 FROM n WHERE i < %d)"
	         " INSERT INTO library_items (id, user_id, url, url_hash, slug, title, saved_at, created_at, updated_at,"
	         " deleted_at) SELECT ?1 || '-' || i, ?1, 'https://e.example/' || i, 'h' || i, 's-' || i, 't', 1, 1, 1,"
	         " CASE WHEN i < %d THEN CAST(?2 AS INTEGER) END FROM n",
	         first, first + n - 1, first + deleted);
	is_int(sql_int(st, sql, user, at), n, "%d items of %.8s, %d in the trash", n, user, deleted);
}

static int64_t count(struct store *st, const char *sql, const char *user)
{
	return sql_int(st, sql, user, NULL);
}

/* the hook: each batch's running total, and a write of another user's on a second connection meanwhile (on
 * SQLite it would wait for ever were the batch's transaction, and the writer lock, still held: alarm) */
struct watch { struct store *other; const char *other_user; int64_t done[16]; int n, labels; };

static void on_batch(void *arg, int64_t done)
{
	struct watch *w = arg;
	struct arena a;
	struct store_label l;
	char name[32];
	static int k;
	if (w->n < 16)
		w->done[w->n] = done;
	w->n++;
	arena_init(&a);
	snprintf(name, sizeof name, "between-%d", ++k);
	alarm(20);
	w->labels += store_label_create(w->other, &a, w->other_user, name, NULL, NULL, &l) == STORE_OK;
	alarm(0);
	arena_free(&a);
}

static void die(void *arg, int64_t done)
{
	(void)arg;
	(void)done;
	_exit(0);
}

/* a deleteAccount the process dies in after its first batch (as in a crash), then asked again */
static void crash_and_retry(struct store *st, const char *user)
{
	pid_t pid;
	int status = -1;
	fflush(stdout);
	if ((pid = fork()) == 0) {
		struct store *c = NULL;
		char err[256];
		if (store_open(path, &c, err, sizeof err) != STORE_OK)
			_exit(2);
		store_set_batch_hook(c, die, NULL);
		store_user_delete(c, user);
		_exit(3);
	}
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0, "a deletion dies after its first batch (status %d)", status);
	is_int(count(st, "SELECT count(*) FROM users WHERE id = ?1", user), 1, "crashed: the user is still there");
	is_int(count(st, "SELECT count(*) FROM library_items WHERE user_id = ?1", user), 1100 - LIMIT_DELETE_BATCH,
	       "crashed: one batch of items went");
	is_int(count(st, "SELECT count(*) FROM sessions WHERE user_id = ?1", user), 0, "crashed: no session is left");
	is_int(count(st, "SELECT count(*) FROM api_keys WHERE user_id = ?1", user), 0, "crashed: no key is left");
	is_int(store_user_delete(st, user), STORE_OK, "asked again, the deletion finishes");
	is_int(count(st, "SELECT count(*) FROM library_items WHERE user_id = ?1", user), 0, "retried: no item is left");
	is_int(count(st, "SELECT count(*) FROM users WHERE id = ?1", user), 0, "retried: the user is gone");
	is_int(store_user_delete(st, user), STORE_E_NOTFOUND, "a third time: no such user");
}

int main(void)
{
	struct store *st = NULL, *other = NULL;
	struct arena a;
	struct store_user u1, u2, u3;
	struct store_apikey key;
	char err[512];
	int64_t purged;

	arena_init(&a);
	if (!mkdtemp(dir))
		return 99;
	test_db_target(path, sizeof path, dir, "larder.db");
	is_int(store_init(path, err, sizeof err), STORE_OK, "init: %s", err);
	is_int(store_open(path, &st, err, sizeof err), STORE_OK, "open: %s", err);
	is_int(store_open(path, &other, err, sizeof err), STORE_OK, "a second connection: %s", err);
	is_int(store_user_add(st, &a, "alice", NULL, NULL, NULL, &u1), STORE_OK, "alice");
	is_int(store_user_add(st, &a, "bob", NULL, NULL, NULL, &u2), STORE_OK, "bob");
	is_int(store_user_add(st, &a, "carol", NULL, NULL, NULL, &u3), STORE_OK, "carol");

	/* emptyTrash: 1,250 of alice's 1,350 items in the trash, and 10 of bob's */
	items(st, u1.id, 1, 1350, 1250, "5000");
	items(st, u2.id, 1, 30, 10, "5000");
	struct watch w = { .other = other, .other_user = u2.id };
	store_set_batch_hook(st, on_batch, &w);
	is_int(store_trash_empty(st, u1.id, &purged), STORE_OK, "alice empties her trash");
	is_int(purged, 1250, "every item of her trash went");
	is_int(w.n, 3, "in 3 transactions of at most %d items", LIMIT_DELETE_BATCH);
	is_int(w.done[0], 500, "the first removed 500");
	is_int(w.done[1], 1000, "the second 500 more");
	is_int(w.done[2], 1250, "the last the 250 left");
	is_int(w.labels, 3, "bob made a label between each two (another connection, its own write transaction)");
	is_int(count(st, "SELECT count(*) FROM library_items WHERE user_id = ?1", u1.id), 100, "alice's 100 others stay");
	is_int(count(st, "SELECT count(*) FROM item_tombstones WHERE user_id = ?1", u1.id), 1250, "a tombstone each");
	is_int(count(st, "SELECT count(*) FROM library_items WHERE user_id = ?1 AND deleted_at IS NOT NULL", u2.id), 10,
	       "bob's trash is untouched");
	w.n = 0;
	is_int(store_trash_empty(st, u1.id, &purged), STORE_OK, "an empty trash emptied");
	is_int(purged, 0, "nothing to remove");
	is_int(w.n, 0, "and no batch");

	/* the purge of old trash, every user's: 1,100 items deleted at the same instant (a bulk delete) and bob's 10 */
	items(st, u3.id, 1, 1200, 1100, "3000");
	w = (struct watch){ .other = other, .other_user = u2.id };
	is_int(store_trash_purge(st, 5000, &purged), STORE_OK, "purge what was deleted before 5000");
	is_int(purged, 1100, "carol's 1,100 went (deleted at 3000); bob's (at 5000) stay");
	is_int(w.n, 3, "in 3 transactions (ties of deleted_at are cut by seq)");
	is_int(w.done[0], 500, "500 first");
	is_int(w.labels, 3, "bob wrote between them");
	is_int(count(st, "SELECT count(*) FROM item_tombstones WHERE user_id = ?1", u3.id), 1100, "a tombstone each");
	is_int(count(st, "SELECT count(*) FROM library_items WHERE user_id = ?1 AND deleted_at IS NOT NULL", u2.id), 10,
	       "bob's newer trash stays");

	/* deleteAccount: carol's 100 items left, 1,000 more; a session and a key */
	items(st, u3.id, 2000, 1000, 0, "0");
	is_int(store_session_create(st, u3.id, "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
	                            4102444800000), STORE_OK, "carol's session");
	is_int(store_apikey_create(st, &a, u3.id, "k", "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210",
	                           NULL, 0, &key), STORE_OK, "carol's key");
	w = (struct watch){ .other = other, .other_user = u2.id };
	store_set_batch_hook(st, NULL, NULL);
	crash_and_retry(st, u3.id);

	items(st, u1.id, 5000, 1000, 0, "0");
	store_set_batch_hook(st, on_batch, &w);
	is_int(store_user_delete(st, u1.id), STORE_OK, "alice deletes her account (1,100 items)");
	is_int(w.n, 3, "her items went in 3 transactions");
	is_int(w.labels, 3, "bob wrote between them");
	is_int(count(st, "SELECT count(*) FROM library_items WHERE user_id = ?1", u1.id), 0, "none of her items is left");
	is_int(count(st, "SELECT count(*) FROM users WHERE id = ?1", u1.id), 0, "nor her user");
	is_int(count(st, "SELECT count(*) FROM library_items WHERE user_id = ?1", u2.id), 30, "bob's items stay");
	is_int(count(st, "SELECT count(*) FROM labels WHERE user_id = ?1", u2.id), 9, "with his 9 labels");

	store_close(other);
	store_close(st);
	arena_free(&a);
	if (!test_db_is_pg())
		cleanup();
	else
		rmdir(dir);
	return done_testing();
}
