#!/bin/sh
# cgi_auth.sh: auth.fcgi and the session rules run as plain CGI: the Secure cookie over HTTPS, signup when allowed, login throttling per account and address, REMOTE_USER when trusted (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
larder=$builddir/src/cmd/larder
for p in "$larder" "$builddir/src/cmd/auth.fcgi" "$builddir/src/cmd/graphql.fcgi"; do
	[ -x "$p" ] || { echo "Bail out! $p is not built"; exit 1; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-cgiauth.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
. "$srcdir/t/tap_lib.sh"
. "$srcdir/t/pg_lib.sh"
unset LARDER_CONFIG
# the library: $tmp/larder.db, or a fresh PostgreSQL database under t/pg_e2e.sh; db SQL reads and writes it
test_db=$(pg_fresh_database) || { echo "$test_db"; exit 1; }
db() { db_sql "${test_db:-$tmp/larder.db}" "$1"; }

conf=$tmp/larder.conf
printf 'database = %s\nbase_url = https://larder.example\nargon2_t_cost = 1\nargon2_memory_kib = 64\n' "${test_db:-$tmp/larder.db}" >"$conf"
[ -z "$test_db" ] || printf 'data_dir = %s/data\n' "$tmp" >>"$conf"
"$larder" -c "$conf" init >/dev/null 2>&1 || bail_out "init"
printf 'secret passphrase\n' | "$larder" -c "$conf" user add carol --password-file - >/dev/null 2>&1

# LARDER_TEST_WRAP (see t/cgi_lib.sh): a command in front of each program run, e.g. valgrind
WRAP=${LARDER_TEST_WRAP:-}
# wrapped WHAT: under the wrapper, a failing check when the last run reported a memory error or leak
wrapped() {
	_rc=$?
	[ -n "$WRAP" ] || return 0
	if [ $_rc -eq 97 ] || grep -Eq '^==[0-9]+== ' "$tmp/err"; then
		fail "$WRAP: no memory error or leak in $1" "exit $_rc" "$(grep -E '^==[0-9]+== ' "$tmp/err" | head -n 30)"
	fi
}
# cgi PROGRAM BODY [VAR=VALUE...]: run it as CGI; the whole answer in $tmp/out
cgi() {
	prog=$1 body=$2
	shift 2
	printf '%s' "$body" | env -i LARDER_CONFIG="$conf" REQUEST_METHOD=POST CONTENT_LENGTH=${#body} \
		CONTENT_TYPE=application/x-www-form-urlencoded REMOTE_ADDR=127.0.0.1 "$@" $WRAP "$builddir/src/cmd/$prog" >"$tmp/out" 2>"$tmp/err"
	wrapped "$prog $*"
}
hdr() { tr -d '\r' <"$tmp/out" | sed -n "s/^$1: //Ip" | head -n 1; }

cgi auth.fcgi 'username=carol&password=secret+passphrase' REQUEST_URI=/api/auth/login HTTPS=on
is "login as CGI answers 303" "303 See Other" "$(hdr Status)"
case $(hdr Set-Cookie) in *'; Secure'*) pass "over HTTPS the cookie is Secure" ;; *) fail "over HTTPS the cookie is Secure" "$(hdr Set-Cookie)" ;; esac
cgi auth.fcgi 'username=carol&password=secret+passphrase' REQUEST_URI=/api/auth/login
case $(hdr Set-Cookie) in *'; Secure'*) pass "a site configured as https:// marks it Secure even behind a plain-http hop" ;;
*) fail "a site configured as https:// marks it Secure even behind a plain-http hop" "$(hdr Set-Cookie)" ;; esac

# signup: off, then on
cgi auth.fcgi 'username=dave&password=long+enough+pw' REQUEST_URI=/api/auth/signup
is "signup is off by default" "/login?error=signup-disabled" "$(hdr Location)"
echo 'signup = yes' >>"$conf"
cgi auth.fcgi 'username=dave&password=short' REQUEST_URI=/api/auth/signup
is "with signup on, a short password is refused" "/login?error=signup-password&signup=1" "$(hdr Location)"
cgi auth.fcgi 'username=dave&password=long+enough+pw' REQUEST_URI=/api/auth/signup
is "a signup logs the new user in" "/home" "$(hdr Location)"
[ -n "$(hdr Set-Cookie)" ] && pass "with a session cookie" || fail "with a session cookie" "$(cat "$tmp/out")"
cgi auth.fcgi 'username=dave&password=long+enough+pw' REQUEST_URI=/api/auth/signup
is "a taken username is refused" "/login?error=signup-taken&signup=1" "$(hdr Location)"
hash=$(db "SELECT password_hash FROM users WHERE username = 'dave'" 2>/dev/null)
case $hash in '$argon2id$'*) pass "the password is stored as argon2id" ;; *) fail "the password is stored as argon2id" "$hash" ;; esac

