-- 010_import.sql (PostgreSQL): imports of a library from another service (larder import, /settings/import, uploadImportFile): one row per import, its upload and its outcome.
CREATE TABLE imports (
	id             text PRIMARY KEY,            -- UUID
	user_id        text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	format         text,                                 -- the format's name (NULL: found from the file when it runs)
	path           text,                                 -- the uploaded file under the data directory
	status         text NOT NULL,                        -- uploading (waits for its file), queued, running, done, failed
	upload_hash    text UNIQUE,                          -- SHA-256 hex of the one-time upload token (NULL once used)
	upload_expires bigint,                              -- the upload URL works until then
	added          bigint NOT NULL DEFAULT 0,           -- the counts of the report
	updated        bigint NOT NULL DEFAULT 0,
	unchanged      bigint NOT NULL DEFAULT 0,
	failed         bigint NOT NULL DEFAULT 0,
	report         text,                                 -- one line per bad row: "line N: reason"
	locked_until   bigint,                              -- lease of a running import
	created_at     bigint NOT NULL,
	finished_at    bigint
);
CREATE INDEX imports_user ON imports(user_id, created_at);
CREATE INDEX imports_ready ON imports(status, created_at);
