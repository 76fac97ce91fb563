#!/bin/sh
# browser_flow.sh: the browser pages end to end in real Chromium through nginx + the FastCGI programs: log in, make an API key, save with the bookmarklet, read, search, archive, log out (TAP).
# Starts contrib/larder-serve (private fetches allowed) and t/js/testserver.mjs on loopback ports of their own,
# creates a user with a password, and runs t/js/browser_flow.mjs, which prints the TAP. Screenshots of every
# page go to $top_builddir/t/screenshots/.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
chromium=${CHROMIUM:-/usr/bin/chromium}

. "$srcdir/t/browser_lib.sh"
browser_require larder graphql.fcgi
larder=$builddir/src/cmd/larder
# the login endpoint comes with auth.fcgi; without it there is nothing to log in to
[ -x "$builddir/src/cmd/auth.fcgi" ] || { echo "1..0 # SKIP src/cmd/auth.fcgi not built (no login endpoint yet)"; exit 0; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-browser.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/testserver_lib.sh"
trap 'testserver_stop; serve_cleanup' EXIT

testserver_start --pages "$srcdir/t/data/pages"
serve_start --allow-private-fetch

user=birdwatcher
printf '%s\n' 'correct horse battery staple' >"$tmp/pw"
if ! "$larder" -c "$conf" user add "$user" --name "Bird Watcher" --email "birds@example.org" --password-file "$tmp/pw" >"$tmp/cli.log" 2>&1; then
	echo "Bail out! larder user add: $(cat "$tmp/cli.log")"
	exit 1
fi

shots=$builddir/t/screenshots
mkdir -p "$shots"
node "$srcdir/t/js/browser_flow.mjs" --base "http://127.0.0.1:$port" --pages "http://127.0.0.1:$ts_port" \
	--srcdir "$srcdir" --user "$user" --password 'correct horse battery staple' --shots "$shots" --chromium "$chromium" \
	>"$tmp/flow.tap" 2>"$tmp/flow.err"
browser_finish "$tmp/flow.tap" "$tmp/flow.err" $?
