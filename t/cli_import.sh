#!/bin/sh
# cli_import.sh: drives `larder import` with a temporary database: a URL list (detected, then named), the report and exit codes, a second import changing nothing, records that are never items skipped with exit 0, and every sample under t/data/import/ that a reader of this build reads.
set -u
: "${top_builddir:=$(pwd)}"
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
LARDER="$top_builddir/src/cmd/larder"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-cli-import.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
. "$top_srcdir/t/tap_lib.sh"
. "$top_srcdir/t/pg_lib.sh"
# the library: data/larder.db, or a fresh PostgreSQL database under t/pg_e2e.sh
test_db=$(pg_fresh_database) || { echo "$test_db"; exit 1; }

WRAP=${LARDER_TEST_WRAP:-}
run() { $WRAP "$LARDER" -c "$tmp/larder.conf" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; out=$(cat "$tmp/out"); err=$(cat "$tmp/err"); }
db() { db_sql "${test_db:-$tmp/data/larder.db}" "$1"; }
# the whole database as text, every table in a stable order
dump() { db_dump "${test_db:-$tmp/data/larder.db}"; }

cat >"$tmp/larder.conf" <<CONF
database = ${test_db:-data/larder.db}
${test_db:+data_dir = $tmp/data}
argon2_t_cost = 1
argon2_memory_kib = 64
import_fetches_per_minute = 60
CONF
unset LARDER_CONFIG
run init; is "init" 0 "$rc"
run user add alice; is "alice" 0 "$rc"
run user add bob; is "bob" 0 "$rc"

# usage and unreadable files: exit 2
run import; is "import without arguments: exit 2" 2 "$rc"; like "says what is missing" 'import needs --user NAME' "$err"
like "with its usage line" 'usage: larder \[-c CONF\] import --user NAME \[--format F\] FILE' "$err"
run import --user alice; is "without a file: exit 2" 2 "$rc"
run import --user alice "$tmp/nothing-here.txt"; is "an unreadable file: exit 2" 2 "$rc"; like "named" 'cannot read .*nothing-here.txt' "$err"
printf 'https://example.com/x\n' >"$tmp/one.txt"
run import --user alice --format no-such-format "$tmp/one.txt"; is "an unknown format: exit 2" 2 "$rc"; like "named" 'unknown format no-such-format' "$err"
run import --user carol "$tmp/one.txt"; is "an unknown user: exit 2" 2 "$rc"; like "said" 'no such user' "$err"
printf '\001\002 not an export\n' >"$tmp/junk.bin"
run import --user alice "$tmp/junk.bin"; is "a file of no known format: exit 2" 2 "$rc"; like "said" 'not one Larder recognises' "$err"
run import --user alice --bogus "$tmp/one.txt"; is "an unknown option: exit 2" 2 "$rc"

# a URL list with one bad line: detected, stored, reported
cat >"$tmp/urls.txt" <<'URLS'
https://example.com/first
# a comment
https://example.com/second
ftp://example.com/not-http
https://www.example.com/third

URLS
run import --user alice "$tmp/urls.txt"
is "a bad row: exit 1" 1 "$rc"
like "the format found" '^format: ' "$out"
like "three added" '^added: 3$' "$out"
like "one failed" '^failed: 1$' "$out"
like "the bad row with its line" '^line 4: ' "$out"
like "progress on stderr" 'larder import: 4 done \(3 added, 0 updated, 0 unchanged, 1 failed\)' "$err"
is "three items for alice" 3 "$(db "SELECT count(*) FROM library_items i JOIN users u ON u.id = i.user_id WHERE u.username = 'alice'")"
is "three fetch jobs queued" 3 "$(db "SELECT count(*) FROM jobs WHERE status = 'queued'")"
is "one a second apart (import_fetches_per_minute = 60)" "1000|1000" \
	"$(db "SELECT (SELECT run_after FROM jobs ORDER BY run_after LIMIT 1 OFFSET 1) - (SELECT min(run_after) FROM jobs), (SELECT max(run_after) FROM jobs) - (SELECT run_after FROM jobs ORDER BY run_after LIMIT 1 OFFSET 1)")"
fmt=$(printf '%s\n' "$out" | sed -n 's/^format: //p')

before=$(dump)
is "the database's dump holds every table" "$(db_tables "${test_db:-$tmp/data/larder.db}" | wc -l)" "$(printf '%s\n' "$before" | grep -c '^== ')"
run import --user alice --format "$fmt" "$tmp/urls.txt"
is "again, the format named: exit 1 (the bad row again)" 1 "$rc"
like "nothing added" '^added: 0$' "$out"
like "three unchanged" '^unchanged: 3$' "$out"
is "the database is exactly as before" "$before" "$(dump)"

grep -v '^ftp' "$tmp/urls.txt" >"$tmp/good.txt"
run import --user bob "$tmp/good.txt"
is "every row good: exit 0" 0 "$rc"
like "three added for bob" '^added: 3$' "$out"
is "alice's items untouched" 3 "$(db "SELECT count(*) FROM library_items i JOIN users u ON u.id = i.user_id WHERE u.username = 'alice' AND i.updated_at = i.created_at")"

# a browser's export with its place: query and a bookmarklet: both skipped, not failed: exit 0
cat >"$tmp/firefox.html" <<'HTML'
<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
    <DT><A HREF="place:sort=8&maxResults=10">Most Visited</A>
    <DT><A HREF="https://example.com/kept" ADD_DATE="invaliddate">Kept</A>
    <DT><A HREF="javascript:void(0)">Bookmarklet</A>
</DL>
HTML
run import --user bob "$tmp/firefox.html"
is "records that are never items: exit 0" 0 "$rc"
like "the bookmark added (its invalid date dropped, not the bookmark)" '^added: 1$' "$out"
like "two skipped" '^skipped: 2$' "$out"
like "none failed" '^failed: 0$' "$out"
like "each skip with its line" '^line 5: skipped: not a web page \(a link of the javascript: scheme\)$' "$out"

# every sample import file (the generator script aside): each imports, and again changes nothing
for f in "$top_srcdir"/t/data/import/*; do
	[ -f "$f" ] || continue
	name=$(basename "$f")
	case $name in
	*.py) continue ;;
	omnivore-nometa.zip)
		# a zip without metadata_*.json is no format Larder reads: refused, nothing written
		before=$(dump)
		run import --user bob "$f"
		is "$name: refused as no known format (exit 2)" 2 "$rc"
		is "$name: nothing written" "$before" "$(dump)"
		continue ;;
	esac
	run import --user bob "$f"
	ok=$([ "$rc" -le 1 ] && echo yes || echo "no: $rc $err")
	is "$name imports" yes "$ok"
	like "$name: with its report" '^added: [1-9][0-9]*$' "$out"
	before=$(dump)
	run import --user bob "$f"
	like "$name again: nothing added" '^added: 0$' "$out"
	is "$name again: the database as before" "$before" "$(dump)"
done

done_testing
