#!/bin/sh
# quotas.sh: the per-user quotas of larder.conf (items_per_user, bytes_per_user, imports_pending_per_user) at N and N+1 through graphql.fcgi, `larder import` past the items quota, `larder user show` and GET /api/import/usage; and stored text at its limits (a 3 MB updatePage title refused, a saveUrl title at 1000 and 1001 characters, an import's huge fields cut) (TAP).
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/t/cgi_lib.sh"
srcdir=$top_srcdir

cat >>"$conf" <<CONF
fetch_in_web = no
items_per_user = 3
imports_pending_per_user = 2
CONF
setup
A="HTTP_AUTHORIZATION=$KEY"

# gqlv QUERY VARIABLES-JSON [NAME=VALUE ...]: POST with variables (the body through a file: it may be MBs)
gqlv() { _q=$1 _v=$2; shift 2; jq -cn --arg q "$_q" --argjson v "$_v" '{query: $q, variables: $v}' >"$tmp/gbody"; req_file POST "$tmp/gbody" "$@"; }
count() { gql '{ search(query: "in:all") { ... on SearchSuccess { pageInfo { totalCount } } } }' "$@"; jqr '.data.search.pageInfo.totalCount'; }
# show USER [CONF]: `larder user show`, its output in $out
show() { out=$("$LARDER" -c "${2:-$conf}" user show "$1" 2>"$tmp/err"); src=$?; }
SAVE='mutation S($u: String!) { saveUrl(input: {url: $u, source: "api", clientRequestId: ""}) { __typename ... on SaveSuccess { clientRequestId } ... on SaveError { errorCodes message } } }'
PAGE='mutation P($u: String!, $h: String!, $t: String) { savePage(input: {url: $u, source: "api", clientRequestId: "", originalContent: $h, title: $t}) { __typename ... on SaveSuccess { clientRequestId } ... on SaveError { errorCodes message } } }'

# ---- items_per_user = 3 ----
for k in 1 2 3; do
	gqlv "$SAVE" "{\"u\":\"https://example.com/item$k\"}" "$A"
	is "items_per_user: saveUrl of item $k of 3" SaveSuccess "$(jqr '.data.saveUrl.__typename')"
done
gqlv "$SAVE" '{"u":"https://example.com/item4"}' "$A"
is "items_per_user: the fourth refused, naming the key" \
	"SaveError|items_per_user (3) reached: the library holds 3 items (items_per_user in larder.conf; the trash counts until it is emptied)" \
	"$(jqr '.data.saveUrl | .__typename + "|" + .message')"
is "items_per_user: nothing written" 3 "$(count "$A")"
gqlv "$SAVE" '{"u":"https://example.com/item2"}' "$A"
is "items_per_user: saving an item it has again is fine" SaveSuccess "$(jqr '.data.saveUrl.__typename')"
UFR='mutation { uploadFileRequest(input: {url: "file:///tmp/a.pdf", contentType: "application/pdf", createPageEntry: true}) { __typename ... on UploadFileRequestError { errorCodes message } } }'
gql "$UFR" "$A"
like "items_per_user: uploadFileRequest refused too" '^UploadFileRequestError\|items_per_user \(3\) reached' \
	"$(jqr '.data.uploadFileRequest | .__typename + "|" + .message')"
is "items_per_user: still 3" 3 "$(count "$A")"

# ---- larder user show, GET /api/import/usage ----
show alice
is "user show: exit 0" 0 "$src"
like "user show: the items against items_per_user" '^items: 3 of 3 \(items_per_user\)$' "$out"
like "user show: bytes against bytes_per_user (default 2G)" '^bytes: 0 of 2147483648 \(bytes_per_user\)$' "$out"
like "user show: imports pending" '^imports pending: 0 of 2 \(imports_pending_per_user\)$' "$out"
like "user show: subscriptions" '^subscriptions: 0 of 1000 \(subscriptions_per_user\)$' "$out"
like "user show: the account" '^username: alice$' "$out"
out=$("$LARDER" -c "$conf" user show nobody 2>&1)
is "user show of an unknown user: exit 1" 1 "$?"
req GET '' REQUEST_URI=/api/import/usage SCRIPT_NAME=/api/import/usage "$A"
is "GET /api/import/usage: the user's usage" "200|3/3 items_per_user|0/2147483648|0/2|0/1000" \
	"$status|$(jqr '"\(.items.used)/\(.items.most) \(.items.key)|\(.bytes.used)/\(.bytes.most)|\(.importsPending.used)/\(.importsPending.most)|\(.subscriptions.used)/\(.subscriptions.most)"')"
