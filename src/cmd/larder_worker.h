/* larder_worker.h: the `larder worker` command (the fetch queue runner). */
#ifndef LARDER_CMD_WORKER_H
#define LARDER_CMD_WORKER_H
#include "util/config.h"

#define LARDER_WORKER_USAGE "larder [-c CONF] worker [--once] [--verbose]"
int larder_cmd_worker(const struct larder_config *c, int argc, char **argv);
#endif
