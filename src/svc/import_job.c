/* import_job.c (svc): imports that arrive through the web: a one-time upload token, the file received into the imports folder of data_dir (under import_max_bytes), or with files_store = database into the database, and the import run later by the fetch runner or `larder worker` (on any machine). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "svc/import.h"
#include "svc/jobs.h"
#include "util/crypto.h"
#include "util/fdio.h"
#include "util/limits.h"
#include "util/time.h"

#define REPORT_MAX (1024 * 1024)         /* bytes of report lines kept with an import */

int svc_import_begin_upload(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                            const char *format, const char **token, struct store_import_job *job, const char **msg)
{
	uint32_t most = cfg->imports_pending_per_user;
	char *tok = ARENA_NEWN(a, char, 65), hash[65];
	struct store_usage u;
	if (store_usage_get(st, user_id, &u) != STORE_OK)
		return -1;
	if (u.imports_pending >= most) { /* each may hold a file of import_max_bytes on the server's disk */
		*msg = arena_printf(a, "imports_pending_per_user (%u) reached: %lld imports are waiting or running; "
		                    "try again when one has finished", most, (long long)u.imports_pending);
		return -2;
	}
	if (tok == NULL || crypto_random_hex(tok, 32) != 0)
		return -1;
	crypto_sha256_hex(tok, 64, hash);
	if (store_import_create(st, a, user_id, format, NULL, hash, time_now_ms() + SVC_IMPORT_UPLOAD_TTL_MS, job) != STORE_OK)
		return -1;
	*token = tok;
	return 0;
}

/* the folder under data_dir that uploads are kept in until their import ran, created when missing */
static const char *imports_dir(struct arena *a, const struct larder_config *cfg)
{
	const char *dir = arena_printf(a, "%s/imports", cfg->data_dir);
	if (dir == NULL || (mkdir(dir, 0700) != 0 && errno != EEXIST))
		return NULL;
	return dir;
}

/* the body copied into fd, at most max bytes: SVC_UPLOAD_OK, TOO_LARGE or FAILED */
static enum svc_upload_status copy_body(int fd, size_t max, long (*read)(void *ctx, char *buf, size_t n), void *ctx)
{
	char buf[65536];
	size_t total = 0;
	for (;;) {
		long n = read(ctx, buf, sizeof buf);
		if (n == 0)
			return SVC_UPLOAD_OK;
		if (n < 0)
			return SVC_UPLOAD_FAILED;
		if ((total += (size_t)n) > max)
			return SVC_UPLOAD_TOO_LARGE;
		if (fd_write_all(fd, buf, (size_t)n) != 0)
			return SVC_UPLOAD_FAILED;
	}
}

/* a received file read back from the start, part by part (store_blob_source) */
static long fd_read(void *ctx, char *buf, size_t cap)
{
	ssize_t k;
	while ((k = read(*(int *)ctx, buf, cap)) < 0 && errno == EINTR)
		;
	return (long)k;
}

/* the received file at path (open as fd) recorded and its import queued; with files_store = database its bytes
 * go into the database in the same transaction, so a worker on any machine reads them */
static enum svc_upload_status record(struct store *st, const struct larder_config *cfg, struct arena *a,
                                     const struct store_import_job *job, const char *path, int fd, const char **msg)
{
	int rc;
	if (cfg->files_in_db && lseek(fd, 0, SEEK_SET) != 0)
		return SVC_UPLOAD_FAILED;
	rc = store_import_uploaded(st, a, job->id, job->user_id, path, cfg->files_in_db ? fd_read : NULL, &fd);
	if (rc == STORE_E_NOTFOUND)
		return SVC_UPLOAD_UNKNOWN; /* another upload with the same token came first */
	if (rc != STORE_OK) {
		*msg = arena_printf(a, "the file could not be recorded: %s", store_errmsg(st));
		return SVC_UPLOAD_FAILED;
	}
	return SVC_UPLOAD_OK;
}

enum svc_upload_status svc_import_receive(struct store *st, const struct larder_config *cfg, struct arena *a,
                                          const char *token, int64_t declared_len,
                                          long (*read)(void *ctx, char *buf, size_t n), void *ctx,
                                          struct store_import_job *job, const char **msg)
{
	size_t max = cfg->import_max_bytes;
	const char *dir, *path;
	enum svc_upload_status r;
	char hash[65];
	int fd;

