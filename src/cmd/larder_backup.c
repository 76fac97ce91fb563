/* larder_backup.c: `larder backup DEST` (an online, consistent copy of the database, with the files kept in it, and files_dir and data_dir's pending imports, modes kept, verified) and `larder restore SRC [--force]` (refused while a program has the database open, or over an existing library without --force). */
#include "config.h"
#include "cmd/larder_backup.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmd/larder_cmds.h"
#include "store/store.h"
#include "util/fdio.h"

#define PATH_BUF 4096

/* what a tree copy counted */
struct tally { int64_t files, bytes; };

/* one regular file copied with its mode; 0 or -1 (the message printed) */
static int copy_file(const char *from, const char *to, mode_t mode, struct tally *t)
{
	char buf[65536];
	int in = open(from, O_RDONLY | O_CLOEXEC), out = -1, rc = -1;
	ssize_t n;

	if (in < 0)
		return larder_fail("cannot read %s: %s", from, strerror(errno)), -1;
	out = open(to, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (out < 0) {
		larder_fail("cannot create %s: %s", to, strerror(errno));
		goto out;
	}
	while ((n = read(in, buf, sizeof buf)) > 0) {
		if (fd_write_all(out, buf, (size_t)n) != 0) {
			larder_fail("cannot write %s: %s", to, strerror(errno));
			goto out;
		}
		t->bytes += n;
	}
	if (n < 0 || fchmod(out, mode & 07777) < 0 || fsync(out) < 0) {
		larder_fail("copying %s to %s: %s", from, to, strerror(errno));
		goto out;
	}
	t->files++;
	rc = 0;
out:
	if (out >= 0 && close(out) < 0 && rc == 0)
		{
		larder_fail("cannot write %s: %s", to, strerror(errno));
		rc = -1;
	}
	close(in);
	return rc;
}

/* the folder from (its files and folders, modes kept) into to, made if missing; a missing from copies nothing */
static int copy_tree(const char *from, const char *to, struct tally *t)
{
	struct stat sb;
	struct dirent *e;
	DIR *d;
	int rc = 0;

	if (stat(from, &sb) < 0)
		return errno == ENOENT ? 0 : (larder_fail("cannot read %s: %s", from, strerror(errno)), -1);
	if (mkdir(to, 0700) < 0 && errno != EEXIST)
		return larder_fail("cannot create %s: %s", to, strerror(errno)), -1;
	if (!(d = opendir(from)))
		return larder_fail("cannot read %s: %s", from, strerror(errno)), -1;
	while (rc == 0 && (e = readdir(d)) != NULL) {
		char a[PATH_BUF], b[PATH_BUF];
		struct stat es;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (snprintf(a, sizeof a, "%s/%s", from, e->d_name) >= (int)sizeof a ||
		    snprintf(b, sizeof b, "%s/%s", to, e->d_name) >= (int)sizeof b) {
			larder_fail("path too long under %s", from);
			rc = -1;
			break;
		}
		if (lstat(a, &es) < 0)
			continue; /* gone meanwhile (an import that ran) */
		if (S_ISDIR(es.st_mode))
			rc = copy_tree(a, b, t);
		else if (S_ISREG(es.st_mode))
			rc = copy_file(a, b, es.st_mode, t);
	}
	closedir(d);
	if (rc == 0 && chmod(to, sb.st_mode & 07777) < 0) {
		larder_fail("cannot set the mode of %s: %s", to, strerror(errno));
		rc = -1;
	}
	return rc;
}

/* the files under dir, counted again (the copy's check) */
static void count_tree(const char *dir, struct tally *t)
{
	struct dirent *e;
	DIR *d = opendir(dir);
	while (d && (e = readdir(d)) != NULL) {
		char p[PATH_BUF];
		struct stat sb;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    snprintf(p, sizeof p, "%s/%s", dir, e->d_name) >= (int)sizeof p || lstat(p, &sb) < 0)
			continue;
		if (S_ISDIR(sb.st_mode))
			count_tree(p, t);
		else if (S_ISREG(sb.st_mode)) {
			t->files++;
			t->bytes += sb.st_size;
		}
	}
	if (d)
		closedir(d);
}

/* restore: a folder already at to (files of the library being replaced) is kept beside it, renamed, not mixed
 * with the backup's; 0 or -1 */
