-- 001_init.sql (PostgreSQL): users, API keys and login sessions, as db/001_init.sql (times are bigint milliseconds since the Unix epoch, UTC).

-- SQLite's NOCASE: equal and ordered without regard to case (ICU, level 2); the store's SQL names it as
-- COLLATE NOCASE, which PostgreSQL reads as this collation
CREATE COLLATION IF NOT EXISTS nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false);

CREATE TABLE users (
	id            text PRIMARY KEY,                      -- UUID v4
	username      text NOT NULL UNIQUE COLLATE nocase,
	name          text NOT NULL,
	email         text UNIQUE COLLATE nocase,            -- NULL when not given
	password_hash text,                                  -- argon2id encoded; NULL = no password login
	created       bigint NOT NULL,
	updated       bigint NOT NULL
);

CREATE TABLE api_keys (
	rowid    bigint GENERATED ALWAYS AS IDENTITY,        -- SQLite's rowid: the order keys were made in
	id       text PRIMARY KEY,                           -- UUID v4 (not the key value)
	user_id  text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	name     text NOT NULL,
	key_hash text NOT NULL UNIQUE,                       -- hex SHA-256 of the key value
	scopes   text,                                       -- JSON array of strings, or NULL
	created  bigint NOT NULL,
	expires  bigint NOT NULL,                            -- 8640000000000000 = never
	used     bigint,                                     -- NULL = never used
	UNIQUE (user_id, name)
);

CREATE TABLE sessions (
	token_hash text PRIMARY KEY,                         -- hex SHA-256 of the cookie value
	user_id    text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	created    bigint NOT NULL,
	expires    bigint NOT NULL,
	last_seen  bigint NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);
CREATE INDEX sessions_expires ON sessions(expires);
