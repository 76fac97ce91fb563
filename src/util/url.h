/* url.h: RFC 3986 URL parsing, normalisation for saving, and reference resolution (arena memory). */
#ifndef LARDER_URL_H
#define LARDER_URL_H
#include <stddef.h>

struct arena;

enum url_host_type {
	URL_HOST_NONE,      /* no authority ("mailto:x", "/path") */
	URL_HOST_REGNAME,   /* a registered name, or empty ("file:///x"); also "127.1"-like spellings */
	URL_HOST_IPV4,      /* strict dotted-decimal IPv4 (four parts 0-255, no leading zeros) */
	URL_HOST_IPV6,      /* "[...]" literal; host holds the address without brackets */
};

/* The parts of a URL or relative reference, as they appear in the input (not decoded).
 * Absent parts are NULL; a present but empty part is "" ("http://a?" has query ""). */
struct url {
	char *scheme;       /* as written (not lower-cased); NULL for a relative reference */
	char *authority;    /* everything between "//" and the path; NULL when there is no "//" */
	char *userinfo;     /* before '@' in the authority, or NULL */
	char *host;         /* NULL when there is no authority; IPv6 without the brackets */
	enum url_host_type host_type;
	char *port;         /* digits after ':' (may be ""), or NULL */
	int port_num;       /* 0-65535, or -1 when port is NULL or "" */
	char *path;         /* never NULL; may be "" */
	char *query;        /* after '?', without it, or NULL */
	char *fragment;     /* after '#', without it, or NULL */
};

/* Parse the n bytes at s as a URI or relative reference (RFC 3986 section 4.1). Refuses, with a
 * message in *err (static text; err may be NULL): empty input, more than LIMIT_URL_BYTES
 * bytes, spaces, control characters (0x00-0x1F, 0x7F), invalid UTF-8, malformed percent-escapes,
 * a port that is not all digits or exceeds 65535, characters a host may not contain, a malformed
 * IPv6 literal, IPvFuture literals and non-ASCII host names (IDNs must be given as xn--).
 * Lenient where browsers are: non-ASCII UTF-8 and the characters " < > \ ^ ` { | } are accepted
 * in the path, query and fragment. Returns 0, or -1. */
int url_parse(struct arena *a, const char *s, size_t n, struct url *u, const char **err);

/* The canonical form of a URL for saving and de-duplication, in *out (arena). Exactly:
 *  1. ASCII whitespace around the URL is trimmed; the rest must pass url_parse.
 *  2. The scheme must be http or https (any case)  -> else "only http and https URLs can be saved";
 *     userinfo (even empty, "http://@host") is refused -> "URLs with a user name or password are
 *     not accepted"; the host must not be empty -> "URL has no host".
 *  3. Scheme and host are lower-cased; an IPv6 host is rewritten in its RFC 5952 form.
 *  4. The port is dropped when empty or the scheme's default (80 http, 443 https), otherwise
 *     written without leading zeros.
 *  5. In host, path and query: percent-escapes of unreserved characters (A-Z a-z 0-9 - . _ ~) are
 *     decoded, other escapes get upper-case hex digits; bytes >= 0x80 and " < > \ ^ ` { | } are
 *     percent-encoded.
 *  6. Dot segments are removed from the path (RFC 3986 5.2.4); a path that is then exactly "/"
 *     is dropped ("http://a.com/" -> "http://a.com", "http://a.com/?x" -> "http://a.com?x").
 *  7. The query is split on '&'; empty parameters and those whose name starts with "utm_" (any
 *     case) are dropped; the rest are sorted by name (bytewise, after step 5), keeping the
 *     original order among equal names; an empty query loses its '?'.
 *  8. The fragment is dropped.
 *  9. A result over LIMIT_URL_BYTES (escaping lengthens) is refused -> "URL is too long ...".
 * Returns 0, or -1 with a message in *err (err may be NULL). */
int url_normalise(struct arena *a, const char *s, size_t n, char **out, const char **err);

/* Resolve reference ref against the absolute URL base (RFC 3986 section 5.2, strict: "http:g"
 * stays "http:g"), writing the target in *out (arena). ASCII whitespace around base and ref is
 * trimmed. No normalisation beyond dot-segment removal. Returns 0, or -1 when base is not an
 * absolute URL or either fails url_parse. */
int url_resolve(struct arena *a, const char *base, const char *ref, char **out);

/* s when it is an absolute http or https URL with a host that url_parse accepts (ASCII whitespace
 * around it trimmed: then a copy in a), else NULL (also for NULL). The one filter for the image and
 * icon URLs taken from outside data (imports, feeds, extracted pages) before they are stored and
 * shown as they are: a javascript:, data: or relative value is dropped. */
const char *url_http_only(struct arena *a, const char *s);
#endif