req GET '' REQUEST_URI=/api/import/usage SCRIPT_NAME=/api/import/usage
is "GET /api/import/usage without a key: 401" 401 "$status"
like "the import settings page has the usage card" 'id="usage-card"' "$(cat "$srcdir/www/settings/import.html")"
like "its script reads /api/import/usage" "fetch\('/api/import/usage'" "$(cat "$srcdir/www/js/import.js")"

# ---- imports_pending_per_user = 2: uploadImportFile ----
UIF='mutation { uploadImportFile(type: URL_LIST, contentType: "text/plain") { __typename ... on UploadImportFileError { errorCodes message } } }'
for k in 1 2; do
	gql "$UIF" "$A"
	is "imports_pending_per_user: upload $k of 2 begins" UploadImportFileSuccess "$(jqr '.data.uploadImportFile.__typename')"
done
gql "$UIF" "$A"
is "imports_pending_per_user: the third refused, naming the key" \
	"UploadImportFileError|UPLOAD_DAILY_LIMIT_EXCEEDED|imports_pending_per_user (2) reached: 2 imports are waiting or running; try again when one has finished" \
	"$(jqr '.data.uploadImportFile | .__typename + "|" + (.errorCodes | join(",")) + "|" + .message')"
show alice
like "user show: 2 imports pending" '^imports pending: 2 of 2 ' "$out"

# ---- larder import past items_per_user: stores up to it, reports how many were left out ----
"$LARDER" -c "$conf" user add carol >/dev/null 2>&1 || bail_out "user add carol"
printf 'https://example.org/a\nhttps://example.org/b\nhttps://example.org/c\nhttps://example.org/d\nhttps://example.org/e\n' >"$tmp/urls.txt"
out=$("$LARDER" -c "$conf" import --user carol --format urls "$tmp/urls.txt" 2>/dev/null)
is "import past items_per_user: exit 1 (rows not stored)" 1 "$?"
like "import: 3 added" '^added: 3$' "$out"
like "import: 2 left out" '^left out: 2$' "$out"
like "import: the report names the key" '^2 new items left out: items_per_user \(3\) reached' "$out"
out=$("$LARDER" -c "$conf" import --user carol --format urls "$tmp/urls.txt" 2>/dev/null)
like "import again: the 3 it has unchanged, the others still left out" 'unchanged: 3.*left out: 2' "$(printf '%s' "$out" | tr '\n' ' ')"
show carol
like "user show carol: 3 of 3" '^items: 3 of 3 ' "$out"

# ---- bytes_per_user: savePage at N and N+1 (bob, every article the same size) ----
"$LARDER" -c "$conf" user add bob >/dev/null 2>&1 || bail_out "user add bob"
BKEY=$("$LARDER" -c "$conf" key create bob --name b 2>/dev/null) || bail_out "key bob"
B="HTTP_AUTHORIZATION=$BKEY"
html="<html><head><title>Jars</title></head><body><article><h1>Jars</h1>$(i=0; while [ $i -lt 12 ]; do printf '<p>Cabbage, salt and patience make a jar of sauerkraut in three weeks; paragraph %02d.</p>' $i; i=$((i + 1)); done)</article></body></html>"
gqlv "$PAGE" "$(jq -cn --arg h "$html" '{u: "https://example.com/jar1", h: $h}')" "$B"
is "bytes_per_user: the first page saved" SaveSuccess "$(jqr '.data.savePage.__typename')"
show bob
one=$(printf '%s\n' "$out" | sed -n 's/^bytes: \([0-9]*\) of.*/\1/p')
is "bytes_per_user: counted (an article of at least 512 bytes)" 1 "$([ "${one:-0}" -ge 512 ] && echo 1)"
bconf="$tmp/b.conf"
cat "$conf" - >"$bconf" <<CONF
bytes_per_user = $((2 * one))
CONF
gqlv "$PAGE" "$(jq -cn --arg h "$html" '{u: "https://example.com/jar2", h: $h}')" "$B" "LARDER_CONFIG=$bconf"
is "bytes_per_user: a second page up to the quota exactly (N)" SaveSuccess "$(jqr '.data.savePage.__typename')"
show bob "$bconf"
like "user show: bytes at the quota" "^bytes: $((2 * one)) of $((2 * one)) \\(bytes_per_user\\)$" "$out"
gqlv "$PAGE" "$(jq -cn --arg h "$html" '{u: "https://example.com/jar3", h: $h}')" "$B" "LARDER_CONFIG=$bconf"
is "bytes_per_user: a third refused (N+1), naming the key" \
	"SaveError|bytes_per_user ($((2 * one))) reached: $((2 * one)) bytes are stored and this needs $one more (bytes_per_user in larder.conf)" \
	"$(jqr '.data.savePage | .__typename + "|" + .message')"
