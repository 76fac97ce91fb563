/* graphql_http.h: GraphQL over HTTP for graphql.fcgi: methods, media types, status codes, CORS, auth, execution. */
#ifndef LARDER_WEB_GRAPHQL_HTTP_H
#define LARDER_WEB_GRAPHQL_HTTP_H
#include "gql/gql.h"
#include "store/store.h"
#include "util/arena.h"
#include "util/config.h"
#include "util/sb.h"
#include "web/request.h"

/* what graphql.fcgi keeps between requests */
struct web_graphql {
	struct store *store;
	const struct larder_config *cfg;
	const struct gql_schema *schema;
	const char *prog;              /* prefix of log lines */
	struct sb body, head;          /* response buffers, reused */
};

void web_graphql_init(struct web_graphql *app, const char *prog, struct store *st,
                      const struct larder_config *cfg, const struct gql_schema *schema);
void web_graphql_free(struct web_graphql *app);
/* the document budgets larder.conf sets (query_max_*), named by their keys in the error messages */
void web_gql_limits(const struct larder_config *cfg, struct gql_limits *lim);
/* Serve one request: it always gets an answer (a 500 JSON error when something fails inside),
 * errors are logged as one line on stderr. Returns the HTTP status sent, or -1 when the
 * response could not be written. The caller resets the arena afterwards. */
int web_graphql_serve(struct web_graphql *app, struct web_io *io, struct arena *a);

struct web_response;
struct web_request;
/* what a program does with one parsed request: fill in the response */
typedef void (*web_handler_fn)(struct web_graphql *app, struct web_request *req, struct web_response *res,
                               struct arena *a);
/* one request through handler: parse, answer, send, and log a line for errors; the HTTP status
 * sent, or -1 when the response could not be written */
int web_serve(struct web_graphql *app, struct web_io *io, struct arena *a, web_handler_fn handler);
/* graphql.fcgi's handler: /api/graphql, and /api/content (content_http.c) */
void web_graphql_route(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a);
#endif
