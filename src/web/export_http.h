/* export_http.h: GET or POST /api/export: the signed-in user's library downloaded as Omnivore's export zip. */
#ifndef LARDER_WEB_EXPORT_HTTP_H
#define LARDER_WEB_EXPORT_HTTP_H
#include <stdbool.h>
#include "web/graphql_http.h"
#include "web/request.h"
#include "web/response.h"

/* is this path ours? */
bool web_export_route(const char *path);
/* answer the request: the zip streamed through req->io as it is made (res->streamed), or an error in res */
void web_export_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a);
#endif
