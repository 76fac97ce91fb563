/* fuzz_store.h: a fuzz target's real SQLite database, made once in a temporary directory and removed at exit. */
#ifndef LARDER_FUZZ_STORE_H
#define LARDER_FUZZ_STORE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/store.h"

static struct store *fz_store;
static char fz_store_dir[64], fz_store_path[128];
static const char *fz_store_prog = "fuzz";

static void fz_store_cleanup(void)
{
	static const char *const sfx[] = { "", "-wal", "-shm", "-writer.lock" };
	char p[160];
	if (fz_store)
		store_close(fz_store);
	fz_store = NULL;
	if (!fz_store_path[0])
		return;
	for (size_t i = 0; i < sizeof sfx / sizeof sfx[0]; i++) {
		snprintf(p, sizeof p, "%s%s", fz_store_path, sfx[i]);
		unlink(p);
	}
	rmdir(fz_store_dir);
}

/* a set-up step failed: say which and stop (the fuzzer has nothing to run on) */
static void fz_store_fail(const char *what, const char *err)
{
	fprintf(stderr, "%s: set-up: %s: %s\n", fz_store_prog, what,
	        err ? err : (fz_store ? store_errmsg(fz_store) : ""));
	exit(1);
}

/* an empty, current database in /dev/shm (memory-backed) when it is writable, else $TMPDIR or /tmp; the path is
 * fz_store_path, the open store fz_store */
static struct store *fz_store_make(const char *prog)
{
	char err[512];
	const char *tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";

	fz_store_prog = prog;
	if (strlen(tmp) > 32)
		tmp = "/tmp";
	snprintf(fz_store_dir, sizeof fz_store_dir, "%s/%s.XXXXXX", tmp, prog);
	if (mkdtemp(fz_store_dir) == NULL)
		fz_store_fail("mkdtemp", fz_store_dir);
	snprintf(fz_store_path, sizeof fz_store_path, "%s/larder.db", fz_store_dir);
	atexit(fz_store_cleanup);
	if (store_init(fz_store_path, err, sizeof err) != STORE_OK)
		fz_store_fail("store_init", err);
	if (store_open(fz_store_path, &fz_store, err, sizeof err) != STORE_OK)
		fz_store_fail("store_open", err);
	return fz_store;
}

#endif
