-- 009_user.sql: saved searches (Omnivore's filters), each user's recent search terms, and the profile's bio and picture.

-- a saved search: a name for a query in Omnivore's search language, in the user's own order
CREATE TABLE filters (
	id          TEXT PRIMARY KEY NOT NULL,                  -- UUID
	user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	name        TEXT NOT NULL,
	filter      TEXT NOT NULL,                              -- the search query
	position    INTEGER NOT NULL,
	folder      TEXT,
	category    TEXT,
	description TEXT,
	visible     INTEGER NOT NULL DEFAULT 1,
	created_at  INTEGER NOT NULL,
	updated_at  INTEGER NOT NULL
);
CREATE INDEX filters_user ON filters(user_id, position);

-- the query texts of a user's latest searches, one row per distinct text (searched again: its time moves)
CREATE TABLE recent_searches (
	id         TEXT PRIMARY KEY NOT NULL,                   -- UUID
	user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	term       TEXT NOT NULL,
	created_at INTEGER NOT NULL,                            -- when it was last searched
	seq        INTEGER NOT NULL,                            -- the user's searches counted: newest is highest
	UNIQUE (user_id, term)
);
CREATE INDEX recent_searches_user ON recent_searches(user_id, seq);

-- what Omnivore's Profile has beyond the username (one row once either is set)
CREATE TABLE user_profiles (
	user_id     TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	bio         TEXT,
	picture_url TEXT
) WITHOUT ROWID;
