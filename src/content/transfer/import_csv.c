/* import_csv.c (content): the CSV exports read with libcsv: Pocket's (2024-25), Instapaper's and Readwise Reader's, told apart by their header row. */
#include <csv.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "content/transfer/import_int.h"
#include "util/time.h"

/* the columns the readers use, by their header names (compared without case) */
enum col { C_TITLE, C_URL, C_TIME_ADDED, C_TAGS, C_STATUS, C_SELECTION, C_FOLDER, C_TIMESTAMP, C_DOC_TAGS,
	   C_SAVED_DATE, C_PROGRESS, C_LOCATION, C__N };
static const char *const col_names[C__N] = {
	"title", "url", "time_added", "tags", "status", "selection", "folder", "timestamp", "document tags",
	"saved date", "reading progress", "location",
};

/* the header each format's first row has, for the message when it does not */
static const char *header_of(enum content_import_format f)
{
	switch (f) {
	case CONTENT_IMPORT_POCKET_CSV: return "Pocket's CSV (title,url,time_added,tags,status)";
	case CONTENT_IMPORT_INSTAPAPER: return "Instapaper's CSV (URL,Title,Selection,Folder,Timestamp)";
	default: return "Readwise Reader's CSV (Title,URL,ID,Document tags,Saved date,...)";
	}
}

struct csv_read {
	enum content_import_format want;     /* the format asked for; UNKNOWN: only find it from the header */
	enum content_import_format got;      /* the format the header row says */
	int col[C__N];                   /* where each column is, or -1 */
	bool header_done, stop, too_big;
	char **f;                        /* this row's fields so far, in scratch */
	size_t nf, cap, bytes;
	size_t line, row_start;          /* the physical line being fed (1-based); where this row began (0: not yet) */
	struct arena *a, scratch;        /* the caller's arena (messages); this row's memory */
	const struct content_import_sink *sink;
	void (*hook)(void *hctx, struct arena *a, const char *raw_url, struct content_import_item *it); /* or NULL */
	void *hctx;
	struct content_error *e;         /* the refusal, once there is one (code not CONTENT_OK) */
};

static void on_field(void *s, size_t len, void *data)
{
	struct csv_read *r = data;
	char *copy;
	if (r->stop || r->too_big)
		return;
	r->bytes += len + sizeof(char *);
	if (r->bytes > LIMIT_IMPORT_ROW) {
		r->too_big = true;
		return;
	}
	if (r->nf == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 16;
		char **grown = arena_realloc(&r->scratch, r->f, r->cap * sizeof *r->f, cap * sizeof *r->f);
		if (grown == NULL) {
			r->too_big = true;
			return;
		}
		r->f = grown, r->cap = cap;
	}
	copy = arena_strndup(&r->scratch, s ? s : "", s ? len : 0);
	if (copy == NULL)
		r->too_big = true;
	r->f[r->nf++] = copy;
}

/* this row's value in column c, "" when the row or the file has none */
static const char *field(const struct csv_read *r, enum col c)
{
	return r->col[c] >= 0 && (size_t)r->col[c] < r->nf ? r->f[r->col[c]] : "";
}

/* the header row: where the columns are and which export it is */
static void read_header(struct csv_read *r)
{
	for (int c = 0; c < C__N; c++)
		r->col[c] = -1;
	for (size_t i = 0; i < r->nf; i++) {
		const char *name = import_trim(&r->scratch, r->f[i]);
		for (int c = 0; name && c < C__N; c++)
			if (r->col[c] < 0 && strcasecmp(name, col_names[c]) == 0)
				r->col[c] = (int)i;
	}
	r->got = CONTENT_IMPORT_UNKNOWN;
	if (r->col[C_URL] < 0)
		return;
	if (r->col[C_TIME_ADDED] >= 0)
		r->got = CONTENT_IMPORT_POCKET_CSV;
	else if (r->col[C_SELECTION] >= 0 && r->col[C_FOLDER] >= 0)
		r->got = CONTENT_IMPORT_INSTAPAPER;
	else if (r->col[C_DOC_TAGS] >= 0 || r->col[C_SAVED_DATE] >= 0)
		r->got = CONTENT_IMPORT_READWISE;
}

