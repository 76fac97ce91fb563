/* auth_http.h: auth.fcgi's handler: login (password, throttling, session cookie), logout, signup when allowed. */
#ifndef LARDER_WEB_AUTH_HTTP_H
#define LARDER_WEB_AUTH_HTTP_H
#include "web/graphql_http.h"
#include "web/request.h"
#include "web/response.h"

void web_auth_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a);
#endif
