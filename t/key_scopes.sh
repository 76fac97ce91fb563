#!/bin/sh
# key_scopes.sh: API key scopes through nginx + spawn-fcgi: a `read` key reads but cannot label, mint a key or save; `save` only saves, `write` reads and changes the library but not the keys; unknown scopes are refused at minting, and a refused request writes nothing (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-scopes.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"
serve_need nginx spawn-fcgi curl jq
for p in "$builddir/src/cmd/save.fcgi"; do
	[ -x "$p" ] || { echo "Bail out! $p missing or not built"; exit 1; }
done

serve_start --set argon2_t_cost=1 --set argon2_memory_kib=64 --set fetch_in_web=no
B=http://127.0.0.1:$port
"$larder" -c "$conf" user add alice --name "Alice Liddell" >/dev/null 2>&1 || bail_out "user add failed"
FULL=$("$larder" -c "$conf" key create alice --name full 2>"$tmp/err") || bail_out "key create: $(cat "$tmp/err")"

tap_context() { printf 'body: %s\n' "$(cat "$tmp/body" 2>/dev/null)"; }
# gql KEY QUERY [curl args]: POST the query with the key; the answer in $tmp/body, the status in $code
gql() {
	_k=$1 _q=$2
	shift 2
	code=$(curl -s -m 20 -o "$tmp/body" -w '%{http_code}' -H "authorization: $_k" -H 'content-type: application/json' \
		-d "$(jq -cn --arg q "$_q" '{query: $q}')" "$@" "$B/api/graphql")
}
jqr() { jq -r "$1" "$tmp/body" 2>/dev/null || echo JQ-ERROR; }
# mint NAME SCOPES-JSON: a key minted with the full key; its value, or the error's message
mint() {
	gql "$FULL" "mutation { generateApiKey(input: {name: \"$1\", expiresAt: \"2099-01-01\", scopes: $2}) {
		... on GenerateApiKeySuccess { apiKey { key } } ... on GenerateApiKeyError { message } } }"
	jqr '.data.generateApiKey.apiKey.key // .data.generateApiKey.message'
}
items() { gql "$FULL" '{ search(query: "") { ... on SearchSuccess { pageInfo { totalCount } } } }'; jqr '.data.search.pageInfo.totalCount'; }
labels() { gql "$FULL" '{ labels { ... on LabelsSuccess { labels { name } } } }'; jqr '[.data.labels.labels[].name] | sort | join(",")'; }
keys() { gql "$FULL" '{ apiKeys { ... on ApiKeysSuccess { apiKeys { name } } } }'; jqr '[.data.apiKeys.apiKeys[].name] | sort | join(",")'; }
SAVEPAGE='mutation { savePage(input: {url: "https://example.org/p", clientRequestId: "6f1c2d7e-1b2a-4c3d-8e9f-0a1b2c3d4e5f", source: "test", title: "P", originalContent: "<html><body><p>A page about pelicans and their large beaks.</p></body></html>"}) { __typename } }'
LABEL='mutation { createLabel(input: {name: "Birds"}) { __typename } }'

# ---- minting ----
READ=$(mint reader '["read"]')
SAVE=$(mint saver '["save"]')
WRITE=$(mint writer '["write"]')
is "minting: read, save and write keys" "36 36 36" "${#READ} ${#SAVE} ${#WRITE}"
is "minting: an unknown scope is refused, naming the known ones" \
	'unknown scope "admin": the scopes are read, save and write (a key without scopes has full access)' "$(mint bad '["read", "admin"]')"
is "minting: and no key is made" "full,reader,saver,writer" "$(keys)"
gql "$FULL" "$SAVEPAGE"
is "a key without scopes saves a page" SaveSuccess "$(jqr '.data.savePage.__typename')"
ID=$(gql "$FULL" '{ search(query: "") { ... on SearchSuccess { edges { node { id } } } } }'; jqr '.data.search.edges[0].node.id')

# ---- read ----
gql "$READ" '{ me { name } search(query: "") { ... on SearchSuccess { pageInfo { totalCount } } } }'
is "read: queries run" "200 Alice Liddell 1" "$code $(jqr '.data.me.name') $(jqr '.data.search.pageInfo.totalCount')"
gql "$READ" "$LABEL"
is "read: createLabel is refused before anything runs" "200 FORBIDDEN false" "$code $(jqr '.errors[0].extensions.code') $(jqr 'has("data")')"
is "read: saying which scope it needs" \
	'This API key'"'"'s scopes ["read"] do not allow "createLabel": it needs the scope "write".' "$(jqr '.errors[0].message')"