/* a list of tags as ["a","b"], ['a', 'b'] or a, b: each name without its quotes */
static int list_labels(struct arena *a, const char *s, struct content_import_item *it)
{
	char *list = import_trim(a, s);
	const char **labels = (const char **)it->labels;
	size_t len = list ? strlen(list) : 0, from = it->nlabels;
	if (list == NULL)
		return -1;
	if (len >= 2 && list[0] == '[' && list[len - 1] == ']') {
		list[len - 1] = '\0';
		list++;
	}
	if (import_split_labels(a, list, ',', &labels, &it->nlabels))
		return -1;
	for (size_t i = from; i < it->nlabels; i++) {
		size_t n = strlen(labels[i]);
		if (n >= 2 && (labels[i][0] == '"' || labels[i][0] == '\'') && labels[i][n - 1] == labels[i][0])
			labels[i] = arena_strndup(a, labels[i] + 1, n - 2);
		if (labels[i] == NULL)
			return -1;
	}
	it->labels = labels;
	return 0;
}

/* title,url,time_added,tags,status: tags split by '|', status unread or archive */
static const char *pocket_row(struct csv_read *r, struct content_import_item *it)
{
	const char **labels = NULL;
	if (import_epoch_ms(field(r, C_TIME_ADDED), &it->saved_ms))
		return "time_added is not a number";
	if (import_split_labels(&r->scratch, field(r, C_TAGS), '|', &labels, &it->nlabels))
		return "out of memory";
	it->labels = labels;
	if (strcasecmp(import_trim(&r->scratch, field(r, C_STATUS)), "archive") == 0)
		it->state = "ARCHIVED";
	return NULL;
}

/* URL,Title,Selection,Folder,Timestamp[,Tags]: the folder Unread, Archive, Starred or a label; the selection a
 * highlight */
static const char *instapaper_row(struct csv_read *r, struct content_import_item *it)
{
	const char *folder = import_trim(&r->scratch, field(r, C_FOLDER)), *sel = field(r, C_SELECTION);
	if (import_epoch_ms(field(r, C_TIMESTAMP), &it->saved_ms))
		return "Timestamp is not a number";
	if (list_labels(&r->scratch, field(r, C_TAGS), it))
		return "out of memory";
	if (strcasecmp(folder, "Archive") == 0) {
		it->state = "ARCHIVED";
	} else if (strcasecmp(folder, "Starred") == 0) {
		it->favorite = true;
	} else if (*folder && strcasecmp(folder, "Unread") != 0) {
		const char **labels = (const char **)it->labels;
		if (import_split_labels(&r->scratch, folder, '\n', &labels, &it->nlabels))
			return "out of memory";
		it->labels = labels;
	}
	if (*import_trim(&r->scratch, sel)) {
		struct content_import_highlight *h = ARENA_NEW(&r->scratch, struct content_import_highlight);
		if (h == NULL)
			return "out of memory";
		h->quote = sel;
		it->highlights = h, it->nhighlights = 1;
	}
	return NULL;
}

/* Reader's locations: new and later are its inbox (later the queue); shortlist the few picked to read next: in
 * the inbox, labelled Shortlist; archive archived; feed an entry of a subscription the user never saved: kept
 * out of the inbox, archived and labelled Feed */
static const char *readwise_location(struct csv_read *r, const char *where, struct content_import_item *it)
{
	const char *label = NULL, **labels;
	if (strcasecmp(where, "archive") == 0) {
		it->state = "ARCHIVED";
	} else if (strcasecmp(where, "feed") == 0) {
		it->state = "ARCHIVED";
		label = IMPORT_READWISE_FEED;
	} else if (strcasecmp(where, "shortlist") == 0) {
		label = IMPORT_READWISE_SHORTLIST;
	}
	if (label == NULL)
		return NULL;
	if ((labels = ARENA_NEWN(&r->scratch, const char *, it->nlabels + 1)) == NULL)
		return "out of memory";
	if (it->nlabels)
		memcpy(labels, it->labels, it->nlabels * sizeof *labels);
	labels[it->nlabels++] = label;
	it->labels = labels;
	return NULL;
}

