/* upload.c (svc): PDFs in the library: uploadFileRequest's item and token, the upload checked, kept under files_dir by its id and read with content/pdf (at once when small, else by the worker), saveFile's choices, fetched PDFs, and the owner's file found for serving. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "content/pdf/pdf.h"
#include "content/reader.h"
#include "svc/jobs.h"
#include "svc/svc.h"
#include "svc/upload.h"
#include "util/crypto.h"
#include "util/fdio.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/text.h"
#include "util/time.h"
#include "util/url.h"
#include "util/utf8.h"

#define PDF_TYPE "application/pdf"

/* ---- uploadFileRequest */

/* the last path segment of url, percent-decoded, up to '?' or '#' */
static char *last_segment(struct arena *a, const char *url)
{
	const char *end = url + strcspn(url, "?#"), *p = end;
	char *out, *o;
	while (p > url && p[-1] != '/')
		p--;
	if (!(out = o = arena_alloc(a, (size_t)(end - p) + 1)))
		return NULL;
	for (; p < end; p++) {
		int hi = *p == '%' && p + 2 < end + 1 ? text_hex_value((unsigned char)p[1]) : -1;
		int lo = hi >= 0 ? text_hex_value((unsigned char)p[2]) : -1;
		if (lo >= 0) {
			*o++ = (char)(hi * 16 + lo);
			p += 2;
		} else
			*o++ = *p;
	}
	*o = '\0';
	return out;
}

/* the title (the name without ".pdf") and a safe file name ([A-Za-z0-9._-], "content.pdf" when empty) */
static void names(struct arena *a, const char *url, const char **title, const char **file_name)
{
	char *seg = last_segment(a, url), *safe, *s;
	size_t n = seg ? strlen(seg) : 0;
	if (seg && !utf8_valid(seg, n)) { /* %E9 and the like: not UTF-8 once decoded, so the name as written */
		const char *end = url + strcspn(url, "?#"), *p = end;
		while (p > url && p[-1] != '/')
			p--;
		seg = arena_strndup(a, p, (size_t)(end - p));
		n = seg ? strlen(seg) : 0;
	}
	if (n > 4 && strcasecmp(seg + n - 4, ".pdf") == 0)
		*title = arena_strndup(a, seg, n - 4);
	else
		*title = seg;
	if (!*title || !**title)
		*title = "content";
	safe = s = arena_alloc(a, n + 1);
	for (size_t i = 0; safe && i < n && s - safe < 200; i++) {
		char c = seg[i];
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-' ||
		    c == '_')
			*s++ = c;
	}
	*file_name = safe && s > safe && strspn(safe, ".") != (size_t)(s - safe) ? safe : "content.pdf";
}

/* the item's URL: the http(s) URL normalised, NULL for a file: URL; *why when it is neither */
static const char *item_url(struct arena *a, const char *url, const char **why)
{
	char *norm = NULL;
	*why = NULL;
	if (strncasecmp(url, "file:", 5) == 0)
		return NULL;
	if (url_normalise(a, url, strlen(url), &norm, why) < 0)
		return NULL;
	return norm;
}

enum svc_file_status svc_upload_request(struct store *st, struct arena *a, const struct svc_upload_in *in,
                                        struct svc_upload_out *out)
{
	struct store_file_new fn = { .user_id = in->user_id, .client_url = in->url, .content_type = PDF_TYPE };
	char *tok = ARENA_NEWN(a, char, 65), hash[65];
	const char *why, *crid = in->client_request_id;

	memset(out, 0, sizeof *out);
	if (!in->content_type || strncasecmp(in->content_type, PDF_TYPE, strlen(PDF_TYPE)) != 0) {
		out->message = "only PDF files (contentType application/pdf) can be uploaded";
		return SVC_FILE_REFUSED;
	}
	if (!in->url || !*in->url || strlen(in->url) > LIMIT_URL_BYTES) {
		out->message = "the file's url is missing or too long";
		return SVC_FILE_REFUSED;
	}
	fn.url = item_url(a, in->url, &why);
	if (why) {
		out->message = arena_printf(a, "the file's url is not usable: %s", why);
		return SVC_FILE_REFUSED;
	}
	names(a, in->url, &fn.title, &fn.file_name);
	if (crid && *crid)
		*(crypto_is_uuid(crid, strlen(crid)) ? &fn.item_id : &fn.client_request_id) = crid;
	if (!tok || crypto_random_hex(tok, 32) != 0) {
		out->message = "no random token could be made";
		return SVC_FILE_FAILED;
	}
	crypto_sha256_hex(tok, 64, hash);
	fn.upload_hash = hash;
	fn.upload_expires_ms = time_now_ms() + LIMIT_UPLOAD_TTL_MS;
	int rc = store_file_create(st, a, &fn, &out->file, &out->item);
	if (rc == STORE_E_LIMIT) {
		out->message = arena_strdup(a, store_errmsg(st));
		return SVC_FILE_REFUSED;
	}
	if (rc != STORE_OK) {
		out->message = arena_printf(a, "the upload could not be recorded: %s", store_errmsg(st));
		return SVC_FILE_FAILED;
	}
	out->token = tok;
	return SVC_FILE_OK;
}

