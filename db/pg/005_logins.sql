-- 005_logins.sql (PostgreSQL): failed logins, counted per account and per address to slow down password guessing.
CREATE TABLE login_failures (
	rowid bigint GENERATED ALWAYS AS IDENTITY, -- SQLite's rowid: forgetting one attempt of several alike
	key text NOT NULL,          -- "user:<id or name>" or "addr:<remote address>"
	at  bigint NOT NULL
);
CREATE INDEX login_failures_key ON login_failures(key, at);
