-- 002_library.sql: the library: items, their content, labels, highlights, the fetch job queue, tombstones and full-text search.
-- Times are integer milliseconds since the Unix epoch (UTC); NULL = not set.

-- One row per saved page. `seq` is the rowid (the full-text index's key, and a stable tie-breaker for
-- every ORDER BY); `id` is the item's public UUID. Body HTML lives in item_content and the searchable
-- text in item_search, so scans of this table stay on small rows.
CREATE TABLE library_items (
	seq               INTEGER PRIMARY KEY,
	id                TEXT NOT NULL UNIQUE,                 -- UUID (the clientRequestId when one was given)
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
	UNIQUE (user_id, slug)
);
CREATE INDEX items_saved ON library_items(user_id, saved_at, seq);
CREATE INDEX items_updated ON library_items(user_id, updated_at, seq);
CREATE INDEX items_crid ON library_items(user_id, client_request_id) WHERE client_request_id IS NOT NULL;

-- The sanitized readable HTML of an item (NULL while processing).
CREATE TABLE item_content (
	seq     INTEGER PRIMARY KEY REFERENCES library_items(seq) ON DELETE CASCADE,
	content TEXT
);

CREATE TABLE labels (
	id          TEXT PRIMARY KEY NOT NULL,                  -- UUID
	user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	name        TEXT NOT NULL,
	color       TEXT NOT NULL,
	description TEXT,
	position    INTEGER NOT NULL DEFAULT 0,
	internal    INTEGER NOT NULL DEFAULT 0,
	source      TEXT,
	created_at  INTEGER NOT NULL,
	updated_at  INTEGER NOT NULL,
	UNIQUE (user_id, name COLLATE NOCASE)
);

CREATE TABLE item_labels (
	item_seq   INTEGER NOT NULL REFERENCES library_items(seq) ON DELETE CASCADE,
	label_id   TEXT NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
	created_at INTEGER NOT NULL,
	PRIMARY KEY (item_seq, label_id)
) WITHOUT ROWID;
CREATE INDEX item_labels_label ON item_labels(label_id, item_seq);

CREATE TABLE highlights (
	id              TEXT PRIMARY KEY NOT NULL,              -- UUID
	short_id        TEXT NOT NULL,
	user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	item_seq        INTEGER NOT NULL REFERENCES library_items(seq) ON DELETE CASCADE,
	type            TEXT NOT NULL DEFAULT 'HIGHLIGHT',      -- HighlightType enum name
	quote           TEXT,
	prefix          TEXT,
	suffix          TEXT,
	patch           TEXT,
	annotation      TEXT,
	html            TEXT,
	color           TEXT,
	representation  TEXT NOT NULL DEFAULT 'CONTENT',
	position_percent REAL NOT NULL DEFAULT 0,
	position_anchor INTEGER NOT NULL DEFAULT 0,
	created_at      INTEGER NOT NULL,
	updated_at      INTEGER NOT NULL,
	shared_at       INTEGER
);
CREATE INDEX highlights_item ON highlights(item_seq, position_percent, created_at);

CREATE TABLE highlight_labels (
	highlight_id TEXT NOT NULL REFERENCES highlights(id) ON DELETE CASCADE,
	label_id     TEXT NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
	PRIMARY KEY (highlight_id, label_id)
) WITHOUT ROWID;
CREATE INDEX highlight_labels_label ON highlight_labels(label_id);

-- The fetch queue: one row per pending or finished fetch of an item. A worker claims a job by
-- setting status 'running' and a lease (locked_until); a job whose lease ran out is claimable again,
-- so a worker killed mid-fetch leaves nothing stuck.
CREATE TABLE jobs (
	id           INTEGER PRIMARY KEY,
	item_seq     INTEGER NOT NULL REFERENCES library_items(seq) ON DELETE CASCADE,
	kind         TEXT NOT NULL DEFAULT 'fetch',
	status       TEXT NOT NULL DEFAULT 'queued',            -- queued, running, done, failed
	attempts     INTEGER NOT NULL DEFAULT 0,
	run_after    INTEGER NOT NULL,                          -- not before (retry backoff)
	locked_until INTEGER,                                   -- lease of a running job
	last_error   TEXT,
	created_at   INTEGER NOT NULL,
	updated_at   INTEGER NOT NULL
);
CREATE INDEX jobs_ready ON jobs(status, run_after);
CREATE INDEX jobs_item ON jobs(item_seq);