	*msg = NULL;
	if (token == NULL || strlen(token) != 64)
		return SVC_UPLOAD_UNKNOWN;
	crypto_sha256_hex(token, 64, hash);
	if (store_import_by_upload(st, a, hash, time_now_ms(), job) != STORE_OK)
		return SVC_UPLOAD_UNKNOWN;
	if (declared_len > 0 && (uint64_t)declared_len > max)
		return SVC_UPLOAD_TOO_LARGE;
	if ((dir = imports_dir(a, cfg)) == NULL || (path = arena_printf(a, "%s/%s.upload", dir, job->id)) == NULL ||
	    (fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)) < 0) {
		*msg = "the file could not be stored on the server";
		return SVC_UPLOAD_FAILED;
	}
	r = copy_body(fd, max, read, ctx);
	if (!cfg->files_in_db && close(fd) != 0 && r == SVC_UPLOAD_OK)
		r = SVC_UPLOAD_FAILED; /* on disk: complete before its row says so */
	if (r == SVC_UPLOAD_OK)
		r = record(st, cfg, a, job, path, fd, msg);
	if (cfg->files_in_db)
		close(fd);
	/* with files_store = database the file here was only the way in: its bytes are in the database now */
	if (r != SVC_UPLOAD_OK || cfg->files_in_db)
		unlink(path);
	if (r != SVC_UPLOAD_OK) {
		if (*msg == NULL)
			*msg = r == SVC_UPLOAD_FAILED ? "the file could not be received" : NULL;
		return r;
	}
	job->status = "queued";
	svc_fetch_queued_note(); /* the runner the web program starts after answering runs the import */
	return SVC_UPLOAD_OK;
}

/* the import's file read and stored; its outcome into *done */
static void run_import(struct store *st, const struct larder_config *cfg, const struct store_import_job *job,
                       struct store_import_job *done)
{
	struct svc_import_report r = { 0 };
	enum content_import_format f = job->format ? content_import_format_by_name(job->format) : CONTENT_IMPORT_UNKNOWN;
	const char *err = NULL;
	struct arena a;
	int rc;

	arena_init(&a);
	sb_init(&r.lines);
	r.lines.max = REPORT_MAX;
	if (job->path == NULL) { /* kept in the database, and the copy to this machine's data_dir failed */
		rc = -1;
		err = "its copy from the database to this machine's data_dir/imports failed";
	} else
		rc = svc_import_file(st, cfg, &a, job->user_id, f, job->path, &r, NULL, NULL, &err);
	if (rc == -1)
		sb_printf(&r.lines, "the file could not be read: %s\n", err ? err : "unknown error");
	*done = (struct store_import_job){ .status = rc == -1 ? "failed" : "done", .added = (int64_t)r.added,
	                                   .updated = (int64_t)r.updated, .unchanged = (int64_t)r.unchanged,
	                                   .failed = (int64_t)r.failed };
	done->report = sb_take(&r.lines);
	arena_free(&a);
}

/* store_blob_each's sink of fetch_copy: a part written whole to the file (ctx: its descriptor) */
static int write_part(void *ctx, int64_t part, const char *buf, size_t n)
{
	(void)part;
	return fd_write_all(*(int *)ctx, buf, n);
}

/* an import kept in the database (files_store = database) copied to a file of this machine's own data_dir,
 * part by part, for the readers that want a file: its path, or NULL (the import then fails, saying so; a
 * missing part 0 too: the bytes are gone) */
static const char *fetch_copy(struct store *st, const struct larder_config *cfg, struct arena *a,
                              const struct store_import_job *job)
{
	const char *dir = imports_dir(a, cfg), *path;
	char *buf = arena_alloc(a, LIMIT_BLOB_PART);
	int fd, rc;
	if (!dir || !buf || !(path = arena_printf(a, "%s/%s.fromdb", dir, job->id)) ||
	    (fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)) < 0)
		return NULL;
	rc = store_blob_each(st, job->user_id, job->id, buf, write_part, &fd);
	if (close(fd) != 0 || rc != STORE_OK) {
		unlink(path);
		return NULL;
	}
	return path;
}

int svc_import_job(struct store *st, const struct larder_config *cfg, const struct store_work *w, char *err,
                   size_t errlen)
{
	struct store_import_job job, done;
	struct arena a;
	int64_t now = time_now_ms();
	int rc;

	arena_init(&a);
	rc = store_import_start(st, &a, w->ref, w->user_id, now + SVC_IMPORT_LEASE_MS, &job);
	if (rc == STORE_E_NOTFOUND) /* done or gone meanwhile: only its job is left */
		rc = STORE_OK;
	else if (rc == STORE_OK) {
		bool from_db = job.path == NULL;
		if (from_db)
			job.path = fetch_copy(st, cfg, &a, &job);
		run_import(st, cfg, &job, &done);
		rc = store_import_finish(st, job.id, &done);
		free((char *)done.report);
		if (job.path)
			unlink(job.path);
		if (rc == STORE_OK && from_db)
			rc = store_blob_delete(st, job.id);
	}
	if (rc == STORE_OK)
		rc = store_job_done(st, w->id);
	if (rc != STORE_OK)
		snprintf(err, errlen, "import: %s", store_errmsg(st));
	arena_free(&a);
	return rc == STORE_OK ? 1 : -1;
}
