/* bulk.c: store functions acting on several rows at once: a page of a user's highlights, merging and labelling highlights, labels and folders of items, bulk actions and emptying the trash. */
#include "store/store_int.h"

#include <string.h>

#include "util/arena.h"
#include "util/limits.h"
#include "util/sb.h"
#include "util/time.h"

/* one word of a highlights page's filter (?N, lower case, or NULL for none) in the highlight's quote, its note or its
 * item's title (lower() folds ASCII letters only, on both engines alike here) */
#define HL_TEXT "lower(coalesce(h.quote, '') || ' ' || coalesce(h.annotation, '') || ' ' || coalesce(i.title, ''))"
#define HL_WORD(n) " AND (?" #n " IS NULL OR instr(" HL_TEXT ", ?" #n ") > 0)"
#define HL_WORD_PG(n) " AND (?" #n "::text IS NULL OR strpos(" HL_TEXT ", ?" #n "::text) > 0)"

/* the statements of bulk.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_ITEM_HL_COUNT,
	STMT_HL_PAGE,
	STMT_HL_LABELS_CLEAR,
	STMT_ITEM_FOLDER,
	STMT_BULK_ARCHIVE,
	STMT_BULK_DELETE,
	STMT_BULK_READ,
	STMT_TRASH_CUT_USER,
	STMT_TRASH_TOMBSTONE_USER,
	STMT_TRASH_EMPTY_USER,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_ITEM_HL_COUNT, "SELECT count(*) FROM highlights WHERE item_seq = ?1"),
	STORE_SQL(STMT_HL_PAGE,
		/* the user's highlights newest first (highlights_user), each item looked up by its seq; ?4 .. ?7: words (in
		 * lower case, or NULL) that the quote, the note or the item's title must each hold */
		"SELECT " STORE_HL_COLS("h.") " FROM highlights h JOIN library_items i ON i.seq = h.item_seq"
		" WHERE h.user_id = ?1 AND i.deleted_at IS NULL" HL_WORD(4) HL_WORD(5) HL_WORD(6) HL_WORD(7)
		" ORDER BY h.updated_at DESC, h.created_at DESC, h.id LIMIT ?2 OFFSET ?3",
		/* PostgreSQL: strpos for instr, and the parameters typed */
		"SELECT " STORE_HL_COLS("h.") " FROM highlights h JOIN library_items i ON i.seq = h.item_seq"
		" WHERE h.user_id = ?1 AND i.deleted_at IS NULL" HL_WORD_PG(4) HL_WORD_PG(5) HL_WORD_PG(6) HL_WORD_PG(7)
		" ORDER BY h.updated_at DESC, h.created_at DESC, h.id LIMIT ?2 OFFSET ?3"),
	STORE_SQL(STMT_HL_LABELS_CLEAR, "DELETE FROM highlight_labels WHERE highlight_id = ?1"),
	STORE_SQL(STMT_ITEM_FOLDER,
		/* moving into the inbox saves the item again (now), as Omnivore does */
		"UPDATE library_items SET folder = ?3, saved_at = CASE WHEN ?3 = 'inbox' THEN ?2 ELSE saved_at END,"
		" updated_at = ?2 WHERE seq = ?1 AND coalesce(folder, 'inbox') <> ?3"),
	STORE_SQL(STMT_BULK_ARCHIVE,
		"UPDATE library_items SET archived_at = ?2, updated_at = ?2 WHERE seq = ?1 AND archived_at IS NULL"),
	STORE_SQL(STMT_BULK_DELETE,
		"UPDATE library_items SET deleted_at = ?2, updated_at = ?2 WHERE seq = ?1 AND deleted_at IS NULL"),
	STORE_SQL(STMT_BULK_READ,
		"UPDATE library_items SET progress = 100, read_at = ?2, updated_at = ?2 WHERE seq = ?1"),
	/* emptyTrash, a batch at a time: the batch is the user's trashed items after seq ?3 (where the last batch
	 * ended) up to seq ?2, the last of the first ?2 after ?3 of TRASH_CUT_USER (items_user_trash). Starting
	 * where the last one ended, no batch walks again over the index entries of the items gone before it
	 * (PostgreSQL keeps them until a vacuum) */
	STORE_SQL(STMT_TRASH_CUT_USER,
		"SELECT max(seq) FROM (SELECT seq FROM library_items INDEXED BY items_user_trash"
		" WHERE user_id = ?1 AND deleted_at IS NOT NULL AND seq > ?3 ORDER BY seq LIMIT ?2) AS b",
		/* SQLite's INDEXED BY (its planner would walk items_user, the user's every item, for the trashed ones) */
		"SELECT max(seq) FROM (SELECT seq FROM library_items WHERE user_id = ?1 AND deleted_at IS NOT NULL"
		" AND seq > ?3 ORDER BY seq LIMIT ?2) AS b"),
	STORE_SQL(STMT_TRASH_TOMBSTONE_USER,
		"INSERT OR REPLACE INTO item_tombstones (user_id, item_id, deleted_at)"
		" SELECT user_id, id, deleted_at FROM library_items INDEXED BY items_user_trash"
		" WHERE user_id = ?1 AND deleted_at IS NOT NULL AND seq > ?3 AND seq <= ?2",
		/* PostgreSQL: no INDEXED BY; INSERT OR REPLACE: ON CONFLICT (the primary key) DO UPDATE */
		"INSERT INTO item_tombstones (user_id, item_id, deleted_at)"
		" SELECT user_id, id, deleted_at FROM library_items WHERE user_id = ?1 AND deleted_at IS NOT NULL"
		" AND seq > ?3 AND seq <= ?2"
		" ON CONFLICT (user_id, item_id) DO UPDATE SET deleted_at = excluded.deleted_at"),
	STORE_SQL(STMT_TRASH_EMPTY_USER,
		"DELETE FROM library_items INDEXED BY items_user_trash"
		" WHERE user_id = ?1 AND deleted_at IS NOT NULL AND seq > ?3 AND seq <= ?2",
		/* PostgreSQL: no INDEXED BY (SQLite's planner alone needs it) */
		"DELETE FROM library_items WHERE user_id = ?1 AND deleted_at IS NOT NULL AND seq > ?3 AND seq <= ?2"),
};
STORE_STATEMENTS(bulk, statements)

