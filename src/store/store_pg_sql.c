/* store_pg_sql.c: PostgreSQL's text of the statements whose SQLite text it does not take as it is (the rule: src/store/README.md); every other statement runs store.c's text. */
#include "store/store_int.h"

const char *const store_pg_sql[STMT__MAX] = {
	/* a parameter PostgreSQL cannot type from where it stands (`?2 IS NULL` first, `?2 - ?3`): cast */
	[STMT_KEY_TOUCH] =
		"UPDATE api_keys SET used = ?2 WHERE id = ?1"
		" AND (used IS NULL OR used <= ?2::bigint - ?3::bigint OR used >= ?2::bigint + ?3::bigint)",
	[STMT_KEY_DELETE] =
		"DELETE FROM api_keys WHERE id = ?1 AND (?2::text IS NULL OR user_id = ?2) RETURNING " STORE_KEY_COLS(""),
	[STMT_UPDATES_SINCE_COUNT] =
		"SELECT (SELECT count(*) FROM library_items WHERE user_id = ?1 AND updated_at > ?2"
		"  AND (state <> 'PROCESSING' OR deleted_at IS NOT NULL) AND (?3::text IS NULL OR folder = ?3))"
		" + (SELECT count(*) FROM item_tombstones WHERE user_id = ?1 AND deleted_at > ?2)",
	/* the export's page as a range of items_user, the one index that gives (user_id, seq) order: with user_id = ?1
	 * and ORDER BY seq the planner may walk the primary key from ?2 on, every user's items, to find ?3 of one's */
	[STMT_ITEM_PAGE] =
		"SELECT " STORE_ITEM_COLS("") " FROM library_items WHERE (user_id, seq) > (?1, ?2)"
		" AND (user_id, seq) <= (?1, 9223372036854775807) ORDER BY user_id, seq LIMIT ?3",
	/* INSERT OR IGNORE: ON CONFLICT DO NOTHING */
	[STMT_ITEM_LABEL_ADD] =
		"INSERT INTO item_labels (item_seq, label_id, created_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
	[STMT_ITEM_SEARCH_LABELS] =
		"UPDATE item_search SET labels = larder_item_labels(?1) WHERE seq = ?1"
		" AND labels IS DISTINCT FROM larder_item_labels(?1)",
	[STMT_SETTING_ADD] = "INSERT INTO settings (name, value) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
	[STMT_HL_LABEL_ADD] =
		"INSERT INTO highlight_labels (highlight_id, label_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
	[STMT_FEED_ENTRY_ADD] =
		"INSERT INTO feed_entries (user_id, entry_id, subscription_id, item_id, seen_at)"
		" VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING",
	/* INSERT OR REPLACE: ON CONFLICT (the primary key) DO UPDATE */
	[STMT_TRASH_TOMBSTONE] =
		"INSERT INTO item_tombstones (user_id, item_id, deleted_at)"
		" SELECT user_id, id, deleted_at FROM library_items WHERE deleted_at IS NOT NULL AND deleted_at < ?1"
		" AND (deleted_at < ?2 OR (deleted_at = ?2 AND seq <= ?3))"
		" ON CONFLICT (user_id, item_id) DO UPDATE SET deleted_at = excluded.deleted_at",
	/* SQLite's INDEXED BY (its planner would walk items_user, the user's every item, for the trashed ones) */
	[STMT_TRASH_CUT_USER] =
		"SELECT max(seq) FROM (SELECT seq FROM library_items WHERE user_id = ?1 AND deleted_at IS NOT NULL"
		" AND seq > ?3 ORDER BY seq LIMIT ?2) AS b",
	[STMT_TRASH_EMPTY_USER] =
		"DELETE FROM library_items WHERE user_id = ?1 AND deleted_at IS NOT NULL AND seq > ?3 AND seq <= ?2",
	[STMT_TRASH_TOMBSTONE_USER] =
		"INSERT INTO item_tombstones (user_id, item_id, deleted_at)"
		" SELECT user_id, id, deleted_at FROM library_items WHERE user_id = ?1 AND deleted_at IS NOT NULL"
		" AND seq > ?3 AND seq <= ?2"
		" ON CONFLICT (user_id, item_id) DO UPDATE SET deleted_at = excluded.deleted_at",
	[STMT_SAVETOKEN_SET] =
		"INSERT INTO save_tokens (user_id, token_hash, created, used) VALUES (?1, ?2, ?3, NULL)"
		" ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created = excluded.created, used = NULL",
	/* a subquery in FROM needs a name (before PostgreSQL 16) */
	[STMT_UPDATES_SINCE] =
		"SELECT seq, id, t FROM ("
		" SELECT seq, id, updated_at AS t FROM library_items WHERE user_id = ?1 AND updated_at > ?2"
		"  AND (state <> 'PROCESSING' OR deleted_at IS NOT NULL) AND (?5::text IS NULL OR folder = ?5)"
		" UNION ALL"
		" SELECT NULL, item_id, deleted_at FROM item_tombstones WHERE user_id = ?1 AND deleted_at > ?2) AS u"
		" ORDER BY CASE WHEN ?6::int <> 0 THEN -t ELSE t END, id LIMIT ?3 OFFSET ?4",
	/* a IS b: IS NOT DISTINCT FROM */
	[STMT_IMPORT_HL_FIND] =
		"SELECT count(*) FROM highlights WHERE item_seq = ?1 AND quote IS NOT DISTINCT FROM ?2"
		" AND annotation IS NOT DISTINCT FROM ?3",
	/* SQLite's scalar max(): greatest() */
	[STMT_SUB_POLLED] =
		"UPDATE subscriptions SET etag = ?2, last_modified = ?3, last_error = ?4, failures = ?5,"
		" next_poll_at = ?6, last_fetched_at = ?7, refreshed_at = coalesce(?8, refreshed_at),"
		" most_recent_item = greatest(coalesce(most_recent_item, 0), coalesce(?9::bigint, 0)) WHERE id = ?1",
	/* a claim skips the rows another worker is claiming (SQLite has one writer at a time); the leases typed */
	[STMT_JOB_CLAIM] =
		"UPDATE jobs SET status = 'running', attempts = attempts + 1, updated_at = ?1,"
		" locked_until = ?1 + CASE kind WHEN 'import' THEN ?5::bigint WHEN 'poll' THEN ?4::bigint"
		"  WHEN 'scan' THEN ?4::bigint ELSE ?2::bigint END,"
		" run_after = ?1 + CASE kind WHEN 'import' THEN ?5::bigint WHEN 'poll' THEN ?4::bigint"
		"  WHEN 'scan' THEN ?4::bigint ELSE ?2::bigint END"
		" WHERE id = (SELECT k.id" JOB_NEXT_PER_USER JOB_CLAIM_ORDER " FOR UPDATE OF k SKIP LOCKED)"
		" RETURNING " STORE_COLS(STORE_WORK_ROW, ""),
	/* a feed being leased by another worker is skipped; the minute's count may run over by the workers
	 * claiming at the same instant (each sees the others' claims only once they commit) */
	/* a login attempt's transaction (store_login_attempt) starts here: one at a time, as on SQLite, so attempts
	 * made at once cannot all read the same count of failures before any records its own (the lock is taken
	 * before the statements after it take their snapshots, and held until COMMIT) */
	[STMT_LOGIN_PURGE] =
		"WITH held AS MATERIALIZED (SELECT pg_advisory_xact_lock(7426002))"
		" DELETE FROM login_failures WHERE at <= ?1 AND EXISTS (SELECT 1 FROM held)",
	/* newsletters: SQLite's scalar max(): greatest() */
	[STMT_NL_SUB_UPSERT] =
		"INSERT INTO subscriptions (id, user_id, url, name, description, site_url, folder, fetch_content, type,"
		" newsletter_email_id, unsubscribe_mail_to, unsubscribe_http_url, next_poll_at, last_fetched_at,"
		" refreshed_at, most_recent_item, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 0,"
		" 'NEWSLETTER', ?8, ?9, ?10, 0, ?11, ?11, ?12, ?11, ?11) ON CONFLICT (user_id, url) DO UPDATE SET"
		" unsubscribe_mail_to = coalesce(?9, subscriptions.unsubscribe_mail_to),"
		" unsubscribe_http_url = coalesce(?10, subscriptions.unsubscribe_http_url), last_fetched_at = ?11,"
		" refreshed_at = ?11, most_recent_item = greatest(coalesce(subscriptions.most_recent_item, 0), ?12),"
		" updated_at = ?11 RETURNING " STORE_SUB_COLS(""),
};