# --- login throttling: REMOTE_ADDR is the client's address; a wait is not slept, the failures are moved back instead.
# The waits are set to D = 1000 s (login_delay; at most 200 D, and failures counted for W = 10^7 s) so that no
# pace of the machine can see one run out between two requests; a Retry-After is read as the wait it names when
# it is at most 60 s short of it (the time the test took).
D=1000 W=10000000
printf 'login_delay = %s\nlogin_delay_max = %s\nlogin_window = %s\n' "$D" $((200 * D)) "$W" >>"$conf"
if command -v "$(db_cli)" >/dev/null 2>&1; then
	printf 'erin password 1\n' | "$larder" -c "$conf" user add erin --email erin@example.org --password-file - >/dev/null 2>&1
	age() { db "UPDATE login_failures SET at = at - $1"; }
	# try USER PASSWORD ADDR: one login attempt from ADDR; sets $st (the status code) and $ra (Retry-After)
	try() {
		cgi auth.fcgi "username=$1&password=$2" REQUEST_URI=/api/auth/login REMOTE_ADDR=$3
		st=$(hdr Status | cut -d' ' -f1) ra=$(hdr Retry-After)
	}
	# waits N...: the Retry-After $ra read as multiples of D (N when it is N*D, less at most 60 s; else as it is)
	in_d() {
		case $ra in '' | *[!0-9]*) echo "${ra:-none}"; return ;; esac
		_n=$(((ra + 60) / D))
		if [ $((_n * D)) -ge "$ra" ] && [ $((_n * D - 60)) -lt "$ra" ]; then echo "${_n}D"; else echo "$ra"; fi
	}
	# fails N USER ADDR: N wrong passwords from ADDR, each one tried (and counted): a wait is aged away
	fails() {
		_k=0
		while [ $_k -lt "$1" ]; do
			try "$2" wrong "$3"
			if [ "$st" = 429 ] && [ -n "$ra" ]; then age $((ra * 1000)); else _k=$((_k + 1)); fi
		done
	}
	# grows: the wait after 3, 4, 5, 6 failures of one account from one address
	fails 3 erin 10.0.0.1
	try erin 'erin+password+1' 10.0.0.1
	seq=$(in_d) got=$st
	for i in 1 2 3; do
		age $((ra * 1000))
		try erin wrong 10.0.0.1
		try erin 'erin+password+1' 10.0.0.1
		seq="$seq $(in_d)" got="$got $st"
	done
	is "after 3 failures, the right password from that address is answered 429 (not checked)" "429 429 429 429" "$got"
	is "the waits double with each further failure: Retry-After D, 2D, 4D, 8D (login_delay D)" "1D 2D 4D 8D" "$seq"
	grep -q "<p>Too many attempts; try again in $ra s.</p>" "$tmp/out" && pass "the page says how long to wait" ||
		fail "the page says how long to wait" "$(cat "$tmp/out")"
	age $((W * 1000))
	try erin 'erin+password+1' 10.0.0.1
	is "the failures age out after login_window" "303 /home" "$st $(hdr Location)"

	# the owner is never held back from an address that has not failed, however long another address hammers
	fails 20 erin 10.0.0.2
	for i in 1 2 3 4 5 6 7 8 9 10; do try erin wrong 10.0.0.2; done
	try erin 'erin+password+1' 10.0.0.3
	is "with 20 failures (and more tries) from 10.0.0.2, the owner logs in from 10.0.0.3" "303 /home" "$st $(hdr Location)"
	[ -n "$(hdr Set-Cookie)" ] && pass "and gets a session" || fail "and gets a session" "$(cat "$tmp/out")"
	try erin 'erin+password+1' 10.0.0.2
	is "while 10.0.0.2 must wait, right password or not" 429 "$st"

	# the username and the email of one account are one key: 5 + 5 failures count as 10 (the failures of the
	# sections above, still within login_window, are cleared first)
	db "DELETE FROM login_failures"
	fails 5 erin 10.0.0.4
	fails 5 ERIN@Example.org 10.0.0.4
	try erin wrong 10.0.0.4
	is "5 failures by username and 5 by email (any case) wait as 10 do: 2^(10-3) D" "429 128D" "$st $(in_d)"
	is "all 10 on one key" 10 \
		"$(db "SELECT count(*) FROM login_failures WHERE key LIKE 'pair:%' GROUP BY key ORDER BY 1 DESC LIMIT 1")"
	is "no key holds the name typed" 0 "$(db "SELECT count(*) FROM login_failures WHERE key LIKE '%erin%'")"

	# the throttled answer is the same whether the account exists or not (and whatever the password)
	fails 3 erin 10.0.0.5
	fails 3 nosuchuser 10.0.0.6
	try erin 'erin+password+1' 10.0.0.5
	sed 's/[0-9][0-9]* s\./N s./' "$tmp/out" | grep -iv -e '^retry-after' -e '^content-length' >"$tmp/out.exists"
	ra_exists=$(in_d)
	try nosuchuser 'erin+password+1' 10.0.0.6
	sed 's/[0-9][0-9]* s\./N s./' "$tmp/out" | grep -iv -e '^retry-after' -e '^content-length' >"$tmp/out.missing"
	cmp -s "$tmp/out.missing" "$tmp/out.exists" &&
		pass "the throttled answer for an existing and a missing account is identical (the seconds aside)" ||
		fail "the throttled answer for an existing and a missing account is identical (the seconds aside)" \
			"$(diff "$tmp/out.exists" "$tmp/out.missing")"
	is "(both 429, Retry-After: D)" "429 1D 1D" "$st $ra_exists $(in_d)"

	# an address is held back across accounts too, more loosely: after 10 failures, whatever the names
	for u in ann ben cid dee eve; do fails 2 $u 10.0.0.7; done
	try erin 'erin+password+1' 10.0.0.7
	is "10 failures on 5 names from one address: it waits even for another account" "429 1D" "$st $(in_d)"
	# a successful login forgets the account's failures from that address
	fails 2 erin 10.0.0.8
	try erin 'erin+password+1' 10.0.0.8
	fails 2 erin 10.0.0.8
	try erin wrong 10.0.0.8
	is "a login forgets the failures before it (2 + 2 failures: the fifth attempt is still taken)" 303 "$st"
	# IPv6: an address is known by its /64
	fails 3 erin 2001:db8:1:2::1
	try erin 'erin+password+1' 2001:db8:1:2::99
	is "an IPv6 client cannot escape by moving within its /64" 429 "$st"
	try erin 'erin+password+1' 2001:db8:1:3::1
	is "another /64 is another address" "303 /home" "$st $(hdr Location)"
	# a login forgets sessions that have expired, and only those
	db "UPDATE sessions SET expires = 1 WHERE token_hash IN (SELECT token_hash FROM sessions LIMIT 2)"
	live=$(db "SELECT count(*) FROM sessions WHERE expires > 1")
	try erin 'erin+password+1' 2001:db8:1:3::1
	is "a login deletes the expired sessions and keeps the live ones" "$((live + 1)) $((live + 1))" \
		"$(db "SELECT count(*) || ' ' || sum(CAST(expires > 1 AS INTEGER)) FROM sessions")"
