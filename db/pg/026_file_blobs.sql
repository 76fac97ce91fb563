-- 026_file_blobs.sql (PostgreSQL): the bytes of kept files (PDFs) and of uploaded imports held in the database in numbered bytea parts, for `files_store = database` (several machines without a shared disk); a file or import whose path is NULL has its bytes here under its id.
CREATE TABLE file_blobs (
	id      text NOT NULL,                                         -- files.id or imports.id
	part    integer NOT NULL,                                      -- 0, 1, …: the order of the parts
	user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,  -- the owner: an account's removal takes its bytes
	data    bytea NOT NULL,                                        -- at most LIMIT_BLOB_PART bytes
	PRIMARY KEY (id, part)
);
CREATE INDEX file_blobs_user ON file_blobs (user_id);
-- PDFs and zips are compressed already: TOAST keeps the parts out of line without trying to compress them again
ALTER TABLE file_blobs ALTER COLUMN data SET STORAGE EXTERNAL;
