/* store.c: the static statement table, error names, and the shared helpers of statements, rows and transactions. */
#include "store/store_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/arena.h"
#include "util/limits.h"

const char *const store_stmt_sql[STMT__MAX] = {
	[STMT_USER_ADD] =
		"INSERT INTO users (id, username, name, email, password_hash, created, updated)"
		" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6) RETURNING " STORE_USER_COLS(""),
	[STMT_USER_GET] =
		"SELECT " STORE_USER_COLS("") " FROM users WHERE id = ?1",
	[STMT_USER_BY_NAME] =
		"SELECT " STORE_USER_COLS("") " FROM users WHERE username = ?1 OR email = ?1"
		" ORDER BY username = ?1 DESC LIMIT 1",
	[STMT_USER_SET_PASSWORD] =
		"UPDATE users SET password_hash = ?2, updated = ?3 WHERE id = ?1",
	[STMT_KEY_CREATE] =
		"INSERT INTO api_keys (id, user_id, name, key_hash, scopes, created, expires, used)"
		" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, NULL) RETURNING " STORE_KEY_COLS(""),
	[STMT_KEY_LOOKUP] =
		"SELECT " STORE_KEY_COLS("k.") ", " STORE_USER_COLS("u.")
		" FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = ?1",
	[STMT_KEY_TOUCH] =
		"UPDATE api_keys SET used = ?2 WHERE id = ?1"
		" AND (used IS NULL OR used <= ?2 - ?3 OR used >= ?2 + ?3)",
	[STMT_KEY_LIST] =
		"SELECT " STORE_KEY_COLS("") " FROM api_keys WHERE user_id = ?1"
		" ORDER BY used IS NULL, used DESC, created DESC, rowid DESC",
	[STMT_KEY_DELETE] =
		"DELETE FROM api_keys WHERE id = ?1 AND (?2 IS NULL OR user_id = ?2)"
		" RETURNING " STORE_KEY_COLS(""),
	[STMT_SESSION_CREATE] =
		"INSERT INTO sessions (token_hash, user_id, created, expires, last_seen)"
		" VALUES (?1, ?2, ?3, ?4, ?3)",
	[STMT_SESSION_LOOKUP] =
		"SELECT s.expires, " STORE_USER_COLS("u.")
		" FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?1 AND s.expires > ?2",
	[STMT_SESSION_DELETE] =
		"DELETE FROM sessions WHERE token_hash = ?1",
	[STMT_SESSION_END_USER] = "DELETE FROM sessions WHERE user_id = ?1",
	[STMT_ITEM_BY_HASH] =
		"SELECT " STORE_ITEM_COLS("") " FROM library_items WHERE user_id = ?1 AND url_hash = ?2",
	[STMT_ITEM_BY_ID] = /* by id, else by slug, else by clientRequestId: three index lookups (an OR of the three
	                     * walked all of the user's items) */
		"SELECT " STORE_ITEM_COLS("") ", 0 AS k FROM library_items WHERE user_id = ?1 AND id = ?2"
		" UNION ALL SELECT " STORE_ITEM_COLS("") ", 1 FROM library_items WHERE user_id = ?1 AND slug = ?2"
		" UNION ALL SELECT " STORE_ITEM_COLS("") ", 2 FROM library_items WHERE user_id = ?1 AND client_request_id = ?2"
		" ORDER BY k, seq LIMIT 1",
	[STMT_ITEM_PAGE] = /* the export: a user's whole library, page by page, each page read from items_user where
	                    * the last one ended */
		"SELECT " STORE_ITEM_COLS("") " FROM library_items WHERE user_id = ?1 AND seq > ?2 ORDER BY seq LIMIT ?3",
	[STMT_ITEM_BY_SEQ] =
		"SELECT " STORE_ITEM_COLS("") " FROM library_items WHERE seq = ?1",
	[STMT_ITEM_INSERT] =
		"INSERT INTO library_items (id, user_id, client_request_id, url, url_hash, slug, title, author,"
		" description, site_name, image, language, page_type, state, want_state, folder, source, words_count,"
		" saved_at, created_at, updated_at, published_at, archived_at)"
		" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?20, ?21, ?22)"
		" RETURNING seq",
	[STMT_ITEM_RESAVE] =
		"UPDATE library_items SET saved_at = ?2, updated_at = ?3, deleted_at = NULL, want_state = ?4,"
		" archived_at = CASE WHEN ?4 = 'ARCHIVED' THEN coalesce(archived_at, ?3) ELSE NULL END,"
		" state = CASE WHEN ?5 THEN 'PROCESSING' ELSE state END,"
		" fail_reason = CASE WHEN ?5 THEN NULL ELSE fail_reason END,"
		" source = coalesce(?6, source), folder = coalesce(?7, folder),"
		" published_at = coalesce(?8, published_at)"
		" WHERE seq = ?1",
	[STMT_ITEM_CONTENT] = "SELECT content FROM item_content WHERE seq = ?1",
	[STMT_ITEM_CONTENT_SET] =
		"INSERT INTO item_content (seq, content) VALUES (?1, ?2)"
		" ON CONFLICT (seq) DO UPDATE SET content = excluded.content",
	/* the first LIMIT_SEARCH_TEXT characters (substr counts characters on both engines): re-indexing the row when
	 * a highlight or label changes costs the same on a 5 MB article as on a 50 kB one */
	[STMT_ITEM_SEARCH_TEXT] = "UPDATE item_search SET text = substr(?2, 1, " LIMIT_STR(LIMIT_SEARCH_TEXT) ") WHERE seq = ?1",
	[STMT_ITEM_FILL] =
		"UPDATE library_items SET title = coalesce(?2, title), author = ?3, description = ?4, site_name = ?5,"
		" image = ?6, language = ?7, dir = ?8, words_count = ?9, published_at = coalesce(published_at, ?10),"
		" site_icon = ?11, url = coalesce(?12, url), state = 'SUCCEEDED', fail_reason = NULL, updated_at = ?13,"
		" archived_at = CASE WHEN want_state = 'ARCHIVED' THEN coalesce(archived_at, ?13) ELSE archived_at END"
		" WHERE seq = ?1",
	[STMT_ITEM_FAIL] =
		"UPDATE library_items SET state = ?2, fail_reason = ?3, updated_at = ?4 WHERE seq = ?1",
	[STMT_ITEM_ARCHIVE] =
		"UPDATE library_items SET archived_at = ?3, updated_at = ?4 WHERE user_id = ?1 AND id = ?2"
		" RETURNING " STORE_ITEM_COLS(""),
	[STMT_ITEM_DELETE] =
		"UPDATE library_items SET deleted_at = ?3, updated_at = ?4 WHERE user_id = ?1 AND id = ?2"
		" RETURNING " STORE_ITEM_COLS(""),
	[STMT_ITEM_UPDATE] =
		"UPDATE library_items SET title = coalesce(?3, title), description = coalesce(?4, description),"
		" author = coalesce(?5, author), saved_at = coalesce(?6, saved_at), published_at = coalesce(?7, published_at),"
		" image = coalesce(?8, image), updated_at = ?9 WHERE user_id = ?1 AND id = ?2"
		" RETURNING " STORE_ITEM_COLS(""),
	[STMT_ITEM_PROGRESS] =
		"UPDATE library_items SET progress = ?3, progress_anchor = coalesce(?4, progress_anchor),"
		" progress_top = coalesce(?5, progress_top), read_at = ?6, updated_at = ?6"
		" WHERE user_id = ?1 AND id = ?2 RETURNING " STORE_ITEM_COLS(""),
	[STMT_ITEM_TOUCH] = "UPDATE library_items SET updated_at = ?2 WHERE seq = ?1",
	[STMT_ITEM_SLUG_TAKEN] = "SELECT 1 FROM library_items WHERE user_id = ?1 AND slug = ?2",
	[STMT_ITEM_LABELS] =
		"SELECT " STORE_LABEL_COLS("l.") " FROM item_labels il JOIN labels l ON l.id = il.label_id"
		" WHERE il.item_seq = ?1 ORDER BY il.created_at, l.name COLLATE NOCASE, l.id",
	[STMT_ITEM_LABEL_ADD] =
		"INSERT OR IGNORE INTO item_labels (item_seq, label_id, created_at) VALUES (?1, ?2, ?3)",
	[STMT_ITEM_LABELS_CLEAR] = "DELETE FROM item_labels WHERE item_seq = ?1",
	[STMT_ITEM_LABEL_COUNT] = "SELECT count(*) FROM item_labels WHERE item_seq = ?1",
	[STMT_ITEM_SEARCH_LABELS] =
		/* the item's search row's labels, once its labels have changed (db/021_label_reindex.sql); no write
		 * (no re-index of the row) when they read the same */
		"WITH v(names) AS (SELECT group_concat(l.name, ' ') FROM item_labels il JOIN labels l ON l.id = il.label_id"
		" WHERE il.item_seq = ?1)"
		" UPDATE item_search SET labels = (SELECT names FROM v) WHERE seq = ?1 AND labels IS NOT (SELECT names FROM v)",
	[STMT_ITEM_HIGHLIGHTS] =
		"SELECT " STORE_HL_COLS("") " FROM highlights WHERE item_seq = ?1"
		" ORDER BY position_percent, created_at, id",
	[STMT_UPDATES_SINCE] =
		"SELECT seq, id, t FROM ("
		" SELECT seq, id, updated_at AS t FROM library_items WHERE user_id = ?1 AND updated_at > ?2"
		"  AND (state <> 'PROCESSING' OR deleted_at IS NOT NULL) AND (?5 IS NULL OR folder = ?5)"
		" UNION ALL"
		" SELECT NULL, item_id, deleted_at FROM item_tombstones WHERE user_id = ?1 AND deleted_at > ?2)"
		" ORDER BY CASE WHEN ?6 THEN -t ELSE t END, id LIMIT ?3 OFFSET ?4",
	[STMT_UPDATES_SINCE_COUNT] =
		"SELECT (SELECT count(*) FROM library_items WHERE user_id = ?1 AND updated_at > ?2"
		"  AND (state <> 'PROCESSING' OR deleted_at IS NOT NULL) AND (?3 IS NULL OR folder = ?3))"
		" + (SELECT count(*) FROM item_tombstones WHERE user_id = ?1 AND deleted_at > ?2)",
	[STMT_LABEL_LIST] =
		"SELECT " STORE_LABEL_COLS("") " FROM labels WHERE user_id = ?1"
		" ORDER BY position, name COLLATE NOCASE, id",
	[STMT_LABEL_BY_ID] =
		"SELECT " STORE_LABEL_COLS("") " FROM labels WHERE user_id = ?1 AND id = ?2",
	[STMT_LABEL_BY_NAME] =
		"SELECT " STORE_LABEL_COLS("") " FROM labels WHERE user_id = ?1 AND name = ?2 COLLATE NOCASE",
	[STMT_LABEL_INSERT] =
		/* no row when the user has ?9 labels already (labels_per_user) */
		"INSERT INTO labels (id, user_id, name, color, description, position, internal, source, created_at, updated_at)"
		" SELECT ?1, ?2, ?3, ?4, ?5, (SELECT coalesce(max(position), 0) + 1 FROM labels WHERE user_id = ?2),"
		" ?6, ?7, ?8, ?8 WHERE (SELECT count(*) FROM labels WHERE user_id = ?2) < ?9"
		" RETURNING " STORE_LABEL_COLS(""),
	[STMT_LABEL_UPDATE] =
		"UPDATE labels SET name = ?3, color = ?4, description = ?5, updated_at = ?6 WHERE user_id = ?1 AND id = ?2"
		" RETURNING " STORE_LABEL_COLS(""),
	[STMT_LABEL_DELETE] =
		"DELETE FROM labels WHERE user_id = ?1 AND id = ?2 RETURNING " STORE_LABEL_COLS(""),
	[STMT_LABEL_TOUCH_ITEMS] =
		"UPDATE library_items SET updated_at = ?2 WHERE seq IN (SELECT item_seq FROM item_labels WHERE label_id = ?1)",
	[STMT_HL_INSERT] =
		"INSERT INTO highlights (id, short_id, user_id, item_seq, type, quote, prefix, suffix, patch, annotation,"
		" html, color, representation, position_percent, position_anchor, created_at, updated_at)"
		" SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?16"
		" WHERE (SELECT count(*) FROM highlights WHERE item_seq = ?4) < ?17" /* highlights_per_item */
		" RETURNING " STORE_HL_COLS(""),
	[STMT_HL_GET] =
		"SELECT " STORE_HL_COLS("") " FROM highlights WHERE user_id = ?1 AND id = ?2",
	[STMT_HL_UPDATE] =
		"UPDATE highlights SET annotation = coalesce(?3, annotation), quote = coalesce(?4, quote),"
		" html = coalesce(?5, html), color = coalesce(?6, color), shared_at = coalesce(?7, shared_at),"
		" updated_at = ?8 WHERE user_id = ?1 AND id = ?2 RETURNING " STORE_HL_COLS(""),
	[STMT_HL_DELETE] =
		"DELETE FROM highlights WHERE user_id = ?1 AND id = ?2 RETURNING " STORE_HL_COLS(""),
	[STMT_HL_LABELS] =
		"SELECT " STORE_LABEL_COLS("l.") " FROM highlight_labels hl JOIN labels l ON l.id = hl.label_id"
		" WHERE hl.highlight_id = ?1 ORDER BY l.name COLLATE NOCASE, l.id",
	[STMT_JOB_INSERT] =
		"INSERT INTO jobs (item_seq, user_id, kind, priority, status, attempts, run_after, created_at, updated_at)"
		" SELECT ?1, user_id, ?4, ?3, 'queued', 0, ?2, ?2, ?2 FROM library_items WHERE seq = ?1",
	/* the one claim of all background work (fetches, polls, scans, imports): leased for ?2 (a fetch), ?4 (a
	 * feed's poll or scan) or ?5 (an import); a running job's run_after is its lease's end */
	[STMT_JOB_CLAIM] =
		"UPDATE jobs SET status = 'running', attempts = attempts + 1, updated_at = ?1,"
		" locked_until = ?1 + CASE kind WHEN 'import' THEN ?5 WHEN 'poll' THEN ?4 WHEN 'scan' THEN ?4 ELSE ?2 END,"
		" run_after = ?1 + CASE kind WHEN 'import' THEN ?5 WHEN 'poll' THEN ?4 WHEN 'scan' THEN ?4 ELSE ?2 END"
		" WHERE id = (SELECT k.id" JOB_NEXT_PER_USER JOB_CLAIM_ORDER ")"
		" RETURNING " STORE_COLS(STORE_WORK_ROW, ""),
	/* the user whose job was claimed goes to the back of the rotation */
	[STMT_JOB_TURN] = "UPDATE work_turns SET turn = (SELECT max(turn) FROM work_turns) + 1 WHERE user_id = ?1",
	/* a feed's poll job waits for its next poll */
	[STMT_JOB_REQUEUE] =
		"UPDATE jobs SET status = 'queued', run_after = ?2, priority = 2, attempts = 0, locked_until = NULL,"
		" last_error = NULL, updated_at = ?3 WHERE id = ?1",
	/* a poll (?2 'poll', ?3 the subscription) or a scan (?2 'scan', ?3 the URL) of user ?1, due at ?5; a poll
	 * job there already is made due again */
	[STMT_JOB_QUEUE_REF] =
		"INSERT INTO jobs (user_id, kind, ref, priority, status, attempts, run_after, created_at, updated_at)"
		" VALUES (?1, ?2, ?3, ?4, 'queued', 0, ?5, ?5, ?5) ON CONFLICT (kind, user_id, ref) WHERE ref IS NOT NULL"
		" DO UPDATE SET status = 'queued', run_after = ?5, priority = ?4, updated_at = ?5 WHERE jobs.kind = 'poll'",
	[STMT_JOB_QUEUE_IMPORT] =
		"INSERT INTO jobs (user_id, kind, ref, priority, status, attempts, run_after, created_at, updated_at)"
		" SELECT user_id, 'import', id, 1, 'queued', 0, ?2, ?2, ?2 FROM imports WHERE id = ?1 AND status = 'queued'"
		" ON CONFLICT DO NOTHING",
	[STMT_IMPORT_START] =
		"UPDATE imports SET status = 'running', locked_until = ?3 WHERE id = ?1 AND user_id = ?2"
		" AND status IN ('queued', 'running') RETURNING " STORE_COLS(STORE_IMPORT_ROW, ""),
	[STMT_JOB_DONE] = "DELETE FROM jobs WHERE id = ?1",
	[STMT_JOB_RETRY] =
		"UPDATE jobs SET status = ?2, run_after = ?3, last_error = ?4, locked_until = NULL, updated_at = ?5"
		" WHERE id = ?1",
	[STMT_JOB_CANCEL_ITEM] = "DELETE FROM jobs WHERE item_seq = ?1 AND status <> 'running'",
	/* the purge of old trash, a batch at a time: the batch ends at the item (?2 deleted_at, ?3 seq) that
	 * TRASH_PURGE_CUT finds LIMIT_DELETE_BATCH items in */
	[STMT_TRASH_PURGE_CUT] =
		"SELECT deleted_at, seq FROM library_items WHERE deleted_at IS NOT NULL AND deleted_at < ?1"
		" ORDER BY deleted_at, seq LIMIT 1 OFFSET ?2",
	[STMT_TRASH_TOMBSTONE] =
		"INSERT OR REPLACE INTO item_tombstones (user_id, item_id, deleted_at)"
		" SELECT user_id, id, deleted_at FROM library_items WHERE deleted_at IS NOT NULL AND deleted_at < ?1"
		" AND (deleted_at < ?2 OR (deleted_at = ?2 AND seq <= ?3))",
	[STMT_TRASH_PURGE] =
		"DELETE FROM library_items WHERE deleted_at IS NOT NULL AND deleted_at < ?1"
		" AND (deleted_at < ?2 OR (deleted_at = ?2 AND seq <= ?3))",
	[STMT_SESSION_EXTEND] =
		"UPDATE sessions SET expires = ?2, last_seen = ?3 WHERE token_hash = ?1",
	[STMT_SESSION_PURGE] = "DELETE FROM sessions WHERE expires <= ?1",
	[STMT_LOGIN_FAIL] = "INSERT INTO login_failures (key, at) VALUES (?1, ?2)",
	[STMT_LOGIN_COUNT] = "SELECT count(*), max(at) FROM login_failures WHERE key = ?1 AND at > ?2",
	[STMT_LOGIN_CLEAR] = "DELETE FROM login_failures WHERE key = ?1",
	[STMT_LOGIN_FORGET] =
		"DELETE FROM login_failures WHERE key = ?1 AND at = ?2"
		" AND rowid = (SELECT rowid FROM login_failures WHERE key = ?1 AND at = ?2 LIMIT 1)",
	[STMT_LOGIN_PURGE] = "DELETE FROM login_failures WHERE at <= ?1",
	[STMT_SETTING_GET] = "SELECT value FROM settings WHERE name = ?1",
	[STMT_SETTING_ADD] = "INSERT OR IGNORE INTO settings (name, value) VALUES (?1, ?2)",
	[STMT_SAVETOKEN_SET] =
		"INSERT OR REPLACE INTO save_tokens (user_id, token_hash, created, used) VALUES (?1, ?2, ?3, NULL)",
	[STMT_SAVETOKEN_GET] = "SELECT token_hash, created, used FROM save_tokens WHERE user_id = ?1",
	[STMT_SAVETOKEN_TOUCH] = "UPDATE save_tokens SET used = ?2 WHERE user_id = ?1",
	[STMT_SAVETOKEN_DELETE] = "DELETE FROM save_tokens WHERE user_id = ?1",
	[STMT_JOB_COUNT_READY] =
		"SELECT count(*), min(run_after) FROM jobs WHERE status = 'queued' OR (status = 'running' AND run_after <= ?1)",
	[STMT_JOB_CLAIMABLE] = "SELECT EXISTS (SELECT 1" JOB_NEXT_PER_USER ")",
	/* bulk.c: highlights of a user, merging and labelling them; several items at once; the user's trash */
	[STMT_ITEM_HL_COUNT] = "SELECT count(*) FROM highlights WHERE item_seq = ?1",
	[STMT_HL_PAGE] =
		/* the user's highlights newest first (highlights_user), each item looked up by its seq */
		"SELECT " STORE_HL_COLS("h.") " FROM highlights h JOIN library_items i ON i.seq = h.item_seq"
		" WHERE h.user_id = ?1 AND i.deleted_at IS NULL"
		" ORDER BY h.updated_at DESC, h.created_at DESC, h.id LIMIT ?2 OFFSET ?3",
	[STMT_HL_LABELS_CLEAR] = "DELETE FROM highlight_labels WHERE highlight_id = ?1",
	[STMT_HL_LABEL_ADD] = "INSERT OR IGNORE INTO highlight_labels (highlight_id, label_id) VALUES (?1, ?2)",
	[STMT_ITEM_FOLDER] =
		/* moving into the inbox saves the item again (now), as Omnivore does */
		"UPDATE library_items SET folder = ?3, saved_at = CASE WHEN ?3 = 'inbox' THEN ?2 ELSE saved_at END,"
		" updated_at = ?2 WHERE seq = ?1 AND coalesce(folder, 'inbox') <> ?3",
	[STMT_BULK_ARCHIVE] =
		"UPDATE library_items SET archived_at = ?2, updated_at = ?2 WHERE seq = ?1 AND archived_at IS NULL",
	[STMT_BULK_DELETE] =
		"UPDATE library_items SET deleted_at = ?2, updated_at = ?2 WHERE seq = ?1 AND deleted_at IS NULL",
	[STMT_BULK_READ] =
		"UPDATE library_items SET progress = 100, read_at = ?2, updated_at = ?2 WHERE seq = ?1",
	/* emptyTrash, a batch at a time: the batch is the user's trashed items after seq ?3 (where the last batch
	 * ended) up to seq ?2, the last of the first ?2 after ?3 of TRASH_CUT_USER (items_user_trash). Starting
	 * where the last one ended, no batch walks again over the index entries of the items gone before it
	 * (PostgreSQL keeps them until a vacuum) */
	[STMT_TRASH_CUT_USER] =
		"SELECT max(seq) FROM (SELECT seq FROM library_items INDEXED BY items_user_trash"
		" WHERE user_id = ?1 AND deleted_at IS NOT NULL AND seq > ?3 ORDER BY seq LIMIT ?2) AS b",
	[STMT_TRASH_TOMBSTONE_USER] =
		"INSERT OR REPLACE INTO item_tombstones (user_id, item_id, deleted_at)"
		" SELECT user_id, id, deleted_at FROM library_items INDEXED BY items_user_trash"
		" WHERE user_id = ?1 AND deleted_at IS NOT NULL AND seq > ?3 AND seq <= ?2",
	[STMT_TRASH_EMPTY_USER] =
		"DELETE FROM library_items INDEXED BY items_user_trash"
		" WHERE user_id = ?1 AND deleted_at IS NOT NULL AND seq > ?3 AND seq <= ?2",
	/* deleteAccount: the user's items a batch at a time, as emptyTrash's (after seq ?3, up to seq ?2) */
	[STMT_USER_ITEMS_CUT] =
		"SELECT max(seq) FROM (SELECT seq FROM library_items WHERE user_id = ?1 AND seq > ?3 ORDER BY seq LIMIT ?2) AS b",
	[STMT_USER_ITEMS_DELETE] = "DELETE FROM library_items WHERE user_id = ?1 AND seq > ?3 AND seq <= ?2",
	[STMT_KEY_DELETE_USER] = "DELETE FROM api_keys WHERE user_id = ?1",
	[STMT_FILTER_INSERT] =
		/* no row when the user has ?10 saved searches already */
		"INSERT INTO filters (id, user_id, name, filter, position, folder, category, description, visible,"
		" created_at, updated_at)"
		" SELECT ?1, ?2, ?3, ?4, coalesce(?5, (SELECT coalesce(max(position), 0) + 1 FROM filters WHERE user_id = ?2)),"
		" ?6, ?7, ?8, 1, ?9, ?9 WHERE (SELECT count(*) FROM filters WHERE user_id = ?2) < ?10"
		" RETURNING " STORE_FILTER_COLS(""),
	[STMT_FILTER_LIST] =
		"SELECT " STORE_FILTER_COLS("") " FROM filters WHERE user_id = ?1 ORDER BY position, created_at, id",
	[STMT_FILTER_UPDATE] =
		"UPDATE filters SET name = coalesce(?3, name), filter = coalesce(?4, filter), folder = coalesce(?5, folder),"
		" category = coalesce(?6, category), description = coalesce(?7, description),"
		" position = coalesce(?8, position), visible = coalesce(?9, visible), updated_at = ?10"
		" WHERE user_id = ?1 AND id = ?2 RETURNING " STORE_FILTER_COLS(""),
	[STMT_FILTER_DELETE] =
		"DELETE FROM filters WHERE user_id = ?1 AND id = ?2 RETURNING " STORE_FILTER_COLS(""),
	[STMT_FILTER_AFTER_POS] =
		/* the position a moved saved search ?2 goes after: ?3's, or (?3 NULL) one before the first other's
		 * less one; no row when ?3 is not the user's */
		"SELECT position FROM filters WHERE user_id = ?1 AND id = ?3"
		" UNION ALL SELECT (SELECT coalesce(min(position), 1) - 2 FROM filters WHERE user_id = ?1 AND id <> ?2)"
		" WHERE ?3 IS NULL",
	[STMT_FILTER_SHIFT] =
		"UPDATE filters SET position = position + 1 WHERE user_id = ?1 AND id <> ?2 AND position > ?3",
	[STMT_RECENT_ADD] =
		"INSERT INTO recent_searches (id, user_id, term, created_at, seq)"
		" VALUES (?1, ?2, ?3, ?4, (SELECT coalesce(max(seq), 0) + 1 FROM recent_searches WHERE user_id = ?2))"
		" ON CONFLICT (user_id, term) DO UPDATE SET created_at = excluded.created_at, seq = excluded.seq",
	[STMT_RECENT_TRIM] =
		"DELETE FROM recent_searches WHERE user_id = ?1 AND id NOT IN"
		" (SELECT id FROM recent_searches WHERE user_id = ?1 ORDER BY seq DESC LIMIT ?2)",
	[STMT_RECENT_LIST] =
		"SELECT " STORE_RECENT_COLS("") " FROM recent_searches WHERE user_id = ?1 ORDER BY seq DESC",
	[STMT_PROFILE_GET] = "SELECT bio, picture_url FROM user_profiles WHERE user_id = ?1",
	[STMT_PROFILE_SET] =
		/* NULL keeps a value, '' clears it */
		"INSERT INTO user_profiles (user_id, bio, picture_url) VALUES (?1, nullif(?2, ''), nullif(?3, ''))"
		" ON CONFLICT (user_id) DO UPDATE SET bio = CASE WHEN ?2 IS NULL THEN user_profiles.bio ELSE nullif(?2, '') END,"
		" picture_url = CASE WHEN ?3 IS NULL THEN user_profiles.picture_url ELSE nullif(?3, '') END",
	[STMT_USER_UPDATE] =
		"UPDATE users SET name = coalesce(?2, name), username = coalesce(?3, username), updated = ?4 WHERE id = ?1"
		" RETURNING " STORE_USER_COLS(""),
	[STMT_USER_DELETE] = "DELETE FROM users WHERE id = ?1",
	[STMT_PERSONAL_GET] = "SELECT " STORE_PERSONAL_COLS("") " FROM user_personalization WHERE user_id = ?1",
	[STMT_PERSONAL_SET] =
		"INSERT INTO user_personalization AS p (user_id, theme, font_size, font_family, margin, library_layout_type,"
		" library_sort_order, speech_voice, speech_secondary_voice, speech_rate, speech_volume, fields,"
		" digest_channels, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)"
		" ON CONFLICT (user_id) DO UPDATE SET theme = coalesce(?2, p.theme), font_size = coalesce(?3, p.font_size),"
		" font_family = coalesce(?4, p.font_family), margin = coalesce(?5, p.margin),"
		" library_layout_type = coalesce(?6, p.library_layout_type), library_sort_order = coalesce(?7, p.library_sort_order),"
		" speech_voice = coalesce(?8, p.speech_voice), speech_secondary_voice = coalesce(?9, p.speech_secondary_voice),"
		" speech_rate = coalesce(?10, p.speech_rate), speech_volume = coalesce(?11, p.speech_volume),"
		" fields = coalesce(?12, p.fields), digest_channels = coalesce(?13, p.digest_channels), updated_at = ?14"
		" RETURNING " STORE_PERSONAL_COLS(""),
	/* imports (import.c) */
	[STMT_IMPORT_INSERT] =
		"INSERT INTO library_items (id, user_id, url, url_hash, slug, title, author, description, site_name, image,"
		" page_type, state, folder, source, progress, saved_at, created_at, updated_at, published_at, archived_at,"
		" deleted_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 'ARTICLE', 'PROCESSING', 'inbox', 'import',"
		" ?11, ?12, ?13, ?13, ?14, ?15, ?16) RETURNING seq",
	[STMT_IMPORT_UPDATE] =
		"UPDATE library_items SET title = ?2, author = ?3, description = ?4, site_name = ?5, image = ?6,"
		" progress = ?7, saved_at = ?8, published_at = ?9, archived_at = ?10, deleted_at = ?11, updated_at = ?12"
		" WHERE seq = ?1",
	[STMT_IMPORT_JOB_PENDING] = "SELECT count(*) FROM jobs WHERE item_seq = ?1 AND status IN ('queued', 'running')",
	[STMT_IMPORT_FETCH_HORIZON] =
		"SELECT max(j.run_after) FROM jobs j JOIN library_items i ON i.seq = j.item_seq"
		" WHERE i.user_id = ?1 AND j.status = 'queued'",
	[STMT_IMPORT_HL_FIND] =
		"SELECT count(*) FROM highlights WHERE item_seq = ?1 AND quote IS ?2 AND annotation IS ?3",
	[STMT_IMPORT_ID_TAKEN] = "SELECT count(*) FROM library_items WHERE user_id = ?2 AND id = ?1",
	[STMT_IMPORT_CREATE] =
		"INSERT INTO imports (id, user_id, format, path, status, upload_hash, upload_expires, created_at)"
		" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
	[STMT_IMPORT_GET] = "SELECT " STORE_COLS(STORE_IMPORT_ROW, "") " FROM imports WHERE user_id = ?1 AND id = ?2",
	[STMT_IMPORT_BY_UPLOAD] =
		"SELECT " STORE_COLS(STORE_IMPORT_ROW, "") " FROM imports"
		" WHERE upload_hash = ?1 AND status = 'uploading' AND upload_expires > ?2",
	[STMT_IMPORT_UPLOADED] =
		"UPDATE imports SET status = 'queued', path = ?2, upload_hash = NULL WHERE id = ?1 AND status = 'uploading'",
	[STMT_IMPORT_FINISH] =
		"UPDATE imports SET status = ?2, added = ?3, updated = ?4, unchanged = ?5, failed = ?6, report = ?7,"
		" finished_at = ?8, locked_until = NULL WHERE id = ?1",
	/* feeds (feeds.c) */
	[STMT_SUB_CREATE] =
		"INSERT INTO subscriptions (id, user_id, url, name, description, icon, site_url, folder, fetch_content,"
		" created_at, updated_at, pending) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, coalesce(?8, 'following'), ?9, ?10, ?10,"
		" ?11)"
		" ON CONFLICT (user_id, url) DO UPDATE SET status = 'ACTIVE', next_poll_at = 0, failures = 0,"
		" updated_at = ?10 WHERE subscriptions.status <> 'ACTIVE' RETURNING " STORE_SUB_COLS(""),
	[STMT_SUB_GET] = "SELECT " STORE_SUB_COLS("") " FROM subscriptions WHERE user_id = ?1 AND id = ?2",
	[STMT_SUB_LIST] =
		"SELECT " STORE_SUB_COLS("") " FROM subscriptions WHERE user_id = ?1 AND type = 'RSS'"
		" ORDER BY status <> 'ACTIVE', name COLLATE NOCASE, id",
	[STMT_SUB_UNSUBSCRIBE] =
		"UPDATE subscriptions SET status = 'UNSUBSCRIBED', updated_at = ?3 WHERE user_id = ?1 AND id = ?2"
		" RETURNING " STORE_SUB_COLS(""),
	[STMT_SUB_UPDATE] =
		"UPDATE subscriptions SET name = coalesce(?3, name), description = coalesce(?4, description),"
		" folder = coalesce(?5, folder), fetch_content = coalesce(?6, fetch_content), updated_at = ?7"
		" WHERE user_id = ?1 AND id = ?2 RETURNING " STORE_SUB_COLS(""),
	[STMT_SUB_POLLED] =
		"UPDATE subscriptions SET etag = ?2, last_modified = ?3, last_error = ?4, failures = ?5,"
		" next_poll_at = ?6, last_fetched_at = ?7, refreshed_at = coalesce(?8, refreshed_at),"
		" most_recent_item = max(coalesce(most_recent_item, 0), coalesce(?9, 0)) WHERE id = ?1",
	[STMT_FEED_ENTRY_SEEN] = "SELECT 1 FROM feed_entries WHERE user_id = ?1 AND entry_id = ?2",
	[STMT_FEED_ENTRY_ADD] =
		"INSERT OR IGNORE INTO feed_entries (user_id, entry_id, subscription_id, item_id, seen_at)"
		" VALUES (?1, ?2, ?3, ?4, ?5)",
	[STMT_FEED_ITEM_SUB] =
		"SELECT " STORE_SUB_COLS("s.") " FROM feed_entries e JOIN subscriptions s ON s.id = e.subscription_id"
		" WHERE e.user_id = ?2 AND e.item_id = ?1 LIMIT 1",
	[STMT_SUB_COUNT] = "SELECT count(*) FROM subscriptions WHERE user_id = ?1 AND status = 'ACTIVE' AND type = 'RSS'",
	/* one statement, so atomic between processes: the longest-waiting due feed is leased (its next poll moved
	 * past the lease) unless the server's feeds fetched in the last minute reach the rate (?4) */
	[STMT_SUB_ADDRESS] = "SELECT address FROM newsletter_emails WHERE user_id = ?1 AND id = ?2",
	[STMT_SUB_ITEMS] =
		"SELECT count(*) FROM feed_entries WHERE user_id = ?1 AND subscription_id = ?2 AND item_id IS NOT NULL",
	/* feed discovery out of the web processes (016): a pending subscription's first read, and scans */
	[STMT_SUB_RESOLVED] =
		"UPDATE subscriptions SET url = ?2, name = CASE WHEN name = url THEN coalesce(?3, ?2) ELSE name END,"
		" description = coalesce(description, ?4), icon = coalesce(icon, ?5), site_url = coalesce(site_url, ?6),"
		" pending = 0, updated_at = ?7 WHERE id = ?1",
	[STMT_FEED_POLLS_SINCE] = "SELECT count(*) FROM subscriptions WHERE last_fetched_at > ?1 AND type = 'RSS'",
	[STMT_FEED_WAITING] =
		"SELECT (SELECT count(*) FROM subscriptions WHERE user_id = ?1 AND pending = 1 AND status = 'ACTIVE')"
		" + (SELECT count(*) FROM feed_scans WHERE user_id = ?1 AND status IN ('queued', 'running'))",
	[STMT_SCAN_GET] =
		"SELECT " STORE_SCAN_COLS " FROM feed_scans WHERE user_id = ?1 AND url = ?2",
	[STMT_SCAN_QUEUE] =
		"INSERT INTO feed_scans (user_id, url, status, created_at, updated_at) VALUES (?1, ?2, 'queued', ?3, ?3)"
		" ON CONFLICT (user_id, url) DO UPDATE SET status = 'queued', found = NULL, message = NULL,"
		" locked_until = NULL, created_at = ?3, updated_at = ?3 WHERE feed_scans.status IN ('done', 'failed')",
	[STMT_SCAN_DONE] =
		"UPDATE feed_scans SET status = ?3, found = ?4, message = ?5, locked_until = NULL, updated_at = ?6"
		" WHERE user_id = ?1 AND url = ?2",
	[STMT_SCAN_PURGE] = "DELETE FROM feed_scans WHERE status IN ('done', 'failed') AND updated_at < ?1",
	/* newsletters (newsletter.c) */
	[STMT_NL_EMAIL_CREATE] =
		"INSERT INTO newsletter_emails (id, user_id, local_part, address, name, description, folder, created_at)"
		" VALUES (?1, ?2, ?3, ?4, ?5, ?6, coalesce(?7, 'inbox'), ?8) ON CONFLICT (local_part) DO NOTHING"
		" RETURNING " STORE_COLS(STORE_NL_EMAIL_ROW, ""),
	[STMT_NL_EMAIL_COUNT] = "SELECT count(*) FROM newsletter_emails WHERE user_id = ?1",
	[STMT_NL_EMAIL_LIST] =
		"SELECT " STORE_COLS(STORE_NL_EMAIL_ROW, "e.") ", (SELECT count(*) FROM subscriptions s"
		" WHERE s.newsletter_email_id = e.id AND s.status = 'ACTIVE') FROM newsletter_emails e"
		" WHERE e.user_id = ?1 ORDER BY e.created_at DESC, e.id",
	[STMT_NL_EMAIL_DELETE] =
		"DELETE FROM newsletter_emails WHERE user_id = ?1 AND id = ?2 RETURNING " STORE_COLS(STORE_NL_EMAIL_ROW, ""),
	[STMT_NL_EMAIL_BY_LOCAL] =
		"SELECT " STORE_COLS(STORE_NL_EMAIL_ROW, "") " FROM newsletter_emails WHERE local_part = ?1",
	[STMT_NL_EMAIL_CODE] = "UPDATE newsletter_emails SET confirmation_code = ?2 WHERE id = ?1",
	[STMT_NL_RECEIVED_ADD] =
		"INSERT INTO received_emails (id, user_id, newsletter_email_id, from_address, to_address, subject, text, html,"
		" type, reply, reply_to, message_id, item_id, created_at)"
		" VALUES (?1, ?2, ?3, ?4, ?5, coalesce(?6, ''), coalesce(?7, ''), ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
	[STMT_NL_RECEIVED_LIST] =
		"SELECT " STORE_COLS(STORE_RECEIVED_ROW, "") " FROM received_emails WHERE user_id = ?1"
		" ORDER BY created_at DESC, id LIMIT ?2",
	[STMT_NL_SUB_UPSERT] =
		"INSERT INTO subscriptions (id, user_id, url, name, description, site_url, folder, fetch_content, type,"
		" newsletter_email_id, unsubscribe_mail_to, unsubscribe_http_url, next_poll_at, last_fetched_at,"
		" refreshed_at, most_recent_item, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 0,"
		" 'NEWSLETTER', ?8, ?9, ?10, 0, ?11, ?11, ?12, ?11, ?11) ON CONFLICT (user_id, url) DO UPDATE SET"
		" unsubscribe_mail_to = coalesce(?9, unsubscribe_mail_to),"
		" unsubscribe_http_url = coalesce(?10, unsubscribe_http_url), last_fetched_at = ?11, refreshed_at = ?11,"
		" most_recent_item = max(coalesce(most_recent_item, 0), ?12), updated_at = ?11"
		" RETURNING " STORE_SUB_COLS(""),
	[STMT_NL_SUB_LIST] =
		"SELECT " STORE_SUB_COLS("") " FROM subscriptions WHERE user_id = ?1 AND type = 'NEWSLETTER'"
		" ORDER BY status <> 'ACTIVE', name COLLATE NOCASE, id",
	[STMT_NL_ITEM_MARK] =
		"UPDATE library_items SET source = 'newsletter', folder = ?2, page_type = 'ARTICLE' WHERE seq = ?1",
	[STMT_NL_RECEIVED_GET] =
		"SELECT " STORE_COLS(STORE_RECEIVED_ROW, "") " FROM received_emails WHERE user_id = ?1 AND id = ?2",
	[STMT_NL_RECEIVED_ITEM] = "UPDATE received_emails SET item_id = ?2 WHERE id = ?1",
	/* files (file.c): uploaded and fetched PDFs and the items showing them */
	[STMT_FILE_ITEM_INSERT] =
		"INSERT INTO library_items (id, user_id, client_request_id, url, url_hash, slug, title, page_type, state,"
		" folder, source, saved_at, created_at, updated_at)"
		" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'FILE', 'PROCESSING', ?8, ?9, ?10, ?10, ?10) RETURNING seq",
	[STMT_FILE_ITEM_ID_TAKEN] = "SELECT 1 FROM library_items WHERE user_id = ?2 AND id = ?1",
	[STMT_FILE_CREATE] =
		"INSERT INTO files (id, user_id, item_id, file_name, content_type, url, status, upload_hash, upload_expires,"
		" created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'INITIALIZED', ?7, ?8, ?9, ?9)"
		" RETURNING " STORE_COLS(STORE_FILE_ROW, ""),
	[STMT_FILE_BY_UPLOAD] =
		"SELECT " STORE_COLS(STORE_FILE_ROW, "") " FROM files"
		" WHERE upload_hash = ?1 AND status = 'INITIALIZED' AND upload_expires > ?2",
	[STMT_FILE_UPLOADED] =
		"UPDATE files SET status = 'COMPLETED', upload_hash = NULL, path = ?2, size = ?3, sha256 = ?4, updated_at = ?5"
		" WHERE id = ?1 AND status = 'INITIALIZED' RETURNING " STORE_COLS(STORE_FILE_ROW, ""),
	[STMT_FILE_KNOWN] = "SELECT 1 FROM files WHERE id = ?1",
	/* a user's usage against the quotas (usage.c): the counters the triggers of db/018_usage.sql keep */
	[STMT_USAGE_GET] = "SELECT items, bytes FROM user_usage WHERE user_id = ?1",
	[STMT_USAGE_OF_ITEM] =
		"SELECT items, bytes FROM user_usage WHERE user_id = (SELECT user_id FROM library_items WHERE seq = ?1)",
	/* imports waiting for an upload that may still come, queued or running (imports_user: the user's few rows) */
	[STMT_USAGE_IMPORTS] =
		"SELECT count(*) FROM imports WHERE user_id = ?1"
		" AND (status IN ('queued', 'running') OR (status = 'uploading' AND upload_expires > ?2))",
	/* the files of items that are gone (purged from the trash): their rows go, their paths come back */
	[STMT_FILE_ORPHANS] =
		"DELETE FROM files WHERE item_id IS NOT NULL"
		" AND NOT EXISTS (SELECT 1 FROM library_items i WHERE i.user_id = files.user_id AND i.id = files.item_id)"
		" RETURNING path",
	[STMT_FILE_GET] = "SELECT " STORE_COLS(STORE_FILE_ROW, "") " FROM files WHERE user_id = ?1 AND id = ?2",
	[STMT_FILE_BY_ITEM] =
		"SELECT " STORE_COLS(STORE_FILE_ROW, "") " FROM files WHERE user_id = ?1 AND item_id = ?2"
		" ORDER BY status = 'COMPLETED' DESC, created_at DESC LIMIT 1",
	[STMT_FILE_ITEM_TYPE] = "UPDATE library_items SET page_type = 'FILE', updated_at = ?2 WHERE seq = ?1",
	[STMT_FILE_ATTACH] =
		"INSERT INTO files (id, user_id, item_id, file_name, content_type, url, size, sha256, path, status,"
		" created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'COMPLETED', ?10, ?10)"
		" RETURNING " STORE_COLS(STORE_FILE_ROW, ""),
};

