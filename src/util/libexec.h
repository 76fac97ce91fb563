/* libexec.h: where a helper program Larder runs is found (larder-pdf, larder-runner): an environment variable, else beside this program, else the installed libexec folder. */
#ifndef LARDER_UTIL_LIBEXEC_H
#define LARDER_UTIL_LIBEXEC_H
#include <stdbool.h>
#include <stddef.h>

/* the helper name's path into buf: $env when set (a test's build tree), else NAME in the folder of this program's
 * executable (a build tree's src/cmd, or the installed $(pkglibexecdir)), else $(pkglibexecdir)/NAME; false when
 * the path found is not an executable file (buf then holds the last one tried, for the message) */
bool libexec_find(const char *name, const char *env, char *buf, size_t size);
#endif
