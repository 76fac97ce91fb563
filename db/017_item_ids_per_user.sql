-- 017_item_ids_per_user.sql: an item's id is unique per user, not across the server, so a clientRequestId (saveUrl, savePage, uploadFileRequest) another user's item has is taken as it is, as a fresh one is: the answer no longer tells that the id exists in someone's library. SQLite cannot drop a UNIQUE constraint: the table is made again with the same rows (seq kept: every other table refers to items by it), and its view, triggers and indexes with it. (larder init's connection runs without foreign keys, so dropping the old table deletes nothing else.)
CREATE TABLE library_items_017 (
	seq               INTEGER PRIMARY KEY,
	id                TEXT NOT NULL,                        -- UUID (the clientRequestId when one was given): unique per user
	user_id           TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	client_request_id TEXT,                                 -- a non-UUID clientRequestId, kept as a lookup key
	url               TEXT NOT NULL,                        -- the normalised URL (originalArticleUrl)
	url_hash          TEXT NOT NULL,                        -- hex SHA-256 of url: one item per URL per user
	slug              TEXT NOT NULL,
	title             TEXT NOT NULL,
	author            TEXT,
	description       TEXT,
	site_name         TEXT,
	site_icon         TEXT,
	image             TEXT,
	language          TEXT,
	dir               TEXT,
	page_type         TEXT NOT NULL DEFAULT 'ARTICLE',       -- PageType enum name
	state             TEXT NOT NULL DEFAULT 'PROCESSING',    -- PROCESSING, SUCCEEDED, FAILED, CONTENT_NOT_FETCHED
	want_state        TEXT,                                 -- the state asked for at save time (ARCHIVED, …)
	fail_reason       TEXT,                                 -- why the last fetch failed (state FAILED)
	folder            TEXT NOT NULL DEFAULT 'inbox',
	source            TEXT,
	words_count       INTEGER,
	progress          REAL NOT NULL DEFAULT 0,              -- readingProgressPercent, 0–100
	progress_top      REAL,                                 -- readingProgressTopPercent
	progress_anchor   INTEGER NOT NULL DEFAULT 0,           -- readingProgressAnchorIndex
	saved_at          INTEGER NOT NULL,
	created_at        INTEGER NOT NULL,
	updated_at        INTEGER NOT NULL,
	published_at      INTEGER,
	read_at           INTEGER,
	archived_at       INTEGER,
	deleted_at        INTEGER,                              -- in the trash since
	UNIQUE (user_id, url_hash),
	UNIQUE (user_id, slug),
	UNIQUE (user_id, id)
);
INSERT INTO library_items_017 SELECT * FROM library_items;
DROP VIEW item_host;
DROP TABLE library_items;
ALTER TABLE library_items_017 RENAME TO library_items;
CREATE INDEX items_saved ON library_items(user_id, saved_at, seq);
CREATE INDEX items_updated ON library_items(user_id, updated_at, seq);
CREATE INDEX items_crid ON library_items(user_id, client_request_id) WHERE client_request_id IS NOT NULL;
CREATE INDEX items_trash ON library_items(deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX items_user ON library_items(user_id, seq);
CREATE INDEX items_user_trash ON library_items(user_id, seq) WHERE deleted_at IS NOT NULL;
CREATE VIEW item_host AS
	SELECT seq, CASE WHEN instr(substr(url, instr(url, '//') + 2), '/') > 0
	                 THEN substr(url, instr(url, '//') + 2, instr(substr(url, instr(url, '//') + 2), '/') - 1)
	                 ELSE substr(url, instr(url, '//') + 2) END AS host
	FROM library_items;
CREATE TRIGGER items_ai AFTER INSERT ON library_items BEGIN
	INSERT INTO item_search(seq, owner, title, author, description, site, text, labels, notes)
	VALUES (new.seq, new.user_id, new.title, new.author, new.description,
	        trim(coalesce(new.site_name, '') || ' ' || (SELECT host FROM item_host WHERE seq = new.seq)),
	        NULL, NULL, NULL);
END;
CREATE TRIGGER items_au AFTER UPDATE OF title, author, description, site_name, url ON library_items
WHEN old.title IS NOT new.title OR old.author IS NOT new.author OR old.description IS NOT new.description
  OR old.site_name IS NOT new.site_name OR old.url IS NOT new.url BEGIN
	UPDATE item_search SET title = new.title, author = new.author, description = new.description,
	       site = trim(coalesce(new.site_name, '') || ' ' || (SELECT host FROM item_host WHERE seq = new.seq))
	WHERE seq = new.seq;
END;
