#!/bin/sh
# sessions.sh: the sessions page's API through nginx + auth.fcgi + graphql.fcgi: a browser login and the apps' sign-ins listed with their kind, client, dates and the current one marked, never their tokens; revokeSession by public id (the caller's own only, the id no credential) and revokeOtherSessions; a revoked app token gets NOT_AUTHENTICATED and 401; the same-site rule; the extension's use noted (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-sessions.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"
serve_need nginx spawn-fcgi curl jq "$(db_cli)"
[ -x "$builddir/src/cmd/auth.fcgi" ] || bail_out "$builddir/src/cmd/auth.fcgi missing or not built"

serve_start --set argon2_t_cost=1 --set argon2_memory_kib=64
db() { db_sql "${serve_db:-$data/larder.db}" "$1"; }
B=http://127.0.0.1:$port
for u in alice bob; do
	printf 'correct horse battery\n' | "$larder" -c "$conf" user add $u --email $u@example.org --password-file - >/dev/null 2>&1 ||
		bail_out "user add $u failed"
done
FIREFOX='Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
OKHTTP='okhttp/4.12.0'
IOS='Omnivore/1 CFNetwork/1490.0.4 Darwin/23.2.0'

# sign_in USER USER-AGENT: an app's sign-in as Omnivore's apps send it; prints the token
sign_in() {
	curl -s -m 20 -A "$2" -H 'Content-Type: application/json' \
		--data-binary "{\"email\":\"$1\",\"password\":\"correct horse battery\"}" "$B/api/mobile-auth/email-sign-in" | jq -r .authToken
}
# browser_login USER: the login form with Firefox's User-Agent; prints the cookie's token
browser_login() {
	curl -s -m 20 -o /dev/null -D - -A "$FIREFOX" -H "Origin: $B" --data-urlencode "username=$1" \
		--data-urlencode 'password=correct horse battery' --data-urlencode 'redirect=/home' "$B/api/auth/login" |
		tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: auth=\([0-9a-f]*\);.*/\1/p'
}
# gql_cookie TOKEN QUERY [ORIGIN]: GraphQL with the session cookie, from our own site unless ORIGIN says otherwise;
# body in $tmp/out.json, $code
gql_cookie() {
	code=$(curl -s -m 20 -o "$tmp/out.json" -w '%{http_code}' -H "Cookie: auth=$1" -H "Origin: ${3:-$B}" \
		-H 'Content-Type: application/json' --data-binary "$(jq -cn --arg q "$2" '{query: $q}')" "$B/api/graphql")
}
# gql_auth VALUE QUERY: GraphQL with that Authorization value (an app token or a key), as the apps send it
gql_auth() {
	code=$(curl -s -m 20 -o "$tmp/out.json" -w '%{http_code}' -H "Authorization: $1" -H 'Content-Type: application/json' \
		--data-binary "$(jq -cn --arg q "$2" '{query: $q}')" "$B/api/graphql")
}
jqr() { jq -r "$1" "$tmp/out.json" 2>/dev/null; }
verify() { curl -s -m 20 -H "Authorization: $1" "$B/api/auth/verify" | jq -r .authStatus; }
LIST='{ sessions { __typename ... on SessionsSuccess { sessions { id kind client createdAt lastUsedAt expiresAt extensionUsedAt current } } ... on SessionsError { errorCodes message } } }'
revoke() { echo "mutation { revokeSession(id: \"$1\") { __typename ... on RevokeSessionSuccess { id } ... on RevokeSessionError { errorCodes message } } }"; }
OTHERS='mutation { revokeOtherSessions { __typename ... on RevokeOtherSessionsSuccess { revokedCount } ... on RevokeOtherSessionsError { errorCodes } } }'

web=$(browser_login alice)
android=$(sign_in alice "$OKHTTP")
iphone=$(sign_in alice "$IOS")
bobs=$(sign_in bob "$OKHTTP")
is "a browser login and three app sign-ins give tokens" "64 64 64 64" "${#web} ${#android} ${#iphone} ${#bobs}"

# --- the list
gql_cookie "$web" "$LIST"
is "sessions answers alice's three sessions" "200 SessionsSuccess 3" "$code $(jqr .data.sessions.__typename) $(jqr '.data.sessions.sessions | length')"
is "each with its kind and coarse client" "APP Omnivore app on Android|APP Omnivore app on iOS|BROWSER Firefox on Linux" \
	"$(jqr '[.data.sessions.sessions[] | "\(.kind) \(.client)"] | sort | join("|")')"
