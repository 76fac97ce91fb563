-- 033_search_samples.sql (PostgreSQL): about one search row in 8 (by a hash of its seq, search_pg.c's search_pg_sample) holds each of its words once more without positions, behind a digit and the owner's key, so the probe of a search counts a plain word's matches among a sample instead of them all (search.c's pg_probe). The rows of the sample are listed in search_pending for larder init, which rewrites their vectors in batches (resumable); the other rows keep theirs, and a sample row not yet rewritten only makes the probe count the matches themselves.
INSERT INTO search_pending (seq)
SELECT seq FROM item_search WHERE (seq::numeric * 2654435761) % 4294967296 < 536870912
ON CONFLICT DO NOTHING;
