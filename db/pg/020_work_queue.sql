-- 020_work_queue.sql (PostgreSQL): one queue for all background work, fair between users: fetch jobs, feed polls, feed scans and imports are rows of jobs, each with its user and a priority (0: a save someone waits for, 1: bulk work, 2: a feed's regular poll), and work_turns says whose work was claimed least recently.
ALTER TABLE jobs ALTER COLUMN item_seq DROP NOT NULL;                 -- fetch, pdf: the item
ALTER TABLE jobs ALTER COLUMN run_after DROP NOT NULL;                -- NULL once failed; a running job's lease end
ALTER TABLE jobs ADD COLUMN user_id text REFERENCES users(id) ON DELETE CASCADE; -- whose work it is
ALTER TABLE jobs ADD COLUMN ref text;                                 -- poll: the subscription; scan: the URL; import: the import
ALTER TABLE jobs ADD COLUMN priority bigint NOT NULL DEFAULT 0;       -- 0: interactive, 1: bulk (imports, feed entries), 2: a feed's poll
UPDATE jobs j SET user_id = i.user_id, priority = CASE WHEN i.source IN ('rss', 'import') THEN 1 ELSE 0 END,
	run_after = CASE j.status WHEN 'failed' THEN NULL WHEN 'running' THEN j.locked_until ELSE j.run_after END
	FROM library_items i WHERE i.seq = j.item_seq;
DROP INDEX jobs_ready;
CREATE INDEX jobs_turn ON jobs(user_id, priority, run_after);       -- a user's next due job
CREATE INDEX jobs_running ON jobs(user_id, status, run_after);      -- a user's running jobs (fetches_per_user)
CREATE UNIQUE INDEX jobs_ref ON jobs(kind, user_id, ref) WHERE ref IS NOT NULL;
-- feed_polls_per_minute: the feeds fetched in the last minute, counted before each claim
CREATE INDEX subscriptions_fetched ON subscriptions(last_fetched_at) WHERE type = 'RSS';

-- one row per user who has had background work: the claim takes the user with due work and a free slot
-- whose work was claimed least recently (turn: a counter over all users)
CREATE TABLE work_turns (
	user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
	turn    bigint NOT NULL DEFAULT 0
);
CREATE INDEX work_turns_turn ON work_turns(turn); -- the back of the rotation: max(turn) read from the index
INSERT INTO work_turns (user_id) SELECT DISTINCT user_id FROM jobs WHERE user_id IS NOT NULL ON CONFLICT DO NOTHING;
CREATE FUNCTION larder_jobs_turn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO work_turns (user_id) VALUES (NEW.user_id) ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;
CREATE TRIGGER jobs_turn AFTER INSERT ON jobs FOR EACH ROW WHEN (NEW.user_id IS NOT NULL) EXECUTE FUNCTION larder_jobs_turn();

-- the polls of active feeds, and the imports and scans waiting, as jobs
INSERT INTO jobs (user_id, kind, ref, priority, status, run_after, created_at, updated_at)
	SELECT user_id, 'poll', id, CASE WHEN pending = 0 THEN 2 ELSE 0 END, 'queued', next_poll_at, created_at, updated_at
	FROM subscriptions WHERE status = 'ACTIVE' AND type = 'RSS';
INSERT INTO jobs (user_id, kind, ref, priority, status, run_after, created_at, updated_at)
	SELECT user_id, 'import', id, 1, 'queued', created_at, created_at, created_at FROM imports
	WHERE status IN ('queued', 'running');
INSERT INTO jobs (user_id, kind, ref, priority, status, run_after, created_at, updated_at)
	SELECT user_id, 'scan', url, 0, 'queued', created_at, created_at, updated_at FROM feed_scans
	WHERE status IN ('queued', 'running');
