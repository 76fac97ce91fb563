/* import_omnivore.c (content): reads Omnivore's export zip (omnivore_format.h) through libarchive into import records, content and highlights included. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <archive.h>
#include <archive_entry.h>
#include <json-c/json.h>

#include "content/transfer/import_int.h"
#include "content/transfer/omnivore_format.h"
#include "util/limits.h"
#include "util/text.h"
#include "util/time.h"

enum file_kind { FILE_CONTENT, FILE_HIGHLIGHTS };

/* one metadata element and where its files are */
struct omni_item {
	struct content_import_item it;
	const char *slug;
	size_t bytes;        /* the size of its files (as the zip's directory says, or the most we read) */
	bool skip;           /* reported bad already (a file of it could not be read) */
};

/* a content or highlights file seen in the first pass, in entry order */
struct omni_file {
	size_t entry, size;
	enum file_kind kind;
	const char *slug;
	size_t item;         /* SIZE_MAX: no item has its slug */
};

struct reader {
	struct arena *a;               /* the records: live until the reader returns */
	struct arena scratch;          /* file contents until their item is sent */
	const struct content_import_sink *sink;
	struct omni_item *items;
	size_t n, cap;
	struct omni_file *files;
	size_t nfiles, fcap;
	size_t meta_bytes;             /* of the metadata files read so far */
	size_t nmeta;                  /* metadata files seen */
	struct content_error *e;       /* why the read failed */
};

/* ---- entries ---- */

static struct archive *open_zip(const char *path, struct content_error *e)
{
	struct archive *ar = archive_read_new();
	if (!ar) {
		content_fail(e, CONTENT_E_NOMEM, "out of memory");
		return NULL;
	}
	archive_read_support_format_zip(ar);
	if (archive_read_open_filename(ar, path, 64 * 1024) != ARCHIVE_OK) {
		content_fail(e, CONTENT_E_FORMAT, "not a zip archive");
		archive_read_free(ar);
		return NULL;
	}
	return ar;
}

/* the current entry's data (at most max bytes, NUL-terminated; hint: its size when the zip says it, or 0) into a;
 * 0, 1 when larger than max, -1 on a read error or a full arena */
static int read_data(struct archive *ar, struct arena *a, size_t max, size_t hint, char **out, size_t *len)
{
	size_t cap = hint && hint <= max ? hint : (max < 65536 ? max : 65536), n = 0;
	char *buf = arena_alloc(a, cap + 1);
	for (;;) {
		la_ssize_t got;
		char probe;
		if (!buf)
			return -1;
		if (n < cap) {
			if ((got = archive_read_data(ar, buf + n, cap - n)) < 0)
				return -1;
			if (got == 0)
				break;
			n += (size_t)got;
			continue;
		}
		/* full: is there more? */
		if ((got = archive_read_data(ar, &probe, 1)) < 0)
			return -1;
		if (got == 0)
			break;
		if (cap >= max)
			return 1;
		buf = arena_realloc(a, buf, cap + 1, (cap * 2 < max ? cap * 2 : max) + 1);
		cap = cap * 2 < max ? cap * 2 : max;
		if (buf)
			buf[n++] = probe;
	}
	buf[n] = '\0';
	*out = buf;
	*len = n;
	return 0;
}

/* the file name after the last '/', and whether the folder right above it is dir */
static const char *base_name(const char *path, const char *dir, bool *in_dir)
{
	const char *b = strrchr(path, '/');
	size_t dl = strlen(dir);
	if (!b) {
		*in_dir = false;
		return path;
	}
	*in_dir = (size_t)(b - path) >= dl && memcmp(b - dl, dir, dl) == 0 && (b - dl == path || b[-(long)dl - 1] == '/');
	return b + 1;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n > m && strcmp(s + n - m, suffix) == 0;
}

/* ---- one metadata element ---- */

/* key's string (NULL when absent or null) into *out; false when it is another type */
static bool get_str(struct reader *r, struct json_object *o, const char *key, const char **out)
{
	struct json_object *v;
	*out = NULL;
	if (!json_object_object_get_ex(o, key, &v) || json_object_is_type(v, json_type_null))
		return true;
	if (!json_object_is_type(v, json_type_string))
		return false;
	*out = arena_strndup(r->a, json_object_get_string(v), (size_t)json_object_get_string_len(v));
	return *out != NULL;
}

/* key's time (ISO 8601 text, or milliseconds) into *ms, 0 when absent or null */
static bool get_time(struct json_object *o, const char *key, int64_t *ms)
{
	struct json_object *v;
	*ms = 0;
	if (!json_object_object_get_ex(o, key, &v) || json_object_is_type(v, json_type_null))
		return true;
	if (json_object_is_type(v, json_type_int)) {
		*ms = json_object_get_int64(v);
		return *ms >= TIME_MIN_MS && *ms <= TIME_MAX_MS;
	}
	return json_object_is_type(v, json_type_string) &&
	       time_parse_iso(json_object_get_string(v), (size_t)json_object_get_string_len(v), ms) == 0;
}

