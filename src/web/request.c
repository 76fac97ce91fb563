/* request.c: reads one request from FastCGI or CGI (params, capped headers, query string, body with limits). */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <fcgiapp.h>
#include "util/limits.h"
#include "util/text.h"
#include "web/request.h"

const char *const web_method_names[WEB_M__MAX] = {
	[WEB_M_OTHER] = "", [WEB_M_GET] = "GET", [WEB_M_HEAD] = "HEAD", [WEB_M_POST] = "POST",
	[WEB_M_PUT] = "PUT", [WEB_M_DELETE] = "DELETE", [WEB_M_PATCH] = "PATCH",
	[WEB_M_OPTIONS] = "OPTIONS",
};

/* ---- CGI: the process environment, stdin and stdout ---- */

static const char *cgi_param(void *ctx, const char *name)
{
	(void)ctx;
	return getenv(name);
}

static size_t cgi_body_read; /* bytes of the CGI request's body read so far (CGI serves one request) */

static long cgi_read(void *ctx, char *buf, size_t n)
{
	size_t got;

	(void)ctx;
	got = fread(buf, 1, n, stdin);
	cgi_body_read += got;
	if (got == 0 && ferror(stdin))
		return -1;
	return (long)got;
}

void web_io_cgi_drain(size_t limit)
{
	const char *cl = getenv("CONTENT_LENGTH");
	char buf[16384], *end;
	unsigned long long len;
	size_t dropped = 0, got, want;

	if (cl == NULL || *cl < '0' || *cl > '9')
		return;
	len = strtoull(cl, &end, 10);
	if (*end != '\0')
		return;
	while (cgi_body_read < len && dropped < limit) {
		want = len - cgi_body_read < sizeof buf ? (size_t)(len - cgi_body_read) : sizeof buf;
		if ((got = fread(buf, 1, want, stdin)) == 0)
			break;
		cgi_body_read += got;
		dropped += got;
	}
}

static int cgi_write(void *ctx, const char *buf, size_t n)
{
	(void)ctx;
	if (n && fwrite(buf, 1, n, stdout) != n)
		return -1;
	return fflush(stdout) == 0 ? 0 : -1;
}

void web_io_cgi(struct web_io *io)
{
	io->ctx = NULL;
	io->param = cgi_param;
	io->read = cgi_read;
	io->write = cgi_write;
}

/* ---- FastCGI: libfcgi's request streams ---- */

static const char *fcgx_param(void *ctx, const char *name)
{
	FCGX_Request *rq = ctx;

	return FCGX_GetParam(name, rq->envp);
}

static long fcgx_read(void *ctx, char *buf, size_t n)
{
	FCGX_Request *rq = ctx;
	int got;

	if (n > INT_MAX)
		n = INT_MAX;
	got = FCGX_GetStr(buf, (int)n, rq->in);
	if (got < 0 || (got == 0 && FCGX_GetError(rq->in) != 0))
		return -1;
	return got;
}

static int fcgx_write(void *ctx, const char *buf, size_t n)
{
	FCGX_Request *rq = ctx;

	while (n > 0) {
		int chunk = n > INT_MAX ? INT_MAX : (int)n;

		if (FCGX_PutStr(buf, chunk, rq->out) != chunk)
			return -1;
		buf += chunk;
		n -= (size_t)chunk;
	}
	/* no flush here: FCGX_Finish_r sends what is buffered together with the end-of-request
	 * record, one write to the web server instead of two */
	return FCGX_GetError(rq->out) == 0 ? 0 : -1;
}

void web_io_fcgx(struct web_io *io, struct FCGX_Request *rq)
{
	io->ctx = rq;
	io->param = fcgx_param;
	io->read = fcgx_read;
	io->write = fcgx_write;
}

/* ---- request line and headers ---- */

static enum web_method method_of(const char *m)
{
	for (int i = 1; i < WEB_M__MAX; i++)
		if (strcmp(m, web_method_names[i]) == 0)
			return (enum web_method)i;
	return WEB_M_OTHER;
}

/* a header value, or NULL; values over the cap are dropped and the header named in long_header */
static const char *header(struct web_request *r, const char *param, const char *name)
{
	const char *v = r->io->param(r->io->ctx, param);

	if (v && strlen(v) > LIMIT_HEADER_VALUE) {
		if (!r->long_header)
			r->long_header = name;
		return NULL;
	}
	return v;
}

/* the path part of a URI with repeated slashes collapsed ("//api/graphql" -> "/api/graphql") */
static const char *clean_path(struct arena *a, const char *s, size_t len)
{
	char *p = arena_alloc(a, len + 2), *o = p;

	if (!p)
		return "/";
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '/' && o > p && o[-1] == '/')
			continue;
		*o++ = s[i];
	}
	if (o == p || p[0] != '/') {
		memmove(p + 1, p, (size_t)(o - p));
		p[0] = '/';
		o++;
	}
	*o = 0;
	return p;
}

