-- 006_search_owner.sql: one partition of the full-text index per owner: every value items_fts sees starts with its owner's tag, and the "larder" tokenizer (src/store/fts.c) prefixes each token with it.
-- A search then reads only the caller's tokens: match counts, ranking and timing no longer depend on
-- other users' rows. The tokenizer is registered by the store on every connection (the sqlite3 shell
-- has none: it can read these tables but cannot write items, labels or highlights).

DROP TRIGGER item_search_ai;
DROP TRIGGER item_search_ad;
DROP TRIGGER item_search_au;
DROP TRIGGER items_ai;
DROP TABLE items_fts;

-- the owner's user id, written once when the item is created (an item never changes owner)
ALTER TABLE item_search ADD COLUMN owner TEXT NOT NULL DEFAULT '';
UPDATE item_search SET owner = (SELECT user_id FROM library_items i WHERE i.seq = item_search.seq);

-- what the index sees: each value behind its owner's tag, "\x01" owner "\x01" (NULL stays NULL)
CREATE VIEW item_search_tagged AS
	SELECT seq, char(1) || owner || char(1) || title AS title, char(1) || owner || char(1) || author AS author,
	       char(1) || owner || char(1) || description AS description, char(1) || owner || char(1) || site AS site,
	       char(1) || owner || char(1) || text AS text, char(1) || owner || char(1) || labels AS labels,
	       char(1) || owner || char(1) || notes AS notes
	FROM item_search;

-- external-content FTS5 over the tagged view; rank weights are given at query time (larder_rank)
CREATE VIRTUAL TABLE items_fts USING fts5(
	title, author, description, site, text, labels, notes,
	content = 'item_search_tagged', content_rowid = 'seq',
	tokenize = 'larder remove_diacritics 2'
);
INSERT INTO items_fts(items_fts) VALUES ('rebuild');

CREATE TRIGGER item_search_ai AFTER INSERT ON item_search BEGIN
	INSERT INTO items_fts(rowid, title, author, description, site, text, labels, notes)
	SELECT seq, title, author, description, site, text, labels, notes FROM item_search_tagged WHERE seq = new.seq;
END;
-- Removing a row from the index: before the change, when the tagged view still shows the values that
-- were indexed, FTS5 reads them back from it (an external-content DELETE).
CREATE TRIGGER item_search_bd BEFORE DELETE ON item_search BEGIN
	DELETE FROM items_fts WHERE rowid = old.seq;
END;
CREATE TRIGGER item_search_bu BEFORE UPDATE ON item_search BEGIN
	DELETE FROM items_fts WHERE rowid = old.seq;
END;
CREATE TRIGGER item_search_au AFTER UPDATE ON item_search BEGIN
	INSERT INTO items_fts(rowid, title, author, description, site, text, labels, notes)
	SELECT seq, title, author, description, site, text, labels, notes FROM item_search_tagged WHERE seq = new.seq;
END;

CREATE TRIGGER items_ai AFTER INSERT ON library_items BEGIN
	INSERT INTO item_search(seq, owner, title, author, description, site, text, labels, notes)
	VALUES (new.seq, new.user_id, new.title, new.author, new.description,
	        trim(coalesce(new.site_name, '') || ' ' || (SELECT host FROM item_host WHERE seq = new.seq)),
	        NULL, NULL, NULL);
END;