is "the one the request came with is marked current, and only it" "BROWSER" \
	"$(jqr '[.data.sessions.sessions[] | select(.current) | .kind] | join(",")')"
like "ids are 32 hex digits" '^([0-9a-f]{32} ){3}$' "$(jqr '[.data.sessions.sessions[].id] | join(" ")') "
like "dates are the API's dates" '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]{12}Z$' "$(jqr '.data.sessions.sessions[0].lastUsedAt')"
is "no extension has used them yet" "null" "$(jqr '[.data.sessions.sessions[].extensionUsedAt | select(. != null)] | first')"
all=$(cat "$tmp/out.json")
leak=
for t in "$web" "$android" "$iphone"; do
	h=$(printf '%s' "$t" | sha256sum | cut -c1-64)
	case $all in *"$t"* | *"$h"* | *"$(printf %s "$h" | cut -c1-16)"*) leak="$leak $t" ;; esac
done
is "no token, no token hash, no piece of one in the answer" "" "$leak"
android_id=$(db "SELECT id FROM sessions WHERE kind = 'app' AND agent = 'Omnivore app on Android' AND user_id = (SELECT id FROM users WHERE username = 'alice')")
iphone_id=$(db "SELECT id FROM sessions WHERE agent = 'Omnivore app on iOS'")
web_id=$(jq -r '.data.sessions.sessions[] | select(.current) | .id' "$tmp/out.json")
bob_id=$(db "SELECT id FROM sessions WHERE user_id = (SELECT id FROM users WHERE username = 'bob')")
is "the ids listed are the stored public ids" "3" "$(jq -r --arg a "$android_id" --arg i "$iphone_id" --arg w "$web_id" \
	'[.data.sessions.sessions[].id | select(. == $a or . == $i or . == $w)] | length' "$tmp/out.json")"
gql_auth "$bobs" "$LIST"
is "bob sees only his own session" "1 $bob_id" "$(jqr '.data.sessions.sessions | length') $(jqr '.data.sessions.sessions[0].id')"

# --- a session id is no credential
is "a session id as the app token: NOT_AUTHENTICATED" NOT_AUTHENTICATED "$(verify "$android_id")"
gql_auth "$android_id" '{ me { name } }'
is "and on GraphQL it is refused as an unknown key" 401 "$code"
gql_cookie "$android_id$android_id" '{ me { name } }'
is "nor as a cookie (twice over, to make 64 digits): anonymous" "200 null" "$code $(jqr .data.me)"

# --- another user's session cannot be revoked
gql_auth "$bobs" "$(revoke "$android_id")"
is "bob revoking alice's session: NOT_FOUND" "RevokeSessionError NOT_FOUND" "$(jqr .data.revokeSession.__typename) $(jqr '.data.revokeSession.errorCodes[0]')"
is "and her app token still works" AUTHENTICATED "$(verify "$android")"
gql_auth "$bobs" "$(revoke 0123456789abcdef0123456789abcdef)"
nf_known=$(jqr .data.revokeSession.message | sed 's/"[0-9a-f]*"/ID/')
gql_auth "$bobs" "$(revoke "$android_id")"
is "the same answer as for an id nobody has" "$nf_known" "$(jqr .data.revokeSession.message | sed 's/"[0-9a-f]*"/ID/')"
for bad in "" "x" "$(printf 'A%.0s' $(seq 32))" "$android_id'--" "$(printf 'f%.0s' $(seq 4000))"; do
	gql_auth "$bobs" "$(revoke "$bad")"
	is "a malformed id (${#bad} characters): BAD_REQUEST" "RevokeSessionError BAD_REQUEST" \
		"$(jqr .data.revokeSession.__typename) $(jqr '.data.revokeSession.errorCodes[0]')"
done
is "nothing was revoked by all that" 4 "$(db 'SELECT count(*) FROM sessions')"

# --- the same-site rule of every cookie request
gql_cookie "$web" "$(revoke "$android_id")" 'https://evil.example'
is "revokeSession with the cookie from another site: 403" 403 "$code"
gql_cookie "$web" "$OTHERS" 'https://evil.example'
is "revokeOtherSessions from another site: 403" 403 "$code"
is "and nothing ended" 4 "$(db 'SELECT count(*) FROM sessions')"

