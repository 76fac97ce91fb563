/* page.c: small HTML answers of the browser-facing programs: redirects and one-paragraph pages, with headers that forbid framing and caching. */
#include <string.h>

#include "util/sb.h"
#include "util/text.h"
#include "web/page.h"

void web_no_frame_no_cache(struct web_response *res)
{
	web_response_header(res, "Cache-Control", "no-store");
	web_response_header(res, "X-Frame-Options", "DENY");
	web_response_header(res, "Content-Security-Policy", "default-src 'none'; style-src 'self'; frame-ancestors 'none'");
	web_response_header(res, "X-Content-Type-Options", "nosniff");
	web_response_header(res, "Referrer-Policy", "same-origin");
}

void web_redirect(struct web_response *res, int status, const char *location)
{
	sb_reset(res->body);
	sb_puts(res->body, "<!doctype html><title>Redirect</title><p>Continue to <a href=\"");
	sb_put_html(res->body, location);
	sb_puts(res->body, "\">");
	sb_put_html(res->body, location);
	sb_puts(res->body, "</a>.</p>\n");
	res->status = status;
	res->content_type = "text/html; charset=utf-8";
	if (web_response_header(res, "Location", location) != 0) { /* a location we cannot send safely */
		res->status = 500;
		snprintf(res->reason, sizeof res->reason, "unsafe redirect target");
	}
}

void web_page(struct web_response *res, int status, const char *title, const char *message)
{
	sb_reset(res->body);
	sb_puts(res->body, "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	                   "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
	                   "<link rel=\"stylesheet\" href=\"/css/larder.css\"><title>");
	sb_put_html(res->body, title);
	sb_puts(res->body, " · Larder</title></head>\n<body class=\"message-page\"><main><h1>");
	sb_put_html(res->body, title);
	sb_puts(res->body, "</h1>\n<p>");
	sb_put_html(res->body, message);
	sb_puts(res->body, "</p>\n<p><a href=\"/home\">Back to your library</a></p></main></body></html>\n");
	res->status = status;
	res->content_type = "text/html; charset=utf-8";
	snprintf(res->reason, sizeof res->reason, "%s", message);
}

bool web_safe_redirect(const char *target)
{
	size_t n;
	if (target == NULL || target[0] != '/' || target[1] == '/' || target[1] == '\\')
		return false;
	n = strlen(target);
	if (n > 2048)
		return false;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)target[i] < 0x21 || (unsigned char)target[i] >= 0x7f || target[i] == '\\')
			return false;
	return true;
}