/* Omnivore's states, old and new, as the import's: Archived, Deleted, and the rest in the inbox */
static const char *map_state(const char *s)
{
	if (s && strcasecmp(s, "archived") == 0)
		return "ARCHIVED";
	if (s && strcasecmp(s, "deleted") == 0)
		return "DELETED";
	return "INBOX";
}

static const char *get_labels(struct reader *r, struct json_object *o, struct content_import_item *it)
{
	struct json_object *v;
	const char **names;
	size_t n;
	if (!json_object_object_get_ex(o, "labels", &v) || json_object_is_type(v, json_type_null))
		return NULL;
	if (!json_object_is_type(v, json_type_array))
		return "labels is not a list";
	n = json_object_array_length(v);
	if (n == 0)
		return NULL;
	if (!(names = ARENA_NEWN(r->a, const char *, n)))
		return "out of memory";
	for (size_t i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(v, i), *name = e;
		if (json_object_is_type(e, json_type_object)) /* {"name": …} as the API spells a label */
			json_object_object_get_ex(e, "name", &name);
		if (!name || !json_object_is_type(name, json_type_string))
			return "a label is not a name";
		if (!(names[i] = arena_strdup(r->a, json_object_get_string(name))))
			return "out of memory";
	}
	it->labels = names;
	it->nlabels = n;
	return NULL;
}

/* the element's fields into *m; NULL, or why it cannot be read */
static const char *read_item(struct reader *r, struct json_object *o, struct omni_item *m)
{
	struct content_import_item *it = &m->it;
	struct json_object *v;
	const char *state = NULL;
	if (!json_object_is_type(o, json_type_object))
		return "not a JSON object";
	if (!get_str(r, o, "url", &it->url) || !it->url || !*it->url)
		return "no url";
	if (!get_str(r, o, "id", &it->id))
		it->id = NULL; /* an id of another shape: the item gets a new one */
	if (!get_str(r, o, "slug", &m->slug) || !get_str(r, o, "title", &it->title) ||
	    !get_str(r, o, "author", &it->author) || !get_str(r, o, "description", &it->description) ||
	    !get_str(r, o, "thumbnail", &it->image) || !get_str(r, o, "siteName", &it->site_name) ||
	    !get_str(r, o, "state", &state))
		return "a text field (slug, title, author, description, thumbnail, siteName, state) is not text";
	it->slug = m->slug;
	it->state = map_state(state);
	if (!get_time(o, "savedAt", &it->saved_ms))
		return "savedAt is not a date";
	if (!get_time(o, "updatedAt", &it->updated_ms))
		it->updated_ms = 0; /* read before it was kept: not a reason to leave the item out */
	if (!get_time(o, "publishedAt", &it->published_ms))
		return "publishedAt is not a date";
	if (!get_time(o, "archivedAt", &it->archived_ms))
		return "archivedAt is not a date";
	it->reading_progress = -1;
	if (json_object_object_get_ex(o, "readingProgress", &v) && !json_object_is_type(v, json_type_null)) {
		if (!json_object_is_type(v, json_type_int) && !json_object_is_type(v, json_type_double))
			return "readingProgress is not a number";
		it->reading_progress = json_object_get_double(v);
		if (!(it->reading_progress >= 0 && it->reading_progress <= 100))
			return "readingProgress is not between 0 and 100";
	}
	return get_labels(r, o, it);
}

/* room for one more element of size bytes in the array *p of *n (capacity *cap); false when a is full */
static bool grow(struct arena *a, void **p, size_t n, size_t *cap, size_t size)
{
	size_t c = *cap ? *cap * 2 : 64;
	void *q;
	if (n < *cap)
		return true;
	if (!(q = arena_realloc(a, *p, *cap * size, c * size)))
		return false;
	*p = q;
	*cap = c;
	return true;
}

static int add_item(struct reader *r, struct omni_item **out)
{
	if (!grow(r->a, (void **)&r->items, r->n, &r->cap, sizeof *r->items))
		return -1;
	*out = &r->items[r->n++];
	memset(*out, 0, sizeof **out);
	return 0;
}

