-- 001_init.sql: users, API keys and login sessions (times are integer milliseconds since the Unix epoch, UTC).

CREATE TABLE users (
	id            TEXT PRIMARY KEY NOT NULL,              -- UUID v4
	username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
	name          TEXT NOT NULL,
	email         TEXT UNIQUE COLLATE NOCASE,            -- NULL when not given
	password_hash TEXT,                                  -- argon2id encoded; NULL = no password login
	created       INTEGER NOT NULL,
	updated       INTEGER NOT NULL
);

CREATE TABLE api_keys (
	id       TEXT PRIMARY KEY NOT NULL,                  -- UUID v4 (not the key value)
	user_id  TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	name     TEXT NOT NULL,
	key_hash TEXT NOT NULL UNIQUE,                       -- hex SHA-256 of the key value
	scopes   TEXT,                                       -- JSON array of strings, or NULL
	created  INTEGER NOT NULL,
	expires  INTEGER NOT NULL,                           -- 8640000000000000 = never
	used     INTEGER,                                    -- NULL = never used
	UNIQUE (user_id, name)
);

CREATE TABLE sessions (
	token_hash TEXT PRIMARY KEY NOT NULL,                -- hex SHA-256 of the cookie value
	user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	created    INTEGER NOT NULL,
	expires    INTEGER NOT NULL,
	last_seen  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_user ON sessions(user_id);
CREATE INDEX sessions_expires ON sessions(expires);
