/* start_check.h: what every long-running program checks before it serves: that it can write where it must. */
#ifndef LARDER_CMD_START_CHECK_H
#define LARDER_CMD_START_CHECK_H
#include <stddef.h>
#include "util/config.h"

/* The database (its file, its folder for -wal and -shm, those files: store_check_writable), data_dir and the
 * files folder can be written by this process (a folder not made yet: the one it would be made in). 0, or -1 with
 * err naming the file or folder, its mode and owner, and what to fix. */
int start_check(const struct larder_config *cfg, char *err, size_t errlen);
#endif
