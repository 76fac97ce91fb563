/* larder_runner.c: larder-runner, the detached fetch runner a web program starts after a save (`PROG --fetch-runner CONFIG` hands over to it): the due fetch, feed and import jobs within larder.conf's fetch_runners slots, then exit; the one program beside `larder` that links the fetcher and the readers. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cmd/start_check.h"
#include "content/fetch/fetch.h"
#include "store/store.h"
#include "svc/jobs.h"
#include "svc/svc.h"
#include "util/config.h"

int main(int argc, char **argv)
{
	/* messages name the web program that started the runner, as when it ran the jobs itself */
	const char *slash = argc > 0 ? strrchr(argv[0], '/') : NULL, *prog = slash ? slash + 1 : argc > 0 ? argv[0] : "";
	struct larder_config cfg;
	struct store *st = NULL;
	char err[512];
	int rc = 1;

	if (argc != 3 || strcmp(argv[1], SVC_RUNNER_ARG) != 0) {
		fprintf(stderr, "usage: larder-runner " SVC_RUNNER_ARG " CONFIG\n"
		                "Runs the fetch jobs that are due, as `larder worker --once` does, within larder.conf's\n"
		                "fetch_runners slots, then exits: what graphql.fcgi, save.fcgi and auth.fcgi start after a save.\n");
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	if (config_load(argv[2], &cfg, err, sizeof err) != 0) {
		fprintf(stderr, "%s: %s\n", prog, err);
		return 1;
	}
	/* the runner is a new process: a database made read-only or deleted since the web program started shows here */
	if (start_check(&cfg, err, sizeof err) < 0 || store_open(cfg.database, &st, err, sizeof err) != STORE_OK)
		fprintf(stderr, "%s: fetch runner cannot start: %s\n", prog, err);
	else if (content_fetch_global_init() != 0)
		fprintf(stderr, "%s: libcurl initialisation failed\n", prog);
	else {
		svc_store_limits(st, &cfg);
		rc = svc_runner_run(prog, st, &cfg);
	}
	store_close(st);
	config_free(&cfg);
	return rc;
}
