/* larder_export.h: `larder export`, a user's library as Omnivore's export zip. */
#ifndef LARDER_CMD_EXPORT_H
#define LARDER_CMD_EXPORT_H
#include "util/config.h"

#define U_EXPORT "larder [-c CONF] export --user NAME [--output FILE]"
#define U_EXPORT_OPML "larder [-c CONF] export --user NAME --opml [--output FILE]"
/* argv holds what follows `export`; the exit code (0 written, 1 failed, 2 usage) */
int larder_cmd_export(const struct larder_config *c, int argc, char **argv);
#endif