/* ---- reading a PDF into an article */

static size_t pdf_max(const struct larder_config *cfg)
{
	return cfg->pdf_max_bytes;
}

/* the PDF in data read into art (title and author from its info; the text, the article) under budget_ms of
 * CPU (0: pdf_read_seconds): 0, -1 with *why, or -2 when it ran out of its budget (*why says so too) */
static int read_article(const struct larder_config *cfg, struct arena *a, const char *data, size_t n, int max_pages,
                        long budget_ms, struct store_article *art, const char **why)
{
	size_t max_content = cfg->content_max_bytes;
	struct content_limits lim = { .pdf_bytes = pdf_max(cfg), .pdf_pages = max_pages, .pdf_text = max_content / 2,
	                              .budget_ms = budget_ms ? budget_ms : (long)cfg->pdf_read_s * 1000 };
	struct content_error e;
	struct pdf_doc d;
	if (content_pdf_read(a, data, n, &lim, &d, &e) != 0) {
		*why = arena_strdup(a, e.msg);
		if (*why == NULL)
			*why = "the PDF could not be read on the server";
		return e.detail == PDF_E_BUDGET ? -2 : -1;
	}
	if (strlen(d.html) > max_content) {
		*why = "the PDF's text is larger than content_max_bytes allows";
		return -1;
	}
	memset(art, 0, sizeof *art);
	art->title = d.title;
	art->author = d.author;
	art->description = d.subject;
	art->content = d.html;
	art->text = d.all_text;
	svc_article_cut(a, art); /* the PDF's info, from outside: cut to what an item keeps */
	art->words_count = d.words;
	art->published_ms = d.created_ms;
	return 0;
}

/* ---- keeping the bytes */

const char *svc_files_dir(struct arena *a, const struct larder_config *cfg)
{
	const char *dir;
	if (cfg->files_dir)
		dir = cfg->files_dir;
	else
		dir = arena_printf(a, "%s/files", cfg->data_dir);
	if (dir == NULL || (mkdir(dir, 0700) != 0 && errno != EEXIST))
		return NULL;
	return dir;
}

/* data written under a name of its own beside files_dir/ID.pdf (*path): the temporary file's name, or NULL. The
 * caller renames it to *path once the file is its own, so two uploads with one token cannot replace each other */
static const char *keep(struct arena *a, const struct larder_config *cfg, const char *id, const char *data, size_t n,
                        const char **path)
{
	const char *dir = svc_files_dir(a, cfg), *tmp;
	char rnd[17];
	int fd;
	if (!dir || crypto_random_hex(rnd, 8) != 0 || !(*path = arena_printf(a, "%s/%s.pdf", dir, id)) ||
	    !(tmp = arena_printf(a, "%s.%s.part", *path, rnd)))
		return NULL;
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600)) < 0)
		return NULL;
	int wrote = fd_write_all(fd, data, n);
	if (close(fd) != 0 || wrote != 0) {
		unlink(tmp);
		return NULL;
	}
	return tmp;
}

/* bytes in memory given to the store part by part (store_blob_source) */
struct mem_source { const char *p; size_t left; };
static long mem_read(void *ctx, char *buf, size_t cap)
{
	struct mem_source *m = ctx;
	size_t k = m->left < cap ? m->left : cap;
	memcpy(buf, m->p, k);
	m->p += k;
	m->left -= k;
	return (long)k;
}

/* the kept file moved to its place: 0, or -1 (the temporary one removed) */
static int settle(const char *tmp, const char *path)
{
	if (rename(tmp, path) == 0)
		return 0;
	unlink(tmp);
	return -1;
}

