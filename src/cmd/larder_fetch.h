/* larder_fetch.h: `larder fetch URL`, a debugging command that fetches one page as the worker will. */
#ifndef LARDER_CMD_FETCH_H
#define LARDER_CMD_FETCH_H

struct larder_config;

#define U_FETCH "larder [-c CONF] fetch URL [--body]"

/* argv holds what follows `fetch`; returns the exit code (0 fetched, 1 failed, 2 usage) */
int larder_cmd_fetch(const struct larder_config *c, int argc, char **argv);
#endif
