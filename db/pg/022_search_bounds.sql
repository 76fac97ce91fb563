-- 022_search_bounds.sql (PostgreSQL): as db/022_search_bounds.sql gives SQLite: the search row keeps the first 150,000 characters (LIMIT_SEARCH_TEXT) of the body text (the part larder_search_vector always read) and of the highlights' quotes and notes together, so that re-computing its tsvector when a highlight or label changes has a bound.
UPDATE item_search SET text = left(text, 150000) WHERE length(text) > 150000;
UPDATE item_search SET notes = left(notes, 150000) WHERE length(notes) > 150000;

-- a new highlight is appended to the column (no re-reading of the item's other highlights), and nothing is
-- re-indexed once the column is full; a change or a deletion reads them all again
CREATE OR REPLACE FUNCTION larder_highlights_aiud() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	item bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.item_seq ELSE NEW.item_seq END;
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE item_search SET notes = left(CASE WHEN notes IS NULL THEN '' ELSE notes || ' ' END
		                                    || coalesce(NEW.quote, '') || ' ' || coalesce(NEW.annotation, ''), 150000)
		WHERE seq = item AND (notes IS NULL OR length(notes) < 150000);
	ELSE
		UPDATE item_search SET notes = left((SELECT string_agg(coalesce(quote, '') || ' ' || coalesce(annotation, ''), ' ')
		                                     FROM highlights WHERE item_seq = item), 150000)
		WHERE seq = item;
	END IF;
	RETURN NULL;
END $$;
