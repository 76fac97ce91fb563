/* save.h (svc): saving a URL (a fetch job is queued) or a page (its HTML is ingested at once), the one save behind saveUrl, savePage and /api/save. */
#ifndef LARDER_SVC_SAVE_H
#define LARDER_SVC_SAVE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "store/store.h"
#include "util/arena.h"
#include "util/config.h"

/* what a front end asks to save; strings as received (svc checks, trims and normalises them) */
struct svc_save_in {
	const char *user_id, *username;  /* who saves (username NULL: "me" in the reader path) */
	const char *url;                 /* NULL or "": refused */
	const char *client_request_id;   /* a UUID becomes the new item's id, other text a lookup key; NULL/"": none */
	const char *source, *folder;     /* NULL or blank: "api" and the inbox */
	const char *state;               /* "ARCHIVED": archived once fetched; anything else: ignored */
	int64_t saved_ms, published_ms;  /* 0: now / unknown */
	const char *const *labels;       /* label names (an entry NULL: a label without a name, refused); may be
	                                  * NULL when nlabels is over labels_per_item (refused before reading) */
	size_t nlabels;
	const char *title;               /* NULL or blank: the article's title (page) or the URL */
	bool page;                       /* a page save: the HTML below is stored, no fetch is queued */
	const char *html;                /* page: the HTML (NULL: refused as missing) */
	size_t html_len;
};

enum svc_save_status {
	SVC_SAVED,           /* out.item is the stored item */
	SVC_SAVE_REFUSED,    /* the input cannot be saved: out.message says why, in words for the user */
	SVC_SAVE_FAILED,     /* the store failed or memory ran out: out.message names the step, store_rc the code */
};

struct svc_save_out {
	enum svc_save_status status;
	struct store_item item;
	bool existed;        /* the user had an item for the URL already (same id) */
	bool queued;         /* a fetch job waits for the item (URL saves) */
	const char *message;
	int store_rc;        /* SVC_SAVE_FAILED: a STORE_E_* code, or 0 for out of memory */
};

/* Checks and saves in->url for in->user_id (de-duplicated by the store). A URL save queues a fetch job and
 * notes it for svc_runner_after_request (svc/jobs.h). Returns out->status. */
enum svc_save_status svc_save(struct store *st, const struct larder_config *cfg, struct arena *a,
                              const struct svc_save_in *in, struct svc_save_out *out);

/* what every save checks (the URL normalised and allowed, clientRequestId, source, folder, state, times, the
 * label names trimmed and counted) into *sv; NULL when fine, else the refusal in words for the user. The
 * import (svc/import.h) checks each record with it too. */
const char *svc_save_check(const struct larder_config *cfg, struct arena *a, const struct svc_save_in *in,
                           struct store_save *sv);

/* NULL when url (already normalised) may be saved, else why not: no host, localhost, or a loopback, private or
 * link-local address literal (unless larder.conf's allow_private_fetch allows it); names are checked when fetched */
const char *svc_url_refusal(const struct larder_config *cfg, struct arena *a, const char *url);

/* the reader's path of an item on our site: "/USERNAME/SLUG" (NULL when out of memory) */
const char *svc_reader_path(struct arena *a, const char *username, const struct store_item *it);
#endif