#define STMT_NAME(n) #n,
static const char *const stmt_names[STMT__MAX] = { STORE_STMTS(STMT_NAME) };

const char *store_stmt_name(int i, char buf[40])
{
	size_t n = 0;
	for (const char *c = stmt_names[i]; *c && n < 39; c++)
		buf[n++] = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
	buf[n] = '\0';
	return buf;
}

static void writer_unlock(struct store *st);

static const char *const err_names[] = {
	[-STORE_OK] = "ok",
	[-STORE_E_NOTFOUND] = "not found",
	[-STORE_E_EXISTS] = "already exists",
	[-STORE_E_DB] = "database error",
	[-STORE_E_SCHEMA_OLD] = "database schema is older than this program: run larder init",
	[-STORE_E_SCHEMA_NEW] = "database schema is newer than this program",
	[-STORE_E_INVAL] = "invalid argument",
	[-STORE_E_LIMIT] = "over a limit",
	[-STORE_E_NOMEM] = "out of memory: the answer needs more memory than one request may use",
};

const char *store_strerror(int rc)
{
	if (rc > 0 || rc <= STORE_E__MIN)
		return "unknown store error";
	return err_names[-rc];
}

void store_set_limits(struct store *st, const struct store_limits *lim)
{
	if (lim->labels_per_user)
		st->lim.labels_per_user = lim->labels_per_user;
	if (lim->labels_per_item)
		st->lim.labels_per_item = lim->labels_per_item;
	if (lim->items_per_user)
		st->lim.items_per_user = lim->items_per_user;
	if (lim->bytes_per_user)
		st->lim.bytes_per_user = lim->bytes_per_user;
	if (lim->highlights_per_item)
		st->lim.highlights_per_item = lim->highlights_per_item;
}

