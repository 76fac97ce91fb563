/* import.h (svc): moving a library in: the record every import format is read into, the readers' interface, and the import that stores the records (idempotent, atomic per batch, a report line per bad row). */
#ifndef LARDER_SVC_IMPORT_H
#define LARDER_SVC_IMPORT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "store/store.h"
#include "util/arena.h"
#include "util/config.h"

/* the formats Larder reads, found by content (svc_import_detect) or named by the user */
enum svc_import_format {
	SVC_IMPORT_UNKNOWN,
	SVC_IMPORT_OMNIVORE,   /* Omnivore's export zip: metadata_*.json, content/SLUG.html, highlights/SLUG.md */
	SVC_IMPORT_POCKET_CSV, /* Pocket's export of 2024-25: title,url,time_added,tags,status */
	SVC_IMPORT_POCKET_HTML,/* Pocket's older ril_export.html (Unread / Read Archive lists) */
	SVC_IMPORT_INSTAPAPER, /* Instapaper's CSV: URL,Title,Selection,Folder,Timestamp[,Tags] */
	SVC_IMPORT_WALLABAG,   /* wallabag's JSON export: content, tags, annotations */
	SVC_IMPORT_NETSCAPE,   /* Netscape bookmark file (any browser's bookmarks export) */
	SVC_IMPORT_READWISE,   /* Readwise Reader's CSV export */
	SVC_IMPORT_URLS,       /* a plain list of URLs, one a line */
	SVC_IMPORT__MAX
};
/* the format's name as the user types it (--format) and as reports say it; NULL past the end */
const char *svc_import_format_name(enum svc_import_format f);
/* the format named name, or SVC_IMPORT_UNKNOWN */
enum svc_import_format svc_import_format_by_name(const char *name);

/* one highlight (or note) of an imported item */
struct svc_import_highlight {
	const char *quote;            /* the highlighted text; NULL for a note without a passage */
	const char *annotation;       /* the reader's note, or NULL */
	const char *prefix, *suffix;  /* text around the quote when the format keeps it, or NULL */
	const char *color;            /* or NULL */
	int64_t created_ms;           /* 0: unknown */
	const char *const *labels;    /* the highlight's label names (Omnivore's "#label" line) */
	size_t nlabels;
};

/* one imported item: what a format could read, the rest left empty (NULL / 0 / -1) */
struct svc_import_item {
	size_t line;                  /* where it is in the file, for the report: line, row or entry number */
	const char *url;              /* required: as found (svc normalises it) */
	const char *id;               /* the old service's id: kept when a UUID no item of any user has, or NULL */
	const char *slug;             /* kept when the user has no item with it, or NULL */
	const char *title, *author, *description, *site_name, *image;
	const char *state;            /* "INBOX" (NULL too), "ARCHIVED" or "DELETED" */
	int64_t saved_ms, published_ms, archived_ms;   /* 0: unknown (saved: the import's time) */
	int64_t updated_ms;           /* the item's last change, 0: unknown (the import's time) */
	double reading_progress;      /* 0-100, -1 unknown */
	const char *const *labels;    /* label names */
	size_t nlabels;
	const char *html;             /* the content kept by the format (not fetched again), or NULL: fetch it */
	size_t html_len;
	const char *note;             /* a note on the whole item, or NULL */
	bool favorite;                /* starred / liked / favourite in the old service */
	const struct svc_import_highlight *highlights;
	size_t nhighlights;
};

/* where a reader sends what it reads: item() once an item (return non-zero to stop: out of memory or the
 * store failed), bad() once a row it cannot read, with its line and a reason a person understands */
struct svc_import_sink {
	int (*item)(void *ctx, const struct svc_import_item *it);
	void (*bad)(void *ctx, size_t line, const char *reason);
	void *ctx;
};

/* the format of the file at path (its first bytes, and for a zip its entry names), or SVC_IMPORT_UNKNOWN */
enum svc_import_format svc_import_detect(const char *path);
/* read the file at path in format f, every item and bad row to sink, in the order of the file; memory from a
 * (a reader may reset nothing in a: the sink copies what it keeps). 0 when the whole file was read, -1 with
 * *err when it could not be read at all (not a zip, not JSON, unreadable) */
int svc_import_read(enum svc_import_format f, struct arena *a, const char *path, const struct svc_import_sink *sink,
                    const char **err);

/* is s a slug an item may keep (and a file be named by): letters, digits, '-', '_', '.', not first, at most 200 */
bool svc_import_plain_slug(const char *s);

/* ---- import.c: storing the records (larder import, the import job of an upload) ---- */
#include "util/sb.h"

/* records stored in one transaction each: a store failure rolls back its batch alone */
#define SVC_IMPORT_BATCH 200
/* the label Omnivore gives a favourite item (its setFavoriteArticle adds it) */
#define SVC_IMPORT_FAVORITES "Favorites"

/* what an import did: the counts, and one line "line N: reason" per bad row or item not stored */
struct svc_import_report {
	size_t added, updated, unchanged, failed;
	struct sb lines;    /* sb_init'd by the caller, sb_free'd by the caller */
};

/* the state of a storing sink: the records of the running batch, copied, and where the next fetch goes */
struct svc_import_store {
	struct store *st;
	const struct larder_config *cfg;
	const char *user_id;
	struct svc_import_report *report;
	struct arena batch;              /* the buffered records' copies (reset after each batch) */
	struct svc_import_item items[SVC_IMPORT_BATCH];
	size_t n;
	int64_t next_fetch_ms, fetch_step_ms; /* fetch jobs due one fetch_step_ms after another */
	void (*progress)(void *ctx, const struct svc_import_report *r); /* after each batch, or NULL */
	void *progress_ctx;
	int failed_store;                /* a store error happened (a STORE_E_* code), 0: none */
};
/* a sink (to give svc_import_read) storing every record for user_id into st, counting into report; call
 * svc_import_sink_flush once the reader is done */
void svc_import_sink_store(struct svc_import_store *s, struct store *st, const struct larder_config *cfg,
                           const char *user_id, struct svc_import_report *report, struct svc_import_sink *out);
/* stores the last, partial batch and frees the sink's memory; 0, or -1 when a batch could not be stored */
int svc_import_sink_flush(struct svc_import_store *s);
/* the n records stored for user_id, batch by batch: the counts and bad items into report (sb_init'd);
 * 0, or -1 when a batch could not be stored (its items are reported failed) */
int svc_import_items(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                     const struct svc_import_item *items, size_t n, struct svc_import_report *report);
/* the file at path read in format f (SVC_IMPORT_UNKNOWN: detected) and stored for user_id; progress as in
 * svc_import_store. 0; -1 with *err when it could not be read at all (its format unknown, not that format),
 * -2 with *err when a batch could not be stored (what was read is in the report either way) */
int svc_import_file(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                    enum svc_import_format f, const char *path, struct svc_import_report *report,
                    void (*progress)(void *ctx, const struct svc_import_report *r), void *ctx, const char **err);
#endif
