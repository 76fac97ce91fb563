#!/bin/sh
# upload_pdf.sh: PDFs through nginx + graphql.fcgi (TAP): uploadFileRequest, the PUT of the bytes (a small PDF read at once, a larger one by the fetch runner), saveFile, search by a word of page 40 of 50, Markdown, GET /api/file for the owner only; saveUrl of a PDF from t/js/testserver.mjs; a wrong or used token, an oversize file, a file that is not a PDF and an encrypted one refused with nothing kept.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-pdf.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"
. "$srcdir/t/testserver_lib.sh"
serve_need nginx spawn-fcgi curl jq "$(db_cli)" python3
testserver_have_node || { echo "1..0 # SKIP node not installed"; exit 0; }
trap 'testserver_stop; serve_cleanup' EXIT
testserver_start
serve_start --allow-private-fetch --set pdf_max_bytes=100K --set pdf_sync_bytes=16K --set pdf_read_seconds=120 --set argon2_t_cost=1 \
	--set argon2_memory_kib=64
base=http://127.0.0.1:$port
pdfs=$srcdir/t/data/pdf
serve_user_key key reader pdf
serve_user_key other other pdf

# gql NAME QUERY [VARIABLES]: the reader's request; the answer in $tmp/NAME.json
gql() {
	jq -n --arg q "$2" --argjson v "${3:-{\}}" '{query: $q, variables: $v}' >"$tmp/$1.req"
	curl -s -m 30 -o "$tmp/$1.json" -H "authorization: $key" -H 'content-type: application/json' \
		--data-binary "@$tmp/$1.req" "$base/api/graphql"
}
UFR='mutation U($url: String!, $type: String!, $crid: String) { uploadFileRequest(input: {url: $url, contentType: $type, clientRequestId: $crid, createPageEntry: true}) { __typename ... on UploadFileRequestSuccess { id uploadSignedUrl uploadFileId createdPageId } ... on UploadFileRequestError { errorCodes message } } }'
# request NAME URL: an upload for the reader; sets up_path (the token's path on this server) and up_id
request() {
	gql "$1" "$UFR" "$(jq -cn --arg u "$2" '{url: $u, type: "application/pdf"}')"
	up_path=/api/upload/$(jq -r '.data.uploadFileRequest.uploadSignedUrl' "$tmp/$1.json" | sed 's|.*/api/upload/||')
	up_id=$(jq -r '.data.uploadFileRequest.createdPageId' "$tmp/$1.json")
}
# put FILE PATH: sets code (the body in $tmp/put.json)
put() { code=$(curl -s -m 30 -o "$tmp/put.json" -w '%{http_code}' -X PUT -H 'content-type: application/pdf' --data-binary "@$1" "$base$2"); }
# item ID: the reader's item as JSON in $tmp/item.json
item() {
	gql item 'query S($q: String!) { search(query: $q, first: 5, format: "markdown", includeContent: true) { ... on SearchSuccess { edges { node { id title url originalArticleUrl pageType contentReader state content wordsCount labels { name } } } } } }' "$(jq -cn --arg q "in:all includes:$1" '{q: $q}')"
	jq '.data.search.edges[0].node' "$tmp/item.json" >"$tmp/node.json"
}
files() { find "$data/files" -name '*.pdf' 2>/dev/null | wc -l | tr -d ' '; }

crid=0d1f6a0e-5a43-4f3e-9d0c-4b8cd5a5e001
gql req1 "$UFR" "{\"url\":\"file:///home/me/Fifty%20Pages.pdf\",\"type\":\"application/pdf\",\"crid\":\"$crid\"}"
jqok "uploadFileRequest answers an upload URL on this site" \
	".data.uploadFileRequest | .__typename == \"UploadFileRequestSuccess\" and (.uploadSignedUrl | test(\"/api/upload/[0-9a-f]{64}$\"))" "$tmp/req1.json"
jqok "the item takes the clientRequestId" ".data.uploadFileRequest.createdPageId == \"$crid\"" "$tmp/req1.json"
jqok "the file's id twice (id, uploadFileId)" '.data.uploadFileRequest | .id == .uploadFileId and (.id | length) == 36' "$tmp/req1.json"
file_id=$(jq -r '.data.uploadFileRequest.id' "$tmp/req1.json")
path1=/api/upload/$(jq -r '.data.uploadFileRequest.uploadSignedUrl' "$tmp/req1.json" | sed 's|.*/api/upload/||')
item "$crid"
jqok "before its bytes: a FILE item, read as PDF, processing" \
	'.pageType == "FILE" and .contentReader == "PDF" and .state == "PROCESSING" and .title == "Fifty Pages"' "$tmp/node.json"

