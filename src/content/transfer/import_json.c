/* import_json.c (content): wallabag's JSON export (a list of entries: content kept, tags, annotations) read with json-c. */
#include <json-c/json.h>
#include <limits.h>
#include <stdbool.h>
#include <string.h>

#include "content/transfer/import_int.h"
#include "util/sb.h"
#include "util/time.h"

/* the string under key, or NULL when there is none (or it is not a string, or is empty) */
static const char *str(struct json_object *o, const char *key)
{
	struct json_object *v;
	const char *s;
	if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
		return NULL;
	s = json_object_get_string(v);
	return s && *s ? s : NULL;
}

/* key is true, 1 or "1" (wallabag wrote booleans as numbers in older versions) */
static bool truthy(struct json_object *o, const char *key)
{
	struct json_object *v;
	const char *s;
	if (!json_object_object_get_ex(o, key, &v) || v == NULL)
		return false;
	if (json_object_is_type(v, json_type_string))
		return (s = json_object_get_string(v)) != NULL && (strcmp(s, "1") == 0 || strcmp(s, "true") == 0);
	return json_object_get_int64(v) != 0 || json_object_get_boolean(v);
}

/* the ISO 8601 date under key as ms in *ms (0 when absent); -1 when it is there but no date */
static int date_ms(struct json_object *o, const char *key, int64_t *ms)
{
	const char *s = str(o, key);
	*ms = 0;
	return s ? time_parse_iso(s, strlen(s), ms) : 0;
}

/* tags: names, or objects with a label (the API's form) */
static int entry_labels(struct arena *a, struct json_object *o, struct content_import_item *it)
{
	struct json_object *tags;
	const char **labels;
	size_t n;
	if (!json_object_object_get_ex(o, "tags", &tags) || !json_object_is_type(tags, json_type_array))
		return 0;
	n = json_object_array_length(tags);
	if ((labels = ARENA_NEWN(a, const char *, n + 1)) == NULL)
		return -1;
	for (size_t i = 0; i < n; i++) {
		struct json_object *t = json_object_array_get_idx(tags, i);
		const char *name = json_object_is_type(t, json_type_string) ? json_object_get_string(t) : str(t, "label");
		if (name && *(name = import_trim(a, name)))
			labels[it->nlabels++] = name;
	}
	it->labels = labels;
	return 0;
}

/* annotations: [{quote, text, created_at}] as highlights; -1 out of memory or with a bad date */
static int entry_highlights(struct arena *a, struct json_object *o, struct content_import_item *it)
{
	struct json_object *list;
	struct content_import_highlight *h;
	size_t n;
	if (!json_object_object_get_ex(o, "annotations", &list) || !json_object_is_type(list, json_type_array))
		return 0;
	n = json_object_array_length(list);
	if ((h = ARENA_NEWN(a, struct content_import_highlight, n + 1)) == NULL)
		return -1;
	for (size_t i = 0; i < n; i++) {
		struct json_object *an = json_object_array_get_idx(list, i);
		struct content_import_highlight *x = &h[it->nhighlights];
		if (!json_object_is_type(an, json_type_object))
			continue;
		x->quote = str(an, "quote");
		x->annotation = str(an, "text");
		if (date_ms(an, "created_at", &x->created_ms))
			return -1;
		if (x->quote || x->annotation)
			it->nhighlights++;
	}
	it->highlights = h;
	return 0;
}

/* published_by: a list of names (or one name) as "A, B" */
static const char *entry_author(struct arena *a, struct json_object *o)
{
	struct json_object *by;
	struct sb b;
	const char *s;
	if (!json_object_object_get_ex(o, "published_by", &by) || !json_object_is_type(by, json_type_array))
		return str(o, "published_by");
	sb_init(&b);
	for (size_t i = 0; i < json_object_array_length(by); i++) {
		struct json_object *name = json_object_array_get_idx(by, i);
		if (!json_object_is_type(name, json_type_string) || json_object_get_string_len(name) == 0)
			continue;
		if (b.len)
			sb_puts(&b, ", ");
		sb_puts(&b, json_object_get_string(name));
	}
	s = b.len && !sb_error(&b) ? arena_strdup(a, sb_str(&b)) : NULL;
	sb_free(&b);
	return s;
}

