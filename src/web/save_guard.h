/* save_guard.h: what keeps other sites from saving into a user's library through /api/save: the confirmation page with its CSRF token, and /api/save/token (the save token is checked by svc/savetoken.h). */
#ifndef LARDER_WEB_SAVE_GUARD_H
#define LARDER_WEB_SAVE_GUARD_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "store/store.h"
#include "web/graphql_http.h"
#include "web/request.h"
#include "web/response.h"

/* the confirmation form's CSRF token: HMAC-SHA256, under a server secret, of the session (its token's
 * hash) or, for a REMOTE_USER login without a session, of the user id. 0, or -1 when the store fails */
int web_save_csrf(struct store *st, const char *user_id, const char *session_hash, char out[65]);
/* does given[0..len) match web_save_csrf (constant-time) */
bool web_save_csrf_ok(struct store *st, const char *user_id, const char *session_hash, const char *given, size_t len);
/* the page asking "Save URL to your library?": the url, labels and state of q shown as text and
 * carried in a form that POSTs them back to /api/save with the CSRF token; notice (may be NULL) is
 * shown above them */
void web_save_confirm(struct web_response *res, const struct web_qparam *q, size_t n, const char *csrf,
                      const char *notice);
/* /api/save/token, for the settings page (the session cookie from our own site, or an API key):
 * GET tells whether there is a token and when it was made and last used, POST makes a new one
 * (the old one stops working) and answers it once, DELETE revokes it. JSON answers. */
void web_save_token_handle(struct web_graphql *app, struct web_request *req, struct web_response *res,
                           struct arena *a);
#endif
