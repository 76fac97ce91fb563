-- 026_file_blobs.sql: the bytes of kept files (PDFs) and of uploaded imports held in the database in numbered parts, for `files_store = database` (several machines without a shared disk); a file or import whose path is NULL has its bytes here under its id.
CREATE TABLE file_blobs (
	id      TEXT NOT NULL,                                         -- files.id or imports.id
	part    INTEGER NOT NULL,                                      -- 0, 1, …: the order of the parts
	user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,  -- the owner: an account's removal takes its bytes
	data    BLOB NOT NULL,                                         -- at most LIMIT_BLOB_PART bytes
	PRIMARY KEY (id, part)
);
CREATE INDEX file_blobs_user ON file_blobs (user_id);
