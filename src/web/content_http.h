/* content_http.h: POST /api/content (signed download links for item content) and GET /api/content/download. */
#ifndef LARDER_WEB_CONTENT_HTTP_H
#define LARDER_WEB_CONTENT_HTTP_H
#include <stdbool.h>
#include "web/graphql_http.h"
#include "web/request.h"
#include "web/response.h"

/* is this path one of ours? */
bool web_content_route(const char *path);
/* answer the request (status, headers and body in res) */
void web_content_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a);
#endif
