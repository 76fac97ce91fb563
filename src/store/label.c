/* label.c: store functions for labels: list, look up, create (or find by name), rename/recolour, delete. */
#include "store/store_int.h"

#include <string.h>

#include "util/arena.h"
#include "util/crypto.h"
#include "util/limits.h"
#include "util/time.h"
#include "util/utf8.h"

/* the statements of label.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_LABEL_LIST,
	STMT_LABEL_BY_ID,
	STMT_LABEL_BY_NAME,
	STMT_LABEL_INSERT,
	STMT_LABEL_UPDATE,
	STMT_LABEL_DELETE,
	STMT_LABEL_TOUCH_ITEMS,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_LABEL_LIST,
		DB_GENERIC "SELECT " STORE_LABEL_COLS("") " FROM labels WHERE user_id = ?1"
		" ORDER BY position, name COLLATE NOCASE, id"),
	STORE_SQL(STMT_LABEL_BY_ID,
		"SELECT " STORE_LABEL_COLS("") " FROM labels WHERE user_id = ?1 AND id = ?2"),
	STORE_SQL(STMT_LABEL_BY_NAME,
		"SELECT " STORE_LABEL_COLS("") " FROM labels WHERE user_id = ?1 AND name = ?2 COLLATE NOCASE"),
	STORE_SQL(STMT_LABEL_INSERT,
		/* no row when the user has ?9 labels already (labels_per_user) */
		"INSERT INTO labels (id, user_id, name, color, description, position, internal, source, created_at, updated_at)"
		" SELECT ?1, ?2, ?3, ?4, ?5, (SELECT coalesce(max(position), 0) + 1 FROM labels WHERE user_id = ?2),"
		" ?6, ?7, ?8, ?8 WHERE (SELECT count(*) FROM labels WHERE user_id = ?2) < ?9"
		" RETURNING " STORE_LABEL_COLS("")),
	STORE_SQL(STMT_LABEL_UPDATE,
		"UPDATE labels SET name = ?3, color = ?4, description = ?5, updated_at = ?6 WHERE user_id = ?1 AND id = ?2"
		" RETURNING " STORE_LABEL_COLS("")),
	STORE_SQL(STMT_LABEL_DELETE,
		"DELETE FROM labels WHERE user_id = ?1 AND id = ?2 RETURNING " STORE_LABEL_COLS("")),
	STORE_SQL(STMT_LABEL_TOUCH_ITEMS,
		"UPDATE library_items SET updated_at = ?2 WHERE seq IN (SELECT item_seq FROM item_labels WHERE label_id = ?1)"),
};
STORE_STATEMENTS(label, statements)

/* one label row of a stepped statement into out (NULL: not read), or NOTFOUND */
static int step_label(struct store *st, struct arena *a, struct db_stmt *s, const char *what, struct store_label *out)
{
	return store_get_row(st, a, s, &store_rowdef_label, out, what);
}

int store_label_list(struct store *st, struct arena *a, const char *user_id, struct store_label **out, size_t *n)
{
	struct db_stmt *s = stmt(st, STMT_LABEL_LIST);
	db_bind_text(s, 1, user_id);
	return store_labels_collect(st, a, s, out, n);
}

int store_label_get(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_label *out)
{
	struct db_stmt *s = stmt(st, STMT_LABEL_BY_ID);
	if (!store_bind_owned(s, user_id, id))
		return STORE_E_NOTFOUND;
	return step_label(st, a, s, "reading a label", out);
}

/* a colour for a label made without one: picked from the name, so the same name gets the same colour */
static const char *auto_color(const char *name)
{
	static const char *const palette[] = {
		"#FF5D99", "#7CFF7B", "#FFD234", "#7BE4FF", "#CE88EF", "#EF8C43", "#6A67FF", "#A57D5D",
	};
	char hash[65];
	crypto_sha256_hex(name, strlen(name), hash);
	return palette[(unsigned)(hash[0] > '9' ? hash[0] - 'a' + 10 : hash[0] - '0') % 8];
}

static bool valid_name(struct store *st, const char *name)
{
	if (!name || !*name) {
		snprintf(st->errmsg, sizeof st->errmsg, "a label needs a name");
		return false;
	}
	if (utf8_count(name, strlen(name)) > LIMIT_LABEL_NAME) {
		snprintf(st->errmsg, sizeof st->errmsg, "a label name has at most %d characters", LIMIT_LABEL_NAME);
		return false;
	}
	return true;
}

