-- 010_import.sql: imports of a library from another service (larder import, /settings/import, uploadImportFile): one row per import, its upload and its outcome.
CREATE TABLE imports (
	id             TEXT PRIMARY KEY NOT NULL,            -- UUID
	user_id        TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	format         TEXT,                                 -- the format's name (NULL: found from the file when it runs)
	path           TEXT,                                 -- the uploaded file under the data directory
	status         TEXT NOT NULL,                        -- uploading (waits for its file), queued, running, done, failed
	upload_hash    TEXT UNIQUE,                          -- SHA-256 hex of the one-time upload token (NULL once used)
	upload_expires INTEGER,                              -- the upload URL works until then
	added          INTEGER NOT NULL DEFAULT 0,           -- the counts of the report
	updated        INTEGER NOT NULL DEFAULT 0,
	unchanged      INTEGER NOT NULL DEFAULT 0,
	failed         INTEGER NOT NULL DEFAULT 0,
	report         TEXT,                                 -- one line per bad row: "line N: reason"
	locked_until   INTEGER,                              -- lease of a running import
	created_at     INTEGER NOT NULL,
	finished_at    INTEGER
);
CREATE INDEX imports_user ON imports(user_id, created_at);
CREATE INDEX imports_ready ON imports(status, created_at);
