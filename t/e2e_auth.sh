#!/bin/sh
# e2e_auth.sh: login, cookie sessions, the same-site rule, logout, throttling and /api/save through nginx + spawn-fcgi (TAP).
# Each refusal the issue asks for is checked: no cookie, a forged cookie, an expired session, a
# logged-out session, and a cross-site GraphQL request with a valid cookie.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

. "$srcdir/t/pg_lib.sh"
for c in nginx spawn-fcgi curl jq "$(db_cli)"; do
	command -v $c >/dev/null 2>&1 || [ -x /usr/sbin/$c ] || { echo "1..0 # SKIP $c not installed"; exit 0; }
done
larder=$builddir/src/cmd/larder
for p in "$larder" "$builddir/src/cmd/auth.fcgi" "$builddir/src/cmd/save.fcgi"; do
	[ -x "$p" ] || { echo "Bail out! $p missing or not built"; exit 1; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-e2eauth.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"

# small argon2 parameters keep the logins fast
serve_start --set argon2_t_cost=1 --set argon2_memory_kib=64 --set login_delay=1000 --set login_delay_max=4000 --set login_window=10000000
# db SQL: on the server's library (its SQLite file, or its PostgreSQL database under t/pg_e2e.sh)
db() { db_sql "${serve_db:-$data/larder.db}" "$1"; }
B=http://127.0.0.1:$port
printf 'correct horse battery\n' | "$larder" -c "$conf" user add alice --email alice@example.org --password-file - >/dev/null 2>&1 ||
	bail_out "user add failed"
"$larder" -c "$conf" user add bob >/dev/null 2>&1   # no password: cannot log in

# login USER PASSWORD [REDIRECT] [curl args]: headers in $tmp/login.h, body in $tmp/login.html; sets $code, $loc, $cookie
login() {
	u=$1 p=$2 r=${3:-}
	shift 3 2>/dev/null || shift $#
	code=$(curl -s -m 20 -o "$tmp/login.html" -D "$tmp/login.h" -w '%{http_code}' -H "Origin: $B" \
		--data-urlencode "username=$u" --data-urlencode "password=$p" --data-urlencode "redirect=$r" "$@" "$B/api/auth/login")
	loc=$(tr -d '\r' <"$tmp/login.h" | sed -n 's/^[Ll]ocation: //p')
	cookie=$(tr -d '\r' <"$tmp/login.h" | sed -n 's/^[Ss]et-[Cc]ookie: auth=\([0-9a-f]*\);.*/\1/p')
}
# me NAME COOKIE [curl args]: POST { me { name } } with the cookie; body in $tmp/NAME.json, status in $code
me() {
	name=$1 c=$2
	shift 2
	code=$(curl -s -m 10 -o "$tmp/$name.json" -w '%{http_code}' -H "Cookie: auth=$c" -H 'content-type: application/json' \
		-d '{"query":"{ me { name } }"}' "$@" "$B/api/graphql")
}

# --- logging in ---
login alice 'wrong password' /home
is "a wrong password goes back to the login page with error=invalid" "303 /login?error=invalid&redirect=/home" "$code $loc"
is "and sets no cookie" "" "$cookie"
login bob 'anything' /home
is "an account without a password cannot log in" "/login?error=invalid&redirect=/home" "$loc"
login nobody 'anything' /home
is "an unknown account answers the same" "/login?error=invalid&redirect=/home" "$loc"
login alice 'correct horse battery' /settings/api
is "the right password redirects to the page asked for" "303 /settings/api" "$code $loc"
[ ${#cookie} -eq 64 ] && pass "and sets a 64-hex-digit session cookie" || fail "and sets a 64-hex-digit session cookie" "$(cat "$tmp/login.h")"
setc=$(tr -d '\r' <"$tmp/login.h" | sed -n 's/^[Ss]et-[Cc]ookie: //p')
case $setc in *HttpOnly*SameSite=Lax*) pass "the cookie is HttpOnly and SameSite=Lax" ;; *) fail "the cookie is HttpOnly and SameSite=Lax" "$setc" ;; esac
case $setc in *Secure*) fail "no Secure flag over plain http" "$setc" ;; *) pass "no Secure flag over plain http" ;; esac
good=$cookie
stored=$(db "SELECT count(*) FROM sessions WHERE token_hash = '$good'")
is "the token itself is not stored (only its hash)" 0 "$stored"
login alice 'correct horse battery' //evil.example/x
is "a redirect to another site is replaced by /home" "/home" "$loc"
login alice 'correct horse battery' 'https://evil.example/'
is "an absolute redirect is replaced by /home" "/home" "$loc"
login ALICE@EXAMPLE.ORG 'correct horse battery' /home
is "the email works as the username, in any case" "/home" "$loc"
code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' -H 'Origin: http://evil.example' \
	-d 'username=alice&password=correct+horse+battery' "$B/api/auth/login")
