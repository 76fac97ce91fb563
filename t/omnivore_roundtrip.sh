#!/bin/sh
# omnivore_roundtrip.sh: a generated Omnivore export of 2,000 items imported and exported again with every field equal (t/omnivore_cmp), imported into a second user from the re-export, and imported twice changing nothing (TAP).
set -u
: "${top_builddir:=$(pwd)}"
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
LARDER="$top_builddir/src/cmd/larder"
GEN="$top_builddir/t/omnivore_gen"
CMP="$top_builddir/t/omnivore_cmp"
N=${OMNIVORE_ROUNDTRIP_ITEMS:-2000}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-roundtrip.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
. "$top_srcdir/t/tap_lib.sh"
. "$top_srcdir/t/pg_lib.sh"
# the library: data/larder.db, or a fresh PostgreSQL database under t/pg_e2e.sh
test_db=$(pg_fresh_database) || { echo "$test_db"; exit 1; }

WRAP=${LARDER_TEST_WRAP:-}
run() { $WRAP "$LARDER" -c "$tmp/larder.conf" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; out=$(cat "$tmp/out"); }
db() { db_sql "${test_db:-$tmp/data/larder.db}" "$1"; }
# the whole database as text, every table in a stable order
dump() { db_dump "${test_db:-$tmp/data/larder.db}"; }
# cmp NAME [--fresh-ids] A B: the two exports equal, each difference shown when not
compare() {
	_name=$1; shift
	if "$CMP" "$@" >"$tmp/cmp" 2>&1; then pass "$_name"; else fail "$_name" "$(head -n 40 "$tmp/cmp")"; fi
	diag "$(tail -n 1 "$tmp/cmp")"
}
now_ms() { date +%s%N | cut -c1-13; }

cat >"$tmp/larder.conf" <<CONF
database = ${test_db:-data/larder.db}
${test_db:+data_dir = $tmp/data}
argon2_t_cost = 1
argon2_memory_kib = 64
# the answers are checked, not timed: a search's wall-clock budget (search_time_ms) is raised past any busy machine
search_time_ms = 600000
CONF
unset LARDER_CONFIG
run init; is "init" 0 "$rc"
run user add alice; is "alice" 0 "$rc"
run user add bob; is "bob" 0 "$rc"

"$GEN" 12 "$N" "$tmp/omnivore.zip" >"$tmp/gen"; is "$N items generated" 0 "$?"
diag "$(cat "$tmp/gen")"

t0=$(now_ms)
run import --user alice "$tmp/omnivore.zip"
t1=$(now_ms)
is "imported into alice: exit 0" 0 "$rc"
like "all $N added" "^added: $N\$" "$out"
like "none failed" '^failed: 0$' "$out"
diag "the import of $N items took $((t1 - t0)) ms"

t0=$(now_ms)
run export --user alice --output "$tmp/alice.zip"
t1=$(now_ms)
is "alice exported: exit 0" 0 "$rc"
diag "the export took $((t1 - t0)) ms"
compare "the re-export equals the export: every metadata key, content and highlights file" "$tmp/omnivore.zip" "$tmp/alice.zip"

# into bob from alice's re-export: item ids are unique per user (migration 017), so bob's items keep alice's ids
# and every key and file must be equal, matched by id
alice_rows() {
	db "SELECT i.* FROM library_items i JOIN users u ON u.id = i.user_id WHERE u.username = 'alice' ORDER BY i.seq"
	db "SELECT h.* FROM highlights h JOIN users u ON u.id = h.user_id WHERE u.username = 'alice' ORDER BY h.id"
	db "SELECT l.* FROM labels l JOIN users u ON u.id = l.user_id WHERE u.username = 'alice' ORDER BY l.id"
}
before=$(alice_rows)
run import --user bob "$tmp/alice.zip"
is "the re-export imported into bob: exit 0" 0 "$rc"
like "all $N added for bob" "^added: $N\$" "$out"
run export --user alice --output "$tmp/alice2.zip"
compare "alice's library untouched by bob's import" "$tmp/alice.zip" "$tmp/alice2.zip"
is "alice's items, highlights and labels unchanged" "$before" "$(alice_rows)"
run export --user bob --output "$tmp/bob.zip"
is "bob exported" 0 "$rc"
compare "bob's export equals alice's, ids and all" "$tmp/alice.zip" "$tmp/bob.zip"
is "each of alice's item ids is one of bob's items' too" "$N" \
	"$(db "SELECT count(*) FROM library_items a JOIN library_items b ON a.id = b.id AND a.user_id < b.user_id")"

# the original again into alice: nothing added, nothing written
before=$(dump)
is "the database's dump holds every table" "$(db_tables "${test_db:-$tmp/data/larder.db}" | wc -l)" "$(printf '%s\n' "$before" | grep -c '^== ')"
run import --user alice "$tmp/omnivore.zip"
is "the same export again: exit 0" 0 "$rc"
like "added: 0" '^added: 0$' "$out"
like "all unchanged" "^unchanged: $N\$" "$out"
is "the database is exactly as before" "$before" "$(dump)"
done_testing
