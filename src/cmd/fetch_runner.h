/* fetch_runner.h: fetches out of the web processes: start a detached runner after a save, and the runner's loop. */
#ifndef LARDER_FETCH_RUNNER_H
#define LARDER_FETCH_RUNNER_H
#include "store/store.h"
#include "util/config.h"

/* the argument that makes a FastCGI program a fetch runner: `PROG --fetch-runner CONFIG` */
#define FETCH_RUNNER_ARG "--fetch-runner"

/* remember this program's executable (from /proc/self/exe, else argv0 made absolute), once at start-up */
void fetch_runner_init(const char *argv0);
/* after a response that queued a fetch: when one of cfg->fetch_runners slots is free, start a runner
 * (this program re-executed, detached: double fork, setsid, no inherited descriptor) and return at once;
 * when none is free, start nothing: a running runner takes the job, or `larder worker` does */
void fetch_runner_start(const char *prog, const struct larder_config *cfg);
/* the runner: take a slot, run due jobs until none is left, then exit; 0, or 1 on a database error */
int fetch_runner_run(const char *prog, struct store *st, const struct larder_config *cfg);
#endif