/* the whole body into b, read straight into its buffer: SVC_PUT_OK, TOO_LARGE past max bytes, or FAILED */
static enum svc_put_status read_body(struct sb *b, size_t max, long (*read)(void *ctx, char *buf, size_t n), void *ctx)
{
	const size_t chunk = 65536;
	long k = 0;
	while (sb_reserve(b, chunk) == 0 && (k = read(ctx, b->buf + b->len, chunk)) > 0) {
		b->len += (size_t)k;
		b->buf[b->len] = '\0';
		if (b->len > max)
			return SVC_PUT_TOO_LARGE;
	}
	return sb_error(b) || k < 0 ? SVC_PUT_FAILED : SVC_PUT_OK;
}

/* the received bytes kept (in files_dir, or in the database with files_store = database) and the file recorded
 * as COMPLETED: SVC_PUT_OK, UNKNOWN when another upload with the same token came first, or FAILED with *msg */
static enum svc_put_status keep_upload(struct store *st, const struct larder_config *cfg, struct arena *a,
                                       const char *data, size_t n, const char *sha, struct store_file *file,
                                       const char **msg)
{
	struct mem_source m = { data, n };
	const char *path = NULL, *tmp = NULL;
	int rc;
	if (!cfg->files_in_db && !(tmp = keep(a, cfg, file->id, data, n, &path))) {
		*msg = "the file could not be stored on the server";
		return SVC_PUT_FAILED;
	}
	rc = store_file_uploaded(st, a, file->id, path, (int64_t)n, sha, cfg->files_in_db ? mem_read : NULL, &m, file);
	if (rc != STORE_OK) {
		if (tmp)
			unlink(tmp);
		if (rc == STORE_E_NOTFOUND)
			return SVC_PUT_UNKNOWN; /* another upload with the same token came first */
		*msg = arena_printf(a, "the file could not be stored in the database: %s", store_errmsg(st));
		return SVC_PUT_FAILED;
	}
	if (tmp && settle(tmp, path) != 0) {
		*msg = "the file could not be stored on the server";
		return SVC_PUT_FAILED;
	}
	return SVC_PUT_OK;
}

/* the received bytes checked (and read when small), kept, recorded and the item filled or queued */
static enum svc_put_status take(struct store *st, const struct larder_config *cfg, struct arena *a,
                                const char *data, size_t n, struct store_file *file, const char **msg)
{
	size_t sync = cfg->pdf_sync_bytes;
	struct store_article art;
	struct store_item it;
	char sha[65];
	bool now = n <= sync;

	/* a large file is only opened here (its first page), to refuse what cannot be read before keeping it; either
	 * reading gets a short CPU budget, so no upload holds a web process for long: a file that needs more is
	 * kept and read by the worker, under the full budget */
	int r = read_article(cfg, a, data, n, now ? 0 : 1, LIMIT_PDF_REQUEST_CPU_MS, &art, msg);
	if (r == -1) {
		/* the item says why instead of "Saving…" forever; the upload URL still takes a good file, which fills it */
		if (store_item_get(st, a, file->user_id, file->item_id, &it) == STORE_OK && it.state &&
		    (strcmp(it.state, "PROCESSING") == 0 || strcmp(it.state, "FAILED") == 0))
			store_item_fail(st, it.seq, "FAILED", *msg ? *msg : "the file could not be read as a PDF");
		return SVC_PUT_BAD;
	}
	if (r == -2)
		now = false;
	if ((r = store_quota_bytes_user(st, file->user_id, (int64_t)n)) != STORE_OK) {
		*msg = arena_strdup(a, store_errmsg(st));
		return r == STORE_E_LIMIT ? SVC_PUT_QUOTA : SVC_PUT_FAILED;
	}
	crypto_sha256_hex(data, n, sha);
	if ((r = keep_upload(st, cfg, a, data, n, sha, file, msg)) != SVC_PUT_OK)
		return r;
	if (store_item_get(st, a, file->user_id, file->item_id, &it) != STORE_OK)
		return SVC_PUT_OK;     /* the item was removed meanwhile: the file stays for saveFile to find */
	/* a file refused before marked the item FAILED: read later, it is being saved again meanwhile */
	if (!now && it.state && strcmp(it.state, "FAILED") == 0)
		store_item_fail(st, it.seq, "PROCESSING", NULL);
	if (now ? store_item_fill(st, it.seq, &art) != STORE_OK : store_file_queue(st, it.seq) != STORE_OK) {
		*msg = "the file was kept but its item could not be updated";
		return SVC_PUT_FAILED;
	}
	if (!now)
		svc_fetch_queued_note();
	return SVC_PUT_OK;
}