/* Title,URL,ID,Document tags,Saved date,Reading progress,Location,Seen */
static const char *readwise_row(struct csv_read *r, struct content_import_item *it)
{
	char *saved = import_trim(&r->scratch, field(r, C_SAVED_DATE)), *sp, *end;
	const char *progress = import_trim(&r->scratch, field(r, C_PROGRESS));
	if (saved == NULL || progress == NULL)
		return "out of memory";
	if ((sp = strchr(saved, ' ')) != NULL)
		*sp = 'T';   /* "2024-03-01 09:30:00+00:00" is ISO 8601 with a space for the T */
	if (*saved && time_parse_iso(saved, strlen(saved), &it->saved_ms))
		return "Saved date is not a date";
	if (list_labels(&r->scratch, field(r, C_DOC_TAGS), it))
		return "out of memory";
	if (*progress) {
		double p = strtod(progress, &end);
		if (*end == '\0' && p >= 0 && p <= 1)
			it->reading_progress = p * 100;
	}
	return readwise_location(r, import_trim(&r->scratch, field(r, C_LOCATION)), it);
}

/* one data row to the sink (an item or a bad row) */
static void read_row(struct csv_read *r)
{
	struct content_import_item it = { .line = r->row_start, .reading_progress = -1 };
	const char *why, *raw = field(r, C_URL), *title = import_trim(&r->scratch, field(r, C_TITLE));
	enum import_url_verdict v;
	if (r->too_big) {
		r->sink->bad(r->sink->ctx, r->row_start, "the row is over 1 MB");
		return;
	}
	it.title = title && *title ? title : NULL;
	if ((v = import_url_check(&r->scratch, raw, &it.url, &why)) == IMPORT_URL_SKIP) {
		import_skip(r->sink, r->row_start, why);
		return;
	}
	if (v == IMPORT_URL_OK)
		why = r->got == CONTENT_IMPORT_POCKET_CSV ? pocket_row(r, &it)
		      : r->got == CONTENT_IMPORT_INSTAPAPER ? instapaper_row(r, &it) : readwise_row(r, &it);
	if (why == NULL && r->hook)
		r->hook(r->hctx, &r->scratch, raw, &it);
	if (why)
		r->sink->bad(r->sink->ctx, r->row_start, why);
	else if (r->sink->item(r->sink->ctx, &it)) {
		r->stop = true;
		content_fail(r->e, CONTENT_E_STOPPED, "%s", IMPORT_STOPPED);
	}
}

static void on_row(int c, void *data)
{
	struct csv_read *r = data;
	(void)c;
	if (r->stop) {
	} else if (!r->header_done) {
		r->header_done = true;
		read_header(r);
		if (r->want == CONTENT_IMPORT_UNKNOWN) {
			r->stop = true;
		} else if (r->got != r->want) {
			r->stop = true;
			content_fail(r->e, CONTENT_E_FORMAT, "the first row is not the header of %s", header_of(r->want));
		}
	} else {
		read_row(r);
	}
	r->nf = r->cap = r->bytes = 0;
	r->f = NULL;
	r->too_big = false;
	r->row_start = 0;
	arena_reset(&r->scratch);
}

/* the n bytes at s to the parser a piece at a time, each ending at a line break ('\r' or '\n', where a row may
 * end), so that each row knows the line it began on */
