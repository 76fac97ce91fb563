-- 018_usage.sql (PostgreSQL): what each user has against the per-user quotas of larder.conf (items_per_user, bytes_per_user): one row per user, kept by triggers inside the transaction of each write, as on SQLite (db/018_usage.sql).
CREATE TABLE user_usage (
	-- no foreign key: the triggers of a user's deletion update this row after the user's row is gone (PostgreSQL
	-- checks the key of a row updated twice in one transaction); usage_user_gone deletes it last
	user_id TEXT PRIMARY KEY NOT NULL,
	items   BIGINT NOT NULL DEFAULT 0,  -- library_items rows (the trash included, until it is purged)
	bytes   BIGINT NOT NULL DEFAULT 0   -- bytes of item_content.content and of files.size
);
INSERT INTO user_usage (user_id, items, bytes)
SELECT u.id,
       (SELECT count(*) FROM library_items i WHERE i.user_id = u.id),
       coalesce((SELECT sum(octet_length(c.content)) FROM item_content c JOIN library_items i ON i.seq = c.seq
                 WHERE i.user_id = u.id), 0) +
       coalesce((SELECT sum(f.size) FROM files f WHERE f.user_id = u.id), 0)
FROM users u;

CREATE FUNCTION larder_usage_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO user_usage (user_id) VALUES (NEW.id);
	RETURN NULL;
END $$;
CREATE TRIGGER usage_user AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION larder_usage_user();
-- after the cascades of the user's deletion (their RI_ triggers sort before it), whose triggers update the row
CREATE FUNCTION larder_usage_user_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM user_usage WHERE user_id = OLD.id;
	RETURN NULL;
END $$;
CREATE TRIGGER usage_user_gone AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION larder_usage_user_gone();

CREATE FUNCTION larder_usage_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE user_usage SET items = items + 1 WHERE user_id = NEW.user_id;
		RETURN NULL;
	END IF;
	-- before the delete: the item's content (deleted with it by its foreign key) is still there to be counted
	UPDATE user_usage SET items = items - 1,
	       bytes = bytes - coalesce((SELECT octet_length(content) FROM item_content WHERE seq = OLD.seq), 0)
	WHERE user_id = OLD.user_id;
	RETURN OLD;
END $$;
CREATE TRIGGER usage_item_add AFTER INSERT ON library_items FOR EACH ROW EXECUTE FUNCTION larder_usage_item();
CREATE TRIGGER usage_item_del BEFORE DELETE ON library_items FOR EACH ROW EXECUTE FUNCTION larder_usage_item();

CREATE FUNCTION larder_usage_content() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE user_usage SET bytes = bytes + coalesce(octet_length(NEW.content), 0)
	       - CASE WHEN TG_OP = 'UPDATE' THEN coalesce(octet_length(OLD.content), 0) ELSE 0 END
	WHERE user_id = (SELECT user_id FROM library_items WHERE seq = NEW.seq);
	RETURN NULL;
END $$;
CREATE TRIGGER usage_content AFTER INSERT OR UPDATE OF content ON item_content FOR EACH ROW
	EXECUTE FUNCTION larder_usage_content();

CREATE FUNCTION larder_usage_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE user_usage SET bytes = bytes + coalesce(NEW.size, 0) WHERE user_id = NEW.user_id;
	ELSIF TG_OP = 'UPDATE' THEN
		UPDATE user_usage SET bytes = bytes + coalesce(NEW.size, 0) - coalesce(OLD.size, 0) WHERE user_id = NEW.user_id;
	ELSE
		UPDATE user_usage SET bytes = bytes - coalesce(OLD.size, 0) WHERE user_id = OLD.user_id;
	END IF;
	RETURN NULL;
END $$;
CREATE TRIGGER usage_file AFTER INSERT OR UPDATE OF size OR DELETE ON files FOR EACH ROW EXECUTE FUNCTION larder_usage_file();
