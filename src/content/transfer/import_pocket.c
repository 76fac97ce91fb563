/* import_pocket.c (content): the zip Pocket hands out (2025): its part_NNNNNN.csv read as Pocket's CSV, and the highlights of annotations/part_NNNNNN.json (json-c) given to the items whose URL they name. */
#include <archive.h>
#include <archive_entry.h>
#include <json-c/json.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "content/transfer/import_int.h"
#include "util/text.h"

/*
 * The zip (Pocket's exporter, as published in Pocket/pocket-monorepo):
 *   part_000000.csv, part_000001.csv, ...   title,url,time_added,tags,status (the rows of the list)
 *   annotations/part_000000.json, ...       [{"url": ..., "title": ..., "highlights": [{"quote": ...,
 *                                            "created_at": SECONDS}, ...]}, ...]
 * The annotations' url is the list's given URL, the same text as the CSV's url column: the two are matched
 * as the file holds them. The highlights are read first (a pass over the zip), then the parts in the zip's
 * order, each item given its highlights on the way to the sink.
 */

/* the highlights of one URL */
struct notes {
	const char *url;
	struct content_import_highlight *h;
	size_t n;
	size_t line;        /* where the URL's entry is counted, for the report when no item has the URL */
	bool used;
};

struct pocket {
	struct arena *a;                 /* the highlights, live until the reader returns */
	struct notes *slots;             /* an open-addressed table of URLs, cap a power of two */
	size_t nslots, cap;
	size_t json_bytes;               /* of the annotation files read so far */
	size_t csv_bytes;                /* of the CSV parts read so far: all of them within LIMIT_IMPORT_FILE_MAX */
	bool over;                       /* the parts passed it */
	struct archive *ar;              /* the zip of the second pass */
	struct content_error *e;
};

static struct archive *open_zip(const char *path, struct content_error *e)
{
	struct archive *ar = archive_read_new();
	if (ar == NULL) {
		content_fail(e, CONTENT_E_NOMEM, "out of memory");
		return NULL;
	}
	archive_read_support_format_zip(ar);
	if (archive_read_open_filename(ar, path, 64 * 1024) != ARCHIVE_OK) {
		content_fail(e, CONTENT_E_FORMAT, "the file is not a zip archive");
		archive_read_free(ar);
		return NULL;
	}
	return ar;
}

/* the entry name's last part is part_ DIGITS .ext, and it is under annotations/ (want_notes) or not */
static bool is_part(const char *name, const char *ext, bool want_notes)
{
	const char *base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
	bool under_notes = base - name >= 12 && strncmp(base - 12, "annotations/", 12) == 0;
	size_t digits;
	if (strncmp(base, "part_", 5) != 0)
		return false;
	digits = strspn(base + 5, "0123456789");
	return digits > 0 && strcmp(base + 5 + digits, ext) == 0 && under_notes == want_notes;
}

/* the slot of url: its notes, or the empty slot where they go */
static struct notes *slot(struct pocket *p, const char *url)
{
	size_t i = text_hash(url) & (p->cap - 1);
	while (p->slots[i].url && strcmp(p->slots[i].url, url) != 0)
		i = (i + 1) & (p->cap - 1);
	return &p->slots[i];
}

/* the table with room for one more URL; -1 out of memory */
static int grow(struct pocket *p)
{
	struct notes *old = p->slots;
	size_t ocap = p->cap;
	if (p->cap && (p->nslots + 1) * 2 <= p->cap)
		return 0;
	p->cap = p->cap ? p->cap * 2 : 64;
	if ((p->slots = ARENA_NEWN(p->a, struct notes, p->cap)) == NULL)
		return -1;
	memset(p->slots, 0, p->cap * sizeof *p->slots);
	for (size_t i = 0; i < ocap; i++)
		if (old[i].url)
			*slot(p, old[i].url) = old[i];
	return 0;
}

