/* share_http.h: GET /s/TOKEN, the public read-only page of one shared article (svc/share.h). */
#ifndef LARDER_WEB_SHARE_HTTP_H
#define LARDER_WEB_SHARE_HTTP_H
#include <stdbool.h>
#include "web/graphql_http.h"
#include "web/request.h"
#include "web/response.h"

/* is this path a share page (/s/…)? */
bool web_share_route(const char *path);
/* answer it: the article's page, or the same 404 for any token that opens nothing */
void web_share_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a);
#endif
