#!/bin/sh
# omnivore_client.sh: the npm client @omnivore-app/api (what Node scripts and the Obsidian plugin use) against Larder behind nginx (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

for c in nginx spawn-fcgi node curl; do
	command -v $c >/dev/null 2>&1 || [ -x /usr/sbin/$c ] || { echo "1..0 # SKIP $c not installed"; exit 0; }
done
if [ ! -d "$srcdir/t/js/node_modules/@omnivore-app/api" ]; then
	echo "1..0 # SKIP @omnivore-app/api not installed (npm ci in t/js)"
	exit 0
fi
larder=$builddir/src/cmd/larder
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-client.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"

node "$srcdir/t/js/testserver.mjs" --pages "$srcdir/t/data/pages" --max-seconds 300 >"$tmp/pages.port" 2>"$tmp/pages.log" &
pages_pid=$!
trap 'kill $pages_pid 2>/dev/null; serve_cleanup' EXIT
for _ in $(seq 600); do [ -s "$tmp/pages.port" ] && break; sleep 0.1; done
pport=$(head -n 1 "$tmp/pages.port")
[ -n "$pport" ] || { echo "Bail out! the page server did not start: $(cat "$tmp/pages.log")"; exit 1; }

serve_start --allow-private-fetch
"$larder" -c "$conf" user add obsidian >"$tmp/cli.log" 2>&1 || { echo "Bail out! user add: $(cat "$tmp/cli.log")"; exit 1; }
key=$("$larder" -c "$conf" key create obsidian --name plugin 2>"$tmp/cli.log") || { echo "Bail out! key: $(cat "$tmp/cli.log")"; exit 1; }
# the base URL with a trailing slash, as users paste it: the client then posts to //api/graphql
cd "$srcdir/t/js" && node omnivore_client.mjs "http://127.0.0.1:$port/" "$key" "http://127.0.0.1:$pport/article/pelicans.html"
