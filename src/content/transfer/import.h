/* import.h (content): the import formats' readers: the record every format is read into, how a file's format is found, and the readers' interface (a sink gets each record). */
#ifndef LARDER_CONTENT_IMPORT_H
#define LARDER_CONTENT_IMPORT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "content/reader.h"
#include "util/arena.h"

/* The formats Larder reads, found by content (content_import_detect) or named by the user, in one list:
 * X(NAME, "the name users type after --format and reports print", its reader in transfer/import_*.c).
 * The enum, the names, the readers' declarations (import_int.h) and content_import_read's dispatch are
 * all made from it: a new format is a line here and its reader's file (and, when a file of it can be
 * told by its content, a test in import_read.c's content_import_detect). */
#define CONTENT_IMPORT_FORMATS(X) \
	X(OMNIVORE, "omnivore", import_read_omnivore)       /* Omnivore's export zip: metadata_*.json, content/SLUG.html, \
	                                                     * highlights/SLUG.md */ \
	X(POCKET_CSV, "pocket-csv", import_read_csv)        /* Pocket's export of 2024-25: title,url,time_added,tags,status */ \
	X(POCKET_ZIP, "pocket-zip", import_read_pocket)     /* the zip Pocket hands out: part_NNNNNN.csv (as pocket-csv) and \
	                                                     * annotations/part_NNNNNN.json (highlights) */ \
	X(POCKET_HTML, "pocket-html", import_read_html)     /* Pocket's older ril_export.html (Unread / Read Archive lists) */ \
	X(INSTAPAPER, "instapaper", import_read_csv)        /* Instapaper's CSV: URL,Title,Selection,Folder,Timestamp[,Tags] */ \
	X(INSTAPAPER_HTML, "instapaper-html", import_read_html) /* Instapaper's HTML export: a list a folder (Unread, \
	                                                     * Starred, Archive, the user's) */ \
	X(WALLABAG, "wallabag", import_read_wallabag)       /* wallabag's JSON export, v2 (content, tags, annotations) \
	                                                     * and v1 (is_read, is_fav, comma-separated tags) */ \
	X(CHROME, "chrome", import_read_chrome)             /* Chrome's (and Chromium's, Edge's, Brave's) Bookmarks JSON file */ \
	X(FIREFOX, "firefox", import_read_firefox)          /* Firefox's JSON bookmark backup (bookmarks-DATE.json) */ \
	X(PINBOARD, "pinboard", import_read_pinboard)       /* Pinboard's JSON export (href, description, toread, tags) */ \
	X(NETSCAPE, "netscape", import_read_html)           /* Netscape bookmark file (any browser's bookmarks export) */ \
	X(READWISE, "readwise", import_read_csv)            /* Readwise Reader's CSV export */ \
	X(URLS, "urls", import_read_urls)                   /* a plain list of URLs, one a line */

#define CONTENT_IMPORT_ENUM_(e, name, reader) CONTENT_IMPORT_##e,
enum content_import_format {
	CONTENT_IMPORT_UNKNOWN,
	CONTENT_IMPORT_FORMATS(CONTENT_IMPORT_ENUM_)
	CONTENT_IMPORT__MAX
};
#undef CONTENT_IMPORT_ENUM_
/* the format's name as the user types it (--format) and as reports say it; NULL past the end */
const char *content_import_format_name(enum content_import_format f);
/* the format named name, or CONTENT_IMPORT_UNKNOWN */
enum content_import_format content_import_format_by_name(const char *name);

/* one highlight (or note) of an imported item */
struct content_import_highlight {
	const char *quote;            /* the highlighted text; NULL for a note without a passage */
	const char *annotation;       /* the reader's note, or NULL */
	const char *prefix, *suffix;  /* text around the quote when the format keeps it, or NULL */
	const char *color;            /* or NULL */
	int64_t created_ms;           /* 0: unknown */
	const char *const *labels;    /* the highlight's label names (Omnivore's "#label" line) */
	size_t nlabels;
};

/* one imported item: what a format could read, the rest left empty (NULL / 0 / -1) */
struct content_import_item {
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
	const struct content_import_highlight *highlights;
	size_t nhighlights;
};

/* where a reader sends what it reads: item() once an item (return non-zero to stop: out of memory or the
 * store failed), bad() once a row it cannot read, with its line and a reason a person understands, skip() once
 * a record that is well formed but can never be an item (a browser's place: query, a javascript: bookmarklet,
 * a local file, a link without a web address), with its line and what it is; skip NULL: such records go to bad */
struct content_import_sink {
	int (*item)(void *ctx, const struct content_import_item *it);
	void (*bad)(void *ctx, size_t line, const char *reason);
	void *ctx;
	void (*skip)(void *ctx, size_t line, const char *reason);
};

/* the format of the file at path (its first bytes, and for a zip its entry names), or CONTENT_IMPORT_UNKNOWN */
enum content_import_format content_import_detect(const char *path);
/* read the file at path in format f, every item and bad row to sink, in the order of the file; memory from a
 * (a reader may reset nothing in a: the sink copies what it keeps). lim: NULL (the import readers keep
 * util/limits.h's LIMIT_IMPORT_*). 0 when the whole file was read, -1 with e (reader.h) when it could not be
 * read at all (CONTENT_E_FORMAT: not a zip, not JSON; CONTENT_E_IO: unreadable; CONTENT_E_LIMIT: too large;
 * CONTENT_E_STOPPED: the sink asked to stop) */
int content_import_read(enum content_import_format f, struct arena *a, const char *path, const struct content_limits *lim,
                        const struct content_import_sink *sink, struct content_error *e);
#endif
