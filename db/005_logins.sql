-- 005_logins.sql: failed logins, counted per account and per address to slow down password guessing.
CREATE TABLE login_failures (
	key TEXT NOT NULL,          -- "user:<id or name>" or "addr:<remote address>"
	at  INTEGER NOT NULL
);
CREATE INDEX login_failures_key ON login_failures(key, at);
