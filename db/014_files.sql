-- 014_files.sql: files uploaded or fetched as PDFs (uploadFileRequest, the upload URL, saveFile, saveUrl of a PDF): one row per file, its item, its one-time upload token and where its bytes are kept.
CREATE TABLE files (
	id             TEXT PRIMARY KEY NOT NULL,             -- UUID (Omnivore's uploadFileId)
	user_id        TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	item_id        TEXT,                                  -- the library item showing the file (library_items.id)
	file_name      TEXT NOT NULL,                         -- a display name made from the client's URL (never a path)
	content_type   TEXT NOT NULL,
	url            TEXT,                                  -- the URL the client named (http(s) or file:)
	size           INTEGER,                               -- bytes, once received
	sha256         TEXT,                                  -- hex SHA-256 of the bytes, once received
	path           TEXT,                                  -- where the bytes are: files_dir/ID.pdf (our name)
	status         TEXT NOT NULL DEFAULT 'INITIALIZED',   -- INITIALIZED (waits for its bytes), COMPLETED
	upload_hash    TEXT UNIQUE,                           -- SHA-256 hex of the one-time upload token (NULL once used)
	upload_expires INTEGER,                               -- the upload URL works until then
	created_at     INTEGER NOT NULL,
	updated_at     INTEGER NOT NULL
);
CREATE INDEX files_item ON files(item_id);
CREATE INDEX files_user ON files(user_id, created_at);
