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

/* an HTML answer: parts alternate text put as it is and text put escaped, up to a NULL */
static void html_answer(struct web_response *res, int status, const char *const *parts)
{
	sb_reset(res->body);
	for (size_t i = 0; parts[i]; i++) {
		if (i % 2)
			sb_put_html(res->body, parts[i]);
		else
			sb_puts(res->body, parts[i]);
	}
	res->status = status;
	res->content_type = WEB_CT_HTML;
}

void web_redirect(struct web_response *res, int status, const char *location)
{
	const char *const parts[] = { "<!doctype html><title>Redirect</title><p>Continue to <a href=\"", location,
	                              "\">", location, "</a>.</p>\n", NULL };

	html_answer(res, status, parts);
	if (web_response_header(res, "Location", location) != 0) { /* a location we cannot send safely */
		res->status = 500;
		snprintf(res->reason, sizeof res->reason, "unsafe redirect target");
	}
}

void web_page(struct web_response *res, int status, const char *title, const char *message)
{
	const char *const parts[] = { WEB_PAGE_HEAD "<title>", title,
	                              " · Larder</title></head>\n<body class=\"message-page\"><main><h1>", title,
	                              "</h1>\n<p>", message,
	                              "</p>\n<p><a href=\"/home\">Back to your library</a></p></main></body></html>\n",
	                              NULL };

	html_answer(res, status, parts);
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
