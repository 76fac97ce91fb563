/* start_check.c: the programs' start-up check that the database, data_dir and the files folder can be written, with what to fix when not. */
#include "cmd/start_check.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store/store.h"

/* a folder not made yet (the programs make data_dir and the files folder when they first need them): the
 * nearest folder above it that is there must be writable */
static int check_parent(const char *dir, const char *key, char *err, size_t errlen)
{
	char up[4096], *slash;
	struct stat sb;
	if (snprintf(up, sizeof up, "%s", dir) >= (int)sizeof up)
		return 0;
	while ((slash = strrchr(up, '/')) != NULL) {
		if (slash == up)
			slash[1] = '\0';
		else
			*slash = '\0';
		if (stat(up, &sb) == 0)
			break;
		if (slash == up)
			return 0;
	}
	if (!slash)
		snprintf(up, sizeof up, ".");
	if (access(up, W_OK | X_OK) == 0)
		return 0;
	snprintf(err, errlen, "%s %s does not exist and cannot be made: %s cannot be written by uid %ld (create %s, owned by "
	         "the user the programs run as)", key, dir, up, (long)geteuid(), dir);
	return -1;
}

/* a folder key's folder: there and writable by this process, or one it can make */
static int check_dir(const char *dir, const char *key, char *err, size_t errlen)
{
	struct stat sb;
	if (stat(dir, &sb) < 0) {
		if (errno == ENOENT)
			return check_parent(dir, key, err, errlen);
		snprintf(err, errlen, "%s %s: %s", key, dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(sb.st_mode)) {
		snprintf(err, errlen, "%s %s is not a folder", key, dir);
		return -1;
	}
	if (access(dir, W_OK | X_OK) < 0) {
		snprintf(err, errlen, "%s %s (mode %04o, owner uid %ld gid %ld) cannot be written by uid %ld: give the user "
		         "the programs run as write access to it", key, dir, (unsigned)(sb.st_mode & 07777), (long)sb.st_uid,
		         (long)sb.st_gid, (long)geteuid());
		return -1;
	}
	return 0;
}

int start_check(const struct larder_config *cfg, char *err, size_t errlen)
{
	char files[4096];
	if (store_check_writable(cfg->database, err, errlen) < 0)
		return -1;
	if (check_dir(cfg->data_dir, "data_dir", err, errlen) < 0)
		return -1;
	if (cfg->files_dir)
		return check_dir(cfg->files_dir, "files_dir", err, errlen);
	/* files_dir's default, data_dir/files, is made on the first upload */
	if (snprintf(files, sizeof files, "%s/files", cfg->data_dir) >= (int)sizeof files)
		return 0;
	return check_dir(files, "files_dir (data_dir/files)", err, errlen);
}
