/* store_concurrent.c: several processes initialise and write one database at once (WAL + busy_timeout: no errors; PostgreSQL: savepoints and retries), ask for the first account at once (one is made), save the same URLs with the same new labels, and fill articles while relabelling them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "store/search.h"
#include "store/store.h"
#include "util/arena.h"
#include "util/crypto.h"
#include "util/limits.h"
#include "util/time.h"
#include "t/tap.h"
#include "t/test_db.h"

#define NPROC 4
#define NKEYS (LIMIT_APIKEYS_PER_USER / NPROC) /* one user's keys, all the writers' together: as many as allowed */

static char dir[] = "/tmp/larder-conc-XXXXXX";
static char path[256];

/* what one of the NPROC processes does on its own connection: its failures */
typedef int work_fn(struct store *st, struct arena *a, int id, const char *user_id);

/* a process's connection and arena around fn; exit status = failures (max 100) */
static int in_process(work_fn *fn, int id, const char *user_id)
{
	struct store *st;
	struct arena a;
	char err[512];
	int fails;
	arena_init(&a);
	if (store_open(path, &st, err, sizeof err) != STORE_OK) {
		fprintf(stderr, "process %d: %s\n", id, err);
		return 100;
	}
	fails = fn(st, &a, id, user_id);
	store_close(st);
	arena_free(&a);
	return fails > 100 ? 100 : fails;
}

/* fn in NPROC processes at once: how many of them failed */
static int wait_all(pid_t *pids, int n);
static int run_all(work_fn *fn, const char *user_id)
{
	pid_t pids[NPROC];
	fflush(stdout);
	for (int i = 0; i < NPROC; i++) {
		pids[i] = fork();
		if (pids[i] == 0)
			_exit(in_process(fn, i, user_id));
	}
	return wait_all(pids, NPROC);
}

/* the first-run page's account, asked for by every process at once: made, or refused because one exists */
static int first(struct store *st, struct arena *a, int id, const char *user_id)
{
	char name[32];
	struct store_user u;
	int rc;
	(void)user_id;
	snprintf(name, sizeof name, "first%d", id);
	rc = store_user_add_first(st, a, name, NULL, NULL, NULL, &u);
	if (rc != STORE_OK && rc != STORE_E_EXISTS)
		fprintf(stderr, "process %d: %s\n", id, store_errmsg(st));
	return rc == STORE_OK || rc == STORE_E_EXISTS ? 0 : 1;
}

/* creates, looks up and touches keys */
static int keys(struct store *st, struct arena *a, int id, const char *user_id)
{
	char name[32], key[64], hash[65];
	int fails = 0;
	for (int i = 0; i < NKEYS; i++) {
		struct store_apikey k;
		snprintf(name, sizeof name, "p%d-k%d", id, i);
		snprintf(key, sizeof key, "key-%d-%d", id, i);
		crypto_sha256_hex(key, strlen(key), hash);
		if (store_apikey_create(st, a, user_id, name, hash, NULL, STORE_NEVER_MS, &k) != STORE_OK) {
			fprintf(stderr, "keys %d: create: %s\n", id, store_errmsg(st));
			fails++;
			continue;
		}
		if (store_apikey_lookup(st, a, hash, &k, NULL) != STORE_OK)
			fails++;
		if (store_apikey_touch(st, k.id, time_now_ms(), 0) != STORE_OK) {
			fprintf(stderr, "keys %d: touch: %s\n", id, store_errmsg(st));
			fails++;
		}
		arena_reset(a);
	}
	return fails;
}

/* saves the same NSAVES URLs as every other process, each with the same two labels (made by whoever comes
 * first) */
#define NSAVES 15
static int saver(struct store *st, struct arena *a, int id, const char *user_id)
{
	static const char *labels[] = { "Shared", "Also shared" };
	char url[64];
	int fails = 0;
	for (int i = 0; i < NSAVES; i++) {
		struct store_save sv = { .user_id = user_id, .url = url, .labels = labels, .nlabels = 2 };
		struct store_item it;
		bool existed;
		snprintf(url, sizeof url, "https://same.example/%d", (i + id) % NSAVES);
		if (store_item_save(st, a, &sv, &it, &existed) != STORE_OK) {
			fprintf(stderr, "saver %d: save: %s\n", id, store_errmsg(st));
			fails++;
		}
		arena_reset(a);
	}
	return fails;
}

/* a worker filling the saved articles while a user relabels the same items, in the other order: on
 * PostgreSQL their row locks cross (library_items then item_search, item_labels then library_items), and a
 * deadlock the server breaks must be run again, not reach anyone as an error */
#define ROUNDS 12
static int64_t item_seq[NSAVES];
static const char *item_id[NSAVES];

