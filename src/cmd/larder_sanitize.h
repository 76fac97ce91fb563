/* larder_sanitize.h: `larder sanitize`, the sanitizer (and Markdown output) as a filter on standard input. */
#ifndef LARDER_CMD_SANITIZE_H
#define LARDER_CMD_SANITIZE_H
/* argv holds the arguments after "sanitize"; returns the exit status (0, 1 failure, 2 usage) */
int larder_cmd_sanitize(int argc, char **argv);
#endif
