/* upload_http.c: PUT (or POST) /api/upload/TOKEN takes a PDF's bytes for uploadFileRequest's file (the token is the credential; over pdf_max_bytes 413, not a readable PDF 400, an unknown token 404); GET /api/file/ITEMID serves an item's PDF to its owner only (an API key, the session, or the signed link of the item's url), from files_dir or part by part from the database. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "svc/apikey.h"
#include "svc/signlink.h"
#include "svc/upload.h"
#include "util/limits.h"
#include "util/time.h"
#include "web/authenticate.h"
#include "web/upload_http.h"

bool web_upload_route(const char *path)
{
	return path && (strncmp(path, SVC_FILE_UPLOAD_PATH, strlen(SVC_FILE_UPLOAD_PATH)) == 0 ||
	                strncmp(path, SVC_FILE_PATH, strlen(SVC_FILE_PATH)) == 0);
}

static long read_io(void *ctx, char *buf, size_t n)
{
	struct web_io *io = ctx;
	return io->read(io->ctx, buf, n);
}

/* the refusals of an upload: status, code, and the message when svc gives none */
static const struct { int status; const char *code, *message; } refusals[] = {
	[SVC_PUT_UNKNOWN] = { 404, "NOT_FOUND", "this upload URL is unknown, used already or expired: ask uploadFileRequest "
	                                        "for a new one" },
	[SVC_PUT_TOO_LARGE] = { 413, "PAYLOAD_TOO_LARGE", NULL },
	[SVC_PUT_BAD] = { 400, "BAD_REQUEST", "the file is not a readable PDF" },
	[SVC_PUT_QUOTA] = { 403, "QUOTA_EXCEEDED", "bytes_per_user reached" },
};

static void put_file(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a,
                     const char *token)
{
	size_t max = app->cfg->pdf_max_bytes;
	struct store_file f;
	const char *msg;
	enum svc_put_status r = svc_upload_receive(app->store, app->cfg, a, token, req->content_length, read_io, req->io,
	                                           &f, &msg);
	if (r == SVC_PUT_OK) {
		res->content_type = "application/json; charset=utf-8";
		sb_printf(res->body, "{\"id\":\"%s\",\"status\":\"%s\",\"itemId\":\"%s\",\"size\":%lld}", f.id, f.status,
		          f.item_id ? f.item_id : "", (long long)f.size);
		web_response_header(res, "Cache-Control", "no-store");
	} else if (r == SVC_PUT_FAILED)
		web_response_fail(res, NULL, msg ? msg : "the file could not be received", "file upload: %s",
		                  msg ? msg : "failed");
	else if (r == SVC_PUT_TOO_LARGE)
		web_response_error(res, 413, NULL, refusals[r].code, "the file is larger than %zu bytes "
		                   "(pdf_max_bytes in larder.conf)", max);
	else
		web_response_error(res, refusals[r].status, NULL, refusals[r].code, "%s", msg ? msg : refusals[r].message);
}

/* the bytes of a file an answer sends: the whole file (200), or one range of it (206, Range: bytes=…) */
struct span {
	long long from, to, size;        /* from..to inclusive, of a file of size bytes */
	bool partial;
};

/* a decimal count of bytes at *p (at most 18 digits), *p moved past it: false when there is none */
static bool range_number(const char **p, long long *v)
{
	int n = 0;
	*v = 0;
	for (; **p >= '0' && **p <= '9'; (*p)++)
		if (++n > 18)
			return false;
		else
			*v = *v * 10 + (**p - '0');
	return n > 0;
}

/* the span a Range header asks of a file of size bytes: 0 (the whole file when there is none, when it is not
 * one byte range, or when If-Range asks for a validator we do not give), or -1 when no byte of it is in the file
 * (416). One range only: a client asking several gets the whole file, as RFC 9110 allows */
