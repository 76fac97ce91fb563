/* import_int.h (svc): the import readers, one a format, behind svc_import_read. */
#ifndef LARDER_SVC_IMPORT_INT_H
#define LARDER_SVC_IMPORT_INT_H
#include "svc/import.h"

/* Omnivore's export zip (omnivore_format.h), every item with its content and highlights to sink */
int svc_import_read_omnivore(struct arena *a, const char *path, const struct svc_import_sink *sink, const char **err);
#endif
