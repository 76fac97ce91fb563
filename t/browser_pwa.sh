#!/bin/sh
# browser_pwa.sh: the installable reader in real Chromium at phone width through nginx + the FastCGI programs: manifest and service worker, an article read again with the network cut, changes made offline sent once when it returns, the share target, per-user offline data, 44 px targets and no sideways scroll at 320 px (TAP).
# Starts contrib/larder-serve and t/js/testserver.mjs (serving t/data/pwa) on loopback ports of their own, creates two
# users with passwords, and runs t/js/browser_pwa.mjs, which prints the TAP. Screenshots go to $top_builddir/t/screenshots/pwa-*.png.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
chromium=${CHROMIUM:-/usr/bin/chromium}

. "$srcdir/t/browser_lib.sh"
browser_require larder graphql.fcgi auth.fcgi save.fcgi
larder=$builddir/src/cmd/larder

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-pwa.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/testserver_lib.sh"
trap 'testserver_stop; serve_cleanup' EXIT

testserver_start --pages "$srcdir/t/data/pwa"
serve_start --allow-private-fetch

printf '%s\n' 'a long enough password' >"$tmp/pw"
for u in pocket other; do
	"$larder" -c "$conf" user add "$u" --password-file "$tmp/pw" >"$tmp/cli.log" 2>&1 ||
		{ echo "Bail out! larder user add $u: $(cat "$tmp/cli.log")"; exit 1; }
done

shots=$builddir/t/screenshots
mkdir -p "$shots"
node "$srcdir/t/js/browser_pwa.mjs" --base "http://127.0.0.1:$port" --pages "http://127.0.0.1:$ts_port" \
	--user pocket --other other --password 'a long enough password' --access "$data/logs/access.log" \
	--shots "$shots" --chromium "$chromium" >"$tmp/pwa.tap" 2>"$tmp/pwa.err"
browser_finish "$tmp/pwa.tap" "$tmp/pwa.err" $?
