/* import_read_stub.c (svc): STAND-IN on branch i12-import only, until branch i12-readers' import_read.c lands (delete this file and its local.mk line then): the format names and a plain URL list reader, so the import can be run and tested. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "svc/import.h"

static const char *const names[SVC_IMPORT__MAX] = {
	[SVC_IMPORT_OMNIVORE] = "omnivore", [SVC_IMPORT_POCKET_CSV] = "pocket-csv",
	[SVC_IMPORT_POCKET_HTML] = "pocket-html", [SVC_IMPORT_INSTAPAPER] = "instapaper",
	[SVC_IMPORT_WALLABAG] = "wallabag", [SVC_IMPORT_NETSCAPE] = "netscape", [SVC_IMPORT_READWISE] = "readwise",
	[SVC_IMPORT_URLS] = "urls",
};

const char *svc_import_format_name(enum svc_import_format f)
{
	return f > SVC_IMPORT_UNKNOWN && f < SVC_IMPORT__MAX ? names[f] : NULL;
}

enum svc_import_format svc_import_format_by_name(const char *name)
{
	for (int f = 1; f < SVC_IMPORT__MAX; f++)
		if (name && strcasecmp(name, names[f]) == 0)
			return (enum svc_import_format)f;
	return SVC_IMPORT_UNKNOWN;
}

enum svc_import_format svc_import_detect(const char *path)
{
	char head[16] = "";
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return SVC_IMPORT_UNKNOWN;
	if (fgets(head, sizeof head, f) == NULL)
		head[0] = '\0';
	fclose(f);
	return strncmp(head, "http://", 7) == 0 || strncmp(head, "https://", 8) == 0 ? SVC_IMPORT_URLS : SVC_IMPORT_UNKNOWN;
}

int svc_import_read(enum svc_import_format fmt, struct arena *a, const char *path, const struct svc_import_sink *sink,
                    const char **err)
{
	char buf[8192];
	size_t line = 0;
	FILE *f;
	if (fmt != SVC_IMPORT_URLS) {
		*err = "this build reads only URL lists";
		return -1;
	}
	if ((f = fopen(path, "rb")) == NULL) {
		*err = "the file cannot be read";
		return -1;
	}
	while (fgets(buf, sizeof buf, f)) {
		struct svc_import_item it = { .reading_progress = -1 };
		size_t n = strcspn(buf, "\r\n");
		buf[n] = '\0';
		line++;
		if (n == 0 || buf[0] == '#')
			continue;
		if (strncmp(buf, "http://", 7) != 0 && strncmp(buf, "https://", 8) != 0) {
			sink->bad(sink->ctx, line, "the URL is not http(s)");
			continue;
		}
		it.line = line;
		it.url = arena_strdup(a, buf);
		if (sink->item(sink->ctx, &it) != 0)
			break;
	}
	fclose(f);
	return 0;
}
