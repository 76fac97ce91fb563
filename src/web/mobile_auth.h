/* mobile_auth.h: the sign-in of Omnivore's Android and iOS apps (POST /api/mobile-auth/email-sign-in and email-sign-up, JSON) and the token check they and the browser extension make (GET /api/auth/verify), answered by auth.fcgi. */
#ifndef LARDER_WEB_MOBILE_AUTH_H
#define LARDER_WEB_MOBILE_AUTH_H
#include <stdbool.h>
#include "util/arena.h"
#include "web/graphql_http.h"
#include "web/request.h"
#include "web/response.h"

/* Answers req into res and returns true when its path is one of the three; false (res untouched) otherwise.
 * A sign-in is svc_login's (a username or an e-mail address, throttled as the login form is): its session token is
 * answered as {"authToken": TOKEN, "authCookieString": the session cookie}, and the apps send it in Authorization
 * (web_authenticate takes a session token there as it takes an API key). A refusal is 403
 * {"errorCodes":["AUTH_FAILED"]} as Omnivore answers; a wait is 429 with Retry-After. */
bool web_mobile_auth_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a);
#endif
