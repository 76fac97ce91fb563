-- 018_usage.sql: what each user has against the per-user quotas of larder.conf (items_per_user, bytes_per_user): one row per user, kept by triggers inside the transaction of each write, so a save reads one row instead of counting the library.
CREATE TABLE user_usage (
	-- no foreign key: the triggers of a user's deletion update this row after the user's row is gone (PostgreSQL
	-- checks the key of a row updated twice in one transaction); usage_user_gone deletes it last
	user_id TEXT PRIMARY KEY NOT NULL,
	items   INTEGER NOT NULL DEFAULT 0,  -- library_items rows (the trash included, until it is purged)
	bytes   INTEGER NOT NULL DEFAULT 0   -- bytes of item_content.content and of files.size
);
INSERT INTO user_usage (user_id, items, bytes)
SELECT u.id,
       (SELECT count(*) FROM library_items i WHERE i.user_id = u.id),
       coalesce((SELECT sum(length(CAST(c.content AS BLOB))) FROM item_content c JOIN library_items i ON i.seq = c.seq
                 WHERE i.user_id = u.id), 0) +
       coalesce((SELECT sum(f.size) FROM files f WHERE f.user_id = u.id), 0)
FROM users u;

CREATE TRIGGER usage_user AFTER INSERT ON users BEGIN
	INSERT INTO user_usage (user_id) VALUES (new.id);
END;
CREATE TRIGGER usage_user_gone AFTER DELETE ON users BEGIN
	DELETE FROM user_usage WHERE user_id = old.id;
END;
CREATE TRIGGER usage_item_add AFTER INSERT ON library_items BEGIN
	UPDATE user_usage SET items = items + 1 WHERE user_id = new.user_id;
END;
-- before the delete: the item's content (deleted with it by its foreign key) is still there to be counted
CREATE TRIGGER usage_item_del BEFORE DELETE ON library_items BEGIN
	UPDATE user_usage SET items = items - 1,
	       bytes = bytes - coalesce((SELECT length(CAST(content AS BLOB)) FROM item_content WHERE seq = old.seq), 0)
	WHERE user_id = old.user_id;
END;
CREATE TRIGGER usage_content_add AFTER INSERT ON item_content BEGIN
	UPDATE user_usage SET bytes = bytes + coalesce(length(CAST(new.content AS BLOB)), 0)
	WHERE user_id = (SELECT user_id FROM library_items WHERE seq = new.seq);
END;
CREATE TRIGGER usage_content_set AFTER UPDATE OF content ON item_content BEGIN
	UPDATE user_usage SET bytes = bytes + coalesce(length(CAST(new.content AS BLOB)), 0)
	                                    - coalesce(length(CAST(old.content AS BLOB)), 0)
	WHERE user_id = (SELECT user_id FROM library_items WHERE seq = new.seq);
END;
CREATE TRIGGER usage_file_add AFTER INSERT ON files BEGIN
	UPDATE user_usage SET bytes = bytes + coalesce(new.size, 0) WHERE user_id = new.user_id;
END;
CREATE TRIGGER usage_file_set AFTER UPDATE OF size ON files BEGIN
	UPDATE user_usage SET bytes = bytes + coalesce(new.size, 0) - coalesce(old.size, 0) WHERE user_id = new.user_id;
END;
CREATE TRIGGER usage_file_del AFTER DELETE ON files BEGIN
	UPDATE user_usage SET bytes = bytes - coalesce(old.size, 0) WHERE user_id = old.user_id;
END;