/* one metadata file (entry number entry, named name): its elements, each an item or a bad row */
static int read_metadata(struct reader *r, size_t entry, const char *name, const char *text, size_t len)
{
	struct json_tokener *tok = json_tokener_new_ex(LIMIT_JSON_DEPTH);
	struct json_object *root;
	size_t n;
	if (!tok)
		return -1;
	root = json_tokener_parse_ex(tok, text, (int)len);
	if (json_tokener_get_error(tok) != json_tokener_success || !json_object_is_type(root, json_type_array)) {
		r->sink->bad(r->sink->ctx, entry, arena_printf(r->a, "%s is not a JSON list of items", name));
		goto out;
	}
	n = json_object_array_length(root);
	for (size_t i = 0; i < n; i++) {
		struct omni_item *m;
		const char *why;
		if (r->n >= OMNI_MAX_ITEMS) {
			r->sink->bad(r->sink->ctx, entry, arena_printf(r->a, "%s: more than %d items in the export, the rest "
			                                                    "left out", name, OMNI_MAX_ITEMS));
			break;
		}
		if (add_item(r, &m) != 0) {
			json_object_put(root);
			json_tokener_free(tok);
			return -1;
		}
		m->it.line = entry;
		if ((why = read_item(r, json_object_array_get_idx(root, i), m)) != NULL) {
			r->n--;
			r->sink->bad(r->sink->ctx, entry, arena_printf(r->a, "%s, item %zu: %s", name, i + 1, why));
		}
	}
out:
	json_object_put(root);
	json_tokener_free(tok);
	return 0;
}

/* ---- the first pass: metadata read, files listed ---- */

static int add_file(struct reader *r, size_t entry, la_int64_t size, enum file_kind kind, const char *base,
                    const char *ext)
{
	size_t max = kind == FILE_CONTENT ? LIMIT_CONTENT_BYTES : OMNI_MAX_HIGHLIGHTS;
	if (!grow(r->a, (void **)&r->files, r->nfiles, &r->fcap, sizeof *r->files))
		return -1;
	r->files[r->nfiles++] = (struct omni_file){ entry, size >= 0 && (uint64_t)size < max ? (size_t)size : max, kind,
	                                            arena_strndup(r->a, base, strlen(base) - strlen(ext)), SIZE_MAX };
	return r->files[r->nfiles - 1].slug ? 0 : -1;
}

static int first_entry(struct reader *r, struct archive *ar, size_t entry, struct archive_entry *e)
{
	const char *path = archive_entry_pathname(e);
	la_int64_t size = archive_entry_size_is_set(e) ? archive_entry_size(e) : -1;
	bool in_content, in_highlights;
	const char *base = base_name(path, "content", &in_content);
	char *text;
	size_t len;
	int rc;

	base_name(path, "highlights", &in_highlights);
	if (in_content && ends_with(base, ".html"))
		return add_file(r, entry, size, FILE_CONTENT, base, ".html");
	if (in_highlights && ends_with(base, ".md"))
		return add_file(r, entry, size, FILE_HIGHLIGHTS, base, ".md");
	if (strncmp(base, "metadata_", 9) != 0 || !ends_with(base, ".json"))
		return 0;
	r->nmeta++;
	rc = read_data(ar, &r->scratch, OMNI_MAX_METADATA, size > 0 ? (size_t)size : 0, &text, &len);
	if (rc == 0 && (r->meta_bytes += len) > OMNI_MAX_METADATA_ALL) {
		content_fail(r->e, CONTENT_E_LIMIT, "the metadata files together are too large for one export");
		rc = -2;
	} else if (rc == 0)
		rc = read_metadata(r, entry, base, text, len);
	else if (rc == 1)
		r->sink->bad(r->sink->ctx, entry, arena_printf(r->a, "%s is larger than %d MB", base, OMNI_MAX_METADATA >> 20));
	arena_reset(&r->scratch);
	return rc < 0 ? rc : 0;
}

static int first_pass(struct reader *r, const char *path)
{
	struct archive *ar = open_zip(path, r->e);
	struct archive_entry *e;
	size_t entry = 0;
	int rc = 0, ar_rc;
	if (!ar)
		return -1;
	while ((ar_rc = archive_read_next_header(ar, &e)) == ARCHIVE_OK) {
		const char *name = archive_entry_pathname(e);
		if (++entry > OMNI_MAX_ENTRIES) {
			content_fail(r->e, CONTENT_E_LIMIT, "the zip has too many entries for an Omnivore export");
			rc = -1;
			break;
		}
		if (name && archive_entry_filetype(e) == AE_IFREG && (rc = first_entry(r, ar, entry, e)) != 0) {
			if (rc == -1)
				content_fail(r->e, CONTENT_E_FORMAT, "the zip archive could not be read");
			rc = -1;
			break;
		}
	}
	if (rc == 0 && ar_rc != ARCHIVE_EOF) {
		content_fail(r->e, CONTENT_E_FORMAT, "%s", entry ? "the zip archive is damaged" : "not a zip archive");
		rc = -1;
	}
	archive_read_free(ar);
	return rc;
}

/* ---- matching files to items, and the second pass ---- */