/* the hash a token of 64 hex digits is kept as; false for anything else */
static bool token_hash(const char *token, char hash[65])
{
	if (!token || strlen(token) != 64 || strspn(token, "0123456789abcdef") != 64)
		return false;
	crypto_sha256_hex(token, 64, hash);
	return true;
}

enum svc_put_status svc_upload_receive(struct store *st, const struct larder_config *cfg, struct arena *a,
                                       const char *token, int64_t declared_len,
                                       long (*read)(void *ctx, char *buf, size_t n), void *ctx,
                                       struct store_file *file, const char **msg)
{
	size_t max = pdf_max(cfg);
	enum svc_put_status r;
	struct sb body;
	char hash[65];

	*msg = NULL;
	if (!token_hash(token, hash) || store_file_by_upload(st, a, hash, time_now_ms(), file) != STORE_OK)
		return SVC_PUT_UNKNOWN;
	if (declared_len > 0 && (uint64_t)declared_len > max)
		return SVC_PUT_TOO_LARGE;
	sb_init(&body);
	r = read_body(&body, max, read, ctx);
	if (r == SVC_PUT_OK)
		r = take(st, cfg, a, sb_str(&body), body.len, file, msg);
	else if (r == SVC_PUT_FAILED)
		*msg = "the file could not be received";
	sb_free(&body);
	return r;
}

/* ---- saveFile */

enum svc_file_status svc_save_file(struct store *st, struct arena *a, const struct svc_save_file_in *in,
                                   struct store_item *item, const char **message)
{
	struct store_file f;
	int rc;

	*message = NULL;
	if (!in->upload_file_id || store_file_get(st, a, in->user_id, in->upload_file_id, &f) != STORE_OK || !f.item_id) {
		*message = "no such uploaded file";
		return SVC_FILE_UNKNOWN;
	}
	if (strcmp(f.status, "COMPLETED") != 0) {
		*message = "the file has not been uploaded yet: PUT it to its upload URL first";
		return SVC_FILE_REFUSED;
	}
	rc = store_item_get(st, a, in->user_id, f.item_id, item);
	if (rc == STORE_OK && in->folder && *in->folder && strcmp(in->folder, item->folder) != 0)
		rc = store_item_set_folder(st, a, in->user_id, f.item_id, in->folder, item);
	if (rc == STORE_OK && in->state && strcmp(in->state, "ARCHIVED") == 0)
		rc = store_item_set_archived(st, a, in->user_id, f.item_id, true, item);
	for (size_t i = 0; rc == STORE_OK && i < in->nlabels; i++)
		if (in->labels[i] && *in->labels[i])
			rc = store_item_add_label(st, a, in->user_id, f.item_id, in->labels[i], NULL, item);
	if (rc == STORE_E_NOTFOUND) {
		*message = "the file's item is gone";
		return SVC_FILE_UNKNOWN;
	}
	if (rc != STORE_OK) {
		*message = arena_printf(a, "the file could not be saved: %s", store_errmsg(st));
		return rc == STORE_E_LIMIT || rc == STORE_E_INVAL ? SVC_FILE_REFUSED : SVC_FILE_FAILED;
	}
	return SVC_FILE_OK;
}

/* ---- the worker */

/* the kept file at path read whole into the arena: its bytes, or NULL */
static char *load(struct arena *a, const char *path, size_t max, size_t *n)
{
	struct stat sb;
	char *buf;
	size_t off = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &sb) != 0 || sb.st_size < 0 || (size_t)sb.st_size > max ||
	    !(buf = arena_alloc(a, (size_t)sb.st_size + 1))) {
		close(fd);
		return NULL;
	}
	while (off < (size_t)sb.st_size) {
		ssize_t k = read(fd, buf + off, (size_t)sb.st_size - off);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		off += (size_t)k;
	}
	close(fd);
	*n = off;
	return off == (size_t)sb.st_size ? buf : NULL;
}

/* where load_db's parts go: a buffer of the file's recorded size */
struct db_load { char *buf; size_t off, size; };

/* store_blob_each's sink of load_db: the part appended, or a stop when the parts hold more than the size says */
static int append_part(void *ctx, int64_t part, const char *buf, size_t n)
{
	struct db_load *l = ctx;
	(void)part;
	if (n > l->size - l->off)
		return -1;
	memcpy(l->buf + l->off, buf, n);
	l->off += n;
	return 0;
}

