-- 014_files.sql (PostgreSQL): files uploaded or fetched as PDFs (uploadFileRequest, the upload URL, saveFile, saveUrl of a PDF): one row per file, its item, its one-time upload token and where its bytes are kept.
CREATE TABLE files (
	id             text PRIMARY KEY,                      -- UUID (Omnivore's uploadFileId)
	user_id        text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	item_id        text,                                  -- the library item showing the file (library_items.id)
	file_name      text NOT NULL,                         -- a display name made from the client's URL (never a path)
	content_type   text NOT NULL,
	url            text,                                  -- the URL the client named (http(s) or file:)
	size           bigint,                                -- bytes, once received
	sha256         text,                                  -- hex SHA-256 of the bytes, once received
	path           text,                                  -- where the bytes are: files_dir/ID.pdf (our name)
	status         text NOT NULL DEFAULT 'INITIALIZED',   -- INITIALIZED (waits for its bytes), COMPLETED
	upload_hash    text UNIQUE,                           -- SHA-256 hex of the one-time upload token (NULL once used)
	upload_expires bigint,                                -- the upload URL works until then
	created_at     bigint NOT NULL,
	updated_at     bigint NOT NULL
);
CREATE INDEX files_item ON files (item_id);
CREATE INDEX files_user ON files (user_id, created_at);
