/* import.h (svc): moving a library in: the records the content layer's readers give (content/transfer/import.h) stored for a user (idempotent, atomic per batch, a report line per bad row), and the slug rule. */
#ifndef LARDER_SVC_IMPORT_H
#define LARDER_SVC_IMPORT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "content/transfer/import.h"
#include "store/store.h"
#include "util/arena.h"
#include "util/config.h"

/* is s a slug an item may keep (and a file be named by): letters, digits, '-', '_', '.', not first, at most 200 */
bool svc_import_plain_slug(const char *s);

/* ---- import.c: storing the records (larder import, the import job of an upload) ---- */
#include "util/sb.h"

/* records stored in one transaction each: a store failure rolls back its batch alone */
#define SVC_IMPORT_BATCH 200
/* the label Omnivore gives a favourite item (its setFavoriteArticle adds it) */
#define SVC_IMPORT_FAVORITES "Favorites"

/* what an import did: the counts, and one line "line N: reason" per bad row or item not stored ("line N: skipped:
 * what it is" per record skipped) */
struct svc_import_report {
	size_t added, updated, unchanged, failed;
	size_t skipped;     /* records that are never items (a browser's place: query, a bookmarklet): not failures */
	size_t left_out;    /* new items not stored because the user reached items_per_user (counted in failed too) */
	struct sb lines;    /* sb_init'd by the caller, sb_free'd by the caller */
};

/* the state of a storing sink: the records of the running batch, copied, and where the next fetch goes */
struct svc_import_store {
	struct store *st;
	const struct larder_config *cfg;
	const char *user_id;
	struct svc_import_report *report;
	struct arena batch;              /* the buffered records' copies (reset after each batch) */
	struct content_import_item items[SVC_IMPORT_BATCH];
	size_t n;
	int64_t next_fetch_ms, fetch_step_ms; /* fetch jobs due one fetch_step_ms after another */
	void (*progress)(void *ctx, const struct svc_import_report *r); /* after each batch, or NULL */
	void *progress_ctx;
	int failed_store;                /* a store error happened (a STORE_E_* code), 0: none */
	char quota[256];                 /* why items were left out (store_errmsg of the first), "" when none were */
};
/* a sink (to give content_import_read) storing every record for user_id into st, counting into report; call
 * svc_import_sink_flush once the reader is done */
void svc_import_sink_store(struct svc_import_store *s, struct store *st, const struct larder_config *cfg,
                           const char *user_id, struct svc_import_report *report, struct content_import_sink *out);
/* stores the last, partial batch and frees the sink's memory; 0, or -1 when a batch could not be stored */
int svc_import_sink_flush(struct svc_import_store *s);
/* the n records stored for user_id, batch by batch: the counts and bad items into report (sb_init'd);
 * 0, or -1 when a batch could not be stored (its items are reported failed) */
int svc_import_items(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                     const struct content_import_item *items, size_t n, struct svc_import_report *report);
/* the file at path read in format f (CONTENT_IMPORT_UNKNOWN: detected) and stored for user_id; progress as in
 * svc_import_store. 0; -1 with *err when it could not be read at all (its format unknown, not that format),
 * -2 with *err when a batch could not be stored (what was read is in the report either way) */
int svc_import_file(struct store *st, const struct larder_config *cfg, struct arena *a, const char *user_id,
                    enum content_import_format f, const char *path, struct svc_import_report *report,
                    void (*progress)(void *ctx, const struct svc_import_report *r), void *ctx, const char **err);
#endif
