/* file.c: files kept for items (PDFs): an upload's file with its item made in one transaction, the one-time upload token, the received bytes recorded, a fetched PDF attached to its item, and the worker's job that reads a file. */
#include "store/store_int.h"

#include <string.h>

#include "util/arena.h"
#include "util/crypto.h"
#include "util/limits.h"
#include "util/time.h"

/* the statements of file.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_FILE_ITEM_INSERT,
	STMT_FILE_ITEM_ID_TAKEN,
	STMT_FILE_CREATE,
	STMT_FILE_BY_UPLOAD,
	STMT_FILE_UPLOADED,
	STMT_FILE_KNOWN,
	STMT_FILE_ORPHANS,
	STMT_FILE_GET,
	STMT_FILE_BY_ITEM,
	STMT_FILE_ITEM_TYPE,
	STMT_FILE_ATTACH,
	STMT_FILE_EXPIRED,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_FILE_ITEM_INSERT,
		"INSERT INTO library_items (id, user_id, client_request_id, url, url_hash, slug, title, page_type, state,"
		" folder, source, saved_at, created_at, updated_at)"
		" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'FILE', 'PROCESSING', ?8, ?9, ?10, ?10, ?10) RETURNING seq"),
	STORE_SQL(STMT_FILE_ITEM_ID_TAKEN, "SELECT 1 FROM library_items WHERE user_id = ?2 AND id = ?1"),
	STORE_SQL(STMT_FILE_CREATE,
		"INSERT INTO files (id, user_id, item_id, file_name, content_type, url, status, upload_hash, upload_expires,"
		" created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'INITIALIZED', ?7, ?8, ?9, ?9)"
		" RETURNING " STORE_COLS(STORE_FILE_ROW, "")),
	STORE_SQL(STMT_FILE_BY_UPLOAD,
		"SELECT " STORE_COLS(STORE_FILE_ROW, "") " FROM files"
		" WHERE upload_hash = ?1 AND status = 'INITIALIZED' AND upload_expires > ?2"),
	STORE_SQL(STMT_FILE_UPLOADED,
		"UPDATE files SET status = 'COMPLETED', upload_hash = NULL, path = ?2, size = ?3, sha256 = ?4, updated_at = ?5"
		" WHERE id = ?1 AND status = 'INITIALIZED' RETURNING " STORE_COLS(STORE_FILE_ROW, "")),
	STORE_SQL(STMT_FILE_KNOWN, "SELECT 1 FROM files WHERE id = ?1"),
	/* the files of items that are gone (purged from the trash): their rows go, their paths come back */
	STORE_SQL(STMT_FILE_ORPHANS,
		"DELETE FROM files WHERE item_id IS NOT NULL"
		" AND NOT EXISTS (SELECT 1 FROM library_items i WHERE i.user_id = files.user_id AND i.id = files.item_id)"
		" RETURNING path"),
	STORE_SQL(STMT_FILE_GET, "SELECT " STORE_COLS(STORE_FILE_ROW, "") " FROM files WHERE user_id = ?1 AND id = ?2"),
	STORE_SQL(STMT_FILE_BY_ITEM,
		/* the item itself still there: a purged item's file waits for the sweep, read by nobody */
		"SELECT " STORE_COLS(STORE_FILE_ROW, "") " FROM files WHERE user_id = ?1 AND item_id = ?2"
		" AND EXISTS (SELECT 1 FROM library_items WHERE user_id = ?1 AND id = ?2)"
		" ORDER BY status = 'COMPLETED' DESC, created_at DESC LIMIT 1"),
	STORE_SQL(STMT_FILE_ITEM_TYPE, "UPDATE library_items SET page_type = 'FILE', updated_at = ?2 WHERE seq = ?1"),
	STORE_SQL(STMT_FILE_ATTACH,
		"INSERT INTO files (id, user_id, item_id, file_name, content_type, url, size, sha256, path, status,"
		" created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'COMPLETED', ?10, ?10)"
		" RETURNING " STORE_COLS(STORE_FILE_ROW, "")),
	/* the items still waiting for an upload whose URL has expired (and no file of theirs arrived): FAILED with the
	 * reason; found from the files (few rows) rather than the items */
	STORE_SQL(STMT_FILE_EXPIRED,
		"UPDATE library_items SET state = 'FAILED', fail_reason = ?2, updated_at = ?1 WHERE seq IN (SELECT i.seq FROM files f"
		" JOIN library_items i ON i.user_id = f.user_id AND i.id = f.item_id WHERE f.status = 'INITIALIZED'"
		" AND f.upload_expires <= ?1 AND i.state = 'PROCESSING' AND NOT EXISTS (SELECT 1 FROM files g"
		" WHERE g.user_id = f.user_id AND g.item_id = f.item_id AND g.status = 'COMPLETED'))"),
};
STORE_STATEMENTS(file, statements)

