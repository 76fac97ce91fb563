/* epub_http.c: /api/export?format=epub: the reader's and the library's EPUB download (one article by id, or the articles of a search or label by q), checked and planned before the first byte, then streamed as it is written. */
#include <stdio.h>
#include <string.h>

#include "svc/export_epub.h"
#include "web/epub_http.h"

/* the query string's value of name, NULL when absent; *bad when it holds a NUL */
static const char *param(struct web_request *req, struct arena *a, const char *name, bool *bad)
{
	struct web_qparam *p;
	const struct web_qparam *v;
	size_t n;
	if (web_query_parse(a, req->query_string, req->query_len, &p, &n) != 0 || (v = web_query_get(p, n, name)) == NULL)
		return NULL;
	if (strlen(v->value) != v->value_len)
		*bad = true;
	return v->value;
}

bool web_export_epub_asked(const struct web_request *req, struct arena *a)
{
	bool bad = false;
	const char *f = param((struct web_request *)req, a, "format", &bad);
	return f && strcmp(f, "epub") == 0;
}

static int to_client(void *ctx, const void *buf, size_t n)
{
	struct web_io *io = ctx;
	return io->write(io->ctx, buf, n);
}

static int send_head(struct web_io *io, const char *filename)
{
	char head[512];
	int n = snprintf(head, sizeof head,
	                 "Status: 200 OK\r\nContent-Type: application/epub+zip\r\n"
	                 "Content-Disposition: attachment; filename=\"%s\"\r\n"
	                 "Cache-Control: private, no-store\r\nX-Content-Type-Options: nosniff\r\n\r\n", filename);
	if (n < 0 || (size_t)n >= sizeof head)
		return -1;
	return io->write(io->ctx, head, (size_t)n);
}

void web_export_epub(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a,
                     const struct web_authn *who)
{
	struct svc_epub_plan plan;
	bool bad = false;
	const char *id = param(req, a, "id", &bad), *q = param(req, a, "q", &bad), *why;
	enum svc_epub_rc rc;

	if (bad || req->query_too_long) {
		web_response_error(res, 400, NULL, "BAD_REQUEST", "the id or the query is not text an EPUB can be made of");
		return;
	}
	rc = svc_epub_plan(app->store, app->cfg, a, who->user.id, id, q, who->ctx.now_ms, &plan, &why);
	if (rc == SVC_EPUB_REFUSED) {
		web_response_error(res, 400, NULL, "BAD_REQUEST", "%s", why);
		return;
	}
	if (rc == SVC_EPUB_NOT_FOUND) {
		web_response_error(res, 404, NULL, "NOT_FOUND", "%s", why);
		return;
	}
	if (rc != SVC_EPUB_OK) {
		web_response_fail(res, NULL, "the EPUB could not be made", "%s", store_errmsg(app->store));
		return;
	}
	if (send_head(req->io, plan.filename) != 0) {
		res->streamed = -1;
		return;
	}
	rc = svc_epub_write(app->store, &plan, who->ctx.now_ms, to_client, req->io);
	res->streamed = rc == SVC_EPUB_OK ? 1 : -1;
	if (rc != SVC_EPUB_OK) /* the client sees a cut-off book; the log says why */
		snprintf(res->reason, sizeof res->reason, "the EPUB of %s stopped: %s", who->user.username,
		         rc == SVC_EPUB_E_STORE ? store_errmsg(app->store) : "the client went away");
}
