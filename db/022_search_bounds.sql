-- 022_search_bounds.sql: the search row of an item holds at most the first 150,000 characters (LIMIT_SEARCH_TEXT) of its body text and of its highlights' quotes and notes, as PostgreSQL's index always read the body: FTS5 re-tokenizes the whole row whenever a highlight or label changes, and on a 4.5 MB article that cost 0.1 s of CPU a highlight.
UPDATE item_search SET text = substr(text, 1, 150000) WHERE length(text) > 150000;
UPDATE item_search SET notes = substr(notes, 1, 150000) WHERE length(notes) > 150000;

DROP TRIGGER highlights_ai;
DROP TRIGGER highlights_au;
DROP TRIGGER highlights_ad;
-- a new highlight is appended to the column (no re-reading of the item's other highlights), and nothing is
-- re-indexed once the column is full
CREATE TRIGGER highlights_ai AFTER INSERT ON highlights BEGIN
	UPDATE item_search SET notes = substr(CASE WHEN notes IS NULL THEN '' ELSE notes || ' ' END
	                                      || coalesce(new.quote, '') || ' ' || coalesce(new.annotation, ''), 1, 150000)
	WHERE seq = new.item_seq AND (notes IS NULL OR length(notes) < 150000);
END;
CREATE TRIGGER highlights_au AFTER UPDATE OF quote, annotation ON highlights BEGIN
	UPDATE item_search SET notes = substr((SELECT group_concat(coalesce(quote, '') || ' ' || coalesce(annotation, ''), ' ')
	                                       FROM highlights WHERE item_seq = new.item_seq), 1, 150000)
	WHERE seq = new.item_seq;
END;
CREATE TRIGGER highlights_ad AFTER DELETE ON highlights BEGIN
	UPDATE item_search SET notes = substr((SELECT group_concat(coalesce(quote, '') || ' ' || coalesce(annotation, ''), ' ')
	                                       FROM highlights WHERE item_seq = old.item_seq), 1, 150000)
	WHERE seq = old.item_seq;
END;