static int64_t parse_length(const char *s)
{
	int64_t v = 0;

	if (!s || !*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -2;
		if (v > (INT64_MAX - 9) / 10)
			return -2;
		v = v * 10 + (*s - '0');
	}
	return v;
}

void web_request_init(struct web_request *r, struct web_io *io, struct arena *a)
{
	const char *m, *uri, *qs, *q;

	memset(r, 0, sizeof *r);
	r->io = io;
	m = io->param(io->ctx, "REQUEST_METHOD");
	r->method_name = m ? m : "";
	r->method = m ? method_of(m) : WEB_M_OTHER;

	/* nginx gives REQUEST_URI (as sent) and DOCUMENT_URI (normalised); CGI servers give
	 * REQUEST_URI or SCRIPT_NAME + PATH_INFO */
	uri = io->param(io->ctx, "REQUEST_URI");
	if (uri && strlen(uri) > LIMIT_QUERY_STRING + LIMIT_HEADER_VALUE)
		uri = NULL;
	if (uri && *uri) {
		q = strchr(uri, '?');
		r->path = clean_path(a, uri, q ? (size_t)(q - uri) : strlen(uri));
		r->uri = uri;
	} else {
		const char *doc = io->param(io->ctx, "DOCUMENT_URI");

		if (doc && *doc && strlen(doc) <= LIMIT_HEADER_VALUE) {
			r->path = clean_path(a, doc, strlen(doc));
		} else {
			const char *sn = io->param(io->ctx, "SCRIPT_NAME");
			const char *pi = io->param(io->ctx, "PATH_INFO");
			char *both = arena_printf(a, "%s%s", sn ? sn : "", pi ? pi : "");

			r->path = both ? clean_path(a, both, strlen(both)) : "/";
		}
		r->uri = r->path;
	}

	qs = io->param(io->ctx, "QUERY_STRING");
	r->query_string = "";
	if (qs) {
		size_t n = strlen(qs);

		if (n > LIMIT_QUERY_STRING)
			r->query_too_long = true;
		else {
			r->query_string = qs;
			r->query_len = n;
		}
	}

	r->content_type = header(r, "CONTENT_TYPE", "Content-Type");
	r->content_length = parse_length(io->param(io->ctx, "CONTENT_LENGTH"));
	r->authorization = header(r, "HTTP_AUTHORIZATION", "Authorization");
	r->cookie = header(r, "HTTP_COOKIE", "Cookie");
	r->origin = header(r, "HTTP_ORIGIN", "Origin");
	r->referer = header(r, "HTTP_REFERER", "Referer");
	r->remote_user = io->param(io->ctx, "REMOTE_USER");
	if (r->remote_user && (!*r->remote_user || strlen(r->remote_user) > 256))
		r->remote_user = NULL;
	{
		const char *h = io->param(io->ctx, "HTTPS"), *sch = io->param(io->ctx, "REQUEST_SCHEME");
		r->https = (h && (strcasecmp(h, "on") == 0 || strcmp(h, "1") == 0)) || (sch && strcasecmp(sch, "https") == 0);
	}
	r->accept = header(r, "HTTP_ACCEPT", "Accept");
	r->ac_request_method = header(r, "HTTP_ACCESS_CONTROL_REQUEST_METHOD", "Access-Control-Request-Method");
	r->ac_request_headers = header(r, "HTTP_ACCESS_CONTROL_REQUEST_HEADERS", "Access-Control-Request-Headers");
	r->remote_addr = io->param(io->ctx, "REMOTE_ADDR");
	r->user_agent = io->param(io->ctx, "HTTP_USER_AGENT");
	if (r->user_agent && strlen(r->user_agent) > LIMIT_HEADER_VALUE)
		r->user_agent = NULL;
	if (r->remote_addr && strlen(r->remote_addr) > 64)
		r->remote_addr = NULL;
	r->body = "";
}

/* ---- body ---- */

int web_request_read_body(struct web_request *r, struct arena *a, size_t limit)
{
	char *buf;
	size_t cap, want, len = 0;

	if (r->body_read)
		return WEB_BODY_OK;
	r->body_read = true;
	if (r->content_length >= 0 && (uint64_t)r->content_length > limit)
		return WEB_BODY_TOO_LARGE;
	if (r->content_length == 0)
		return WEB_BODY_OK;
	/* with a declared length read exactly that; without one read until the end, one byte
	 * past the limit at most (growing the buffer as data comes), so an oversize body is
	 * seen without storing it */
	if (r->content_length > 0) {
		want = (size_t)r->content_length;
		cap = want;
	} else {
		want = limit + 1;
		cap = want < 16384 ? want : 16384;
	}
	buf = arena_alloc(a, cap + 1);
	if (!buf)
		return WEB_BODY_NOMEM;
	while (len < want) {
		long got;

		if (len == cap) {
			size_t ncap = cap * 2 < want ? cap * 2 : want;

			buf = arena_realloc(a, buf, cap + 1, ncap + 1);
			if (!buf)
				return WEB_BODY_NOMEM;
			cap = ncap;
		}
		got = r->io->read(r->io->ctx, buf + len, cap - len);
		if (got < 0)
			return WEB_BODY_IO;
		if (got == 0)
			break;
		len += (size_t)got;
	}
	if (len > limit)
		return WEB_BODY_TOO_LARGE;
	if (r->content_length > 0 && len < (size_t)r->content_length)
		return WEB_BODY_SHORT;
	buf[len] = 0;
	r->body = buf;
	r->body_len = len;
	return WEB_BODY_OK;
}