is "bytes_per_user: nothing of it written" 2 "$(count "$B" "LARDER_CONFIG=$bconf")"
# a PDF's bytes count too: the upload past the quota is refused, nothing kept
gql 'mutation { uploadFileRequest(input: {url: "file:///tmp/s.pdf", contentType: "application/pdf", createPageEntry: true}) { __typename ... on UploadFileRequestSuccess { uploadSignedUrl } } }' "$B" "LARDER_CONFIG=$bconf"
up=/api/upload/$(jqr '.data.uploadFileRequest.uploadSignedUrl' | sed 's|.*/api/upload/||')
req_file PUT "$srcdir/t/data/pdf/sample-3.pdf" REQUEST_URI="$up" SCRIPT_NAME="$up" CONTENT_TYPE=application/pdf "LARDER_CONFIG=$bconf"
is "bytes_per_user: a PDF upload past it refused (403), naming the key" \
	"403|QUOTA_EXCEEDED|bytes_per_user ($((2 * one))) reached: $((2 * one)) bytes are stored and this needs 2795 more (bytes_per_user in larder.conf)" \
	"$status|$(jqr '.errors[0].extensions.code')|$(jqr '.errors[0].message')"
is "bytes_per_user: no file kept" 0 "$(find "$tmp/data/files" -name '*.pdf' 2>/dev/null | wc -l | tr -d ' ')"
show bob "$bconf"
like "user show: the bytes unchanged" "^bytes: $((2 * one)) of " "$out"
# deleting frees: the trash purged, the usage goes down by the item's bytes
"$LARDER" -c "$conf" user delete carol >/dev/null 2>&1
is "deleting a user leaves no usage row" 0 "$(db_sql "${test_db:-$tmp/data/larder.db}" "SELECT count(*) FROM user_usage u LEFT JOIN users x ON x.id = u.user_id WHERE x.id IS NULL")"

# ---- stored text: titles from the API refused over LIMIT_TITLE (1000 characters), nothing written ----
t1000=$(head -c 1000 /dev/zero | tr '\0' 't')
gqlv "$PAGE" "$(jq -cn --arg t "$t1000" '{u: "https://example.com/item1", h: "<p>Hello.</p>", t: $t}')" "$A"
is "savePage: a 1000-character title is taken" SaveSuccess "$(jqr '.data.savePage.__typename')"
gqlv "$PAGE" "$(jq -cn --arg t "${t1000}é" '{u: "https://example.com/item1", h: "<p>Hello.</p>", t: $t}')" "$A"
is "savePage: 1001 characters refused, naming the field and the limit" \
	"SaveError|title is longer than 1000 characters (the limit of a stored title)" "$(jqr '.data.savePage | .__typename + "|" + .message')"
gql '{ search(query: "in:all") { ... on SearchSuccess { edges { node { id title } } } } }' "$A"
ID=$(jqr '.data.search.edges[0].node.id')
UPD='mutation U($i: ID!, $t: String) { updatePage(input: {pageId: $i, title: $t}) { __typename ... on UpdatePageSuccess { updatedPage { title } } ... on UpdatePageError { errorCodes message } } }'
head -c 3000000 /dev/zero | tr '\0' 'x' >"$tmp/t3m"
jq -cn --arg q "$UPD" --arg i "$ID" --rawfile t "$tmp/t3m" '{query: $q, variables: {i: $i, t: $t}}' >"$tmp/gbody"
req_file POST "$tmp/gbody" "$A"
is "updatePage with a 3 MB title refused, naming the field and the limit" \
	"UpdatePageError|BAD_REQUEST|title is longer than 1000 characters (the limit of a stored title)" \
	"$(jqr '.data.updatePage | .__typename + "|" + (.errorCodes | join(",")) + "|" + .message')"
gqlv "$UPD" "$(jq -cn --arg i "$ID" --arg t "${t1000}" '{i: $i, t: $t}')" "$A"
is "updatePage with 1000 characters is taken" "UpdatePageSuccess 1000" \
	"$(jqr '.data.updatePage.__typename + " " + (.data.updatePage.updatedPage.title | length | tostring)')"
