-- 037_search_gin_no_pending.sql (PostgreSQL): the search index (item_search_tsv) takes each save's words into its tree at once (fastupdate off), so no search reads a pending list. With fastupdate on (PostgreSQL's default), the words of every user's recent saves wait in one unsorted list of up to 4 MB, which every search of every user scans whole until a vacuum or a later save merges it: another user's saves made a search cost up to 200 ms of the server's CPU where it took 1 (t/store_search's random queries on PostgreSQL took 68 s with the list, 18 s with it kept to 64 kB). A save's words cost the server more at once (the README's figures: 9.8 ms for a 1,000-word article against 4.5 ms with the list). The list left from before is merged now. (search_index.c builds the index with the same setting after a bulk re-index.)
DO $$ BEGIN
	IF to_regclass('item_search_tsv') IS NOT NULL THEN
		ALTER INDEX item_search_tsv SET (fastupdate = off);
		PERFORM gin_clean_pending_list('item_search_tsv'::regclass);
	END IF;
END $$;
