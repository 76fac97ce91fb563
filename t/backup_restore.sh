#!/bin/sh
# backup_restore.sh: larder backup while the server runs, the library wiped, larder restore, and everything back: the items, a highlight, a PDF and its file, the modes; restore's refusals (a running server, an existing library without --force, a damaged backup); larder status (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-bak.XXXXXX") || exit 1
. "$srcdir/t/tap_lib.sh"
. "$srcdir/t/serve_lib.sh"
unset LARDER_TEST_PG_HOST # the SQLite library's files are what this test moves
serve_need nginx spawn-fcgi curl jq sqlite3
serve_start --worker --set argon2_t_cost=1 --set argon2_memory_kib=64
serve_user_key key alice
base=http://127.0.0.1:$port

# gql NAME QUERY [VARIABLES]: alice's request; the answer in $tmp/NAME.json
gql() {
	jq -n --arg q "$2" --argjson v "${3:-{\}}" '{query: $q, variables: $v}' >"$tmp/$1.req"
	curl -s -m 30 -o "$tmp/$1.json" -H "authorization: $key" -H 'content-type: application/json' \
		--data-binary "@$tmp/$1.req" "$base/api/graphql"
}
tap_context() { :; }

# --- a library: two pages, a highlight, a PDF ----------------------------------------------------------------------
page='<html><head><title>Pelicans of the Coast</title></head><body><article><p>Brown pelicans dive from the air to catch fish along the coast, a habit that sets them apart from their white cousins.</p><p>They nest in colonies on islands free of predators.</p></article></body></html>'
id=5a0f6c1e-2b7a-4f5e-9a39-0c2b1f0e9d12
gql p1 'mutation P($h: String!, $c: ID!, $u: String!) { savePage(input: {url: $u, source: "api", clientRequestId: $c, originalContent: $h}) { __typename } }' \
	"$(jq -cn --arg h "$page" --arg c "$id" --arg u https://news.example.org/pelicans '{h: $h, c: $c, u: $u}')"
gql p2 'mutation P($h: String!, $c: ID!, $u: String!) { savePage(input: {url: $u, source: "api", clientRequestId: $c, originalContent: $h}) { __typename } }' \
	"$(jq -cn --arg h "$page" --arg c 5a0f6c1e-2b7a-4f5e-9a39-0c2b1f0e9d13 --arg u https://news.example.org/pelicans2 '{h: $h, c: $c, u: $u}')"
gql hl 'mutation H($i: CreateHighlightInput!) { createHighlight(input: $i) { __typename } }' \
	"{\"i\":{\"id\":\"6b1e7d2f-3c8b-4a6f-8b4a-1d3c2e4f5a60\",\"shortId\":\"6b1e7d2f\",\"articleId\":\"$id\",\"quote\":\"Brown pelicans dive\"}}"
gql up 'mutation U($url: String!, $type: String!) { uploadFileRequest(input: {url: $url, contentType: $type, createPageEntry: true}) { __typename ... on UploadFileRequestSuccess { id uploadSignedUrl createdPageId } } }' \
	'{"url":"file:///home/me/sample.pdf","type":"application/pdf"}'
up_path=/api/upload/$(jq -r '.data.uploadFileRequest.uploadSignedUrl' "$tmp/up.json" | sed 's|.*/api/upload/||')
code=$(curl -s -m 30 -o "$tmp/put.json" -w '%{http_code}' -X PUT -H 'content-type: application/pdf' \
	--data-binary "@$srcdir/t/data/pdf/sample-3.pdf" "$base$up_path")
is "the library: 2 pages, a highlight, a PDF uploaded" "SaveSuccess SaveSuccess CreateHighlightSuccess 200" \
	"$(jq -r '.data.savePage.__typename' "$tmp/p1.json") $(jq -r '.data.savePage.__typename' "$tmp/p2.json") $(jq -r '.data.createHighlight.__typename' "$tmp/hl.json") $code"
pdf=$(find "$data/files" -name '*.pdf' | head -n 1)
[ -n "$pdf" ] || bail_out "the PDF was not kept under $data/files"
chmod 0640 "$data/larder.db"
pdf_sum=$(cksum <"$pdf")
rows() { sqlite3 "$1" 'SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM library_items), (SELECT count(*) FROM highlights), (SELECT count(*) FROM files)'; }
before=$(rows "$data/larder.db")
is "the rows before: 1 user, 3 items, 1 highlight, 1 file" "1|3|1|1" "$before"

# --- larder status, with the worker running ------------------------------------------------------------------------
i=0
until "$larder" -c "$conf" status >"$tmp/status" 2>&1 && ! grep -q '^worker last seen: never' "$tmp/status"; do
	i=$((i + 1)); [ $i -lt 300 ] || break; sleep 0.1
