#!/bin/sh
# cli_fetch.sh: `larder fetch` against t/js/testserver.mjs on loopback: output, exit codes, larder.conf's fetch keys (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
LARDER=$builddir/src/cmd/larder
. "$srcdir/t/testserver_lib.sh"

if ! testserver_have_node; then
	echo "1..0 # SKIP node not found"
	exit 0
fi
[ -x "$LARDER" ] || { echo "Bail out! $LARDER not built"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-clifetch.XXXXXX") || exit 1
trap 'testserver_stop; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
. "$srcdir/t/tap_lib.sh"
run() { "$LARDER" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; out=$(cat "$tmp/out"); err=$(cat "$tmp/err"); }
unset LARDER_CONFIG

testserver_start
base=http://127.0.0.1:$ts_port
printf 'database = db/larder.db\n' >"$tmp/public.conf"
printf 'database = db/larder.db\nallow_private_fetch = 127.0.0.1/32\n' >"$tmp/loop.conf"
printf 'database = db/larder.db\nallow_private_fetch = yes\nfetch_max_redirects = 1\nfetch_max_bytes = 1K\n' >"$tmp/tight.conf"
# fetch_timeout = 1 only for the page that stalls: the other tight limits must not race a 1 s clock on a busy machine
printf 'fetch_timeout = 1\n' | cat "$tmp/tight.conf" - >"$tmp/timeout.conf"

run -c "$tmp/loop.conf" fetch "$base/cs/windows-1252"
is "fetch: exit 0" 0 "$rc"
is "fetch: report" "status: 200
url: $base/cs/windows-1252
redirects: 0
content-type: text/html; charset=windows-1252
charset: windows-1252
bytes: 48
utf8-bytes: 55" "$out"
run -c "$tmp/loop.conf" fetch --body "$base/cs/windows-1252"
is "fetch --body: the page in UTF-8" '<html><body><p>café “quoted” €</p></body></html>' "$out"
run -c "$tmp/loop.conf" fetch "$base/chain/2"
like "redirects followed" '^redirects: 2$' "$out"

run -c "$tmp/public.conf" fetch "$base/plain"
is "private address refused: exit 1" 1 "$rc"
is "says why" "larder: fetch failed (private): refused: 127.0.0.1 is a loopback address" "$err"
run -c "$tmp/public.conf" fetch "http://localhost:$ts_port/plain"
is "a name resolving to a loopback address: refused without naming the address" \
	"larder: fetch failed (private): refused: not a public address" "$err"
run -c "$tmp/loop.conf" fetch "$base/status/503"
is "503: exit 1" 1 "$rc"
like "503: retryable, with the status" 'fetch failed \(http, worth retrying\): HTTP 503 Service Unavailable' "$err"
run -c "$tmp/loop.conf" fetch ftp://127.0.0.1/
like "ftp refused" 'fetch failed \(url\): only http and https URLs can be fetched' "$err"

run -c "$tmp/tight.conf" fetch "$base/chain/2"
like "fetch_max_redirects = 1" 'too many redirects \(more than 1\)' "$err"
run -c "$tmp/tight.conf" fetch "$base/huge?mb=1"
like "fetch_max_bytes = 1K" 'Content-Length 1048588 is over the 1024-byte limit' "$err"
run -c "$tmp/timeout.conf" fetch "$base/stall"
like "fetch_timeout = 1" 'fetch failed \(timeout, worth retrying\): timed out \(limit 1000 ms\)' "$err"

run -c "$tmp/loop.conf" fetch
is "no URL: exit 2" 2 "$rc"
like "usage" 'usage: larder \[-c CONF\] fetch URL \[--body\]' "$err"
run -c "$tmp/loop.conf" fetch a b
is "two URLs: exit 2" 2 "$rc"
run -c "$tmp/loop.conf" fetch --frob x
like "unknown option" 'unknown option --frob' "$err"

done_testing
