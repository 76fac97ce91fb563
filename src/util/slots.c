/* slots.c: slots_take, the lock-file slots that cap fetch runners and one user's requests across processes. */
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/slots.h"

int slots_take(const struct larder_config *cfg, const char *kind, unsigned n)
{
	char path[PATH_MAX];
	const char *slash = strrchr(cfg->database, '/');
	const char *name = strstr(cfg->database, "://") ? "larder" : slash ? slash + 1 : cfg->database;
	const char *dir = cfg->data_dir;
	char own[PATH_MAX];
	if (!dir) { /* a configuration not read from a file: the database's folder */
		snprintf(own, sizeof own, "%.*s", slash ? (int)(slash - cfg->database) : 1, slash ? cfg->database : ".");
		dir = own;
	}
	/* a data_dir of its own may not exist yet (larder init makes a SQLite file's folder, not a PostgreSQL
	 * library's data_dir): without it no slot could be opened. A failure (it exists, or cannot be made)
	 * shows in the opens below. */
	(void)mkdir(dir, 0770);
	bool opened = false;
	for (unsigned i = 1; i <= n; i++) {
		int fd;
		if (snprintf(path, sizeof path, "%s/%s-%s.%u", dir, name, kind, i) >= (int)sizeof path)
			return -1;
		fd = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
		if (fd < 0)
			continue;
		opened = true;
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return fd;
		close(fd);
	}
	return opened ? -1 : -2;
}
