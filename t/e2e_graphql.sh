#!/bin/sh
# e2e_graphql.sh: end-to-end checks of /api/graphql through a real nginx + spawn-fcgi started by contrib/larder-serve (TAP).
# Starts the server on a free loopback port, makes a user and keys with the built larder CLI,
# checks me (with, without, unknown, expired and revoked keys), //api/graphql, CORS, GET, and
# that --stop leaves no process behind.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

nginx=
for c in /usr/sbin/nginx $(command -v nginx 2>/dev/null); do
	[ -x "$c" ] && { nginx=$c; break; }
done
if [ -z "$nginx" ]; then
	echo "1..0 # SKIP nginx not installed"
	exit 0
fi
if ! command -v spawn-fcgi >/dev/null 2>&1; then
	echo "1..0 # SKIP spawn-fcgi not installed"
	exit 0
fi
serve=$srcdir/contrib/larder-serve
larder=$builddir/src/cmd/larder
for p in "$serve" "$larder" "$builddir/src/cmd/graphql.fcgi"; do
	[ -x "$p" ] || { echo "Bail out! $p missing or not built"; exit 1; }
done
. "$srcdir/t/pg_lib.sh"
for p in curl jq "$(db_cli)"; do
	command -v $p >/dev/null 2>&1 || { echo "Bail out! $p not installed (see contrib/debian-packages.txt)"; exit 1; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-e2e.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"

. "$srcdir/t/tap_lib.sh"
# hdr NAME FILE: the value of response header NAME (case-insensitive), without CR
hdr() {
	tr -d '\r' <"$2" | awk -v h="$1" 'BEGIN { h = tolower(h) ":" }
		tolower(substr($0, 1, length(h))) == h { v = substr($0, length(h) + 1); sub(/^[ \t]+/, "", v); print v; exit }'
}
# alive PID: the process exists and is not a zombie
alive() {
	[ -d "/proc/$1" ] || { kill -0 "$1" 2>/dev/null; return; }
	st=$(sed -n 's/^[0-9]* .*) \([A-Za-z]\) .*/\1/p' "/proc/$1/stat" 2>/dev/null)
	[ -n "$st" ] && [ "$st" != Z ]
}

serve_start
base=http://127.0.0.1:$port
url=$base/api/graphql
pass "larder-serve started on port $port"

# post NAME BODY [curl args...]: POST BODY to $url; $tmp/NAME.{h,b}, status in $code
post() {
	name=$1 body=$2
	shift 2
	code=$(curl -s -m 10 -o "$tmp/$name.b" -D "$tmp/$name.h" -w '%{http_code}' \
		-H 'content-type: application/json' --data-binary "$body" "$@" "$url")
}
me_q='{"query":"{ me { id name } }"}'

# --- user and keys made with the CLI -------------------------------------------------------------
if "$larder" -c "$conf" user add e2e --name "E2E Tester" --email e2e@example.org >"$tmp/cli.log" 2>&1; then
	pass "larder user add"
else
	fail "larder user add" "$(cat "$tmp/cli.log")"
fi
uid=$(db_sql "${serve_db:-$data/larder.db}" "SELECT id FROM users WHERE username = 'e2e'" 2>/dev/null)
key=$("$larder" -c "$conf" key create e2e --name e2e-main 2>"$tmp/cli.log")
uuid_re='^[0-9a-f]\{8\}-[0-9a-f]\{4\}-4[0-9a-f]\{3\}-[89ab][0-9a-f]\{3\}-[0-9a-f]\{12\}$'
if printf '%s\n' "$key" | grep -q "$uuid_re"; then
	pass "key create prints a UUID v4 key"
else
	fail "key create prints a UUID v4 key" "stdout: '$key'" "stderr: $(cat "$tmp/cli.log")"
fi
expired=$("$larder" -c "$conf" key create e2e --name e2e-expired --expires 2001-01-01T00:00:00Z 2>"$tmp/cli.log")
[ -n "$expired" ] || fail "key create --expires in the past" "$(cat "$tmp/cli.log")"

# --- me ------------------------------------------------------------------------------------------
post me "$me_q" -H "authorization: $key"
is "me with the key: status 200" 200 "$code"
ct=$(hdr content-type "$tmp/me.h")
case $ct in
application/json*|application/graphql-response+json*) pass "me with the key: JSON content type ($ct)" ;;
*) fail "me with the key: JSON content type" "content-type: '$ct'" ;;
esac
is "me.id is the user's id from the database" "$uid" "$(jq -r '.data.me.id' "$tmp/me.b" 2>/dev/null)"
is "me.name is the name given to user add" "E2E Tester" "$(jq -r '.data.me.name' "$tmp/me.b" 2>/dev/null)"
jqok "me with the key: no errors member" 'has("errors") | not' "$tmp/me.b"