gqlv "$UPD" "$(jq -cn --arg i "$ID" --arg t "${t1000}x" '{i: $i, t: $t}')" "$A"
is "updatePage with 1001 refused" UpdatePageError "$(jqr '.data.updatePage.__typename')"
gqlv 'mutation U($i: ID!, $d: String) { updatePage(input: {pageId: $i, description: $d}) { __typename ... on UpdatePageError { message } } }' \
	"$(jq -cn --arg i "$ID" --arg d "$(head -c 4001 /dev/zero | tr '\0' 'd')" '{i: $i, d: $d}')" "$A"
is "updatePage with a 4001-character description refused" \
	"UpdatePageError|description is longer than 4000 characters (the limit of a stored description)" "$(jqr '.data.updatePage | .__typename + "|" + .message')"

# reader settings: a theme of 200 characters taken, 201 refused; fields JSON over 64 KiB refused
SETP='mutation S($in: SetUserPersonalizationInput!) { setUserPersonalization(input: $in) { __typename } }'
gqlv "$SETP" "$(jq -cn --arg t "$(head -c 200 /dev/zero | tr '\0' 'k')" '{in: {theme: $t}}')" "$A"
is "setUserPersonalization: a 200-character theme is taken" SetUserPersonalizationSuccess "$(jqr '.data.setUserPersonalization.__typename')"
gqlv "$SETP" "$(jq -cn --arg t "$(head -c 201 /dev/zero | tr '\0' 'k')" '{in: {theme: $t}}')" "$A"
is "setUserPersonalization: 201 refused, naming the field and the limit" \
	"theme is longer than 200 characters (the limit of a stored theme)" "$(jqr '.errors[0].message')"
gqlv "$SETP" "$(jq -cn --arg f "$(head -c 65536 /dev/zero | tr '\0' 'f')" '{in: {fields: {a: $f}}}')" "$A"
like "setUserPersonalization: fields over 64 KiB of JSON refused" '^fields and digestConfig have at most 65536 bytes' "$(jqr '.errors[0].message')"

# ---- an import's huge fields are cut (wallabag JSON: a 3 MB title, author and description) ----
"$LARDER" -c "$conf" user add dora >/dev/null 2>&1 || bail_out "user add dora"
DKEY=$("$LARDER" -c "$conf" key create dora --name d 2>/dev/null) || bail_out "key dora"
D="HTTP_AUTHORIZATION=$DKEY"
jq -n --rawfile t "$tmp/t3m" '[{title: ("é" + $t), url: "https://example.net/huge", published_by: [$t], preview_picture: null,
	content: "<p>A short body.</p>", is_archived: 0, is_starred: 0, tags: [], created_at: "2024-01-02T03:04:05+00:00"}]' >"$tmp/huge.json"
out=$("$LARDER" -c "$conf" import --user dora --format wallabag "$tmp/huge.json" 2>"$tmp/err")
is "import of huge fields: exit 0" "0 added: 1" "$? $(printf '%s\n' "$out" | sed -n 's/^added: /added: /p')"
gql '{ search(query: "in:all") { __typename ... on SearchSuccess { edges { node { title author } } } } }' "$D"
is "the owner's search answers; title cut to 1000 characters (on a character boundary), author to 500" \
	"SearchSuccess 1000 500 é" \
	"$(jqr '.data.search.__typename + " " + (.data.search.edges[0].node | "\(.title | length) \(.author | length) \(.title[0:1])")')"

# mails received before these limits (four subjects of 18 MB each, written into the database directly): the
# owner's recentEmails runs out of the request's memory (64 MiB) and says so, instead of "database error"
if [ -n "$test_db" ]; then big="repeat('g', 18000000)"; else big="replace(hex(zeroblob(9000000)), '0', 'g')"; fi
for k in 1 2 3 4; do
	db_sql "${test_db:-$tmp/data/larder.db}" "INSERT INTO received_emails (id, user_id, from_address, to_address, subject, type, created_at)
		SELECT 'old-$k', id, 'a@example.org', 'b@example.org', $big, 'NEWSLETTER', $k FROM users WHERE username = 'alice'" >/dev/null
done
gql '{ recentEmails { __typename ... on RecentEmailsSuccess { recentEmails { subject } } } }' "$A"
is "recentEmails whose answer needs more than a request's memory: a clear error" \
	"listing received mails failed: out of memory: the answer needs more memory than one request may use" \
	"$(jqr '.errors[0].message')"
done_testing
