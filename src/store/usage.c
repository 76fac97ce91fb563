/* usage.c (store): a user's usage against the per-user quotas (items_per_user, bytes_per_user), read from the counters db/018_usage.sql's triggers keep, and the checks the writers make with it. */
#include <stdio.h>

#include "store/store_int.h"
#include "util/time.h"

/* the statements of usage.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_USAGE_GET,
	STMT_USAGE_OF_ITEM,
	STMT_USAGE_IMPORTS,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	/* the counters the triggers of db/018_usage.sql keep */
	STORE_SQL(STMT_USAGE_GET, DB_GENERIC "SELECT items, bytes FROM user_usage WHERE user_id = ?1"),
	STORE_SQL(STMT_USAGE_OF_ITEM,
		DB_GENERIC "SELECT items, bytes FROM user_usage WHERE user_id = (SELECT user_id FROM library_items WHERE seq = ?1)"),
	/* imports waiting for an upload that may still come, queued or running (imports_user: the user's few rows) */
	STORE_SQL(STMT_USAGE_IMPORTS,
		"SELECT count(*) FROM imports WHERE user_id = ?1"
		" AND (status IN ('queued', 'running') OR (status = 'uploading' AND upload_expires > ?2))"),
};
STORE_STATEMENTS(usage, statements)

int store_usage_get(struct store *st, const char *user_id, struct store_usage *out)
{
	int64_t v[2] = { 0, 0 };
	struct db_stmt *s = stmt(st, STMT_USAGE_GET);
	int rc;
	out->items = out->bytes = out->imports_pending = 0;
	store_bind_text(s, 1, user_id);
	rc = store_get_ints(st, s, v, 2, "reading a user's usage");
	if (rc != STORE_OK && rc != STORE_E_NOTFOUND)
		return rc;
	out->items = v[0];
	out->bytes = v[1];
	s = stmt(st, STMT_USAGE_IMPORTS);
	store_bind_text(s, 1, user_id);
	db_bind_int64(s, 2, time_now_ms());
	return store_get_ints(st, s, &out->imports_pending, 1, "counting a user's imports");
}

static int over_items(struct store *st, int64_t items)
{
	if (items < (int64_t)st->lim.items_per_user)
		return STORE_OK;
	snprintf(st->errmsg, sizeof st->errmsg, "items_per_user (%u) reached: the library holds %lld items "
	         "(items_per_user in larder.conf; the trash counts until it is emptied)", st->lim.items_per_user,
	         (long long)items);
	return STORE_E_LIMIT;
}

static int over_bytes(struct store *st, int64_t bytes, int64_t add)
{
	if (add <= 0 || bytes + add <= (int64_t)st->lim.bytes_per_user)
		return STORE_OK;
	snprintf(st->errmsg, sizeof st->errmsg, "bytes_per_user (%llu) reached: %lld bytes are stored and this needs "
	         "%lld more (bytes_per_user in larder.conf)", (unsigned long long)st->lim.bytes_per_user,
	         (long long)bytes, (long long)add);
	return STORE_E_LIMIT;
}

int store_quota_item(struct store *st, const char *user_id)
{
	int64_t v[2] = { 0, 0 };
	struct db_stmt *s = stmt(st, STMT_USAGE_GET);
	store_bind_text(s, 1, user_id);
	int rc = store_get_ints(st, s, v, 2, "reading a user's usage");
	if (rc == STORE_E_NOTFOUND) /* a user without a row: none of the triggers has counted anything for it */
		return STORE_OK;
	return rc != STORE_OK ? rc : over_items(st, v[0]);
}

int store_quota_bytes_user(struct store *st, const char *user_id, int64_t add)
{
	int64_t v[2] = { 0, 0 };
	struct db_stmt *s = stmt(st, STMT_USAGE_GET);
	store_bind_text(s, 1, user_id);
	int rc = store_get_ints(st, s, v, 2, "reading a user's usage");
	if (rc == STORE_E_NOTFOUND)
		return STORE_OK;
	return rc != STORE_OK ? rc : over_bytes(st, v[1], add);
}

int store_quota_bytes_item(struct store *st, int64_t seq, int64_t add)
{
	int64_t v[2] = { 0, 0 };
	struct db_stmt *s = stmt(st, STMT_USAGE_OF_ITEM);
	db_bind_int64(s, 1, seq);
	int rc = store_get_ints(st, s, v, 2, "reading a user's usage");
	if (rc == STORE_E_NOTFOUND)
		return STORE_OK;
	return rc != STORE_OK ? rc : over_bytes(st, v[1], add);
}
