#!/bin/sh
# cgi_auth.sh: auth.fcgi and the session rules run as plain CGI: the Secure cookie over HTTPS, signup when allowed, REMOTE_USER when trusted (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
larder=$builddir/src/cmd/larder
for p in "$larder" "$builddir/src/cmd/auth.fcgi" "$builddir/src/cmd/graphql.fcgi"; do
	[ -x "$p" ] || { echo "Bail out! $p is not built"; exit 1; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-cgiauth.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
. "$srcdir/t/tap_lib.sh"
unset LARDER_CONFIG

conf=$tmp/larder.conf
printf 'database = %s/larder.db\nbase_url = https://larder.example\nargon2_t_cost = 1\nargon2_memory_kib = 64\n' "$tmp" >"$conf"
"$larder" -c "$conf" init >/dev/null 2>&1 || { echo "Bail out! init"; exit 1; }
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
is "$(hdr Status)" "303 See Other" "login as CGI answers 303"
case $(hdr Set-Cookie) in *'; Secure'*) pass "over HTTPS the cookie is Secure" ;; *) fail "over HTTPS the cookie is Secure" "$(hdr Set-Cookie)" ;; esac
cgi auth.fcgi 'username=carol&password=secret+passphrase' REQUEST_URI=/api/auth/login
case $(hdr Set-Cookie) in *'; Secure'*) pass "a site configured as https:// marks it Secure even behind a plain-http hop" ;;
*) fail "a site configured as https:// marks it Secure even behind a plain-http hop" "$(hdr Set-Cookie)" ;; esac

# signup: off, then on
cgi auth.fcgi 'username=dave&password=long+enough+pw' REQUEST_URI=/api/auth/signup
is "$(hdr Location)" "/login?error=signup-disabled" "signup is off by default"
echo 'signup = yes' >>"$conf"
cgi auth.fcgi 'username=dave&password=short' REQUEST_URI=/api/auth/signup
is "$(hdr Location)" "/login?error=signup-password&signup=1" "with signup on, a short password is refused"
cgi auth.fcgi 'username=dave&password=long+enough+pw' REQUEST_URI=/api/auth/signup
is "$(hdr Location)" "/home" "a signup logs the new user in"
[ -n "$(hdr Set-Cookie)" ] && pass "with a session cookie" || fail "with a session cookie" "$(cat "$tmp/out")"
cgi auth.fcgi 'username=dave&password=long+enough+pw' REQUEST_URI=/api/auth/signup
is "$(hdr Location)" "/login?error=signup-taken&signup=1" "a taken username is refused"
hash=$(sqlite3 "$tmp/larder.db" "SELECT password_hash FROM users WHERE username = 'dave'" 2>/dev/null)
case $hash in '$argon2id$'*) pass "the password is stored as argon2id" ;; *) fail "the password is stored as argon2id" "$hash" ;; esac

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
tap_end
