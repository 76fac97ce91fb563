-- 006_search_owner.sql (PostgreSQL): each search row knows its owner, as db/006_search_owner.sql (which partitions SQLite's FTS5 index per owner); the tsvector index that will use it is the next step.
ALTER TABLE item_search ADD COLUMN owner text NOT NULL DEFAULT '';
UPDATE item_search SET owner = (SELECT user_id FROM library_items i WHERE i.seq = item_search.seq);

CREATE OR REPLACE FUNCTION larder_items_ai() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO item_search (seq, owner, title, author, description, site)
	VALUES (NEW.seq, NEW.user_id, NEW.title, NEW.author, NEW.description, larder_site(NEW.site_name, NEW.url));
	RETURN NULL;
END $$;
