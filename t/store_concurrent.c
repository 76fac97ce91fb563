/* store_concurrent.c: several processes initialise and write one database at once (WAL + busy_timeout: no errors). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "store/store.h"
#include "util/arena.h"
#include "util/crypto.h"
#include "util/time.h"
#include "t/tap.h"

#define NPROC 4
#define NKEYS 40

static char dir[] = "/tmp/larder-conc-XXXXXX";
static char path[256];

/* child: its own connection; creates, looks up and touches keys; exit status = failures (max 100) */
static int child(int id, const char *user_id)
{
	struct store *st;
	struct arena a;
	char err[512], name[32], key[64], hash[65];
	int fails = 0;

	arena_init(&a);
	if (store_open(path, &st, err, sizeof err) != STORE_OK) {
		fprintf(stderr, "child %d: %s\n", id, err);
		return 100;
	}
	for (int i = 0; i < NKEYS; i++) {
		struct store_apikey k;
		snprintf(name, sizeof name, "p%d-k%d", id, i);
		snprintf(key, sizeof key, "key-%d-%d", id, i);
		crypto_sha256_hex(key, strlen(key), hash);
		if (store_apikey_create(st, &a, user_id, name, hash, NULL, STORE_NEVER_MS, &k) != STORE_OK) {
			fprintf(stderr, "child %d: create: %s\n", id, store_errmsg(st));
			fails++;
			continue;
		}
		if (store_apikey_lookup(st, &a, hash, &k, NULL) != STORE_OK)
			fails++;
		if (store_apikey_touch(st, k.id, time_now_ms(), 0) != STORE_OK) {
			fprintf(stderr, "child %d: touch: %s\n", id, store_errmsg(st));
			fails++;
		}
		arena_reset(&a);
	}
	store_close(st);
	arena_free(&a);
	return fails > 100 ? 100 : fails;
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
	if (getenv("LARDER_TEST_PG")) /* an empty PostgreSQL database to run against instead (t/store_pg.sh) */
		snprintf(path, sizeof path, "%s", getenv("LARDER_TEST_PG"));
	else
		snprintf(path, sizeof path, "%s/larder.db", dir);
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
	is_int(store_user_add(st, &a, "alice", NULL, NULL, NULL, &u), STORE_OK, "add a user");
	fflush(stdout);

	for (int i = 0; i < NPROC; i++) {
		pids[i] = fork();
		if (pids[i] == 0)
			_exit(child(i, u.id));
	}
	is_int(wait_all(pids, NPROC), 0, "%d writers, no busy or locked errors", NPROC);
	is_int(store_apikey_list(st, &a, u.id, &list, &n), STORE_OK, "list after the writers");
	is_int(n, NPROC * NKEYS, "every key written");
	{
		size_t used = 0;
		for (size_t i = 0; i < n; i++)
			used += list[i].used_ms > 0;
		is_int(used, NPROC * NKEYS, "every key touched");
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