done
status=$(cat "$tmp/status")
like "status: the schema" "^schema: ([0-9]+) of \\1$" "$status"
like "status: the worker was seen" "^worker last seen: [0-9-]+T.* \\([0-9]+ s ago\\)" "$status"
like "status: feeds" "^feeds: 0, failing: 0" "$status"
like "status: the database's bytes" "^database bytes: [1-9][0-9]*" "$status"
nfiles=$(find "$data/files" -type f | wc -l | tr -d ' ')
like "status: the kept files (the PDF among them)" "^files: $nfiles, bytes: [1-9]" "$status"

# --- backup while the server runs ----------------------------------------------------------------------------------
"$larder" -c "$conf" backup "$tmp/bk" >"$tmp/out" 2>"$tmp/err"
is "backup: exit 0" "0" "$?"
like "backup: the copy is checked" "^database: schema version [0-9]+, 1 users, 3 items, 1 highlights, 1 files" "$(cat "$tmp/out")"
like "backup: the files are counted" "^files: $nfiles files, [0-9]+ bytes" "$(cat "$tmp/out")"
is "backup: the database's mode is kept" 640 "$(stat -c %a "$tmp/bk/larder.db")"
is "backup: integrity_check of the copy" ok "$(sqlite3 "$tmp/bk/larder.db" 'PRAGMA integrity_check')"
"$larder" -c "$conf" backup "$tmp/bk" >/dev/null 2>"$tmp/err"
is "backup into an existing folder: exit 1" 1 "$?"
like "backup into an existing folder: says so" "never overwrites" "$(cat "$tmp/err")"

"$larder" -c "$conf" backup "$data/files/bk" >/dev/null 2>"$tmp/err"
is "backup into files_dir (it would copy itself): exit 1" 1 "$?"
like "backup into files_dir: says so" "lies inside $data/files: keep backups out of files_dir" "$(cat "$tmp/err")"
is "backup into files_dir: nothing left there" "" "$(ls -d "$data/files/bk" 2>/dev/null)"

# --- restore's refusals -------------------------------------------------------------------------------------------
"$larder" -c "$conf" restore "$tmp/bk" --force >/dev/null 2>"$tmp/err"
is "restore while the server runs: exit 1" 1 "$?"
like "restore while the server runs: says what to stop" "open in a running program \\(pid [0-9]+\\): stop the web programs" "$(cat "$tmp/err")"
"$serve" --stop --data "$data" >/dev/null 2>&1
started=
"$larder" -c "$conf" restore "$tmp/bk" >/dev/null 2>"$tmp/err"
is "restore over a library without --force: exit 1" 1 "$?"
like "restore without --force: says so" "already holds a library.*--force" "$(cat "$tmp/err")"
mkdir "$tmp/bad" && head -c 20000 "$tmp/bk/larder.db" >"$tmp/bad/larder.db"
"$larder" -c "$conf" restore "$tmp/bad" --force >/dev/null 2>"$tmp/err"
is "a damaged backup: exit 1" 1 "$?"
is "a damaged backup: the library is untouched" "$before" "$(rows "$data/larder.db")"

# --- wipe, restore, everything there --------------------------------------------------------------------------------
rm -rf "$data/larder.db" "$data/larder.db-wal" "$data/larder.db-shm" "$data/files"
"$larder" -c "$conf" restore "$tmp/bk" >"$tmp/out" 2>"$tmp/err"
is "restore after a wipe: exit 0" 0 "$?"
is "restore: the rows are back" "$before" "$(rows "$data/larder.db")"
is "restore: the database's mode" 640 "$(stat -c %a "$data/larder.db")"
is "restore: the PDF's bytes" "$pdf_sum" "$(cksum <"$pdf" 2>/dev/null)"
is "restore: the PDF's mode" "$(stat -c %a "$tmp/bk/files/$(basename "$pdf")")" "$(stat -c %a "$pdf")"
serve_start --set argon2_t_cost=1 --set argon2_memory_kib=64
base=http://127.0.0.1:$port
gql s '{ search(query: "in:all", first: 10) { ... on SearchSuccess { edges { node { id title highlights { quote } } } } } }'
is "the app after the restore: the 3 items" 3 "$(jq '.data.search.edges | length' "$tmp/s.json")"
is "the app after the restore: the highlight" "Brown pelicans dive" \
	"$(jq -r ".data.search.edges[] | .node | select(.id == \"$id\") | .highlights[0].quote" "$tmp/s.json")"
pdf_item=$(jq -r '.data.uploadFileRequest.createdPageId' "$tmp/up.json")
code=$(curl -s -o "$tmp/file.pdf" -w '%{http_code}' -H "authorization: $key" "$base/api/file/$pdf_item")
is "the app after the restore: the PDF is served" "200 $pdf_sum" "$code $(cksum <"$tmp/file.pdf")"
done_testing
