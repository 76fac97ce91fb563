/* limits.c (svc): larder.conf's limits as the services read them (util/limits.h's defaults without a configuration), and stored text cut or refused at its limit. */
#include <string.h>

#include "store/feeds.h"
#include "svc/svc.h"
#include "util/limits.h"
#include "util/utf8.h"

size_t svc_content_max_bytes(const struct larder_config *cfg)
{
	return cfg ? cfg->content_max_bytes : LIMIT_CONTENT_BYTES;
}

const char *svc_cut(struct arena *a, const char *s, size_t max)
{
	size_t n = s ? strlen(s) : 0, keep;
	if (n <= max) /* n bytes hold at most n characters */
		return s;
	if ((keep = utf8_prefix(s, n, max)) == n)
		return s;
	return arena_strndup(a, s, keep);
}

const char *svc_cut_bytes(struct arena *a, const char *s, size_t max)
{
	size_t n = s ? strlen(s) : 0;
	if (n <= max)
		return s;
	while (max > 0 && ((unsigned char)s[max] & 0xC0) == 0x80) /* back to the start of a character */
		max--;
	return arena_strndup(a, s, max);
}

/* an address kept when it is short enough to be one, else NULL */
static const char *url_or_null(const char *s)
{
	return s && strlen(s) > LIMIT_URL_BYTES ? NULL : s;
}

void svc_article_cut(struct arena *a, struct store_article *art)
{
	if (art == NULL)
		return;
	art->title = svc_cut(a, art->title, LIMIT_TITLE);
	art->author = svc_cut(a, art->author, LIMIT_AUTHOR);
	art->description = svc_cut(a, art->description, LIMIT_DESCRIPTION);
	art->site_name = svc_cut(a, art->site_name, LIMIT_SITE_NAME);
	art->language = svc_cut(a, art->language, LIMIT_WORD_FIELD);
	art->dir = svc_cut(a, art->dir, LIMIT_WORD_FIELD);
	art->image = url_or_null(art->image);
	art->site_icon = url_or_null(art->site_icon);
	art->final_url = url_or_null(art->final_url);
}

void svc_import_cut(struct arena *a, struct store_import *in)
{
	in->title = svc_cut(a, in->title, LIMIT_TITLE);
	in->author = svc_cut(a, in->author, LIMIT_AUTHOR);
	in->description = svc_cut(a, in->description, LIMIT_DESCRIPTION);
	in->site_name = svc_cut(a, in->site_name, LIMIT_SITE_NAME);
	in->image = url_or_null(in->image);
}

const char *svc_too_long(struct arena *a, const char *field, const char *s, size_t max)
{
	size_t n = s ? strlen(s) : 0;
	if (n <= max || utf8_count(s, n) <= max)
		return NULL;
	const char *m = arena_printf(a, "%s is longer than %zu characters (the limit of a stored %s)", field, max, field);
	return m ? m : "a text is longer than Larder stores";
}

const char *svc_item_text_refusal(struct arena *a, const char *title, const char *author, const char *description)
{
	const char *why = svc_too_long(a, "title", title, LIMIT_TITLE);
	if (why == NULL)
		why = svc_too_long(a, "author", author, LIMIT_AUTHOR);
	if (why == NULL)
		why = svc_too_long(a, "description", description, LIMIT_DESCRIPTION);
	return why;
}

int svc_quota_usage(struct store *st, const struct larder_config *cfg, const char *user_id,
                    struct svc_quota out[SVC_QUOTA__N])
{
	struct store_usage u;
	int64_t subs = 0;
	int rc = store_usage_get(st, user_id, &u);
	if (rc == STORE_OK)
		rc = store_sub_count(st, user_id, &subs);
	if (rc != STORE_OK)
		return rc;
	out[SVC_QUOTA_ITEMS] = (struct svc_quota){ "items_per_user", u.items,
	                                           cfg ? cfg->items_per_user : LIMIT_ITEMS_PER_USER };
	out[SVC_QUOTA_BYTES] = (struct svc_quota){ "bytes_per_user", u.bytes,
	                                           (int64_t)(cfg ? cfg->bytes_per_user : LIMIT_BYTES_PER_USER) };
	out[SVC_QUOTA_IMPORTS] = (struct svc_quota){ "imports_pending_per_user", u.imports_pending,
	                                             cfg ? cfg->imports_pending_per_user : LIMIT_IMPORTS_PENDING };
	out[SVC_QUOTA_SUBSCRIPTIONS] = (struct svc_quota){ "subscriptions_per_user", subs,
	                                                   cfg ? cfg->subscriptions_per_user : LIMIT_SUBSCRIPTIONS };
	return STORE_OK;
}