const char *store_errmsg(const struct store *st)
{
	return st && st->errmsg[0] ? st->errmsg : "no error";
}

int store_schema_version(void)
{
	int n = 0;
	while (store_migrations[n].name)
		n++;
	return n;
}

int store_fail(struct store *st, int db_rc, const char *what)
{
	snprintf(st->errmsg, sizeof st->errmsg, "%s: %s", what, db_errmsg(st->db));
	st->busy = db_rc == DB_E_BUSY;
	switch (db_rc) {
	case DB_E_FOREIGN: return STORE_E_NOTFOUND;
	case DB_E_UNIQUE: return STORE_E_EXISTS;
	case DB_E_CONSTRAINT: return STORE_E_INVAL;
	default: return STORE_E_DB;
	}
}

void store_done(struct db_stmt *s)
{
	db_reset(s);
}

int store_step_done(struct store *st, struct db_stmt *s, const char *what)
{
	int rc = db_step(s);
	store_done(s);
	return rc == DB_DONE ? STORE_OK : store_fail(st, rc, what);
}

int store_run(struct store *st, enum stmt which, int64_t v1, const char *what)
{
	struct db_stmt *s = st->stmt[which];
	db_bind_int64(s, 1, v1);
	return store_step_done(st, s, what);
}

int store_run2(struct store *st, enum stmt which, int64_t v1, int64_t v2, const char *what)
{
	struct db_stmt *s = st->stmt[which];
	db_bind_int64(s, 2, v2);
	return store_run(st, which, v1, what);
}

