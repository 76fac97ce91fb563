#!/bin/sh
# content_fetch.sh: runs t/content_fetch against t/js/testserver.mjs started on loopback ports of its own (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
prog=$builddir/t/content_fetch

if ! command -v node >/dev/null 2>&1; then
	echo "1..0 # SKIP node not found"
	exit 0
fi
[ -x "$prog" ] || { echo "Bail out! $prog not built"; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-fetch.XXXXXX") || exit 1
pid=
cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

node "$srcdir/t/js/testserver.mjs" --max-seconds 300 >"$tmp/ports" 2>"$tmp/server.log" </dev/null &
pid=$!
i=0
while [ "$(wc -l <"$tmp/ports")" -lt 2 ]; do
	i=$((i + 1))
	if [ $i -ge 100 ] || ! kill -0 "$pid" 2>/dev/null; then
		echo "Bail out! the test server did not start: $(head -c 400 "$tmp/server.log" | tr '\n' ' ')"
		exit 1
	fi
	sleep 0.1
done
port=$(sed -n 1p "$tmp/ports")
port2=$(sed -n 2p "$tmp/ports")
"$prog" "$port" "$port2"
