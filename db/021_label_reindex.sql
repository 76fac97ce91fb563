-- 021_label_reindex.sql: an item's labels column is re-indexed once per change of its labels, not once per label row: the per-row triggers on item_labels re-tokenized the whole search row (article text included) for every label added or removed (100 labels on a 4.5 MB article: 100 re-indexes). The store now sets the column itself (STMT_ITEM_SEARCH_LABELS) after it has changed an item's labels; a label's deletion re-indexes each item that carried it once, here.
DROP TRIGGER item_labels_ai;
DROP TRIGGER item_labels_ad;
-- before the label goes (its item_labels rows go with it, ON DELETE CASCADE): each item that carries it, once,
-- with its other labels; nothing when the user is being deleted (the user row goes first, then its items')
CREATE TRIGGER labels_bd BEFORE DELETE ON labels WHEN EXISTS (SELECT 1 FROM users WHERE id = old.user_id) BEGIN
	UPDATE item_search SET labels = (SELECT group_concat(l.name, ' ') FROM item_labels il
	                                 JOIN labels l ON l.id = il.label_id
	                                 WHERE il.item_seq = item_search.seq AND il.label_id <> old.id)
	WHERE seq IN (SELECT item_seq FROM item_labels WHERE label_id = old.id);
END;
