/* import_omnivore.c (svc): a stand-in for the Omnivore export zip reader until it is built: it refuses every file. */
#include "svc/import_int.h"

int svc_import_read_omnivore(struct arena *a, const char *path, const struct svc_import_sink *sink, const char **err)
{
	(void)a, (void)path, (void)sink;
	*err = "Omnivore zip import is not built yet";
	return -1;
}