post bearer "$me_q" -H "authorization: Bearer $key"
is "Bearer KEY is accepted too" "200:$uid" "$code:$(jq -r '.data.me.id' "$tmp/bearer.b" 2>/dev/null)"

post nokey "$me_q"
is "no key: status 200" 200 "$code"
jqok "no key: me is null, no errors" '(.data | has("me")) and .data.me == null and (has("errors") | not)' "$tmp/nokey.b"

post unknown "$me_q" -H "authorization: 6f1c1f3e-8d4a-4c55-9b7e-2f0c7d1a9e42"
is "unknown key: status 401" 401 "$code"
jqok "unknown key: UNAUTHENTICATED error, nothing executed" \
	'.errors[0].extensions.code == "UNAUTHENTICATED" and (.errors[0].message | length > 0) and (.data == null)' "$tmp/unknown.b"

post expired "$me_q" -H "authorization: $expired"
is "expired key: status 401" 401 "$code"
jqok "expired key: UNAUTHENTICATED error" '.errors[0].extensions.code == "UNAUTHENTICATED"' "$tmp/expired.b"

# the npm client's base URL ending in / gives //api/graphql
code=$(curl -s -m 10 -o "$tmp/dbl.b" -w '%{http_code}' -H 'content-type: application/json' \
	-H "authorization: $key" --data-binary "$me_q" "$base//api/graphql")
is "//api/graphql answers me" "200:$uid" "$code:$(jq -r '.data.me.id' "$tmp/dbl.b" 2>/dev/null)"

# --- CORS ----------------------------------------------------------------------------------------
code=$(curl -s -m 10 -o "$tmp/pre.b" -D "$tmp/pre.h" -w '%{http_code}' -X OPTIONS \
	-H 'origin: app://obsidian.md' -H 'access-control-request-method: POST' \
	-H 'access-control-request-headers: authorization,content-type' "$url")
case $code in
200|204) pass "preflight from app://obsidian.md: status $code" ;;
*) fail "preflight from app://obsidian.md: status 200 or 204" "got $code" ;;
esac
is "preflight: Access-Control-Allow-Origin echoes the origin" "app://obsidian.md" "$(hdr access-control-allow-origin "$tmp/pre.h")"
ah=$(hdr access-control-allow-headers "$tmp/pre.h" | tr 'A-Z' 'a-z')
case $ah in
*authorization*content-type*|*content-type*authorization*) pass "preflight: allows the authorization and content-type headers" ;;
*) fail "preflight: allows the authorization and content-type headers" "Access-Control-Allow-Headers: '$ah'" ;;
esac
am=$(hdr access-control-allow-methods "$tmp/pre.h")
case $am in
*POST*) pass "preflight: allows POST" ;;
*) fail "preflight: allows POST" "Access-Control-Allow-Methods: '$am'" ;;
esac
is "preflight: Access-Control-Max-Age 86400" 86400 "$(hdr access-control-max-age "$tmp/pre.h")"

post cors "$me_q" -H "authorization: $key" -H 'origin: app://obsidian.md'
is "POST from app://obsidian.md carries Access-Control-Allow-Origin" "200:app://obsidian.md" "$code:$(hdr access-control-allow-origin "$tmp/cors.h")"
post evil "$me_q" -H "authorization: $key" -H 'origin: https://evil.example'
is "POST from an unlisted origin gets no Access-Control-Allow-Origin" "" "$(hdr access-control-allow-origin "$tmp/evil.h")"

# --- GET -----------------------------------------------------------------------------------------
code=$(curl -s -m 10 -o "$tmp/get.b" -D "$tmp/get.h" -w '%{http_code}' -H "authorization: $key" \
	-H 'accept: application/json' -G --data-urlencode 'query={ me { id name } }' "$url")
is "GET with a query answers me" "200:$uid" "$code:$(jq -r '.data.me.id' "$tmp/get.b" 2>/dev/null)"

