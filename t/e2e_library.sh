#!/bin/sh
# e2e_library.sh: a URL saved through /api/graphql is fetched from a local page server, extracted, stored and read back (TAP).
# Runs nginx + spawn-fcgi (contrib/larder-serve, private fetches allowed) and t/js/testserver.mjs on loopback
# ports of their own. Checks both ways a save completes: `larder worker --once` (fetch_in_web = no) and
# a fetch runner graphql.fcgi starts right after it answers (the default); a failing page ends FAILED with its
# reason; re-saving reuses the item.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

for c in nginx spawn-fcgi node curl jq; do
	command -v $c >/dev/null 2>&1 || [ -x /usr/sbin/$c ] || { echo "1..0 # SKIP $c not installed"; exit 0; }
done
larder=$builddir/src/cmd/larder
for p in "$larder" "$builddir/src/cmd/graphql.fcgi"; do
	[ -x "$p" ] || { echo "Bail out! $p missing or not built"; exit 1; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-e2elib.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"
# db SQL: on the running server's library (its SQLite file, or its PostgreSQL database under t/pg_e2e.sh)
db() { db_sql "${serve_db:-$data/larder.db}" "$1"; }

# the page server, stopped with everything else
node "$srcdir/t/js/testserver.mjs" --pages "$srcdir/t/data/pages" --max-seconds 300 >"$tmp/pages.port" 2>"$tmp/pages.log" &
pages_pid=$!
trap 'kill $pages_pid 2>/dev/null; serve_cleanup' EXIT
for _ in $(seq 600); do [ -s "$tmp/pages.port" ] && break; sleep 0.1; done
pport=$(head -n 1 "$tmp/pages.port")
[ -n "$pport" ] || bail_out "the page server did not start: $(cat "$tmp/pages.log")"
page=http://127.0.0.1:$pport/article/pelicans.html

serve_start --allow-private-fetch --set fetch_in_web=no
url=http://127.0.0.1:$port/api/graphql
# the server is started again below on the same library: on PostgreSQL (t/pg_e2e.sh) the same database, not a
# fresh one each time
lib_db=$serve_db
pg_fresh_database() { echo "$lib_db"; }
"$larder" -c "$conf" user add reader --name "Reader" >"$tmp/cli.log" 2>&1 || bail_out "user add: $(cat "$tmp/cli.log")"
key=$("$larder" -c "$conf" key create reader --name e2e 2>"$tmp/cli.log")

# gql NAME QUERY [VARIABLES-JSON]: POST as the key; body in $tmp/NAME.json
gql() {
	jq -n --arg q "$2" --argjson v "${3:-null}" '{query: $q, variables: $v}' >"$tmp/$1.req"
	curl -s -m 20 -o "$tmp/$1.json" -H "authorization: $key" -H 'content-type: application/json' \
		--data-binary "@$tmp/$1.req" "$url"
}
save_q='mutation S($u: String!, $l: [CreateLabelInput!]) { saveUrl(input: {url: $u, source: "api", clientRequestId: "", labels: $l}) {
	__typename ... on SaveSuccess { clientRequestId url } ... on SaveError { errorCodes message } } }'
article_q='query A($s: String!) { article(username: "me", slug: $s) { __typename ... on ArticleSuccess { article {
	id title author siteName description image publishedAt state wordsCount content labels { name } } } } }'

# --- a save completed by `larder worker --once` ------------------------------------------------------
gql save1 "$save_q" "{\"u\":\"$page\",\"l\":[{\"name\":\"Birds\"},{\"name\":\"Later\"}]}"
jqok "saveUrl answers SaveSuccess" '.data.saveUrl.__typename == "SaveSuccess"' "$tmp/save1.json"
id=$(jq -r '.data.saveUrl.clientRequestId' "$tmp/save1.json")
gql a1 "$article_q" "{\"s\":\"$id\"}"
jqok "with fetch_in_web = no the item waits in PROCESSING" '.data.article.article.state == "PROCESSING"' "$tmp/a1.json"
"$larder" -c "$conf" worker --once >"$tmp/worker.log" 2>&1
is "larder worker --once exits 0" 0 "$?"
grep -q '1 job run' "$tmp/worker.log" && pass "the worker ran one job" || fail "the worker ran one job" "$(cat "$tmp/worker.log")"
if db_pg "${serve_db:-}"; then
	skip "the worker's merge of the search index: SQLite's FTS5 index (PostgreSQL's GIN index merges itself)" 1
