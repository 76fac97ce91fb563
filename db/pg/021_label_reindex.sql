-- 021_label_reindex.sql (PostgreSQL): as db/021_label_reindex.sql gives SQLite: an item's labels column (and so its tsvector, made from the whole row) is set once per change of its labels, by the store (STMT_ITEM_SEARCH_LABELS), not once per item_labels row by a trigger; a label's deletion re-indexes each item that carried it once, here.
DROP TRIGGER item_labels_aid ON item_labels;
DROP FUNCTION larder_item_labels_aid();
CREATE FUNCTION larder_labels_bd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
		UPDATE item_search SET labels = (SELECT string_agg(l.name, ' ') FROM item_labels il
		                                 JOIN labels l ON l.id = il.label_id
		                                 WHERE il.item_seq = item_search.seq AND il.label_id <> OLD.id)
		WHERE seq IN (SELECT item_seq FROM item_labels WHERE label_id = OLD.id);
	END IF;
	RETURN OLD;
END $$;
CREATE TRIGGER labels_bd BEFORE DELETE ON labels FOR EACH ROW EXECUTE FUNCTION larder_labels_bd();
