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
/* claims the next job of the one queue (store_work_claim: fair between users, interactive saves first, every
 * kind within fetches_per_user) and runs it to its end: a fetch (stored, retried later, or FAILED), a feed's
 * poll (svc_feed_poll_job), a scan (svc_feed_scan_job) or an import (svc_import_job): 1 when one ran, 0 when
 * none was due, -1 on a store failure (message in err) */
int svc_worker_step(struct store *st, const struct larder_config *cfg, struct arena *a, char *err, size_t errlen);
/* when svc_worker_step found nothing due: one bounded step of the search index's merge (store_search_merge,
 * LIMIT_SEARCH_MERGE_PAGES pages, its own short write), so an index written save by save stays quick to read:
 * 1 when more is left to merge, 0 when nothing is, -1 on a store failure (message in err) */
int svc_worker_idle(struct store *st, char *err, size_t errlen);

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

/* ---- import_job.c: imports uploaded through the web, run by the fetch runner or `larder worker` ---- */
#include "store/store.h"
/* where the one-time upload URL of an import points, followed by its token */
#define SVC_IMPORT_UPLOAD_PATH "/api/import/upload/"
/* how long an upload URL works */
#define SVC_IMPORT_UPLOAD_TTL_MS (60 * 60 * 1000)

/* a new import of user_id waiting for its file (format: a format's name, or NULL: found from the file):
 * *token (64 hex digits, kept only as its hash) is what the file is PUT with; 0, -1 when the store failed,
 * or -2 with *msg naming imports_pending_per_user when the user has that many imports waiting or running */
int svc_import_begin_upload(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                            const char *format, const char **token, struct store_import_job *job, const char **msg);

enum svc_upload_status {
	SVC_UPLOAD_OK,          /* stored: the import is queued (*job) and a runner is noted to start */
	SVC_UPLOAD_UNKNOWN,     /* no import waits for this token (never made, used, or expired) */
	SVC_UPLOAD_TOO_LARGE,   /* over import_max_bytes: nothing kept */
	SVC_UPLOAD_FAILED,      /* the file could not be written or read, or the store failed: *msg says which */
};
/* the file of the import waiting for token, read with read(ctx, buf, n) (bytes, 0 at the end, < 0 an error;
 * declared_len < 0: unknown) into the imports folder beside the database */
enum svc_upload_status svc_import_receive(struct store *st, const struct larder_config *cfg, struct arena *a,
                                          const char *token, int64_t declared_len,
                                          long (*read)(void *ctx, char *buf, size_t n), void *ctx,
                                          struct store_import_job *job, const char **msg);
/* a running import is taken up again by another runner after this */
#define SVC_IMPORT_LEASE_MS (60 * 60 * 1000)
/* runs the import of a claimed job (its own memory; the file removed once read) to its end, then ends the job:
 * 1, or -1 on a store failure (message in err). svc_worker_step calls it for a job of kind "import". */
int svc_import_job(struct store *st, const struct larder_config *cfg, const struct store_work *w, char *err,
                   size_t errlen);
#endif
