/* zipw.c: content_zipw, a zip written as a stream through libarchive (no seeking: the output may be a pipe or an HTTP body). */
#include <errno.h>
#include <stdlib.h>
#include <archive.h>
#include <archive_entry.h>

#include "content/transfer/zipw.h"

struct content_zipw {
	struct archive *ar;
	content_zipw_fn *w;
	void *ctx;
	time_t mtime;
	bool output_failed;
};

static la_ssize_t on_write(struct archive *ar, void *ctx, const void *buf, size_t n)
{
	struct content_zipw *z = ctx;
	if (z->w(z->ctx, buf, n) != 0) {
		z->output_failed = true;
		archive_set_error(ar, EIO, "the output refused the zip");
		return -1;
	}
	return (la_ssize_t)n;
}

struct content_zipw *content_zipw_open(content_zipw_fn *w, void *ctx, time_t mtime)
{
	struct content_zipw *z = calloc(1, sizeof *z);
	if (z == NULL)
		return NULL;
	*z = (struct content_zipw){ .ar = archive_write_new(), .w = w, .ctx = ctx, .mtime = mtime };
	if (z->ar && archive_write_set_format_zip(z->ar) == ARCHIVE_OK &&
	    archive_write_set_bytes_in_last_block(z->ar, 1) == ARCHIVE_OK &&
	    archive_write_open(z->ar, z, NULL, on_write, NULL) == ARCHIVE_OK)
		return z;
	if (z->ar)
		archive_write_free(z->ar);
	free(z);
	return NULL;
}

int content_zipw_add(struct content_zipw *z, const char *name, const char *data, size_t len)
{
	struct archive_entry *e = archive_entry_new();
	int rc = -1;
	if (!e)
		return -1;
	archive_entry_set_pathname_utf8(e, name);
	archive_entry_set_filetype(e, AE_IFREG);
	archive_entry_set_perm(e, 0644);
	archive_entry_set_size(e, (la_int64_t)len);
	archive_entry_set_mtime(e, z->mtime, 0);
	if (archive_write_header(z->ar, e) == ARCHIVE_OK) {
		size_t done = 0;
		while (done < len) {
			la_ssize_t got = archive_write_data(z->ar, data + done, len - done);
			if (got <= 0)
				break;
			done += (size_t)got;
		}
		rc = done == len ? 0 : -1;
	}
	archive_entry_free(e);
	return rc;
}

bool content_zipw_output_failed(const struct content_zipw *z)
{
	return z->output_failed;
}

int content_zipw_close(struct content_zipw *z)
{
	int rc = archive_write_close(z->ar) == ARCHIVE_OK ? 0 : -1;
	archive_write_free(z->ar);
	free(z);
	return rc;
}
