/* fcgi_main.h: the shared main of the FastCGI programs. */
#ifndef LARDER_CMD_FCGI_MAIN_H
#define LARDER_CMD_FCGI_MAIN_H
#include "web/graphql_http.h"

/* the fetch runner's program (src/cmd/larder_runner.c), installed in $(pkglibexecdir) beside the FastCGI ones */
#define RUNNER_HELPER "larder-runner"

/* loads larder.conf ($LARDER_CONFIG), the database and the schema, then serves every request with
 * handler (FastCGI accept loop, or one request when started as CGI); after a response that queued a
 * fetch, starts a detached fetch runner (fetch_in_web). With `--fetch-runner CONFIG` the program hands over to
 * that runner (larder-runner, svc/jobs.h) with the same arguments. `what` is the one-line description --help prints. Exit status. */
int fcgi_main(const char *prog, const char *what, int argc, char **argv, web_handler_fn handler);
#endif
