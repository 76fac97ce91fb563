/* request.h: the one input layer: FastCGI/CGI params, headers, query string and body of a request. */
#ifndef LARDER_WEB_REQUEST_H
#define LARDER_WEB_REQUEST_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "util/arena.h"

struct FCGX_Request;

/* Where a request comes from and its response goes to: a FastCGI request or plain CGI
 * (environment, stdin, stdout). Only src/web/ looks inside. */
struct web_io {
	void *ctx;
	const char *(*param)(void *ctx, const char *name);       /* NULL when not set */
	long (*read)(void *ctx, char *buf, size_t n);            /* bytes, 0 at the end, <0 error */
	int (*write)(void *ctx, const char *buf, size_t n);      /* 0 ok, -1 error */
};
/* plain CGI: getenv, stdin, stdout */
void web_io_cgi(struct web_io *io);
/* one accepted FastCGI request */
void web_io_fcgx(struct web_io *io, struct FCGX_Request *rq);

enum web_method { WEB_M_OTHER, WEB_M_GET, WEB_M_HEAD, WEB_M_POST, WEB_M_PUT, WEB_M_DELETE,
                  WEB_M_PATCH, WEB_M_OPTIONS, WEB_M__MAX };
extern const char *const web_method_names[WEB_M__MAX];

/* The request as handlers see it. Strings are NUL-terminated, in the request arena (or the
 * server's parameter block, which lives as long as the request). */
struct web_request {
	struct web_io *io;
	enum web_method method;
	const char *method_name;       /* as sent ("" when missing) */
	const char *path;              /* request path without the query, repeated '/' collapsed */
	const char *uri;               /* REQUEST_URI as sent (query included), or the path */
	const char *query_string;      /* raw, "" when none */
	size_t query_len;
	bool query_too_long;           /* over LIMIT_QUERY_STRING: query_string is then "" */
	const char *content_type;      /* NULL when not sent */
	int64_t content_length;        /* -1 when not sent; -2 when not a number */
	const char *authorization;     /* header values; NULL when not sent */
	const char *cookie;
	const char *origin;
	const char *referer;
	const char *remote_user;       /* REMOTE_USER set by a web server that authenticated the user */
	bool https;                    /* the request came over TLS (HTTPS=on or REQUEST_SCHEME=https) */
	const char *accept;
	const char *ac_request_method; /* Access-Control-Request-Method */
	const char *ac_request_headers;/* Access-Control-Request-Headers */
	const char *remote_addr;
	const char *user_agent;        /* User-Agent (NULL: not sent, or over LIMIT_HEADER_VALUE: then ignored, not refused) */
	const char *long_header;       /* name of a header over LIMIT_HEADER_VALUE, else NULL */
	const char *body;              /* after web_request_read_body: NUL-terminated copy */
	size_t body_len;
	bool body_read;
};

/* Fill r from the io's params. Never fails: absent values are NULL/defaults. */
void web_request_init(struct web_request *r, struct web_io *io, struct arena *a);

enum web_body_rc { WEB_BODY_OK = 0, WEB_BODY_TOO_LARGE = -1, WEB_BODY_IO = -2, WEB_BODY_NOMEM = -3,
                   WEB_BODY_SHORT = -4 };
/* Read the body, at most `limit` bytes. A declared Content-Length over the limit is refused
 * before reading anything (WEB_BODY_TOO_LARGE); without a length, reading stops at limit+1. */
int web_request_read_body(struct web_request *r, struct arena *a, size_t limit);
/* CGI: read and drop what is left of the request body (CONTENT_LENGTH) after the answer, up to limit bytes, so the
 * server can finish writing it before the program exits (Apache resets the connection otherwise) */
void web_io_cgi_drain(size_t limit);

/* application/x-www-form-urlencoded pairs, decoded ('+' is a space, %XX escapes; a bad escape
 * stays as it is, as URLSearchParams does). Values are NUL-terminated; lengths count bytes
 * (a %00 makes a NUL inside). */
struct web_qparam {
	const char *name, *value;
	size_t name_len, value_len;
};
/* 0 ok, -1 out of memory */
int web_query_parse(struct arena *a, const char *qs, size_t len, struct web_qparam **out, size_t *n);
/* the first pair with this name, or NULL */
const struct web_qparam *web_query_get(const struct web_qparam *p, size_t n, const char *name);
/* percent-decode s[0..len) into a new NUL-terminated arena string; plus_space turns '+' into ' ' */
char *web_url_decode(struct arena *a, const char *s, size_t len, bool plus_space, size_t *outlen);
/* s percent-encoded for a query-string value (unreserved characters and '/' kept), in the arena;
 * NULL when the arena is exhausted */
char *web_url_encode(struct arena *a, const char *s);

/* case-insensitive comparison of a media type's essence ("type/subtype" before any ';') */
bool web_media_type_is(const char *header, const char *type);
/* the value of a parameter (e.g. "charset") of a media type, copied lower-cased into buf; false if absent */
bool web_media_type_param(const char *header, const char *param, char *buf, size_t len);
#endif
