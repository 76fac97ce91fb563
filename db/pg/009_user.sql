-- 009_user.sql (PostgreSQL): saved searches (Omnivore's filters), each user's recent search terms, and the profile's bio and picture.

-- a saved search: a name for a query in Omnivore's search language, in the user's own order
CREATE TABLE filters (
	id          text PRIMARY KEY,                  -- UUID
	user_id     text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	name        text NOT NULL,
	filter      text NOT NULL,                              -- the search query
	position    bigint NOT NULL,
	folder      text,
	category    text,
	description text,
	visible     bigint NOT NULL DEFAULT 1,
	created_at  bigint NOT NULL,
	updated_at  bigint NOT NULL
);
CREATE INDEX filters_user ON filters(user_id, position);

-- the query texts of a user's latest searches, one row per distinct text (searched again: its time moves)
CREATE TABLE recent_searches (
	id         text PRIMARY KEY,                   -- UUID
	user_id    text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	term       text NOT NULL,
	created_at bigint NOT NULL,                            -- when it was last searched
	seq        bigint NOT NULL,                            -- the user's searches counted: newest is highest
	UNIQUE (user_id, term)
);
CREATE INDEX recent_searches_user ON recent_searches(user_id, seq);

-- what Omnivore's Profile has beyond the username (one row once either is set)
CREATE TABLE user_profiles (
	user_id     text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
	bio         text,
	picture_url text
);
