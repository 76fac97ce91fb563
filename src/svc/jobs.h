/* jobs.h (svc): the fetch queue: one job step, the note a save leaves when it queued a fetch, and the detached runner a FastCGI program starts after answering. */
#ifndef LARDER_SVC_JOBS_H
#define LARDER_SVC_JOBS_H
#include <stdbool.h>
#include <stddef.h>
#include "store/store.h"
#include "util/arena.h"
#include "util/config.h"

/* the argument that makes a FastCGI program a fetch runner: `PROG --fetch-runner CONFIG` */
#define SVC_RUNNER_ARG "--fetch-runner"

/* ---- worker.c ---- */
/* runs one due fetch job to its end (stored, retried later, or FAILED): 1 when one ran, 0 when none was due,
 * -1 on a store failure (message in err) */
int svc_worker_step(struct store *st, const struct larder_config *cfg, struct arena *a, char *err, size_t errlen);

/* ---- runner.c ---- */
/* svc_save notes here (for the whole process) that it queued a fetch job; svc_fetch_queued_take says whether
 * one was noted since it last asked, and forgets the note */
void svc_fetch_queued_note(void);
bool svc_fetch_queued_take(void);

/* remember this program's executable (from /proc/self/exe, else argv0 made absolute), once at start-up */
void svc_runner_init(const char *argv0);
/* after a response is out: when a save queued a fetch since the last call and larder.conf's fetch_in_web is
 * set, start a runner if one of cfg->fetch_runners slots is free (this program re-executed with
 * SVC_RUNNER_ARG, detached: double fork, setsid, no inherited descriptor) and return at once; when none is
 * free, nothing is started: a running runner takes the job, or `larder worker` does. Clears the note. */
void svc_runner_after_request(const char *prog, const struct larder_config *cfg);
/* the runner: take a slot, run due jobs until none is left, then return; 0, or 1 on a database error */
int svc_runner_run(const char *prog, struct store *st, const struct larder_config *cfg);
#endif
