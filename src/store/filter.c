/* filter.c: saved searches (Omnivore's filters: created, listed, changed, moved, deleted) and each user's recent search terms. */
#include "store/store_int.h"

#include <string.h>

#include "store/search_query.h"
#include "util/arena.h"
#include "util/crypto.h"
#include "util/time.h"
#include "util/utf8.h"

#define STORE_FILTER_ROW(F, X, p) \
	F(p, TEXT, id, id) X(p, TEXT, user_id, user_id) X(p, TEXT, name, name) X(p, TEXT, filter, filter) \
	X(p, TEXT, folder, folder) X(p, TEXT, category, category) X(p, TEXT, description, description) \
	X(p, I64, position, position) X(p, I64, created_at, created_ms) X(p, I64, updated_at, updated_ms) \
	X(p, INT, visible, visible) X(p, INT, default_filter, default_filter)
#define STORE_RECENT_ROW(F, X, p) F(p, TEXT, id, id) X(p, TEXT, term, term) X(p, I64, created_at, created_ms)
#define STORE_FILTER_COLS(p) STORE_COLS(STORE_FILTER_ROW, p)
#define STORE_RECENT_COLS(p) STORE_COLS(STORE_RECENT_ROW, p)

/* the statements of filter.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_FILTER_DEFAULTS,
	STMT_FILTER_INSERT,
	STMT_FILTER_LIST,
	STMT_FILTER_UPDATE,
	STMT_FILTER_DELETE,
	STMT_FILTER_AFTER_POS,
	STMT_FILTER_SHIFT,
	STMT_RECENT_ADD,
	STMT_RECENT_TRIM,
	STMT_RECENT_LIST,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_FILTER_DEFAULTS,
		/* ?1 the user, ?2 the time, ?3 … ?10 the rows' ids; the names and queries are Omnivore's */
		"INSERT INTO filters (id, user_id, name, filter, position, category, visible, default_filter, created_at,"
		" updated_at) VALUES"
		" (?3, ?1, 'Inbox', 'in:inbox', 0, 'Search', 1, 1, ?2, ?2),"
		" (?4, ?1, 'Continue Reading', 'in:inbox sort:read-desc is:reading', 1, 'Search', 1, 1, ?2, ?2),"
		" (?5, ?1, 'Non-Feed Items', 'no:subscription', 2, 'Search', 1, 1, ?2, ?2),"
		" (?6, ?1, 'Highlights', 'in:all has:highlights mode:highlights', 3, 'Search', 1, 1, ?2, ?2),"
		" (?7, ?1, 'Unlabeled', 'no:label', 4, 'Search', 1, 1, ?2, ?2),"
		" (?8, ?1, 'Oldest First', 'sort:saved-asc', 5, 'Search', 1, 1, ?2, ?2),"
		" (?9, ?1, 'Files', 'type:file', 6, 'Search', 1, 1, ?2, ?2),"
		" (?10, ?1, 'Archived', 'in:archive', 7, 'Search', 1, 1, ?2, ?2)"),
	STORE_SQL(STMT_FILTER_INSERT,
		/* no row when the user has ?10 saved searches already */
		"INSERT INTO filters (id, user_id, name, filter, position, folder, category, description, visible,"
		" created_at, updated_at)"
		" SELECT ?1, ?2, ?3, ?4, coalesce(?5, (SELECT coalesce(max(position), 0) + 1 FROM filters WHERE user_id = ?2)),"
		" ?6, ?7, ?8, 1, ?9, ?9 WHERE (SELECT count(*) FROM filters WHERE user_id = ?2) < ?10"
		" RETURNING " STORE_FILTER_COLS("")),
	STORE_SQL(STMT_FILTER_LIST,
		"SELECT " STORE_FILTER_COLS("") " FROM filters WHERE user_id = ?1 ORDER BY position, created_at, id"),
	STORE_SQL(STMT_FILTER_UPDATE,
		"UPDATE filters SET name = coalesce(?3, name), filter = coalesce(?4, filter), folder = coalesce(?5, folder),"
		" category = coalesce(?6, category), description = coalesce(?7, description),"
		" position = coalesce(?8, position), visible = coalesce(?9, visible), updated_at = ?10"
		" WHERE user_id = ?1 AND id = ?2 RETURNING " STORE_FILTER_COLS("")),
	STORE_SQL(STMT_FILTER_DELETE,
		"DELETE FROM filters WHERE user_id = ?1 AND id = ?2 RETURNING " STORE_FILTER_COLS("")),
	STORE_SQL(STMT_FILTER_AFTER_POS,
		/* the position a moved saved search ?2 goes after: ?3's, or (?3 NULL) one before the first other's
		 * less one; no row when ?3 is not the user's */
		"SELECT position FROM filters WHERE user_id = ?1 AND id = ?3"
		" UNION ALL SELECT (SELECT coalesce(min(position), 1) - 2 FROM filters WHERE user_id = ?1 AND id <> ?2)"
		" WHERE ?3 IS NULL"),
	STORE_SQL(STMT_FILTER_SHIFT,
		"UPDATE filters SET position = position + 1 WHERE user_id = ?1 AND id <> ?2 AND position > ?3"),
	STORE_SQL(STMT_RECENT_ADD,
		"INSERT INTO recent_searches (id, user_id, term, created_at, seq)"
		" VALUES (?1, ?2, ?3, ?4, (SELECT coalesce(max(seq), 0) + 1 FROM recent_searches WHERE user_id = ?2))"
		" ON CONFLICT (user_id, term) DO UPDATE SET created_at = excluded.created_at, seq = excluded.seq"),
	STORE_SQL(STMT_RECENT_TRIM,
		"DELETE FROM recent_searches WHERE user_id = ?1 AND id NOT IN"
		" (SELECT id FROM recent_searches WHERE user_id = ?1 ORDER BY seq DESC LIMIT ?2)"),
	STORE_SQL(STMT_RECENT_LIST,
		"SELECT " STORE_RECENT_COLS("") " FROM recent_searches WHERE user_id = ?1 ORDER BY seq DESC"),
};
STORE_STATEMENTS(filter, statements)

