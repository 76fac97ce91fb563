-- 011_personalization.sql: each user's reader and library settings (Omnivore's UserPersonalization); NULL = never set.
CREATE TABLE user_personalization (
	user_id                TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	theme                  TEXT,
	font_size              INTEGER,
	font_family            TEXT,
	margin                 INTEGER,
	library_layout_type    TEXT,
	library_sort_order     TEXT,
	speech_voice           TEXT,
	speech_secondary_voice TEXT,
	speech_rate            TEXT,
	speech_volume          TEXT,
	fields                 TEXT,   -- any JSON value, as its text
	digest_channels        TEXT,   -- a JSON array of strings
	updated_at             INTEGER NOT NULL
) WITHOUT ROWID;