else
	is "with nothing left due, the worker merged the search index (FTS5 usermerge set to 2)" 2 \
		"$(db "SELECT v FROM items_fts_config WHERE k = 'usermerge'")"
fi
gql a2 "$article_q" "{\"s\":\"$id\"}"
jqok "SUCCEEDED after the fetch" '.data.article.article.state == "SUCCEEDED"' "$tmp/a2.json"
jqok "the title is extracted" '.data.article.article.title == "How Brown Pelicans Catch Their Fish"' "$tmp/a2.json"
jqok "the author is extracted" '.data.article.article.author == "Rosa Marquez"' "$tmp/a2.json"
jqok "the site name is extracted" '.data.article.article.siteName == "Coastal Notes"' "$tmp/a2.json"
jqok "the lead image is made absolute" ".data.article.article.image == \"http://127.0.0.1:$pport/img/pelican.jpg\"" "$tmp/a2.json"
jqok "the published date" '.data.article.article.publishedAt == "2024-03-05T08:30:00.000Z"' "$tmp/a2.json"
jqok "the words are counted" '.data.article.article.wordsCount > 100' "$tmp/a2.json"
jqok "the body is stored" '.data.article.article.content | contains("kleptoparasitism")' "$tmp/a2.json"
jqok "scripts and page chrome are gone" \
	'(.data.article.article.content | contains("<script") or contains("tracker") or contains("Privacy")) | not' "$tmp/a2.json"
jqok "the labels asked for are on it" '[.data.article.article.labels[].name] == ["Birds", "Later"]' "$tmp/a2.json"
gql s1 '{ search(query: "kleptoparasitism") { ... on SearchSuccess { edges { node { id } } pageInfo { totalCount } } } }'
jqok "search finds it by a word of its body" "[.data.search.edges[].node.id] == [\"$id\"] and .data.search.pageInfo.totalCount == 1" \
	"$tmp/s1.json"
gql s2 '{ search(query: "label:birds in:inbox sort:saved-desc") { ... on SearchSuccess { edges { node { id } } } } }'
jqok "and by label, folder and sort" "[.data.search.edges[].node.id] == [\"$id\"]" "$tmp/s2.json"
slug=$(jq -r '.data.article.article.id' "$tmp/a2.json")
is "article finds the item by its id" "$id" "$slug"

# the item's language: the page's <html lang>, else the response's Content-Language (its first tag), else a guess
lang_q='query A($s: String!) { article(username: "me", slug: $s) { ... on ArticleSuccess { article { state language } } } }'
for c in 'hard-markup.html?cl=fr-CA,%20en fr-CA the first tag of Content-Language, on a page without <html lang>' \
	'pelicans.html?cl=de en <html lang> wins over Content-Language' \
	'hard-markup.html?cl=%3Cscript%3E en a Content-Language that is no language tag is ignored (the text is guessed)'; do
	set -- $c
	gql savel "$save_q" "{\"u\":\"http://127.0.0.1:$pport/article/$1\"}"
	idl=$(jq -r '.data.saveUrl.clientRequestId' "$tmp/savel.json")
	"$larder" -c "$conf" worker --once >"$tmp/workerl.log" 2>&1
	gql al "$lang_q" "{\"s\":\"$idl\"}"
	want=$2
	shift 2
	jqok "language $want: $*" ".data.article.article.state == \"SUCCEEDED\" and (.data.article.article.language // \"none\") == \"$want\"" "$tmp/al.json"
done

