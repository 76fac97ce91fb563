/* larder_import.h: the `larder import` command (a library moved in from a file). */
#ifndef LARDER_CMD_IMPORT_H
#define LARDER_CMD_IMPORT_H
#include "util/config.h"

#define LARDER_IMPORT_USAGE "larder [-c CONF] import --user NAME [--format F] FILE"
int larder_cmd_import(const struct larder_config *c, int argc, char **argv);
#endif