int store_step_row(struct store *st, struct db_stmt *s, const char *what)
{
	int rc = db_step(s);
	if (rc == DB_ROW)
		return STORE_OK;
	return rc == DB_DONE ? STORE_E_NOTFOUND : store_fail(st, rc, what);
}

int store_get_ints(struct store *st, struct db_stmt *s, int64_t *v, int n, const char *what)
{
	int rc = store_step_row(st, s, what);
	for (int i = 0; i < n && rc == STORE_OK; i++)
		v[i] = db_col_int64(s, i);
	store_done(s);
	return rc;
}

int store_step_changed(struct store *st, struct db_stmt *s, const char *what)
{
	int rc = db_step(s);
	if (rc == DB_DONE)
		rc = db_changes(st->db) > 0 ? STORE_OK : STORE_E_NOTFOUND;
	else
		rc = store_fail(st, rc, what);
	store_done(s);
	return rc;
}

const char *store_col_text(struct arena *a, struct db_stmt *s, int col, bool *oom)
{
	const char *t;
	size_t len;
	char *r;

	if (db_col_type(s, col) == DB_NULL)
		return NULL;
	t = db_col_text(s, col, &len);
	if (!t) {
		*oom = true;
		return NULL;
	}
	r = arena_strndup(a, t, len);
	if (!r)
		*oom = true;
	return r;
}