# a host name that resolves to a loopback address, fetched where private addresses are not allowed: FAILED, and
# the reason says so without naming the address the name resolved to (nor its kind): no map of internal DNS
sed '/^allow_private_fetch/d' "$conf" >"$tmp/public.conf"
gql save7 "$save_q" "{\"u\":\"http://localhost:$pport/article/pelicans.html?by=name\"}"
id7=$(jq -r '.data.saveUrl.clientRequestId' "$tmp/save7.json")
"$larder" -c "$tmp/public.conf" worker --once >"$tmp/worker7.log" 2>&1
gql a7 "$article_q" "{\"s\":\"$id7\"}"
jqok "a name resolving to a loopback address ends FAILED: refused, not a public address" \
	'.data.article.article.state == "FAILED" and (.data.article.article.content | contains("refused: not a public address"))' "$tmp/a7.json"
jqok "the reason does not say what the name resolved to" \
	'.data.article.article.content | (contains("127.0.0.1") or contains("::1") or contains("loopback") or contains("resolves")) | not' "$tmp/a7.json"
is "the stored failure reason is just that" "refused: not a public address" \
	"$(db "SELECT fail_reason FROM library_items WHERE id = '$id7'")"

# saving it again: the same item, no duplicate
gql save2 "$save_q" "{\"u\":\"$page#section\"}"
is "saving the URL again (with a fragment) answers the same item" "$id" "$(jq -r '.data.saveUrl.clientRequestId' "$tmp/save2.json")"

# --- POST /api/content: signed download links for note bodies -----------------------------------------
capi=http://127.0.0.1:$port/api/content
# content NAME BODY [curl args]: POST BODY as the key; body in $tmp/NAME.json, status in $code
content() {
	name=$1 body=$2
	shift 2
	code=$(curl -s -m 10 -o "$tmp/$name.json" -w '%{http_code}' -H 'content-type: application/json' \
		--data-binary "$body" "$@" "$capi")
}
content c1 "{\"libraryItemIds\":[\"$id\",\"no-such-item\"],\"format\":\"highlightedMarkdown\"}" -H "authorization: $key"
is "POST /api/content answers 200" 200 "$code"
jqok "a download link for the item" \
	".data[0].libraryItemId == \"$id\" and (.data[0].downloadUrl | startswith(\"http://127.0.0.1:$port/api/content/download?\"))" "$tmp/c1.json"
jqok "NOT_FOUND for an unknown id" '.data[1] == {"libraryItemId": "no-such-item", "error": "NOT_FOUND"}' "$tmp/c1.json"
dl=$(jq -r '.data[0].downloadUrl' "$tmp/c1.json")
code=$(curl -s -m 10 -o "$tmp/dl.md" -D "$tmp/dl.h" -w '%{http_code}' "$dl")
is "the download link works without a key" 200 "$code"
grep -q kleptoparasitism "$tmp/dl.md" && ! grep -q '<p>' "$tmp/dl.md" && pass "it serves the body as Markdown" \
	|| fail "it serves the body as Markdown" "$(head -c 300 "$tmp/dl.md")"
grep -qi '^content-type: text/markdown' "$tmp/dl.h" && pass "as text/markdown" || fail "as text/markdown" "$(cat "$tmp/dl.h")"
bad=$(printf '%s' "$dl" | sed 's/sig=./sig=0/')
[ "$bad" != "$dl" ] || bad=$(printf '%s' "$dl" | sed 's/sig=./sig=1/')
is "a tampered link is refused" 403 "$(curl -s -m 10 -o /dev/null -w '%{http_code}' "$bad")"
other=$(printf '%s' "$dl" | sed "s/item=$id/item=$(jq -r '.data.saveUrl.clientRequestId' "$tmp/save1.json" | tr 0-9a-f 1-9a-f0)/")
is "a link for another item with the same signature is refused" 403 "$(curl -s -m 10 -o /dev/null -w '%{http_code}' "$other")"
content c2 "{\"libraryItemIds\":[\"$id\"]}"
is "without a key: 401" 401 "$code"
jqok "with {\"error\":\"UNAUTHORIZED\"}" '. == {"error": "UNAUTHORIZED"}' "$tmp/c2.json"
content c3 '{"libraryItemIds":"x"}' -H "authorization: $key"
is "libraryItemIds not a list: 400" 400 "$code"
jqok "with errorCode BAD_REQUEST" '.errorCode == "BAD_REQUEST"' "$tmp/c3.json"
many=$(seq 51 | sed 's/.*/"x&"/' | paste -sd, -)
content c4 "{\"libraryItemIds\":[$many]}" -H "authorization: $key"
is "51 ids: 400" 400 "$code"
content c5 '{"libraryItemIds":[' -H "authorization: $key"
is "truncated JSON: 400" 400 "$code"
is "GET /api/content: 405" 405 "$(curl -s -m 10 -o /dev/null -w '%{http_code}' "$capi")"

