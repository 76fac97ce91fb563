-- 019_feed_scans.sql (PostgreSQL): feed discovery moved out of the web processes: a subscription waiting for its first read (pending), and the scans of a URL (scanFeeds) the fetch runner or `larder worker` does, kept a short while per user.
ALTER TABLE subscriptions ADD COLUMN pending bigint NOT NULL DEFAULT 0; -- 1: the URL as given, not read yet (a feed, or a page announcing one)

CREATE TABLE feed_scans (
	user_id      text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	url          text NOT NULL,                 -- the URL as scanFeeds was given it (normalised)
	status       text NOT NULL,                 -- queued, running, done, failed
	found        text,                          -- the feeds found, one a line: url, kind, title, description, icon (tab-separated)
	message      text,                          -- why it failed
	locked_until bigint,                        -- lease of a running scan
	created_at   bigint NOT NULL,
	updated_at   bigint NOT NULL,
	PRIMARY KEY (user_id, url)
);
CREATE INDEX feed_scans_ready ON feed_scans (status, created_at);
