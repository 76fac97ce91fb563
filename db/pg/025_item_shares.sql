-- 025_item_shares.sql (PostgreSQL): public read-only share links, at most one live per item, each stored only as the SHA-256 of its token; removed with the item (a trashed item's link answers as unknown until it is restored).
CREATE TABLE item_shares (
	item_seq   bigint PRIMARY KEY REFERENCES library_items(seq) ON DELETE CASCADE,
	token_hash text NOT NULL UNIQUE,  -- SHA-256 hex of the token; the token itself is never stored
	created    bigint NOT NULL        -- ms since the epoch
);