kid=$("$larder" -c "$conf" key list e2e 2>/dev/null | awk -F '\t' '$2 == "e2e-main" { print $1 }')
[ -n "$kid" ] || fail "key list shows e2e-main" "$("$larder" -c "$conf" key list e2e 2>&1)"
code=$(curl -s -m 10 -o "$tmp/getm.b" -D "$tmp/getm.h" -w '%{http_code}' -H "authorization: $key" \
	-H 'accept: application/json' -G \
	--data-urlencode "query=mutation { revokeApiKey(id: \"$kid\") { __typename } }" "$url")
is "GET with a mutation: status 405" 405 "$code"
post after "$me_q" -H "authorization: $key"
is "the GET mutation was not executed (the key still works)" "200:$uid" "$code:$(jq -r '.data.me.id' "$tmp/after.b" 2>/dev/null)"

# revocation takes effect on the next request
if "$larder" -c "$conf" key revoke "$kid" >"$tmp/cli.log" 2>&1; then
	post revoked "$me_q" -H "authorization: $key"
	is "revoked key: 401 UNAUTHENTICATED on the next request" "401:UNAUTHENTICATED" "$code:$(jq -r '.errors[0].extensions.code' "$tmp/revoked.b" 2>/dev/null)"
else
	fail "larder key revoke" "$(cat "$tmp/cli.log")"
fi

# --- static site ---------------------------------------------------------------------------------
code=$(curl -s -m 10 -o "$tmp/root.b" -D "$tmp/root.h" -w '%{http_code}' "$base/")
case "$code $(hdr location "$tmp/root.h")" in
"302 /home"|"302 $base/home") pass "/ redirects to the library page" ;;
*) fail "/ redirects to the library page" "status $code, location $(hdr location "$tmp/root.h")" ;;
esac
code=$(curl -s -m 10 -o "$tmp/index.b" -D "$tmp/index.h" -w '%{http_code}' "$base/index.html")
case $code:$(hdr content-type "$tmp/index.h") in
200:text/html*) pass "/index.html is served from www/" ;;
*) fail "/index.html is served from www/" "status $code" ;;
esac
case $(hdr content-security-policy "$tmp/index.h") in
*"script-src 'self'"*"frame-ancestors 'none'"*) pass "pages carry a Content-Security-Policy without inline scripts" ;;
*) fail "pages carry a Content-Security-Policy without inline scripts" "$(cat "$tmp/index.h")" ;;
esac

# --- stop ----------------------------------------------------------------------------------------
pids="$(cat "$data/run/nginx.pid" "$data/run/graphql.pid" 2>/dev/null)"
master=$(cat "$data/run/nginx.pid" 2>/dev/null)
# nginx's workers: the processes whose parent is the master
workers=$(cat /proc/[0-9]*/stat 2>/dev/null |
	sed -n 's/^\([0-9][0-9]*\) .*) [A-Za-z] \([0-9][0-9]*\) .*/\1 \2/p' |
	awk -v pp="${master:-none}" '$2 == pp { print $1 }')
pids="$pids $workers"
nprocs=$(echo $pids | wc -w)
if [ "$nprocs" -ge 6 ]; then
	pass "nginx master, workers and 4 graphql.fcgi children recorded ($nprocs processes)"
else
	fail "nginx master, workers and 4 graphql.fcgi children recorded" "pids: $pids"
fi
if "$serve" --stop --data "$data" >"$tmp/stop.log" 2>&1; then
	pass "larder-serve --stop"
else
	fail "larder-serve --stop" "$(cat "$tmp/stop.log")"
fi
started=
left=
for p in $pids; do
	alive "$p" && left="$left $p"
done
is "no process left after --stop" "" "$left"
curl -s -m 5 -o /dev/null "$url"
is "nothing listens on port $port any more" 7 "$?"
[ ! -e "$data/run/nginx.pid" ] && [ ! -e "$data/run/graphql.pid" ] && [ ! -e "$data/run/graphql.sock" ]
is "pid files and socket removed" 0 "$?"

# sanitizer builds: no worker reported an error (they answer 5xx then, but say why here)
if grep -q -e 'Sanitizer' -e 'runtime error' "$data/logs/graphql.log" 2>/dev/null; then
	fail "graphql.fcgi logged no sanitizer error" "$(grep -m 5 -e 'Sanitizer' -e 'runtime error' "$data/logs/graphql.log")"
else
	pass "graphql.fcgi logged no sanitizer error"
fi

done_testing