static const struct store_col filter_cols[] = STORE_ROW_DESC(STORE_FILTER_ROW, struct store_filter);
static const struct store_row filter_row = { filter_cols, sizeof filter_cols / sizeof filter_cols[0],
                                             sizeof(struct store_filter), "a saved search" };
static const struct store_col recent_cols[] = STORE_ROW_DESC(STORE_RECENT_ROW, struct store_recent_search);
static const struct store_row recent_row = { recent_cols, sizeof recent_cols / sizeof recent_cols[0],
                                             sizeof(struct store_recent_search), "a recent search" };

/* the texts a saved search is given: a name that is not blank, texts of at most LIMIT_FILTER_TEXT
 * characters, and a query the search parser takes */
static bool valid_filter(struct store *st, const char *name, const char *query, const char *const *texts, int n)
{
	struct arena scratch;
	struct store_sq q;
	char err[200];
	int rc;
	if (name != NULL && name[strspn(name, " \t\r\n")] == '\0') {
		snprintf(st->errmsg, sizeof st->errmsg, "a saved search needs a name");
		return false;
	}
	for (int i = 0; i < n; i++)
		if (texts[i] && utf8_count(texts[i], strlen(texts[i])) > LIMIT_FILTER_TEXT) {
			snprintf(st->errmsg, sizeof st->errmsg, "a saved search's name, folder, category and description have"
			         " at most %d characters", LIMIT_FILTER_TEXT);
			return false;
		}
	if (query == NULL)
		return true;
	if (utf8_count(query, strlen(query)) > LIMIT_SEARCH_QUERY) {
		snprintf(st->errmsg, sizeof st->errmsg, "a search query has at most %d characters", LIMIT_SEARCH_QUERY);
		return false;
	}
	arena_init(&scratch);
	rc = store_sq_parse(&scratch, query, strlen(query), time_now_ms(), 0, &q, err, sizeof err);
	arena_free(&scratch);
	if (rc != 0)
		snprintf(st->errmsg, sizeof st->errmsg, "%s", rc == -2 ? "out of memory reading the query" : err);
	return rc == 0;
}

int store_filter_defaults(struct store *st, const char *user_id)
{
	struct db_stmt *s = stmt(st, STMT_FILTER_DEFAULTS);
	char ids[8][37];
	int rc;
	db_bind_text(s, 1, user_id);
	db_bind_int64(s, 2, time_now_ms());
	for (int i = 0; i < 8; i++) {
		crypto_uuid_v4(ids[i]);
		db_bind_text(s, 3 + i, ids[i]);
	}
	rc = db_step(s);
	rc = rc == DB_DONE ? STORE_OK : store_fail(st, rc, "saving the default searches");
	store_done(s);
	return rc;
}

int store_filter_create(struct store *st, struct arena *a, const char *user_id, const struct store_filter *in,
                        uint32_t max, struct store_filter *out)
{
	struct db_stmt *s = stmt(st, STMT_FILTER_INSERT);
	const char *texts[] = { in->name, in->folder, in->category, in->description };
	char id[37];
	int rc;
	if (!user_id || !valid_filter(st, in->name ? in->name : "", in->filter ? in->filter : "", texts, 4))
		return STORE_E_INVAL;
	crypto_uuid_v4(id);
	db_bind_text(s, 1, id);
	db_bind_text(s, 2, user_id);
	store_bind_texts(s, 3, (const char *const[]){ in->name, in->filter }, 2);
	if (in->position != STORE_NO_POSITION)
		db_bind_int64(s, 5, in->position);
	store_bind_texts(s, 6, (const char *const[]){ in->folder, in->category, in->description }, 3);
	db_bind_int64(s, 9, time_now_ms());
	db_bind_int64(s, 10, max);
	rc = store_get_row(st, a, s, &filter_row, out, "saving a search");
	if (rc == STORE_E_NOTFOUND) { /* no row inserted: the user has as many as allowed */
		snprintf(st->errmsg, sizeof st->errmsg, "you have %u saved searches, the most allowed", (unsigned)max);
		rc = STORE_E_LIMIT;
	}
	return rc;
}

