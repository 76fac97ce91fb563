/* cut.c: stored text at its util/limits.h limit: text from outside cut on a character boundary, API input over a limit refused with a message. */
#include <string.h>

#include "svc/svc.h"
#include "util/limits.h"
#include "util/utf8.h"

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