/* one entry as an item: NULL, or why it cannot be read */
static const char *read_entry(struct arena *a, struct json_object *o, struct content_import_item *it)
{
	struct json_object *content;
	const char *why;
	if (!json_object_is_type(o, json_type_object))
		return "the entry is not an object";
	it->url = str(o, "url");
	if ((why = import_url_problem(a, it->url)) != NULL)
		return why;
	it->title = str(o, "title");
	it->author = entry_author(a, o);
	it->site_name = str(o, "domain_name");
	it->image = str(o, "preview_picture");
	if (date_ms(o, "created_at", &it->saved_ms))
		return "created_at is not a date";
	if (date_ms(o, "published_at", &it->published_ms))
		return "published_at is not a date";
	if (truthy(o, "is_archived")) {
		it->state = "ARCHIVED";
		if (date_ms(o, "archived_at", &it->archived_ms))
			return "archived_at is not a date";
	}
	it->favorite = truthy(o, "is_starred");
	if (json_object_object_get_ex(o, "content", &content) && json_object_is_type(content, json_type_string) &&
	    json_object_get_string_len(content) > 0) {
		it->html = json_object_get_string(content);
		it->html_len = (size_t)json_object_get_string_len(content);
	}
	if (entry_labels(a, o, it))
		return "out of memory";
	if (entry_highlights(a, o, it))
		return "an annotation's created_at is not a date";
	return NULL;
}

/* the file's JSON, or NULL with e */
static struct json_object *parse(const char *s, size_t n, struct content_error *e)
{
	struct json_tokener *tok = json_tokener_new_ex(LIMIT_JSON_DEPTH);
	struct json_object *root;
	enum json_tokener_error je;
	if (tok == NULL) {
		content_fail(e, CONTENT_E_NOMEM, "out of memory");
		return NULL;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_VALIDATE_UTF8);
	root = json_tokener_parse_ex(tok, s, (int)n);
	je = json_tokener_get_error(tok);
	if (je == json_tokener_success && json_tokener_get_parse_end(tok) < n &&
	    strspn(s + json_tokener_get_parse_end(tok), " \t\r\n") < n - json_tokener_get_parse_end(tok)) {
		content_fail(e, CONTENT_E_FORMAT, "the file is not JSON: there is more after its value");
		json_object_put(root);
		root = NULL;
	} else if (je != json_tokener_success) {
		content_fail(e, CONTENT_E_FORMAT, "the file is not JSON: %s",
		             je == json_tokener_continue ? "it ends too early" : json_tokener_error_desc(je));
		root = NULL;
	}
	json_tokener_free(tok);
	return root;
}

int import_read_wallabag(enum content_import_format f, struct arena *a, const char *path,
                         const struct content_import_sink *sink, struct content_error *e)
{
	size_t n;
	const char *s = import_slurp(a, path, &n, e);
	struct json_object *root;
	struct arena scratch;
	int rc = 0;
	if (s == NULL)
		return -1;
	if (n > INT_MAX)
		return content_fail(e, CONTENT_E_LIMIT, "the file is too large");
	if (n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
		s += 3, n -= 3;   /* a byte order mark is no JSON */
	if ((root = parse(s, n, e)) == NULL)
		return -1;
	if (!json_object_is_type(root, json_type_array)) {
		json_object_put(root);
		return content_fail(e, CONTENT_E_FORMAT, "the JSON is not a list of entries (a wallabag export)");
	}
	arena_init(&scratch);
	for (size_t i = 0; rc == 0 && i < json_object_array_length(root); i++) {
		struct content_import_item it = { .line = i + 1, .reading_progress = -1 };
		const char *why = read_entry(&scratch, json_object_array_get_idx(root, i), &it);
		if (why) {
			sink->bad(sink->ctx, i + 1, why);
		} else if (sink->item(sink->ctx, &it)) {
			rc = content_fail(e, CONTENT_E_STOPPED, "%s", IMPORT_STOPPED);
		}
		arena_reset(&scratch);
	}
	arena_free(&scratch);
	json_object_put(root);
	return rc;
}
