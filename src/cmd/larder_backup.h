/* larder_backup.h: the admin's commands about the whole library: `larder backup DEST` and `larder restore SRC [--force]` (the library, its files and pending imports copied out and back) and `larder status`. */
#ifndef LARDER_CMD_BACKUP_H
#define LARDER_CMD_BACKUP_H
#include "util/config.h"

#define U_BACKUP "larder [-c CONF] backup DEST"
#define U_RESTORE "larder [-c CONF] restore SRC [--force]"
/* argv holds what follows the command; the exit code (0 done and verified, 1 failed, 2 usage) */
int larder_cmd_backup(const struct larder_config *c, int argc, char **argv);
int larder_cmd_restore(const struct larder_config *c, int argc, char **argv);

/* `larder status` (larder_status.c): the queue, the feeds, the worker's last sign of life, the disk used */
#define U_STATUS "larder [-c CONF] status"
int larder_cmd_status(const struct larder_config *c, int argc, char **argv);
#endif
