/* highlight.c: store functions for highlights: create on an item, read, edit, delete, and their labels. */
#include "store/store_int.h"

#include <string.h>

#include "util/arena.h"
#include "util/crypto.h"
#include "util/time.h"

/* one highlight row of a stepped statement into out (NULL: read and dropped), or NOTFOUND */
static int step_hl(struct store *st, struct arena *a, struct db_stmt *s, const char *what, struct store_highlight *out)
{
	struct store_highlight tmp;
	return store_get_row(st, a, s, &store_rowdef_highlight, out ? out : &tmp, what);
}

/* the highlight's item id (rows carry only the item's seq) */
static int with_item_id(struct store *st, struct arena *a, int rc, struct store_highlight *h)
{
	struct store_item it;
	if (rc != STORE_OK || !h)
		return rc;
	if ((rc = store_item_by_seq(st, a, h->item_seq, &it)) != STORE_OK)
		return rc;
	h->item_id = it.id;
	return STORE_OK;
}

int store_highlight_insert(struct store *st, struct arena *a, const char *user_id, const struct store_highlight *in,
                           struct store_highlight *out)
{
	struct db_stmt *s = st->stmt[STMT_HL_INSERT];
	struct store_item it;
	char id[37], short_id[9];
	int rc;
	if (!user_id || !in || !in->item_id)
		return STORE_E_NOTFOUND;
	if ((rc = store_item_get(st, a, user_id, in->item_id, &it)) != STORE_OK)
		return rc;
	if (in->id && *in->id)
		snprintf(id, sizeof id, "%s", in->id);
	else
		crypto_uuid_v4(id);
	if (in->short_id && *in->short_id)
		snprintf(short_id, sizeof short_id, "%s", in->short_id);
	else
		memcpy(short_id, id, 8), short_id[8] = '\0';
	db_bind_text(s, 1, id);
	db_bind_text(s, 2, short_id);
	db_bind_text(s, 3, user_id);
	db_bind_int64(s, 4, it.seq);
	db_bind_text(s, 5, in->type ? in->type : "HIGHLIGHT");
	store_bind_texts(s, 6, (const char *const[]){ in->quote, in->prefix, in->suffix, in->patch, in->annotation,
	                                              in->html, in->color }, 7);
	db_bind_text(s, 13, in->representation ? in->representation : "CONTENT");
	db_bind_double(s, 14, in->position_percent);
	db_bind_int64(s, 15, in->position_anchor);
	db_bind_int64(s, 16, time_now_ms());
	db_bind_int64(s, 17, st->lim.highlights_per_item);
	if ((rc = step_hl(st, a, s, "creating a highlight", out)) != STORE_OK) {
		if (rc == STORE_E_NOTFOUND) { /* no row inserted: the item has as many highlights as allowed */
			snprintf(st->errmsg, sizeof st->errmsg, "the item has %u highlights, the most allowed "
			         "(highlights_per_item in larder.conf)", (unsigned)st->lim.highlights_per_item);
			rc = STORE_E_LIMIT;
		}
		return rc;
	}
	if ((rc = store_run2(st, STMT_ITEM_TOUCH, it.seq, time_now_ms(), "touching an item")) != STORE_OK)
		return rc;
	if (out)
		out->item_id = it.id;
	return STORE_OK;
}

int store_highlight_create(struct store *st, struct arena *a, const char *user_id, const struct store_highlight *in,
                           struct store_highlight *out)
{
	int rc;
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	return store_end(st, store_highlight_insert(st, a, user_id, in, out));
}

/* a highlight by id through a user-scoped statement with no other bindings (get, delete) */
static int hl_by_id(struct store *st, struct arena *a, enum stmt which, const char *user_id, const char *id,
                    const char *what, struct store_highlight *out)
{
	struct db_stmt *s = st->stmt[which];
	if (!store_bind_owned(s, user_id, id))
		return STORE_E_NOTFOUND;
	return with_item_id(st, a, step_hl(st, a, s, what, out), out);
}

int store_highlight_get(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_highlight *out)
{
	return hl_by_id(st, a, STMT_HL_GET, user_id, id, "reading a highlight", out);
}

int store_highlight_update(struct store *st, struct arena *a, const char *user_id, const char *id,
                           const char *annotation, const char *quote, const char *html, const char *color,
                           int64_t shared_ms, struct store_highlight *out)
{
	struct db_stmt *s = st->stmt[STMT_HL_UPDATE];
	if (!store_bind_owned(s, user_id, id))
		return STORE_E_NOTFOUND;
	store_bind_texts(s, 3, (const char *const[]){ annotation, quote, html, color }, 4);
	store_bind_ms(s, 7, shared_ms);
	db_bind_int64(s, 8, time_now_ms());
	return with_item_id(st, a, step_hl(st, a, s, "updating a highlight", out), out);
}

int store_highlight_delete(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_highlight *out)
{
	return hl_by_id(st, a, STMT_HL_DELETE, user_id, id, "deleting a highlight", out);
}

int store_highlight_labels(struct store *st, struct arena *a, const char *highlight_id, struct store_label **out, size_t *n)
{
	struct db_stmt *s = st->stmt[STMT_HL_LABELS];
	db_bind_text(s, 1, highlight_id);
	return store_labels_collect(st, a, s, out, n);
}