is "a login form posted from another site is refused" 403 "$code"
is "GET /api/auth/login: 405" 405 "$(curl -s -m 10 -o /dev/null -w '%{http_code}' "$B/api/auth/login")"

# --- the cookie on /api/graphql ---
me m1 "$good" -H "Origin: $B"
jqok "the session cookie authenticates a same-origin GraphQL request" '.data.me.name == "alice"' "$tmp/m1.json"
me m2 "$good" -H "Referer: $B/home"
jqok "a same-site Referer does too (no Origin)" '.data.me.name == "alice"' "$tmp/m2.json"
me m3 "$good" -H 'Origin: http://evil.example'
is "a cross-site request with a valid cookie is refused (403)" 403 "$code"
jqok "with a FORBIDDEN error" '.errors[0].extensions.code == "FORBIDDEN"' "$tmp/m3.json"
me m4 "$good"
is "a cookie request with neither Origin nor Referer is refused" 403 "$code"
code=$(curl -s -m 10 -o "$tmp/m5.json" -w '%{http_code}' -H "Cookie: auth=$good" -H "Origin: $B" \
	-H 'content-type: text/plain' -d '{"query":"{ me { name } }"}' "$B/api/graphql")
is "a cookie request must be application/json (no simple cross-site form post)" 415 "$code"
code=$(curl -s -m 10 -o "$tmp/m6.json" -w '%{http_code}' -H 'content-type: application/json' -H "Origin: $B" \
	-d '{"query":"{ me { name } }"}' "$B/api/graphql")
jqok "no cookie: me is null" '.data.me == null' "$tmp/m6.json"
me m7 "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef" -H "Origin: $B"
jqok "a forged cookie: me is null" '.data.me == null' "$tmp/m7.json"
me m8 "not-even-hex" -H "Origin: $B"
jqok "a malformed cookie: me is null" '.data.me == null' "$tmp/m8.json"
code=$(curl -s -m 10 -o "$tmp/m9.json" -w '%{http_code}' -H "Cookie: auth=$good" -H "Origin: $B" -H 'content-type: application/json' \
	-d '{"query":"{ labels { __typename ... on LabelsError { errorCodes } } }"}' "$B/api/graphql")
jqok "the cookie user reaches their library" '.data.labels.__typename == "LabelsSuccess"' "$tmp/m9.json"

# an expired session
login alice 'correct horse battery' /home
old=$cookie
hash=$(printf '%s' "$old" | sha256sum | cut -d' ' -f1)
db "UPDATE sessions SET expires = 1 WHERE token_hash = '$hash'"
me m10 "$old" -H "Origin: $B"
jqok "an expired session: me is null" '.data.me == null' "$tmp/m10.json"

# sliding expiry: a session with little time left is extended on use
login alice 'correct horse battery' /home
slide=$cookie
hash=$(printf '%s' "$slide" | sha256sum | cut -d' ' -f1)
soon=$(( $(date +%s) * 1000 + 3600 * 1000 ))
db "UPDATE sessions SET expires = $soon WHERE token_hash = '$hash'"
me m11 "$slide" -H "Origin: $B"
later=$(db "SELECT CAST(expires > $soon + 86400000 AS INTEGER) FROM sessions WHERE token_hash = '$hash'")
is "using a session slides its expiry forward" 1 "$later"

