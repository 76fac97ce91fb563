/* export_http.c: /api/export, the settings page's download of the whole library as Omnivore's export zip, streamed as it is written. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "svc/apikey.h"
#include "svc/export_omnivore.h"
#include "web/authenticate.h"
#include "web/epub_http.h"
#include "web/export_http.h"

bool web_export_route(const char *path)
{
	return path && strcmp(path, "/api/export") == 0;
}

/* the zip's bytes straight to the client */
static int to_client(void *ctx, const void *buf, size_t n)
{
	struct web_io *io = ctx;
	return io->write(io->ctx, buf, n);
}

/* the header block of the download (no Content-Length: the zip's size is known only at its end) */
static int send_head(struct web_io *io, int64_t now_ms)
{
	char head[512], day[16];
	time_t t = (time_t)(now_ms / 1000);
	struct tm tm;
	int n;
	gmtime_r(&t, &tm);
	strftime(day, sizeof day, "%Y-%m-%d", &tm);
	n = snprintf(head, sizeof head,
	             "Status: 200 OK\r\nContent-Type: application/zip\r\n"
	             "Content-Disposition: attachment; filename=\"larder-export-%s.zip\"\r\n"
	             "Cache-Control: private, no-store\r\nX-Content-Type-Options: nosniff\r\n\r\n", day);
	return io->write(io->ctx, head, (size_t)n);
}

void web_export_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	struct web_authn who;
	enum svc_export_rc rc;

	if (req->method != WEB_M_GET && req->method != WEB_M_POST) {
		web_response_header(res, "Allow", "GET, POST");
		web_response_error(res, 405, NULL, "BAD_REQUEST", "use GET or POST");
		return;
	}
	/* an API key, or the session cookie on a request from our own pages */
	switch (web_authenticate(app, req, a, WEB_AUTHN_API, &who)) {
	case WEB_AUTHN_USER:
		break;
	case WEB_AUTHN_REFUSED:
		if (web_authn_busy(res, NULL, &who))
			return;
		if (who.status == 500)
			web_response_fail(res, NULL, "the export could not start", "%s", who.msg);
		else
			web_response_error(res, who.status, NULL, who.status == 403 ? "FORBIDDEN" : "UNAUTHORIZED", "%s", who.msg);
		return;
	default:
		web_response_error(res, 401, NULL, "UNAUTHORIZED", "sign in to export your library");
		return;
	}
	if (!web_authn_allows(&who, SVC_GRANT_READ)) {
		web_response_error(res, 403, NULL, "FORBIDDEN", "%s", who.msg);
		return;
	}
	if (web_export_epub_asked(req, a)) { /* ?format=epub: one article or a search as a book (epub_http.c) */
		web_export_epub(app, req, res, a, &who);
		return;
	}
	if (send_head(req->io, who.ctx.now_ms) != 0) {
		res->streamed = -1;
		return;
	}
	rc = svc_export_omnivore_to(app->store, app->cfg, who.user.id, to_client, req->io);
	res->streamed = rc == SVC_EXPORT_OK ? 1 : -1;
	if (rc != SVC_EXPORT_OK) /* the client sees a cut-off zip; the log says why */
		snprintf(res->reason, sizeof res->reason, "the export of %s stopped: %s", who.user.username,
		         rc == SVC_EXPORT_E_STORE ? store_errmsg(app->store) : rc == SVC_EXPORT_E_WRITE ? "the client went away"
		                                                                                 : "the zip library failed");
}
