/* libexec.c: a helper program's path: $ENV, beside this program's executable, or the installed libexec folder. */
#include "util/libexec.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef LARDER_PKGLIBEXECDIR
#define LARDER_PKGLIBEXECDIR "/usr/local/libexec/larder"
#endif

bool libexec_find(const char *name, const char *env, char *buf, size_t size)
{
	const char *set = env ? getenv(env) : NULL;
	char self[PATH_MAX];
	ssize_t n;

	if (set && *set)
		return snprintf(buf, size, "%s", set) < (int)size && access(buf, X_OK) == 0;
	n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n > 0) {
		char *slash;
		self[n] = '\0';
		if ((slash = strrchr(self, '/')) != NULL) {
			*slash = '\0';
			if (snprintf(buf, size, "%s/%s", self, name) < (int)size && access(buf, X_OK) == 0)
				return true;
		}
	}
	return snprintf(buf, size, "%s/%s", LARDER_PKGLIBEXECDIR, name) < (int)size && access(buf, X_OK) == 0;
}