int store_item_highlight_count(struct store *st, int64_t seq, int64_t *n)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_HL_COUNT);
	db_bind_int64(s, 1, seq);
	*n = 0;
	return store_get_ints(st, s, n, 1, "counting an item's highlights");
}

int store_highlights_page(struct store *st, struct arena *a, const char *user_id, const char *const *words,
                          int64_t offset, int64_t limit, struct store_highlight **out, size_t *n, bool *has_next)
{
	struct db_stmt *s = stmt(st, STMT_HL_PAGE);
	void *rows;
	int rc;
	*out = NULL;
	*n = 0;
	*has_next = false;
	db_bind_text(s, 1, user_id);
	db_bind_int64(s, 2, limit + 1); /* one more than asked: is there a next page? */
	db_bind_int64(s, 3, offset < 0 ? 0 : offset);
	for (int i = 0; i < STORE_HL_WORDS; i++)
		db_bind_text(s, 4 + i, words && words[i] && *words[i] ? words[i] : NULL);
	if ((rc = store_get_rows(st, a, s, &store_rowdef_highlight, &rows, n, "listing highlights")) != STORE_OK)
		return rc;
	if (*n > (size_t)limit) {
		*n = (size_t)limit;
		*has_next = true;
	}
	*out = rows;
	return STORE_OK;
}

/* the label (by id, or by name, created when missing) into *l */
static int label_of(struct store *st, struct arena *a, const char *user_id, const struct store_label_ref *ref,
                    struct store_label *l)
{
	if (ref->id)
		return store_label_get(st, a, user_id, ref->id, l);
	return store_label_ensure(st, a, user_id, ref->name, ref->color, l);
}

/* one label on one highlight (a label it has already is kept once) */
static int label_highlight(struct store *st, const char *highlight_id, const char *label_id)
{
	return store_highlight_label_add(st, highlight_id, label_id, "labelling a highlight");
}

/* one label on the item at seq, added at `at` (a label it has already is kept once) */
static int label_item(struct store *st, int64_t seq, const char *label_id, int64_t at)
{
	return store_item_label_add(st, seq, label_id, at, "labelling an item");
}

