/* files_sweep.c (svc): svc_files_sweep: kept PDFs nobody owns any more (purged items, deleted accounts, uploads abandoned half-way) removed from files_dir and from the database (file_blobs), at most once an hour; the items whose upload URL expired failed, once a minute. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "store/store.h"
#include "svc/upload.h"
#include "util/arena.h"
#include "util/crypto.h"

#define SWEEP_EVERY_S 3600        /* one sweep an hour, whichever worker makes it */
#define SWEEP_GRACE_S 3600        /* a file younger than this is left alone (its row may be on its way) */
#define SWEEP_PART_GRACE_S 86400  /* an upload's temporary .part file: a day */
#define SWEEP_MARK ".swept"
#define SWEEP_LOOK_S 60           /* a process looks at the mark at most once a minute (the worker calls every step) */

/* true when this process should sweep now: the mark is older than SWEEP_EVERY_S (or missing), and it is
 * touched, so the other workers wait for the next hour */
static bool due(struct arena *a, const char *dir, time_t now)
{
	const char *mark = arena_printf(a, "%s/%s", dir, SWEEP_MARK);
	struct stat sb;
	if (mark == NULL || (stat(mark, &sb) == 0 && now - sb.st_mtime < SWEEP_EVERY_S))
		return false;
	int fd = open(mark, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		return false;
	bool touched = futimens(fd, NULL) == 0;
	close(fd);
	return touched;
}

/* a kept file's name, UUID.pdf (the only names Larder gives), gives its id (in the arena); NULL for any other
 * name, so nothing else an administrator keeps in the folder is ever touched */
static const char *kept_id(struct arena *a, const char *name)
{
	if (strlen(name) != 36 + 4 || strcmp(name + 36, ".pdf") != 0 || !crypto_is_uuid(name, 36))
		return NULL;
	return arena_strndup(a, name, 36);
}

/* files in dir that no row names, older than their grace: removed; how many, -1 when the store failed */
static long unowned(struct store *st, struct arena *a, const char *dir, time_t now)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	long removed = 0;
	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		const char *path = arena_printf(a, "%s/%s", dir, e->d_name), *id;
		size_t n = strlen(e->d_name);
		struct stat sb;
		if (path == NULL || lstat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
			continue;
		/* an upload's bytes before they take their place: UUID.pdf.RANDOM.part */
		bool part = n > 46 && strcmp(e->d_name + n - 5, ".part") == 0 && strncmp(e->d_name + 36, ".pdf.", 5) == 0 &&
		            crypto_is_uuid(e->d_name, 36);
		if (part && now - sb.st_mtime > SWEEP_PART_GRACE_S) {
			removed += unlink(path) == 0;
			continue;
		}
		if (part || (id = kept_id(a, e->d_name)) == NULL || now - sb.st_mtime < SWEEP_GRACE_S)
			continue;
		int rc = store_file_known(st, id);
		if (rc == STORE_E_NOTFOUND)
			removed += unlink(path) == 0;
		else if (rc != STORE_OK) {
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	return removed;
}

long svc_files_sweep(struct store *st, const struct larder_config *cfg, struct arena *a)
{
	time_t now = time(NULL);
	const char *dir, **paths;
	size_t n;
	long removed = 0, more;
	static time_t next_look;
	if (now < next_look)
		return 0;
	next_look = now + SWEEP_LOOK_S;
	if (svc_uploads_expire(st) < 0) /* every minute, not every hour: a client shows the failure soon */
		return -1;
	int64_t parts = 0;
	if ((dir = svc_files_dir(a, cfg)) == NULL || !due(a, dir, now))
		return 0;
	if (store_file_orphans(st, a, &paths, &n) != STORE_OK)
		return -1;
	for (size_t i = 0; i < n; i++)
		removed += unlink(paths[i]) == 0;
	/* the bytes kept in the database (files_store = database, now or before) of the same files and of finished
	 * imports; each machine's mark is its own, so with several machines this runs once an hour on each */
	if (store_blob_sweep(st, &parts) != STORE_OK)
		return -1;
	more = unowned(st, a, dir, now);
	return more < 0 ? -1 : removed + (long)parts + more;
}