is "read: no label was made" "" "$(labels)"
gql "$READ" "$LABEL" -H 'accept: application/graphql-response+json'
is "read: with application/graphql-response+json the status is 403" "403 FORBIDDEN" "$code $(jqr '.errors[0].extensions.code')"
gql "$READ" 'mutation { generateApiKey(input: {name: "more", expiresAt: "2099-01-01"}) { __typename } }'
is "read: cannot mint a key" "FORBIDDEN" "$(jqr '.errors[0].extensions.code')"
is "read: which needs full access" \
	'This API key has the scopes ["read"], and "generateApiKey" needs full access: use a key minted without scopes, or sign in.' \
	"$(jqr '.errors[0].message')"
is "read: no key was minted" "full,reader,saver,writer" "$(keys)"
gql "$READ" 'mutation { saveUrl(input: {url: "https://example.org/r", source: "api", clientRequestId: ""}) { __typename } }'
is "read: saveUrl refused" "FORBIDDEN" "$(jqr '.errors[0].extensions.code')"
gql "$READ" "fragment F on Mutation { setLinkArchived(input: {linkId: \"$ID\", archived: true}) { __typename } } mutation { ... on Mutation { ...F } }"
is "read: a write inside fragments refused" "FORBIDDEN" "$(jqr '.errors[0].extensions.code')"
gql "$READ" 'mutation { __typename }'
is "read: a mutation selecting only __typename runs" "Mutation" "$(jqr '.data.__typename')"
code=$(curl -s -m 20 -o "$tmp/body" -w '%{http_code}' -H "authorization: $READ" "$B/api/save?url=https%3A%2F%2Fexample.org%2Fs")
is "read: /api/save refused with 403" 403 "$code"
grep -q 'it needs the scope &quot;save&quot;\|it needs the scope "save"' "$tmp/body" && pass "read: the page names the scope" ||
	fail "read: the page names the scope" "$(cat "$tmp/body")"
is "read: nothing was saved" 1 "$(items)"
code=$(curl -s -m 20 -o "$tmp/body" -w '%{http_code}' -H "authorization: $READ" -H 'content-type: application/json' \
	-d "{\"libraryItemIds\":[\"$ID\"]}" "$B/api/content")
is "read: /api/content answers" 200 "$code"
code=$(curl -s -m 20 -o "$tmp/export.zip" -w '%{http_code}' -H "authorization: $READ" "$B/api/export")
is "read: /api/export answers" 200 "$code"

# ---- save ----
gql "$SAVE" 'mutation { saveUrl(input: {url: "https://example.org/s", source: "api", clientRequestId: ""}) { __typename } }'
is "save: saveUrl runs" SaveSuccess "$(jqr '.data.saveUrl.__typename')"
gql "$SAVE" '{ me { name } }'
is "save: a query is refused (it needs read)" "FORBIDDEN" "$(jqr '.errors[0].extensions.code')"
gql "$SAVE" "$LABEL"
is "save: createLabel refused" "FORBIDDEN" "$(jqr '.errors[0].extensions.code')"
code=$(curl -s -m 20 -o /dev/null -w '%{http_code}' -H "authorization: $SAVE" "$B/api/save?url=https%3A%2F%2Fexample.org%2Ft")
is "save: /api/save saves" 302 "$code"
is "save: two more items" 3 "$(items)"
code=$(curl -s -m 20 -o "$tmp/body" -w '%{http_code}' -H "authorization: $SAVE" "$B/api/export")
is "save: /api/export refused" "403 FORBIDDEN" "$code $(jqr '.errorCodes[0] // .errors[0].extensions.code // .code')"

# ---- write ----
gql "$WRITE" '{ me { name } }'
is "write: queries run too" "Alice Liddell" "$(jqr '.data.me.name')"
gql "$WRITE" "$LABEL"
is "write: createLabel runs" CreateLabelSuccess "$(jqr '.data.createLabel.__typename')"
is "write: the label is made" Birds "$(labels)"
gql "$WRITE" "mutation { revokeApiKey(id: \"$ID\") { __typename } }"
is "write: revokeApiKey needs full access" "FORBIDDEN" "$(jqr '.errors[0].extensions.code')"
gql "$WRITE" 'mutation { deleteAccount(userID: "x") { __typename } }'
is "write: deleteAccount needs full access" "FORBIDDEN" "$(jqr '.errors[0].extensions.code')"