bool store_bind_owned(struct db_stmt *s, const char *user_id, const char *id)
{
	if (!user_id || !id)
		return false;
	db_bind_text(s, 1, user_id);
	db_bind_text(s, 2, id);
	return true;
}

void store_bind_texts(struct db_stmt *s, int first, const char *const *v, int n)
{
	for (int i = 0; i < n; i++)
		store_bind_text(s, first + i, v[i]);
}

int store_bind_text(struct db_stmt *s, int idx, const char *v)
{
	return v ? db_bind_text(s, idx, v) : db_bind_null(s, idx);
}

void store_close(struct store *st)
{
	if (!st)
		return;
	store_dyn_free(st);
	for (int i = 0; i < STMT__MAX; i++)
		db_finalize(st->stmt[i]);
	db_close(st->db);
	writer_unlock(st);
	if (st->lock_fd >= 0)
		close(st->lock_fd);
	free(st);
}

int64_t store_col_ms(struct db_stmt *s, int col)
{
	return db_col_type(s, col) == DB_NULL ? 0 : db_col_int64(s, col);
}

int store_bind_ms(struct db_stmt *s, int idx, int64_t v)
{
	return v ? db_bind_int64(s, idx, v) : db_bind_null(s, idx);
}

bool store_col_hex64(struct db_stmt *s, int col, char out[65])
{
	const char *t = db_col_text(s, col, NULL);
	if (!t || strlen(t) != 64)
		return false;
	memcpy(out, t, 65);
	return true;
}

