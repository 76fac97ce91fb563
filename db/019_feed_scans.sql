-- 019_feed_scans.sql: feed discovery moved out of the web processes: a subscription waiting for its first read (pending), and the scans of a URL (scanFeeds) the fetch runner or `larder worker` does, kept a short while per user.
ALTER TABLE subscriptions ADD COLUMN pending INTEGER NOT NULL DEFAULT 0; -- 1: the URL as given, not read yet (a feed, or a page announcing one)

CREATE TABLE feed_scans (
	user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	url          TEXT NOT NULL,                 -- the URL as scanFeeds was given it (normalised)
	status       TEXT NOT NULL,                 -- queued, running, done, failed
	found        TEXT,                          -- the feeds found, one a line: url, kind, title, description, icon (tab-separated)
	message      TEXT,                          -- why it failed
	locked_until INTEGER,                       -- lease of a running scan
	created_at   INTEGER NOT NULL,
	updated_at   INTEGER NOT NULL,
	PRIMARY KEY (user_id, url)
);
CREATE INDEX feed_scans_ready ON feed_scans (status, created_at);