/* the overlapped highlights' labels, then the highlights themselves, gone; their notes joined into *notes */
static int remove_overlaps(struct store *st, struct arena *a, const char *user_id, const char *const *overlap,
                           size_t n, struct store_label **labels, size_t *nlabels, struct sb *notes)
{
	*labels = NULL;
	*nlabels = 0;
	for (size_t i = 0; i < n; i++) {
		struct store_highlight h;
		struct store_label *l;
		size_t nl;
		int rc;
		if ((rc = store_highlight_get(st, a, user_id, overlap[i], &h)) != STORE_OK ||
		    (rc = store_highlight_labels(st, a, h.id, &l, &nl)) != STORE_OK)
			return rc;
		if (nl > 0) {
			struct store_label *all = ARENA_NEWN(a, struct store_label, *nlabels + nl);
			if (all == NULL)
				return STORE_E_DB;
			if (*nlabels)
				memcpy(all, *labels, *nlabels * sizeof *all);
			memcpy(all + *nlabels, l, nl * sizeof *all);
			*labels = all;
			*nlabels += nl;
		}
		if (h.annotation && *h.annotation)
			sb_printf(notes, "%s%s", notes->len ? "\n" : "", h.annotation);
		if ((rc = store_highlight_delete(st, a, user_id, h.id, NULL)) != STORE_OK)
			return rc;
	}
	return STORE_OK;
}

int store_highlight_merge(struct store *st, struct arena *a, const char *user_id, const struct store_highlight *in,
                          const char *const *overlap, size_t n, struct store_highlight *out)
{
	struct store_highlight merged = *in;
	struct store_label *labels;
	size_t nlabels;
	struct sb notes;
	int rc;
	if (!user_id || !in)
		return STORE_E_NOTFOUND;
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	sb_init(&notes);
	rc = remove_overlaps(st, a, user_id, overlap, n, &labels, &nlabels, &notes);
	if (rc == STORE_OK && merged.annotation == NULL && notes.len > 0 &&
	    (merged.annotation = arena_strdup(a, sb_str(&notes))) == NULL)
		rc = STORE_E_DB;
	sb_free(&notes);
	if (rc == STORE_OK)
		rc = store_highlight_insert(st, a, user_id, &merged, out);
	for (size_t i = 0; rc == STORE_OK && i < nlabels; i++)
		rc = label_highlight(st, out->id, labels[i].id);
	return store_end(st, rc);
}

int store_highlight_set_labels(struct store *st, struct arena *a, const char *user_id, const char *id,
                               const struct store_label_ref *labels, size_t n, struct store_label **out,
                               size_t *nout)
{
	struct store_highlight h;
	int rc;
	if (n > st->lim.labels_per_item) {
		snprintf(st->errmsg, sizeof st->errmsg, "a highlight has at most %u labels (labels_per_item in larder.conf)",
		         (unsigned)st->lim.labels_per_item);
		return STORE_E_LIMIT;
	}
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	if ((rc = store_highlight_get(st, a, user_id, id, &h)) == STORE_OK && /* the item's row first (label_item_ids) */
	    (rc = store_item_touch(st, h.item_seq, time_now_ms(), "touching an item")) == STORE_OK) {
		struct db_stmt *s = stmt(st, STMT_HL_LABELS_CLEAR);
		db_bind_text(s, 1, h.id);
		rc = store_step_done(st, s, "clearing a highlight's labels");
	}
	for (size_t i = 0; rc == STORE_OK && i < n; i++) {
		struct store_label l;
		if ((rc = label_of(st, a, user_id, &labels[i], &l)) == STORE_OK)
			rc = label_highlight(st, h.id, l.id);
	}
	if ((rc = store_end(st, rc)) != STORE_OK)
		return rc;
	return store_highlight_labels(st, a, h.id, out, nout);
}

/* gives the item at seq the labels (ids of labels already checked to be the user's); the item's row is
 * written first, as a fetch's fill writes it first, so on PostgreSQL the two take row locks in one order */
static int label_item_ids(struct store *st, int64_t seq, const char *const *ids, size_t n, int64_t now)
{
	int64_t before = 0;
	int rc = store_item_touch(st, seq, now, "touching an item");
	if (rc != STORE_OK)
		return rc;
	rc = store_item_label_count(st, seq, &before, "counting an item's labels");
	for (size_t i = 0; rc == STORE_OK && i < n; i++)
		rc = label_item(st, seq, ids[i], now + (int64_t)i);
	return rc == STORE_OK ? store_item_check_labels(st, seq, before) : rc;
}

int store_item_add_label(struct store *st, struct arena *a, const char *user_id, const char *id, const char *name,
                         const char *color, struct store_item *out)
{
	struct store_label_ref ref = { .name = name, .color = color };
	struct store_label l;
	int rc;
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	if ((rc = store_item_get(st, a, user_id, id, out)) == STORE_OK &&
	    (rc = label_of(st, a, user_id, &ref, &l)) == STORE_OK)
		rc = label_item_ids(st, out->seq, (const char *const[]){ l.id }, 1, time_now_ms());
	if ((rc = store_end(st, rc)) != STORE_OK)
		return rc;
	return store_item_by_seq(st, a, out->seq, out);
}