/* one entry of an annotations file: its highlights added to its URL's; -1 out of memory */
static int add_entry(struct pocket *p, struct json_object *o, size_t line)
{
	struct json_object *url, *list;
	struct notes *s;
	size_t n;
	if (!json_object_object_get_ex(o, "url", &url) || !json_object_is_type(url, json_type_string) ||
	    !json_object_object_get_ex(o, "highlights", &list) || !json_object_is_type(list, json_type_array) ||
	    (n = json_object_array_length(list)) == 0)
		return 0;
	if (grow(p))
		return -1;
	s = slot(p, json_object_get_string(url));
	if (s->url == NULL) {
		if ((s->url = arena_strdup(p->a, json_object_get_string(url))) == NULL)
			return -1;
		s->line = line;
		p->nslots++;
	}
	struct content_import_highlight *h = ARENA_NEWN(p->a, struct content_import_highlight, s->n + n);
	if (h == NULL)
		return -1;
	if (s->n)
		memcpy(h, s->h, s->n * sizeof *h);
	for (size_t i = 0; i < n; i++) {
		struct json_object *x = json_object_array_get_idx(list, i), *q, *at;
		struct content_import_highlight *to = &h[s->n];
		if (!json_object_is_type(x, json_type_object) || !json_object_object_get_ex(x, "quote", &q) ||
		    !json_object_is_type(q, json_type_string) || json_object_get_string_len(q) == 0)
			continue;
		memset(to, 0, sizeof *to);
		if ((to->quote = arena_strdup(p->a, json_object_get_string(q))) == NULL)
			return -1;
		if (json_object_object_get_ex(x, "created_at", &at) && json_object_is_type(at, json_type_int)) {
			int64_t sec = json_object_get_int64(at);
			to->created_ms = sec > 0 && sec < INT64_MAX / 1000 ? sec * 1000 : 0;
		}
		s->n++;
	}
	s->h = h;
	return 0;
}

/* the current entry (an annotations file) read whole and its highlights kept; 0 or -1 with p->e */
static int read_notes(struct pocket *p, struct archive *ar, size_t *line)
{
	struct json_tokener *tok = json_tokener_new_ex(LIMIT_JSON_DEPTH);
	struct json_object *root = NULL;
	char buf[64 * 1024];
	la_ssize_t got;
	int rc = 0;
	if (tok == NULL)
		return content_fail(p->e, CONTENT_E_NOMEM, "out of memory");
	json_tokener_set_flags(tok, JSON_TOKENER_VALIDATE_UTF8);
	while (root == NULL && (got = archive_read_data(ar, buf, sizeof buf)) > 0) {
		if ((p->json_bytes += (size_t)got) > LIMIT_IMPORT_NOTES) {
			rc = content_fail(p->e, CONTENT_E_LIMIT, "the highlights of the export are over %d MB (LIMIT_IMPORT_NOTES)",
			                  LIMIT_IMPORT_NOTES >> 20);
			break;
		}
		root = json_tokener_parse_ex(tok, buf, (int)got);
		if (root == NULL && json_tokener_get_error(tok) != json_tokener_continue)
			break;
	}
	if (rc == 0 && (root == NULL || !json_object_is_type(root, json_type_array)))
		rc = content_fail(p->e, CONTENT_E_FORMAT, "%s in Pocket's export is not a list of highlights: %s",
		                  "an annotations file", root ? "not a list" : json_tokener_error_desc(json_tokener_get_error(tok)));
	for (size_t i = 0; rc == 0 && i < json_object_array_length(root); i++)
		if (add_entry(p, json_object_array_get_idx(root, i), (*line)++))
			rc = content_fail(p->e, CONTENT_E_NOMEM, "out of memory reading the highlights");
	json_object_put(root);
	json_tokener_free(tok);
	return rc;
}

/* the highlights of every annotations file in the zip (one that is not JSON reported to sink, its items read
 * without them); the count of CSV parts in *parts; 0 or -1 with p->e */