# --- revoking one: the app's token is then refused
gql_cookie "$web" "$(revoke "$android_id")"
is "alice revokes her Android sign-in" "RevokeSessionSuccess $android_id" "$(jqr .data.revokeSession.__typename) $(jqr .data.revokeSession.id)"
is "its token: NOT_AUTHENTICATED at /api/auth/verify" NOT_AUTHENTICATED "$(verify "$android")"
gql_auth "$android" '{ me { name } }'
is "and 401 UNAUTHENTICATED on GraphQL" "401 UNAUTHENTICATED" "$code $(jqr '.errors[0].extensions.code')"
gql_auth "$android" "$LIST"
is "so it cannot list the sessions either" 401 "$code"
gql_cookie "$web" "$(revoke "$android_id")"
is "revoking it again: NOT_FOUND" "NOT_FOUND" "$(jqr '.data.revokeSession.errorCodes[0]')"

# --- the extension's use, and "last used" kept to the hour
gql_cookie "$web" '{ me { name } }' 'chrome-extension://abcdefghijklmnop'
gql_cookie "$web" "$LIST"
like "a request from the extension's origin is noted on the browser session" '^BROWSER [0-9]{4}-' \
	"$(jqr '.data.sessions.sessions[] | select(.extensionUsedAt != null) | "\(.kind) \(.extensionUsedAt)"')"
db "UPDATE sessions SET last_seen = last_seen - 7200000 WHERE id = '$iphone_id'"
before=$(db "SELECT last_seen FROM sessions WHERE id = '$iphone_id'")
gql_auth "$iphone" '{ me { name } }'
after=$(db "SELECT last_seen FROM sessions WHERE id = '$iphone_id'")
is "a use two hours after the last noted one moves lastUsedAt" "1" "$([ "$after" -gt "$before" ] && echo 1)"
gql_auth "$iphone" '{ me { name } }'
is "a use within the hour writes nothing" "$after" "$(db "SELECT last_seen FROM sessions WHERE id = '$iphone_id'")"

# --- sign out everywhere else
gql_cookie "$web" "$OTHERS"
is "revokeOtherSessions ends the iPhone's session only" "RevokeOtherSessionsSuccess 1" \
	"$(jqr .data.revokeOtherSessions.__typename) $(jqr .data.revokeOtherSessions.revokedCount)"
is "the iPhone's token is refused" NOT_AUTHENTICATED "$(verify "$iphone")"
gql_cookie "$web" "$LIST"
is "the browser's own session lives on, alone" "1 true" "$(jqr '.data.sessions.sessions | length') $(jqr '.data.sessions.sessions[0].current')"
is "bob's session is untouched" AUTHENTICATED "$(verify "$bobs")"

# --- with an API key: listed, none current; revokeOtherSessions ends them all; a read-only key may list only
key=$("$larder" -c "$conf" key create alice --name sessions 2>/dev/null)
gql_auth "$key" "$LIST"
is "with an API key the list has no current session" "1 false" "$(jqr '.data.sessions.sessions | length') $(jqr '.data.sessions.sessions[0].current')"
gql_auth "$key" 'mutation { generateApiKey(input: {name: "reader", expiresAt: "2099-01-01", scopes: ["read"]}) { ... on GenerateApiKeySuccess { apiKey { key } } } }'
rkey=$(jqr .data.generateApiKey.apiKey.key)
gql_auth "$rkey" "$OTHERS"
is "a read-only key may not end sessions" FORBIDDEN "$(jqr '.errors[0].extensions.code')"
gql_auth "$key" "$OTHERS"
is "revokeOtherSessions with a full key ends every session" "1" "$(jqr .data.revokeOtherSessions.revokedCount)"
gql_cookie "$web" '{ me { name } }'
is "the browser is signed out too" "null" "$(jqr .data.me)"

# --- many sessions: the last used 100 are listed (the page's fields stay under query_max_fields)
uid=$(db "SELECT id FROM users WHERE username = 'alice'")
rows=
for i in $(seq 1 150); do
	rows="$rows${rows:+,}('$(printf '%064x' "$i")', '$uid', $i, 9000000000000000, $((1000 * i)), '$(printf '%032x' "$i")', 'app', NULL)"
done
db "INSERT INTO sessions (token_hash, user_id, created, expires, last_seen, id, kind, agent) VALUES $rows"
gql_auth "$key" "$LIST"
is "150 sessions: the 100 last used are listed" "200 100 $(printf '%032x' 150)" "$code $(jqr '.data.sessions.sessions | length') $(jqr '.data.sessions.sessions[0].id')"

if grep -q -e 'Sanitizer' -e 'runtime error' "$data"/logs/*.log 2>/dev/null; then
	fail "no sanitizer report in the logs" "$(grep -h -m 5 -e 'Sanitizer' -e 'runtime error' "$data"/logs/*.log)"
else
	pass "no sanitizer report in the logs"
fi
done_testing