/* ---- query strings ---- */

char *web_url_decode(struct arena *a, const char *s, size_t len, bool plus_space, size_t *outlen)
{
	char *out = arena_alloc(a, len + 1), *o = out;

	if (!out)
		return NULL;
	for (size_t i = 0; i < len; i++) {
		int hi, lo;

		if (s[i] == '+' && plus_space) {
			*o++ = ' ';
		} else if (s[i] == '%' && i + 2 < len && (hi = text_hex_value((unsigned char)s[i + 1])) >= 0 &&
		           (lo = text_hex_value((unsigned char)s[i + 2])) >= 0) {
			*o++ = (char)(hi * 16 + lo);
			i += 2;
		} else {
			*o++ = s[i];
		}
	}
	*o = 0;
	if (outlen)
		*outlen = (size_t)(o - out);
	return out;
}

int web_query_parse(struct arena *a, const char *qs, size_t len, struct web_qparam **out, size_t *n)
{
	size_t count = 0, k = 0, i = 0;
	struct web_qparam *p;

	*out = NULL;
	*n = 0;
	for (size_t j = 0; j < len; j++)
		if (qs[j] == '&')
			count++;
	count++;
	p = ARENA_NEWN(a, struct web_qparam, count);
	if (!p)
		return -1;
	while (i <= len) {
		size_t end = i, eq;

		while (end < len && qs[end] != '&')
			end++;
		if (end > i) {
			eq = i;
			while (eq < end && qs[eq] != '=')
				eq++;
			p[k].name = web_url_decode(a, qs + i, eq - i, true, &p[k].name_len);
			if (eq < end)
				p[k].value = web_url_decode(a, qs + eq + 1, end - eq - 1, true, &p[k].value_len);
			else
				p[k].value = web_url_decode(a, "", 0, true, &p[k].value_len);
			if (!p[k].name || !p[k].value)
				return -1;
			k++;
		}
		i = end + 1;
	}
	*out = p;
	*n = k;
	return 0;
}

const struct web_qparam *web_query_get(const struct web_qparam *p, size_t n, const char *name)
{
	size_t nl = strlen(name);

	for (size_t i = 0; i < n; i++)
		if (p[i].name_len == nl && memcmp(p[i].name, name, nl) == 0)
			return &p[i];
	return NULL;
}

/* ---- media types ---- */

static const char *skip_ows(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

bool web_media_type_is(const char *header, const char *type)
{
	size_t tl = strlen(type);
	const char *s;

	if (!header)
		return false;
	s = skip_ows(header);
	if (strncasecmp(s, type, tl) != 0)
		return false;
	s = skip_ows(s + tl);
	return *s == 0 || *s == ';';
}

bool web_media_type_param(const char *header, const char *param, char *buf, size_t len)
{
	size_t pl = strlen(param);
	const char *s = header ? strchr(header, ';') : NULL;

	while (s) {
		const char *v, *e;
		size_t k = 0;

		s = skip_ows(s + 1);
		if (strncasecmp(s, param, pl) == 0 && skip_ows(s + pl)[0] == '=') {
			v = skip_ows(skip_ows(s + pl) + 1);
			if (*v == '"') {
				v++;
				e = strchr(v, '"');
				if (!e)
					e = v + strlen(v);
			} else {
				e = v;
				while (*e && *e != ';' && *e != ' ' && *e != '\t')
					e++;
			}
			if (len == 0)
				return true;
			while (v < e && k + 1 < len)
				buf[k++] = (char)tolower((unsigned char)*v++);
			buf[k] = 0;
			return true;
		}
		s = strchr(s, ';');
	}
	return false;
}

char *web_url_encode(struct arena *a, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	char *out = arena_alloc(a, 3 * strlen(s) + 1), *o = out;
	if (out == NULL)
		return NULL;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '-' ||
		    *p == '_' || *p == '.' || *p == '~' || *p == '/')
			*o++ = (char)*p;
		else {
			*o++ = '%';
			*o++ = hex[*p >> 4];
			*o++ = hex[*p & 15];
		}
	}
	*o = '\0';
	return out;
}