static int put_aside(const char *to)
{
	char aside[PATH_BUF];
	struct stat sb;
	time_t now = time(NULL);
	struct tm tm;

	if (stat(to, &sb) < 0)
		return 0;
	localtime_r(&now, &tm);
	if (snprintf(aside, sizeof aside, "%s.before-restore-%04d%02d%02d-%02d%02d%02d", to, tm.tm_year + 1900, tm.tm_mon + 1,
	             tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec) >= (int)sizeof aside)
		return larder_fail("path too long: %s", to), -1;
	if (rename(to, aside) < 0)
		return larder_fail("cannot move %s aside to %s: %s", to, aside, strerror(errno)), -1;
	printf("the folder that was there: moved to %s\n", aside);
	return 0;
}

/* a folder copied and checked: what was copied is what the copy holds */
static int copy_checked(const char *from, const char *to, const char *what, bool aside)
{
	struct tally done = { 0, 0 }, seen = { 0, 0 };
	if (aside && put_aside(to) < 0)
		return -1;
	if (access(from, F_OK) < 0 && errno == ENOENT) {
		printf("%s: none\n", what);
		return 0;
	}
	if (copy_tree(from, to, &done) < 0)
		return -1;
	count_tree(to, &seen);
	if (seen.files != done.files || seen.bytes != done.bytes)
		return larder_fail("%s: %s holds %" PRId64 " files (%" PRId64 " bytes), %" PRId64 " (%" PRId64 " bytes) were copied",
		            what, to, seen.files, seen.bytes, done.files, done.bytes), -1;
	printf("%s: %" PRId64 " files, %" PRId64 " bytes\n", what, done.files, done.bytes);
	return 0;
}

/* path is dir or lies under it (both as realpath sees them; a folder not there yet is under nothing) */
static bool inside(const char *path, const char *dir)
{
	char a[PATH_MAX], b[PATH_MAX];
	size_t n;
	if (!realpath(path, a) || !realpath(dir, b))
		return false;
	n = strlen(b);
	return strncmp(a, b, n) == 0 && (a[n] == '\0' || a[n] == '/' || (n == 1 && b[0] == '/'));
}

/* a backup folder inside a folder it copies (or restores over) would copy itself, or be moved aside with it */
static int overlaps(const char *dir, const char *files, const char *imports)
{
	if (inside(dir, files) || inside(dir, imports))
		return larder_fail("%s lies inside %s: keep backups out of files_dir and data_dir/imports",
		            dir, inside(dir, files) ? files : imports);
	return 0;
}

/* the library is on a PostgreSQL server (a postgresql:// or postgres:// URL) */
static bool is_pg(const char *target)
{
	return strncmp(target, "postgresql://", 13) == 0 || strncmp(target, "postgres://", 11) == 0;
}

/* files_dir as larder.conf gives it, or data_dir/files */
static void files_dir(const struct larder_config *c, char *buf, size_t len)
{
	if (c->files_dir)
		snprintf(buf, len, "%s", c->files_dir);
	else
		snprintf(buf, len, "%s/files", c->data_dir);
}

/* argv's one positional and --force; 0 or the usage exit code */
static int args(int argc, char **argv, const char **pos, bool *force, const char *line)
{
	*pos = NULL;
	for (int i = 0; i < argc; i++) {
		if (force && strcmp(argv[i], "--force") == 0)
			*force = true;
		else if (argv[i][0] == '-' || *pos)
			return fprintf(stderr, "larder: unexpected argument '%s'\nusage: %s\n", argv[i], line), 2;
		else
			*pos = argv[i];
	}
	if (!*pos)
		return fprintf(stderr, "larder: missing argument\nusage: %s\n", line), 2;
	return 0;
}