int store_filter_list(struct store *st, struct arena *a, const char *user_id, struct store_filter **out, size_t *n)
{
	struct db_stmt *s = stmt(st, STMT_FILTER_LIST);
	store_bind_text(s, 1, user_id);
	return store_get_rows(st, a, s, &filter_row, (void **)out, n, "listing saved searches");
}

int store_filter_update(struct store *st, struct arena *a, const char *user_id, const char *id,
                        const struct store_filter_patch *p, struct store_filter *out)
{
	struct db_stmt *s = stmt(st, STMT_FILTER_UPDATE);
	const char *texts[] = { p->name, p->folder, p->category, p->description };
	if (!valid_filter(st, p->name, p->filter, texts, 4))
		return STORE_E_INVAL;
	if (!store_bind_owned(s, user_id, id))
		return STORE_E_NOTFOUND;
	store_bind_texts(s, 3, texts, 1);
	store_bind_texts(s, 4, (const char *const[]){ p->filter, p->folder, p->category, p->description }, 4);
	if (p->position != STORE_NO_POSITION)
		db_bind_int64(s, 8, p->position);
	if (p->visible >= 0)
		db_bind_int64(s, 9, p->visible != 0);
	db_bind_int64(s, 10, time_now_ms());
	return store_get_row(st, a, s, &filter_row, out, "changing a saved search");
}

int store_filter_delete(struct store *st, struct arena *a, const char *user_id, const char *id, struct store_filter *out)
{
	struct db_stmt *s = stmt(st, STMT_FILTER_DELETE);
	if (!store_bind_owned(s, user_id, id))
		return STORE_E_NOTFOUND;
	return store_get_row(st, a, s, &filter_row, out, "deleting a saved search");
}

/* inside the move's transaction: the position after which the saved search goes, and room made there */
static int make_room(struct store *st, const char *user_id, const char *id, const char *after_id, int64_t *pos)
{
	struct db_stmt *s = stmt(st, STMT_FILTER_AFTER_POS);
	int rc;
	store_bind_texts(s, 1, (const char *const[]){ user_id, id, after_id }, 3);
	if ((rc = store_get_ints(st, s, pos, 1, "placing a saved search")) != STORE_OK)
		return rc;
	s = stmt(st, STMT_FILTER_SHIFT);
	store_bind_texts(s, 1, (const char *const[]){ user_id, id }, 2);
	db_bind_int64(s, 3, *pos);
	return store_step_done(st, s, "making room for a saved search");
}

int store_filter_move(struct store *st, struct arena *a, const char *user_id, const char *id, const char *after_id,
                      struct store_filter *out)
{
	struct store_filter_patch p = { .visible = -1 };
	int64_t pos = 0;
	int rc;
	if (!user_id || !id)
		return STORE_E_NOTFOUND;
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	rc = make_room(st, user_id, id, after_id, &pos);
	p.position = pos + 1;
	if (rc == STORE_OK)
		rc = store_filter_update(st, a, user_id, id, &p, out);
	if (rc != STORE_OK) {
		store_rollback(st);
		return rc;
	}
	return store_commit(st);
}

int store_recent_search_add(struct store *st, const char *user_id, const char *term, int64_t now_ms, uint32_t keep)
{
	struct db_stmt *s = stmt(st, STMT_RECENT_ADD);
	char id[37];
	int rc;
	if (!user_id || !term)
		return STORE_E_INVAL;
	if (!*term) /* an empty query is no search to remember */
		return STORE_OK;
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	crypto_uuid_v4(id);
	store_bind_texts(s, 1, (const char *const[]){ id, user_id, term }, 3);
	db_bind_int64(s, 4, now_ms);
	rc = store_step_done(st, s, "recording a search");
	if (rc == STORE_OK) {
		s = stmt(st, STMT_RECENT_TRIM);
		store_bind_text(s, 1, user_id);
		db_bind_int64(s, 2, keep);
		rc = store_step_done(st, s, "forgetting old searches");
	}
	if (rc != STORE_OK) {
		store_rollback(st);
		return rc;
	}
	return store_commit(st);
}

int store_recent_search_list(struct store *st, struct arena *a, const char *user_id, struct store_recent_search **out,
                             size_t *n)
{
	struct db_stmt *s = stmt(st, STMT_RECENT_LIST);
	store_bind_text(s, 1, user_id);
	return store_get_rows(st, a, s, &recent_row, (void **)out, n, "listing recent searches");
}
