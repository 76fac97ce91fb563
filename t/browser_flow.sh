#!/bin/sh
# browser_flow.sh: the browser pages end to end in real Chromium through nginx + the FastCGI programs: log in, make an API key, save with the bookmarklet, read, search, archive, log out (TAP).
# Starts contrib/larder-serve (private fetches allowed) and t/js/testserver.mjs on loopback ports of their own,
# creates a user with a password, and runs t/js/browser_flow.mjs, which prints the TAP. Screenshots of every
# page go to $top_builddir/t/screenshots/.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
chromium=${CHROMIUM:-/usr/bin/chromium}

skip() { echo "1..0 # SKIP $*"; exit 0; }
[ -d "$srcdir/t/js/node_modules/playwright-core" ] || skip "playwright-core missing: run npm ci in t/js"
command -v node >/dev/null 2>&1 || skip "node not found"
[ -x "$chromium" ] || skip "chromium not found at $chromium"
for c in nginx spawn-fcgi curl; do
	command -v $c >/dev/null 2>&1 || [ -x /usr/sbin/$c ] || skip "$c not installed"
done
larder=$builddir/src/cmd/larder
for p in "$larder" "$builddir/src/cmd/graphql.fcgi"; do
	[ -x "$p" ] || { echo "Bail out! $p missing or not built"; exit 1; }
done
# the login endpoint comes with auth.fcgi; without it there is nothing to log in to
[ -x "$builddir/src/cmd/auth.fcgi" ] || skip "src/cmd/auth.fcgi not built (no login endpoint yet)"

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
rc=$?
# the browser's TAP without its plan, then the servers' logs are checked, then the plan
grep -v '^1\.\.[0-9]*$' "$tmp/flow.tap"
n=$(grep -c -e '^ok ' -e '^not ok ' "$tmp/flow.tap")
[ -s "$tmp/flow.err" ] && sed 's/^/# /' "$tmp/flow.err"
n=$((n + 1))
if grep -q -e 'Sanitizer' -e 'runtime error' "$data"/logs/*.log 2>/dev/null; then
	echo "not ok $n - no sanitizer report in the servers' logs"
	grep -h -m 5 -e 'Sanitizer' -e 'runtime error' "$data"/logs/*.log | sed 's/^/#   /'
	rc=1
else
	echo "ok $n - no sanitizer report in the servers' logs"
fi
echo "1..$n"
if [ $rc -ne 0 ]; then
	for f in "$data/logs/error.log" "$data/logs/graphql.log"; do
		[ -s "$f" ] && { echo "# --- $f"; tail -n 20 "$f" | sed 's/^/# /'; }
	done
fi
exit $rc