# --- logging out ends the session on the server ---
code=$(curl -s -m 10 -o /dev/null -D "$tmp/out.h" -w '%{http_code}' -H "Cookie: auth=$good" -H "Origin: $B" -X POST "$B/api/auth/logout")
is "logout redirects to /login" "303 /login" "$code $(tr -d '\r' <"$tmp/out.h" | sed -n 's/^[Ll]ocation: //p')"
grep -qi '^set-cookie: auth=;.*Max-Age=0' "$tmp/out.h" && pass "and clears the cookie" || fail "and clears the cookie" "$(cat "$tmp/out.h")"
me m12 "$good" -H "Origin: $B"
jqok "the logged-out cookie no longer works, even if a client kept it" '.data.me == null' "$tmp/m12.json"

# --- /api/save ---
code=$(curl -s -m 10 -o /dev/null -D "$tmp/s1.h" -w '%{http_code}' "$B/api/save?url=https%3A%2F%2Fexample.org%2Fa&labels=Birds&labels=Later")
is "/api/save without a session redirects" 302 "$code"
is "to the login page, which comes back to finish the save" "/login?redirect=/api/save%3Furl%3Dhttps%253A%252F%252Fexample.org%252Fa%26labels%3DBirds%26labels%3DLater" \
	"$(tr -d '\r' <"$tmp/s1.h" | sed -n 's/^[Ll]ocation: //p')"
grep -qi '^x-frame-options: DENY' "$tmp/s1.h" && grep -qi '^cache-control: no-store' "$tmp/s1.h" &&
	pass "its answers may not be framed or cached" || fail "its answers may not be framed or cached" "$(cat "$tmp/s1.h")"
login alice 'correct horse battery' '/api/save?url=https%3A%2F%2Fexample.org%2Fa&labels=Birds&labels=Later'
is "logging in returns to the save" "/api/save?url=https%3A%2F%2Fexample.org%2Fa&labels=Birds&labels=Later" "$loc"
s=$cookie
# without the bookmarklet's token the session alone does not save: it asks first
code=$(curl -s -m 10 -o "$tmp/c1.html" -D "$tmp/c1.h" -w '%{http_code}' -H "Cookie: auth=$s" "$B/$loc")
is "with the session but no save token, /api/save asks first (200, a page)" 200 "$code"
is "and saves nothing" 0 "$(db "SELECT count(*) FROM library_items WHERE url = 'https://example.org/a'")"
grep -q 'Save URL to your library?' "$tmp/c1.html" && grep -q 'https://example.org/a' "$tmp/c1.html" &&
	pass "the page asks, showing the URL" || fail "the page asks, showing the URL" "$(head -c 400 "$tmp/c1.html")"
grep -qi "^content-security-policy:.*frame-ancestors 'none'" "$tmp/c1.h" && grep -qi '^x-frame-options: DENY' "$tmp/c1.h" &&
	pass "the confirmation page may not be framed" || fail "the confirmation page may not be framed" "$(cat "$tmp/c1.h")"
