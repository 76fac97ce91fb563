/* feed_read.c: content_feed_read, the feed readers' entry: the format told by the content, links made absolute, and an entry's id when the feed gives none. */
#include <ctype.h>
#include <string.h>

#include "content/feeds/feed.h"
#include "content/feeds/feed_int.h"
#include "util/arena.h"
#include "util/crypto.h"
#include "util/url.h"

/* a link as the feed wrote it, made absolute against base; NULL when it cannot be */
static const char *absolute(struct arena *a, const char *base, const char *ref)
{
	char *out;
	if (ref == NULL)
		return NULL;
	if (base == NULL)
		return ref;
	return url_resolve(a, base, ref, &out) == 0 ? out : NULL;
}

/* an id for an entry that has neither id nor link: a hash of what it says, the same at every poll */
static const char *content_id(struct arena *a, const struct content_feed_entry *it)
{
	char hex[65];
	const char *s = arena_printf(a, "%s\n%s\n%s\n%lld", it->title ? it->title : "", it->summary ? it->summary : "",
	                             it->content ? it->content : "", (long long)it->published_ms);
	if (s == NULL)
		return NULL;
	crypto_sha256_hex(s, strlen(s), hex);
	return arena_printf(a, "sha256:%s", hex);
}

int content_feed_read(struct arena *a, const char *body, size_t len, const char *feed_url, const struct content_limits *lim,
                      struct content_feed *out, struct content_error *e)
{
	return content_feed_read_typed(a, body, len, NULL, feed_url, lim, out, e);
}

int content_feed_read_typed(struct arena *a, const char *body, size_t len, const char *content_type, const char *feed_url,
                            const struct content_limits *lim, struct content_feed *out, struct content_error *e)
{
	size_t i = 0;
	memset(out, 0, sizeof *out);
	if (len >= 3 && memcmp(body, "\xEF\xBB\xBF", 3) == 0)
		i = 3;
	while (i < len && isspace((unsigned char)body[i]))
		i++;
	content_error_clear(e);
	if (i == len)
		return content_fail(e, CONTENT_E_FORMAT, "feed is empty");
	if ((body[i] == '{' ? feed_parse_json(a, body + i, len - i, out, e)
	                    : feed_parse_xml(a, body, len, content_type, lim, out, e)) != 0)
		return -1;
	out->site_url = absolute(a, feed_url, out->site_url);
	out->icon = absolute(a, feed_url, out->icon);
	for (size_t k = 0; k < out->n_entries; k++) {
		struct content_feed_entry *it = &out->entries[k];
		it->url = absolute(a, feed_url, it->url);
		it->image = absolute(a, feed_url, it->image);
		if (it->id == NULL) /* the entry's id for the poll's "is it new" (svc/feeds_poll.c): its URL, else its text */
			it->id = it->url ? it->url : content_id(a, it);
	}
	return 0;
}
