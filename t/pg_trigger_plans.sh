#!/bin/sh
# pg_trigger_plans.sh: PostgreSQL's trigger functions keep a generic plan per session (db/pg/031_trigger_plans.sql): after larder init every trigger function that runs a statement carries plan_cache_mode = auto, and in one session with the store's settings the plans its statements made while the tables were empty are generic and still the index lookups once the library has grown (auto_explain's plans of the nested statements, read back as psql's LOG messages).
set -u
: "${top_builddir:=$(pwd)}"
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
LARDER="$top_builddir/src/cmd/larder"
. "$srcdir/t/tap_lib.sh"
. "$srcdir/t/pg_lib.sh"
pg_need_libpq
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-pgtrig.XXXXXX") || exit 99
trap 'pg_stop; rm -rf "$tmp"' EXIT INT TERM
pg_start
chmod 755 "$tmp"

psql_q() { "$PG_BIN/psql" -X -A -t -q -v ON_ERROR_STOP=1 "$PG_URL" -c "$1" 2>&1; }
printf 'database = %s\ndata_dir = %s\nargon2_t_cost = 1\nargon2_memory_kib = 64\n' "$PG_URL" "$tmp" >"$tmp/larder.conf"
"$LARDER" -c "$tmp/larder.conf" init >"$tmp/init.out" 2>&1
is "larder init: exit 0" 0 "$?"
"$LARDER" -c "$tmp/larder.conf" user add alice >"$tmp/user.out" 2>&1
is "larder user add alice: exit 0" 0 "$?"
uid=$(psql_q "SELECT id FROM users WHERE username = 'alice'")
like "alice has an id" '^[0-9a-f-]{8,}$' "$uid"