grep -q '<script\|style=' "$tmp/c1.html" && fail "no inline script or style on it" || pass "no inline script or style on it"
csrf=$(sed -n 's/.*name="csrf" value="\([0-9a-f]*\)".*/\1/p' "$tmp/c1.html")
is "it carries a CSRF token" 64 "${#csrf}"
# its form, posted without the CSRF token, with a wrong one, or from another site: refused, nothing saved
form='url=https%3A%2F%2Fexample.org%2Fa&labels=Birds&labels=Later'
code=$(curl -s -m 10 -o "$tmp/c2.html" -w '%{http_code}' -H "Cookie: auth=$s" -H "Origin: $B" -d "$form" "$B/api/save")
is "POST without the CSRF token: 403" 403 "$code"
grep -q 'CSRF token' "$tmp/c2.html" && pass "saying why" || fail "saying why" "$(head -c 400 "$tmp/c2.html")"
code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' -H "Cookie: auth=$s" -H "Origin: $B" -d "$form&csrf=$(printf '%064d' 0)" "$B/api/save")
is "POST with a wrong CSRF token: 403" 403 "$code"
code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' -H "Cookie: auth=$s" -H "Origin: https://evil.example" -d "$form&csrf=$csrf" "$B/api/save")
is "POST from another site's page, even with the token: 403" 403 "$code"
code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' -H "Origin: $B" -d "$form&csrf=$csrf" "$B/api/save")
is "POST with the token but no session: 403" 403 "$code"
is "none of them saved" 0 "$(db "SELECT count(*) FROM library_items WHERE url = 'https://example.org/a'")"
# the confirmation's POST: saved, then on to the reader
code=$(curl -s -m 10 -o /dev/null -D "$tmp/s2.h" -w '%{http_code}' -H "Cookie: auth=$s" -H "Origin: $B" -d "$form&csrf=$csrf" "$B/api/save")
is "the confirmation's POST saves and redirects (303)" 303 "$code"
reader=$(tr -d '\r' <"$tmp/s2.h" | sed -n 's/^[Ll]ocation: //p')
case $reader in /alice/example-org-a-*) pass "to the reader page of the item ($reader)" ;; *) fail "to the reader page of the item" "$reader" ;; esac
labels=$(db "SELECT l.name FROM item_labels il
	JOIN labels l ON l.id = il.label_id JOIN library_items i ON i.seq = il.item_seq WHERE i.url = 'https://example.org/a'
	ORDER BY il.created_at, l.name" | paste -sd, -)
is "each labels= is one label, created when missing" "Birds,Later" "$labels"
src=$(db "SELECT source FROM library_items WHERE url = 'https://example.org/a'")
is "saved with source api-save-url" "api-save-url" "$src"
code=$(curl -s -m 10 -o "$tmp/s3.html" -w '%{http_code}' -H "Cookie: auth=$s" "$B/api/save")
is "no url: 400" 400 "$code"
grep -q 'No URL to save' "$tmp/s3.html" && pass "a page saying what is missing" || fail "a page saying what is missing" "$(head -c 300 "$tmp/s3.html")"
code=$(curl -s -m 10 -o "$tmp/s4.html" -w '%{http_code}' -H "Cookie: auth=$s" "$B/api/save?url=javascript:alert(1)")
is "a javascript: URL: 400" 400 "$code"
grep -q 'only http and https' "$tmp/s4.html" && ! grep -q '<script' "$tmp/s4.html" && pass "saying why, safely" ||
	fail "saying why, safely" "$(head -c 300 "$tmp/s4.html")"
code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' -H "Cookie: auth=$s" -X POST "$B/api/save?url=https://example.org/b")
is "POST /api/save without the confirmation form: 403" 403 "$code"
code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' -H "Cookie: auth=$s" -X PUT "$B/api/save?url=https://example.org/b")
is "PUT /api/save: 405" 405 "$code"
is "(no item)" 0 "$(db "SELECT count(*) FROM library_items WHERE url = 'https://example.org/b'")"
code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' -I -H "Cookie: auth=$s" "$B/api/save?url=https://example.org/head")
is "HEAD /api/save: 405, and nothing saved" 405 "$code"
is "(no item)" 0 "$(db "SELECT count(*) FROM library_items WHERE url = 'https://example.org/head'")"
# --- the bookmarklet's save token: /api/save/token (our own pages only), then a one-click save ---
T=$B/api/save/token
code=$(curl -s -m 10 -o "$tmp/t0.json" -w '%{http_code}' -H "Cookie: auth=$s" -H "Referer: $B/settings/bookmarklet" "$T")
is "GET /api/save/token: none yet" "200 null" "$code $(jq -c .token "$tmp/t0.json")"
code=$(curl -s -m 10 -o "$tmp/t1.json" -w '%{http_code}' -H "Cookie: auth=$s" -H "Origin: https://evil.example" -X POST "$T")
is "another site cannot make one with the visitor's cookie" 403 "$code"
code=$(curl -s -m 10 -o "$tmp/t1.json" -w '%{http_code}' -H "Cookie: auth=$s" -X POST "$T")
is "nor a request without Origin or Referer" 403 "$code"
code=$(curl -s -m 10 -o "$tmp/t1.json" -w '%{http_code}' -X POST -H "Origin: $B" "$T")
is "nor one without a login" 401 "$code"
code=$(curl -s -m 10 -o "$tmp/t1.json" -w '%{http_code}' -H "Cookie: auth=$s" -H "Origin: $B" -X POST "$T")
tok=$(jq -r .token "$tmp/t1.json")
is "POST /api/save/token makes one (64 hex digits), answered once" "200 64" "$code ${#tok}"
stored=$(db "SELECT token_hash FROM save_tokens")
is "the database keeps only its SHA-256" "$(printf '%s' "$tok" | sha256sum | cut -d' ' -f1)" "$stored"
code=$(curl -s -m 10 -o "$tmp/t2.json" -w '%{http_code}' -H "Cookie: auth=$s" -H "Referer: $B/settings/bookmarklet" "$T")
jq -e '.token.exists and .token.lastUsedAt == null and (.token | has("token") | not)' "$tmp/t2.json" >/dev/null &&
	pass "GET tells it exists, never used, without its value" || fail "GET tells it exists, never used, without its value" "$(cat "$tmp/t2.json")"
code=$(curl -s -m 10 -o /dev/null -D "$tmp/t3.h" -w '%{http_code}' -H "Cookie: auth=$s" "$B/api/save?url=https%3A%2F%2Fexample.org%2Ftok&token=$tok")
is "GET /api/save with the token and the session saves at once" 302 "$code"
is "(the item is there)" 1 "$(db "SELECT count(*) FROM library_items WHERE url = 'https://example.org/tok'")"
is "its use is recorded" 1 "$(db "SELECT CAST(used IS NOT NULL AS INTEGER) FROM save_tokens")"
code=$(curl -s -m 10 -o /dev/null -D "$tmp/t4.h" -w '%{http_code}' "$B/api/save?url=https%3A%2F%2Fexample.org%2Ftok2&token=$tok")
is "the token alone is no login: without the session it goes to log in first" 302 "$code"
for bad in "$(printf '%064d' 0)" short "$(printf 'X%.0s' $(seq 64))"; do
	code=$(curl -s -m 10 -o "$tmp/t5.html" -w '%{http_code}' -H "Cookie: auth=$s" "$B/api/save?url=https%3A%2F%2Fexample.org%2Ftok3&token=$bad")
	grep -q 'save-notice' "$tmp/t5.html" && is "a wrong or malformed token (${bad%"${bad#????}"}…) gets the confirmation page with a notice" 200 "$code" ||
		fail "a wrong or malformed token gets the confirmation page with a notice" "$code $(head -c 300 "$tmp/t5.html")"
done
code=$(curl -s -m 10 -o "$tmp/t6.json" -w '%{http_code}' -H "Cookie: auth=$s" -H "Origin: $B" -X DELETE "$T")
is "DELETE /api/save/token revokes it" "200 true" "$code $(jq -c .revoked "$tmp/t6.json")"
code=$(curl -s -m 10 -o "$tmp/t7.html" -w '%{http_code}' -H "Cookie: auth=$s" "$B/api/save?url=https%3A%2F%2Fexample.org%2Ftok3&token=$tok")
is "the revoked token no longer saves: it asks" 200 "$code"
is "nothing else saved" 0 "$(db "SELECT count(*) FROM library_items WHERE url LIKE 'https://example.org/tok_%'")"
code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' -H "Cookie: auth=$s" -H "Origin: $B" -X PUT "$T")
is "PUT /api/save/token: 405" 405 "$code"
key=$("$larder" -c "$conf" key create alice --name curl 2>/dev/null)
code=$(curl -s -m 10 -o /dev/null -D "$tmp/s5.h" -w '%{http_code}' -H "authorization: $key" "$B/api/save?url=https://example.org/c")
is "an API key in the authorization header works too (curl)" 302 "$code"

# --- a new password ends every session taken before it; API keys stay ---
login alice 'correct horse battery' /home
before=$cookie
me p1 "$before" -H "Origin: $B"
jqok "a session taken before the password change works" '.data.me.name == "alice"' "$tmp/p1.json"
printf 'correct horse battery\n' | "$larder" -c "$conf" user passwd alice --password-file - >/dev/null 2>&1 ||
	fail "larder user passwd" "exit $?"
me p2 "$before" -H "Origin: $B"
jqok "after larder user passwd that session cookie is refused (even with the same password)" '.data.me == null' "$tmp/p2.json"
me p3 "$s" -H "Origin: $B"
jqok "and so is every other session of the user" '.data.me == null' "$tmp/p3.json"
curl -s -m 10 -o "$tmp/p4.json" -H "authorization: $key" -H 'content-type: application/json' \
	-d '{"query":"{ me { name } }"}' "$B/api/graphql"
jqok "her API key still works" '.data.me.name == "alice"' "$tmp/p4.json"
login alice 'correct horse battery' /home
is "and she can log in again" "/home" "$loc"

# --- throttling: per account from one address, with growing delays; never the owner elsewhere ---
# (the waits are not slept: the recorded failures are moved back in time instead; login_delay is 1000 s, so no
# pace of the machine sees a wait run out between two requests, and a Retry-After is read as the multiple of
# 1000 s it is at most 60 s short of)
age() { db "UPDATE login_failures SET at = at - $1"; }
retry_after() { tr -d '\r' <"$tmp/login.h" | sed -n 's/^[Rr]etry-[Aa]fter: //p'; }
waits() {
	_ra=$(retry_after)
	case $_ra in '' | *[!0-9]*) echo "${_ra:-none}"; return ;; esac
	_n=$(((_ra + 60) / 1000))
	if [ $((_n * 1000)) -ge "$_ra" ] && [ $((_n * 1000 - 60)) -lt "$_ra" ]; then echo "${_n}D"; else echo "$_ra"; fi
}
for i in 1 2 3; do login alice "wrong $i" /home; done
login alice 'correct horse battery' /home
is "after 3 failures the next attempt from that address must wait: 429, Retry-After: login_delay (D)" "429 1D" "$code $(waits)"
is "and no session is given, though the password is right" "" "$cookie"
grep -q "Too many attempts; try again in $(retry_after) s" "$tmp/login.html" && pass "the page says how long to wait" ||
	fail "the page says how long to wait" "$(head -c 400 "$tmp/login.html")"
age 1000000
login alice 'wrong 4' /home
is "after the wait, another attempt is taken (and fails)" "303 /login?error=invalid&redirect=/home" "$code $loc"
login alice 'correct horse battery' /home
is "then the wait doubles: 2D" "429 2D" "$code $(waits)"
age 2000000
login alice 'wrong 5' /home
login alice 'correct horse battery' /home
is "and doubles again: 4D" "429 4D" "$code $(waits)"
age $((10000000 * 1000))
login alice 'correct horse battery' /home
is "once the failures age out (login_window), the login works again" "303 /home" "$code $loc"
k=0
while [ $k -lt 20 ]; do # 20 wrong passwords from 127.0.0.1, each one tried: the waits are aged away
	login alice "wrong again $k" /home
	if [ "$code" = 429 ]; then age $(($(retry_after) * 1000)); else k=$((k + 1)); fi
done
login alice 'correct horse battery' /home --interface 127.0.0.2
is "after 20 failures from 127.0.0.1, the owner still logs in from another address (127.0.0.2)" "303 /home" "$code $loc"
[ ${#cookie} -eq 64 ] && pass "with a session" || fail "with a session" "$(cat "$tmp/login.h")"
login alice 'correct horse battery' /home
is "while 127.0.0.1 must still wait" 429 "$code"
# parallel attempts (4 FastCGI workers) cannot all pass one check: each is counted before its password is
for i in 1 2 3 4 5 6 7 8; do
	curl -s -m 20 -o /dev/null -w '%{http_code}\n' --interface 127.0.0.3 -H "Origin: $B" \
		-d "username=alice&password=parallel+$i" "$B/api/auth/login" >"$tmp/par.$i" &
done
wait
is "8 wrong passwords at once from a new address: 3 are tried, 5 must wait" "3 303,5 429" \
	"$(cat "$tmp"/par.* | sort | uniq -c | tr -s ' ' | sed 's/^ //' | paste -sd, -)"

# --- signup is off unless larder.conf turns it on ---
code=$(curl -s -m 10 -o /dev/null -D "$tmp/su.h" -w '%{http_code}' -H "Origin: $B" -d 'username=mallory&password=12345678910' "$B/api/auth/signup")
is "signup is refused by default" "/login?error=signup-disabled" "$(tr -d '\r' <"$tmp/su.h" | sed -n 's/^[Ll]ocation: //p')"
is "and makes no account" 0 "$(db "SELECT count(*) FROM users WHERE username = 'mallory'")"

if grep -q -e 'Sanitizer' -e 'runtime error' "$data"/logs/*.log 2>/dev/null; then
	fail "no sanitizer report in the logs" "$(grep -h -m 5 -e 'Sanitizer' -e 'runtime error' "$data"/logs/*.log)"
else
	pass "no sanitizer report in the logs"
fi
done_testing
