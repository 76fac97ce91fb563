/* health_http.h: GET /api/health, for load balancers and monitors: the database answers, its schema is current, the worker went round lately; JSON, no credentials, no user data. */
#ifndef LARDER_WEB_HEALTH_HTTP_H
#define LARDER_WEB_HEALTH_HTTP_H
#include <stdbool.h>
#include "web/graphql_http.h"
#include "web/request.h"
#include "web/response.h"

/* is this path ours? */
bool web_health_route(const char *path);
/* 200 when the database answers, can be written and has this program's schema ("status" "ok", or "degraded" when
 * larder worker has not gone round for WEB_HEALTH_WORKER_S seconds), else 503 ("fail"); 405 for a method other
 * than GET or HEAD */
void web_health_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a);
#define WEB_HEALTH_WORKER_S 300
#endif
