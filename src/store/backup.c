/* backup.c: `larder backup` and `larder restore`'s part in the store: an online, consistent copy of a SQLite library (VACUUM INTO), the check of a copy (integrity_check, schema version, row counts), and whether a program has the file open. */
#include "store/store_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* a SQLite file's connection, or -1 with err set */
static int open_file(const char *path, struct db **db, char *err, size_t errlen)
{
	if (db_is_pg(path)) {
		snprintf(err, errlen, "%s is not a SQLite file", path);
		return -1;
	}
	return db_sqlite_open(path, db, err, errlen) == DB_OK ? 0 : -1;
}

/* one integer from a one-row statement, or -1 */
static int64_t one_int(struct db *db, const char *sql)
{
	struct db_stmt *s = NULL;
	int64_t v = -1;
	if (db_prepare(db, sql, false, &s) == DB_OK && db_step(s) == DB_ROW)
		v = db_col_int64(s, 0);
	db_finalize(s);
	return v;
}

int store_backup_sqlite(const char *target, const char *dest, char *err, size_t errlen)
{
	struct db *db = NULL;
	struct db_stmt *s = NULL;
	int rc = -1;

	if (open_file(target, &db, err, errlen) < 0)
		return -1;
	/* one read transaction: the copy is the library as it was at one moment, while the programs go on writing */
	if (db_prepare(db, "VACUUM INTO ?1", false, &s) != DB_OK) {
		snprintf(err, errlen, "database %s: cannot copy: %s", target, db_errmsg(db));
		goto out;
	}
	db_bind_text(s, 1, dest);
	if (db_step(s) != DB_DONE) {
		snprintf(err, errlen, "database %s: copying it to %s failed: %s", target, dest, db_errmsg(db));
		goto out;
	}
	rc = 0;
out:
	db_finalize(s);
	db_close(db);
	return rc;
}

int store_verify_sqlite(const char *path, struct store_verified *v, char *err, size_t errlen)
{
	struct db *db = NULL;
	struct db_stmt *s = NULL;
	const char *ok = NULL;
	int rc = -1;

	memset(v, 0, sizeof *v);
	if (access(path, R_OK) < 0) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	if (open_file(path, &db, err, errlen) < 0)
		return -1;
	if (db_prepare(db, "PRAGMA integrity_check", false, &s) != DB_OK || db_step(s) != DB_ROW ||
	    !(ok = db_col_text(s, 0, NULL)) || strcmp(ok, "ok") != 0) {
		snprintf(err, errlen, "%s fails SQLite's integrity check: %.200s", path, ok ? ok : db_errmsg(db));
		goto out;
	}
	if (db_version(db, &v->version) != DB_OK || v->version < 1) {
		snprintf(err, errlen, "%s is not a larder database (no schema version)", path);
		goto out;
	}
	v->users = one_int(db, "SELECT count(*) FROM users");
	v->items = one_int(db, "SELECT count(*) FROM library_items");
	v->highlights = one_int(db, "SELECT count(*) FROM highlights");
	v->files = one_int(db, "SELECT count(*) FROM files");
	/* a completed file without a path is kept in the database (026_file_blobs); before 026 none is */
	v->files_in_db = v->version < 26 ? 0 : one_int(db, "SELECT count(*) FROM files WHERE path IS NULL AND status = 'COMPLETED'");
	if (v->files_in_db < 0 ||v->users < 0 || v->items < 0 || v->highlights < 0 || v->files < 0) {
		snprintf(err, errlen, "%s: cannot count its rows: %s", path, db_errmsg(db));
		goto out;
	}
	rc = 0;
out:
	db_finalize(s);
	db_close(db);
	return rc;
}

/* SQLite keeps a read lock on one byte of the -shm file (its "dead man switch", byte 128) while a connection has the
 * database open in WAL mode: a lock there is a program using it */
#define SHM_DMS_BYTE 128

long store_sqlite_user(const char *target)
{
	char shm[4096];
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = SHM_DMS_BYTE, .l_len = 1 };
	int fd;

	if (db_is_pg(target) || snprintf(shm, sizeof shm, "%s-shm", target) >= (int)sizeof shm)
		return 0;
	if ((fd = open(shm, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	if (fcntl(fd, F_GETLK, &fl) < 0)
		fl.l_type = F_UNLCK;
	close(fd);
	return fl.l_type == F_UNLCK ? 0 : fl.l_pid > 0 ? (long)fl.l_pid : 1;
}
