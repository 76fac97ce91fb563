-- 012_feeds.sql: feed subscriptions (Omnivore's Subscription of type RSS) with their polling state, and the entries each user has already had as items.
CREATE TABLE subscriptions (
	id                 TEXT PRIMARY KEY NOT NULL,
	user_id            TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	url                TEXT NOT NULL,                       -- the feed's address
	name               TEXT NOT NULL,
	description        TEXT,
	icon               TEXT,
	site_url           TEXT,
	status             TEXT NOT NULL DEFAULT 'ACTIVE',      -- ACTIVE or UNSUBSCRIBED
	folder             TEXT NOT NULL DEFAULT 'following',   -- where its items go: 'following' or 'inbox'
	fetch_content      INTEGER NOT NULL DEFAULT 1,          -- 0: keep the feed's text, never fetch the page
	etag               TEXT,                                -- validators of the last 200 answer
	last_modified      TEXT,
	last_error         TEXT,
	failures           INTEGER NOT NULL DEFAULT 0,          -- polls failed in a row (the backoff grows with it)
	next_poll_at       INTEGER NOT NULL DEFAULT 0,
	last_fetched_at    INTEGER,
	refreshed_at       INTEGER,                             -- the last poll that brought something new
	most_recent_item   INTEGER,                             -- the newest entry's date
	created_at         INTEGER NOT NULL,
	updated_at         INTEGER NOT NULL,
	UNIQUE (user_id, url)
);
CREATE INDEX subscriptions_due ON subscriptions (next_poll_at) WHERE status = 'ACTIVE';

-- one row per entry a user has had from a feed (by entry id), and the item it became
CREATE TABLE feed_entries (
	user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	entry_id        TEXT NOT NULL,
	subscription_id TEXT NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
	item_id         TEXT,
	seen_at         INTEGER NOT NULL,
	PRIMARY KEY (user_id, entry_id)
) WITHOUT ROWID;
CREATE INDEX feed_entries_item ON feed_entries (item_id);