else
	pass "login throttling # SKIP $(db_cli) is not installed"
fi

# REMOTE_USER: ignored unless trusted
q='{"query":"{ me { name } }"}'
gq() {
	printf '%s' "$q" | env -i LARDER_CONFIG="$conf" REQUEST_METHOD=POST CONTENT_LENGTH=${#q} CONTENT_TYPE=application/json \
		REQUEST_URI=/api/graphql HTTP_ORIGIN=https://larder.example "$@" $WRAP "$builddir/src/cmd/graphql.fcgi" >"$tmp/out" 2>"$tmp/err"
	wrapped "graphql.fcgi $*"
}
gq REMOTE_USER=carol
grep -q '"me":null' "$tmp/out" && pass "REMOTE_USER is ignored by default" || fail "REMOTE_USER is ignored by default" "$(cat "$tmp/out")"
echo 'trust_remote_user = yes' >>"$conf"
gq REMOTE_USER=carol
grep -q '"me":{"name":"carol"}' "$tmp/out" && pass "with trust_remote_user = yes it names the user" ||
	fail "with trust_remote_user = yes it names the user" "$(cat "$tmp/out")"
gq REMOTE_USER=carol HTTP_ORIGIN=https://evil.example
grep -q '"FORBIDDEN"' "$tmp/out" && pass "and the same-site rule still applies" || fail "and the same-site rule still applies" "$(cat "$tmp/out")"
gq REMOTE_USER=nobody
grep -q '"me":null' "$tmp/out" && pass "an unknown REMOTE_USER is nobody" || fail "an unknown REMOTE_USER is nobody" "$(cat "$tmp/out")"
done_testing
