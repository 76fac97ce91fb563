/* fcgi_main.c: the main of every FastCGI program (graphql.fcgi, auth.fcgi, save.fcgi): load config, store and schema once, then serve requests over FastCGI (or one as CGI) and hand the fetches a save queued to a detached runner (with --fetch-runner, hand over to that runner, the larder-runner helper: the web programs link no fetcher). */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <syslog.h>
#include <unistd.h>
#include <fcgiapp.h>
#include "api/api.h"
#include "cmd/fcgi_main.h"
#include "cmd/start_check.h"
#include "store/store.h"
#include "svc/jobs.h"
#include "svc/svc.h"
#include "util/arena.h"
#include "util/config.h"
#include "util/libexec.h"
#include "util/limits.h"
#include "web/request.h"

/* the request loop: FastCGI, or one request as plain CGI; exit status */
static int serve(const char *prog, struct web_graphql *app, const struct larder_config *cfg, struct arena *arena,
                 web_handler_fn handler)
{
	struct web_io io;
	FCGX_Request rq;
	int rc;

	/* a web child never waits on the network: fetches, polls and feed discovery are the runner's (it links no
	 * fetcher: t/layers.sh checks that no web program needs libcurl) */
	if (FCGX_IsCGI()) {
		/* plain CGI: one request on the environment, stdin and stdout */
		web_io_cgi(&io);
		rc = web_serve(app, &io, arena, handler) < 0 ? 1 : 0;
		/* the body an early refusal left unread: a CGI program exiting before Apache wrote it all makes Apache
		 * reset the connection instead of passing the answer on (one early refusal in eight went unanswered) */
		web_io_cgi_drain(LIMIT_CGI_DRAIN);
		fflush(stdout); /* the whole answer is out before a runner is forked */
		svc_runner_after_request(prog, cfg);
		return rc;
	}
	if (FCGX_Init() != 0 || FCGX_InitRequest(&rq, 0, 0) != 0) {
		fprintf(stderr, "%s: FastCGI initialisation failed\n", prog);
		return 1;
	}
	while (FCGX_Accept_r(&rq) >= 0) {
		web_io_fcgx(&io, &rq);
		/* a failed write means the client went away: the next request is served */
		web_serve(app, &io, arena, handler);
		FCGX_Finish_r(&rq);
		arena_reset(arena);
		svc_runner_after_request(prog, cfg);
	}
	FCGX_Free(&rq, 1);
	return 0;
}

/* why the program cannot serve, on stderr (the web server's log, or spawn-fcgi -n's journal) and, when stderr is
 * /dev/null or closed (spawn-fcgi's default forking mode points it there), to syslog as well: a child that
 * dies at start is never silent */
static void start_failed(const char *prog, const char *msg)
{
	struct stat e, n;
	fprintf(stderr, "%s: cannot start: %s\n", prog, msg);
	if (fstat(STDERR_FILENO, &e) < 0 ||
	    (S_ISCHR(e.st_mode) && stat("/dev/null", &n) == 0 && S_ISCHR(n.st_mode) && e.st_rdev == n.st_rdev)) {
		openlog(prog, LOG_PID, LOG_DAEMON);
		syslog(LOG_ERR, "cannot start: %s", msg);
		closelog();
	}
}

/* LARDER_INIT=yes in the environment (a shared host's first run or upgrade, where no shell runs `larder init`):
 * create the database or apply its pending migrations before opening it, as `larder init` does */
static int init_if_asked(const char *prog, const struct larder_config *cfg)
{
	const char *v = getenv("LARDER_INIT");
	char err[512];
	if (v == NULL || strcmp(v, "yes") != 0)
		return 0;
	if (store_init(cfg->database, err, sizeof err) == STORE_OK)
		return 0;
	char msg[600];
	snprintf(msg, sizeof msg, "LARDER_INIT=yes, but the database cannot be made ready: %s", err);
	start_failed(prog, msg);
	return -1;
}

int fcgi_main(const char *prog, const char *what, int argc, char **argv, web_handler_fn handler)
{
	struct larder_config cfg;
	struct store *st = NULL;
	struct gql_schema *schema = NULL;
	struct web_graphql app;
	struct arena arena;
	bool runner = argc == 3 && strcmp(argv[1], SVC_RUNNER_ARG) == 0;
	char err[512];
	int rc = 1;

	if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		printf("usage: %s\n"
		       "       %s " SVC_RUNNER_ARG " CONFIG\n"
		       "%s, over FastCGI (or one request as CGI).\n"
		       "The configuration is read from $LARDER_CONFIG or %s/larder.conf.\n"
		       "With " SVC_RUNNER_ARG ", run the fetch jobs that are due, as `larder worker --once` does, within\n"
		       "larder.conf's fetch_runners slots (what the program starts by itself after a save), then exit.\n",
		       prog, prog, what, LARDER_SYSCONFDIR);
		return 0;
	}
	if (argc > 1 && !runner) {
		fprintf(stderr, "usage: %s (takes no arguments)\n", prog);
		return 2;
	}
	if (runner) {
		char helper[PATH_MAX];
		if (libexec_find(RUNNER_HELPER, "LARDER_RUNNER_HELPER", helper, sizeof helper))
			execv(helper, argv); /* the same arguments: it is still PROG --fetch-runner CONFIG to ps */
		fprintf(stderr, "%s: cannot run the fetch runner %s\n", prog, helper);
		return 1;
	}
	/* a client that goes away must not kill the worker */
	signal(SIGPIPE, SIG_IGN);
	svc_runner_init(argv[0]);

	/* a child that cannot serve says why on stderr, the web server's log (or spawn-fcgi -n's journal), and exits 1 */
	if (config_load(config_default_path(NULL), &cfg, err, sizeof err) != 0) {
		start_failed(prog, err);
		return 1;
	}
	if (init_if_asked(prog, &cfg) != 0)
		goto out;
	if (start_check(&cfg, err, sizeof err) < 0 || store_open(cfg.database, &st, err, sizeof err) != STORE_OK) {
		start_failed(prog, err);
		goto out;
	}
	svc_store_limits(st, &cfg);
	schema = api_schema_load(err, sizeof err);
	if (!schema) {
		start_failed(prog, err);
		goto out;
	}
	web_graphql_init(&app, prog, st, &cfg, schema);
	arena_init(&arena);
	arena.limit = LIMIT_GQL_REQUEST_ARENA;
	rc = serve(prog, &app, &cfg, &arena, handler);
	arena_free(&arena);
	web_graphql_free(&app);
out:
	gql_schema_free(schema);
	store_close(st);
	config_free(&cfg);
	return rc;
}
