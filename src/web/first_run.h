/* first_run.h: auth.fcgi's first-run page (/api/auth/setup): the first account made from the browser, for hosts without a shell; gone once an account exists. */
#ifndef LARDER_WEB_FIRST_RUN_H
#define LARDER_WEB_FIRST_RUN_H
#include "util/arena.h"
#include "web/graphql_http.h"
#include "web/request.h"
#include "web/response.h"

#define WEB_FIRST_RUN_PATH "/api/auth/setup"

/* GET: the form while no account exists, else 302 to /login. POST: the first account made (of two forms sent
 * at once, one wins) and logged in (303 to /home); once an account exists, 303 to /login and nothing made */
void web_first_run(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a);
#endif
