/* larder_status.c: `larder status`: the work queue by kind with its oldest job, the feeds failing, the worker's last sign of life and the disk the database and the files use (and the files kept in the database), one "name: value" a line. */
#include "config.h"
#include "cmd/larder_backup.h"

#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "store/store.h"
#include "util/time.h"

/* bytes of the regular files under dir */
static int64_t tree_bytes(const char *dir, int64_t *files)
{
	struct dirent *e;
	int64_t n = 0;
	DIR *d = opendir(dir);
	while (d && (e = readdir(d)) != NULL) {
		char p[4096];
		struct stat sb;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    snprintf(p, sizeof p, "%s/%s", dir, e->d_name) >= (int)sizeof p || lstat(p, &sb) < 0)
			continue;
		if (S_ISDIR(sb.st_mode)) {
			n += tree_bytes(p, files);
		} else if (S_ISREG(sb.st_mode)) {
			n += sb.st_size;
			(*files)++;
		}
	}
	if (d)
		closedir(d);
	return n;
}

/* a SQLite library's bytes: the file, its write-ahead log and index */
static int64_t sqlite_bytes(const char *path)
{
	static const char *const ends[] = { "", "-wal", "-shm" };
	int64_t n = 0;
	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		char p[4096];
		struct stat sb;
		if (snprintf(p, sizeof p, "%s%s", path, ends[i]) < (int)sizeof p && stat(p, &sb) == 0)
			n += sb.st_size;
	}
	return n;
}

static void print_age(const char *name, int64_t ms, int64_t now)
{
	char iso[TIME_ISO_BUF];
	if (ms <= 0) {
		printf("%s: never\n", name);
		return;
	}
	time_format_iso(ms, iso, sizeof iso);
	printf("%s: %s (%" PRId64 " s ago)\n", name, iso, (now - ms) / 1000);
}

int larder_cmd_status(const struct larder_config *c, int argc, char **argv)
{
	struct store *st = NULL;
	struct store_status s;
	struct store_blob_usage blobs;
	char err[768], dir[4096];
	int64_t now = time_now_ms(), nfiles = 0, bytes;

	if (argc > 0) {
		fprintf(stderr, "larder: unexpected argument '%s'\nusage: %s\n", argv[0], U_STATUS);
		return 2;
	}
	if (store_open(c->database, &st, err, sizeof err) != STORE_OK) {
		fprintf(stderr, "larder: %s\n", err);
		return 1;
	}
	if (store_status(st, &s) != STORE_OK || store_blob_usage(st, &blobs) != STORE_OK) {
		fprintf(stderr, "larder: %s\n", store_errmsg(st));
		store_close(st);
		return 1;
	}
	store_close(st);
	printf("schema: %d of %d\n", s.health.schema, s.health.schema_want);
	print_age("worker last seen", s.health.worker_seen_ms, now);
	if (s.nqueue == 0)
		printf("queue: empty\n");
	for (int i = 0; i < s.nqueue; i++) {
		char iso[TIME_ISO_BUF];
		time_format_iso(s.queue[i].oldest_ms, iso, sizeof iso);
		printf("queue %s %s: %" PRId64 " (oldest %s, %" PRId64 " s ago)\n", s.queue[i].kind, s.queue[i].status,
		       s.queue[i].count, iso, (now - s.queue[i].oldest_ms) / 1000);
	}
	printf("feeds: %" PRId64 ", failing: %" PRId64 "\n", s.feeds, s.feeds_failing);
	printf("database bytes: %" PRId64 "\n", s.db_bytes >= 0 ? s.db_bytes : sqlite_bytes(c->database));
	if (c->files_dir)
		snprintf(dir, sizeof dir, "%s", c->files_dir);
	else
		snprintf(dir, sizeof dir, "%s/files", c->data_dir);
	bytes = tree_bytes(dir, &nfiles);
	printf("files: %" PRId64 ", bytes: %" PRId64 " (%s)\n", nfiles, bytes, dir);
	/* files_store = database: what the database holds for every machine (counted in "database bytes" too) */
	printf("files in the database: %" PRId64 ", imports: %" PRId64 ", parts: %" PRId64 ", bytes: %" PRId64
	       " (files_store = %s)\n", blobs.files, blobs.imports, blobs.parts, blobs.bytes,
	       c->files_in_db ? "database" : "disk");
	return fflush(stdout) == 0 ? 0 : 1;
}