static int crosser(struct store *st, struct arena *a, int id, const char *user_id)
{
	char text[64];
	int fails = 0;
	for (int r = 0; r < ROUNDS; r++)
		for (int k = 0; k < NSAVES; k++) {
			int i = id % 2 ? NSAVES - 1 - k : k, rc;
			if (id % 2 == 0) {
				snprintf(text, sizeof text, "round %d of article %d", r, i);
				struct store_article art = { .title = text, .content = "<p>filled</p>", .text = text, .words_count = 4 };
				rc = store_item_fill(st, item_seq[i], &art);
			} else {
				struct store_label_ref refs[] = { { NULL, "Shared", NULL }, { NULL, "Also shared", NULL } };
				struct store_label *out;
				size_t n;
				rc = store_item_set_labels(st, a, user_id, item_id[i], refs, 1 + (size_t)((r + k) % 2), &out, &n);
			}
			if (rc != STORE_OK) {
				fprintf(stderr, "crosser %d: %s\n", id, store_errmsg(st));
				fails++;
			}
			arena_reset(a);
		}
	return fails;
}

static int wait_all(pid_t *pids, int n)
{
	int bad = 0, status;
	for (int i = 0; i < n; i++) {
		if (waitpid(pids[i], &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
			bad++;
	}
	return bad;
}

int main(void)
{
	pid_t pids[NPROC];
	struct store *st;
	struct store_user u;
	struct store_apikey *list;
	struct arena a;
	size_t n;
	char err[512];

	arena_init(&a);
	if (!mkdtemp(dir))
		return 99;
	test_db_target(path, sizeof path, dir, "larder.db");
	fflush(stdout);

	/* concurrent `larder init` on a fresh path: every one succeeds, migrations applied once */
	for (int i = 0; i < NPROC; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			int rc = store_init(path, err, sizeof err);
			if (rc != STORE_OK)
				fprintf(stderr, "init %d: %s\n", i, err);
			_exit(rc == STORE_OK ? 0 : 1);
		}
	}
	is_int(wait_all(pids, NPROC), 0, "%d concurrent inits all succeed", NPROC);
	is_int(store_open(path, &st, err, sizeof err), STORE_OK, "database opens: %s", err);
	if (!st)
		return done_testing();
	is_int(run_all(first, NULL), 0, "%d processes ask for the first account at once: no errors", NPROC);
	{
		int made = 0;
		char name[32];
		for (int i = 0; i < NPROC; i++) {
			snprintf(name, sizeof name, "first%d", i);
			made += store_user_by_name(st, &a, name, &u) == STORE_OK;
		}
		is_int(made, 1, "one first account is made");
	}
	is_int(store_user_add(st, &a, "alice", NULL, NULL, NULL, &u), STORE_OK, "add a user");
	is_int(run_all(keys, u.id), 0, "%d writers, no busy or locked errors", NPROC);
	is_int(store_apikey_list(st, &a, u.id, &list, &n), STORE_OK, "list after the writers");
	is_int(n, NPROC * NKEYS, "every key written");
	{
		size_t used = 0;
		for (size_t i = 0; i < n; i++)
			used += list[i].used_ms > 0;
		is_int(used, NPROC * NKEYS, "every key touched");
	}
	is_int(run_all(saver, u.id), 0, "%d processes save the same URLs with the same new labels: no errors", NPROC);
	{
		struct store_search_req req = { .user_id = u.id, .limit = 1, .want_total = true };
		struct store_search_res res;
		struct store_label *labels;
		is_int(store_search(st, &a, &req, &res), STORE_OK, "search the library");
		is_int(res.total, NSAVES, "one item per URL");
		req.query = "label:shared label:\"also shared\"";
		is_int(store_search(st, &a, &req, &res), STORE_OK, "search by the labels");
		is_int(res.total, NSAVES, "every item has both labels");
		is_int(store_label_list(st, &a, u.id, &labels, &n), STORE_OK, "list the labels");
		is_int(n, 2, "each label made once");
		req.query = NULL;
		req.limit = NSAVES;
		req.want_total = false;
		is_int(store_search(st, &a, &req, &res), STORE_OK, "the items, for the next writers");
		for (size_t i = 0; i < res.n && i < NSAVES; i++) {
			item_seq[i] = res.items[i].seq;
			item_id[i] = res.items[i].id;
		}
	}
	is_int(run_all(crosser, u.id), 0, "workers fill and users relabel the same items at once: no errors");
	{
		struct store_search_req req = { .user_id = u.id, .query = "round", .limit = 1, .want_total = true };
		struct store_search_res res;
		is_int(store_search(st, &a, &req, &res), STORE_OK, "search the filled text");
		is_int(res.total, NSAVES, "every article has its text");
	}
	store_close(st);
	arena_free(&a);
	{
		char p[300];
		unlink(path);
		snprintf(p, sizeof p, "%s-wal", path);
		unlink(p);
		snprintf(p, sizeof p, "%s-shm", path);
		unlink(p);
		snprintf(p, sizeof p, "%s-writer.lock", path);
		unlink(p);
		rmdir(dir);
	}
	return done_testing();
}