# --- the default: a fetch runner graphql.fcgi starts right after answering --------------------------
serve_start --allow-private-fetch
url=http://127.0.0.1:$port/api/graphql
gql save3 "$save_q" "{\"u\":\"http://127.0.0.1:$pport/article/pelicans.html?copy=2\"}"
id3=$(jq -r '.data.saveUrl.clientRequestId' "$tmp/save3.json")
state=
for _ in $(seq 1200); do
	gql a3 "$article_q" "{\"s\":\"$id3\"}"
	state=$(jq -r '.data.article.article.state' "$tmp/a3.json")
	[ "$state" = PROCESSING ] || break
	sleep 0.1
done
is "the fetch runner graphql.fcgi started completed the save" SUCCEEDED "$state"

# --- a page that cannot be fetched ends FAILED with its reason ---------------------------------------
gql save4 "$save_q" "{\"u\":\"http://127.0.0.1:$pport/status/404\"}"
id4=$(jq -r '.data.saveUrl.clientRequestId' "$tmp/save4.json")
for _ in $(seq 1200); do
	gql a4 "$article_q" "{\"s\":\"$id4\"}"
	state=$(jq -r '.data.article.article.state' "$tmp/a4.json")
	[ "$state" = PROCESSING ] || break
	sleep 0.1
done
is "a 404 page ends FAILED" FAILED "$state"
jqok "its reason is shown" '.data.article.article.content | contains("404")' "$tmp/a4.json"
gql asr "{ articleSavingRequest(id: \"$id4\") { ... on ArticleSavingRequestSuccess { articleSavingRequest { status errorCode } } } }"
jqok "articleSavingRequest reports FAILED" \
	'.data.articleSavingRequest.articleSavingRequest == {"status": "FAILED", "errorCode": "UNABLE_TO_FETCH"}' "$tmp/asr.json"

# a server error is retried later: the item stays PROCESSING, shows why, and its job waits
gql save6 "$save_q" "{\"u\":\"http://127.0.0.1:$pport/status/503\"}"
id6=$(jq -r '.data.saveUrl.clientRequestId' "$tmp/save6.json")
for _ in $(seq 1200); do
	gql a6 "$article_q" "{\"s\":\"$id6\"}"
	jq -e '.data.article.article.content | contains("try again")' "$tmp/a6.json" >/dev/null 2>&1 && break
	sleep 0.1
done
jqok "a 503 is retried later: still PROCESSING, with the reason shown" \
	'.data.article.article.state == "PROCESSING" and (.data.article.article.content | contains("503") and contains("try again"))' "$tmp/a6.json"
is "its job waits at least 20 s before attempt 2" "queued 1 1" "$(db "SELECT status || ' ' || attempts || ' ' || CAST(run_after > created_at + 20000 AS INTEGER) FROM jobs
	WHERE item_seq = (SELECT seq FROM library_items WHERE id = '$id6')")"

# a private address that larder.conf does not allow is refused at save time
serve_start
url=http://127.0.0.1:$port/api/graphql
gql save5 "$save_q" "{\"u\":\"http://127.0.0.1:$pport/article/pelicans.html\"}"
jqok "without allow_private_fetch a loopback URL is refused with a message" '.data.saveUrl.errorCodes == ["UNKNOWN"] and (.data.saveUrl.message | test("loopback"))' \
	"$tmp/save5.json"

if grep -q -e 'Sanitizer' -e 'runtime error' "$data/logs/graphql.log" 2>/dev/null; then
	fail "graphql.fcgi logged no sanitizer error" "$(grep -m 5 -e 'Sanitizer' -e 'runtime error' "$data/logs/graphql.log")"
else
	pass "graphql.fcgi logged no sanitizer error"
fi
done_testing
