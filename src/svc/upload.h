/* upload.h (svc): PDFs in the library: uploadFileRequest's item and one-time upload URL, the upload received and read (at once, or by the worker), saveFile, a fetched PDF kept and read, and the stored file served back to its owner. */
#ifndef LARDER_SVC_UPLOAD_H
#define LARDER_SVC_UPLOAD_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "store/store.h"
#include "util/arena.h"
#include "util/config.h"

/* where a file's one-time upload URL points, followed by its token; where an item's file is served */
#define SVC_FILE_UPLOAD_PATH "/api/upload/"
#define SVC_FILE_PATH "/api/file/"

/* what uploadFileRequest asks for */
struct svc_upload_in {
	const char *user_id;
	const char *url;                 /* the file's URL: http(s), or file: for a file from the user's disk */
	const char *content_type;        /* only application/pdf is taken */
	const char *client_request_id;   /* a UUID becomes the item's id, other text a lookup key; NULL: none */
};
enum svc_file_status {
	SVC_FILE_OK,
	SVC_FILE_REFUSED,    /* the input is not one we take: message says why */
	SVC_FILE_UNKNOWN,    /* no such file of the user's (saveFile) */
	SVC_FILE_FAILED,     /* the store failed: message names the step */
};
struct svc_upload_out {
	struct store_file file;
	struct store_item item;
	const char *token;               /* 64 hex digits: PUT the bytes to SVC_FILE_UPLOAD_PATH TOKEN (once, in an hour) */
	const char *message;
};
/* the item (page type FILE, state PROCESSING) and its file waiting for the bytes */
enum svc_file_status svc_upload_request(struct store *st, struct arena *a, const struct svc_upload_in *in,
                                        struct svc_upload_out *out);

enum svc_put_status {
	SVC_PUT_OK,          /* kept and read (or queued for the worker when larger than pdf_sync_bytes) */
	SVC_PUT_UNKNOWN,     /* no file waits for this token (never made, used already, or expired) */
	SVC_PUT_TOO_LARGE,   /* over pdf_max_bytes: nothing kept */
	SVC_PUT_BAD,         /* not a PDF, encrypted or damaged: nothing kept, the URL still works; *msg says which */
	SVC_PUT_FAILED,      /* the file could not be written or the store failed: *msg */
	SVC_PUT_QUOTA,       /* it would take its owner past bytes_per_user: nothing kept, *msg names the key */
};
/* the bytes of the file waiting for token, read with read(ctx, buf, n) (bytes, 0 at the end, < 0 an error;
 * declared_len < 0: unknown), checked, kept in files_dir under the file's id (or in the database with
 * files_store = database, cfg->files_in_db) and read into its item */
enum svc_put_status svc_upload_receive(struct store *st, const struct larder_config *cfg, struct arena *a,
                                       const char *token, int64_t declared_len,
                                       long (*read)(void *ctx, char *buf, size_t n), void *ctx,
                                       struct store_file *file, const char **msg);

/* what saveFile asks: the uploaded file put in the library with these choices */
struct svc_save_file_in {
	const char *user_id, *upload_file_id;
	const char *state;               /* "ARCHIVED": archived; anything else: as it is */
	const char *folder;              /* NULL: as it is */
	const char *const *labels;       /* label names added to the item */
	size_t nlabels;
};
enum svc_file_status svc_save_file(struct store *st, struct arena *a, const struct svc_save_file_in *in,
                                   struct store_item *item, const char **message);

/* the worker's part: when the item has a kept file, it is read into *o (FILLED with *art, or FAILED): 1;
 * 0 when the item has no file (fetch it as a page) */
int svc_file_job(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_item *it,
                 struct store_article *art, struct store_job_outcome *o);
/* a fetched PDF (saveUrl of a URL answering application/pdf) kept for the item and read into *o */
void svc_file_fetched(struct store *st, const struct larder_config *cfg, struct arena *a, const struct store_item *it,
                      const char *data, size_t n, struct store_article *art, struct store_job_outcome *o);

/* the folder the files are kept in (files_dir, else "files" in data_dir: beside an SQLite database by
 * default), made when missing; NULL when it cannot be */
const char *svc_files_dir(struct arena *a, const struct larder_config *cfg);
/* at most once an hour (a mark in the folder, shared by every worker; each process looks at it at most once a
 * minute): the kept files of purged items, of
 * deleted accounts and of uploads abandoned half-way are removed; each time it looks, svc_uploads_expire; how many
 * files, or -1 when the store failed */
long svc_files_sweep(struct store *st, const struct larder_config *cfg, struct arena *a);

/* the items whose upload URL expired before their file came (uploadFileRequest, then nothing): FAILED, saying so,
 * instead of "Saving…" forever; called by svc_files_sweep (the worker's steps, at most once a minute a process);
 * how many, or -1 when the store failed */
long svc_uploads_expire(struct store *st);

/* the file of the user's item, to serve: 0 with *file (path, name, size; path NULL: its bytes are in the database,
 * store_blob_read), or -1 (none, or not the user's) */
int svc_file_of_item(struct store *st, struct arena *a, const char *user_id, const char *item_id,
                     struct store_file *file);
#endif
