/* fetch.h: fetch one web page over http(s) with libcurl: limits, an SSRF guard on every connection, our own redirect loop, UTF-8 decoding. */
#ifndef LARDER_CONTENT_FETCH_H
#define LARDER_CONTENT_FETCH_H
#include <stdbool.h>
#include <stddef.h>

struct arena;
struct larder_config;
struct netaddr_allow;

struct fetch_opts {
	long connect_timeout_ms;     /* 0: LIMIT_FETCH_CONNECT_MS (never more than the total) */
	long total_timeout_ms;       /* the whole fetch, every redirect included; 0: LIMIT_FETCH_TOTAL_MS */
	size_t max_bytes;            /* body cap after content decoding; 0: LIMIT_FETCH_BYTES */
	int max_redirects;           /* 0: LIMIT_FETCH_REDIRECTS; negative: follow none */
	const struct netaddr_allow *allow; /* non-public addresses we may reach (NULL: public ones only) */
	const char *user_agent;      /* NULL: "Mozilla/5.0 (compatible; Larder/VERSION; +read-it-later)" */
	bool feed;                   /* a feed: XML and JSON content types are taken too, and asked for first */
	bool pdf;                    /* application/pdf is taken too: body holds its bytes, html stays NULL */
	const char *if_none_match;   /* conditional GET: an ETag (If-None-Match) and ... */
	const char *if_modified_since; /* ... a Last-Modified date (If-Modified-Since); a 304 is then a success */
};

enum fetch_err {
	FETCH_OK,
	FETCH_E_URL,        /* not a URL we fetch: syntax, scheme other than http(s), credentials, too long */
	FETCH_E_PRIVATE,    /* the host is, or resolves to, a non-public address that is not allowed */
	FETCH_E_DNS,        /* the host name does not resolve */
	FETCH_E_CONNECT,    /* no connection (refused, unreachable, reset) */
	FETCH_E_TIMEOUT,    /* connect or total timeout, or a transfer slower than the low-speed limit */
	FETCH_E_TOO_LARGE,  /* body (or Content-Length, or headers) over the cap */
	FETCH_E_REDIRECTS,  /* more redirects than max_redirects (loops end here too) */
	FETCH_E_HTTP,       /* final status not 2xx (e.g. 404, 500, 429, a redirect without Location) */
	FETCH_E_TYPE,       /* content type not text/html, application/xhtml+xml or text/plain */
	FETCH_E_TLS,        /* TLS handshake or certificate failure */
	FETCH_E_NOMEM,      /* the arena is exhausted */
	FETCH_E_OTHER,      /* anything else libcurl reports (protocol errors, ...) */
	FETCH_E_OFFLINE,    /* this process is a web child (content_fetch_forbid): it never fetches */
	FETCH_E__MAX
};

/* "ok", "url", "private", "dns", "connect", "timeout", "too_large", "redirects", "http", "type",
 * "tls", "nomem", "other", "offline" (stable names for logs and the job table); "?" out of range */
const char *content_fetch_err_name(enum fetch_err e);

struct fetch_result {
	long status;                 /* HTTP status of the last response (0: none) */
	const char *final_url;       /* the last URL requested, or the redirect target refused */
	const char *content_type;    /* Content-Type of the last response, or NULL */
	const char *content_language; /* the first tag of the last response's Content-Language ("de-DE"), or NULL */
	char *body;                  /* raw bytes (content-decoded), NUL-terminated, in the arena */
	size_t len;
	char *html;                  /* body decoded to UTF-8 (charset_to_utf8), NUL-terminated */
	size_t html_len;
	const char *charset;         /* the encoding body was decoded from (canonical name) */
	int redirects;               /* redirects followed */
	enum fetch_err err;
	const char *message;         /* NULL on success, else a sentence ("refused: 127.0.0.1 is a loopback address") */
	bool retryable;              /* timeout, connection failure, 408, 429, 5xx: worth trying again later */
	bool not_modified;           /* a conditional GET answered 304: no body */
	const char *etag, *last_modified; /* the final response's validators, or NULL */
};

/* Declares this process a web child (a FastCGI program in its request loop): from now on content_fetch opens
 * no connection, refuses with FETCH_E_OFFLINE and logs the refusal (who names the program on stderr), since a
 * child that waits on the network keeps every other request queued behind it. Fetches belong to the fetch
 * runner and `larder worker`. There is no way back: a runner is another process (exec'd afresh). */
void content_fetch_forbid(const char *who);
/* whether content_fetch_forbid was called in this process */
bool content_fetch_forbidden(void);

/* Call once per process at start-up, before any thread runs (curl_global_init). 0 or -1. */
int content_fetch_global_init(void);

/* Options from larder.conf (fetch_timeout, fetch_max_bytes, fetch_max_redirects,
 * allow_private_fetch); c must outlive the fetches that use o. */
void content_fetch_opts_from_config(struct fetch_opts *o, const struct larder_config *c);

/* GET url (http or https only) and everything r points to is in the arena. Every hop's URL is
 * checked (syntax, scheme, no credentials, LIMIT_URL_BYTES, IP literals against the allow-list)
 * before any connection, and every address connected to is checked after DNS resolution, so a
 * name or redirect leading to a private address is refused too. o may be NULL (defaults).
 * Returns 0 with r->err FETCH_OK and a 2xx page, or -1 with r->err and r->message set. */
int content_fetch(struct arena *a, const char *url, const struct fetch_opts *o, struct fetch_result *r);
#endif