-- Items removed for good (purged from the trash, or their user's data deleted) stay visible to
-- updatesSince as DELETED.
CREATE TABLE item_tombstones (
	user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	item_id    TEXT NOT NULL,
	deleted_at INTEGER NOT NULL,
	PRIMARY KEY (user_id, item_id)
) WITHOUT ROWID;
CREATE INDEX tombstones_time ON item_tombstones(user_id, deleted_at);

-- The text the full-text index sees, one row per item, kept current by the triggers below
-- (body text is written by the store when content is saved).
CREATE TABLE item_search (
	seq         INTEGER PRIMARY KEY REFERENCES library_items(seq) ON DELETE CASCADE,
	title       TEXT,
	author      TEXT,
	description TEXT,
	site        TEXT,                                       -- site name and URL host
	text        TEXT,                                       -- body text
	labels      TEXT,                                       -- label names, space-separated
	notes       TEXT                                        -- highlight quotes and annotations
);

-- external-content FTS5 over item_search; bm25 column weights are given at query time
CREATE VIRTUAL TABLE items_fts USING fts5(
	title, author, description, site, text, labels, notes,
	content = 'item_search', content_rowid = 'seq',
	tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER item_search_ai AFTER INSERT ON item_search BEGIN
	INSERT INTO items_fts(rowid, title, author, description, site, text, labels, notes)
	VALUES (new.seq, new.title, new.author, new.description, new.site, new.text, new.labels, new.notes);
END;
CREATE TRIGGER item_search_ad AFTER DELETE ON item_search BEGIN
	INSERT INTO items_fts(items_fts, rowid, title, author, description, site, text, labels, notes)
	VALUES ('delete', old.seq, old.title, old.author, old.description, old.site, old.text, old.labels, old.notes);
END;
CREATE TRIGGER item_search_au AFTER UPDATE ON item_search BEGIN
	INSERT INTO items_fts(items_fts, rowid, title, author, description, site, text, labels, notes)
	VALUES ('delete', old.seq, old.title, old.author, old.description, old.site, old.text, old.labels, old.notes);
	INSERT INTO items_fts(rowid, title, author, description, site, text, labels, notes)
	VALUES (new.seq, new.title, new.author, new.description, new.site, new.text, new.labels, new.notes);
END;

-- the URL host, for the site column: "https://www.example.com/x" -> "www.example.com"
CREATE VIEW item_host AS
	SELECT seq, CASE WHEN instr(substr(url, instr(url, '//') + 2), '/') > 0
	                 THEN substr(url, instr(url, '//') + 2, instr(substr(url, instr(url, '//') + 2), '/') - 1)
	                 ELSE substr(url, instr(url, '//') + 2) END AS host
	FROM library_items;

CREATE TRIGGER items_ai AFTER INSERT ON library_items BEGIN
	INSERT INTO item_search(seq, title, author, description, site, text, labels, notes)
	VALUES (new.seq, new.title, new.author, new.description,
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

-- labels column: names of the item's labels
CREATE TRIGGER item_labels_ai AFTER INSERT ON item_labels BEGIN
	UPDATE item_search SET labels = (SELECT group_concat(l.name, ' ') FROM item_labels il
	                                 JOIN labels l ON l.id = il.label_id WHERE il.item_seq = new.item_seq)
	WHERE seq = new.item_seq;
END;
CREATE TRIGGER item_labels_ad AFTER DELETE ON item_labels BEGIN
	UPDATE item_search SET labels = (SELECT group_concat(l.name, ' ') FROM item_labels il
	                                 JOIN labels l ON l.id = il.label_id WHERE il.item_seq = old.item_seq)
	WHERE seq = old.item_seq;
END;
CREATE TRIGGER labels_au AFTER UPDATE OF name ON labels WHEN old.name IS NOT new.name BEGIN
	UPDATE item_search SET labels = (SELECT group_concat(l.name, ' ') FROM item_labels il
	                                 JOIN labels l ON l.id = il.label_id WHERE il.item_seq = item_search.seq)
	WHERE seq IN (SELECT item_seq FROM item_labels WHERE label_id = new.id);
END;

-- notes column: quotes and annotations of the item's highlights
CREATE TRIGGER highlights_ai AFTER INSERT ON highlights BEGIN
	UPDATE item_search SET notes = (SELECT group_concat(coalesce(quote, '') || ' ' || coalesce(annotation, ''), ' ')
	                                FROM highlights WHERE item_seq = new.item_seq)
	WHERE seq = new.item_seq;
END;
CREATE TRIGGER highlights_au AFTER UPDATE OF quote, annotation ON highlights BEGIN
	UPDATE item_search SET notes = (SELECT group_concat(coalesce(quote, '') || ' ' || coalesce(annotation, ''), ' ')
	                                FROM highlights WHERE item_seq = new.item_seq)
	WHERE seq = new.item_seq;
END;
CREATE TRIGGER highlights_ad AFTER DELETE ON highlights BEGIN
	UPDATE item_search SET notes = (SELECT group_concat(coalesce(quote, '') || ' ' || coalesce(annotation, ''), ' ')
	                                FROM highlights WHERE item_seq = old.item_seq)
	WHERE seq = old.item_seq;
END;
