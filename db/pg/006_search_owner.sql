-- 006_search_owner.sql (PostgreSQL): the full-text index, as db/006_search_owner.sql gives SQLite's: each search row knows its owner, and a tsvector with a GIN index searches it with the same words, phrases, prefixes and columns as FTS5.
-- How it matches SQLite's: words are what FTS5's unicode61 tokenizer (remove_diacritics 2) makes of a
-- value: runs of letters and digits, lower case, without diacritics (larder_words). Each word is stored
-- behind its column's letter (t title, a author, d description, s site, x text, l labels, n notes), so a
-- phrase never spans two columns and title: reads only 't' words. lens holds each column's word count for
-- the rank (larder_rank), which, as fts.c's, reads only the row: no answer depends on another owner's rows.
-- Limits of tsvector: a word is cut at 500 characters, positions stop at 16383, a word keeps at most 256
-- positions, and the body text is read up to 150,000 characters.
ALTER TABLE item_search ADD COLUMN owner text NOT NULL DEFAULT '';
ALTER TABLE item_search ADD COLUMN tsv tsvector;
ALTER TABLE item_search ADD COLUMN lens integer[];
UPDATE item_search SET owner = (SELECT user_id FROM library_items i WHERE i.seq = item_search.seq);

CREATE OR REPLACE FUNCTION larder_items_ai() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO item_search (seq, owner, title, author, description, site)
	VALUES (NEW.seq, NEW.user_id, NEW.title, NEW.author, NEW.description, larder_site(NEW.site_name, NEW.url));
	RETURN NULL;
END $$;

-- the words of a value, in order
CREATE FUNCTION larder_words(t text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
	SELECT coalesce(array_agg(left(w, 500) ORDER BY n), '{}')
	FROM regexp_split_to_table(regexp_replace(normalize(lower(coalesce(t, '') COLLATE "und-x-icu"), NFD),
	                                          '[\u0300-\u036f]+', '', 'g'), '[^[:alnum:]]+') WITH ORDINALITY AS x(w, n)
	WHERE w <> '' $$;

-- a search row's tsvector and word counts from its 7 values (title, author, description, site, text, labels,
-- notes)
CREATE FUNCTION larder_search_vector(vals text[], OUT tsv tsvector, OUT lens integer[]) LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	doc text := '';
	w text[];
BEGIN
	lens := '{}';
	vals[5] := left(vals[5], 150000);
	FOR k IN 1..7 LOOP
		w := larder_words(vals[k]);
		lens := lens || cardinality(w);
		IF cardinality(w) > 0 THEN
			doc := doc || ' ' || (SELECT string_agg('''' || substr('tadsxln', k, 1) || x || ''':' || least(n, 16383), ' ')
			                      FROM unnest(w) WITH ORDINALITY AS u(x, n));
		END IF;
	END LOOP;
	tsv := doc::tsvector;
END $$;

-- computed before every write of a search row
CREATE FUNCTION larder_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT v.tsv, v.lens INTO NEW.tsv, NEW.lens
	FROM larder_search_vector(ARRAY[NEW.title, NEW.author, NEW.description, NEW.site, NEW.text, NEW.labels, NEW.notes]) AS v;
	RETURN NEW;
END $$;
CREATE TRIGGER item_search_doc BEFORE INSERT OR UPDATE ON item_search FOR EACH ROW EXECUTE FUNCTION larder_search_doc();
UPDATE item_search SET seq = seq;
CREATE INDEX item_search_tsv ON item_search USING gin (tsv);
CREATE INDEX item_search_owner ON item_search (owner, seq);

-- a user's word or phrase as a tsquery over the columns named by their letters; prefix: its last word is
-- a prefix (no words: the empty query, which matches nothing)
CREATE FUNCTION larder_tsq(words text, cols text, prefix boolean) RETURNS tsquery LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN cardinality(w) = 0 THEN ''::tsquery ELSE
	       (SELECT string_agg('(' || (SELECT string_agg('''' || c || x || '''', ' <-> ' ORDER BY n)
	                                  FROM unnest(w) WITH ORDINALITY AS u(x, n))
	                          || CASE WHEN prefix THEN ':*)' ELSE ')' END, ' | ')
	        FROM regexp_split_to_table(cols, '') AS c)::tsquery END
	FROM larder_words(words) AS w $$;

-- the same phrase for the rank: "columns *|= word word …"
CREATE FUNCTION larder_phrase(words text, cols text, prefix boolean) RETURNS text LANGUAGE sql IMMUTABLE AS
	$$ SELECT cols || CASE WHEN prefix THEN ' * ' ELSE ' = ' END || array_to_string(larder_words(words), ' ') $$;

-- how often a phrase occurs in each of the 7 columns (only those in cols are looked at)
CREATE FUNCTION larder_phrase_count(v tsvector, cols text, toks text[], prefix boolean) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
	WITH t AS MATERIALIZED (
		SELECT left(u.lexeme, 1) AS c, substr(u.lexeme, 2) AS w, p
		FROM unnest(v) AS u, unnest(u.positions) AS p
		WHERE strpos(cols, left(u.lexeme, 1)) > 0
		  AND (substr(u.lexeme, 2) = ANY (toks) OR (prefix AND starts_with(substr(u.lexeme, 2), toks[cardinality(toks)])))),
	m AS (SELECT c, w, p, k FROM t, generate_subscripts(toks, 1) AS k
	      WHERE t.w = toks[k] OR (prefix AND k = cardinality(toks) AND starts_with(t.w, toks[k]))),
	hits AS (SELECT m1.c FROM m AS m1 WHERE m1.k = 1
	         AND (SELECT count(DISTINCT m2.k) FROM m AS m2 WHERE m2.c = m1.c AND m2.p = m1.p + m2.k - 1) = cardinality(toks))
	SELECT ARRAY(SELECT (SELECT count(*) FROM hits WHERE hits.c = substr('tadsxln', i, 1))::integer
	             FROM generate_series(1, 7) AS i) $$;

-- src/store/fts.c's larder_rank on this row (lower is better), with the same formula, constants and order
-- of sums: per column, per phrase, weight * saturated count, normed by the column's length
CREATE FUNCTION larder_rank(v tsvector, lens integer[], phrases text[], weights float8[]) RETURNS float8
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	typical constant float8[] := '{8,3,25,4,800,3,40}';
	k1 constant float8 := 1.2;
	b constant float8 := 0.5;
	tf integer[] := '{}';
	parts text[];
	score float8 := 0;
	norm float8;
	f float8;
	np integer := coalesce(cardinality(phrases), 0);
BEGIN
	FOR p IN 1..np LOOP
		parts := string_to_array(phrases[p], ' ');
		IF cardinality(parts) > 2 THEN
			tf := tf || larder_phrase_count(v, parts[1], parts[3:], parts[2] = '*');
		ELSE
			tf := tf || '{0,0,0,0,0,0,0}'::integer[];
		END IF;
	END LOOP;
	FOR c IN 1..7 LOOP
		norm := 1 - b + b * coalesce(lens[c], 0) / typical[c];
		FOR p IN 1..np LOOP
			f := tf[(p - 1) * 7 + c];
			IF f > 0 THEN
				score := score + weights[c] * f * (k1 + 1) / (f + k1 * norm);
			END IF;
		END LOOP;
	END LOOP;
	RETURN -score;
END $$;
