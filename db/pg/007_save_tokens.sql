-- 007_save_tokens.sql (PostgreSQL): the bookmarklet's save token, one per user, stored only as its SHA-256: it lets a GET /api/save from the user's own browser save without asking.
CREATE TABLE save_tokens (
	user_id    text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
	token_hash text NOT NULL UNIQUE,  -- SHA-256 hex of the token; the token itself is never stored
	created    bigint NOT NULL,      -- ms since the epoch
	used       bigint                -- last save made with it (NULL: never)
);