code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' -X PUT --data-binary "@$pdfs/sample-3.pdf" "$base/api/upload/$(printf '%064d' 0)")
is "a wrong token: 404" 404 "$code"
code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' "$base$path1")
is "a GET of the upload URL: 405" 405 "$code"
put "$pdfs/sample-50.pdf" "$path1"
is "the 50-page PDF is taken" 200 "$code"
jqok "the answer names the file, complete" ".id == \"$file_id\" and .status == \"COMPLETED\" and .itemId == \"$crid\"" "$tmp/put.json"
put "$pdfs/sample-50.pdf" "$path1"
is "the upload URL works once" 404 "$code"
jqok "said in JSON" '.errors[0].extensions.code == "NOT_FOUND"' "$tmp/put.json"

# over pdf_sync_bytes (16K): the fetch runner graphql.fcgi starts after answering reads it
for _ in $(seq 1200); do
	item "$crid"
	jq -e '.state == "SUCCEEDED"' "$tmp/node.json" >/dev/null 2>&1 && break
	sleep 0.1
done
jqok "the runner read it: succeeded, titled from the PDF's info" '.state == "SUCCEEDED" and .title == "Fifty Pages"' "$tmp/node.json"

gql save 'mutation F($f: ID!, $c: ID!) { saveFile(input: {url: "file:///x.pdf", source: "test", clientRequestId: $c, uploadFileId: $f, labels: [{name: "pdfs"}]}) { __typename ... on SaveSuccess { clientRequestId url } ... on SaveError { errorCodes message } } }' \
	"{\"f\":\"$file_id\",\"c\":\"$crid\"}"
jqok "saveFile puts it in the library" ".data.saveFile | .__typename == \"SaveSuccess\" and .clientRequestId == \"$crid\" and (.url | test(\"/reader/\"))" "$tmp/save.json"

gql find 'query S($q: String!) { search(query: $q, first: 5) { ... on SearchSuccess { edges { node { id } } } } }' '{"q":"pdfword040"}'
jqok "a word of page 40 finds it" "[.data.search.edges[].node.id] == [\"$crid\"]" "$tmp/find.json"
gql find 'query S($q: String!) { search(query: $q, first: 5) { ... on SearchSuccess { edges { node { id } } } } }' '{"q":"label:pdfs"}'
jqok "with saveFile's label" "[.data.search.edges[].node.id] == [\"$crid\"]" "$tmp/find.json"
item "$crid"
jqok "Markdown has the text of page 40" '.content | test("pdfword040")' "$tmp/node.json"
jqok "and text that looks like markup as text" '.content | test("Ampersand .{1,6} angle .{1,6}brackets")' "$tmp/node.json"
jqok "url and originalArticleUrl point at the file (url signed, svc/signlink.h)" \
	"(.url | test(\"/api/file/$crid[?]user=[^&]+&expires=[0-9]+&sig=[0-9a-f]{64}\$\")) and (.originalArticleUrl | endswith(\"/api/file/$crid\"))" "$tmp/node.json"
jqok "words are counted" '.wordsCount > 1000' "$tmp/node.json"

code=$(curl -s -m 10 -D "$tmp/h" -o "$tmp/got.pdf" -w '%{http_code}' -H "authorization: $key" "$base/api/file/$crid")
is "GET /api/file: 200 for the owner" 200 "$code"
same() { if cmp -s "$2" "$3"; then pass "$1"; else fail "$1"; fi; }
same "the same bytes as uploaded" "$tmp/got.pdf" "$pdfs/sample-50.pdf"
hdr=$(tr -d '\r' <"$tmp/h")
like "served as a PDF" "^Content-Type: application/pdf$" "$hdr"
like "not sniffed" "^X-Content-Type-Options: nosniff$" "$hdr"
like "sandboxed, framed only by our pages" "^Content-Security-Policy: sandbox; default-src 'none'; frame-ancestors 'self'$" "$hdr"
like "with its name" '^Content-Disposition: inline; filename="FiftyPages.pdf"$' "$hdr"
code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' -H "authorization: $other" "$base/api/file/$crid")
is "another user: 404" 404 "$code"
code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' "$base/api/file/$crid")
is "no credentials: 401" 401 "$code"
is "one file kept, under its id" "$data/files/$file_id.pdf" "$(find "$data/files" -name '*.pdf')"

# a small PDF is read while its upload is answered
request req2 "https://example.org/papers/Sample.pdf"
put "$pdfs/sample-3.pdf" "$up_path"
is "a small PDF is taken" 200 "$code"
item "$up_id"
jqok "and read at once" '.state == "SUCCEEDED" and .title == "Sample Title" and (.content | test("pdfword002"))' "$tmp/node.json"
jqok "its originalArticleUrl is the URL it came from" '.originalArticleUrl == "https://example.org/papers/Sample.pdf"' "$tmp/node.json"

