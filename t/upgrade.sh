#!/bin/sh
# upgrade.sh: README's Upgrading on a library an older larder made (schema 16, from db/'s migrations 001-016, with an item, its content, a label, a highlight and a queued job): the programs refuse it until `larder init`, the backup taken first, init migrates it (and again does nothing), and the data and the app work after; the pre-upgrade backup restored and migrated again (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-upg.XXXXXX") || exit 1
. "$srcdir/t/tap_lib.sh"
. "$srcdir/t/serve_lib.sh"
unset LARDER_TEST_PG_HOST LARDER_TEST_PG LARDER_CONFIG # the SQLite file an older larder left
serve_need nginx spawn-fcgi curl jq sqlite3
make_old=$builddir/t/store_upgrade
[ -x "$make_old" ] || { echo "Bail out! $make_old not built (make check builds it)"; exit 1; }
tap_context() { :; }

# the old library, where larder-serve will find it, and a larder.conf for the CLI
mkdir -p "$data"
"$make_old" --make-v16 "$data/larder.db" >"$tmp/make.log" 2>&1 || { echo "Bail out! $(cat "$tmp/make.log")"; exit 1; }
cat >"$tmp/larder.conf" <<CONF
database = $data/larder.db
data_dir = $data
argon2_t_cost = 1
argon2_memory_kib = 64
CONF
L() { "$larder" -c "$tmp/larder.conf" "$@"; }
want=$(ls "$srcdir"/db/[0-9][0-9][0-9]_*.sql | wc -l | tr -d ' ')
is "the old library: schema 16" 16 "$(sqlite3 "$data/larder.db" 'PRAGMA user_version')"

# the new programs refuse it and say what to run
rm -f "$tmp/s.sock"
LARDER_CONFIG=$tmp/larder.conf spawn-fcgi -n -s "$tmp/s.sock" -- "$builddir/src/cmd/graphql.fcgi" </dev/null >/dev/null 2>"$tmp/err"
isnt "before larder init: graphql.fcgi exits non-zero" 0 "$?"
like "before larder init: it says to run larder init" "schema version 16, this larder needs $want: run larder init" "$(cat "$tmp/err")"

# README's Upgrading: backup, init, start
L backup "$tmp/before" >"$tmp/out" 2>"$tmp/err"
is "the backup before the upgrade: exit 0" 0 "$?"
like "the backup before the upgrade: checked" "^database: schema version 16, 2 users, 1 items, 1 highlights, 0 files" "$(cat "$tmp/out")"
L init >"$tmp/out" 2>"$tmp/err"
rc=$?
# the search index is filled again after migration 024 (its progress on stderr): nothing else may be said
is "larder init migrates: exit 0, and says only how far the search index is" "0 " \
	"$rc $(grep -v '^larder: search index: [0-9]* of [0-9]* items$' "$tmp/err")"
is "the search index is complete at the end" "larder: search index: 1 of 1 items" "$(tail -n 1 "$tmp/err")"
is "to the current schema" "$want" "$(sqlite3 "$data/larder.db" 'PRAGMA user_version')"
L init >"$tmp/out" 2>"$tmp/err"
is "larder init again: nothing to do, exit 0" "0 $want" "$? $(sqlite3 "$data/larder.db" 'PRAGMA user_version')"
is "integrity_check after the upgrade" ok "$(sqlite3 "$data/larder.db" 'PRAGMA integrity_check')"
like "larder user show alice after it" "^username: alice" "$(L user show alice 2>&1)"

serve_start --set argon2_t_cost=1 --set argon2_memory_kib=64
key=$("$larder" -c "$conf" key create alice --name after-upgrade 2>"$tmp/err")
like "a key for alice on the upgraded library" '^[A-Za-z0-9_-]{20,}$' "$key"
gql() {
	jq -n --arg q "$1" '{query: $q}' >"$tmp/q.json"
	curl -s -m 30 -H "authorization: $key" -H 'content-type: application/json' --data-binary "@$tmp/q.json" \
		"http://127.0.0.1:$port/api/graphql"
}
body=$(gql '{ search(query: "pelicans", first: 5) { ... on SearchSuccess { edges { node { title labels { name } highlights { quote } } } } } }')
is "the app finds the old item by a word of its content, with its label and highlight" "Pelicans Birds brown" \
	"$(printf '%s' "$body" | jq -r '.data.search.edges[0].node | "\(.title) \(.labels[0].name) \(.highlights[0].quote)"' 2>&1)"
body=$(gql 'mutation { savePage(input: {url: "https://pelicans.example/new", clientRequestId: "7a1e7d2f-3c8b-4a6f-8b4a-1d3c2e4f5a61", source: "api", originalContent: "<html><head><title>Terns</title></head><body><article><p>Arctic terns fly from pole to pole every year, the longest migration known.</p></article></body></html>"}) { __typename } }')
is "a new save on the upgraded library" SaveSuccess "$(printf '%s' "$body" | jq -r '.data.savePage.__typename' 2>&1)"
like "larder status: the schema current" "^schema: $want of $want" "$(L status 2>&1)"
"$serve" --stop --data "$data" >/dev/null 2>&1
started=

# the backup taken before: restored (an older schema again), then migrated by larder init
# a file the replaced library kept (its rows go with it): moved aside with its folder, not mixed with the backup's
mkdir -p "$data/files" && echo kept >"$data/files/left.pdf"
L restore "$tmp/before" --force >"$tmp/out" 2>"$tmp/err"
is "the pre-upgrade backup restored: exit 0" "0 16" "$? $(sqlite3 "$data/larder.db" 'PRAGMA user_version')"
like "the files folder of the replaced library is kept aside" "^the folder that was there: moved to $data/files\.before-restore-" "$(cat "$tmp/out")"
is "with its file" kept "$(cat "$data"/files.before-restore-*/left.pdf 2>&1)"
L init >"$tmp/out" 2>"$tmp/err"
is "and migrated again" "0 $want 2" "$? $(sqlite3 "$data/larder.db" 'PRAGMA user_version') $(sqlite3 "$data/larder.db" 'SELECT count(*) FROM users')"
done_testing
