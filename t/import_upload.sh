#!/bin/sh
# import_upload.sh: Omnivore's uploadImportFile flow through nginx + graphql.fcgi (TAP): the mutation answers a one-time URL, the file PUT to it is imported in the background (the fetch runner graphql.fcgi starts), GET /api/import/ID shows the report; a used or unknown token is 404, a file over import_max_bytes 413, another user sees no import.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-importup.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"
serve_need nginx spawn-fcgi curl jq
serve_start --allow-private-fetch --set import_max_bytes=2K --set argon2_t_cost=1 --set argon2_memory_kib=64
base=http://127.0.0.1:$port
serve_user_key key reader import
serve_user_key other other import

# upload_url NAME TYPE: uploadImportFile as the reader; its answer in $tmp/NAME.json
upload_url() {
	jq -n --arg t "$2" '{query: "mutation U($type: UploadImportFileType!, $contentType: String!) { uploadImportFile(type: $type, contentType: $contentType) { ... on UploadImportFileError { errorCodes } ... on UploadImportFileSuccess { uploadSignedUrl } } }", variables: {type: $t, contentType: "text/plain"}}' >"$tmp/$1.req"
	curl -s -m 20 -o "$tmp/$1.json" -H "authorization: $key" -H 'content-type: application/json' \
		--data-binary "@$tmp/$1.req" "$base/api/graphql"
}
# put FILE URL: sets code (and the body in $tmp/put.json)
put() { code=$(curl -s -m 20 -o "$tmp/put.json" -w '%{http_code}' -X PUT -H 'content-type: text/plain' --data-binary "@$1" "$2"); }

# the items point at this server's own 404s: their fetches end at once, on no other host
printf 'http://127.0.0.1:%s/gone/1\nhttp://127.0.0.1:%s/gone/2\nnot a URL at all\n' "$port" "$port" >"$tmp/list.txt"

upload_url up1 URL_LIST
jqok "uploadImportFile answers an upload URL on this site" \
	".data.uploadImportFile.uploadSignedUrl | test(\"/api/import/upload/[0-9a-f]{64}$\")" "$tmp/up1.json"
signed=$(jq -r '.data.uploadImportFile.uploadSignedUrl' "$tmp/up1.json")
# the URL names the configured base_url; the test server is reached on its own port
path=${signed#*/api/import/upload/}
put "$tmp/list.txt" "$base/api/import/upload/$path"
is "the PUT is taken" 200 "$code"
jqok "the import is queued" '.status == "queued" and (.id | length) == 36' "$tmp/put.json"
id=$(jq -r '.id' "$tmp/put.json")
put "$tmp/list.txt" "$base/api/import/upload/$path"
is "the URL works once" 404 "$code"
jqok "said in JSON" '.errors[0].extensions.code == "NOT_FOUND"' "$tmp/put.json"

# the runner graphql.fcgi started after the upload imports it
for _ in $(seq 1200); do
	curl -s -m 10 -o "$tmp/status.json" -H "authorization: $key" "$base/api/import/$id"
	jq -e '.status == "done" or .status == "failed"' "$tmp/status.json" >/dev/null 2>&1 && break
	sleep 0.1
done
jqok "the import ran" '.status == "done"' "$tmp/status.json"
jqok "two added, one failed" '.added == 2 and .failed == 1' "$tmp/status.json"
jqok "the bad line in the report" '.report | test("line 3: ")' "$tmp/status.json"
jqok "the format a URL_LIST names" '.format != null' "$tmp/status.json"
is "its items are in the library" 2 "$(db_sql "${serve_db:-$data/larder.db}" "SELECT count(*) FROM library_items WHERE url LIKE '%/gone/%'")"

code=$(curl -s -m 10 -o "$tmp/o.json" -w '%{http_code}' -H "authorization: $other" "$base/api/import/$id")
is "another user does not see it" 404 "$code"
code=$(curl -s -m 10 -o "$tmp/o.json" -w '%{http_code}' "$base/api/import/$id")
is "nor does a request without credentials" 401 "$code"

# over import_max_bytes (2K here): Larder answers, naming the key
upload_url up2 POCKET
path=$(jq -r '.data.uploadImportFile.uploadSignedUrl' "$tmp/up2.json"); path=${path#*/api/import/upload/}
head -c 3000 /dev/zero | tr '\0' 'a' >"$tmp/big.txt"
put "$tmp/big.txt" "$base/api/import/upload/$path"
is "a file over import_max_bytes is refused" 413 "$code"
jqok "with a message naming the key" '.errors[0].message | test("import_max_bytes")' "$tmp/put.json"
put "$tmp/list.txt" "$base/api/import/upload/$(printf '%064d' 0)"
is "an unknown token" 404 "$code"
code=$(curl -s -m 10 -o "$tmp/o.json" -w '%{http_code}' --data-binary "@$tmp/list.txt" "$base/api/import/upload/$path")
is "POST is not the method" 405 "$code"

done_testing