# a small PDF that takes seconds to read: the upload is answered after the short in-request budget
# (LIMIT_PDF_REQUEST_CPU_MS) and a fetch runner reads it under the full one, so no web process is held
python3 "$srcdir/t/make-pdf.py" "$tmp/heavy.pdf" --pages 3 --heavy 120000
request req2h "https://example.org/heavy.pdf"
put "$tmp/heavy.pdf" "$up_path"
is "a slow small PDF is taken" 200 "$code"
item "$up_id"
jqok "  but not read while its upload was answered" '.state == "PROCESSING"' "$tmp/node.json"
for _ in $(seq 1200); do
	item "$up_id"
	jq -e '.state == "SUCCEEDED" or .state == "FAILED"' "$tmp/node.json" >/dev/null 2>&1 && break
	sleep 0.1
done
jqok "  read afterwards, in full" '.state == "SUCCEEDED" and (.content | test("pdfword003"))' "$tmp/node.json"

# bad inputs: nothing kept, the upload URL still works
before=$(files)
request req3 "file:///tmp/notes.pdf"
put "$pdfs/not-a-pdf.pdf" "$up_path"
is "not a PDF: 400" 400 "$code"
jqok "said so" '.errors[0].message == "the file is not a PDF"' "$tmp/put.json"
put "$pdfs/encrypted.pdf" "$up_path"
is "an encrypted PDF: 400" 400 "$code"
jqok "said so" '.errors[0].message | test("encrypted")' "$tmp/put.json"
put "$pdfs/broken.pdf" "$up_path"
is "a damaged PDF: 400" 400 "$code"
python3 "$srcdir/t/make-pdf.py" "$tmp/big.pdf" --pages 400
put "$tmp/big.pdf" "$up_path"
is "over pdf_max_bytes: 413" 413 "$code"
jqok "naming the key" '.errors[0].message | test("pdf_max_bytes")' "$tmp/put.json"
code=$(curl -s -m 30 -o "$tmp/put.json" -w '%{http_code}' -X PUT -H 'Transfer-Encoding: chunked' --data-binary "@$tmp/big.pdf" "$base$up_path")
is "over pdf_max_bytes without a length: 413" 413 "$code"
# exactly pdf_max_bytes (100K) is taken, one byte more is not (a PDF padded with a comment after its end)
pad() { cp "$pdfs/sample-3.pdf" "$2"; printf '%%' >>"$2"; head -c $(($1 - $(wc -c <"$2") - 1)) /dev/zero | tr '\0' 'x' >>"$2"; printf '\n' >>"$2"; }
pad 102401 "$tmp/over.pdf"
put "$tmp/over.pdf" "$up_path"
is "pdf_max_bytes + 1 bytes: 413" 413 "$code"
is "nothing kept for any of them" "$before" "$(files)"
is "the upload still waits" INITIALIZED "$(db_sql "${serve_db:-$data/larder.db}" "SELECT status FROM files WHERE item_id = '$up_id'")"
item "$up_id"
jqok "its item says why the last file was refused (FAILED, not Saving… for ever)" \
	'.state == "FAILED" and (.content | test("damaged"))' "$tmp/node.json"
pad 102400 "$tmp/limit.pdf"
is "(the padded file is 100K)" 102400 "$(wc -c <"$tmp/limit.pdf" | tr -d ' ')"
put "$tmp/limit.pdf" "$up_path"
is "and takes a good file of exactly pdf_max_bytes after them" 200 "$code"
for _ in $(seq 1200); do
	item "$up_id"
	jq -e '.state != "PROCESSING"' "$tmp/node.json" >/dev/null 2>&1 && break
	sleep 0.1
done
jqok "  which fills the item that had failed (read by the fetch runner: it is over pdf_sync_bytes)" \
	'.state == "SUCCEEDED" and (.content | test("pdfword003"))' "$tmp/node.json"

gql bad "$UFR" '{"url":"https://example.org/a.html","type":"text/html"}'
jqok "uploadFileRequest of another type: BAD_INPUT" '.data.uploadFileRequest.errorCodes == ["BAD_INPUT"]' "$tmp/bad.json"
gql bad "$UFR" '{"url":"ftp://example.org/a.pdf","type":"application/pdf"}'
jqok "of an ftp URL: BAD_INPUT" '.data.uploadFileRequest.errorCodes == ["BAD_INPUT"]' "$tmp/bad.json"
gql bad 'mutation { saveFile(input: {url: "u", source: "x", clientRequestId: "c", uploadFileId: "00000000-0000-4000-8000-000000000000"}) { ... on SaveError { errorCodes } } }'
jqok "saveFile of an unknown file: UNAUTHORIZED" '.data.saveFile.errorCodes == ["UNAUTHORIZED"]' "$tmp/bad.json"