static int byte_range(const struct web_request *req, long long size, struct span *sp)
{
	const char *h = req->io->param(req->io->ctx, "HTTP_RANGE"), *p;
	long long a = -1, b = -1;
	*sp = (struct span){ .from = 0, .to = size - 1, .size = size };
	if (h == NULL || strlen(h) > 64 || strncmp(h, "bytes=", 6) != 0 || req->io->param(req->io->ctx, "HTTP_IF_RANGE"))
		return 0;
	p = h + 6;
	if (*p == '-') { /* the last b bytes */
		p++;
		if (!range_number(&p, &b) || *p)
			return 0;
		if (b == 0)
			return -1;
		a = size > b ? size - b : 0;
		b = size - 1;
	} else {
		if (!range_number(&p, &a) || *p++ != '-')
			return 0;
		if (*p && (!range_number(&p, &b) || b < a))
			return 0;
		if (*p)
			return 0;
		if (b < 0 || b >= size)
			b = size - 1;
	}
	if (a >= size || size == 0)
		return -1;
	sp->from = a, sp->to = b, sp->partial = true;
	return 0;
}

/* the header block of a file download: the file is shown in our reader's frame only, with no script or plugin
 * rights of its own on this origin; 0, or -1 (res->streamed says so) */
static int send_head(struct web_request *req, struct web_response *res, const struct store_file *f,
                     const struct span *sp, bool download)
{
	char head[1024], range[96] = "";
	int n;
	if (sp->partial)
		snprintf(range, sizeof range, "Content-Range: bytes %lld-%lld/%lld\r\n", sp->from, sp->to, sp->size);
	n = snprintf(head, sizeof head,
	             "Status: %s\r\nContent-Type: application/pdf\r\nContent-Length: %lld\r\n%sAccept-Ranges: bytes\r\n"
	             "Content-Disposition: %s; filename=\"%s\"\r\nX-Content-Type-Options: nosniff\r\n"
	             "Content-Security-Policy: sandbox; default-src 'none'; frame-ancestors 'self'\r\n"
	             "X-Frame-Options: SAMEORIGIN\r\nCache-Control: private, no-store\r\n\r\n",
	             sp->partial ? "206 Partial Content" : "200 OK", sp->to - sp->from + 1, range,
	             download ? "attachment" : "inline", f->file_name);
	res->streamed = req->io->write(req->io->ctx, head, (size_t)n) == 0 ? 1 : -1;
	return res->streamed == 1 ? 0 : -1;
}

/* a Range no byte of the file is in: 416, naming the file's size */
static void refuse_range(struct web_response *res, long long size)
{
	char cr[64];
	snprintf(cr, sizeof cr, "bytes */%lld", size);
	web_response_header(res, "Content-Range", cr);
	web_response_error(res, 416, NULL, "RANGE_NOT_SATISFIABLE", "the range asked for is outside the file's %lld bytes",
	                   size);
}

/* what send_db_file's sink needs: the answer, the span asked, how far the file was read and what went out */
struct db_send {
	struct web_request *req;
	struct web_response *res;
	const struct store_file *f;
	struct span sp;
	bool download, head_sent;
	int64_t read, sent;
};

/* store_blob_each's sink of send_db_file: the head goes out with part 0, once it has been read, so a file the
 * database cannot give is an error answer, not a cut one; then each part's bytes within the span, while the parts
 * stay within the size the head promised */
static int send_part(void *ctx, int64_t part, const char *buf, size_t n)
{
	struct db_send *d = ctx;
	int64_t lo, hi;
	if (part == 0) {
		d->head_sent = true;
		if (send_head(d->req, d->res, d->f, &d->sp, d->download) != 0 || d->req->method == WEB_M_HEAD)
			return 1;
	}
	if (n == 0 || d->read + (int64_t)n > d->f->size)
		return 1;
	/* the part holds bytes read..read+n of the file: the span's share of them goes out */
	lo = d->sp.from > d->read ? d->sp.from - d->read : 0;
	hi = d->sp.to + 1 < d->read + (int64_t)n ? d->sp.to + 1 - d->read : (int64_t)n;
	d->read += (int64_t)n;
	if (lo < hi && d->req->io->write(d->req->io->ctx, buf + lo, (size_t)(hi - lo)) != 0) {
		d->res->streamed = -1;
		return 1;
	}
	if (lo < hi)
		d->sent += hi - lo;
	return d->read > d->sp.to ? 1 : 0;
}