static const struct store_col file_cols[] = STORE_ROW_DESC(STORE_FILE_ROW, struct store_file);
static const struct store_row file_row = { file_cols, sizeof file_cols / sizeof file_cols[0],
                                           sizeof(struct store_file), "a file" };

/* the id a new item of the user's gets: want when the user has no item of that id (ids are unique per user),
 * else a fresh UUID, into buf */
static int item_id(struct store *st, const char *user_id, const char *want, char buf[37], const char **id)
{
	struct db_stmt *q = stmt(st, STMT_FILE_ITEM_ID_TAKEN);
	int rc = DB_DONE;
	if (want && strlen(want) == 36) {
		db_bind_text(q, 1, want);
		db_bind_text(q, 2, user_id);
		rc = db_step(q);
		store_done(q);
		if (rc != DB_ROW && rc != DB_DONE)
			return store_fail(st, rc, "checking an item id");
	}
	if (want && strlen(want) == 36 && rc == DB_DONE) {
		*id = want;
		return STORE_OK;
	}
	crypto_uuid_v4(buf);
	*id = buf;
	return STORE_OK;
}

/* the item of a new upload (inside the transaction); *url the one it got */
static int insert_item(struct store *st, struct arena *a, const struct store_file_new *in, const char *file_id,
                       int64_t now, int64_t *seq)
{
	struct db_stmt *s = stmt(st, STMT_FILE_ITEM_INSERT);
	struct store_item old;
	const char *url = in->url, *slug = NULL, *id = NULL;
	char hash[65], fresh[37];
	int rc;

	if (!url || (rc = store_item_by_url(st, a, in->user_id, url, &old)) == STORE_OK)
		url = arena_printf(a, "file:///%s/%s", file_id, in->file_name);
	else if (rc != STORE_E_NOTFOUND)
		return rc;
	if (!url || strlen(url) > LIMIT_URL_BYTES) {
		snprintf(st->errmsg, sizeof st->errmsg, "a file's URL is at most %d bytes", LIMIT_URL_BYTES);
		return STORE_E_INVAL;
	}
	crypto_sha256_hex(url, strlen(url), hash);
	if ((rc = store_item_slug(st, a, in->user_id, in->title, &slug)) != STORE_OK ||
	    (rc = item_id(st, in->user_id, in->item_id, fresh, &id)) != STORE_OK)
		return rc;
	store_bind_texts(s, 1, (const char *const[]){ id, in->user_id, in->client_request_id, url, hash, slug, in->title,
	                                              in->folder ? in->folder : "inbox", in->source ? in->source : "api" },
	                 9);
	db_bind_int64(s, 10, now);
	rc = db_step(s);
	if (rc == DB_ROW) {
		*seq = db_col_int64(s, 0);
		rc = STORE_OK;
	} else
		rc = store_fail(st, rc, "saving a file's item");
	store_done(s);
	return rc;
}

int store_file_create(struct store *st, struct arena *a, const struct store_file_new *in, struct store_file *out,
                      struct store_item *item)
{
	struct db_stmt *s = stmt(st, STMT_FILE_CREATE);
	int64_t now = time_now_ms(), seq = 0;
	char id[37];
	int rc;

	if (!in->user_id || !in->title || !in->file_name || !in->content_type || !in->upload_hash) {
		snprintf(st->errmsg, sizeof st->errmsg, "a file needs a user, a title, a name, a type and an upload token");
		return STORE_E_INVAL;
	}
	crypto_uuid_v4(id);
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	if ((rc = store_quota_item(st, in->user_id)) != STORE_OK ||
	    (rc = insert_item(st, a, in, id, now, &seq)) != STORE_OK ||
	    (rc = store_item_by_seq(st, a, seq, item)) != STORE_OK)
		goto out;
	store_bind_texts(s, 1, (const char *const[]){ id, in->user_id, item->id, in->file_name, in->content_type,
	                                              in->client_url, in->upload_hash }, 7);
	db_bind_int64(s, 8, in->upload_expires_ms);
	db_bind_int64(s, 9, now);
	rc = store_get_row(st, a, s, &file_row, out, "saving a file");
out:
	return store_end(st, rc);
}

int store_file_by_upload(struct store *st, struct arena *a, const char *upload_hash, int64_t now_ms,
                         struct store_file *out)
{
	struct db_stmt *s = stmt(st, STMT_FILE_BY_UPLOAD);
	db_bind_int64(s, 2, now_ms);       /* unexpired at now_ms, */
	store_bind_text(s, 1, upload_hash);     /* waiting for the token of this hash */
	return store_get_row(st, a, s, &file_row, out, "finding an upload");
}

/* the bytes src gives kept under the file's id (a file in the database), checked against the size recorded */
static int keep_blob(struct store *st, struct arena *a, const struct store_file *f, store_blob_source src, void *ctx)
{
	int64_t kept = 0;
	int rc = store_blob_write(st, a, f->id, f->user_id, src, ctx, &kept);
	if (rc == STORE_OK && kept != f->size) {
		snprintf(st->errmsg, sizeof st->errmsg, "file %s: %lld bytes kept in the database, %lld expected", f->id,
		         (long long)kept, (long long)f->size);
		rc = STORE_E_INVAL;
	}
	return rc;
}

