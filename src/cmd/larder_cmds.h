/* larder_cmds.h: `larder` subcommands that live outside larder.c (they need no configuration or database). */
#ifndef LARDER_CMDS_H
#define LARDER_CMDS_H

#define U_EXTRACT "larder extract [URL] < PAGE.html"

/* extract the readable article of the HTML page on standard input; prints one JSON object */
int larder_cmd_extract(int argc, char **argv);
#endif
