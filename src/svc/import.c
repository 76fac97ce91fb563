/* import.c (svc): storing imported records: each checked as a save is, its kept content ingested, its highlights anchored, then stored batch by batch (one transaction each) with fetch jobs spread in time. */
#include <stdio.h>
#include <string.h>

#include "svc/import.h"
#include "svc/jobs.h"
#include "svc/save.h"
#include "svc/svc.h"
#include "util/crypto.h"
#include "util/limits.h"
#include "util/time.h"
#include "util/url.h"

static const char *copy_text(struct arena *a, const char *s)
{
	return s ? arena_strdup(a, s) : NULL;
}

/* a copy of the n names in a (NULL when there are none, or a is full) */
static const char *const *copy_names(struct arena *a, const char *const *names, size_t n)
{
	const char **out = n ? ARENA_NEWN(a, const char *, n) : NULL;
	for (size_t i = 0; out && i < n; i++)
		out[i] = copy_text(a, names[i]);
	return out;
}

/* a deep copy of *it in a (false when out of memory) */
static bool copy_item(struct arena *a, const struct content_import_item *it, struct content_import_item *out)
{
	const char *const *labels = copy_names(a, it->labels, it->nlabels);
	struct content_import_highlight *hl = it->nhighlights ? ARENA_NEWN(a, struct content_import_highlight, it->nhighlights) : NULL;
	*out = *it;
	if ((it->nlabels && !labels) || (it->nhighlights && !hl))
		return false;
	out->url = copy_text(a, it->url);
	out->id = copy_text(a, it->id);
	out->slug = copy_text(a, it->slug);
	out->title = copy_text(a, it->title);
	out->author = copy_text(a, it->author);
	out->description = copy_text(a, it->description);
	out->site_name = copy_text(a, it->site_name);
	out->image = copy_text(a, it->image);
	out->state = copy_text(a, it->state);
	out->note = copy_text(a, it->note);
	out->html = it->html ? arena_strndup(a, it->html, it->html_len) : NULL;
	for (size_t i = 0; i < it->nhighlights; i++) {
		hl[i] = it->highlights[i];
		hl[i].quote = copy_text(a, hl[i].quote);
		hl[i].annotation = copy_text(a, hl[i].annotation);
		hl[i].prefix = copy_text(a, hl[i].prefix);
		hl[i].suffix = copy_text(a, hl[i].suffix);
		hl[i].color = copy_text(a, hl[i].color);
		hl[i].labels = copy_names(a, hl[i].labels, hl[i].nlabels);
		if (hl[i].nlabels && !hl[i].labels)
			return false;
	}
	out->labels = labels;
	out->highlights = hl;
	return (!it->url || out->url) && (!it->html || out->html);
}

bool svc_import_plain_slug(const char *s)
{
	if (!s || !*s || *s == '.' || strlen(s) > 200)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '-' ||
		      *s == '_' || *s == '.'))
			return false;
	return true;
}

static void report_line(struct svc_import_report *r, size_t line, const char *why)
{
	sb_printf(&r->lines, "line %zu: %s\n", line, why ? why : "out of memory");
}

/* the highlights as the store keeps them: a quote found in the kept content is a highlight placed where it is,
 * any other one a note that keeps its quote; the item's own note a note without a quote */
static struct store_highlight *highlights_of(struct arena *a, const struct content_import_item *it,
                                             const struct store_article *art, size_t *n,
                                             const struct store_import_labels **labels)
{
	struct store_highlight *h = ARENA_NEWN(a, struct store_highlight, it->nhighlights + 1);
	struct store_import_labels *l = ARENA_NEWN(a, struct store_import_labels, it->nhighlights + 1);
	size_t len = art && art->text ? strlen(art->text) : 0;
	*n = 0;
	*labels = l;
	if (h == NULL || l == NULL)
		return NULL;
	for (size_t i = 0; i < it->nhighlights; i++) {
		const struct content_import_highlight *in = &it->highlights[i];
		const char *at = len && in->quote && *in->quote ? strstr(art->text, in->quote) : NULL;
		double where = at ? 100.0 * (double)(at - art->text) / (double)len : 0;
		h[(*n)++] = (struct store_highlight){ .type = at ? "HIGHLIGHT" : "NOTE", .quote = in->quote,
		                                      .annotation = in->annotation, .prefix = in->prefix,
		                                      .suffix = in->suffix, .color = in->color, .created_ms = in->created_ms,
		                                      .position_percent = where };
		l[i] = (struct store_import_labels){ in->labels, in->nlabels };
	}
	if (it->note && *it->note) {
		l[*n] = (struct store_import_labels){ NULL, 0 };
		h[(*n)++] = (struct store_highlight){ .type = "NOTE", .annotation = it->note };
	}
	return h;
}

/* the record checked as a save is (URL, labels with the favourite's) and its content ingested, into *out;
 * NULL when fine, else why the item cannot be imported */
