/* import_opml.c: OPML subscription lists: a user subscribed to each feed of an OPML file (read by content_opml_read), and a user's subscriptions written as OPML. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "content/feed.h"
#include "store/feeds.h"
#include "store/store.h"
#include "svc/feeds.h"
#include "svc/svc.h"
#include "util/arena.h"
#include "util/config.h"
#include "util/limits.h"
#include "util/sb.h"

/* the whole file into the arena, at most max bytes; NULL with *err */
static char *read_file(struct arena *a, const char *path, size_t max, size_t *len, const char **err)
{
	struct stat fst;
	FILE *f = fopen(path, "rb");
	if (f == NULL || fstat(fileno(f), &fst) != 0 || (uint64_t)fst.st_size > max) {
		*err = f == NULL || fst.st_size < 0 ? "cannot be read" : "is larger than import_max_bytes";
		if (f)
			fclose(f);
		return NULL;
	}
	char *buf = arena_alloc(a, (size_t)fst.st_size + 1);
	*len = fread(buf, 1, (size_t)fst.st_size, f);
	bool bad = ferror(f) != 0;
	fclose(f);
	if (bad) {
		*err = "cannot be read";
		return NULL;
	}
	buf[*len] = '\0';
	return buf;
}

int svc_import_opml(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                    const char *path, struct svc_opml_report *r, struct sb *lines, const char **err)
{
	size_t len, max = cfg->import_max_bytes;
	struct content_feed_link *feeds;
	memset(r, 0, sizeof *r);
	const char *body = read_file(a, path, max, &len, err);
	long n = body ? content_opml_read(a, body, len, &feeds, err) : -1;
	for (long i = 0; i < n; i++) {
		struct store_sub sub;
		const char *msg = NULL;
		enum svc_sub_status s = svc_feed_subscribe_known(st, cfg, a, user_id, feeds[i].url,
		                                                  svc_cut(a, feeds[i].title, LIMIT_TITLE), &sub, &msg);
		r->added += s == SVC_SUB_OK;
		r->existing += s == SVC_SUB_EXISTS;
		r->failed += s == SVC_SUB_REFUSED || s == SVC_SUB_LIMIT;
		if ((s == SVC_SUB_REFUSED || s == SVC_SUB_LIMIT) && lines)
			sb_printf(lines, "%s: %s\n", feeds[i].url, msg ? msg : "refused");
		if (s == SVC_SUB_FAILED) {
			*err = store_errmsg(st);
			return -2;
		}
	}
	return n < 0 ? -1 : 0;
}

int svc_export_opml(struct store *st, struct arena *a, const char *user_id, FILE *out)
{
	struct store_sub *subs;
	size_t n, k = 0;
	if (store_sub_list(st, a, user_id, &subs, &n) != STORE_OK)
		return -1;
	struct content_opml_outline *v = arena_alloc(a, (n ? n : 1) * sizeof *v);
	for (size_t i = 0; i < n; i++)
		if (strcmp(subs[i].status, "ACTIVE") == 0)
			v[k++] = (struct content_opml_outline){ .name = subs[i].name, .url = subs[i].url,
			                                        .site_url = subs[i].site_url, .description = subs[i].description };
	return content_opml_write(out, "Larder subscriptions", v, k);
}
