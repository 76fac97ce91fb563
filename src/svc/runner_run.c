/* runner_run.c (svc): the fetch runner itself (the larder-runner helper a web program starts after a save): due jobs run under one of the fetch_runners slots until none is left; apart from runner.c so the web programs, which only start runners, do not link the fetcher. */
#include <malloc.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <unistd.h>

#include "svc/feeds.h"
#include "svc/jobs.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/slots.h"
#include "util/time.h"

/* a free runner slot's descriptor, or -1 */
static int runner_slot(const struct larder_config *cfg)
{
	int fd = slots_take(cfg, "runner", cfg->fetch_runners);
	return fd < 0 ? -1 : fd;
}

static volatile sig_atomic_t stop_runner;

static void runner_signal(int sig)
{
	stop_runner = sig;
}

int svc_runner_run(const char *prog, struct store *st, const struct larder_config *cfg)
{
	struct arena a;
	char err[512];
	int rc = 0, slot = runner_slot(cfg);

	signal(SIGTERM, runner_signal);
	signal(SIGINT, runner_signal);
	signal(SIGPIPE, SIG_IGN);
	arena_init(&a);
	a.limit = LIMIT_GQL_REQUEST_ARENA;
	while (slot >= 0 && !stop_runner) {
		bool more = false;
		int r = svc_worker_step(st, cfg, &a, err, sizeof err);
		arena_reset(&a);
		malloc_trim(0);
		if (r > 0)
			continue;
		if (r < 0) {
			fprintf(stderr, "%s: fetch runner: %s\n", prog, err);
			rc = 1;
			break;
		}
		/* nothing due: merge the search index a step at a time, looking for new jobs between steps */
		if ((r = svc_worker_idle(st, err, sizeof err)) > 0)
			continue;
		if (r < 0)
			fprintf(stderr, "%s: fetch runner: %s\n", prog, err);
		/* nothing to claim: give the slot back, then look once more, so a job saved while every slot
		 * looked taken is not left behind (its saver found no slot; we see its job, or it saw ours free) */
		close(slot);
		slot = -1;
		if (store_work_claimable(st, time_now_ms(), (int)cfg->fetches_per_user, svc_feed_polls_allowed(st, cfg),
		                         &more) != STORE_OK) {
			fprintf(stderr, "%s: fetch runner: %s\n", prog, store_errmsg(st));
			rc = 1;
		} else if (more)
			slot = runner_slot(cfg);
	}
	if (slot >= 0)
		close(slot);
	arena_free(&a);
	return rc;
}