/* a file kept in the database (files_store = database, on whichever machine it arrived), sent one part at a
 * time: one LIMIT_BLOB_PART buffer in this process, however large the file */
static void send_db_file(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a,
                         const struct store_file *f, bool download)
{
	struct db_send d = { .req = req, .res = res, .f = f, .download = download };
	char *buf = arena_alloc(a, LIMIT_BLOB_PART);
	int rc;
	if (byte_range(req, (long long)f->size, &d.sp) != 0) {
		refuse_range(res, (long long)f->size);
		return;
	}
	if (buf == NULL) {
		web_response_fail(res, NULL, "the file could not be read on the server", "file %s: out of memory", f->id);
		return;
	}
	rc = store_blob_each(app->store, f->user_id, f->id, buf, send_part, &d);
	if (!d.head_sent) { /* part 0 missing, or the database failed: nothing went out yet */
		web_response_fail(res, NULL, "the file could not be read on the server", "file %s: %s", f->id,
		                  store_errmsg(app->store));
		return;
	}
	if (d.sent != d.sp.to - d.sp.from + 1 && res->streamed == 1 && req->method != WEB_M_HEAD) {
		/* the head promised more: the connection is cut, and the admin told why */
		res->streamed = -1;
		fprintf(stderr, "larder: file %s: %lld of %lld bytes in the database: %s\n", f->id, (long long)d.read,
		        (long long)f->size, rc == STORE_OK || rc == STORE_E_INVAL ? "parts missing or too long"
		                                                              : store_errmsg(app->store));
	}
}

/* the header block of a file download, then the file's bytes, or the span of them a Range asks (res->streamed) */
static void send_file(struct web_request *req, struct web_response *res, const struct store_file *f, bool download)
{
	char buf[65536];
	struct stat sb;
	struct span sp;
	long long left;
	int fd = open(f->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &sb) != 0)
		goto failed;
	if (byte_range(req, (long long)sb.st_size, &sp) != 0) {
		close(fd);
		refuse_range(res, (long long)sb.st_size);
		return;
	}
	if (sp.from > 0 && lseek(fd, (off_t)sp.from, SEEK_SET) != (off_t)sp.from)
		goto failed;
	send_head(req, res, f, &sp, download);
	for (left = sp.to - sp.from + 1; res->streamed == 1 && req->method != WEB_M_HEAD && left > 0;) {
		ssize_t k = read(fd, buf, left < (long long)sizeof buf ? (size_t)left : sizeof buf);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		if (req->io->write(req->io->ctx, buf, (size_t)k) != 0)
			res->streamed = -1;
		left -= k;
	}
	close(fd);
	return;
failed:
	web_response_fail(res, NULL, "the file could not be read on the server", "file %s: %s", f->id, strerror(errno));
	if (fd >= 0)
		close(fd);
}

/* the file's bytes, from files_dir or from the database */
static void serve(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a,
                  const struct store_file *f)
{
	bool download = req->query_string && strstr(req->query_string, "download=1") != NULL;
	if (f->path)
		send_file(req, res, f, download);
	else
		send_db_file(app, req, res, a, f, download);
}

/* a signed link's GET (?user=…&expires=…&sig=…: a PDF item's url, svc/signlink.h): 1 when answered; 0 when the
 * request carries no link or a bad or expired one, *why then saying which (the credentials decide: a login or key
 * still reads the owner's file by its plain address) */
