#!/bin/sh
# files_db.sh: files_store = database on one throwaway PostgreSQL with no shared disk (TAP): two front ends (larder-serve: nginx + graphql.fcgi, each its own data_dir) and a worker with a third; a PDF uploaded on one front end is served by the other, a large one read by the worker, one saved by URL fetched by the worker, an import uploaded on one run by the worker; nothing under any data_dir; another user reads nothing; status, backup and restore, migrate-store to SQLite (files served from there), the sweep, an account's deletion, a bad value of the key.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
. "$srcdir/t/tap_lib.sh"
. "$srcdir/t/pg_lib.sh"
. "$srcdir/t/testserver_lib.sh"
. "$srcdir/t/port_lib.sh"
for c in nginx spawn-fcgi curl jq python3 pg_dump node; do
	command -v "$c" >/dev/null 2>&1 || [ -x "/usr/sbin/$c" ] || { echo "1..0 # SKIP $c not installed"; exit 0; }
done
larder=$builddir/src/cmd/larder
serve=$srcdir/contrib/larder-serve
[ -x "$larder" ] && [ -x "$builddir/src/cmd/graphql.fcgi" ] || bail_out "larder or graphql.fcgi not built"
grep -q '^#define HAVE_LIBPQ 1' "$builddir/config.h" || { echo "1..0 # SKIP built without PostgreSQL"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-filesdb.XXXXXX") || exit 1
chmod 755 "$tmp"
cleanup() {
	for m in a b moved; do [ -d "$tmp/$m" ] && "$serve" --stop --data "$tmp/$m" >/dev/null 2>&1; done
	testserver_stop
	pg_stop
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
unset LARDER_CONFIG
pg_start
testserver_start
PSQL() { "$PG_BIN/psql" -X -A -t -q "$PG_URL" -c "$1"; }

# three machines: front ends a and b, worker c; one database, a data_dir each, files in the database
same_conf="files_store = database"
# serve_up NAME OPTIONS…: larder-serve on $tmp/NAME on a free loopback port, left in $p (another port when one is
# taken); bails out when none starts
serve_up() {
	_n=$1; shift
	for _ in 1 2 3 4 5 6 7 8; do
		p=$(rand_port)
		"$serve" --port "$p" --data "$tmp/$_n" --build "$builddir" --set "$same_conf" --set pdf_max_bytes=2M \
			--set argon2_t_cost=1 --set argon2_memory_kib=64 "$@" >"$tmp/serve-$_n.log" 2>&1 && return 0
		"$serve" --stop --data "$tmp/$_n" >/dev/null 2>&1
	done
	bail_out "larder-serve on $_n did not start: $(tail -c 600 "$tmp/serve-$_n.log")"
}
serve_up a --database "$PG_URL" --children 2 --allow-private-fetch --set fetch_in_web=no --set pdf_sync_bytes=16K
port_a=$p
serve_up b --database "$PG_URL" --children 2 --allow-private-fetch --set fetch_in_web=no --set pdf_sync_bytes=16K
port_b=$p
mkdir -p "$tmp/c"
printf '%s\n' "database = $PG_URL" "data_dir = $tmp/c" "$same_conf" "pdf_max_bytes = 2M" "argon2_t_cost = 1" \
	"argon2_memory_kib = 64" "allow_private_fetch = 127.0.0.1/32" >"$tmp/c/larder.conf"
A=http://127.0.0.1:$port_a B=http://127.0.0.1:$port_b
L() { "$larder" -c "$tmp/c/larder.conf" "$@"; }
worker_c() { L worker --once >>"$tmp/c/worker.log" 2>&1; }
for u in reader other; do
	L user add "$u" >/dev/null 2>"$tmp/err" || bail_out "user add $u: $(cat "$tmp/err")"
	k=$(L key create "$u" --name files 2>"$tmp/err") || bail_out "key create $u: $(cat "$tmp/err")"
	eval "key_$u=\$k"
done

# gql BASE NAME QUERY [VARIABLES]: the reader's request to a front end; the answer in $tmp/NAME.json
gql() {
	jq -n --arg q "$3" --argjson v "${4:-{\}}" '{query: $q, variables: $v}' >"$tmp/$2.req"
	curl -s -m 30 -o "$tmp/$2.json" -H "authorization: $key_reader" -H 'content-type: application/json' \
		--data-binary "@$tmp/$2.req" "$1/api/graphql"
}
UFR='mutation U($url: String!) { uploadFileRequest(input: {url: $url, contentType: "application/pdf", createPageEntry: true}) { ... on UploadFileRequestSuccess { id uploadSignedUrl createdPageId } ... on UploadFileRequestError { errorCodes message } } }'
# upload NAME FILE: uploadFileRequest and the PUT, both on front end a; sets code, item, fid
upload() {
	gql "$A" "$1" "$UFR" "$(jq -cn --arg u "file:///home/me/$1.pdf" '{url: $u}')"
	item=$(jq -r '.data.uploadFileRequest.createdPageId' "$tmp/$1.json")
	fid=$(jq -r '.data.uploadFileRequest.id' "$tmp/$1.json")
	up=$(jq -r '.data.uploadFileRequest.uploadSignedUrl' "$tmp/$1.json" | sed 's|.*/api/upload/||')
	code=$(curl -s -m 30 -o "$tmp/$1.put" -w '%{http_code}' -X PUT --data-binary "@$2" "$A/api/upload/$up")
}
# state BASE ITEM: the reader's item's state, asked of a front end
state() {
	gql "$1" st 'query S($q: String!) { search(query: $q, first: 1) { ... on SearchSuccess { edges { node { state } } } } }' \
		"$(jq -cn --arg q "in:all includes:$2" '{q: $q}')"
	jq -r '.data.search.edges[0].node.state // empty' "$tmp/st.json"
}
# get BASE ITEM KEY OUT: GET /api/file/ITEM; the status code
get() { curl -s -m 30 -o "$4" -w '%{http_code}' -H "authorization: $3" "$1/api/file/$2"; }
same() { if cmp -s "$2" "$3"; then pass "$1"; else fail "$1"; fi; }
on_disk() { find "$tmp/a" "$tmp/b" "$tmp/c" -type f \( -name '*.pdf' -o -name '*.upload' -o -name '*.fromdb' \) | wc -l | tr -d ' '; }

# ---- a small PDF: read while its upload is answered on a, served by b ----
upload small "$srcdir/t/data/pdf/sample-3.pdf"
is "a small PDF PUT to front end a: 200" 200 "$code"
is "  and read at once" SUCCEEDED "$(state "$B" "$item")"
is "front end b serves it: 200" 200 "$(get "$B" "$item" "$key_reader" "$tmp/got-small.pdf")"
same "  the bytes uploaded on a" "$tmp/got-small.pdf" "$srcdir/t/data/pdf/sample-3.pdf"
is "its row has no path: its bytes are in the database, one part" "|1" \
	"$(PSQL "SELECT coalesce(path, '') FROM files WHERE id = '$fid'")|$(PSQL "SELECT count(*) FROM file_blobs WHERE id = '$fid'")"
small_item=$item

# ---- a large PDF (4 parts): over pdf_sync_bytes, so the worker on c reads it from the database ----
python3 "$srcdir/t/make-pdf.py" "$tmp/big.pdf" --pages 1200 --title "Big Book" || bail_out "make-pdf.py failed"
upload big "$tmp/big.pdf"
is "a 1200-page PDF PUT to front end a: 200" 200 "$code"
is "  waiting for the worker (no runner on the front ends)" PROCESSING "$(state "$A" "$item")"
size=$(stat -c %s "$tmp/big.pdf")
is "  kept as parts of 256 KiB" "$(( (size + 262143) / 262144 ))|$size" \
	"$(PSQL "SELECT count(*) || '|' || sum(length(data)) FROM file_blobs WHERE id = '$fid'")"
worker_c
is "the worker on c read it from the database" SUCCEEDED "$(state "$B" "$item")"
gql "$B" find 'query { search(query: "pdfword040", first: 5) { ... on SearchSuccess { edges { node { id } } } } }'
jqok "  a word of page 40 finds it" "[.data.search.edges[].node.id] == [\"$item\"]" "$tmp/find.json"
is "front end b serves the large one: 200" 200 "$(get "$B" "$item" "$key_reader" "$tmp/got-big.pdf")"
same "  the bytes uploaded on a, part after part" "$tmp/got-big.pdf" "$tmp/big.pdf"
curl -s -m 30 -I -o "$tmp/head.txt" -H "authorization: $key_reader" "$A/api/file/$item"
like "HEAD on a: its length, no body" "^Content-Length: $size" "$(tr -d '\r' <"$tmp/head.txt" | grep -i '^content-length')"
big_item=$item big_fid=$fid

# ---- a PDF saved by URL on a: fetched by the worker on c, kept in the database, served by b ----
gql "$A" su 'mutation S($u: String!) { saveUrl(input: {url: $u, source: "test", clientRequestId: "pdf-by-url"}) { ... on SaveSuccess { clientRequestId } } }' \
	"$(jq -cn --arg u "http://127.0.0.1:$ts_port/pdf/sample-3.pdf" '{u: $u}')"
su_id=$(jq -r '.data.saveUrl.clientRequestId' "$tmp/su.json")
worker_c
is "saveUrl of a PDF on a: fetched and read by the worker on c" SUCCEEDED "$(state "$B" "$su_id")"
is "  kept in the database (no path), one part" "|1" \
	"$(PSQL "SELECT coalesce(path, '') FROM files WHERE item_id = '$su_id'")|$(PSQL "SELECT count(*) FROM file_blobs b JOIN files f ON f.id = b.id WHERE f.item_id = '$su_id'")"
is "  served by b: 200" 200 "$(get "$B" "$su_id" "$key_reader" "$tmp/got-su.pdf")"
same "  the bytes fetched" "$tmp/got-su.pdf" "$srcdir/t/data/pdf/sample-3.pdf"

# ---- another user, and no user ----
is "another user's GET on b: 404" 404 "$(get "$B" "$big_item" "$key_other" "$tmp/o.pdf")"
is "  with none of the bytes" 0 "$(grep -c 'pdfword' "$tmp/o.pdf")"
is "no credentials on a: 401" 401 "$(curl -s -m 10 -o /dev/null -w '%{http_code}' "$A/api/file/$big_item")"
is "a wrong token on b: 404, nothing kept" "404|0" "$(curl -s -m 10 -o /dev/null -w '%{http_code}' -X PUT \
	--data-binary "@$srcdir/t/data/pdf/sample-3.pdf" "$B/api/upload/$(printf '%064d' 0)")|$(PSQL "SELECT count(*) FROM file_blobs WHERE user_id = (SELECT id FROM users WHERE username = 'other')")"
upload bad "$srcdir/t/data/pdf/not-a-pdf.pdf"
is "not a PDF: 400, nothing kept in the database" "400|0" "$code|$(PSQL "SELECT count(*) FROM file_blobs WHERE id = '$fid'")"

# ---- an import uploaded on a, run by the worker on c ----
printf 'http://127.0.0.1:%s/gone/1\nhttp://127.0.0.1:%s/gone/2\n' "$port_a" "$port_a" >"$tmp/list.txt"
gql "$A" imp 'mutation { uploadImportFile(type: URL_LIST, contentType: "text/plain") { ... on UploadImportFileSuccess { uploadSignedUrl } ... on UploadImportFileError { errorCodes } } }'
path=$(jq -r '.data.uploadImportFile.uploadSignedUrl' "$tmp/imp.json"); path=${path#*/api/import/upload/}
code=$(curl -s -m 30 -o "$tmp/imp.put" -w '%{http_code}' -X PUT --data-binary "@$tmp/list.txt" "$A/api/import/upload/$path")
is "an import PUT to front end a: 200" 200 "$code"
imp=$(jq -r '.id' "$tmp/imp.put")
is "  its bytes in the database, none on a's disk" "1|0" \
	"$(PSQL "SELECT count(*) FROM file_blobs WHERE id = '$imp'")|$(find "$tmp/a" -name '*.upload' | wc -l | tr -d ' ')"
worker_c
curl -s -m 10 -o "$tmp/imp.status" -H "authorization: $key_reader" "$B/api/import/$imp"
jqok "the worker on c ran it (status asked of b)" '.status == "done" and .added == 2' "$tmp/imp.status"
is "  its bytes left the database, and c's copy is gone" "0|0" \
	"$(PSQL "SELECT count(*) FROM file_blobs WHERE id = '$imp'")|$(find "$tmp/c" -name '*.fromdb' | wc -l | tr -d ' ')"
# an import whose bytes went missing from the database: it fails, saying so, and the worker goes on
gql "$A" imp2 'mutation { uploadImportFile(type: URL_LIST, contentType: "text/plain") { ... on UploadImportFileSuccess { uploadSignedUrl } } }'
path=$(jq -r '.data.uploadImportFile.uploadSignedUrl' "$tmp/imp2.json"); path=${path#*/api/import/upload/}
imp2=$(curl -s -m 30 -X PUT --data-binary "@$tmp/list.txt" "$A/api/import/upload/$path" | jq -r '.id // empty')
PSQL "DELETE FROM file_blobs WHERE id = '$imp2'"
worker_c
curl -s -m 10 -o "$tmp/imp2.status" -H "authorization: $key_reader" "$B/api/import/$imp2"
jqok "an import whose bytes are gone from the database fails, saying why" \
	'.status == "failed" and (.report | test("copy from the database"))' "$tmp/imp2.status"
is "no file under any machine's data_dir" 0 "$(on_disk)"

# ---- the admin's figures ----
status=$(L status 2>&1)
like "larder status counts the files in the database" "^files in the database: 3, imports: 0, parts: $(( (size + 262143) / 262144 + 2 )), bytes: [1-9][0-9]* \\(files_store = database\\)" "$status"
L backup "$tmp/bk" >"$tmp/bk.out" 2>"$tmp/err"
is "larder backup: exit 0" "0 " "$? $(cat "$tmp/err")"
like "  the files travel in pg_dump's file, counted" "^files in the database: 3 files, 0 pending imports, [1-9][0-9]* bytes \\(in the dump\\)" "$(cat "$tmp/bk.out")"
like "  and the dump holds the table" "TABLE DATA public file_blobs" "$(pg_restore --list "$tmp/bk/larder.pgdump")"

# ---- the library moved to SQLite (migrate-store, a few parts at a time), its files served from there ----
L migrate-store --from "$PG_URL" --to "sqlite:$tmp/moved/larder.db" >"$tmp/mig.out" 2>"$tmp/err"
is "migrate-store to SQLite: exit 0" "0 " "$? $(cat "$tmp/err")"
is "  every part, byte for byte" "$(PSQL "SELECT count(*) || '|' || sum(length(data)) || '|' || md5(string_agg(md5(data), '' ORDER BY id, part)) FROM file_blobs")" \
	"$(python3 -c 'import hashlib,sqlite3,sys; c=sqlite3.connect(sys.argv[1]); r=c.execute("SELECT data FROM file_blobs ORDER BY id, part").fetchall(); print("%d|%d|%s" % (len(r), sum(len(x[0]) for x in r), hashlib.md5("".join(hashlib.md5(x[0]).hexdigest() for x in r).encode()).hexdigest()))' "$tmp/moved/larder.db")"
serve_up moved --children 1
is "on SQLite, files_store = database serves the large PDF: 200" 200 "$(get "http://127.0.0.1:$p" "$big_item" "$key_reader" "$tmp/got-sq.pdf")"
same "  the same bytes" "$tmp/got-sq.pdf" "$tmp/big.pdf"
A_saved=$A; A=http://127.0.0.1:$p
upload sq "$srcdir/t/data/pdf/sample-3.pdf"
is "  and keeps a new upload in the SQLite file" "200|1|" "$code|$(python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); print(c.execute("SELECT count(*) FROM file_blobs WHERE id = ?", (sys.argv[2],)).fetchone()[0])' "$tmp/moved/larder.db" "$fid")|$(find "$tmp/moved" -name '*.pdf' | head -1)"
"$serve" --stop --data "$tmp/moved" >/dev/null 2>&1
A=$A_saved

# ---- the sweep (on any machine) and an account's deletion ----
gql "$A" del 'mutation D($i: ID!) { setBookmarkArticle(input: {articleID: $i, bookmark: false}) { __typename } }' "{\"i\":\"$small_item\"}"
gql "$A" empty 'mutation { emptyTrash { __typename } }'
rm -f "$tmp/c/files/.swept"
worker_c
is "the sweep on c: the purged item's parts go, the other files' stay" "0|$(( (size + 262143) / 262144 + 1 ))" \
	"$(PSQL "SELECT count(*) FROM files f JOIN file_blobs b ON b.id = f.id WHERE f.item_id = '$small_item'")|$(PSQL "SELECT count(*) FROM file_blobs")"
is "  and b still serves the one that stays" 200 "$(get "$B" "$big_item" "$key_reader" /dev/null)"
L user delete reader >/dev/null 2>"$tmp/err"
is "the account deleted: none of its bytes stay in the database" "0 0" "$? $(PSQL "SELECT count(*) FROM file_blobs")"

# ---- the backup restored (the programs stopped, as README's Backups says): the files are back with the rows ----
for m in a b; do "$serve" --stop --data "$tmp/$m" >/dev/null 2>&1; done
L restore "$tmp/bk" --force >"$tmp/rs.out" 2>"$tmp/err"
is "larder restore --force: exit 0" "0 " "$? $(cat "$tmp/err")"
like "  the files in the database counted again" "^files in the database: 3 files, 0 pending imports, [1-9][0-9]* bytes \\(restored\\)" "$(cat "$tmp/rs.out")"
"$serve" --port "$port_b" --data "$tmp/b" --build "$builddir" --database "$PG_URL" --children 1 --set "$same_conf" \
	--set fetch_in_web=no --set pdf_max_bytes=2M --set pdf_sync_bytes=16K --set argon2_t_cost=1 --set argon2_memory_kib=64 >"$tmp/serve-b.log" 2>&1 ||
	bail_out "front end b did not start again: $(tail -c 600 "$tmp/serve-b.log")"
is "front end b serves the restored PDF: 200" 200 "$(get "$B" "$big_item" "$key_reader" "$tmp/got-rs.pdf")"
same "  the bytes uploaded at first" "$tmp/got-rs.pdf" "$tmp/big.pdf"

# ---- parts gone from the database: the answer cut or refused (never a short file that looks whole), the worker's
# read failed saying so ----
PSQL "DELETE FROM file_blobs WHERE id = '$big_fid' AND part = 2"
code=$(curl -s -m 30 -o "$tmp/cut.pdf" -w '%{http_code}' -H "authorization: $key_reader" "$B/api/file/$big_item"); rc=$?
is "a middle part missing: 200, the connection cut after the parts before it (curl: 18, partial file)" \
	"18 200 $((2 * 262144))" "$rc $code $(stat -c %s "$tmp/cut.pdf")"
like "  the admin is told in b's log" "file $big_fid: $((2 * 262144)) of $size bytes in the database: parts missing" \
	"$(cat "$tmp"/b/logs/*.log 2>/dev/null)"
PSQL "DELETE FROM file_blobs WHERE id = '$big_fid' AND part = 0"
code=$(curl -s -m 30 -o "$tmp/cut0.pdf" -w '%{http_code}' -H "authorization: $key_reader" "$B/api/file/$big_item")
is "part 0 missing: an error answer, no PDF head" "500 0" "$code $(grep -c '%PDF' "$tmp/cut0.pdf")"
A_saved=$A; A=$B
upload lost "$tmp/big.pdf"
A=$A_saved
PSQL "DELETE FROM file_blobs WHERE id = '$fid' AND part = 1"
worker_c
gql "$B" lost 'query S($q: String!) { search(query: $q, first: 1) { ... on SearchSuccess { edges { node { state content } } } } }' \
	"$(jq -cn --arg q "in:all includes:$item" '{q: $q}')"
jqok "a large upload with a part gone before the worker read it: not read, saying why" \
	'.data.search.edges[0].node | (.state != "SUCCEEDED") and (.content | test("could not be read from the database"))' "$tmp/lost.json"

# ---- a bad value of the key ----
printf '%s\n' "database = $tmp/x.db" "files_store = nas" >"$tmp/bad.conf"
"$larder" -c "$tmp/bad.conf" status >/dev/null 2>"$tmp/err"
is "files_store = nas: exit 1, naming the key and its values" "1 $tmp/bad.conf:2: 'files_store' must be disk or database" "$? $(cat "$tmp/err" | sed 's/^larder: //')"
done_testing