/* items by slug: an open-addressing table of item numbers + 1 (0: empty) */
static int match_files(struct reader *r)
{
	size_t nslots = 16, *slot;
	while (nslots < r->n * 2)
		nslots *= 2;
	if (!(slot = ARENA_NEWN(&r->scratch, size_t, nslots)))
		return -1;
	for (size_t i = 0; i < r->n; i++) {
		const char *s = r->items[i].slug;
		size_t h;
		if (!s)
			continue;
		for (h = text_hash(s) & (nslots - 1); slot[h]; h = (h + 1) & (nslots - 1))
			if (strcmp(r->items[slot[h] - 1].slug, s) == 0)
				break;
		if (!slot[h])
			slot[h] = i + 1; /* a slug given twice: its files go to the first */
	}
	for (size_t f = 0; f < r->nfiles; f++) {
		const char *s = r->files[f].slug;
		for (size_t h = text_hash(s) & (nslots - 1); slot[h]; h = (h + 1) & (nslots - 1))
			if (strcmp(r->items[slot[h] - 1].slug, s) == 0) {
				r->files[f].item = slot[h] - 1;
				r->items[slot[h] - 1].bytes += r->files[f].size;
				break;
			}
	}
	arena_reset(&r->scratch);
	return 0;
}

/* the file f of the current entry into its item */
static int attach(struct reader *r, struct archive *ar, const struct omni_file *f, const char *path)
{
	struct omni_item *m = &r->items[f->item];
	size_t max = f->kind == FILE_CONTENT ? LIMIT_CONTENT_BYTES : OMNI_MAX_HIGHLIGHTS;
	char *text;
	size_t len;
	int rc = read_data(ar, &r->scratch, max, f->size < max ? f->size : 0, &text, &len);
	if (rc == 1) {
		r->sink->bad(r->sink->ctx, f->entry, arena_printf(r->a, "%s is larger than %zu KB: item %s left out", path,
		                                                 max >> 10, m->it.url));
		m->skip = true;
		return 0;
	}
	if (rc != 0)
		return -1;
	if (f->kind == FILE_CONTENT) {
		m->it.html = text;
		m->it.html_len = len;
		return 0;
	}
	return content_omnivore_md_read(&r->scratch, text, len, &m->it.note, (struct content_import_highlight **)&m->it.highlights,
	                    &m->it.nhighlights);
}

/* one pass over the zip reading the files of the items [w0, w1) */
static int read_window(struct reader *r, const char *path, size_t w0, size_t w1)
{
	struct archive *ar = open_zip(path, r->e);
	struct archive_entry *e;
	size_t entry = 0, f = 0;
	int rc = 0;
	if (!ar)
		return -1;
	while (rc == 0 && f < r->nfiles && archive_read_next_header(ar, &e) == ARCHIVE_OK) {
		const struct omni_file *file = &r->files[f];
		if (++entry < file->entry)
			continue;
		f++;
		if (file->item != SIZE_MAX && file->item >= w0 && file->item < w1 &&
		    (rc = attach(r, ar, file, archive_entry_pathname(e))) != 0)
			content_fail(r->e, CONTENT_E_FORMAT, "the zip archive could not be read");
	}
	archive_read_free(ar);
	return rc;
}

/* the items in the order of the metadata, in windows whose files fit OMNI_WINDOW bytes: one pass over the zip
 * each (one in all for an export as Omnivore wrote it, whatever the order of its entries) */
static int second_pass(struct reader *r, const char *path)
{
	for (size_t w0 = 0, w1; w0 < r->n; w0 = w1) {
		size_t bytes = r->items[w0].bytes;
		for (w1 = w0 + 1; w1 < r->n && bytes + r->items[w1].bytes <= OMNI_WINDOW; w1++)
			bytes += r->items[w1].bytes;
		if (bytes && read_window(r, path, w0, w1) != 0)
			return -1;
		for (size_t i = w0; i < w1; i++)
			if (!r->items[i].skip && r->sink->item(r->sink->ctx, &r->items[i].it) != 0) {
				content_fail(r->e, CONTENT_E_STOPPED, "%s", IMPORT_STOPPED);
				return -1;
			}
		arena_reset(&r->scratch);
	}
	return 0;
}

int import_read_omnivore(enum content_import_format f, struct arena *a, const char *path,
                         const struct content_import_sink *sink, struct content_error *e)
{
	struct reader r = { .a = a, .sink = sink, .e = e };
	int rc;
	content_error_clear(e);
	arena_init(&r.scratch);
	rc = first_pass(&r, path);
	if (rc == 0 && r.nmeta == 0)
		rc = content_fail(e, CONTENT_E_FORMAT, "no metadata_*.json in the zip: not an Omnivore export");
	if (rc == 0 && (rc = match_files(&r)) != 0)
		content_fail(e, CONTENT_E_NOMEM, "out of memory");
	if (rc == 0)
		rc = second_pass(&r, path);
	arena_free(&r.scratch);
	return rc;
}
