#!/bin/sh
# content_fetch.sh: runs t/content_fetch against t/js/testserver.mjs started on loopback ports of its own (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
prog=$builddir/t/content_fetch
. "$srcdir/t/testserver_lib.sh"

if ! testserver_have_node; then
	echo "1..0 # SKIP node not found"
	exit 0
fi
[ -x "$prog" ] || { echo "Bail out! $prog not built"; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-fetch.XXXXXX") || exit 1
trap 'testserver_stop; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
testserver_start
"$prog" "$ts_port" "$ts_port2"
