-- 024_search_words.sql (PostgreSQL): as db/024_search_words.sql gives SQLite: each search row knows its item's language, and search_langs lists each owner's languages. The tsvector is still made by larder_search_vector (words without stems: PostgreSQL does not yet get words.c's stems, bigrams and dictionary words); search_pending stays empty, as nothing here waits for a re-index.
ALTER TABLE item_search ADD COLUMN lang text;
UPDATE item_search SET lang = (SELECT language FROM library_items i WHERE i.seq = item_search.seq);

CREATE TABLE search_pending (seq bigint PRIMARY KEY);

CREATE TABLE search_langs (
	owner text NOT NULL,
	lang  text NOT NULL,
	PRIMARY KEY (owner, lang)
);
INSERT INTO search_langs SELECT DISTINCT owner, lower(lang) FROM item_search WHERE coalesce(lang, '') <> ''
ON CONFLICT DO NOTHING;

CREATE FUNCTION larder_search_lang() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(NEW.lang, '') <> '' THEN
		INSERT INTO search_langs (owner, lang) VALUES (NEW.owner, lower(NEW.lang)) ON CONFLICT DO NOTHING;
	END IF;
	RETURN NULL;
END $$;
CREATE TRIGGER item_search_lang AFTER INSERT OR UPDATE OF lang ON item_search FOR EACH ROW EXECUTE FUNCTION larder_search_lang();

CREATE FUNCTION larder_users_ad_search_langs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM search_langs WHERE owner = OLD.id;
	RETURN NULL;
END $$;
CREATE TRIGGER users_ad_search_langs AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION larder_users_ad_search_langs();

-- the item's language follows it into its search row
CREATE OR REPLACE FUNCTION larder_items_ai() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO item_search (seq, owner, title, author, description, site, lang)
	VALUES (NEW.seq, NEW.user_id, NEW.title, NEW.author, NEW.description, larder_site(NEW.site_name, NEW.url), NEW.language);
	RETURN NULL;
END $$;
CREATE FUNCTION larder_items_au_language() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.language IS DISTINCT FROM NEW.language THEN
		UPDATE item_search SET lang = NEW.language WHERE seq = NEW.seq;
	END IF;
	RETURN NULL;
END $$;
CREATE TRIGGER items_au_language AFTER UPDATE OF language ON library_items FOR EACH ROW EXECUTE FUNCTION larder_items_au_language();
