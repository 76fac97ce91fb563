/* test_db.h: the database a C test runs against: a SQLite file in the test's temporary directory, or the empty PostgreSQL database LARDER_TEST_PG names (t/pg_suite.sh, t/store_pg.sh). */
#ifndef LARDER_TEST_DB_H
#define LARDER_TEST_DB_H
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* true when the tests run against PostgreSQL */
static inline bool test_db_is_pg(void)
{
	const char *pg = getenv("LARDER_TEST_PG");
	return pg && *pg;
}

/* the store target into out (n bytes): LARDER_TEST_PG when set, else dir "/" file; answers test_db_is_pg() */
static inline bool test_db_target(char *out, size_t n, const char *dir, const char *file)
{
	if (test_db_is_pg()) {
		snprintf(out, n, "%s", getenv("LARDER_TEST_PG"));
		return true;
	}
	snprintf(out, n, "%s/%s", dir, file);
	return false;
}

/* removes a test's SQLite file (path), its -wal, -shm and -writer.lock companions, and its folder (dir) */
static inline void test_db_remove(const char *path, const char *dir)
{
	static const char *const sfx[] = { "", "-wal", "-shm", "-writer.lock" };
	char p[300];
	for (int i = 0; i < 4; i++) {
		snprintf(p, sizeof p, "%s%s", path, sfx[i]);
		unlink(p);
	}
	rmdir(dir);
}
#endif
