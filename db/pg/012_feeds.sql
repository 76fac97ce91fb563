-- 012_feeds.sql (PostgreSQL): feed subscriptions (Omnivore's Subscription of type RSS) with their polling state, and the entries each user has already had as items.
CREATE TABLE subscriptions (
	id                 text PRIMARY KEY,
	user_id            text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	url                text NOT NULL,                       -- the feed's address
	name               text NOT NULL,
	description        text,
	icon               text,
	site_url           text,
	status             text NOT NULL DEFAULT 'ACTIVE',      -- ACTIVE or UNSUBSCRIBED
	folder             text NOT NULL DEFAULT 'following',   -- where its items go: 'following' or 'inbox'
	fetch_content      bigint NOT NULL DEFAULT 1,          -- 0: keep the feed's text, never fetch the page
	etag               text,                                -- validators of the last 200 answer
	last_modified      text,
	last_error         text,
	failures           bigint NOT NULL DEFAULT 0,          -- polls failed in a row (the backoff grows with it)
	next_poll_at       bigint NOT NULL DEFAULT 0,
	last_fetched_at    bigint,
	refreshed_at       bigint,                             -- the last poll that brought something new
	most_recent_item   bigint,                             -- the newest entry's date
	created_at         bigint NOT NULL,
	updated_at         bigint NOT NULL,
	UNIQUE (user_id, url)
);
CREATE INDEX subscriptions_due ON subscriptions (next_poll_at) WHERE status = 'ACTIVE';

-- one row per entry a user has had from a feed (by entry id), and the item it became
CREATE TABLE feed_entries (
	user_id         text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	entry_id        text NOT NULL,
	subscription_id text NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
	item_id         text,
	seen_at         bigint NOT NULL,
	PRIMARY KEY (user_id, entry_id)
);
CREATE INDEX feed_entries_item ON feed_entries (item_id);
