/* response.c: one HTTP response through CGI/FastCGI: status line, checked headers, Content-Length and body. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "util/jsonw.h"
#include "web/response.h"

void web_response_init(struct web_response *res, struct sb *body, struct sb *head)
{
	res->status = 200;
	res->content_type = NULL;
	res->nheaders = 0;
	res->reason[0] = 0;
	res->streamed = 0;
	res->body = body;
	res->head = head;
	sb_reset(body);
	sb_reset(head);
}

static bool header_safe(const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if ((c < 0x20 && c != '\t') || c == 0x7f)
			return false;
	}
	return true;
}

int web_response_header(struct web_response *res, const char *name, const char *value)
{
	if (!name || !value || res->nheaders >= WEB_MAX_HEADERS || !header_safe(name) ||
	    !header_safe(value))
		return -1;
	res->headers[res->nheaders].name = name;
	res->headers[res->nheaders].value = value;
	res->nheaders++;
	return 0;
}

const char *web_status_text(int status)
{
	switch (status) {
	case 200: return "OK";
	case 204: return "No Content";
	case 302: return "Found";
	case 303: return "See Other";
	case 400: return "Bad Request";
	case 401: return "Unauthorized";
	case 403: return "Forbidden";
	case 404: return "Not Found";
	case 405: return "Method Not Allowed";
	case 406: return "Not Acceptable";
	case 413: return "Content Too Large";
	case 414: return "URI Too Long";
	case 415: return "Unsupported Media Type";
	case 429: return "Too Many Requests";
	case 431: return "Request Header Fields Too Large";
	case 500: return "Internal Server Error";
	case 503: return "Service Unavailable";
	default: return "Unknown";
	}
}

int web_response_send(struct web_response *res, struct web_io *io)
{
	struct sb *h = res->head;
	bool body = res->content_type != NULL && res->status != 204;

	if (res->streamed)
		return res->streamed > 0 ? 0 : -1;
	sb_reset(h);
	sb_printf(h, "Status: %d %s\r\n", res->status, web_status_text(res->status));
	if (body)
		sb_printf(h, "Content-Type: %s\r\n", res->content_type);
	for (size_t i = 0; i < res->nheaders; i++)
		sb_printf(h, "%s: %s\r\n", res->headers[i].name, res->headers[i].value);
	sb_printf(h, "Content-Length: %zu\r\n\r\n", body ? res->body->len : (size_t)0);
	if (sb_error(h))
		return -1;
	if (body && !sb_error(res->body)) {
		/* one write when the body is small keeps FastCGI records few */
		if (h->len + res->body->len <= 16384) {
			sb_putn(h, sb_str(res->body), res->body->len);
			if (sb_error(h))
				return -1;
			return io->write(io->ctx, h->buf, h->len);
		}
		if (io->write(io->ctx, h->buf, h->len) != 0)
			return -1;
		return io->write(io->ctx, sb_str(res->body), res->body->len);
	}
	return io->write(io->ctx, h->buf, h->len);
}

void web_json_error(struct sb *b, const char *code, const char *message)
{
	sb_puts(b, "{\"errors\":[{\"message\":");
	jw_cstr(b, message);
	if (code) {
		sb_puts(b, ",\"extensions\":{\"code\":");
		jw_cstr(b, code);
		sb_putc(b, '}');
	}
	sb_puts(b, "}]}");
}

void web_response_error(struct web_response *res, int status, const char *content_type,
                        const char *code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(res->reason, sizeof res->reason, fmt, ap);
	va_end(ap);
	res->status = status;
	res->content_type = content_type ? content_type : "application/json; charset=utf-8";
	sb_reset(res->body);
	web_json_error(res->body, code, res->reason);
}

void web_response_fail(struct web_response *res, const char *content_type, const char *message,
                       const char *fmt, ...)
{
	va_list ap;

	web_response_error(res, 500, content_type, "INTERNAL_SERVER_ERROR", "%s", message);
	va_start(ap, fmt);
	vsnprintf(res->reason, sizeof res->reason, fmt, ap);
	va_end(ap);
}
