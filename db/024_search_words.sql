-- 024_search_words.sql: the full-text index made again with the "larder_words" tokenizer (src/store/words.c): Snowball stems beside words in the item's language, dictionary words of Chinese, Japanese and Thai, Hangul bigrams. The new index starts empty: `larder init` fills it in batches (store_search_reindex), each committed, so a stop loses nothing and the next init goes on.
DROP TRIGGER item_search_ai;
DROP TRIGGER item_search_bd;
DROP TRIGGER item_search_bu;
DROP TRIGGER item_search_au;
DROP TABLE items_fts;
DROP VIEW item_search_tagged;

-- the item's language (library_items.language: the page's, or words_lang_guess's from its text), which picks
-- the stemmer of its words
ALTER TABLE item_search ADD COLUMN lang TEXT;
UPDATE item_search SET lang = (SELECT language FROM library_items i WHERE i.seq = item_search.seq);

-- what the index sees: each value behind its owner's tag and language, "\x01" owner "\x02" lang "\x01" (the
-- language cut to 32 characters and without the tag's own control characters: a page's lang attribute of any
-- length or bytes cannot move the tag's end)
CREATE VIEW item_search_tagged AS
	SELECT seq, t || title AS title, t || author AS author, t || description AS description, t || site AS site,
	       t || text AS text, t || labels AS labels, t || notes AS notes
	FROM (SELECT seq, title, author, description, site, text, labels, notes,
	             char(1) || owner || char(2) ||
	             replace(replace(replace(substr(coalesce(lang, ''), 1, 32), char(1), ''), char(2), ''), char(3), '') ||
	             char(1) AS t FROM item_search);

CREATE VIRTUAL TABLE items_fts USING fts5(
	title, author, description, site, text, labels, notes,
	content = 'item_search_tagged', content_rowid = 'seq',
	tokenize = 'larder_words'
);

-- the search rows not yet in the new index (larder init empties it); their old values were never indexed, so
-- a change or deletion of one removes nothing from the index
CREATE TABLE search_pending (seq INTEGER PRIMARY KEY);
INSERT INTO search_pending SELECT seq FROM item_search;

CREATE TRIGGER item_search_ai AFTER INSERT ON item_search BEGIN
	INSERT INTO items_fts(rowid, title, author, description, site, text, labels, notes)
	SELECT seq, title, author, description, site, text, labels, notes FROM item_search_tagged WHERE seq = new.seq;
END;
CREATE TRIGGER item_search_bd BEFORE DELETE ON item_search
WHEN NOT EXISTS (SELECT 1 FROM search_pending WHERE seq = old.seq) BEGIN
	DELETE FROM items_fts WHERE rowid = old.seq;
END;
CREATE TRIGGER item_search_ad AFTER DELETE ON item_search BEGIN
	DELETE FROM search_pending WHERE seq = old.seq;
END;
CREATE TRIGGER item_search_bu BEFORE UPDATE ON item_search
WHEN NOT EXISTS (SELECT 1 FROM search_pending WHERE seq = old.seq) BEGIN
	DELETE FROM items_fts WHERE rowid = old.seq;
END;
CREATE TRIGGER item_search_au AFTER UPDATE ON item_search BEGIN
	DELETE FROM search_pending WHERE seq = new.seq;
	INSERT INTO items_fts(rowid, title, author, description, site, text, labels, notes)
	SELECT seq, title, author, description, site, text, labels, notes FROM item_search_tagged WHERE seq = new.seq;
END;

-- the languages of each owner's items, whose stemmers a search uses for a word searched in any of its forms
CREATE TABLE search_langs (
	owner TEXT NOT NULL,
	lang  TEXT NOT NULL,
	PRIMARY KEY (owner, lang)
) WITHOUT ROWID;
INSERT OR IGNORE INTO search_langs SELECT owner, lower(lang) FROM item_search WHERE coalesce(lang, '') <> '';
CREATE TRIGGER item_search_lang_ai AFTER INSERT ON item_search WHEN coalesce(new.lang, '') <> '' BEGIN
	INSERT OR IGNORE INTO search_langs (owner, lang) VALUES (new.owner, lower(new.lang));
END;
CREATE TRIGGER item_search_lang_au AFTER UPDATE OF lang ON item_search WHEN coalesce(new.lang, '') <> '' BEGIN
	INSERT OR IGNORE INTO search_langs (owner, lang) VALUES (new.owner, lower(new.lang));
END;
CREATE TRIGGER users_ad_search_langs AFTER DELETE ON users BEGIN
	DELETE FROM search_langs WHERE owner = old.id;
END;

-- the item's language follows it into its search row
DROP TRIGGER items_ai;
CREATE TRIGGER items_ai AFTER INSERT ON library_items BEGIN
	INSERT INTO item_search(seq, owner, title, author, description, site, text, labels, notes, lang)
	VALUES (new.seq, new.user_id, new.title, new.author, new.description,
	        trim(coalesce(new.site_name, '') || ' ' || (SELECT host FROM item_host WHERE seq = new.seq)),
	        NULL, NULL, NULL, new.language);
END;
CREATE TRIGGER items_au_language AFTER UPDATE OF language ON library_items
WHEN old.language IS NOT new.language BEGIN
	UPDATE item_search SET lang = new.language WHERE seq = new.seq;
END;
