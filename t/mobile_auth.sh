#!/bin/sh
# mobile_auth.sh: the sign-in of Omnivore's Android and iOS apps through nginx + auth.fcgi: POST /api/mobile-auth/email-sign-in and email-sign-up with the JSON the apps send, GET /api/auth/verify, the token in Authorization on GraphQL, the token as a session (ended by a password change), throttling, the refusals; and the browser extension's cookie from its own origin (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

. "$srcdir/t/pg_lib.sh"
for c in nginx spawn-fcgi curl jq "$(db_cli)"; do
	command -v $c >/dev/null 2>&1 || [ -x /usr/sbin/$c ] || { echo "1..0 # SKIP $c not installed"; exit 0; }
done
larder=$builddir/src/cmd/larder
for p in "$larder" "$builddir/src/cmd/auth.fcgi" "$builddir/src/cmd/graphql.fcgi"; do
	[ -x "$p" ] || { echo "Bail out! $p missing or not built"; exit 1; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-mobile.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"

# small argon2 parameters keep the logins fast; waits of 1000 s so that no pace of the machine sees one run out
serve_start --set argon2_t_cost=1 --set argon2_memory_kib=64 --set login_delay=1000 --set login_window=10000000
db() { db_sql "${serve_db:-$data/larder.db}" "$1"; }
B=http://127.0.0.1:$port
printf 'correct horse battery\n' | "$larder" -c "$conf" user add alice --email alice@example.org --password-file - >/dev/null 2>&1 ||
	bail_out "user add failed"

# post PATH JSON [curl args]: as the apps send it (JSON, no Origin); body in $tmp/out.json, headers in $tmp/out.h, $code
post() {
	_p=$1 _b=$2
	shift 2
	code=$(curl -s -m 20 -o "$tmp/out.json" -D "$tmp/out.h" -w '%{http_code}' -H 'Content-Type: application/json; charset=UTF-8' \
		--data-binary "$_b" "$@" "$B$_p")
}
jqr() { jq -r "$1" "$tmp/out.json" 2>/dev/null; }
# verify [curl args]: GET /api/auth/verify; the authStatus answered
verify() { curl -s -m 20 "$@" "$B/api/auth/verify" | jq -r .authStatus; }
# me TOKEN-HEADER: { me { name } } with that Authorization value; the name or null, status in $code
me() {
	code=$(curl -s -m 20 -o "$tmp/me.json" -w '%{http_code}' -H "Authorization: $1" -H 'Content-Type: application/json' \
		-d '{"query":"{ me { name } }"}' "$B/api/graphql")
	jq -r '.data.me.name' "$tmp/me.json" 2>/dev/null
}

# --- sign-in, as the apps build it
post /api/mobile-auth/email-sign-in '{"email":"alice@example.org","password":"correct horse battery"}'
token=$(jqr .authToken)
is "email-sign-in answers 200 with a token" "200 64" "$code ${#token}"
like "and the session cookie as authCookieString" '^auth=[0-9a-f]{64}; ' "$(jqr .authCookieString)"
is "the token names the user on GraphQL (Authorization: TOKEN, as the apps send it)" alice "$(me "$token")"
is "and with Bearer before it" alice "$(me "Bearer $token")"
is "GET /api/auth/verify with the token: AUTHENTICATED" AUTHENTICATED "$(verify -H "Authorization: $token")"
is "without anything: NOT_AUTHENTICATED" NOT_AUTHENTICATED "$(verify)"
is "with a token that is no session: NOT_AUTHENTICATED" NOT_AUTHENTICATED "$(verify -H "Authorization: $(printf '%064d' 7)")"
key=$("$larder" -c "$conf" key create alice --name phone 2>/dev/null)
is "with an API key: AUTHENTICATED" AUTHENTICATED "$(verify -H "Authorization: $key")"
is "the token is stored only as its hash" 0 "$(db "SELECT count(*) FROM sessions WHERE token_hash = '$token'")"
post /api/mobile-auth/email-sign-in '{"email":"alice","password":"correct horse battery"}'
is "a username signs in too" "200 64" "$code $(jqr '.authToken | length')"

# --- refusals
post /api/mobile-auth/email-sign-in '{"email":"alice@example.org","password":"wrong"}'
is "a wrong password: 403 AUTH_FAILED, as Omnivore answers" "403 AUTH_FAILED null" "$code $(jqr '.errorCodes[0]') $(jqr .authToken)"
post /api/mobile-auth/email-sign-in '{"email":"nobody@example.org","password":"correct horse battery"}'
is "an unknown address: the same answer" "403 AUTH_FAILED" "$code $(jqr '.errorCodes[0]')"
post /api/mobile-auth/email-sign-in '{"email":'
is "malformed JSON: 400" "400 BAD_REQUEST" "$code $(jqr '.errorCodes[0]')"
post /api/mobile-auth/email-sign-in '["alice"]'
is "JSON that is no object: 400" 400 "$code"
post /api/mobile-auth/email-sign-in '{"email":1,"password":true}'
is "fields of the wrong type: 403" 403 "$code"
code=$(curl -s -m 20 -o /dev/null -w '%{http_code}' "$B/api/mobile-auth/email-sign-in")
is "GET of the sign-in: 405" 405 "$code"
head -c 40000 /dev/zero | tr '\0' 'a' >"$tmp/big"
code=$(curl -s -m 20 -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' --data-binary @"$tmp/big" \
	"$B/api/mobile-auth/email-sign-in")
is "an oversize body: 413" 413 "$code"
post /api/mobile-auth/email-sign-in '{"email":"alice","password":"correct horse battery"}' -H 'Origin: https://evil.example'
is "a sign-in from another site's page: 403" "403 null" "$code $(jqr .authToken)"

# --- throttled like the login form: after 3 failures from one address the right password waits
for i in 1 2 3; do post /api/mobile-auth/email-sign-in "{\"email\":\"alice\",\"password\":\"wrong $i\"}"; done
post /api/mobile-auth/email-sign-in '{"email":"alice","password":"correct horse battery"}'
like "after 3 failures: 429 with Retry-After, no token" '^429 [0-9]+ null$' \
	"$code $(tr -d '\r' <"$tmp/out.h" | sed -n 's/^[Rr]etry-[Aa]fter: //p') $(jqr .authToken)"
db "DELETE FROM login_failures"

# --- the token is a session: a password change ends it
printf 'another good password\n' | "$larder" -c "$conf" user passwd alice --password-file - >/dev/null 2>&1 || fail "user passwd" "exit $?"
is "after larder user passwd the token names nobody (401)" "401" "$(me "$token" >/dev/null; echo "$code")"
is "and verify says so" NOT_AUTHENTICATED "$(verify -H "Authorization: $token")"

# --- sign-up: off unless larder.conf says signup = yes
post /api/mobile-auth/email-sign-up '{"email":"carol@example.org","password":"a fine password","username":"carol","name":"Carol"}'
is "sign-up is refused by default" "403 AUTH_FAILED 0" "$code $(jqr '.errorCodes[0]') $(db "SELECT count(*) FROM users WHERE username = 'carol'")"

# --- the browser extension: the session cookie from its own origin, not from a web page's
post /api/mobile-auth/email-sign-in '{"email":"alice","password":"another good password"}'
t2=$(jqr .authToken)
code=$(curl -s -m 20 -o "$tmp/ext.json" -w '%{http_code}' -H "Cookie: auth=$t2" -H 'Origin: chrome-extension://abcdefghijklmnop' \
	-H 'Content-Type: application/json' -d '{"query":"{ me { name } }"}' "$B/api/graphql")
is "the session cookie from a chrome-extension:// origin is taken" "200 alice" "$code $(jq -r .data.me.name "$tmp/ext.json")"
code=$(curl -s -m 20 -o "$tmp/web.json" -w '%{http_code}' -H "Cookie: auth=$t2" -H 'Origin: https://evil.example' \
	-H 'Content-Type: application/json' -d '{"query":"{ me { name } }"}' "$B/api/graphql")
is "from another web site it is refused as before" 403 "$code"

if grep -q -e 'Sanitizer' -e 'runtime error' "$data"/logs/*.log 2>/dev/null; then
	fail "no sanitizer report in the logs" "$(grep -h -m 5 -e 'Sanitizer' -e 'runtime error' "$data"/logs/*.log)"
else
	pass "no sanitizer report in the logs"
fi
done_testing