/* runs argv (pg_dump, pg_restore) and waits, its standard output thrown away when quiet; 0 when it exited 0 */
static int run(const char *const argv[], bool quiet)
{
	int st;
	pid_t pid = fork();
	if (pid < 0)
		return larder_fail("cannot start %s: %s", argv[0], strerror(errno));
	if (pid == 0) {
		int null = quiet ? open("/dev/null", O_WRONLY) : -1;
		if (null >= 0)
			dup2(null, STDOUT_FILENO);
		execvp(argv[0], (char *const *)argv);
		fprintf(stderr, "larder: cannot run %s: %s%s\n", argv[0], strerror(errno),
		        errno == ENOENT ? " (Debian: apt-get install postgresql-client)" : "");
		_exit(127);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return larder_fail("waiting for %s: %s", argv[0], strerror(errno));
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
		return larder_fail("%s failed (status %d)", argv[0], WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	return 0;
}

static void print_verified(const char *what, const struct store_verified *v)
{
	printf("%s: schema version %d, %" PRId64 " users, %" PRId64 " items, %" PRId64 " highlights, %" PRId64 " files"
	       " (%" PRId64 " kept in the database)\n", what, v->version, v->users, v->items, v->highlights, v->files,
	       v->files_in_db);
}

/* PostgreSQL: the files and imports kept in the database (files_store = database) travel inside the dump; how
 * many (backup: counted just before the dump, so a file uploaded meanwhile may be in it and not in the count;
 * restore: after it, when the restored schema is this larder's, else nothing is said: larder init comes first) */
static int count_pg_blobs(const struct larder_config *c, const char *where, bool required)
{
	struct store *st = NULL;
	struct store_blob_usage u;
	char err[768];
	int rc;
	if (store_open(c->database, &st, err, sizeof err) != STORE_OK)
		return required ? larder_fail("%s", err) : 0;
	rc = store_blob_usage(st, &u);
	if (rc != STORE_OK)
		larder_fail("%s", store_errmsg(st));
	else
		printf("files in the database: %" PRId64 " files, %" PRId64 " pending imports, %" PRId64 " bytes (%s)\n",
		       u.files, u.imports, u.bytes, where);
	store_close(st);
	return rc == STORE_OK ? 0 : 1;
}

int larder_cmd_backup(const struct larder_config *c, int argc, char **argv)
{
	char db[PATH_BUF], files[PATH_BUF], sub[PATH_BUF], imports[PATH_BUF];
	const char *dest;
	struct store_verified v;
	struct stat sb;
	char err[768];
	int rc = args(argc, argv, &dest, NULL, U_BACKUP);

	if (rc)
		return rc;
	files_dir(c, files, sizeof files);
	snprintf(imports, sizeof imports, "%s/imports", c->data_dir);
	/* a new folder each time: a backup never overwrites another */
	if (mkdir(dest, 0700) < 0)
		return larder_fail("cannot create the backup folder %s: %s%s", dest, strerror(errno),
		            errno == EEXIST ? " (give a new folder: a backup never overwrites one)" : "");
	if (overlaps(dest, files, imports) != 0) {
		rmdir(dest);
		return 1;
	}
	if (is_pg(c->database)) {
		const char *pg[] = { "pg_dump", "--format=custom", "--no-owner", "--file", db, c->database, NULL };
		const char *list[] = { "pg_restore", "--list", db, NULL };
		snprintf(db, sizeof db, "%s/larder.pgdump", dest);
		if (count_pg_blobs(c, "in the dump", true) != 0 || run(pg, false) != 0)
			return 1;
		/* the dump holds the password hashes: the owner's alone; and it must read back whole */
		if (chmod(db, 0600) < 0)
			return larder_fail("cannot set the mode of %s: %s", db, strerror(errno));
		if (run(list, true) != 0)
			return larder_fail("the dump %s does not read back (pg_restore --list)", db);
		printf("database: %s (pg_dump's custom format, read back by pg_restore --list)\n", db);
	} else {
		snprintf(db, sizeof db, "%s/larder.db", dest);
		if (store_backup_sqlite(c->database, db, err, sizeof err) < 0)
			return larder_fail("%s", err);
		/* the copy keeps the database's mode */
		if (stat(c->database, &sb) == 0 && chmod(db, sb.st_mode & 07777) < 0)
			return larder_fail("cannot set the mode of %s: %s", db, strerror(errno));
		if (store_verify_sqlite(db, &v, err, sizeof err) < 0)
			return larder_fail("the copy is damaged: %s", err);
		print_verified("database", &v);
	}
	snprintf(sub, sizeof sub, "%s/files", dest);
	if (copy_checked(files, sub, "files", false) < 0)
		return 1;
	snprintf(sub, sizeof sub, "%s/imports", dest);
	if (copy_checked(imports, sub, "pending imports", false) < 0)
		return 1;
	printf("backup in %s\n", dest);
	return fflush(stdout) == 0 ? 0 : larder_fail("cannot write to standard output: %s", strerror(errno));
}

/* mkdir -p of path (mode 0750 for the folders it makes); 0 or -1 (the message printed) */
static int make_dirs(const char *path)
{
	char buf[PATH_BUF];
	if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
		return larder_fail("path too long: %s", path), -1;
	for (char *p = buf + 1;; p++) {
		if (*p == '/' || *p == '\0') {
			char ch = *p;
			*p = '\0';
			if (mkdir(buf, 0750) < 0 && errno != EEXIST)
				return larder_fail("cannot create %s: %s", buf, strerror(errno)), -1;
			*p = ch;
			if (!ch)
				return 0;
		}
	}
}

/* the SQLite library in src replaces the one at c->database (through a temporary file and a rename) */
static int restore_sqlite(const struct larder_config *c, const char *src)
{
	char tmp[PATH_BUF], side[PATH_BUF], err[768];
	struct store_verified want, got;
	struct tally t = { 0, 0 };
	struct stat sb;

	if (store_verify_sqlite(src, &want, err, sizeof err) < 0)
		return larder_fail("the backup is damaged: %s", err);
	if (snprintf(tmp, sizeof tmp, "%s.restoring", c->database) >= (int)sizeof tmp)
		return larder_fail("database path too long");
	/* a wiped machine: the database's folder is made again */
	snprintf(side, sizeof side, "%s", c->database);
	if (strrchr(side, '/') && strrchr(side, '/') != side) {
		*strrchr(side, '/') = '\0';
		if (make_dirs(side) < 0)
			return 1;
	}
	if (stat(src, &sb) < 0 || copy_file(src, tmp, sb.st_mode, &t) < 0)
		return 1;
	/* the old library's write-ahead log and index must not be read with the new file */
	for (const char *end = "-wal"; end; end = strcmp(end, "-wal") == 0 ? "-shm" : NULL) {
		snprintf(side, sizeof side, "%s%s", c->database, end);
		if (unlink(side) < 0 && errno != ENOENT)
			return unlink(tmp), larder_fail("cannot remove %s: %s", side, strerror(errno));
	}
	if (rename(tmp, c->database) < 0)
		return unlink(tmp), larder_fail("cannot put %s in place: %s", c->database, strerror(errno));
	if (store_verify_sqlite(c->database, &got, err, sizeof err) < 0)
		return larder_fail("the restored database is damaged: %s", err);
	if (got.users != want.users || got.items != want.items || got.highlights != want.highlights ||
	    got.files != want.files)
		return larder_fail("the restored database's counts differ from the backup's");
	print_verified("database", &got);
	return 0;
}

int larder_cmd_restore(const struct larder_config *c, int argc, char **argv)
{
	char src[PATH_BUF], files[PATH_BUF], sub[PATH_BUF];
	const char *from;
	bool force = false, pg = is_pg(c->database);
	long pid;
	int rc = args(argc, argv, &from, &force, U_RESTORE);

	if (rc)
		return rc;
	snprintf(src, sizeof src, "%s/%s", from, pg ? "larder.pgdump" : "larder.db");
	if (access(src, R_OK) < 0)
		return larder_fail("%s is not a backup of a %s library: cannot read %s: %s", from, pg ? "PostgreSQL" : "SQLite", src,
		            strerror(errno));
	if ((pid = store_sqlite_user(c->database)) != 0)
		return larder_fail("the database %s is open in a running program (pid %ld): stop the web programs and larder "
		            "worker first", c->database, pid);
	if (!force && (pg || access(c->database, F_OK) == 0))
		return larder_fail("%s already holds a library: restoring replaces it; add --force to do so",
		            pg ? "the PostgreSQL database" : c->database);
	files_dir(c, files, sizeof files);
	snprintf(sub, sizeof sub, "%s/imports", c->data_dir);
	if (overlaps(from, files, sub) != 0 || make_dirs(c->data_dir) < 0)
		return 1;
	if (pg) {
		const char *argv_pg[] = { "pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction", "--dbname",
		                    c->database, src, NULL };
		if (run(argv_pg, false) != 0)
			return 1;
		printf("database: restored with pg_restore\n");
		if (count_pg_blobs(c, "restored", false) != 0)
			return 1;
	} else if (restore_sqlite(c, src) != 0) {
		return 1;
	}
	snprintf(sub, sizeof sub, "%s/files", from);
	if (copy_checked(sub, files, "files", true) < 0)
		return 1;
	snprintf(sub, sizeof sub, "%s/imports", from);
	snprintf(src, sizeof src, "%s/imports", c->data_dir);
	if (copy_checked(sub, src, "pending imports", true) < 0)
		return 1;
	printf("restored from %s: run larder init if this larder is newer than the backup, then start the programs\n", from);
	return fflush(stdout) == 0 ? 0 : larder_fail("cannot write to standard output: %s", strerror(errno));
}
