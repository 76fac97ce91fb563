#!/bin/sh
# limits.sh: every abuse limit larder.conf sets, at its boundary: N accepted, N+1 refused with a message naming the key, nothing written (TAP).
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/t/cgi_lib.sh"
SAVE_FCGI="$top_builddir/src/cmd/save.fcgi"
srcdir=$top_srcdir

# the library limits small; the GraphQL budgets stay at their defaults here (the checks below need
# more than ten fields), and get their own file, qconf, on the same database
cat >>"$conf" <<CONF
fetch_in_web = no
body_limit = 4K
page_size_max = 3
labels_per_item = 2
labels_per_user = 4
highlights_per_item = 2
highlight_max_bytes = 100
content_max_bytes = 2K
CONF
qconf="$tmp/q.conf"
cat "$conf" - >"$qconf" <<CONF
query_max_bytes = 1K
query_max_depth = 5
query_max_fields = 10
query_max_aliases = 2
searches_per_request = 2
CONF
setup
A="HTTP_AUTHORIZATION=$KEY"
Q="LARDER_CONFIG=$qconf"

# gqlv QUERY VARIABLES-JSON [NAME=VALUE ...]: POST with variables
gqlv() { _q=$1 _v=$2; shift 2; req POST "$(jq -cn --arg q "$_q" --argjson v "$_v" '{query: $q, variables: $v}')" "$@"; }
# pad N TEXT: TEXT followed by spaces up to N bytes
pad() { printf '%s%*s' "$2" $(($1 - ${#2})) ''; }
# rep N CHAR: CHAR N times
rep() { head -c "$1" /dev/zero | tr '\0' "$2"; }
items() { gql '{ search(query: "", first: 3) { ... on SearchSuccess { pageInfo { totalCount } } } }' "$A"; jqr '.data.search.pageInfo.totalCount'; }
label_names() { gql '{ labels { ... on LabelsSuccess { labels { name } } } }' "$A"; jqr '[.data.labels.labels[].name] | sort | join(",")'; }
SAVE='mutation S($u: String!, $l: [CreateLabelInput!]) { saveUrl(input: {url: $u, source: "api", clientRequestId: "", labels: $l}) { __typename ... on SaveSuccess { clientRequestId } ... on SaveError { errorCodes message } } }'
SETL='mutation L($p: ID!, $i: [ID!], $l: [CreateLabelInput!]) { setLabels(input: {pageId: $p, labelIds: $i, labels: $l}) { __typename ... on SetLabelsSuccess { labels { name } } ... on SetLabelsError { errorCodes message } } }'
item_labels() { gqlv 'query A($s: String!) { article(username: "me", slug: $s) { ... on ArticleSuccess { article { labels { name } } } } }' "{\"s\":\"$1\"}" "$A"; jqr '[.data.article.article.labels[].name] | sort | join(",")'; }

# ---- query_max_bytes = 1K: the GraphQL document ----
gql "$(pad 1023 '{ me { name }')}" "$A" "$Q"
is "query_max_bytes: a 1024-byte document runs" "200 Alice Liddell" "$status $(jqr '.data.me.name')"
gql "$(pad 1024 '{ me { name }')}" "$A" "$Q"
is "query_max_bytes: 1025 bytes refused" "GRAPHQL_PARSE_FAILED" "$(jqr '.errors[0].extensions.code')"
is "query_max_bytes: the message names the limit and the key" \
	"Document exceeds the maximum size of 1024 bytes (query_max_bytes in larder.conf)." "$(jqr '.errors[0].message')"
is "query_max_bytes: nothing executed" false "$(jqr 'has("data")')"
gql "$(pad 1024 '{ me { name }')}" "$A"
is "query_max_bytes: the default allows 1025 bytes" "Alice Liddell" "$(jqr '.data.me.name')"

# ---- query_max_depth = 5: nesting of selection sets ----
gql '{ search(first: 1) { ... on SearchSuccess { edges { node { id } } } } }' "$A" "$Q"
is "query_max_depth: depth 5 runs" "200 false" "$status $(jqr 'has("errors")')"
gql '{ search(first: 1) { ... on SearchSuccess { edges { node { labels { name } } } } } }' "$A" "$Q"
is "query_max_depth: depth 6 refused" "GRAPHQL_PARSE_FAILED" "$(jqr '.errors[0].extensions.code')"
like "query_max_depth: the message names the limit and the key" \
	'^Document exceeds the maximum depth of 5 \(query_max_depth in larder.conf\)\.$' "$(jqr '.errors[0].message')"
# through fragments, counted as if each spread were written inline: the operation, M, me, N, profile
gql 'fragment M on Query { me { ...N } } fragment N on User { profile { username } } { ...M }' "$A" "$Q"
is "query_max_depth: depth 5 through fragments runs" "200 alice false" "$status $(jqr '.data.me.profile.username') $(jqr 'has("errors")')"
gql 'fragment M on Query { ...M2 } fragment M2 on Query { me { ...N } } fragment N on User { profile { username } } { ...M }' "$A" "$Q"
is "query_max_depth: depth 6 through fragments refused" "GRAPHQL_VALIDATION_FAILED false" "$(jqr '.errors[0].extensions.code') $(jqr 'has("data")')"
is "query_max_depth: through fragments, the message names the limit and the key" \
	"Document exceeds the maximum depth of 5 (query_max_depth in larder.conf) once fragments are expanded." "$(jqr '.errors[0].message')"
is "query_max_depth: through fragments, the error points at the set past the limit" "1:97" \
	"$(jqr '.errors[0].locations | map("\(.line):\(.column)") | join(",")')"
# spread chains far past the default (24) are refused, never answered with empty data (the
# default query_max_bytes and a body_limit that lets the 35K of the longest through)
dconf="$tmp/d.conf"
grep -v '^body_limit' "$conf" >"$dconf"
for len in 51 200 1000; do
	d='{ ...F1 }' i=1
	while [ $i -lt $len ]; do d="$d fragment F$i on Query { ...F$((i + 1)) }" i=$((i + 1)); done
	gql "$d fragment F$len on Query { me { name } }" "$A" "LARDER_CONFIG=$dconf"
	is "query_max_depth: a $len-fragment chain refused with the default limit" \
		"GRAPHQL_VALIDATION_FAILED false Document exceeds the maximum depth of 24 (query_max_depth in larder.conf) once fragments are expanded." \
		"$(jqr '.errors[0].extensions.code') $(jqr 'has("data")') $(jqr '.errors[0].message')"
done

# ---- query_max_aliases = 2 ----
gql '{ a: me { name } b: me { name } }' "$A" "$Q"
is "query_max_aliases: two aliases run" "Alice Liddell Alice Liddell" "$(jqr '.data.a.name + " " + .data.b.name')"
gql '{ a: me { name } b: me { name } c: me { name } }' "$A" "$Q"
is "query_max_aliases: three refused" "GRAPHQL_VALIDATION_FAILED" "$(jqr '.errors[0].extensions.code')"
is "query_max_aliases: the message names the limit and the key" \
	"The document has 3 aliases, more than the limit of 2 (query_max_aliases in larder.conf)." "$(jqr '.errors[0].message')"
is "query_max_aliases: located at the first alias past the limit" "1:33" \
	"$(jqr '.errors[0].locations | map("\(.line):\(.column)") | join(",")')"

# ---- searches_per_request = 2: search fields in one operation, fragments counted ----
gql '{ a: search(first: 1) { __typename } b: search(first: 1) { __typename } }' "$A" "$Q"
is "searches_per_request: two searches run" "SearchSuccess SearchSuccess" "$(jqr '.data.a.__typename + " " + .data.b.__typename')"
gql 'fragment F on Query { search(first: 1) { __typename } } { a: search(first: 1) { __typename } ...F b: search(first: 1) { __typename } }' "$A" "$Q"
is "searches_per_request: three refused" "GRAPHQL_VALIDATION_FAILED" "$(jqr '.errors[0].extensions.code')"
is "searches_per_request: the message names the limit and the key" \
	'The operation selects the field "search" 3 times, more than the limit of 2 (searches_per_request in larder.conf).' \
	"$(jqr '.errors[0].message')"
is "searches_per_request: nothing executed" false "$(jqr 'has("data")')"
gql 'fragment F on Query { search(first: 1) { __typename } ...G } fragment G on Query { ...F ...F } { ...F }' "$A" "$Q"
is "searches_per_request: fragments spread in a cycle end in an error, not a hang" "GRAPHQL_VALIDATION_FAILED" "$(jqr '.errors[0].extensions.code')"
gql '{ a: search(first: 1) { __typename } b: search(first: 1) { __typename } c: search(first: 1) { __typename } }' "$A"
is "searches_per_request: the default allows three" "SearchSuccess" "$(jqr '.data.c.__typename')"
gql '{ a: search(first: 1) { __typename } b: search(first: 1) { __typename } c: search(first: 1) { __typename } d: search(first: 1) { __typename } }' "$A"
is "searches_per_request: and refuses four" "GRAPHQL_VALIDATION_FAILED" "$(jqr '.errors[0].extensions.code')"

# ---- query_max_fields = 10: fields selected once fragments are expanded ----
gql 'fragment F on User { id id id id } { me { ...F ...F id } }' "$A" "$Q"
is "query_max_fields: 10 fields (fragments expanded) run" "200 false" "$status $(jqr 'has("errors")')"
gql 'fragment F on User { id id id id } { me { ...F ...F id id } }' "$A" "$Q"
is "query_max_fields: 11 refused" "GRAPHQL_VALIDATION_FAILED" "$(jqr '.errors[0].extensions.code')"
is "query_max_fields: the message names the limit and the key" \
	"The operation selects 11 fields once fragments are expanded, more than the limit of 10 (query_max_fields in larder.conf)." \
	"$(jqr '.errors[0].message')"

# ---- labels_per_item = 2 ----
gqlv "$SAVE" '{"u":"https://example.com/one","l":[{"name":"a"},{"name":"b"}]}' "$A"
is "labels_per_item: saveUrl with 2 labels" SaveSuccess "$(jqr '.data.saveUrl.__typename')"
ID1=$(jqr '.data.saveUrl.clientRequestId')
gql '{ search(query: "") { ... on SearchSuccess { edges { node { slug } } } } }' "$A"
SLUG1=$(jqr '.data.search.edges[0].node.slug')
is "labels_per_item: the item has both" "a,b" "$(item_labels "$SLUG1")"
gqlv "$SAVE" '{"u":"https://example.com/two","l":[{"name":"a"},{"name":"b"},{"name":"c"}]}' "$A"
is "labels_per_item: saveUrl with 3 labels refused" "UNKNOWN|at most 2 labels on one item (labels_per_item in larder.conf)" \
	"$(jqr '.data.saveUrl | (.errorCodes | join(",")) + "|" + .message')"
is "labels_per_item: the refused save wrote no item" 1 "$(items)"
is "labels_per_item: nor a label" "a,b" "$(label_names)"
gqlv "$SAVE" '{"u":"https://example.com/one","l":[{"name":"c"}]}' "$A"
is "labels_per_item: saving again with a third label refused (merged: 3)" \
	"SaveError|an item has at most 2 labels (labels_per_item in larder.conf)" "$(jqr '.data.saveUrl | .__typename + "|" + .message')"
is "labels_per_item: the item keeps its labels" "a,b" "$(item_labels "$SLUG1")"
is "labels_per_item: label c was not created" "a,b" "$(label_names)"
gqlv "$SAVE" '{"u":"https://example.com/one","l":[{"name":"B"}]}' "$A"
is "labels_per_item: saving again with a label it has is fine" SaveSuccess "$(jqr '.data.saveUrl.__typename')"

# ---- labels_per_user = 4 ----
for l in c d; do
	gql "mutation { createLabel(input: {name: \"$l\"}) { __typename ... on CreateLabelSuccess { label { id } } } }" "$A"
	is "labels_per_user: createLabel $l (label $(printf '%s' "$l" | tr cd 34) of 4)" CreateLabelSuccess "$(jqr '.data.createLabel.__typename')"
	eval "L_$l=\$(jqr '.data.createLabel.label.id')"
done
gql 'mutation { createLabel(input: {name: "e"}) { __typename ... on CreateLabelError { errorCodes message } } }' "$A"
is "labels_per_user: the fifth label refused" \
	"BAD_REQUEST|you have 4 labels, the most allowed (labels_per_user in larder.conf)" \
	"$(jqr '.data.createLabel | (.errorCodes | join(",")) + "|" + .message')"
is "labels_per_user: still 4 labels" "a,b,c,d" "$(label_names)"

# query_max_fields also counts executed fields, per list item: 2 + 4 labels x 2 = 10, then 2 + 4 x 3 = 14
gql '{ labels { ... on LabelsSuccess { labels { id name } } } }' "$A" "$Q"
is "query_max_fields: 10 executed fields run" "200 4 false" "$status $(jqr '(.data.labels.labels | length | tostring) + " " + (has("errors") | tostring)')"
gql '{ labels { ... on LabelsSuccess { labels { id name color } } } }' "$A" "$Q"
is "query_max_fields: 14 executed fields stopped" "The query executes more than 10 fields (query_max_fields in larder.conf)." \
	"$(jqr '.errors[0].message')"

# setLabels: labels_per_item and labels_per_user, in one transaction
gqlv "$SETL" "{\"p\":\"$ID1\",\"i\":[\"$L_c\",\"$L_d\"]}" "$A"
is "labels_per_item: setLabels with 2" "c,d" "$(jqr '[.data.setLabels.labels[].name] | sort | join(",")')"
gqlv "$SETL" "{\"p\":\"$ID1\",\"i\":[\"$L_c\",\"$L_d\"],\"l\":[{\"name\":\"a\"}]}" "$A"
is "labels_per_item: setLabels with 3 refused" \
	"BAD_REQUEST|at most 2 labels on one item (labels_per_item in larder.conf)" \
	"$(jqr '.data.setLabels | (.errorCodes | join(",")) + "|" + .message')"
is "labels_per_item: the refused setLabels changed nothing" "c,d" "$(item_labels "$SLUG1")"
gqlv "$SETL" "{\"p\":\"$ID1\",\"i\":[\"$L_c\"],\"l\":[{\"name\":\"e\"}]}" "$A"
is "labels_per_user: setLabels creating a fifth label refused" \
	"BAD_REQUEST|you have 4 labels, the most allowed (labels_per_user in larder.conf)" \
	"$(jqr '.data.setLabels | (.errorCodes | join(",")) + "|" + .message')"
is "labels_per_user: the item's labels unchanged" "c,d" "$(item_labels "$SLUG1")"
is "labels_per_user: no label e" "a,b,c,d" "$(label_names)"
gqlv "$SETL" "{\"p\":\"$ID1\",\"l\":[{\"name\":\"A\"},{\"name\":\"d\"}]}" "$A"
is "labels_per_user: setLabels by the names of existing labels works at the limit" "a,d" \
	"$(jqr '[.data.setLabels.labels[].name] | sort | join(",")')"
gqlv "$SAVE" '{"u":"https://example.com/three","l":[{"name":"f"}]}' "$A"
is "labels_per_user: saveUrl with a new label refused" \
	"SaveError|you have 4 labels, the most allowed (labels_per_user in larder.conf)" "$(jqr '.data.saveUrl | .__typename + "|" + .message')"
is "labels_per_user: the refused save wrote no item" 1 "$(items)"
is "labels_per_user: nor a label" "a,b,c,d" "$(label_names)"

# save.fcgi (the bookmarklet) checks labels_per_item before saving
save_get() {
	env -i PATH="$PATH" LARDER_CONFIG="$conf" GATEWAY_INTERFACE=CGI/1.1 SERVER_PROTOCOL=HTTP/1.1 REQUEST_METHOD=GET \
		SCRIPT_NAME=/api/save REQUEST_URI="/api/save?$1" QUERY_STRING="$1" REMOTE_ADDR=127.0.0.1 "$A" \
		${ASAN_OPTIONS:+ASAN_OPTIONS="$ASAN_OPTIONS"} ${UBSAN_OPTIONS:+UBSAN_OPTIONS="$UBSAN_OPTIONS"} \
		$WRAP "$SAVE_FCGI" </dev/null >"$tmp/resp" 2>"$tmp/err"
	rc=$?
	[ -z "$WRAP" ] || wrap_check "save.fcgi $1"
	body=$(tr -d '\r' <"$tmp/resp")
	status=$(printf '%s\n' "$body" | sed -n 's/^Status: \([0-9]*\).*/\1/p' | head -n 1)
}
save_get 'url=https%3A%2F%2Fexample.com%2Fone&labels=a&labels=d'
is "save.fcgi: 2 labels saved (redirect)" 302 "$status"
save_get 'url=https%3A%2F%2Fexample.com%2Ffour&labels=a&labels=b&labels=c'
is "save.fcgi: 3 labels refused" 400 "$status"
like "save.fcgi: the page names the limit and the key" 'at most 2 \(labels_per_item in larder.conf\)' "$body"
is "save.fcgi: nothing saved" 1 "$(items)"

# ---- highlight_max_bytes = 100, highlights_per_item = 2 ----
HL='mutation H($i: ID!, $a: ID!, $q: String) { createHighlight(input: {id: $i, shortId: "s", articleId: $a, quote: $q}) { __typename ... on CreateHighlightError { errorCodes message } } }'
hl_count() { gqlv 'query A($s: String!) { article(username: "me", slug: $s) { ... on ArticleSuccess { article { highlights { id } } } } }' "{\"s\":\"$SLUG1\"}" "$A"; jqr '.data.article.article.highlights | length'; }
gqlv "$HL" "$(jq -cn --arg a "$ID1" --arg q "$(rep 101 q)" '{i: "00000000-0000-4000-8000-000000000001", a: $a, q: $q}')" "$A"
is "highlight_max_bytes: a 101-byte quote refused" \
	"BAD_DATA|quote is longer than 100 bytes (highlight_max_bytes in larder.conf)" \
	"$(jqr '.data.createHighlight | (.errorCodes | join(",")) + "|" + .message')"
is "highlight_max_bytes: nothing written" 0 "$(hl_count)"
for k in 1 2; do
	gqlv "$HL" "$(jq -cn --arg a "$ID1" --arg q "$(rep 100 q)" --arg i "00000000-0000-4000-8000-00000000000$k" '{i: $i, a: $a, q: $q}')" "$A"
	is "highlights_per_item: highlight $k of 2 (a 100-byte quote)" CreateHighlightSuccess "$(jqr '.data.createHighlight.__typename')"
done
gqlv "$HL" "$(jq -cn --arg a "$ID1" '{i: "00000000-0000-4000-8000-000000000003", a: $a, q: "x"}')" "$A"
is "highlights_per_item: the third refused" \
	"BAD_DATA|the item has 2 highlights, the most allowed (highlights_per_item in larder.conf)" \
	"$(jqr '.data.createHighlight | (.errorCodes | join(",")) + "|" + .message')"
is "highlights_per_item: still 2" 2 "$(hl_count)"
UH='mutation U($n: String) { updateHighlight(input: {highlightId: "00000000-0000-4000-8000-000000000001", annotation: $n}) { __typename ... on UpdateHighlightError { message } } }'
gqlv "$UH" "{\"n\":\"$(rep 100 n)\"}" "$A"
is "highlight_max_bytes: a 100-byte annotation" UpdateHighlightSuccess "$(jqr '.data.updateHighlight.__typename')"
gqlv "$UH" "{\"n\":\"$(rep 101 n)\"}" "$A"
is "highlight_max_bytes: a 101-byte annotation refused" "annotation is longer than 100 bytes (highlight_max_bytes in larder.conf)" \
	"$(jqr '.data.updateHighlight.message')"

# ---- content_max_bytes = 2K: savePage's HTML ----
PAGE='mutation P($u: String!, $h: String!) { savePage(input: {url: $u, source: "api", clientRequestId: "", originalContent: $h}) { __typename ... on SaveError { message } } }'
page() { # page N: an article page of exactly N bytes (padded in a comment)
	_head='<html><head><title>Page</title></head><body><article><p>Brown pelicans dive from the air to catch fish along the coast.</p></article><!--'
	printf '%s%s-->' "$_head" "$(rep $(($1 - ${#_head} - 3)) x)"
}
[ "$(page 2048 | wc -c)" -eq 2048 ] || fail "page 2048 is 2048 bytes"
gqlv "$PAGE" "$(jq -cn --arg h "$(page 2048)" '{u: "https://example.com/p2048", h: $h}')" "$A"
is "content_max_bytes: savePage with 2048 bytes of HTML" SaveSuccess "$(jqr '.data.savePage.__typename')"
gqlv "$PAGE" "$(jq -cn --arg h "$(page 2049)" '{u: "https://example.com/p2049", h: $h}')" "$A"
is "content_max_bytes: 2049 bytes refused" "SaveError|originalContent is larger than 2048 bytes (content_max_bytes in larder.conf)" \
	"$(jqr '.data.savePage | .__typename + "|" + .message')"
is "content_max_bytes: the refused page wrote no item" 2 "$(items)"

# ---- page_size_max = 3: a larger first is cut to 3 ----
for k in 3 4 5; do
	gqlv "$PAGE" "$(jq -cn --arg h "$(page 300)" --arg u "https://example.com/p$k" '{u: $u, h: $h}')" "$A"
done
is "page_size_max: five items saved" 5 "$(items)"
gql '{ search(query: "", first: 3) { ... on SearchSuccess { edges { cursor } pageInfo { hasNextPage } } } }' "$A"
is "page_size_max: search first: 3 gives 3" "3 true" "$(jqr '(.data.search.edges | length | tostring) + " " + (.data.search.pageInfo.hasNextPage | tostring)')"
gql '{ search(query: "", first: 4) { ... on SearchSuccess { edges { cursor } pageInfo { hasNextPage endCursor } } } }' "$A"
is "page_size_max: search first: 4 is cut to 3" "3 true 3" \
	"$(jqr '(.data.search.edges | length | tostring) + " " + (.data.search.pageInfo.hasNextPage | tostring) + " " + .data.search.pageInfo.endCursor')"
gql '{ updatesSince(since: "2000-01-01", first: 3) { ... on UpdatesSinceSuccess { edges { itemID } } } }' "$A"
is "page_size_max: updatesSince first: 3 gives 3" 3 "$(jqr '.data.updatesSince.edges | length')"
gql '{ updatesSince(since: "2000-01-01", first: 100) { ... on UpdatesSinceSuccess { edges { itemID } pageInfo { hasNextPage } } } }' "$A"
is "page_size_max: updatesSince first: 100 is cut to 3" "3 true" \
	"$(jqr '(.data.updatesSince.edges | length | tostring) + " " + (.data.updatesSince.pageInfo.hasNextPage | tostring)')"

# ---- body_limit = 4K (authenticated requests) ----
body_of() { # body_of N: a JSON request body of exactly N bytes
	_b='{"query":"{ me { name } }","extensions":{"pad":"'
	printf '%s%s"}}' "$_b" "$(rep $(($1 - ${#_b} - 3)) p)"
}
body_of 4096 >"$tmp/b4096"
body_of 4097 >"$tmp/b4097"
req_file POST "$tmp/b4096" "$A"
is "body_limit: a 4096-byte body is read" "200 Alice Liddell" "$status $(jqr '.data.me.name')"
req_file POST "$tmp/b4097" "$A"
is "body_limit: 4097 bytes refused" "413 PAYLOAD_TOO_LARGE" "$status $(jqr '.errors[0].extensions.code')"
is "body_limit: the message gives the limit" "The request body is over the limit of 4096 bytes" "$(jqr '.errors[0].message')"

# ---- page_size_max above the default: 150 (and the default, 100) over 165 items ----
bconf="$tmp/big.conf"
grep -v '^page_size_max\|^body_limit' "$conf" >"$bconf"
dconf="$tmp/default.conf"
cp "$bconf" "$dconf"
echo 'page_size_max = 150' >>"$bconf"
echo 'request_cost_max = 8000' >>"$bconf"   # the 160 saves below are set-up, one request under a raised budget
doc='mutation {' i=0
while [ $i -lt 160 ]; do
	doc="$doc s$i: saveUrl(input: {url: \"https://example.org/many/$i\", source: \"api\", clientRequestId: \"\"}) { __typename }"
	i=$((i + 1))
done
gql "$doc }" "$A" LARDER_CONFIG="$bconf"
is "page_size_max: 160 saves in one request" 160 "$(jqr '[.data[] | select(.__typename == "SaveSuccess")] | length')"
PAGEQ='{ search(query: "", first: 500) { ... on SearchSuccess { edges { cursor } pageInfo { hasNextPage } } } }'
gql "$PAGEQ" "$A" LARDER_CONFIG="$bconf"
is "page_size_max = 150: first: 500 gives 150 of 165 items" "150 true" \
	"$(jqr '(.data.search.edges | length | tostring) + " " + (.data.search.pageInfo.hasNextPage | tostring)')"
gql "$PAGEQ" "$A" LARDER_CONFIG="$dconf"
is "page_size_max unset: first: 500 gives the default 100" "100 true" \
	"$(jqr '(.data.search.edges | length | tostring) + " " + (.data.search.pageInfo.hasNextPage | tostring)')"

# ---- the fetcher: fetch_max_bytes, fetch_max_redirects, fetch_timeout, and content_max_bytes of a fetched article ----
if ! command -v node >/dev/null 2>&1; then
	echo "# SKIP the fetch limits: node is not installed (t/js/testserver.mjs)"
	done_testing
fi
. "$top_srcdir/t/testserver_lib.sh"
trap 'testserver_stop; rm -rf "$tmp"' EXIT INT TERM
mkdir -p "$tmp/pages"
rep 1024 x >"$tmp/pages/k1024.txt"
rep 1025 x >"$tmp/pages/k1025.txt"
{ printf '<html><head><title>Small</title></head><body><article><p>'; rep 1000 'w' | sed 's/wwwww/word /g'; printf '</p></article></body></html>'; } >"$tmp/pages/small.html"
{ printf '<html><head><title>Big</title></head><body><article><p>'; rep 6000 'w' | sed 's/wwwww/word /g'; printf '</p></article></body></html>'; } >"$tmp/pages/big.html"
testserver_start --pages "$tmp/pages"
base=http://127.0.0.1:$ts_port
fconf="$tmp/f.conf"
cat "$conf" - >"$fconf" <<CONF
allow_private_fetch = 127.0.0.1/32
fetch_max_bytes = 1K
fetch_max_redirects = 1
CONF
# fetch_timeout = 1 apart: the other fetch limits must not race a 1 s clock on a busy machine
tconf="$tmp/t.conf"
printf 'fetch_timeout = 1\n' | cat "$fconf" - >"$tconf"
fetch() { # fetch URL [CONF]
	$WRAP "$LARDER" -c "${2:-$fconf}" fetch "$1" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ -z "$WRAP" ] || wrap_check "larder fetch $1"
	out=$(cat "$tmp/out") err=$(cat "$tmp/err")
}
fetch "$base/article/k1024.txt"
is "fetch_max_bytes: a 1024-byte page is fetched" "0 1024" "$rc $(printf '%s\n' "$out" | sed -n 's/^bytes: //p')"
fetch "$base/article/k1025.txt"
like "fetch_max_bytes: 1025 bytes refused" 'over the 1024-byte limit' "$rc $err"
fetch "$base/chain/1"
is "fetch_max_redirects: 1 redirect followed" "0 1" "$rc $(printf '%s\n' "$out" | sed -n 's/^redirects: //p')"
fetch "$base/chain/2"
like "fetch_max_redirects: a second refused" '^1 .*too many redirects \(more than 1\)' "$rc $err"
# a page that takes a while but well under the limit (0.2 s of 1 s: the margin a loaded machine needs)
fetch "$base/slow?ms=50&n=4" "$tconf"
is "fetch_timeout: a page that dribbles for a fifth of a second is fetched" 0 "$rc"
fetch "$base/stall" "$tconf"
like "fetch_timeout: a stalled page is cut at 1 s" 'timed out \(limit 1000 ms\)' "$err"

db=${test_db:-$tmp/data/larder.db}
sql() { db_sql "$db" "$1"; }
# content_max_bytes = 2K: the article a fetch stores (fetched by `larder worker --once`)
# The saves above left a fetch job each (about 160, of example.org URLs): the worker is to run these two only (the
# others would be fetched from the network, or fail on its resolver, 26 s here)
sql "DELETE FROM jobs"
wconf="$tmp/w.conf"
cat "$conf" - >"$wconf" <<CONF
allow_private_fetch = 127.0.0.1/32
CONF
for p in small big; do
	gqlv "$SAVE" "{\"u\":\"$base/article/$p.html\"}" "$A" LARDER_CONFIG="$wconf"
	is "content_max_bytes: saveUrl $p.html" SaveSuccess "$(jqr '.data.saveUrl.__typename')"
done
$WRAP "$LARDER" -c "$wconf" worker --once >"$tmp/out" 2>"$tmp/err"
rc=$?
[ -z "$WRAP" ] || wrap_check "larder worker --once"
is "larder worker --once: exit 0" 0 "$rc"
gql '{ search(query: "", first: 3) { ... on SearchSuccess { edges { node { url state content } } } } }' "$A"
is "content_max_bytes: the small article is stored" SUCCEEDED "$(jqr ".data.search.edges[] | select(.node.url == \"$base/article/small.html\") | .node.state")"
is "content_max_bytes: the big one failed" FAILED "$(jqr ".data.search.edges[] | select(.node.url == \"$base/article/big.html\") | .node.state")"
like "content_max_bytes: its reason names the limit and the key" 'larger than 2048 bytes \(content_max_bytes in larder.conf\)' \
	"$(jqr ".data.search.edges[] | select(.node.url == \"$base/article/big.html\") | .node.content")"

# ---- content_max_bytes at its default, 5M: savePage with pages of 5 MB ----
# Extracting and sanitizing such a page takes many times its size in memory; it used to come out
# of the request's 64 MB and fail ("could not be sanitized", "needs more memory", "database error").
# Plain text becomes an article 48 bytes longer (the reader's <div id="readability-page-1" class="page">).
bconf="$tmp/b.conf"
grep -v -e '^body_limit' -e '^content_max_bytes' "$conf" >"$bconf"
B="LARDER_CONFIG=$bconf"
MB5=5242880
# bigpage N text|html: N bytes of plain text or of an HTML page of paragraphs, as the request body
bigpage() {
	if [ "$2" = text ]; then
		yes 'All work and no play makes Jack a dull boy.' | head -c "$1" >"$tmp/page"
	else
		{ printf '<html><head><title>Big</title></head><body><article>'
		  yes '<p>All work and no play makes Jack a <b>dull</b> boy, again &amp; again.</p>' | head -c $(($1 - 76))
		  printf '</article></body></html>'; } >"$tmp/page"
	fi
	jq -n --rawfile h "$tmp/page" --arg u "https://example.com/big-$1-$2" --arg q "$PAGE" '{query: $q, variables: {u: $u, h: $h}}' >"$tmp/big.json"
}
before=$(items)
bigpage $((MB5 - 48)) text
req_file POST "$tmp/big.json" "$A" "$B"
is "content_max_bytes 5M: 5 MB less 48 bytes of plain text saved" SaveSuccess "$(jqr '.data.savePage.__typename')"
gql '{ search(query: "", first: 1) { ... on SearchSuccess { edges { node { slug } } } } }' "$A" "$B"
gqlv 'query A($s: String!) { article(username: "me", slug: $s) { ... on ArticleSuccess { article { content } } } }' \
	"$(jq -cn --arg s "$(jqr '.data.search.edges[0].node.slug')" '{s: $s}')" "$A" "$B"
is "content_max_bytes 5M: the article reads back whole, exactly at the limit" \
	"$MB5 true" "$(jqr '.data.article.article.content | (length | tostring) + " " +
		(startswith("<div id=\"user-content-readability-page-1\">All work and no play makes Jack a dull boy.\n") and endswith("</div>") | tostring)')"
bigpage $((MB5 - 47)) text
req_file POST "$tmp/big.json" "$A" "$B"
is "content_max_bytes 5M: one byte more of text refused with the limit" \
	"SaveError|the article is larger than $MB5 bytes (content_max_bytes in larder.conf)" "$(jqr '.data.savePage | .__typename + "|" + .message')"
bigpage $MB5 text
req_file POST "$tmp/big.json" "$A" "$B"
is "content_max_bytes 5M: 5 MB of plain text refused with the limit, not a database error" \
	"SaveError|the article is larger than $MB5 bytes (content_max_bytes in larder.conf)" "$(jqr '.data.savePage | .__typename + "|" + .message')"
bigpage $((MB5 + 1)) text
req_file POST "$tmp/big.json" "$A" "$B"
is "content_max_bytes 5M: an originalContent over 5 MB refused" \
	"SaveError|originalContent is larger than $MB5 bytes (content_max_bytes in larder.conf)" "$(jqr '.data.savePage | .__typename + "|" + .message')"
is "content_max_bytes 5M: the refused pages wrote nothing" $((before + 1)) "$(items)"
bigpage $MB5 html
req_file POST "$tmp/big.json" "$A" "$B"
is "content_max_bytes 5M: a 5 MB HTML page of paragraphs saved" SaveSuccess "$(jqr '.data.savePage.__typename')"
is "content_max_bytes 5M: and counted" $((before + 2)) "$(items)"

# ---- fetches_per_user = 2: one user's fetch jobs running at once (`larder worker` here; runners alike) ----
if ! command -v "$(db_cli)" >/dev/null 2>&1; then
	echo "# SKIP fetches_per_user and fetch_runners: $(db_cli) is not installed"
	done_testing
fi
# now in milliseconds since 1970, in each engine's SQL
NOW="CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"
! db_pg "$db" || NOW="CAST(extract(epoch FROM clock_timestamp()) * 1000 AS BIGINT)"
job_of() { sql "SELECT coalesce((SELECT j.status FROM jobs j JOIN library_items i ON i.seq = j.item_seq WHERE i.url = '$1'), 'none')
	|| ' ' || (SELECT state FROM library_items WHERE url = '$1')"; }
for k in 2 3; do
	printf 'fetches_per_user = %s\n' $k | cat "$wconf" - >"$tmp/u$k.conf"
done
for i in 1 2 3; do
	gqlv "$SAVE" "{\"u\":\"$base/article/small.html?cap=$i\"}" "$A" LARDER_CONFIG="$wconf"
done
# two of them are being fetched elsewhere right now: running under a live lease
# a running job's lease: locked_until, and run_after (the claim reads that one: a job is due again when it ends)
sql "UPDATE jobs SET status = 'running', locked_until = $NOW + 3600000, run_after = $NOW + 3600000 WHERE item_seq IN
	(SELECT seq FROM library_items WHERE url IN ('$base/article/small.html?cap=1', '$base/article/small.html?cap=2'))"
"$LARDER" -c "$tmp/u2.conf" worker --once >"$tmp/out" 2>"$tmp/err"
like "fetches_per_user = 2: with two of alice's jobs running, the worker starts no third" '0 jobs run' "$(cat "$tmp/err")"
is "fetches_per_user = 2: her third job waits" "queued PROCESSING" "$(job_of "$base/article/small.html?cap=3")"
"$LARDER" -c "$tmp/u3.conf" worker --once >"$tmp/out" 2>"$tmp/err"
like "fetches_per_user = 3: the third runs beside the two" '1 job run' "$(cat "$tmp/err")"
is "fetches_per_user = 3: and is fetched" "none SUCCEEDED" "$(job_of "$base/article/small.html?cap=3")"
sql "UPDATE jobs SET locked_until = 0, run_after = 0 WHERE status = 'running'"
"$LARDER" -c "$tmp/u2.conf" worker --once >"$tmp/out" 2>"$tmp/err"
like "fetches_per_user: leases that ran out do not count, their jobs are taken again" '2 jobs run' "$(cat "$tmp/err")"

# ---- fetch_runners = 1: runners a save may start (graphql.fcgi as CGI, fetch_in_web = yes) ----
# their slot files go in a data_dir nobody has made yet (as a PostgreSQL library's is after larder init)
for k in 1 2; do
	sed '/^fetch_in_web/d; /^content_max_bytes/d; /^data_dir/d; /^fetch_timeout/d' "$wconf" >"$tmp/r$k.conf"
	printf 'fetch_in_web = yes\nfetch_runners = %s\ndata_dir = %s\nfetch_timeout = 3600\n' $k "$tmp/slots" >>"$tmp/r$k.conf"
done
# wait_job URL WANT: until the job of URL reads WANT (a condition; the 5-minute cap only ends a test that would hang)
wait_job() { for _ in $(seq 3000); do [ "$(job_of "$1")" = "$2" ] && break; sleep 0.1; done; }
# the slow page holds its last piece at the gate "slow" until the test opens it, however long the steps between take
# (valgrind runs a save in seconds); parameters in the order the saved URL keeps
slow="$base/drip?gate=slow&kb=0.5&ms=100&n=5"
gqlv "$SAVE" "{\"u\":\"$slow\"}" "$A" LARDER_CONFIG="$tmp/r1.conf"
wait_job "$slow" "running PROCESSING"
is "fetch_runners = 1: a save starts a runner, which fetches the slow page" "running PROCESSING" "$(job_of "$slow")"
is "fetch_runners: the missing data_dir is made for the runner's slot file" 1 "$(ls "$tmp/slots" 2>/dev/null | grep -c -- '-runner\.1$')"
rp=
for f in /proc/[0-9]*/cmdline; do
	tr '\0' ' ' 2>/dev/null <"$f" | grep -q -F -e "--fetch-runner $tmp/r1.conf" && { rp=${f#/proc/}; rp=${rp%/cmdline}; }
done
is "fetch_runners: the runner's environment has none of the request's CGI variables (HTTP_AUTHORIZATION…)" "runner 0" \
	"${rp:+runner} $(tr '\0' '\n' 2>/dev/null <"/proc/$rp/environ" | grep -c -E '^(HTTP_|REQUEST_METHOD=|QUERY_STRING=|CONTENT_)')"
gqlv "$SAVE" "{\"u\":\"$base/article/small.html?runner=2\"}" "$A" LARDER_CONFIG="$tmp/r1.conf"
sleep 1
is "fetch_runners = 1: the next save starts none while it runs; its job waits" "queued PROCESSING" \
	"$(job_of "$base/article/small.html?runner=2")"
gqlv "$SAVE" "{\"u\":\"$base/article/small.html?runner=3\"}" "$A" LARDER_CONFIG="$tmp/r2.conf"
wait_job "$base/article/small.html?runner=3" "none SUCCEEDED"
is "fetch_runners = 2: a second runner starts and fetches both waiting pages" \
	"none SUCCEEDED none SUCCEEDED running PROCESSING" \
	"$(job_of "$base/article/small.html?runner=2") $(job_of "$base/article/small.html?runner=3") $(job_of "$slow")"
curl -s -m 20 -o /dev/null "$base/open?gate=slow"
wait_job "$slow" "none SUCCEEDED"
is "fetch_runners: the slow page ends SUCCEEDED" "none SUCCEEDED" "$(job_of "$slow")"

done_testing