static int get_signed(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a,
                      const char *item_id, const char **why)
{
	struct web_qparam *q;
	const struct web_qparam *user, *expires, *sig;
	struct store_file f;
	size_t nq;
	bool missing;
	*why = NULL;
	if (!req->query_string || web_query_parse(a, req->query_string, req->query_len, &q, &nq) != 0 ||
	    (sig = web_query_get(q, nq, "sig")) == NULL)
		return 0;
	user = web_query_get(q, nq, "user");
	expires = web_query_get(q, nq, "expires");
	switch (svc_file_link_open(app->store, a, item_id, user ? user->value : NULL, user ? user->value_len : 0,
	                           expires ? expires->value : NULL, expires ? expires->value_len : 0, sig->value,
	                           sig->value_len, time_now_ms(), &f, &missing)) {
	case SVC_SIGNLINK_OK:
		if (missing)
			web_response_error(res, 404, NULL, "NOT_FOUND", "the item of this link is no longer in the library");
		else
			serve(app, req, res, a, &f);
		return 1;
	case SVC_SIGNLINK_FAILED:
		web_response_fail(res, NULL, "the link could not be checked on the server", "file link: %s",
		                  store_errmsg(app->store));
		return 1;
	case SVC_SIGNLINK_EXPIRED:
		*why = "this file link has expired: fetch the item again for a new url";
		return 0;
	case SVC_SIGNLINK_BAD:
		break;
	}
	*why = "this file link is not valid: fetch the item again for its url";
	return 0;
}

static void get_file(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a,
                     const char *item_id)
{
	struct web_authn who;
	struct store_file f;
	const char *why;
	if (get_signed(app, req, res, a, item_id, &why))
		return;
	/* an API key, or the session cookie: a GET changes nothing, and the frame of our reader sends no Origin */
	switch (web_authenticate(app, req, a, WEB_AUTHN_KEY | WEB_AUTHN_SESSION, &who)) {
	case WEB_AUTHN_USER:
		break;
	case WEB_AUTHN_ANONYMOUS:
		if (why) /* the same answer whoever's item the link names: it was checked before any lookup */
			web_response_error(res, 403, NULL, "FORBIDDEN", "%s", why);
		else
			web_response_error(res, 401, NULL, "UNAUTHORIZED", "sign in or send an API key");
		return;
	default:
		if (web_authn_busy(res, NULL, &who))
			return;
		web_response_error(res, who.status, NULL, who.status == 500 ? "INTERNAL_SERVER_ERROR" : "UNAUTHORIZED", "%s",
		                   who.msg);
		return;
	}
	if (!web_authn_allows(&who, SVC_GRANT_READ)) {
		web_response_error(res, 403, NULL, "FORBIDDEN", "%s", who.msg);
		return;
	}
	if (svc_file_of_item(app->store, a, who.user.id, item_id, &f) != 0) {
		web_response_error(res, 404, NULL, "NOT_FOUND", "no such file");
		return;
	}
	serve(app, req, res, a, &f);
}

void web_upload_handle(struct web_graphql *app, struct web_request *req, struct web_response *res, struct arena *a)
{
	size_t up = strlen(SVC_FILE_UPLOAD_PATH), fp = strlen(SVC_FILE_PATH);
	if (strncmp(req->path, SVC_FILE_UPLOAD_PATH, up) == 0 && req->path[up] && !strchr(req->path + up, '/')) {
		if (req->method == WEB_M_PUT || req->method == WEB_M_POST)
			put_file(app, req, res, a, req->path + up);
		else {
			web_response_header(res, "Allow", "PUT, POST");
			web_response_error(res, 405, NULL, "METHOD_NOT_ALLOWED", "PUT the file to this URL");
		}
	} else if (strncmp(req->path, SVC_FILE_PATH, fp) == 0 && req->path[fp] && !strchr(req->path + fp, '/')) {
		if (req->method == WEB_M_GET || req->method == WEB_M_HEAD)
			get_file(app, req, res, a, req->path + fp);
		else {
			web_response_header(res, "Allow", "GET, HEAD");
			web_response_error(res, 405, NULL, "METHOD_NOT_ALLOWED", "a file is read with GET");
		}
	} else
		web_response_error(res, 404, NULL, "NOT_FOUND", "no such file URL");
}
