/* import_json.c (content): the JSON exports read with json-c: wallabag's (v2: content kept, tags, annotations; v1: is_read, is_fav, a tags string), Chrome's and Firefox's bookmark files and Pinboard's export. */
#include <json-c/json.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

/* raw as the record's URL into *url (trimmed, repaired: import_url_check): NULL, or why it is no item, *skip set
 * when it never is one (a javascript: or place: link: skipped, not failed) */
static const char *record_url(struct arena *a, const char *raw, const char **url, bool *skip)
{
	const char *why;
	enum import_url_verdict v = import_url_check(a, raw ? raw : "", url, &why); /* none: "no URL" */
	*skip = v == IMPORT_URL_SKIP;
	return v == IMPORT_URL_OK ? NULL : why ? why : "out of memory";
}

/* a bad record to sink (the shape of import_skip, so that either is called the same way) */
static void bad_record(const struct content_import_sink *sink, size_t line, const char *why)
{
	sink->bad(sink->ctx, line, why);
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

/* tags: names, or objects with a label (the API's form); v1's one string of names separated by commas */
static int entry_labels(struct arena *a, struct json_object *o, struct content_import_item *it)
{
	struct json_object *tags;
	const char **labels;
	size_t n;
	if (json_object_object_get_ex(o, "tags", &tags) && json_object_is_type(tags, json_type_string)) {
		labels = NULL;
		if (import_split_labels(a, json_object_get_string(tags), ',', &labels, &it->nlabels))
			return -1;
		it->labels = labels;
		return 0;
	}
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

/* one entry as an item: NULL, or why it cannot be read (*skip: why it is never an item) */
static const char *read_entry(struct arena *a, struct json_object *o, struct content_import_item *it, bool *skip)
{
	struct json_object *content;
	const char *why;
	*skip = false;
	if (!json_object_is_type(o, json_type_object))
		return "the entry is not an object";
	if ((why = record_url(a, str(o, "url"), &it->url, skip)) != NULL)
		return why;
	it->title = str(o, "title");
	it->author = entry_author(a, o);
	it->site_name = str(o, "domain_name");
	it->image = str(o, "preview_picture");
	if (date_ms(o, "created_at", &it->saved_ms))
		return "created_at is not a date";
	if (date_ms(o, "published_at", &it->published_ms))
		return "published_at is not a date";
	if (truthy(o, "is_archived") || truthy(o, "is_read")) { /* v1 said is_read */
		it->state = "ARCHIVED";
		if (date_ms(o, "archived_at", &it->archived_ms))
			return "archived_at is not a date";
	}
	it->favorite = truthy(o, "is_starred") || truthy(o, "is_fav");
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

/* the file at path parsed, or NULL with e */
static struct json_object *load(struct arena *a, const char *path, struct content_error *e)
{
	size_t n;
	const char *s = import_slurp(a, path, &n, e);
	if (s == NULL)
		return NULL;
	if (n > INT_MAX) {
		content_fail(e, CONTENT_E_LIMIT, "the file is too large");
		return NULL;
	}
	if (n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
		s += 3, n -= 3;   /* a byte order mark is no JSON */
	return parse(s, n, e);
}

int import_read_wallabag(enum content_import_format f, struct arena *a, const char *path,
                         const struct content_import_sink *sink, struct content_error *e)
{
	struct json_object *root = load(a, path, e);
	struct arena scratch;
	int rc = 0;
	(void)f;
	if (root == NULL)
		return -1;
	if (!json_object_is_type(root, json_type_array)) {
		json_object_put(root);
		return content_fail(e, CONTENT_E_FORMAT, "the JSON is not a list of entries (a wallabag export)");
	}
	arena_init(&scratch);
	for (size_t i = 0; rc == 0 && i < json_object_array_length(root); i++) {
		struct content_import_item it = { .line = i + 1, .reading_progress = -1 };
		bool skip;
		const char *why = read_entry(&scratch, json_object_array_get_idx(root, i), &it, &skip);
		if (why) {
			(skip ? import_skip : bad_record)(sink, i + 1, why);
		} else if (sink->item(sink->ctx, &it)) {
			rc = content_fail(e, CONTENT_E_STOPPED, "%s", IMPORT_STOPPED);
		}
		arena_reset(&scratch);
	}
	arena_free(&scratch);
	json_object_put(root);
	return rc;
}

/* ---- bookmark files: Chrome's and Firefox's trees, Pinboard's list ---- */

/* one walk of a bookmark tree: the folders above the node (outermost first), the records seen */
struct tree_walk {
	const struct content_import_sink *sink;
	struct arena scratch;
	const char *folders[LIMIT_JSON_DEPTH + 1];
	size_t depth, n;
	int stopped;
	const char *skip_why; /* non-NULL: every link below is skipped for this reason (Chrome's trash) */
};

/* the bookmark url titled title as an item with the folders as labels (and tags, names separated by commas),
 * or a skipped or bad record */
static void tree_link(struct tree_walk *w, const char *url, const char *title, const char *tags,
                      int64_t saved_ms, const char *description)
{
	struct content_import_item it = { .line = ++w->n, .reading_progress = -1, .title = title, .saved_ms = saved_ms,
	                                  .description = description };
	bool skip;
	const char *why = record_url(&w->scratch, url, &it.url, &skip);
	const char **labels = ARENA_NEWN(&w->scratch, const char *, w->depth + 1);
	if (why == NULL && w->skip_why)
		why = w->skip_why, skip = true;
	if (why) {
		(skip ? import_skip : bad_record)(w->sink, it.line, why);
	} else if (labels == NULL) {
		w->sink->bad(w->sink->ctx, it.line, "out of memory");
	} else {
		for (size_t i = 0; i < w->depth; i++)
			labels[it.nlabels++] = w->folders[i];
		it.labels = labels;
		if (tags && import_split_labels(&w->scratch, tags, ',', &labels, &it.nlabels) == 0)
			it.labels = labels;
		if (w->sink->item(w->sink->ctx, &it))
			w->stopped = 1;
	}
	arena_reset(&w->scratch);
}

/* Chrome's date_added: microseconds since 1601-01-01 as text (or, from tools that rewrite the file, a number);
 * 0 when absent or not one */
static int64_t chrome_ms(struct json_object *o)
{
	struct json_object *v;
	const char *s;
	char *end;
	long long us;
	if (!json_object_object_get_ex(o, "date_added", &v))
		return 0;
	if (json_object_is_type(v, json_type_string)) {
		s = json_object_get_string(v);
		us = strtoll(s, &end, 10);
		if (end == s || *end)
			return 0;
	} else if (json_object_is_type(v, json_type_int)) {
		us = json_object_get_int64(v);
	} else if (json_object_is_type(v, json_type_double)) {
		double d = json_object_get_double(v);
		if (!(d > 0 && d < 9e18))
			return 0;
		us = (long long)d;
	} else
		return 0;
	if (us <= 0)
		return 0;
	us = us / 1000 - INT64_C(11644473600000);
	return us >= TIME_MIN_MS && us <= TIME_MAX_MS ? (int64_t)us : 0;
}

/* one node of Chrome's tree: a folder (its name a label of what it holds) or a url */
static void chrome_node(struct tree_walk *w, struct json_object *o, bool root)
{
	struct json_object *kids;
	const char *type, *name;
	if (w->stopped || !json_object_is_type(o, json_type_object))
		return;
	type = str(o, "type");
	name = str(o, "name");
	if (type && strcmp(type, "url") == 0) {
		tree_link(w, str(o, "url"), name, NULL, chrome_ms(o), NULL);
		return;
	}
	if (!json_object_object_get_ex(o, "children", &kids) || !json_object_is_type(kids, json_type_array))
		return;
	bool pushed = !root && name && w->depth < LIMIT_JSON_DEPTH; /* a root (the bar, Other, Mobile) is no label */
	if (pushed)
		w->folders[w->depth++] = name;
	for (size_t i = 0; i < json_object_array_length(kids) && !w->stopped; i++)
		chrome_node(w, json_object_array_get_idx(kids, i), false);
	if (pushed)
		w->depth--;
}

int import_read_chrome(enum content_import_format f, struct arena *a, const char *path,
                       const struct content_import_sink *sink, struct content_error *e)
{
	struct json_object *root = load(a, path, e), *roots;
	struct tree_walk w = { .sink = sink };
	(void)f;
	if (root == NULL)
		return -1;
	if (!json_object_object_get_ex(root, "roots", &roots) || !json_object_is_type(roots, json_type_object)) {
		json_object_put(root);
		return content_fail(e, CONTENT_E_FORMAT, "the JSON has no \"roots\" (not a Chrome Bookmarks file)");
	}
	arena_init(&w.scratch);
	json_object_object_foreach(roots, key, node) {
		/* Chrome keeps deleted bookmarks in a root of their own until the trash is emptied: not to be saved */
		w.skip_why = strcmp(key, "trash") == 0 ? "in the browser's trash (a deleted bookmark)" : NULL;
		chrome_node(&w, node, true);
	}
	arena_free(&w.scratch);
	json_object_put(root);
	return w.stopped ? content_fail(e, CONTENT_E_STOPPED, "%s", IMPORT_STOPPED) : 0;
}

/* a Firefox node's annotation named name (its "annos" list): the object, or NULL */
static struct json_object *firefox_anno(struct json_object *o, const char *name)
{
	struct json_object *annos;
	if (!json_object_object_get_ex(o, "annos", &annos) || !json_object_is_type(annos, json_type_array))
		return NULL;
	for (size_t i = 0; i < json_object_array_length(annos); i++) {
		struct json_object *an = json_object_array_get_idx(annos, i);
		const char *n = json_object_is_type(an, json_type_object) ? str(an, "name") : NULL;
		if (n && strcmp(n, name) == 0)
			return an;
	}
	return NULL;
}

/* a place's dateAdded as ms: microseconds since 1970 as Firefox writes it; a value too small to be that (before
 * 1973) is taken as milliseconds, as some tools write it; 0 when absent or out of range */
static int64_t firefox_ms(struct json_object *o)
{
	struct json_object *v;
	int64_t t, ms;
	if (!json_object_object_get_ex(o, "dateAdded", &v) || !json_object_is_type(v, json_type_int))
		return 0;
	t = json_object_get_int64(v);
	ms = t >= INT64_C(100000000000000) ? t / 1000 : t;
	return t > 0 && ms <= TIME_MAX_MS ? ms : 0;
}

/* a Firefox node's kind: 1 a place (a bookmark), 2 a container, 3 a separator, 0 neither: by its "type", or by its
 * "typeCode" in files that give only that */
static int firefox_kind(struct json_object *o)
{
	struct json_object *v;
	const char *type = str(o, "type");
	if (type)
		return strcmp(type, "text/x-moz-place") == 0 ? 1 : strcmp(type, "text/x-moz-place-container") == 0 ? 2 :
		       strcmp(type, "text/x-moz-place-separator") == 0 ? 3 : 0;
	if (json_object_object_get_ex(o, "typeCode", &v) && json_object_is_type(v, json_type_int))
		return json_object_get_int(v) >= 1 && json_object_get_int(v) <= 3 ? json_object_get_int(v) : 0;
	return 0;
}

/* one node of Firefox's tree: a container (a folder; the file's top and the roots, which have a "root" key, are no
 * labels; the tags root is left out: a place's tags are in its own "tags"), a place (a bookmark), or a separator */
static void firefox_node(struct tree_walk *w, struct json_object *o, bool top)
{
	struct json_object *kids;
	const char *title, *rootname;
	int kind;
	if (w->stopped || !json_object_is_type(o, json_type_object) || (kind = firefox_kind(o)) == 0)
		return;
	title = str(o, "title");
	rootname = str(o, "root");
	if (kind == 1) {
		struct json_object *desc = firefox_anno(o, "bookmarkProperties/description");
		tree_link(w, str(o, "uri"), title, str(o, "tags"), firefox_ms(o), desc ? str(desc, "value") : NULL);
		return;
	}
	if (kind != 2 || (rootname && strcmp(rootname, "tagsFolder") == 0) ||
	    !json_object_object_get_ex(o, "children", &kids) || !json_object_is_type(kids, json_type_array))
		return;
	/* older backups mark the mobile root by an annotation instead of a "root" key */
	bool pushed = !top && !rootname && !firefox_anno(o, "mobile/bookmarksRoot") && title && w->depth < LIMIT_JSON_DEPTH;
	if (pushed)
		w->folders[w->depth++] = title;
	for (size_t i = 0; i < json_object_array_length(kids) && !w->stopped; i++)
		firefox_node(w, json_object_array_get_idx(kids, i), false);
	if (pushed)
		w->depth--;
}

int import_read_firefox(enum content_import_format f, struct arena *a, const char *path,
                        const struct content_import_sink *sink, struct content_error *e)
{
	struct json_object *root = load(a, path, e);
	struct tree_walk w = { .sink = sink };
	(void)f;
	if (root == NULL)
		return -1;
	if (!json_object_is_type(root, json_type_object) || firefox_kind(root) != 2) {
		json_object_put(root);
		return content_fail(e, CONTENT_E_FORMAT, "the JSON is no places container (not a Firefox bookmark backup)");
	}
	arena_init(&w.scratch);
	firefox_node(&w, root, true);
	arena_free(&w.scratch);
	json_object_put(root);
	return w.stopped ? content_fail(e, CONTENT_E_STOPPED, "%s", IMPORT_STOPPED) : 0;
}

/* one Pinboard post: href, description (the title), extended (a note), time, toread ("yes": unread, so in the
 * inbox; read ones are archived), tags separated by spaces */
static const char *pinboard_post(struct arena *a, struct json_object *o, struct content_import_item *it, bool *skip)
{
	const char *toread, *why;
	*skip = false;
	if (!json_object_is_type(o, json_type_object))
		return "the post is not an object";
	if ((why = record_url(a, str(o, "href"), &it->url, skip)) != NULL)
		return why;
	it->title = str(o, "description");
	it->description = str(o, "extended");
	if (date_ms(o, "time", &it->saved_ms))
		return "time is not a date";
	toread = str(o, "toread");
	it->state = toread && strcmp(toread, "yes") == 0 ? "INBOX" : "ARCHIVED";
	const char **labels = NULL;
	if (import_split_labels(a, str(o, "tags"), ' ', &labels, &it->nlabels))
		return "out of memory";
	it->labels = labels;
	return NULL;
}

int import_read_pinboard(enum content_import_format f, struct arena *a, const char *path,
                         const struct content_import_sink *sink, struct content_error *e)
{
	struct json_object *root = load(a, path, e);
	struct arena scratch;
	int rc = 0;
	(void)f;
	if (root == NULL)
		return -1;
	if (!json_object_is_type(root, json_type_array)) {
		json_object_put(root);
		return content_fail(e, CONTENT_E_FORMAT, "the JSON is not a list of posts (a Pinboard export)");
	}
	arena_init(&scratch);
	for (size_t i = 0; rc == 0 && i < json_object_array_length(root); i++) {
		struct content_import_item it = { .line = i + 1, .reading_progress = -1 };
		bool skip;
		const char *why = pinboard_post(&scratch, json_object_array_get_idx(root, i), &it, &skip);
		if (why)
			(skip ? import_skip : bad_record)(sink, i + 1, why);
		else if (sink->item(sink->ctx, &it))
			rc = content_fail(e, CONTENT_E_STOPPED, "%s", IMPORT_STOPPED);
		arena_reset(&scratch);
	}
	arena_free(&scratch);
	json_object_put(root);
	return rc;
}
