/* store_schema.c: store_open on old, new, damaged, foreign and missing databases gives clear errors, never a crash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "store/store.h"
#include "t/tap.h"

static char dir[] = "/tmp/larder-schema-XXXXXX";

static void mkpath(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", dir, name);
}

static int sql(const char *path, const char *text)
{
	sqlite3 *db = NULL;
	int rc = sqlite3_open(path, &db);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, text, NULL, NULL, NULL);
	sqlite3_close(db);
	return rc;
}

static int user_version(const char *path)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *s = NULL;
	int v = -1;
	if (sqlite3_open(path, &db) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &s, NULL) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
		v = sqlite3_column_int(s, 0);
	sqlite3_finalize(s);
	sqlite3_close(db);
	return v;
}

static void cleanup(const char *p)
{
	char q[400];
	unlink(p);
	snprintf(q, sizeof q, "%s-wal", p);
	unlink(q);
	snprintf(q, sizeof q, "%s-shm", p);
	unlink(q);
	snprintf(q, sizeof q, "%s-writer.lock", p);
	unlink(q);
}

int main(void)
{
	struct store *st;
	char p[300], err[512], want[600];
	int ver = store_schema_version();
	FILE *f;

	if (!mkdtemp(dir))
		return 99;

	/* version 0, tables missing */
	mkpath(p, sizeof p, "old.db");
	is_int(sql(p, "CREATE TABLE unrelated (x); PRAGMA user_version = 0;"), SQLITE_OK, "made a version-0 database");
	st = (struct store *)1;
	is_int(store_open(p, &st, err, sizeof err), STORE_E_SCHEMA_OLD, "version 0: schema old");
	snprintf(want, sizeof want, "database %s not initialised: run larder init", p);
	is_str(err, want, "version 0 message");
	ok(st == NULL, "handle cleared");
	is_int(store_init(p, err, sizeof err), STORE_OK, "init upgrades it: %s", err);
	is_int(user_version(p), ver, "user_version is the compiled-in version");
	is_int(store_open(p, &st, err, sizeof err), STORE_OK, "then it opens");
	store_close(st);
	cleanup(p);

	/* an older version (non-zero once there are several migrations) */
	mkpath(p, sizeof p, "older.db");
	is_int(store_init(p, err, sizeof err), STORE_OK, "init a fresh one");
	{
		char q[400];
		snprintf(q, sizeof q, "PRAGMA user_version = %d;", ver - 1);
		sql(p, q);
		if (ver - 1 > 0) {
			is_int(store_open(p, &st, err, sizeof err), STORE_E_SCHEMA_OLD, "older version: schema old");
			like(err, "run larder init", "older version message");
		} else {
			is_int(store_open(p, &st, err, sizeof err), STORE_E_SCHEMA_OLD, "version lowered to 0: schema old");
			like(err, "not initialised: run larder init", "lowered version message");
		}
	}
	cleanup(p);

	/* a newer version */
	mkpath(p, sizeof p, "new.db");
	store_init(p, err, sizeof err);
	{
		char q[64];
		snprintf(q, sizeof q, "PRAGMA user_version = %d;", ver + 1);
		sql(p, q);
	}
	is_int(store_open(p, &st, err, sizeof err), STORE_E_SCHEMA_NEW, "newer version refused");
	like(err, "newer than this larder", "newer message: %s", err);
	is_int(store_init(p, err, sizeof err), STORE_E_SCHEMA_NEW, "init refuses to touch a newer database");
	cleanup(p);

	/* right version, a table missing: a statement fails to prepare */
	mkpath(p, sizeof p, "damaged.db");
	store_init(p, err, sizeof err);
	sql(p, "DROP TABLE api_keys;");
	is_int(store_open(p, &st, err, sizeof err), STORE_E_DB, "missing table: refuses to start");
	like(err, "cannot prepare statement", "names the statement: %s", err);
	like(err, "api_keys", "names the missing table");
	cleanup(p);

	/* not a database */
	mkpath(p, sizeof p, "text.db");
	f = fopen(p, "w");
	fputs("this is not a database, just some text that is long enough to be a header of a file\n", f);
	fclose(f);
	is_int(store_open(p, &st, err, sizeof err), STORE_E_DB, "text file refused");
	snprintf(want, sizeof want, "%s is not a larder database (not an SQLite file)", p);
	is_str(err, want, "text file message");
	is_int(store_init(p, err, sizeof err), STORE_E_DB, "init refuses a text file");
	is_str(err, want, "init text file message");
	cleanup(p);

	/* empty file = empty database */
	mkpath(p, sizeof p, "empty.db");
	f = fopen(p, "w");
	fclose(f);
	is_int(store_open(p, &st, err, sizeof err), STORE_E_SCHEMA_OLD, "empty file: not initialised");
	cleanup(p);

	/* missing file, directory */
	mkpath(p, sizeof p, "missing.db");
	is_int(store_open(p, &st, err, sizeof err), STORE_E_SCHEMA_OLD, "missing file");
	snprintf(want, sizeof want, "database %s not initialised: run larder init", p);
	is_str(err, want, "missing file message");
	ok(access(p, F_OK) != 0, "store_open did not create the file");
	is_int(store_open(dir, &st, err, sizeof err), STORE_E_DB, "a directory is refused");
	like(err, "not a regular file", "directory message");
	is_int(store_open("", &st, err, sizeof err), STORE_E_INVAL, "empty path");
	{
		char q[400];
		mkpath(p, sizeof p, "plain");
		f = fopen(p, "w");
		fclose(f);
		snprintf(q, sizeof q, "%s/plain/x.db", dir);
		is_int(store_init(q, err, sizeof err), STORE_E_DB, "init below a plain file fails cleanly");
		like(err, "cannot create", "message: %s", err);
		unlink(p);
	}
	{
		struct stat sb;
		mkpath(p, sizeof p, "perm.db");
		store_init(p, err, sizeof err);
		ok(stat(p, &sb) == 0 && (sb.st_mode & 07) == 0, "database not world-accessible");
		cleanup(p);
	}
	rmdir(dir);
	return done_testing();
}
