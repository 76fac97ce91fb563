/* bulk.h (svc): one action over every item a search finds (bulkAction): at most LIMIT_BULK_ITEMS items, in one transaction. */
#ifndef LARDER_SVC_BULK_H
#define LARDER_SVC_BULK_H
#include <stddef.h>
#include <stdint.h>
#include "store/store.h"
#include "util/arena.h"
#include "util/config.h"

struct svc_bulk_in {
	const char *user_id;
	const char *action;            /* Omnivore's BulkActionType: ARCHIVE, DELETE, MARK_AS_READ, MARK_AS_SEEN,
	                                * MOVE_TO_FOLDER, ADD_LABELS */
	const char *query;             /* Omnivore's search language; NULL or "": every item not in the trash */
	const char *const *label_ids;  /* ADD_LABELS: the user's labels to add (at most labels_per_item) */
	size_t nlabels;
	const char *folder;            /* MOVE_TO_FOLDER: where to (svc_folder_refusal) */
	const int64_t *expected_count; /* how many the client expects to change (over LIMIT_BULK_ITEMS: refused at
	                                * once); NULL: not given */
	int64_t now_ms;                /* 0: now (resolves today, last24hrs, … in the query) */
};

enum svc_bulk_status {
	SVC_BULK_DONE,      /* out.count items were acted on */
	SVC_BULK_REFUSED,   /* nothing changed: out.message says why, in words for the user */
	SVC_BULK_FAILED,    /* the store failed: out.message names the step, store_rc the code */
};

struct svc_bulk_out {
	enum svc_bulk_status status;
	size_t count;
	const char *message;
	int store_rc;
};

/* Finds the user's items matching in->query (under search_time_ms) and acts on all of them in one
 * transaction; refuses a query matching more than LIMIT_BULK_ITEMS items. Returns out->status. */
enum svc_bulk_status svc_bulk(struct store *st, const struct larder_config *cfg, struct arena *a,
                              const struct svc_bulk_in *in, struct svc_bulk_out *out);

/* NULL when an item may be moved to folder ("inbox" or "following", Omnivore's folders), else why not */
const char *svc_folder_refusal(const char *folder);
#endif