int store_row_read(struct store *st, struct arena *a, struct db_stmt *s, int col, const struct store_row *r, void *out)
{
	bool oom = false;
	memset(out, 0, r->size);
	for (size_t i = 0; i < r->ncols; i++) {
		int c = col + (int)i;
		void *f = (char *)out + r->cols[i].off;
		bool null = db_col_type(s, c) == DB_NULL;
		switch (r->cols[i].kind) {
		case STORE_COL_TEXT: *(const char **)f = store_col_text(a, s, c, &oom); break;
		case STORE_COL_I64: *(int64_t *)f = db_col_int64(s, c); break;
		case STORE_COL_INT: *(int *)f = (int)db_col_int64(s, c); break;
		case STORE_COL_REAL: *(double *)f = db_col_double(s, c); break;
		case STORE_COL_I64_OPT: *(int64_t *)f = null ? -1 : db_col_int64(s, c); break;
		case STORE_COL_REAL_OPT: *(double *)f = null ? -1 : db_col_double(s, c); break;
		}
	}
	if (oom) {
		snprintf(st->errmsg, sizeof st->errmsg, "out of memory reading %s", r->what);
		return STORE_E_NOMEM;
	}
	return STORE_OK;
}

/* store_rowdef_<name> and store_row_<name>: one entity's reader from its ROW */
#define ROW_READER(name, ROW, type, what) \
	static const struct store_col name##_cols[] = STORE_ROW_DESC(ROW, type); \
	const struct store_row store_rowdef_##name = { name##_cols, sizeof name##_cols / sizeof name##_cols[0], \
	                                               sizeof(type), what }; \
	int store_row_##name(struct store *st, struct arena *a, struct db_stmt *s, int col, type *out) \
	{ \
		return store_row_read(st, a, s, col, &store_rowdef_##name, out); \
	}
ROW_READER(user, STORE_USER_ROW, struct store_user, "a user")
ROW_READER(key, STORE_KEY_ROW, struct store_apikey, "an API key")
ROW_READER(item, STORE_ITEM_ROW, struct store_item, "an item")
ROW_READER(label, STORE_LABEL_ROW, struct store_label, "a label")
ROW_READER(highlight, STORE_HL_ROW, struct store_highlight, "a highlight")
ROW_READER(job, STORE_JOB_ROW, struct store_job, "a job")

int store_get_row(struct store *st, struct arena *a, struct db_stmt *s, const struct store_row *r, void *out,
                  const char *what)
{
	int rc = store_step_row(st, s, what);
	if (rc == STORE_OK && out)
		rc = store_row_read(st, a, s, 0, r, out);
	store_done(s);
	return rc;
}

int store_get_rows(struct store *st, struct arena *a, struct db_stmt *s, const struct store_row *r, void **out,
                   size_t *n, const char *what)
{
	char *list = NULL;
	size_t cap = 0;
	int rc;
	*out = NULL;
	*n = 0;
	while ((rc = db_step(s)) == DB_ROW) {
		if (*n == cap) {
			size_t ncap = cap ? cap * 2 : 8;
			char *nl = arena_realloc(a, list, cap * r->size, ncap * r->size);
			if (!nl) {
				snprintf(st->errmsg, sizeof st->errmsg, "out of memory %s", what);
				rc = STORE_E_NOMEM;
				goto out;
			}
			list = nl;
			cap = ncap;
		}
		if ((rc = store_row_read(st, a, s, 0, r, list + *n * r->size)) != STORE_OK)
			goto out;
		(*n)++;
	}
	rc = rc == DB_DONE ? STORE_OK : store_fail(st, rc, what);
out:
	*out = rc == STORE_OK ? list : NULL;
	if (rc != STORE_OK)
		*n = 0;
	store_done(s);
	return rc;
}

/* Write transactions of all processes queue on an flock of DB-writer.lock before BEGIN IMMEDIATE:
 * a waiting process sleeps in the kernel and wakes when the lock is released, instead of polling
 * SQLite's lock (with four FastCGI processes saving at once, polling cost more than the saves). */
static void writer_lock(struct store *st)
{
	if (st->lock_fd < 0 || st->locked)
		return;
	while (flock(st->lock_fd, LOCK_EX) < 0)
		if (errno != EINTR)
			return; /* no queue: SQLite's own locking still keeps the data safe */
	st->locked = true;
}

static void writer_unlock(struct store *st)
{
	if (!st->locked)
		return;
	flock(st->lock_fd, LOCK_UN);
	st->locked = false;
}

int store_begin(struct store *st)
{
	int rc;
	writer_lock(st);
	if ((rc = db_begin(st->db)) == DB_OK)
		return STORE_OK;
	writer_unlock(st);
	return store_fail(st, rc, "starting a transaction");
}

int store_commit(struct store *st)
{
	int rc = db_commit(st->db);
	if (rc == DB_OK) {
		writer_unlock(st);
		return STORE_OK;
	}
	rc = store_fail(st, rc, "committing");
	store_rollback(st);
	return rc;
}

int store_end(struct store *st, int rc)
{
	if (rc == STORE_OK)
		return store_commit(st);
	store_rollback(st);
	return rc;
}

/* a serialization failure or deadlock is tried again this many times, after 5, 10, 20 … ms */
#define TX_TRIES 5

int store_tx(struct store *st, int (*fn)(struct store *st, void *arg), void *arg)
{
	for (int i = 0;; i++) {
		int rc;
		st->busy = false;
		if ((rc = store_begin(st)) == STORE_OK)
			rc = store_end(st, fn(st, arg));
		if (rc == STORE_OK || !st->busy || db_is_sqlite(st->db) || i + 1 >= TX_TRIES)
			return rc;
		usleep((useconds_t)(5000 << i));
	}
}

void store_set_batch_hook(struct store *st, void (*fn)(void *arg, int64_t done), void *arg)
{
	st->batch_hook = fn;
	st->batch_arg = arg;
}

struct batch_tx { int (*fn)(struct store *st, struct store_batch *b); struct store_batch b; };

static int batch_tx(struct store *st, void *arg)
{
	struct batch_tx *t = arg;
	t->b.n = 0;
	t->b.next = t->b.after;
	return t->fn(st, &t->b);
}

int store_batches(struct store *st, int (*fn)(struct store *st, struct store_batch *b), void *arg, int64_t *total)
{
	struct batch_tx t = { .fn = fn, .b = { .arg = arg } };
	*total = 0;
	for (;;) {
		int rc = store_tx(st, batch_tx, &t);
		if (rc != STORE_OK)
			return rc;
		if (t.b.n == 0)
			return STORE_OK;
		*total += t.b.n;
		t.b.after = t.b.next;
		if (st->batch_hook)
			st->batch_hook(st->batch_arg, *total);
	}
}

void store_rollback(struct store *st)
{
	db_rollback(st->db); /* nothing when no transaction is open */
	writer_unlock(st);
}

/* ---- a user's whole library, page by page (read only; the export) ---- */

int store_item_page(struct store *st, struct arena *a, const char *user_id, int64_t after_seq, int64_t limit,
                    struct store_item **out, size_t *n)
{
	struct db_stmt *s = st->stmt[STMT_ITEM_PAGE];
	db_bind_text(s, 1, user_id);
	db_bind_int64(s, 2, after_seq);
	db_bind_int64(s, 3, limit);
	return store_get_rows(st, a, s, &store_rowdef_item, (void **)out, n, "reading a page of items");
}
