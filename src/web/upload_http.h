/* upload_http.h: the HTTP side of PDFs: PUT /api/upload/TOKEN (the bytes of an uploadFileRequest) and GET /api/file/ITEMID (an item's PDF for its owner), served by graphql.fcgi. */
#ifndef LARDER_WEB_UPLOAD_HTTP_H
#define LARDER_WEB_UPLOAD_HTTP_H
#include <stdbool.h>
#include "web/graphql_http.h"
#include "web/request.h"
#include "web/response.h"

/* is this path one of ours (/api/upload/…, /api/file/…)? */
bool web_upload_route(const char *path);
/* answer the request (status, headers and body in res, or the file streamed) */
void web_upload_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a);
#endif
