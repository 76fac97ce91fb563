/* response.h: building and sending one HTTP response (CGI "Status:" line, headers, body) and JSON error bodies. */
#ifndef LARDER_WEB_RESPONSE_H
#define LARDER_WEB_RESPONSE_H
#include <stdbool.h>
#include <stddef.h>
#include "util/arena.h"
#include "util/sb.h"
#include "web/request.h"

#define WEB_MAX_HEADERS 24

struct web_header {
	const char *name, *value;
};

struct web_response {
	int status;
	const char *content_type;      /* NULL: no body and no Content-Type */
	struct web_header headers[WEB_MAX_HEADERS];
	size_t nheaders;
	struct sb *body;               /* the caller's buffers (kept across requests) */
	struct sb *head;               /* scratch for the header block */
	char reason[512];              /* the message of an error response (for the log line) */
	int streamed;                  /* the handler wrote the whole response itself (a download streamed
	                                * through req->io): 1, or -1 when a write failed; nothing more is sent */
};

/* both buffers are emptied; the response starts as 200 with no content type */
void web_response_init(struct web_response *res, struct sb *body, struct sb *head);
/* add a header; the strings must live until sent. Values holding CR, LF or other control
 * characters are refused (the header is left out). Returns 0 or -1. */
int web_response_header(struct web_response *res, const char *name, const char *value);
/* the reason phrase of a status ("Unauthorized"), "Unknown" when not in the table */
const char *web_status_text(int status);
/* write status line, headers (with Content-Length) and body; 0 ok, -1 on a write error */
int web_response_send(struct web_response *res, struct web_io *io);

/* body {"errors":[{"message":…,"extensions":{"code":…}}]}: replaces the body, sets status and
 * content type (the given one, or application/json when NULL) */
void web_response_error(struct web_response *res, int status, const char *content_type,
                        const char *code, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* a 500 JSON error telling the client message, with the log line's reason from fmt (what failed) */
void web_response_fail(struct web_response *res, const char *content_type, const char *message,
                       const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* the same errors object alone, appended to b */
void web_json_error(struct sb *b, const char *code, const char *message);
#endif
