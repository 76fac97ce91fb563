#!/bin/sh
# save_csrf.sh: other sites cannot save into a logged-in user's library through /api/save, and the bookmarklet still saves in one click, in real Chromium through nginx + save.fcgi (TAP).
# Starts contrib/larder-serve and t/js/testserver.mjs (serving t/data/attack/, the "other site", on a second
# loopback port and as http://evil.test:PORT), makes a user and an API key (to read the library), and runs
# t/js/save_csrf.mjs. Screenshots go to $top_builddir/t/screenshots/.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
chromium=${CHROMIUM:-/usr/bin/chromium}

. "$srcdir/t/browser_lib.sh"
browser_require larder graphql.fcgi auth.fcgi save.fcgi
larder=$builddir/src/cmd/larder

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-savecsrf.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/testserver_lib.sh"
trap 'testserver_stop; serve_cleanup' EXIT

testserver_start --pages "$srcdir/t/data/attack"
serve_start --allow-private-fetch --set argon2_t_cost=1 --set argon2_memory_kib=64

user=heron
printf '%s\n' 'grey heron by the pond' >"$tmp/pw"
if ! "$larder" -c "$conf" user add "$user" --password-file "$tmp/pw" >"$tmp/cli.log" 2>&1; then
	echo "Bail out! larder user add: $(cat "$tmp/cli.log")"
	exit 1
fi
key=$("$larder" -c "$conf" key create "$user" --name save-csrf 2>"$tmp/cli.log") || {
	echo "Bail out! larder key create: $(cat "$tmp/cli.log")"
	exit 1
}

shots=$builddir/t/screenshots
mkdir -p "$shots"
node "$srcdir/t/js/save_csrf.mjs" --base "http://127.0.0.1:$port" --other "http://127.0.0.1:$ts_port" \
	--evil "http://evil.test:$ts_port" --user "$user" --password 'grey heron by the pond' --key "$key" \
	--shots "$shots" --chromium "$chromium" >"$tmp/flow.tap" 2>"$tmp/flow.err"
browser_finish "$tmp/flow.tap" "$tmp/flow.err" $?
