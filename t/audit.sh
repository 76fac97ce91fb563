#!/bin/sh
# audit.sh: graphql-http's GraphQL-over-HTTP audit (serverAudits) against graphql.fcgi behind a real nginx (TAP).
# Starts Larder with contrib/larder-serve on a free loopback port, creates a user and an API key
# with the larder CLI, runs t/js/audit.mjs without and with the key, then stops the server.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
export top_srcdir="$srcdir" top_builddir="$builddir"

if [ ! -d "$srcdir/t/js/node_modules/graphql-http" ]; then
	echo "1..0 # SKIP run npm install in t/js"
	exit 0
fi
if ! command -v node >/dev/null 2>&1; then
	echo "1..0 # SKIP node not found"
	exit 0
fi
serve=$srcdir/contrib/larder-serve
larder=$builddir/src/cmd/larder
[ -x "$serve" ] || { echo "Bail out! $serve missing"; exit 1; }
[ -x "$larder" ] || { echo "Bail out! $larder not built"; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-audit.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
serve_start
if ! "$larder" -c "$conf" user add auditor --name "Audit User" >"$tmp/user.log" 2>&1; then
	echo "Bail out! larder user add failed: $(head -c 300 "$tmp/user.log")"
	exit 1
fi
key=$("$larder" -c "$conf" key create auditor --name audit 2>"$tmp/key.log")
if [ -z "$key" ]; then
	echo "Bail out! larder key create printed no key: $(head -c 300 "$tmp/key.log")"
	exit 1
fi

node "$srcdir/t/js/audit.mjs" "http://127.0.0.1:$port/api/graphql" "$key"