/* the item at seq into folder */
static int move_item(struct store *st, int64_t seq, const char *folder, int64_t now)
{
	struct db_stmt *s = stmt(st, STMT_ITEM_FOLDER);
	db_bind_int64(s, 1, seq);
	db_bind_int64(s, 2, now);
	db_bind_text(s, 3, folder);
	return store_step_done(st, s, "moving an item");
}

int store_item_set_folder(struct store *st, struct arena *a, const char *user_id, const char *id, const char *folder,
                          struct store_item *out)
{
	int rc;
	if (!folder)
		return STORE_E_INVAL;
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	if ((rc = store_item_get(st, a, user_id, id, out)) == STORE_OK)
		rc = strcmp(out->folder ? out->folder : "inbox", folder) == 0 ? STORE_E_EXISTS
		                                                                 : move_item(st, out->seq, folder, time_now_ms());
	if ((rc = store_end(st, rc)) != STORE_OK)
		return rc;
	return store_item_by_seq(st, a, out->seq, out);
}

/* the action on the item at seq */
static int bulk_one(struct store *st, const struct store_bulk *b, int64_t seq, int64_t now)
{
	switch (b->action) {
	case STORE_BULK_ARCHIVE: return store_run2(st, stmt(st, STMT_BULK_ARCHIVE), seq, now, "archiving an item");
	case STORE_BULK_DELETE: return store_run2(st, stmt(st, STMT_BULK_DELETE), seq, now, "moving an item to the trash");
	case STORE_BULK_READ: return store_run2(st, stmt(st, STMT_BULK_READ), seq, now, "marking an item read");
	case STORE_BULK_FOLDER: return move_item(st, seq, b->folder, now);
	case STORE_BULK_LABELS: return label_item_ids(st, seq, b->label_ids, b->nlabels, now);
	case STORE_BULK_SEEN: default: return STORE_OK; /* Larder keeps no "seen" time */
	}
}

int store_bulk_apply(struct store *st, struct arena *a, const char *user_id, const struct store_bulk *b,
                     const int64_t *seqs, size_t n)
{
	int64_t now = time_now_ms();
	int rc;
	if (!user_id || (b->action == STORE_BULK_FOLDER && !b->folder))
		return STORE_E_INVAL;
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	for (size_t i = 0; rc == STORE_OK && i < b->nlabels; i++) {
		struct store_label l;
		rc = store_label_get(st, a, user_id, b->label_ids[i], &l);
	}
	for (size_t i = 0; rc == STORE_OK && i < n; i++)
		rc = bulk_one(st, b, seqs[i], now);
	return store_end(st, rc);
}

/* one batch of emptyTrash: the next LIMIT_DELETE_BATCH items of the user's trash (by seq), a tombstone each */
static int trash_batch(struct store *st, struct store_batch *b)
{
	static const enum stmt steps[] = { STMT_TRASH_TOMBSTONE_USER, STMT_TRASH_EMPTY_USER };
	struct db_stmt *s = stmt(st, STMT_TRASH_CUT_USER);
	int64_t cut = 0;
	int rc;
	db_bind_text(s, 1, b->arg);
	db_bind_int64(s, 2, LIMIT_DELETE_BATCH);
	db_bind_int64(s, 3, b->after);
	if ((rc = store_get_ints(st, s, &cut, 1, "finding a batch of the trash")) != STORE_OK || cut == 0)
		return rc; /* max() of nothing is NULL: the trash is empty */
	for (size_t i = 0; rc == STORE_OK && i < 2; i++) {
		s = stmt(st, steps[i]);
		db_bind_text(s, 1, b->arg);
		db_bind_int64(s, 2, cut);
		db_bind_int64(s, 3, b->after);
		rc = store_step_done(st, s, i == 0 ? "recording tombstones" : "emptying the trash");
	}
	if (rc == STORE_OK) {
		b->n = db_changes(st->db);
		b->next = cut;
	}
	return rc;
}

int store_trash_empty(struct store *st, const char *user_id, int64_t *purged)
{
	*purged = 0;
	if (!user_id)
		return STORE_E_NOTFOUND;
	return store_batches(st, trash_batch, (void *)user_id, purged);
}
