/* highlight.c: store functions for highlights: create on an item, read, edit, delete, and their labels. */
#include "store/store_int.h"

#include <string.h>

#include "util/arena.h"
#include "util/crypto.h"
#include "util/time.h"

/* the statements of highlight.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_HL_INSERT,
	STMT_HL_GET,
	STMT_HL_UPDATE,
	STMT_HL_DELETE,
	STMT_HL_LABELS,
	STMT_HL_LABEL_ADD,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_HL_INSERT,
		"INSERT INTO highlights (id, short_id, user_id, item_seq, type, quote, prefix, suffix, patch, annotation,"
		" html, color, representation, position_percent, position_anchor, created_at, updated_at)"
		" SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?16"
		" WHERE (SELECT count(*) FROM highlights WHERE item_seq = ?4) < ?17" /* highlights_per_item */
		" RETURNING " STORE_HL_COLS("")),
	STORE_SQL(STMT_HL_GET,
		"SELECT " STORE_HL_COLS("") " FROM highlights WHERE user_id = ?1 AND id = ?2"),
	STORE_SQL(STMT_HL_UPDATE,
		"UPDATE highlights SET annotation = coalesce(?3, annotation), quote = coalesce(?4, quote),"
		" html = coalesce(?5, html), color = coalesce(?6, color), shared_at = coalesce(?7, shared_at),"
		" updated_at = ?8 WHERE user_id = ?1 AND id = ?2 RETURNING " STORE_HL_COLS("")),
	STORE_SQL(STMT_HL_DELETE,
		"DELETE FROM highlights WHERE user_id = ?1 AND id = ?2 RETURNING " STORE_HL_COLS("")),
	STORE_SQL(STMT_HL_LABELS,
		"SELECT " STORE_LABEL_COLS("l.") " FROM highlight_labels hl JOIN labels l ON l.id = hl.label_id"
		" WHERE hl.highlight_id = ?1 ORDER BY l.name COLLATE NOCASE, l.id"),
	STORE_SQL(STMT_HL_LABEL_ADD, "INSERT OR IGNORE INTO highlight_labels (highlight_id, label_id) VALUES (?1, ?2)",
		/* PostgreSQL: INSERT OR IGNORE: ON CONFLICT DO NOTHING */
		"INSERT INTO highlight_labels (highlight_id, label_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING"),
};
STORE_STATEMENTS(highlight, statements)

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

int store_highlight_add_row(struct store *st, struct arena *a, int64_t seq, const struct store_highlight *h,
                            int64_t created_ms, struct store_highlight *out, const char *what)
{
	struct db_stmt *s = stmt(st, STMT_HL_INSERT);
	int rc;
	store_bind_texts(s, 1, (const char *const[]){ h->id, h->short_id, h->user_id }, 3);
	db_bind_int64(s, 4, seq);
	db_bind_text(s, 5, h->type ? h->type : "HIGHLIGHT");
	store_bind_texts(s, 6, (const char *const[]){ h->quote, h->prefix, h->suffix, h->patch, h->annotation,
	                                              h->html, h->color }, 7);
	db_bind_text(s, 13, h->representation ? h->representation : "CONTENT");
	db_bind_double(s, 14, h->position_percent);
	db_bind_int64(s, 15, h->position_anchor);
	db_bind_int64(s, 16, created_ms);
	db_bind_int64(s, 17, st->lim.highlights_per_item);
	if (out)
		rc = step_hl(st, a, s, what, out);
	else {
		rc = store_step_row(st, s, what);
		store_done(s);
	}
	if (rc == STORE_E_NOTFOUND) { /* no row inserted: the item has as many highlights as allowed */
		snprintf(st->errmsg, sizeof st->errmsg, "the item has %u highlights, the most allowed "
		         "(highlights_per_item in larder.conf)", (unsigned)st->lim.highlights_per_item);
		rc = STORE_E_LIMIT;
	}
	return rc;
}

int store_highlight_label_add(struct store *st, const char *highlight_id, const char *label_id, const char *what)
{
	struct db_stmt *s = stmt(st, STMT_HL_LABEL_ADD);
	db_bind_text(s, 1, highlight_id);
	db_bind_text(s, 2, label_id);
	return store_step_done(st, s, what);
}

int store_highlight_insert(struct store *st, struct arena *a, const char *user_id, const struct store_highlight *in,
                           struct store_highlight *out)
{
	struct store_item it;
	struct store_highlight row = *in;
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
	row.id = id, row.short_id = short_id, row.user_id = user_id;
	if ((rc = store_highlight_add_row(st, a, it.seq, &row, time_now_ms(), out, "creating a highlight")) != STORE_OK)
		return rc;
	if ((rc = store_item_touch(st, it.seq, time_now_ms(), "touching an item")) != STORE_OK)
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
	struct db_stmt *s = stmt(st, which);
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
	struct db_stmt *s = stmt(st, STMT_HL_UPDATE);
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
	struct db_stmt *s = stmt(st, STMT_HL_LABELS);
	db_bind_text(s, 1, highlight_id);
	return store_labels_collect(st, a, s, out, n);
}