static const char *prepare(const struct larder_config *cfg, struct arena *a, const char *user_id,
                           const struct content_import_item *it, struct store_import *out)
{
	struct svc_save_in in = { .user_id = user_id, .url = it->url };
	struct store_save sv;
	struct store_article *art = NULL;
	const char *why, **labels;
	if ((labels = ARENA_NEWN(a, const char *, it->nlabels + 1)) == NULL)
		return "out of memory";
	/* a name longer than a label's (a Firefox tag of 101 characters) is cut: no reason to lose the item */
	for (size_t i = 0; i < it->nlabels; i++)
		labels[in.nlabels++] = svc_cut(a, it->labels[i], LIMIT_LABEL_NAME);
	if (it->favorite)
		labels[in.nlabels++] = SVC_IMPORT_FAVORITES;
	in.labels = labels;
	if ((why = svc_save_check(cfg, a, &in, &sv)) != NULL)
		return why;
	if (it->state && strcmp(it->state, "INBOX") != 0 && strcmp(it->state, "ARCHIVED") != 0 &&
	    strcmp(it->state, "DELETED") != 0)
		return arena_printf(a, "unknown state %s", it->state);
	if (it->html) {
		if ((art = ARENA_NEW(a, struct store_article)) == NULL)
			return "out of memory";
		if (svc_ingest_kept(a, it->html, it->html_len, sv.url, cfg->content_max_bytes, art, &why) != 0)
			return arena_printf(a, "the content could not be kept: %s", why);
	}
	memset(out, 0, sizeof *out);
	*out = (struct store_import){ .user_id = user_id, .url = sv.url, .slug_text = sv.slug_text, .title = it->title,
	                              .id = it->id && crypto_is_uuid(it->id, strlen(it->id)) ? it->id : NULL,
	                              .slug = svc_import_plain_slug(it->slug) ? it->slug : NULL, .updated_ms = it->updated_ms,
	                              .author = it->author, .description = it->description, .site_name = it->site_name,
	                              .image = url_http_only(a, it->image), .state = it->state, .saved_ms = it->saved_ms,
	                              .published_ms = it->published_ms, .archived_ms = it->archived_ms,
	                              .progress = it->reading_progress, .labels = sv.labels, .nlabels = sv.nlabels,
	                              .article = art };
	svc_import_cut(a, out);
	struct store_highlight *h = highlights_of(a, it, art, &out->nhighlights, &out->highlight_labels);
	size_t most = cfg->highlight_max_bytes;
	for (size_t i = 0; h && i < out->nhighlights; i++) { /* an export's highlights: cut as the API would refuse */
		h[i].quote = svc_cut_bytes(a, h[i].quote, most);
		h[i].annotation = svc_cut_bytes(a, h[i].annotation, most);
		h[i].prefix = svc_cut_bytes(a, h[i].prefix, most);
		h[i].suffix = svc_cut_bytes(a, h[i].suffix, most);
		h[i].color = svc_cut(a, h[i].color, LIMIT_WORD_FIELD);
	}
	out->highlights = h;
	return out->highlights ? NULL : "out of memory";
}

/* the prepared records of one batch into the store in one transaction; on a failure nothing of it stays and
 * every one of its items is reported */
static int store_batch(struct svc_import_store *s, struct store_import *rec, const size_t *lines, size_t n)
{
	size_t counts[4] = { 0, 0, 0, 0 };
	int64_t next = s->next_fetch_ms;
	bool any_queued = false;
	int rc = n ? store_import_begin(s->st) : STORE_OK;
	for (size_t i = 0; i < n && rc == STORE_OK; i++) {
		enum store_import_result res;
		bool queued;
		rec[i].fetch_after_ms = next;
		if ((rc = store_import_item(s->st, &s->batch, &rec[i], &res, &queued)) != STORE_OK) {
			const char *why = arena_printf(&s->batch, "%s (its batch of %zu items was not stored)",
			                               store_errmsg(s->st), n);
			store_import_rollback(s->st);
			report_line(s->report, lines[i], why);
			for (size_t j = 0; j < n; j++)
				if (j != i)
					report_line(s->report, lines[j], "not stored: another item of its batch failed");
			s->report->failed += n;
			s->failed_store = rc;
			return -1;
		}
		counts[res]++;
		if (res == STORE_IMPORT_LEFT_OUT && !s->quota[0])
			snprintf(s->quota, sizeof s->quota, "%s", store_errmsg(s->st));
		if (queued) {
			next += s->fetch_step_ms;
			any_queued = true;
		}
	}
	if (n && (rc = store_import_commit(s->st)) != STORE_OK) {
		for (size_t j = 0; j < n; j++)
			report_line(s->report, lines[j], "not stored: the database failed");
		s->report->failed += n;
		s->failed_store = rc;
		return -1;
	}
	s->report->added += counts[STORE_IMPORT_ADDED];
	s->report->updated += counts[STORE_IMPORT_UPDATED];
	s->report->unchanged += counts[STORE_IMPORT_UNCHANGED];
	s->report->left_out += counts[STORE_IMPORT_LEFT_OUT];
	s->report->failed += counts[STORE_IMPORT_LEFT_OUT];
	s->next_fetch_ms = next;
	if (any_queued)
		svc_fetch_queued_note();
	return 0;
}

