/* save_http.h: save.fcgi's handler: /api/save (saves and redirects to the reader, or asks first) and /api/save/token. */
#ifndef LARDER_WEB_SAVE_HTTP_H
#define LARDER_WEB_SAVE_HTTP_H
#include "web/graphql_http.h"
#include "web/request.h"
#include "web/response.h"

void web_save_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a);
#endif
