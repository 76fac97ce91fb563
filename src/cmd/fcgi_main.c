/* fcgi_main.c: the main of every FastCGI program (graphql.fcgi, auth.fcgi, save.fcgi): load config, store and schema once, then serve requests over FastCGI (or one as CGI) and run fetches a save queued. */
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcgiapp.h>
#include "api/api.h"
#include "cmd/fcgi_main.h"
#include "content/fetch.h"
#include "store/store.h"
#include "util/arena.h"
#include "util/config.h"
#include "util/limits.h"
#include "web/request.h"

#define INLINE_JOBS 4    /* fetch jobs run after a response that queued one */

/* the response is out: run the fetch that saveUrl queued (and a few more that are due), so saves complete
 * on hosts that run neither `larder worker` nor cron; a separate worker, if any, simply finds less to do */
static void run_queued(const char *prog, struct web_graphql *app, struct store *st, const struct larder_config *cfg,
                       struct arena *a)
{
	char err[256];
	if (!app->queued_fetch || !cfg->fetch_in_web)
		return;
	app->queued_fetch = false;
	for (int i = 0; i < INLINE_JOBS; i++) {
		int r = api_worker_step(st, cfg, a, err, sizeof err);
		arena_reset(a);
		malloc_trim(0); /* give a big page's parse trees back to the system before the next request */
		if (r < 0)
			fprintf(stderr, "%s: fetch job: %s\n", prog, err);
		if (r <= 0)
			break;
	}
}

int fcgi_main(const char *prog, const char *what, int argc, char **argv, web_handler_fn handler)
{
	struct larder_config cfg;
	struct store *st = NULL;
	struct gql_schema *schema;
	struct web_graphql app;
	struct web_io io;
	struct arena arena;
	const char *path;
	char err[512];
	int rc;

	if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		printf("usage: %s\n"
		       "%s, over FastCGI (or one request as CGI).\n"
		       "The configuration is read from $LARDER_CONFIG or %s/larder.conf.\n",
		       prog, what, LARDER_SYSCONFDIR);
		return 0;
	}
	if (argc > 1) {
		fprintf(stderr, "usage: %s (takes no arguments)\n", prog);
		return 2;
	}
	/* a client that goes away must not kill the worker */
	signal(SIGPIPE, SIG_IGN);

	path = config_default_path(NULL);
	if (config_load(path, &cfg, err, sizeof err) != 0) {
		fprintf(stderr, "%s: %s\n", prog, err);
		return 1;
	}
	rc = store_open(cfg.database, &st, err, sizeof err);
	if (rc != STORE_OK) {
		fprintf(stderr, "%s: %s\n", prog, err);
		config_free(&cfg);
		return 1;
	}
	api_store_limits(st, &cfg);
	schema = api_schema_load(err, sizeof err);
	if (!schema) {
		fprintf(stderr, "%s: schema: %s\n", prog, err);
		store_close(st);
		config_free(&cfg);
		return 1;
	}
	if (content_fetch_global_init() != 0) {
		fprintf(stderr, "%s: libcurl initialisation failed\n", prog);
		gql_schema_free(schema);
		store_close(st);
		config_free(&cfg);
		return 1;
	}
	web_graphql_init(&app, prog, st, &cfg, schema);
	arena_init(&arena);
	arena.limit = LIMIT_GQL_REQUEST_ARENA;

	if (FCGX_IsCGI()) {
		/* plain CGI: one request on the environment, stdin and stdout */
		web_io_cgi(&io);
		rc = web_serve(&app, &io, &arena, handler) < 0 ? 1 : 0;
		if (app.queued_fetch) { /* let the web server finish the response first */
			fflush(stdout);
			fclose(stdout);
			run_queued(prog, &app, st, &cfg, &arena);
		}
	} else {
		FCGX_Request rq;

		rc = 0;
		if (FCGX_Init() != 0 || FCGX_InitRequest(&rq, 0, 0) != 0) {
			fprintf(stderr, "%s: FastCGI initialisation failed\n", prog);
			rc = 1;
		} else {
			while (FCGX_Accept_r(&rq) >= 0) {
				web_io_fcgx(&io, &rq);
				/* a failed write means the client went away: the next request is served */
				web_serve(&app, &io, &arena, handler);
				FCGX_Finish_r(&rq);
				arena_reset(&arena);
				run_queued(prog, &app, st, &cfg, &arena);
			}
			FCGX_Free(&rq, 1);
		}
	}
	arena_free(&arena);
	web_graphql_free(&app);
	gql_schema_free(schema);
	store_close(st);
	config_free(&cfg);
	return rc;
}
