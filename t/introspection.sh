#!/bin/sh
# introspection.sh: graphql-js accepts our introspected schema and every in-scope root field and reachable type matches Omnivore's (TAP).
# Runs graphql.fcgi as plain CGI (no web server), then t/js/introspection.mjs checks the answer.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

if [ ! -d "$srcdir/t/js/node_modules/graphql" ]; then
	echo "1..0 # SKIP run npm install in t/js"
	exit 0
fi
if ! command -v node >/dev/null 2>&1; then
	echo "1..0 # SKIP node not found"
	exit 0
fi
larder=$builddir/src/cmd/larder
fcgi=$builddir/src/cmd/graphql.fcgi
for p in "$larder" "$fcgi"; do
	if [ ! -x "$p" ]; then
		echo "Bail out! $p not built"
		exit 1
	fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-introspection.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
printf 'database = larder.db\nbase_url = http://127.0.0.1\n' >"$tmp/larder.conf"
if ! "$larder" -c "$tmp/larder.conf" init >"$tmp/init.log" 2>&1; then
	echo "Bail out! larder init failed: $(head -c 300 "$tmp/init.log")"
	exit 1
fi

node "$srcdir/t/js/introspection.mjs" query >"$tmp/body.json" || { echo "Bail out! cannot build the query"; exit 1; }
len=$(wc -c <"$tmp/body.json" | tr -d ' ')
env LARDER_CONFIG="$tmp/larder.conf" GATEWAY_INTERFACE=CGI/1.1 SERVER_PROTOCOL=HTTP/1.1 \
	REQUEST_METHOD=POST CONTENT_TYPE=application/json CONTENT_LENGTH="$len" \
	HTTP_ACCEPT=application/json SCRIPT_NAME=/api/graphql REQUEST_URI=/api/graphql \
	SERVER_NAME=127.0.0.1 SERVER_PORT=80 REMOTE_ADDR=127.0.0.1 \
	${LARDER_TEST_WRAP:-} "$fcgi" <"$tmp/body.json" >"$tmp/out.txt" 2>"$tmp/err.txt"
rc=$?
if [ $rc -ne 0 ]; then
	echo "Bail out! graphql.fcgi exited $rc: $(head -c 300 "$tmp/err.txt")"
	exit 1
fi
node "$srcdir/t/js/introspection.mjs" check "$tmp/out.txt" "$srcdir/t/data/omnivore-schema.graphql"