/* the buffered records checked, then stored; the batch's memory is reset */
static int run_batch(struct svc_import_store *s)
{
	struct store_import *rec = ARENA_NEWN(&s->batch, struct store_import, s->n ? s->n : 1);
	size_t *lines = ARENA_NEWN(&s->batch, size_t, s->n ? s->n : 1), m = 0;
	int rc = 0;
	if (rec == NULL || lines == NULL) {
		report_line(s->report, s->n ? s->items[0].line : 0, "out of memory");
		s->report->failed += s->n;
		rc = -1;
	} else {
		for (size_t i = 0; i < s->n; i++) {
			const char *why = prepare(s->cfg, &s->batch, s->user_id, &s->items[i], &rec[m]);
			if (why != NULL) {
				report_line(s->report, s->items[i].line, why);
				s->report->failed++;
			} else
				lines[m++] = s->items[i].line;
		}
		rc = store_batch(s, rec, lines, m);
	}
	s->n = 0;
	arena_reset(&s->batch);
	if (s->progress)
		s->progress(s->progress_ctx, s->report);
	return rc;
}

static int sink_item(void *ctx, const struct content_import_item *it)
{
	struct svc_import_store *s = ctx;
	if (!copy_item(&s->batch, it, &s->items[s->n])) {
		report_line(s->report, it->line, "out of memory");
		s->report->failed++;
		return 0;
	}
	if (++s->n < SVC_IMPORT_BATCH)
		return 0;
	run_batch(s);
	return 0; /* a failed batch is reported; the next ones still run */
}

static void sink_bad(void *ctx, size_t line, const char *reason)
{
	struct svc_import_store *s = ctx;
	report_line(s->report, line, reason);
	s->report->failed++;
}

static void sink_skip(void *ctx, size_t line, const char *reason)
{
	struct svc_import_store *s = ctx;
	sb_printf(&s->report->lines, "line %zu: skipped: %s\n", line, reason ? reason : "never an item");
	s->report->skipped++;
}

void svc_import_sink_store(struct svc_import_store *s, struct store *st, const struct larder_config *cfg,
                           const char *user_id, struct svc_import_report *report, struct content_import_sink *out)
{
	uint32_t rate = cfg->import_fetches_per_minute;
	int64_t now = time_now_ms(), horizon = 0;
	memset(s, 0, sizeof *s);
	s->st = st;
	s->cfg = cfg;
	s->user_id = user_id;
	s->report = report;
	arena_init(&s->batch);
	s->fetch_step_ms = 60000 / (rate ? rate : 1);
	/* after the fetches already queued for the user, so that imports one after another keep the rate too */
	if (store_import_fetch_horizon(st, user_id, &horizon) != STORE_OK)
		horizon = 0;
	s->next_fetch_ms = horizon >= now ? horizon + s->fetch_step_ms : now;
	*out = (struct content_import_sink){ .item = sink_item, .bad = sink_bad, .ctx = s, .skip = sink_skip };
}

int svc_import_sink_flush(struct svc_import_store *s)
{
	if (s->n)
		run_batch(s);
	if (s->report->left_out) /* one line for them all: an import past the quota may leave out thousands */
		sb_printf(&s->report->lines, "%zu new items left out: %s\n", s->report->left_out, s->quota);
	arena_free(&s->batch);
	return s->failed_store ? -1 : 0;
}

int svc_import_items(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                     const struct content_import_item *items, size_t n, struct svc_import_report *report)
{
	struct svc_import_store *s = ARENA_NEW(a, struct svc_import_store);
	struct content_import_sink sink;
	if (s == NULL)
		return -1;
	svc_import_sink_store(s, st, cfg, user_id, report, &sink);
	for (size_t i = 0; i < n; i++)
		sink.item(sink.ctx, &items[i]);
	return svc_import_sink_flush(s);
}

int svc_import_file(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                    enum content_import_format f, const char *path, struct svc_import_report *report,
                    void (*progress)(void *ctx, const struct svc_import_report *r), void *ctx, const char **err)
{
	struct svc_import_store *s = ARENA_NEW(a, struct svc_import_store);
	struct content_import_sink sink;
	int rc;
	if (s == NULL) {
		*err = "out of memory";
		return -1;
	}
	if (f == CONTENT_IMPORT_UNKNOWN && (f = content_import_detect(path)) == CONTENT_IMPORT_UNKNOWN) {
		*err = "the file's format is not one Larder reads (name it with --format)";
		return -1;
	}
	svc_import_sink_store(s, st, cfg, user_id, report, &sink);
	s->progress = progress;
	s->progress_ctx = ctx;
	struct content_error e;
	rc = content_import_read(f, a, path, NULL, &sink, &e);
	*err = rc != 0 ? arena_strdup(a, e.msg) : NULL;
	if (svc_import_sink_flush(s) != 0 && rc == 0) {
		*err = "some batches could not be stored (the database failed)";
		rc = -2;
	}
	return rc;
}
