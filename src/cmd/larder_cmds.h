/* larder_cmds.h: `larder` subcommands that live outside larder.c (they need no configuration or database), and the failure message every subcommand prints. */
#ifndef LARDER_CMDS_H
#define LARDER_CMDS_H

#define U_EXTRACT "larder extract [URL] < PAGE.html"

/* "larder: " and the message on standard error, a line of its own; returns 1, the exit status of a failure
 * (larder.c; the subcommands' files share it) */
int larder_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* extract the readable article of the HTML page on standard input; prints one JSON object */
int larder_cmd_extract(int argc, char **argv);
#endif
