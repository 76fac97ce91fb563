/* import_http.h: the HTTP side of imports: PUT /api/import/upload/TOKEN (the file of an uploadImportFile), GET /api/import/ID (an import's status and report) and GET /api/import/usage (the user's usage against the quotas), served by graphql.fcgi. */
#ifndef LARDER_WEB_IMPORT_HTTP_H
#define LARDER_WEB_IMPORT_HTTP_H
#include <stdbool.h>
#include "web/graphql_http.h"
#include "web/request.h"
#include "web/response.h"

/* is this path one of ours (/api/import/…)? */
bool web_import_route(const char *path);
/* answer the request (status, headers and body in res) */
void web_import_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a);
#endif