int store_label_create(struct store *st, struct arena *a, const char *user_id, const char *name, const char *color,
                       const char *description, struct store_label *out)
{
	struct db_stmt *s = stmt(st, STMT_LABEL_INSERT);
	char id[37];
	int rc;
	if (!user_id || !valid_name(st, name))
		return STORE_E_INVAL;
	crypto_uuid_v4(id);
	db_bind_text(s, 1, id);
	db_bind_text(s, 2, user_id);
	db_bind_text(s, 3, name);
	db_bind_text(s, 4, color && *color ? color : auto_color(name));
	store_bind_text(s, 5, description);
	db_bind_int64(s, 6, 0);
	db_bind_text(s, 7, "user");
	db_bind_int64(s, 8, time_now_ms());
	db_bind_int64(s, 9, st->lim.labels_per_user);
	rc = step_label(st, a, s, "creating a label", out);
	if (rc == STORE_E_NOTFOUND) { /* no row inserted: the user has as many labels as allowed */
		snprintf(st->errmsg, sizeof st->errmsg, "you have %u labels, the most allowed (labels_per_user in larder.conf)",
		         (unsigned)st->lim.labels_per_user);
		rc = STORE_E_LIMIT;
	}
	return rc;
}

int store_label_ensure(struct store *st, struct arena *a, const char *user_id, const char *name, const char *color,
                       struct store_label *out)
{
	struct db_stmt *s = stmt(st, STMT_LABEL_BY_NAME);
	int rc;
	if (!user_id || !valid_name(st, name))
		return STORE_E_INVAL;
	db_bind_text(s, 1, user_id);
	db_bind_text(s, 2, name);
	rc = step_label(st, a, s, "reading a label", out);
	if (rc != STORE_E_NOTFOUND)
		return rc;
	rc = store_label_create(st, a, user_id, name, color, NULL, out);
	if (rc == STORE_E_EXISTS) { /* made meanwhile by another writer (PostgreSQL: the insert's savepoint keeps the
	                             * transaction going): it is the one */
		db_bind_text(s, 1, user_id);
		db_bind_text(s, 2, name);
		rc = step_label(st, a, s, "reading a label", out);
	}
	return rc;
}

/* the items with the label changed: updatesSince reports them */
static int touch_items(struct store *st, const char *label_id, int64_t now)
{
	struct db_stmt *s = stmt(st, STMT_LABEL_TOUCH_ITEMS);
	db_bind_text(s, 1, label_id);
	db_bind_int64(s, 2, now);
	return store_step_done(st, s, "touching labelled items");
}

int store_label_update(struct store *st, struct arena *a, const char *user_id, const char *id, const char *name,
                       const char *color, const char *description, struct store_label *out)
{
	struct db_stmt *s = stmt(st, STMT_LABEL_UPDATE);
	struct store_label cur;
	int64_t now = time_now_ms();
	int rc;
	if (name && !valid_name(st, name))
		return STORE_E_INVAL;
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	if ((rc = store_label_get(st, a, user_id, id, &cur)) != STORE_OK)
		goto fail;
	store_bind_owned(s, user_id, id);
	db_bind_text(s, 3, name ? name : cur.name);
	db_bind_text(s, 4, color ? color : cur.color);
	store_bind_text(s, 5, description ? description : cur.description);
	db_bind_int64(s, 6, now);
	if ((rc = step_label(st, a, s, "updating a label", out)) != STORE_OK ||
	    (rc = touch_items(st, id, now)) != STORE_OK)
		goto fail;
	return store_commit(st);
fail:
	store_rollback(st);
	return rc;
}

int store_label_delete(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_label *out)
{
	struct db_stmt *s = stmt(st, STMT_LABEL_DELETE);
	int rc;
	if (!user_id || !id)
		return STORE_E_NOTFOUND;
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	if ((rc = touch_items(st, id, time_now_ms())) != STORE_OK)
		goto fail;
	store_bind_owned(s, user_id, id);
	if ((rc = step_label(st, a, s, "deleting a label", out)) != STORE_OK)
		goto fail;
	return store_commit(st);
fail:
	store_rollback(st);
	return rc;
}
