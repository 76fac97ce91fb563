/* larder_worker.c: `larder worker [--once]`: runs the fetch queue continuously, merging the search index when idle, or drains what is due (and the merge) and exits (for cron). */
#include <errno.h>
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cmd/start_check.h"
#include "cmd/larder_worker.h"
#include "content/fetch/fetch.h"
#include "store/store.h"
#include "svc/jobs.h"
#include "svc/library.h"
#include "svc/svc.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/time.h"

#define POLL_MS 2000      /* how often an idle worker looks for new jobs */
#define PURGE_MS (3600 * 1000) /* how often a running worker empties the trash of old items */
#define SEEN_MS (10 * 1000) /* how often it notes that it runs (store_worker_seen: larder status, /api/health) */

/* items deleted more than LIMIT_TRASH_DAYS ago leave the trash for good (tombstones remain) */
static int empty_trash(struct store *st, bool verbose)
{
	int64_t n;
	if (svc_trash_purge(st, time_now_ms(), &n) != STORE_OK) {
		fprintf(stderr, "larder worker: emptying the trash: %s\n", store_errmsg(st));
		return -1;
	}
	if (verbose && n > 0)
		fprintf(stderr, "larder worker: %lld item%s purged from the trash\n", (long long)n, n == 1 ? "" : "s");
	return 0;
}

static volatile sig_atomic_t stopping;

static void on_signal(int sig)
{
	(void)sig;
	stopping = 1;
}

static void sleep_ms(int64_t ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L };
	while (!stopping && nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

int larder_cmd_worker(const struct larder_config *c, int argc, char **argv)
{
	struct store *st = NULL;
	struct arena a;
	struct sigaction sa;
	char err[512];
	bool once = false, verbose = false;
	long done = 0;
	int rc = 0;

	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--once") == 0)
			once = true;
		else if (strcmp(argv[i], "--verbose") == 0 || strcmp(argv[i], "-v") == 0)
			verbose = true;
		else {
			fprintf(stderr, "larder: unknown option %s\nusage: %s\n", argv[i], LARDER_WORKER_USAGE);
			return 2;
		}
	}
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	if (content_fetch_global_init() != 0) {
		fprintf(stderr, "larder: libcurl initialisation failed\n");
		return 1;
	}
	if (start_check(c, err, sizeof err) < 0 || store_open(c->database, &st, err, sizeof err) != STORE_OK) {
		fprintf(stderr, "larder: worker cannot start: %s\n", err);
		return 1;
	}
	svc_store_limits(st, c);
	arena_init(&a);
	a.limit = LIMIT_GQL_REQUEST_ARENA;
	int64_t purged_at = time_now_ms(), seen_at = 0;
	if (empty_trash(st, verbose || once) < 0 && once)
		rc = 1;
	while (!stopping) {
		if (time_now_ms() - purged_at >= PURGE_MS) {
			empty_trash(st, verbose);
			purged_at = time_now_ms();
		}
		/* larder status and /api/health read when the worker last went round (one small write now and then) */
		if (time_now_ms() - seen_at >= SEEN_MS) {
			store_worker_seen(st, time_now_ms());
			seen_at = time_now_ms();
		}
		int r = svc_worker_step(st, c, &a, err, sizeof err);
		arena_reset(&a);
		malloc_trim(0); /* a big page's parse trees go back to the system, not just to malloc */
		if (r > 0) {
			done++;
			continue;
		}
		if (r < 0) { /* a database problem (e.g. locked for too long): log it, wait, go on */
			fprintf(stderr, "larder worker: %s\n", err);
			if (once) {
				rc = 1;
				break;
			}
		}
		/* nothing due: a step of the search index's merge, and the next look at once while more is left
		 * (--once too: it ends when no job is due and the index is merged) */
		if (r == 0) {
			int m = svc_worker_idle(st, err, sizeof err);
			if (m > 0)
				continue;
			if (m < 0)
				fprintf(stderr, "larder worker: %s\n", err);
		}
		if (once)
			break;
		sleep_ms(POLL_MS);
	}
	if (verbose || once)
		fprintf(stderr, "larder worker: %ld job%s run\n", done, done == 1 ? "" : "s");
	arena_free(&a);
	store_close(st);
	return rc;
}
