/* share_http.c: GET /s/TOKEN: a shared article as a complete page of its own (title, site, author, the stored sanitized content, the original's link), under a policy that runs no script, sends no referrer and is not indexed or kept by caches. */
#include <stdio.h>
#include <string.h>

#include "svc/share.h"
#include "util/sb.h"
#include "util/text.h"
#include "util/time.h"
#include "web/page.h"
#include "web/share_http.h"

#define SHARE_TOKEN_MAX 128   /* longer paths are not looked up at all (no token is that long) */

/* no script at all: images and media from anywhere (as the article had them), our stylesheet, nothing else */
#define SHARE_CSP "default-src 'none'; img-src https: http: data:; media-src https: http:; style-src 'self';" \
	" frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

bool web_share_route(const char *path)
{
	return path && strncmp(path, SVC_SHARE_PATH, strlen(SVC_SHARE_PATH)) == 0;
}

/* the headers of every answer of /s/, found or not */
static void share_headers(struct web_response *res)
{
	web_response_header(res, "Content-Security-Policy", SHARE_CSP);
	web_response_header(res, "Referrer-Policy", "no-referrer");
	web_response_header(res, "X-Robots-Tag", "noindex, nofollow, noarchive");
	web_response_header(res, "X-Content-Type-Options", "nosniff");
	web_response_header(res, "X-Frame-Options", "DENY");
	/* a revoked link must stop at once: no cache may keep a copy */
	web_response_header(res, "Cache-Control", "no-store");
}

static void not_found(struct web_response *res)
{
	sb_reset(res->body);
	sb_puts(res->body, "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
	        "<meta name=\"robots\" content=\"noindex\"><link rel=\"stylesheet\" href=\"/css/share.css\">"
	        "<title>Link not found</title></head>\n<body><main class=\"share\"><h1>Link not found</h1>\n"
	        "<p>This share link does not open anything: it may be mistyped, or its owner has revoked it.</p>"
	        "</main></body></html>\n");
	res->status = 404;
	res->content_type = WEB_CT_HTML;
	snprintf(res->reason, sizeof res->reason, "no shared article for this link");
}

/* is url an http(s) address (the only kind the page links to) */
static bool web_address(const char *url)
{
	return url && (strncmp(url, "https://", 8) == 0 || strncmp(url, "http://", 7) == 0);
}

/* the page's header: site, title, author and date, the original's link */
static void page_head(struct sb *b, const struct store_item *it)
{
	const char *lang = it->language && *it->language && strlen(it->language) <= 35 ? it->language : "en";
	sb_puts(b, "<!doctype html>\n<html lang=\"");
	sb_put_html(b, lang);
	sb_puts(b, "\"><head><meta charset=\"utf-8\">"
	        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
	        "<meta name=\"robots\" content=\"noindex\"><meta name=\"referrer\" content=\"no-referrer\">"
	        "<link rel=\"stylesheet\" href=\"/css/share.css\"><title>");
	sb_put_html(b, it->title);
	sb_puts(b, "</title></head>\n<body><main class=\"share\"");
	if (it->dir && strcmp(it->dir, "rtl") == 0)
		sb_puts(b, " dir=\"rtl\"");
	sb_puts(b, "><header class=\"share-head\">");
	if (it->site_name && *it->site_name) {
		sb_puts(b, "<p class=\"share-site\">");
		sb_put_html(b, it->site_name);
		sb_puts(b, "</p>");
	}
	sb_puts(b, "<h1>");
	sb_put_html(b, it->title);
	sb_puts(b, "</h1>");
	if ((it->author && *it->author) || it->published_ms) {
		sb_puts(b, "<p class=\"share-byline\">");
		if (it->author && *it->author)
			sb_put_html(b, it->author);
		if (it->published_ms) {
			char iso[40];
			time_format_iso(it->published_ms, iso, sizeof iso);
			iso[10] = '\0';
			sb_puts(b, it->author && *it->author ? " · <time>" : "<time>");
			sb_put_html(b, iso);
			sb_puts(b, "</time>");
		}
		sb_puts(b, "</p>");
	}
	if (web_address(it->url)) {
		sb_puts(b, "<p class=\"share-original\"><a href=\"");
		sb_put_html(b, it->url);
		sb_puts(b, "\" rel=\"noreferrer noopener\">Read the original</a></p>");
	}
	sb_puts(b, "</header>\n");
}

static void page(struct web_response *res, const struct svc_shared *sh)
{
	struct sb *b = res->body;
	sb_reset(b);
	page_head(b, &sh->it);
	sb_puts(b, "<article class=\"share-content\">");
	if (sh->html && *sh->html)
		sb_puts(b, sh->html); /* sanitized when it was stored */
	else
		sb_puts(b, "<p>This article has no readable text yet.</p>");
	sb_puts(b, "</article>\n<footer class=\"share-foot\"><p>A read-only copy shared from a Larder library.</p>"
	        "</footer></main></body></html>\n");
	res->status = 200;
	res->content_type = WEB_CT_HTML;
}

void web_share_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	const char *token = req->path + strlen(SVC_SHARE_PATH);
	size_t len = strlen(token);
	struct svc_shared sh;
	enum svc_share_rc rc;

	share_headers(res);
	if (req->method != WEB_M_GET && req->method != WEB_M_HEAD) {
		web_response_header(res, "Allow", "GET, HEAD");
		web_response_error(res, 405, NULL, "BAD_REQUEST", "a share link is only read: use GET");
		return;
	}
	rc = svc_share_open(app->store, a, token, len > SHARE_TOKEN_MAX ? SHARE_TOKEN_MAX : len, &sh);
	if (rc == SVC_SHARE_OK && len <= SHARE_TOKEN_MAX)
		page(res, &sh);
	else if (rc == SVC_SHARE_ERROR) {
		web_response_fail(res, NULL, "the shared article could not be read", "%s", store_errmsg(app->store));
	} else
		not_found(res);
}