static int first_pass(struct pocket *p, const char *path, const struct content_import_sink *sink, size_t *parts)
{
	struct archive *ar = open_zip(path, p->e);
	struct archive_entry *en;
	size_t line = 1, entries = 0;
	int rc = 0, got = ARCHIVE_EOF;
	if (ar == NULL)
		return -1;
	*parts = 0;
	while (rc == 0 && entries++ < LIMIT_IMPORT_ZIP_ENTRIES && (got = archive_read_next_header(ar, &en)) == ARCHIVE_OK) {
		const char *name = archive_entry_pathname(en);
		if (name && is_part(name, ".csv", false))
			(*parts)++;
		else if (name && is_part(name, ".json", true) && (rc = read_notes(p, ar, &line)) != 0 &&
		         p->e->code == CONTENT_E_FORMAT) {
			sink->bad(sink->ctx, 1, arena_printf(p->a, "%.100s: %s; its items are read without them", name, p->e->msg));
			content_error_clear(p->e);
			rc = 0;
		}
	}
	if (rc == 0 && entries > LIMIT_IMPORT_ZIP_ENTRIES)
		rc = content_fail(p->e, CONTENT_E_LIMIT, "the zip has over %d entries (LIMIT_IMPORT_ZIP_ENTRIES)",
		                  LIMIT_IMPORT_ZIP_ENTRIES);
	else if (rc == 0 && got != ARCHIVE_EOF)
		rc = content_fail(p->e, CONTENT_E_FORMAT, "the zip cannot be read: %s", archive_error_string(ar));
	archive_read_free(ar);
	return rc;
}

/* each item of the CSV parts given the highlights of its URL (copied into the row's memory: the sink copies) */
static void give_notes(void *ctx, struct arena *a, const char *raw_url, struct content_import_item *it)
{
	struct pocket *p = ctx;
	struct notes *s;
	(void)a;
	if (p->cap == 0 || raw_url == NULL || (s = slot(p, raw_url))->url == NULL)
		return;
	it->highlights = s->h;
	it->nhighlights = s->n;
	s->used = true;
}

/* the current part's next bytes, the parts' sum kept within LIMIT_IMPORT_FILE_MAX (a zip of small compressed
 * parts may hold more than any file Larder reads) */
static long next_of_entry(void *ctx, char *buf, size_t n)
{
	struct pocket *p = ctx;
	la_ssize_t got = archive_read_data(p->ar, buf, n);
	if (got > 0 && (p->csv_bytes += (size_t)got) > LIMIT_IMPORT_FILE_MAX) {
		p->over = true;
		return -1;
	}
	return got < 0 ? -1 : (long)got;
}

/* every CSV part to the sink in the zip's order, then a bad row for each URL with highlights and no item */
static int second_pass(struct pocket *p, struct arena *a, const char *path, const struct content_import_sink *sink)
{
	struct archive *ar = open_zip(path, p->e);
	struct archive_entry *en;
	size_t line = 1, entries = 0;
	int rc = 0, got = ARCHIVE_EOF;
	if (ar == NULL)
		return -1;
	while (rc == 0 && entries++ < LIMIT_IMPORT_ZIP_ENTRIES && (got = archive_read_next_header(ar, &en)) == ARCHIVE_OK) {
		const char *name = archive_entry_pathname(en);
		if (name && is_part(name, ".csv", false)) {
			p->ar = ar;
			rc = import_csv_stream(a, CONTENT_IMPORT_POCKET_CSV, next_of_entry, p, sink, give_notes, p, &line, p->e);
		}
	}
	if (rc != 0 && p->over)
		content_fail(p->e, CONTENT_E_LIMIT, "%s", IMPORT_TOO_LARGE);
	if (rc == 0 && got != ARCHIVE_EOF)
		rc = content_fail(p->e, CONTENT_E_FORMAT, "the zip cannot be read: %s", archive_error_string(ar));
	archive_read_free(ar);
	for (size_t i = 0; rc == 0 && i < p->cap; i++)
		if (p->slots[i].url && !p->slots[i].used)
			sink->bad(sink->ctx, line, arena_printf(a, "%zu highlights of %.200s, which is none of the export's items",
			                                         p->slots[i].n, p->slots[i].url));
	return rc;
}

int import_read_pocket(enum content_import_format f, struct arena *a, const char *path, const struct content_import_sink *sink,
                       struct content_error *e)
{
	struct arena notes;
	struct pocket p = { .a = &notes, .e = e };
	size_t parts = 0;
	FILE *fp = import_open(path, NULL, e);   /* the file's size bound */
	int rc;
	(void)f;
	if (fp == NULL)
		return -1;
	fclose(fp);
	arena_init(&notes);
	rc = first_pass(&p, path, sink, &parts);
	if (rc == 0 && parts == 0)
		rc = content_fail(e, CONTENT_E_FORMAT, "the zip holds no part_000000.csv: it is not Pocket's export");
	if (rc == 0)
		rc = second_pass(&p, a, path, sink);
	arena_free(&notes);
	return rc;
}
