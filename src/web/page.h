/* page.h: redirects and one-paragraph HTML pages for the browser-facing programs (auth.fcgi, save.fcgi). */
#ifndef LARDER_WEB_PAGE_H
#define LARDER_WEB_PAGE_H
#include <stdbool.h>
#include <stdio.h>
#include "util/sb.h"
#include "web/response.h"

#define WEB_CT_HTML "text/html; charset=utf-8"
/* the start of our HTML pages, up to their <title> */
#define WEB_PAGE_HEAD "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">" \
	"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" \
	"<link rel=\"stylesheet\" href=\"/css/larder.css\"><link rel=\"stylesheet\" href=\"/css/phone.css\">"

/* headers for answers of the browser endpoints: not framed, not cached, not sniffed */
void web_no_frame_no_cache(struct web_response *res);
/* a redirect (302/303) to location, with a tiny HTML body holding the link */
void web_redirect(struct web_response *res, int status, const char *location);
/* a small HTML page: title and one message paragraph (both escaped) */
void web_page(struct web_response *res, int status, const char *title, const char *message);
/* may the server redirect to target after login: a path on this site ("/…", not "//…" or "/\…"),
 * printable ASCII only, at most 2048 bytes */
bool web_safe_redirect(const char *target);
#endif
