/* blob.c: the bytes of kept files and of uploaded imports held in the database (files_store = database): written as numbered parts of LIMIT_BLOB_PART inside the writer's transaction, read one part at a time, removed, swept when no row names them, and counted. */
#include "store/store_int.h"

#include <string.h>

#include "util/arena.h"
#include "util/limits.h"

/* the statements of blob.c: one text runs on both engines (the rule: src/store/README.md) */
enum stmt {
	STMT_BLOB_PUT,
	STMT_BLOB_GET,
	STMT_BLOB_DELETE,
	STMT_BLOB_SWEEP,
	STMT_BLOB_USAGE,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_BLOB_PUT, "INSERT INTO file_blobs (id, part, user_id, data) VALUES (?1, ?2, ?3, ?4)"),
	/* scoped to the owner as every read of a user's data is, though the caller found the id through its owner */
	STORE_SQL(STMT_BLOB_GET, "SELECT data FROM file_blobs WHERE user_id = ?1 AND id = ?2 AND part = ?3"),
	STORE_SQL(STMT_BLOB_DELETE, "DELETE FROM file_blobs WHERE id = ?1"),
	/* parts are committed with the row that names them (a completed file without a path, an import waiting or
	 * running), so parts without such a row belong to a purged item or a finished import */
	STORE_SQL(STMT_BLOB_SWEEP,
		"DELETE FROM file_blobs WHERE NOT EXISTS (SELECT 1 FROM files f WHERE f.id = file_blobs.id AND f.path IS NULL"
		" AND f.status = 'COMPLETED') AND NOT EXISTS (SELECT 1 FROM imports i WHERE i.id = file_blobs.id"
		" AND i.path IS NULL AND i.status IN ('queued', 'running'))"),
	STORE_SQL(STMT_BLOB_USAGE,
		"SELECT (SELECT count(*) FROM files WHERE path IS NULL AND status = 'COMPLETED'),"
		" (SELECT count(*) FROM imports WHERE path IS NULL AND status IN ('queued', 'running')),"
		" (SELECT count(*) FROM file_blobs), (SELECT coalesce(sum(length(data)), 0) FROM file_blobs)"),
};
STORE_STATEMENTS(blob, statements)

int store_blob_write(struct store *st, struct arena *a, const char *id, const char *user_id, store_blob_source src,
                     void *ctx, int64_t *bytes)
{
	struct db_stmt *s = stmt(st, STMT_BLOB_PUT);
	char *buf = arena_alloc(a, LIMIT_BLOB_PART);
	int64_t part = 0;
	int rc = STORE_OK;
	*bytes = 0;
	if (buf == NULL) {
		snprintf(st->errmsg, sizeof st->errmsg, "out of memory keeping a file in the database");
		return STORE_E_DB;
	}
	for (;;) {
		size_t have = 0;
		long k = 1;
		while (have < LIMIT_BLOB_PART && (k = src(ctx, buf + have, LIMIT_BLOB_PART - have)) > 0)
			have += (size_t)k;
		if (k < 0) {
			snprintf(st->errmsg, sizeof st->errmsg, "the file's bytes could not be read while keeping it");
			return STORE_E_INVAL;
		}
		if (have == 0 && part > 0) /* an empty file still has its part 0: a missing part 0 is a loss */
			return STORE_OK;
		store_bind_text(s, 1, id);
		db_bind_int64(s, 2, part++);
		store_bind_text(s, 3, user_id);
		db_bind_blob(s, 4, buf, have);
		if ((rc = store_step_done(st, s, "keeping a file's part in the database")) != STORE_OK)
			return rc;
		*bytes += (int64_t)have;
		if (k == 0)
			return STORE_OK;
	}
}

/* part `part` (0, 1, …) of the bytes kept under id for user_id copied into buf (LIMIT_BLOB_PART bytes): STORE_OK
 * with *n, STORE_E_NOTFOUND past the last part (or not the user's) */
static int blob_read(struct store *st, const char *user_id, const char *id, int64_t part, char *buf, size_t *n)
{
	struct db_stmt *s = stmt(st, STMT_BLOB_GET);
	const void *p;
	size_t len = 0;
	int rc;
	*n = 0;
	if (!store_bind_owned(s, user_id, id))
		return STORE_E_NOTFOUND;
	db_bind_int64(s, 3, part);
	if ((rc = store_step_row(st, s, "reading a file's part from the database")) == STORE_OK) {
		p = db_col_bytes(s, 0, &len);
		if (len > LIMIT_BLOB_PART || (p == NULL && len > 0)) {
			snprintf(st->errmsg, sizeof st->errmsg, "a part of file %s in the database is damaged", id);
			rc = STORE_E_DB;
		} else {
			if (len)
				memcpy(buf, p, len);
			*n = len;
		}
	}
	store_done(s);
	return rc;
}

int store_blob_each(struct store *st, const char *user_id, const char *id, char *buf, store_blob_sink sink, void *ctx)
{
	size_t n = 0;
	int64_t part = 0;
	int rc;
	while ((rc = blob_read(st, user_id, id, part, buf, &n)) == STORE_OK)
		if (sink(ctx, part++, buf, n) != 0)
			return STORE_E_INVAL;
	/* past the last part: the end, unless it is part 0 (every kept file has one, empty or not: none is a loss) */
	if (rc == STORE_E_NOTFOUND && part > 0)
		return STORE_OK;
	if (rc == STORE_E_NOTFOUND)
		snprintf(st->errmsg, sizeof st->errmsg, "the bytes of file %s are missing from the database", id);
	return rc;
}

int store_blob_delete(struct store *st, const char *id)
{
	struct db_stmt *s = stmt(st, STMT_BLOB_DELETE);
	store_bind_text(s, 1, id);
	return store_step_done(st, s, "removing a file's bytes from the database");
}

int store_blob_sweep(struct store *st, int64_t *parts)
{
	int rc = store_step_done(st, stmt(st, STMT_BLOB_SWEEP), "removing the bytes of files nobody keeps");
	*parts = rc == STORE_OK ? db_changes(st->db) : 0;
	return rc;
}

int store_blob_usage(struct store *st, struct store_blob_usage *out)
{
	int64_t v[4] = { 0 };
	int rc = store_get_ints(st, stmt(st, STMT_BLOB_USAGE), v, 4, "counting the files in the database");
	*out = (struct store_blob_usage){ .files = v[0], .imports = v[1], .parts = v[2], .bytes = v[3] };
	return rc;
}
