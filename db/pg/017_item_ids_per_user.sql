-- 017_item_ids_per_user.sql (PostgreSQL): an item's id is unique per user, not across the server, as SQLite's 017 makes it: a clientRequestId another user's item has is taken as a fresh one is, so the answer no longer tells that the id exists in someone's library.
ALTER TABLE library_items DROP CONSTRAINT library_items_id_key;
ALTER TABLE library_items ADD CONSTRAINT library_items_user_id_id_key UNIQUE (user_id, id);