# ---- a key stored with a scope Larder does not know (minted before scopes were checked) grants nothing ----
db_sql "${serve_db:-$data/larder.db}" "UPDATE api_keys SET scopes = '[\"inbox\"]' WHERE name = 'writer'" >/dev/null
gql "$WRITE" '{ me { name } }'
is "an unknown stored scope grants nothing: no read" "FORBIDDEN" "$(jqr '.errors[0].extensions.code')"
gql "$WRITE" "$LABEL"
is "nor write" "FORBIDDEN" "$(jqr '.errors[0].extensions.code')"
db_sql "${serve_db:-$data/larder.db}" "UPDATE api_keys SET scopes = '[]' WHERE name = 'writer'" >/dev/null
gql "$WRITE" 'mutation { generateApiKey(input: {name: "again", expiresAt: "2099-01-01"}) { __typename } }'
is "an empty list of scopes is full access" GenerateApiKeySuccess "$(jqr '.data.generateApiKey.__typename')"

# ---- how many keys: LIMIT_APIKEYS_PER_USER (100) made at most, and listed at most (Omnivore's apiKeys has no paging:
# 400 keys × 7 fields would pass query_max_fields and the list would fail) ----
kdb() { db_sql "${serve_db:-$data/larder.db}" "$1"; }
uid=$(kdb "SELECT id FROM users WHERE username = 'alice'")
have=$(kdb "SELECT count(*) FROM api_keys WHERE user_id = '$uid'")
# add_keys FROM TO: keys named bulk-FROM … bulk-TO put in the database directly (as made before the cap was kept)
add_keys() {
	_rows=
	for i in $(seq "$1" "$2"); do
		_rows="$_rows${_rows:+,}('$(printf '%08x-0000-4000-8000-%012x' "$i" "$i")', '$uid', 'bulk-$i', '$(printf '%064x' "$i")', NULL, $i, 8640000000000000, $((1000 * i)))"
	done
	kdb "INSERT INTO api_keys (id, user_id, name, key_hash, scopes, created, expires, used) VALUES $_rows" >/dev/null
}
add_keys 1 $((99 - have))
is "99 keys: the 100th is made" "$(printf '%s' "$(mint hundredth null)" | wc -c | tr -d ' ')" 36
gql "$FULL" 'mutation { generateApiKey(input: {name: "one-more", expiresAt: "2099-01-01"}) { ... on GenerateApiKeyError { errorCodes message } } }'
is "100 keys: the next is refused (BAD_REQUEST), saying why" "BAD_REQUEST|you have 100 API keys, the most allowed: revoke one first" \
	"$(jqr '.data.generateApiKey.errorCodes[0]')|$(jqr '.data.generateApiKey.message')"
"$larder" -c "$conf" key create alice --name cli >"$tmp/out" 2>"$tmp/err"
is "  larder key create too: exit 1, the same reason, no key printed" "1|larder: you have 100 API keys, the most allowed: revoke one first|" \
	"$?|$(cat "$tmp/err")|$(cat "$tmp/out")"
is "  and nothing was made" 100 "$(kdb "SELECT count(*) FROM api_keys WHERE user_id = '$uid'")"
gql "$FULL" "mutation { revokeApiKey(id: \"$(printf '%08x-0000-4000-8000-%012x' 1 1)\") { __typename } }"
is "one revoked: one more can be made" "RevokeApiKeySuccess 36" "$(jqr '.data.revokeApiKey.__typename') $(printf '%s' "$(mint again-100 null)" | wc -c | tr -d ' ')"
add_keys 1000 1300
gql "$FULL" '{ apiKeys { __typename ... on ApiKeysSuccess { apiKeys { id name key scopes createdAt expiresAt usedAt } } ... on ApiKeysError { errorCodes } } }'
is "401 keys (from before the cap): apiKeys lists 100, the last used (the keys in use, not bulk-1000), with every field" \
	"200 ApiKeysSuccess 100 true false null" "$code $(jqr '.data.apiKeys.__typename') $(jqr '.data.apiKeys.apiKeys | length') $(jqr \
	'[.data.apiKeys.apiKeys[].name] | (index("full") != null) and (index("writer") != null)') $(jqr '[.data.apiKeys.apiKeys[].name] | index("bulk-1000") != null') $(jqr '.errors')"
"$larder" -c "$conf" user add bob >/dev/null 2>&1 || bail_out "user add bob failed"
BOB=$("$larder" -c "$conf" key create bob --name bob 2>"$tmp/err")
is "another user's 401 keys do not count against bob's: his key is made" 36 "${#BOB}"

if grep -q -e 'Sanitizer' -e 'runtime error' "$data"/logs/*.log 2>/dev/null; then
	fail "no sanitizer report in the logs" "$(grep -h -m 5 -e 'Sanitizer' -e 'runtime error' "$data"/logs/*.log)"
else
	pass "no sanitizer report in the logs"
fi
done_testing
