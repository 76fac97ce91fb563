/* share.c: store functions for items' public share links (set, read, revoke, find by token), one per item, kept as a SHA-256. */
#include "store/store_int.h"

#include <string.h>

/* the statements of share.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_SHARE_SET,
	STMT_SHARE_GET,
	STMT_SHARE_DELETE,
	STMT_SHARE_FIND,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_SHARE_SET,
		"INSERT OR REPLACE INTO item_shares (item_seq, token_hash, created) VALUES (?1, ?2, ?3)",
		/* PostgreSQL: INSERT OR REPLACE: ON CONFLICT (the primary key) DO UPDATE */
		"INSERT INTO item_shares (item_seq, token_hash, created) VALUES (?1, ?2, ?3)"
		" ON CONFLICT (item_seq) DO UPDATE SET token_hash = excluded.token_hash, created = excluded.created"),
	STORE_SQL(STMT_SHARE_GET, "SELECT created FROM item_shares WHERE item_seq = ?1"),
	STORE_SQL(STMT_SHARE_DELETE, "DELETE FROM item_shares WHERE item_seq = ?1"),
	/* a token finds its item only while the item is out of the trash */
	STORE_SQL(STMT_SHARE_FIND,
		"SELECT s.item_seq FROM item_shares s JOIN library_items i ON i.seq = s.item_seq"
		" WHERE s.token_hash = ?1 AND i.deleted_at IS NULL"),
};
STORE_STATEMENTS(share, statements)

static bool is_hash(const char *h)
{
	return h && strlen(h) == 64 && strspn(h, "0123456789abcdef") == 64;
}

int store_share_set(struct store *st, int64_t item_seq, const char *token_hash, int64_t now_ms)
{
	struct db_stmt *s = stmt(st, STMT_SHARE_SET);

	if (item_seq <= 0 || !is_hash(token_hash)) {
		snprintf(st->errmsg, sizeof st->errmsg, "a share link needs an item and a SHA-256 hex hash");
		return STORE_E_INVAL;
	}
	db_bind_int64(s, 1, item_seq);
	store_bind_text(s, 2, token_hash);
	db_bind_int64(s, 3, now_ms);
	return store_step_done(st, s, "storing a share link");
}

int store_share_get(struct store *st, int64_t item_seq, int64_t *created_ms)
{
	struct db_stmt *s = stmt(st, STMT_SHARE_GET);
	int64_t v = 0;
	int rc;

	db_bind_int64(s, 1, item_seq);
	rc = store_get_ints(st, s, &v, 1, "reading a share link");
	*created_ms = rc == STORE_OK ? v : 0;
	return rc;
}

int store_share_delete(struct store *st, int64_t item_seq)
{
	struct db_stmt *s = stmt(st, STMT_SHARE_DELETE);

	db_bind_int64(s, 1, item_seq);
	return store_step_changed(st, s, "revoking a share link");
}

int store_share_find(struct store *st, const char *token_hash, int64_t *item_seq)
{
	struct db_stmt *s = stmt(st, STMT_SHARE_FIND);

	*item_seq = 0;
	if (!is_hash(token_hash))
		return STORE_E_INVAL;
	store_bind_text(s, 1, token_hash);
	return store_get_ints(st, s, item_seq, 1, "finding a share link");
}