/* a file kept in the database read whole into the arena, part by part: its bytes, or NULL (parts missing,
 * more or fewer bytes than recorded, or the store failed) */
static char *load_db(struct store *st, struct arena *a, const struct store_file *f, size_t max, size_t *n)
{
	struct db_load l = { 0 };
	char *part;
	if (f->size < 0 || (uint64_t)f->size > max || !(l.buf = arena_alloc(a, (size_t)f->size + 1)) ||
	    !(part = arena_alloc(a, LIMIT_BLOB_PART)))
		return NULL;
	l.size = (size_t)f->size;
	if (store_blob_each(st, f->user_id, f->id, part, append_part, &l) != STORE_OK || l.off != l.size)
		return NULL;
	*n = l.off;
	return l.buf;
}

long svc_uploads_expire(struct store *st)
{
	int64_t n = 0;
	if (store_file_expired(st, time_now_ms(), "the file was not uploaded before its upload URL expired (an hour after"
	                       " it was asked for): upload it again", &n) != STORE_OK)
		return -1;
	return (long)n;
}

static void outcome(struct store_job_outcome *o, struct store_article *art, int rc, const char *why)
{
	memset(o, 0, sizeof *o);
	if (rc == 0) {
		o->kind = STORE_JOB_FILLED;
		o->article = art;
	} else {
		o->kind = STORE_JOB_FAILED;
		o->reason = why ? why : "the PDF could not be read";
	}
}

int svc_file_job(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_item *it,
                 struct store_article *art, struct store_job_outcome *o)
{
	struct store_file f;
	const char *why = NULL;
	char *data;
	size_t n = 0;
	int rc = -1;

	if (!it->page_type || strcmp(it->page_type, "FILE") != 0 ||
	    store_file_by_item(st, a, it->user_id, it->id, &f) != STORE_OK || strcmp(f.status, "COMPLETED") != 0)
		return 0;
	/* a file without a path is kept in the database, whichever machine received it */
	if ((data = f.path ? load(a, f.path, pdf_max(cfg), &n) : load_db(st, a, &f, pdf_max(cfg), &n)) == NULL)
		why = f.path ? "the kept PDF could not be read from the server's disk"
		             : "the kept PDF could not be read from the database";
	else
		rc = read_article(cfg, a, data, n, 0, 0, art, &why);
	outcome(o, art, rc, why);
	return 1;
}

void svc_file_fetched(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_item *it,
                      const char *data, size_t n, struct store_article *art, struct store_job_outcome *o)
{
	struct store_file in, kept;
	const char *why = NULL, *title, *tmp = NULL;
	char sha[65], id[37];
	int rc = read_article(cfg, a, data, n, 0, 0, art, &why);

	if (rc == 0) {
		memset(&in, 0, sizeof in);
		crypto_uuid_v4(id);
		crypto_sha256_hex(data, n, sha);
		in.id = id;
		in.user_id = it->user_id;
		in.item_id = it->id;
		in.content_type = PDF_TYPE;
		in.url = it->url;
		in.size = (int64_t)n;
		in.sha256 = sha;
		names(a, it->url, &title, &in.file_name);
		if (art->title == NULL)
			art->title = svc_cut(a, title, LIMIT_TITLE); /* no Title in the PDF: its file name, as an upload */
		if (cfg->files_in_db) {
			struct mem_source m = { data, n };
			if (store_file_attach(st, a, it->seq, &in, mem_read, &m, &kept) != STORE_OK) {
				rc = -1;
				why = "the PDF could not be kept in the database";
			}
		} else if (!(tmp = keep(a, cfg, id, data, n, &in.path)) || settle(tmp, in.path) != 0 ||
		           store_file_attach(st, a, it->seq, &in, NULL, NULL, &kept) != STORE_OK) {
			if (tmp)
				unlink(in.path);
			rc = -1;
			why = "the PDF could not be kept on the server";
		}
	}
	outcome(o, art, rc, why);
}

int svc_file_of_item(struct store *st, struct arena *a, const char *user_id, const char *item_id,
                     struct store_file *file)
{
	if (!user_id || !item_id || store_file_by_item(st, a, user_id, item_id, file) != STORE_OK ||
	    strcmp(file->status, "COMPLETED") != 0)
		return -1;
	return 0;
}