static int feed(struct csv_read *r, struct csv_parser *p, const char *s, size_t n)
{
	while (n > 0 && !r->stop) {
		size_t len = 0;
		bool blank = true, starts = r->row_start == 0;
		while (len < n && s[len] != '\n' && s[len] != '\r')
			blank = blank && (s[len] == ' ' || s[len] == '\t'), len++;
		len += len < n;
		if (starts)
			r->row_start = r->line;
		if (csv_parse(p, s, len, on_field, on_row, r) != len) {
			return content_fail(r->e, CONTENT_E_FORMAT, "line %zu: the CSV cannot be read: %s", r->line,
			                    csv_strerror(csv_error(p)));
		}
		if (starts && blank && r->row_start == r->line)
			r->row_start = 0;   /* libcsv skips blank lines: the row begins on a later one */
		if (s[len - 1] == '\n')
			r->line++;
		s += len, n -= len;
	}
	return 0;
}

static void csv_read_init(struct csv_read *r, struct arena *a, enum content_import_format want,
                          const struct content_import_sink *sink, struct content_error *e)
{
	memset(r, 0, sizeof *r);
	r->want = want, r->a = a, r->sink = sink, r->line = 1, r->e = e;
	content_error_clear(e);
	arena_init(&r->scratch);
}

enum content_import_format import_csv_detect(const char *s, size_t n)
{
	struct csv_read r;
	struct csv_parser p;
	struct content_error e;
	if (csv_init(&p, 0) != 0)
		return CONTENT_IMPORT_UNKNOWN;
	csv_read_init(&r, NULL, CONTENT_IMPORT_UNKNOWN, NULL, &e);
	if (feed(&r, &p, s, n) == 0 && !r.header_done)
		csv_fini(&p, on_field, on_row, &r);
	csv_free(&p);
	arena_free(&r.scratch);
	return r.header_done ? r.got : CONTENT_IMPORT_UNKNOWN;
}

int import_csv_stream(struct arena *a, enum content_import_format f, long (*next)(void *ctx, char *buf, size_t n),
                      void *ctx, const struct content_import_sink *sink,
                      void (*hook)(void *hctx, struct arena *a, const char *raw_url, struct content_import_item *it),
                      void *hctx, size_t *line, struct content_error *e)
{
	struct csv_read r;
	struct csv_parser p;
	char *buf = malloc(64 * 1024);
	size_t total = 0;
	long got = 0;
	int rc = 0;
	if (buf == NULL || csv_init(&p, 0) != 0) {
		free(buf);
		return content_fail(e, CONTENT_E_NOMEM, "out of memory reading the file");
	}
	csv_read_init(&r, a, f, sink, e);
	r.hook = hook, r.hctx = hctx, r.line = *line;
	while (rc == 0 && !r.stop && (got = next(ctx, buf, 64 * 1024)) > 0) {
		size_t skip = total == 0 && got >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
		total += (size_t)got;
		if (total > LIMIT_IMPORT_FILE_MAX) {
			content_fail(e, CONTENT_E_LIMIT, "%s", IMPORT_TOO_LARGE);
			break;
		}
		rc = feed(&r, &p, buf + skip, (size_t)got - skip);
	}
	if (rc == 0 && e->code == CONTENT_OK && got < 0)
		content_fail(e, CONTENT_E_IO, "the file cannot be read");
	if (rc == 0 && !r.stop && e->code == CONTENT_OK)
		csv_fini(&p, on_field, on_row, &r);
	if (rc == 0 && e->code == CONTENT_OK && !r.header_done)
		content_fail(e, CONTENT_E_FORMAT, "the file is empty: it has no header row of %s", header_of(f));
	*line = r.line + 1;
	csv_free(&p);
	arena_free(&r.scratch);
	free(buf);
	return e->code == CONTENT_OK ? 0 : -1;
}

static long next_of_file(void *ctx, char *buf, size_t n)
{
	FILE *fp = ctx;
	size_t got = fread(buf, 1, n, fp);
	return got == 0 && ferror(fp) ? -1 : (long)got;
}

int import_read_csv(enum content_import_format f, struct arena *a, const char *path, const struct content_import_sink *sink,
                    struct content_error *e)
{
	FILE *fp = import_open(path, NULL, e);
	size_t line = 1;
	int rc;
	if (fp == NULL)
		return -1;
	rc = import_csv_stream(a, f, next_of_file, fp, sink, NULL, NULL, &line, e);
	fclose(fp);
	return rc;
}
