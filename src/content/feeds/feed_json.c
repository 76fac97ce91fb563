/* feed_json.c: JSON Feed (versions 1 and 1.1, https://jsonfeed.org) read with json-c into struct content_feed. */
#include <json-c/json.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "content/feeds/feed.h"
#include "content/feeds/feed_int.h"
#include "util/arena.h"
#include "util/limits.h"
#include "util/text.h"

/* the member's string (a number is written out: ids may be numbers), trimmed; NULL otherwise */
static const char *str(struct arena *a, struct json_object *o, const char *key)
{
	struct json_object *v = NULL;
	if (o == NULL || !json_object_object_get_ex(o, key, &v))
		return NULL;
	if (json_object_is_type(v, json_type_string))
		return feed_trim(a, json_object_get_string(v), LIMIT_FEED_FIELD);
	if (json_object_is_type(v, json_type_int))
		return arena_printf(a, "%lld", (long long)json_object_get_int64(v));
	return NULL;
}

static struct json_object *member(struct json_object *o, const char *key, enum json_type t)
{
	struct json_object *v = NULL;
	return o && json_object_object_get_ex(o, key, &v) && json_object_is_type(v, t) ? v : NULL;
}

/* version 1.1's authors[0].name, or version 1's author.name */
static const char *author(struct arena *a, struct json_object *it)
{
	struct json_object *list = member(it, "authors", json_type_array);
	if (list && json_object_array_length(list) > 0)
		return str(a, json_object_array_get_idx(list, 0), "name");
	return str(a, member(it, "author", json_type_object), "name");
}

/* an item's date_published (else date_modified); 0 when none is readable */
static int64_t item_date(struct arena *a, struct json_object *it)
{
	const char *when = str(a, it, "date_published");
	int64_t ms = 0;
	if (when == NULL)
		when = str(a, it, "date_modified");
	return when && content_feed_date(when, &ms) == 0 ? ms : 0;
}

static void item(struct arena *a, struct json_object *it, struct content_feed_entry *e)
{
	e->id = str(a, it, "id");
	e->url = str(a, it, "url");
	if (e->url == NULL)
		e->url = str(a, it, "external_url");
	e->title = str(a, it, "title");
	e->author = author(a, it);
	e->summary = str(a, it, "summary");
	e->content = str(a, it, "content_html");
	if (e->content == NULL) {
		const char *text = str(a, it, "content_text");
		e->content = text ? arena_printf(a, "<pre>%s</pre>", text_html_escaped(a, text)) : NULL;
	}
	e->image = str(a, it, "image");
	if (e->image == NULL)
		e->image = str(a, it, "banner_image");
	e->published_ms = item_date(a, it);
}

/* a JSON Feed: a version naming jsonfeed.org, or (as some generators write it) another version beside the
 * feed's own members (title, home_page_url, feed_url), and an items array */
static bool is_json_feed(struct arena *a, struct json_object *root)
{
	const char *version = str(a, root, "version");
	if (version == NULL || member(root, "items", json_type_array) == NULL)
		return false;
	return strncmp(version, "https://jsonfeed.org/version/", 29) == 0 || str(a, root, "title") ||
	       str(a, root, "home_page_url") || str(a, root, "feed_url");
}

static int read_feed(struct arena *a, struct json_object *root, struct content_feed *f, struct content_error *e)
{
	struct json_object *items = member(root, "items", json_type_array);
	if (!is_json_feed(a, root))
		return content_fail(e, CONTENT_E_FORMAT, "not a feed: JSON without a JSON Feed version and items");
	f->kind = CONTENT_FEED_JSON;
	f->title = str(a, root, "title");
	f->site_url = str(a, root, "home_page_url");
	f->description = str(a, root, "description");
	f->icon = str(a, root, "icon");
	if (f->icon == NULL)
		f->icon = str(a, root, "favicon");
	size_t n = json_object_array_length(items), ties = SIZE_MAX;
	int64_t *dates = NULL, oldest = INT64_MIN;
	if (n > LIMIT_FEED_ENTRIES_SEEN)
		n = LIMIT_FEED_ENTRIES_SEEN;
	if (n > LIMIT_FEED_ENTRIES && (dates = arena_alloc(a, n * sizeof *dates)) != NULL) { /* the newest */
		for (size_t i = 0; i < n; i++)
			dates[i] = item_date(a, json_object_array_get_idx(items, i));
		feed_newest(a, dates, n, LIMIT_FEED_ENTRIES, &oldest, &ties);
	}
	f->entries = arena_alloc(a, (n < LIMIT_FEED_ENTRIES ? n + 1 : LIMIT_FEED_ENTRIES) * sizeof *f->entries);
	for (size_t i = 0; i < n && f->n_entries < LIMIT_FEED_ENTRIES; i++) {
		struct json_object *it = json_object_array_get_idx(items, i);
		if (!json_object_is_type(it, json_type_object))
			continue;
		if (dates && (dates[i] < oldest || (dates[i] == oldest && ties == 0)))
			continue;
		ties -= dates && dates[i] == oldest;
		memset(&f->entries[f->n_entries], 0, sizeof *f->entries);
		item(a, it, &f->entries[f->n_entries++]);
	}
	return 0;
}

int feed_parse_json(struct arena *a, const char *body, size_t len, struct content_feed *f, struct content_error *e)
{
	struct json_tokener *tok = len > (size_t)INT32_MAX ? NULL : json_tokener_new_ex(LIMIT_JSON_DEPTH);
	if (tok == NULL)
		return len > (size_t)INT32_MAX ? content_fail(e, CONTENT_E_LIMIT, "feed is too large")
		                               : content_fail(e, CONTENT_E_NOMEM, "out of memory");
	json_tokener_set_flags(tok, JSON_TOKENER_VALIDATE_UTF8);
	struct json_object *root = json_tokener_parse_ex(tok, body, (int)len);
	enum json_tokener_error je = json_tokener_get_error(tok);
	json_tokener_free(tok);
	int rc = -1;
	if (je != json_tokener_success)
		content_fail(e, CONTENT_E_FORMAT, "feed is not JSON: %s",
		             je == json_tokener_continue ? "it ends too early" : json_tokener_error_desc(je));
	else if (!json_object_is_type(root, json_type_object))
		content_fail(e, CONTENT_E_FORMAT, "not a feed: JSON without a JSON Feed version and items");
	else
		rc = read_feed(a, root, f, e);
	json_object_put(root);
	return rc;
}
