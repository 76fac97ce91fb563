-- 020_work_queue.sql: one queue for all background work, fair between users: fetch jobs, feed polls, feed scans and imports are rows of jobs, each with its user and a priority (0: a save someone waits for, 1: bulk work, 2: a feed's regular poll), and work_turns says whose work was claimed least recently.
CREATE TABLE jobs_new (
	id           INTEGER PRIMARY KEY,
	item_seq     INTEGER REFERENCES library_items(seq) ON DELETE CASCADE, -- fetch, pdf: the item
	user_id      TEXT REFERENCES users(id) ON DELETE CASCADE,            -- whose work it is (NULL: an orphan, never claimed)
	kind         TEXT NOT NULL DEFAULT 'fetch',                          -- fetch, pdf, poll, scan, import
	ref          TEXT,                                                   -- poll: the subscription; scan: the URL; import: the import
	priority     INTEGER NOT NULL DEFAULT 0,                             -- 0: interactive, 1: bulk (imports, feed entries), 2: a feed's poll
	status       TEXT NOT NULL DEFAULT 'queued',                         -- queued, running, failed
	attempts     INTEGER NOT NULL DEFAULT 0,
	run_after    INTEGER,                                                -- not before (backoff, the next poll); a running job's lease end; NULL once failed
	locked_until INTEGER,                                                -- lease of a running job
	last_error   TEXT,
	created_at   INTEGER NOT NULL,
	updated_at   INTEGER NOT NULL
);
INSERT INTO jobs_new (id, item_seq, user_id, kind, priority, status, attempts, run_after, locked_until, last_error,
                      created_at, updated_at)
	SELECT j.id, j.item_seq, i.user_id, j.kind, CASE WHEN i.source IN ('rss', 'import') THEN 1 ELSE 0 END, j.status,
	       j.attempts, CASE j.status WHEN 'failed' THEN NULL WHEN 'running' THEN j.locked_until ELSE j.run_after END,
	       j.locked_until, j.last_error, j.created_at, j.updated_at
	FROM jobs j JOIN library_items i ON i.seq = j.item_seq;
DROP TABLE jobs;
ALTER TABLE jobs_new RENAME TO jobs;
CREATE INDEX jobs_item ON jobs(item_seq);
CREATE INDEX jobs_turn ON jobs(user_id, priority, run_after);       -- a user's next due job
CREATE INDEX jobs_running ON jobs(user_id, status, run_after);      -- a user's running jobs (fetches_per_user)
CREATE UNIQUE INDEX jobs_ref ON jobs(kind, user_id, ref) WHERE ref IS NOT NULL;
-- feed_polls_per_minute: the feeds fetched in the last minute, counted before each claim
CREATE INDEX subscriptions_fetched ON subscriptions(last_fetched_at) WHERE type = 'RSS';

-- one row per user who has had background work: the claim takes the user with due work and a free slot
-- whose work was claimed least recently (turn: a counter over all users)
CREATE TABLE work_turns (
	user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	turn    INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX work_turns_turn ON work_turns(turn); -- the back of the rotation: max(turn) read from the index
INSERT OR IGNORE INTO work_turns (user_id) SELECT DISTINCT user_id FROM jobs WHERE user_id IS NOT NULL;
CREATE TRIGGER jobs_turn AFTER INSERT ON jobs WHEN NEW.user_id IS NOT NULL
BEGIN
	INSERT OR IGNORE INTO work_turns (user_id) VALUES (NEW.user_id);
END;

-- the polls of active feeds, and the imports and scans waiting, as jobs
INSERT INTO jobs (user_id, kind, ref, priority, status, run_after, created_at, updated_at)
	SELECT user_id, 'poll', id, CASE WHEN pending = 0 THEN 2 ELSE 0 END, 'queued', next_poll_at, created_at, updated_at FROM subscriptions
	WHERE status = 'ACTIVE' AND type = 'RSS';
INSERT INTO jobs (user_id, kind, ref, priority, status, run_after, created_at, updated_at)
	SELECT user_id, 'import', id, 1, 'queued', created_at, created_at, created_at FROM imports
	WHERE status IN ('queued', 'running');
INSERT INTO jobs (user_id, kind, ref, priority, status, run_after, created_at, updated_at)
	SELECT user_id, 'scan', url, 0, 'queued', created_at, created_at, updated_at FROM feed_scans
	WHERE status IN ('queued', 'running');
