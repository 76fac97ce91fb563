/* fcgi_main.h: the shared main of the FastCGI programs. */
#ifndef LARDER_CMD_FCGI_MAIN_H
#define LARDER_CMD_FCGI_MAIN_H
#include "web/graphql_http.h"

/* loads larder.conf ($LARDER_CONFIG), the database and the schema, then serves every request with
 * handler (FastCGI accept loop, or one request when started as CGI); after a response that queued a
 * fetch, starts a detached fetch runner (fetch_in_web). With `--fetch-runner CONFIG` the program is that
 * runner (svc/jobs.h). `what` is the one-line description --help prints. Exit status. */
int fcgi_main(const char *prog, const char *what, int argc, char **argv, web_handler_fn handler);
#endif
