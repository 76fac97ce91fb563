/* export_omnivore.c (svc): writes a user's library as Omnivore's export zip (content/transfer/zipw.h), one batch of items at a time. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "svc/export_omnivore.h"
#include "content/transfer/omnivore_format.h"
#include "content/transfer/zipw.h"
#include "svc/import.h"
#include "util/jsonw.h"
#include "util/fdio.h"
#include "util/time.h"

struct exporter {
	struct store *st;
	struct content_zipw *zip;
	struct arena page;           /* one batch of items: reset between batches */
	struct sb meta, md;          /* the batch's metadata file; one highlights file */
};

/* the name files of the item go by: its slug when it is a plain file name, else its id */
static const char *file_slug(const struct store_item *it)
{
	return svc_import_plain_slug(it->slug) ? it->slug : it->id;
}

static void key(struct sb *b, const char *name)
{
	sb_puts(b, ",\n    \"");
	sb_puts(b, name);
	sb_puts(b, "\": ");
}

static void put_time(struct sb *b, const char *name, int64_t ms)
{
	char buf[TIME_ISO_BUF];
	key(b, name);
	if (ms == 0) {
		sb_puts(b, "null");
		return;
	}
	time_format_iso(ms, buf, sizeof buf);
	jw_cstr(b, buf);
}

static void put_str(struct sb *b, const char *name, const char *v)
{
	key(b, name);
	jw_cstr(b, v);
}

/* one element of the metadata file, indented as JSON.stringify(…, null, 2) writes it */
static int put_meta(struct exporter *x, const struct store_item *it, bool first)
{
	struct sb *b = &x->meta;
	struct store_label *labels;
	size_t n;
	if (store_item_labels(x->st, &x->page, it->seq, &labels, &n) != STORE_OK)
		return -1;
	sb_puts(b, first ? "\n  {\n    \"id\": " : ",\n  {\n    \"id\": ");
	jw_cstr(b, it->id);
	put_str(b, "slug", file_slug(it));
	put_str(b, "title", it->title);
	put_str(b, "description", it->description);
	put_str(b, "author", it->author);
	put_str(b, "url", it->url);
	put_str(b, "state", it->deleted_ms ? "Deleted" : it->archived_ms ? "Archived" : "Active");
	key(b, "readingProgress");
	jw_double(b, it->progress);
	put_str(b, "thumbnail", it->image);
	key(b, "labels");
	sb_puts(b, n ? "[" : "[]");
	for (size_t i = 0; i < n; i++) {
		sb_puts(b, i ? ",\n      " : "\n      ");
		jw_cstr(b, labels[i].name);
	}
	if (n)
		sb_puts(b, "\n    ]");
	put_time(b, "savedAt", it->saved_ms);
	put_time(b, "updatedAt", it->updated_ms);
	put_time(b, "publishedAt", it->published_ms);
	put_str(b, "siteName", it->site_name);
	put_time(b, "archivedAt", it->archived_ms);
	sb_puts(b, "\n  }");
	return 0;
}

/* a NOTE without a quote: a note on the whole item */
static bool is_item_note(const struct store_highlight *h)
{
	return h->type && strcmp(h->type, "NOTE") == 0 && !(h->quote && *h->quote);
}

/* highlights/SLUG.md: the item's note first, then its passages with their labels and notes */
static int put_highlights(struct exporter *x, const struct store_item *it, const char *slug)
{
	struct store_highlight *h;
	size_t n;
	bool first = true;
	if (store_item_highlights(x->st, &x->page, it->seq, &h, &n) != STORE_OK)
		return -1;
	if (n == 0)
		return 0;
	sb_reset(&x->md);
	/* a note without a passage is the item's note, written first; a note that keeps a quote (an import's
	 * highlight whose passage the content does not hold) is written as the passage it is, with its note */
	for (size_t i = 0; i < n; i++)
		if (is_item_note(&h[i]))
			content_omnivore_md_note(&x->md, h[i].annotation, &first);
	for (size_t i = 0; i < n; i++) {
		struct store_label *l;
		size_t nl;
		const char **names;
		if (is_item_note(&h[i]))
			continue;
		if (store_highlight_labels(x->st, &x->page, h[i].id, &l, &nl) != STORE_OK ||
		    !(names = ARENA_NEWN(&x->page, const char *, nl + 1)))
			return -1;
		for (size_t j = 0; j < nl; j++)
			names[j] = l[j].name;
		content_omnivore_md_passage(&x->md, h[i].quote, names, nl, h[i].annotation, &first);
	}
	if (first)
		return 0;
	return content_zipw_add(x->zip, arena_printf(&x->page, "highlights/%s.md", slug), sb_str(&x->md), x->md.len) ? -2 : 0;
}