int store_file_uploaded(struct store *st, struct arena *a, const char *id, const char *path, int64_t size,
                        const char *sha256, store_blob_source src, void *ctx, struct store_file *out)
{
	struct db_stmt *s = stmt(st, STMT_FILE_UPLOADED);
	int rc;
	if (src && (rc = store_begin(st)) != STORE_OK)
		return rc;
	store_bind_texts(s, 1, (const char *const[]){ id, src ? NULL : path }, 2);
	db_bind_int64(s, 3, size);
	store_bind_text(s, 4, sha256);
	db_bind_int64(s, 5, time_now_ms());
	rc = store_get_row(st, a, s, &file_row, out, "recording an upload");
	if (!src)
		return rc;
	if (rc == STORE_OK)
		rc = keep_blob(st, a, out, src, ctx);
	return store_end(st, rc);
}

/* a user-scoped lookup: ?1 the user, ?2 the key */
static int owned(struct store *st, struct arena *a, enum stmt which, const char *user_id, const char *key,
                 struct store_file *out)
{
	struct db_stmt *s = stmt(st, which);
	if (!store_bind_owned(s, user_id, key))
		return STORE_E_NOTFOUND;
	return store_get_row(st, a, s, &file_row, out, "reading a file");
}

int store_file_get(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_file *out)
{
	return owned(st, a, STMT_FILE_GET, user_id, id, out);
}

int store_file_by_item(struct store *st, struct arena *a, const char *user_id, const char *item_id,
                       struct store_file *out)
{
	return owned(st, a, STMT_FILE_BY_ITEM, user_id, item_id, out);
}

int store_file_known(struct store *st, const char *id)
{
	struct db_stmt *s = stmt(st, STMT_FILE_KNOWN);
	store_bind_text(s, 1, id);
	int rc = store_step_row(st, s, "looking up a file");
	store_done(s);
	return rc;
}

int store_file_expired(struct store *st, int64_t now_ms, const char *reason, int64_t *failed)
{
	struct db_stmt *s = stmt(st, STMT_FILE_EXPIRED);
	db_bind_int64(s, 1, now_ms);
	store_bind_text(s, 2, reason);
	int rc = store_step_done(st, s, "failing the items whose upload URL expired");
	*failed = rc == STORE_OK ? db_changes(st->db) : 0;
	return rc;
}

int store_file_orphans(struct store *st, struct arena *a, const char ***paths, size_t *n)
{
	struct db_stmt *s = stmt(st, STMT_FILE_ORPHANS);
	size_t cap = 0;
	bool oom = false;
	int rc;
	*paths = NULL;
	*n = 0;
	while ((rc = store_step_row(st, s, "removing the files of purged items")) == STORE_OK) {
		const char *p = store_col_text(a, s, 0, &oom);
		if (p == NULL)
			continue;
		if (*n == cap) {
			size_t grown = cap ? cap * 2 : 16;
			*paths = arena_realloc(a, (void *)*paths, cap * sizeof **paths, grown * sizeof **paths);
			cap = grown;
		}
		if (*paths == NULL)
			oom = true;
		else
			(*paths)[(*n)++] = p;
	}
	store_done(s);
	return rc == STORE_E_NOTFOUND ? (oom ? STORE_E_DB : STORE_OK) : rc;
}

int store_file_queue(struct store *st, int64_t item_seq)
{
	return store_job_queue(st, item_seq, time_now_ms(), STORE_PRIORITY_INTERACTIVE, "pdf");
}

int store_file_attach(struct store *st, struct arena *a, int64_t item_seq, const struct store_file *in,
                      store_blob_source src, void *ctx, struct store_file *out)
{
	struct db_stmt *s = stmt(st, STMT_FILE_ATTACH);
	int64_t now = time_now_ms();
	char id[37];
	int rc;

	if (in->id)
		snprintf(id, sizeof id, "%s", in->id);
	else
		crypto_uuid_v4(id);
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	if ((rc = store_run2(st, stmt(st, STMT_FILE_ITEM_TYPE), item_seq, now, "marking an item as a file")) != STORE_OK)
		return store_end(st, rc);
	store_bind_texts(s, 1, (const char *const[]){ id, in->user_id, in->item_id, in->file_name, in->content_type,
	                                              in->url }, 6);
	db_bind_int64(s, 7, in->size);
	store_bind_texts(s, 8, (const char *const[]){ in->sha256, src ? NULL : in->path }, 2);
	db_bind_int64(s, 10, now);
	rc = store_get_row(st, a, s, &file_row, out, "keeping a fetched file");
	if (rc == STORE_OK && src)
		rc = keep_blob(st, a, out, src, ctx);
	return store_end(st, rc);
}
