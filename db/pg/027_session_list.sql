-- 027_session_list.sql (PostgreSQL): what the sessions page shows of each login session: a public id (random, unrelated to the token, good only for revoking it through its owner's account), where it was made (a browser login or an app's sign-in), a coarse name of the client, and when the extension last used it.
ALTER TABLE sessions ADD COLUMN id text;
UPDATE sessions SET id = replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX sessions_id ON sessions(id);
ALTER TABLE sessions ADD COLUMN kind text NOT NULL DEFAULT 'browser';  -- 'browser' or 'app'
ALTER TABLE sessions ADD COLUMN agent text;                            -- e.g. "Firefox on Linux"; NULL: unknown
ALTER TABLE sessions ADD COLUMN extension_seen bigint NOT NULL DEFAULT 0;  -- ms; 0: never used by the extension