/* one batch: its metadata file, then each item's content and highlights; -1 store, -2 zip */
static int put_batch(struct exporter *x, const struct store_item *items, size_t n, size_t cursor)
{
	sb_reset(&x->meta);
	sb_putc(&x->meta, '[');
	for (size_t i = 0; i < n; i++)
		if (put_meta(x, &items[i], i == 0) != 0)
			return -1;
	sb_puts(&x->meta, n ? "\n]" : "]");
	if (sb_error(&x->meta) ||
	    content_zipw_add(x->zip, arena_printf(&x->page, "metadata_%zu_to_%zu.json", cursor, cursor + n), sb_str(&x->meta), x->meta.len))
		return -2;
	for (size_t i = 0; i < n; i++) {
		const char *slug = file_slug(&items[i]), *html;
		int rc;
		if (store_item_content(x->st, &x->page, items[i].seq, &html) != STORE_OK)
			return -1;
		if (html && *html && content_zipw_add(x->zip, arena_printf(&x->page, "content/%s.html", slug), html, strlen(html)))
			return -2;
		if ((rc = put_highlights(x, &items[i], slug)) != 0 || sb_error(&x->md))
			return rc ? rc : -2;
	}
	return 0;
}

static enum svc_export_rc run(struct exporter *x, const char *user_id)
{
	int64_t after = 0;
	size_t cursor = 0;
	for (;;) {
		struct store_item *items;
		size_t n;
		int rc;
		arena_reset(&x->page);
		if (store_item_page(x->st, &x->page, user_id, after, OMNI_BATCH, &items, &n) != STORE_OK)
			return SVC_EXPORT_E_STORE;
		if (n == 0 && cursor > 0)
			return SVC_EXPORT_OK;
		if ((rc = put_batch(x, items, n, cursor)) != 0)
			return rc == -1 ? SVC_EXPORT_E_STORE : content_zipw_output_failed(x->zip) ? SVC_EXPORT_E_WRITE : SVC_EXPORT_E_ZIP;
		if (n < OMNI_BATCH)
			return SVC_EXPORT_OK;
		after = items[n - 1].seq;
		cursor += n;
	}
}

enum svc_export_rc svc_export_omnivore_to(struct store *st, const struct larder_config *cfg, const char *user_id,
                                          svc_export_write_fn *w, void *ctx)
{
	struct exporter x = { .st = st };
	enum svc_export_rc rc;
	(void)cfg;
	if (!(x.zip = content_zipw_open(w, ctx, time(NULL))))
		return SVC_EXPORT_E_ZIP;
	arena_init(&x.page);
	sb_init(&x.meta);
	sb_init(&x.md);
	rc = run(&x, user_id);
	bool output_failed = content_zipw_output_failed(x.zip);
	if (content_zipw_close(x.zip) != 0 && rc == SVC_EXPORT_OK)
		rc = output_failed ? SVC_EXPORT_E_WRITE : SVC_EXPORT_E_ZIP;
	sb_free(&x.meta);
	sb_free(&x.md);
	arena_free(&x.page);
	return rc;
}

static int write_fd(void *ctx, const void *buf, size_t n)
{
	return fd_write_all(*(int *)ctx, buf, n);
}

enum svc_export_rc svc_export_omnivore(struct store *st, const struct larder_config *cfg, const char *user_id, int fd)
{
	return svc_export_omnivore_to(st, cfg, user_id, write_fd, &fd);
}
