#!/bin/sh
# serve_csp.sh: contrib/larder-serve (the development server) sends exactly one Content-Security-Policy on each route where one is sent: the pages, auth.fcgi's and save.fcgi's answers (which carry their own), the API, a share page (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-csp.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"
serve_need nginx spawn-fcgi curl
serve_start --set argon2_t_cost=1 --set argon2_memory_kib=64
base=http://127.0.0.1:$port
# csp METHOD PATH: how many Content-Security-Policy headers the answer carries, and its status
csp() {
	curl -s -m 10 -X "$1" -D "$tmp/h" -o /dev/null "$base$2" >/dev/null
	printf '%s %s' "$(sed -n '1s/^HTTP[^ ]* \([0-9]*\).*/\1/p' "$tmp/h")" "$(grep -ci '^content-security-policy:' "$tmp/h")"
}
for route in "GET /home" "GET /login" "GET /api/auth/login" "POST /api/auth/login" "POST /api/mobile-auth/sign-in" \
	"GET /api/save" "POST /api/save/token" "POST /api/graphql" "GET /s/0123456789abcdef" "GET /sw.js"; do
	set -- $route
	like "$route: one Content-Security-Policy" "^[0-9]+ 1$" "$(csp "$1" "$2")"
done
done_testing
