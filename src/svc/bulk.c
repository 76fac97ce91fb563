/* bulk.c (svc): bulkAction's work: its input checked, the search that picks the items, and one store transaction over them. */
#include "svc/bulk.h"

#include <string.h>

#include "store/search.h"
#include "util/limits.h"
#include "util/utf8.h"


/* Omnivore's action names and what the store does for each */
static const struct { const char *name; enum store_bulk_action action; } actions[] = {
	{ "ARCHIVE", STORE_BULK_ARCHIVE }, { "DELETE", STORE_BULK_DELETE }, { "MARK_AS_READ", STORE_BULK_READ },
	{ "MARK_AS_SEEN", STORE_BULK_SEEN }, { "MOVE_TO_FOLDER", STORE_BULK_FOLDER }, { "ADD_LABELS", STORE_BULK_LABELS },
};

const char *svc_folder_refusal(const char *folder)
{
	if (folder == NULL || *folder == '\0')
		return "give the folder to move to: inbox or following";
	if (strcmp(folder, "inbox") != 0 && strcmp(folder, "following") != 0)
		return "there is no such folder: the folders are inbox and following";
	return NULL;
}

static enum svc_bulk_status refuse(struct svc_bulk_out *out, const char *message)
{
	out->status = SVC_BULK_REFUSED;
	out->message = message;
	return out->status;
}

static enum svc_bulk_status fail(struct svc_bulk_out *out, const char *step, int store_rc)
{
	out->status = SVC_BULK_FAILED;
	out->message = step;
	out->store_rc = store_rc;
	return out->status;
}

/* the action's own input into b; NULL when fine, else why it is refused */
static const char *check_input(const struct larder_config *cfg, const struct svc_bulk_in *in, struct store_bulk *b)
{
	size_t i, n = sizeof actions / sizeof actions[0];
	uint32_t per_item = cfg->labels_per_item;
	for (i = 0; i < n && (in->action == NULL || strcmp(actions[i].name, in->action) != 0); i++)
		;
	if (i == n)
		return "unknown action: it is one of ARCHIVE, DELETE, MARK_AS_READ, MARK_AS_SEEN, MOVE_TO_FOLDER, ADD_LABELS";
	memset(b, 0, sizeof *b);
	b->action = actions[i].action;
	if (in->query && utf8_count(in->query, strlen(in->query)) > LIMIT_SEARCH_QUERY)
		return "a search query has at most " LIMIT_STR(LIMIT_SEARCH_QUERY) " characters";
	if (in->expected_count && *in->expected_count < 0)
		return "expectedCount must not be negative";
	if (in->expected_count && *in->expected_count > LIMIT_BULK_ITEMS)
		return "a bulk action changes at most " LIMIT_STR(LIMIT_BULK_ITEMS) " items (LIMIT_BULK_ITEMS): narrow the query";
	if (b->action == STORE_BULK_FOLDER) {
		b->folder = in->folder;
		return svc_folder_refusal(in->folder);
	}
	if (b->action != STORE_BULK_LABELS)
		return NULL;
	if (in->nlabels == 0)
		return "ADD_LABELS needs the labels to add in labelIds";
	if (in->nlabels > per_item)
		return "more labels than an item may have (labels_per_item in larder.conf)";
	for (i = 0; i < in->nlabels; i++)
		if (in->label_ids[i] == NULL || *in->label_ids[i] == '\0')
			return "a label id must not be empty";
	b->label_ids = in->label_ids;
	b->nlabels = in->nlabels;
	return NULL;
}

/* the items matching the query, at most LIMIT_BULK_ITEMS of them (more: refused); their seqs in *seqs */
static enum svc_bulk_status find_items(struct store *st, const struct larder_config *cfg, struct arena *a,
                                       const struct svc_bulk_in *in, int64_t **seqs, struct svc_bulk_out *out)
{
	struct store_search_req q = {
		.user_id = in->user_id, .query = in->query ? in->query : "", .offset = 0, .limit = LIMIT_BULK_ITEMS,
		.now_ms = in->now_ms, .time_ms = cfg->search_time_ms,
	};
	struct store_search_res res;
	int r = store_search(st, a, &q, &res);
	if (r == STORE_E_INVAL)
		return refuse(out, res.error[0] ? arena_strdup(a, res.error) : "malformed search query");
	if (r == STORE_E_LIMIT)
		return refuse(out, "the search took longer than search_time_ms in larder.conf allows: narrow the query");
	if (r != STORE_OK)
		return fail(out, "searching", r);
	if (res.has_next)
		return refuse(out, "the query matches more than " LIMIT_STR(LIMIT_BULK_ITEMS) " items, the most one bulk action "
		              "changes (LIMIT_BULK_ITEMS): narrow the query");
	if ((*seqs = ARENA_NEWN(a, int64_t, res.n + 1)) == NULL)
		return fail(out, "bulk action", 0);
	for (size_t i = 0; i < res.n; i++)
		(*seqs)[i] = res.items[i].seq;
	out->count = res.n;
	return SVC_BULK_DONE;
}

enum svc_bulk_status svc_bulk(struct store *st, const struct larder_config *cfg, struct arena *a,
                              const struct svc_bulk_in *in, struct svc_bulk_out *out)
{
	struct store_bulk b;
	const char *why;
	int64_t *seqs = NULL;
	int r;
	memset(out, 0, sizeof *out);
	if ((why = check_input(cfg, in, &b)) != NULL)
		return refuse(out, why);
	if (find_items(st, cfg, a, in, &seqs, out) != SVC_BULK_DONE)
		return out->status;
	r = store_bulk_apply(st, a, in->user_id, &b, seqs, out->count);
	if (r == STORE_E_NOTFOUND)
		return refuse(out, "a label id in labelIds is not one of your labels");
	if (r == STORE_E_LIMIT)
		return refuse(out, arena_strdup(a, store_errmsg(st)));
	if (r != STORE_OK)
		return fail(out, "bulk action", r);
	out->status = SVC_BULK_DONE;
	return out->status;
}