# every trigger function that runs a statement (all but larder_search_mark, which raises a NOTICE only)
without=$(psql_q "SELECT string_agg(DISTINCT p.proname, ' ' ORDER BY p.proname) FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
	JOIN pg_namespace n ON n.oid = p.pronamespace WHERE NOT t.tgisinternal AND n.nspname = current_schema()
	AND p.proname <> 'larder_search_mark' AND NOT coalesce('plan_cache_mode=auto' = ANY (p.proconfig), false)")
is "every trigger function carries plan_cache_mode = auto" "" "$without"
count=$(psql_q "SELECT count(DISTINCT p.oid) FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
	WHERE NOT t.tgisinternal AND 'plan_cache_mode=auto' = ANY (p.proconfig)")
like "(15 or more of them)" '^(1[5-9]|[2-9][0-9])$' "$count"
is "larder_search_mark has no setting (it runs no statement)" "" \
	"$(psql_q "SELECT coalesce(array_to_string(proconfig, ','), '') FROM pg_proc WHERE proname = 'larder_search_mark'")"

# One session with the store's settings (db_pg.c's session_setup). Phase 1, the tables empty: each trigger runs 7
# times (the sixth run of a statement makes its generic plan). Phase 2: the library grows to 3,000 items with
# labels and highlights, no ANALYZE. Phase 3: each trigger once more, its statements' plans logged.
cat >"$tmp/session.sql" <<SQL
SET plan_cache_mode = force_custom_plan;
SET enable_seqscan = off;
SET jit = off;
LOAD 'auto_explain';
SET auto_explain.log_nested_statements = on;
SET auto_explain.log_min_duration = -1;
SET client_min_messages = log;
-- one round of writes: items saved (items_ai, usage_item, search_lang), a job each (jobs_turn), titles and
-- languages changed (items_au, items_au_language), content (usage_content), highlights added and deleted
-- (highlights_aiud), a label renamed (labels_au) and deleted (labels_bd), items deleted (usage_item, search_unmark)
\set uid '$uid'
SELECT 'phase 1' AS phase \gset
\i $tmp/round.sql
SELECT 'grow' AS phase \gset
INSERT INTO library_items (id, user_id, url, url_hash, slug, title, saved_at, created_at, updated_at)
	SELECT 'g-' || i, :'uid', 'https://g.example/' || i, 'gh' || i, 'gs-' || i, 'grown ' || i, i, i, i FROM generate_series(1, 3000) AS i;
INSERT INTO labels (id, user_id, name, color, position, created_at, updated_at)
	SELECT 'gl-' || i, :'uid', 'grown ' || i, '#000', 100 + i, 1, 1 FROM generate_series(1, 20) AS i;
INSERT INTO item_labels (item_seq, label_id, created_at)
	SELECT seq, 'gl-' || (seq % 20 + 1), 1 FROM library_items WHERE id LIKE 'g-%';
INSERT INTO highlights (id, short_id, user_id, item_seq, type, quote, created_at, updated_at)
	SELECT 'gh-' || seq, 'gsh' || seq, :'uid', seq, 'HIGHLIGHT', 'a quote', 1, 1 FROM library_items WHERE id LIKE 'g-%';
INSERT INTO item_content (seq, content) SELECT seq, 'grown' FROM library_items WHERE id LIKE 'g-%';
SELECT 'phase 3' AS phase \gset
SET auto_explain.log_min_duration = 0;
\i $tmp/round.sql
SQL
# round.sql: N items of the round (phase 1: 7; phase 3: 1), each trigger fired once per item
cat >"$tmp/round.sql" <<'SQL'
SELECT CASE WHEN :'phase' = 'phase 1' THEN 7 ELSE 1 END AS n, replace(:'phase', ' ', '') AS p \gset
INSERT INTO library_items (id, user_id, url, url_hash, slug, title, language, saved_at, created_at, updated_at)
	SELECT :'p' || '-' || i, :'uid', 'https://r.example/' || :'p' || '/' || i, :'p' || 'h' || i, :'p' || '-s' || i, 't',
	       CASE WHEN i % 2 = 0 THEN 'de' ELSE 'fr' END, i, i, i FROM generate_series(1, :n) AS i;
INSERT INTO jobs (item_seq, user_id, kind, status, created_at, updated_at)
	SELECT seq, user_id, 'fetch', 'done', 1, 1 FROM library_items WHERE id LIKE :'p' || '-%';
UPDATE library_items SET title = 'changed ' || seq WHERE id LIKE :'p' || '-%';
UPDATE library_items SET language = 'es' WHERE id LIKE :'p' || '-%';
INSERT INTO item_content (seq, content) SELECT seq, 'body' FROM library_items WHERE id LIKE :'p' || '-%';
INSERT INTO highlights (id, short_id, user_id, item_seq, type, quote, created_at, updated_at)
	SELECT :'p' || 'hl-' || seq, :'p' || 'sh' || seq, user_id, seq, 'HIGHLIGHT', 'q', 1, 1 FROM library_items WHERE id LIKE :'p' || '-%';
DELETE FROM highlights WHERE id LIKE :'p' || 'hl-%';
INSERT INTO labels (id, user_id, name, color, position, created_at, updated_at)
	SELECT :'p' || 'l-' || i, :'uid', :'p' || ' label ' || i, '#000', 1000 + i, 1, 1 FROM generate_series(1, :n) AS i;
INSERT INTO item_labels (item_seq, label_id, created_at)
	SELECT seq, :'p' || 'l-1', 1 FROM library_items WHERE id LIKE :'p' || '-%';
UPDATE labels SET name = name || ' renamed' WHERE id LIKE :'p' || 'l-%';
DELETE FROM labels WHERE id LIKE :'p' || 'l-%';
DELETE FROM library_items WHERE id LIKE :'p' || '-%';
SQL
"$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 "$PG_URL" -f "$tmp/session.sql" >"$tmp/session.out" 2>"$tmp/session.log"
is "the session's writes: psql exit 0" 0 "$?" || diag "$(tail -n 20 "$tmp/session.log")"
is "phase 3 left alice 3,000 items" 3000 "$(psql_q "SELECT count(*) FROM library_items WHERE user_id = '$uid'")"
is "and her usage counts them (usage_item's generic plan wrote the right row)" 3000 \
	"$(psql_q "SELECT items FROM user_usage WHERE user_id = '$uid'")"

# the plans logged in phase 3 (the session's log from the first plan on: phase 1 and the growth logged none), one
# record per LOG line; plan_of TEXT: the first record whose Query Text holds TEXT
awk '/LOG:  duration: .* plan:/ { if (rec != "") print rec; rec = "" } { rec = rec (rec == "" ? "" : "\\n") $0 } END { if (rec != "") print rec }' \
	"$tmp/session.log" | grep 'LOG:  duration' >"$tmp/plans"
plan_of() { grep -F -- "$1" "$tmp/plans" | head -n 1 | sed 's/\\n/\n/g'; }
like "plans were logged in phase 3" 'Query Text' "$(cat "$tmp/plans")"

# check TRIGGER TEXT INDEX: the statement's plan is generic (a parameter, not the row's value) and reads INDEX
check() {
	_p=$(plan_of "$2")
	like "$1: its statement ran on the grown library" 'Query Text' "$_p" || return
	like "$1: the plan made while the tables were empty is generic" 'Cond: \([a-z_.]+ = \$[0-9]+\)' "$_p"
	like "$1: and reads $3" "$3" "$_p"
	unlike "$1: no sequential scan" 'Seq Scan' "$_p"
}
check usage_item "UPDATE user_usage SET items = items + 1" 'Index Scan using user_usage_pkey'
check "usage_item (delete)" "UPDATE user_usage SET items = items - 1" 'Index Scan using item_content_pkey'
check items_au "UPDATE item_search SET title = NEW.title" 'Index Scan using item_search_pkey'
check items_au_language "UPDATE item_search SET lang = NEW.language" 'Index Scan using item_search_pkey'
check usage_content "UPDATE user_usage SET bytes = bytes + coalesce(octet_length(NEW.content)" 'Index Scan using library_items_pkey'
check highlights_aiud "FROM highlights WHERE item_seq = item" 'Index Scan using highlights_item'
check labels_au "UPDATE item_search SET labels = larder_item_labels(seq)" 'Index Scan on item_labels_label'
check labels_bd "WHERE il.item_seq = item_search.seq AND il.label_id <> OLD.id" 'Index Scan on item_labels_label'
check search_unmark "DELETE FROM search_pending WHERE seq = OLD.seq" 'Index Scan using search_pending_pkey'
# the INSERTs' plans have no condition; a custom plan of items_ai's (and items_au's) runs larder_site for the row's
# values while planning (a statement of its own, logged), a generic one has it inlined over the parameters
like "items_ai: its statement ran" 'Insert on item_search' "$(plan_of "INSERT INTO item_search (seq, owner")"
unlike "items_ai, items_au: larder_site is not run at each planning" 'Query Text: +SELECT trim' "$(cat "$tmp/plans")"
like "jobs_turn: its statement ran" 'Insert on work_turns' "$(plan_of "INSERT INTO work_turns")"
like "search_lang: its statement ran" 'Insert on search_langs' "$(plan_of "INSERT INTO search_langs")"
done_testing
