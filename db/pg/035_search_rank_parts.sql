-- 035_search_rank_parts.sql (PostgreSQL): each search row's column words again, split by the word into 16 parts (search_pg.c's search_pg_part), one row of item_search_parts each, so a ranked page reads only the parts holding the query's words (about a 16th of the vector, kept in the row: reading the whole vector from TOAST was most of a rare word's cost). A row without its parts is one not yet rewritten: the rank reads its whole vector, as before. Every row is listed in search_pending for larder init, which rewrites the rows in batches (resumable).
CREATE TABLE item_search_parts (
	seq  bigint NOT NULL REFERENCES item_search (seq) ON DELETE CASCADE,
	part smallint NOT NULL,
	v    tsvector COMPRESSION lz4 NOT NULL, -- the lexemes of the part, positions and all (empty: none)
	PRIMARY KEY (seq, part)
);
INSERT INTO search_pending (seq) SELECT seq FROM item_search ON CONFLICT DO NOTHING;
