/* epub_http.h: GET or POST /api/export?format=epub&id=ITEM (or &q=QUERY): one article, a label or a search as an EPUB book, streamed. */
#ifndef LARDER_WEB_EPUB_HTTP_H
#define LARDER_WEB_EPUB_HTTP_H
#include <stdbool.h>
#include "web/authenticate.h"
#include "web/graphql_http.h"
#include "web/request.h"
#include "web/response.h"

/* does the /api/export request ask for an EPUB (format=epub in its query string)? */
bool web_export_epub_asked(const struct web_request *req, struct arena *a);
/* answer it for the authenticated user who: the book, or a JSON error before any of it is sent */
void web_export_epub(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a,
                     const struct web_authn *who);
#endif
