-- 028_search_words_c.sql (PostgreSQL): each search row's tsvector is made in C from words.c's words (src/store/search_pg.c), as SQLite's FTS5 index is: Snowball stems beside the words in the item's language, dictionary words of Chinese, Japanese and Thai, Hangul bigrams. A change of a row's values names it in a NOTICE, which the driver notes; the store writes the named rows' vectors before the commit (after it, in a transaction of its own, for a statement run outside one). Each lexeme carries a key of its owner (search_pg.c), so the GIN index keeps each owner's words apart, as SQLite's index does. Every existing row is listed in search_pending for larder init, which re-indexes them in batches (resumable); a row not yet re-indexed is not found meanwhile, as on SQLite.
DROP TRIGGER item_search_doc ON item_search;
DROP FUNCTION larder_search_doc();

-- a changed row is named to the store in a NOTICE, which the driver notes: the store writes its tsv and lens
-- before the commit (store_search_words, search_pg.c)
CREATE FUNCTION larder_search_mark() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE NOTICE 'larder_search_marked %', NEW.seq;
	RETURN NULL;
END $$;
CREATE TRIGGER item_search_words AFTER INSERT OR UPDATE OF title, author, description, site, text, labels, notes, lang
ON item_search FOR EACH ROW EXECUTE FUNCTION larder_search_mark();

CREATE FUNCTION larder_search_unmark() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM search_pending WHERE seq = OLD.seq;
	RETURN NULL;
END $$;
CREATE TRIGGER item_search_ad AFTER DELETE ON item_search FOR EACH ROW EXECUTE FUNCTION larder_search_unmark();

-- a phrase's count per column for larder_rank, as 015's, where a position may hold alternatives ("a|b": a
-- word's forms, or a Chinese or Japanese word and its leading characters), as FTS5 reads colocated tokens
CREATE OR REPLACE FUNCTION larder_phrase_count(v tsvector, cols text, toks text[], prefix boolean) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
	WITH q AS (SELECT k, string_to_array(toks[k], '|') AS alts FROM generate_subscripts(toks, 1) AS k),
	t AS MATERIALIZED (
		SELECT left(u.lexeme, 1) AS c, substr(u.lexeme, 2) AS w, p
		FROM unnest(CASE WHEN prefix THEN v
		                 ELSE ts_filter(setweight(v, 'A', ARRAY(SELECT c || x FROM regexp_split_to_table(cols, '') AS c,
		                                                                             q, unnest(q.alts) AS x)), '{a}') END) AS u,
		     unnest(u.positions) AS p
		WHERE strpos(cols, left(u.lexeme, 1)) > 0),
	m AS (SELECT c, p, q.k FROM t, q
	      WHERE t.w = ANY (q.alts)
	         OR (prefix AND q.k = cardinality(toks) AND EXISTS (SELECT 1 FROM unnest(q.alts) AS x WHERE starts_with(t.w, x)))),
	hits AS (SELECT c FROM m GROUP BY c, p - k HAVING count(DISTINCT k) = cardinality(toks))
	SELECT ARRAY(SELECT (SELECT count(*) FROM hits WHERE hits.c = substr('tadsxln', i, 1))::integer
	             FROM generate_series(1, 7) AS i) $$;

-- every row is made again with the new words by larder init (store_search_reindex)
INSERT INTO search_pending (seq) SELECT seq FROM item_search ON CONFLICT DO NOTHING;
