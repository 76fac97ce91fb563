#!/bin/sh
# save_csrf.sh: other sites cannot save into a logged-in user's library through /api/save, and the bookmarklet still saves in one click, in real Chromium through nginx + save.fcgi (TAP).
# Starts contrib/larder-serve and t/js/testserver.mjs (serving t/data/attack/, the "other site", on a second
# loopback port and as http://evil.test:PORT), makes a user and an API key (to read the library), and runs
# t/js/save_csrf.mjs. Screenshots go to $top_builddir/t/screenshots/.
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
for p in "$larder" "$builddir/src/cmd/graphql.fcgi" "$builddir/src/cmd/auth.fcgi" "$builddir/src/cmd/save.fcgi"; do
	[ -x "$p" ] || { echo "Bail out! $p missing or not built"; exit 1; }
done

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
rc=$?
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
[ $rc -ne 0 ] && [ -s "$data/logs/error.log" ] && tail -n 20 "$data/logs/error.log" | sed 's/^/# /'
exit $rc