# saveUrl of a URL answering application/pdf: the fetch keeps and reads it
gql su 'mutation S($u: String!) { saveUrl(input: {url: $u, source: "test", clientRequestId: "pdf-by-url"}) { __typename ... on SaveSuccess { clientRequestId } } }' \
	"{\"u\":\"http://127.0.0.1:$ts_port/pdf/sample-3.pdf\"}"
su_id=$(jq -r '.data.saveUrl.clientRequestId' "$tmp/su.json")
for _ in $(seq 1200); do
	item "$su_id"
	jq -e '.state == "SUCCEEDED" or .state == "FAILED"' "$tmp/node.json" >/dev/null 2>&1 && break
	sleep 0.1
done
jqok "saveUrl of a PDF: read as a PDF" \
	'.state == "SUCCEEDED" and .pageType == "FILE" and .contentReader == "PDF" and (.content | test("pdfword003"))' "$tmp/node.json"
jqok "its originalArticleUrl is where it was fetched" ".originalArticleUrl == \"http://127.0.0.1:$ts_port/pdf/sample-3.pdf\"" "$tmp/node.json"
code=$(curl -s -m 10 -o "$tmp/got3.pdf" -w '%{http_code}' -H "authorization: $key" "$base/api/file/$su_id")
is "its file is served" 200 "$code"
same "the bytes fetched" "$tmp/got3.pdf" "$pdfs/sample-3.pdf"

# an upload URL that expired with nothing uploaded: the worker fails its item, saying why, instead of leaving it
# PROCESSING (the expiry is set in the past here rather than waiting an hour); an upload still in time is left alone
request expired "file:///home/me/Never%20Sent.pdf"
exp_path=$up_path exp_id=$up_id
request waiting "file:///home/me/Later.pdf"
wait_id=$up_id
item "$exp_id"
jqok "an upload asked for: its item is PROCESSING" '.state == "PROCESSING"' "$tmp/node.json"
db_sql "${serve_db:-$data/larder.db}" "UPDATE files SET upload_expires = 1 WHERE item_id = '$exp_id'" >/dev/null
"$larder" -c "$conf" worker --once >"$tmp/worker.log" 2>&1
item "$exp_id"
jqok "its URL expired with nothing sent: the worker makes it FAILED, the reason in its content" \
	'.state == "FAILED" and (.content | test("not uploaded before its upload URL expired"))' "$tmp/node.json"
put "$pdfs/sample-3.pdf" "$exp_path"
is "  the expired URL takes nothing: 404" 404 "$code"
item "$wait_id"
jqok "an upload still in time stays PROCESSING" '.state == "PROCESSING"' "$tmp/node.json"

# the hourly sweep: kept files of purged items and deleted accounts go, an abandoned upload's part after a
# day; files of live items and anything not named like Larder's own stay
sweep() { rm -f "$data/files/.swept"; find "$data/files" -type f -name '*.pdf' -exec touch -d '-2 hours' {} +; \
	"$larder" -c "$conf" worker --once >"$tmp/worker.log" 2>&1; }
printf 'x' >"$data/files/notes.pdf"
printf 'x' >"$data/files/keep.txt"
printf 'x' >"$data/files/$file_id.pdf.0123456789abcdef.part"
touch -d '-2 days' "$data/files/$file_id.pdf.0123456789abcdef.part"
gql del 'mutation D($i: ID!) { setBookmarkArticle(input: {articleID: $i, bookmark: false}) { __typename } }' "{\"i\":\"$su_id\"}"
gql empty 'mutation { emptyTrash { __typename } }'
jqok "the fetched PDF's item purged" '.data.emptyTrash.__typename == "EmptyTrashSuccess"' "$tmp/empty.json"
sweep
is "sweep: the purged item's file removed, its row too" "0|0" \
	"$(test -e "$data/files/$su_id.pdf" && echo 1 || echo 0)|$(db_sql "${serve_db:-$data/larder.db}" "SELECT count(*) FROM files WHERE item_id = '$su_id'")"
is "sweep: the live upload's file stays" yes "$(test -e "$data/files/$file_id.pdf" && echo yes || echo no)"
is "sweep: the day-old part is removed" yes "$(test ! -e "$data/files/$file_id.pdf.0123456789abcdef.part" && echo yes || echo no)"
is "sweep: files not named as Larder's stay" yes "$(test -e "$data/files/notes.pdf" -a -e "$data/files/keep.txt" && echo yes || echo no)"
"$larder" -c "$conf" worker --once >/dev/null 2>&1
"$larder" -c "$conf" user delete reader >"$tmp/cli.log" 2>&1
sweep
is "sweep after the account is deleted: its file removed" yes "$(test ! -e "$data/files/$file_id.pdf" && echo yes || echo no)"
is "  the others stay" yes "$(test -e "$data/files/notes.pdf" -a -e "$data/files/keep.txt" && echo yes || echo no)"
done_testing
