#!/bin/sh
# browser_reader.sh: the reader in real Chromium through nginx + the FastCGI programs: highlights (select, note, labels, merge, delete, re-anchoring), the notebook and its Markdown, text settings kept per user, keys, at desktop and phone widths (TAP).
# Starts contrib/larder-serve and t/js/testserver.mjs on loopback ports of their own, creates a user with a password,
# and runs t/js/browser_reader.mjs, which prints the TAP. Screenshots go to $top_builddir/t/screenshots/reader-*.png.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
chromium=${CHROMIUM:-/usr/bin/chromium}

. "$srcdir/t/browser_lib.sh"
browser_require larder graphql.fcgi auth.fcgi
larder=$builddir/src/cmd/larder

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-reader.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/testserver_lib.sh"
trap 'testserver_stop; serve_cleanup' EXIT

testserver_start --pages "$srcdir/t/data/pages"
serve_start --allow-private-fetch

user=reader
printf '%s\n' 'a long enough password' >"$tmp/pw"
"$larder" -c "$conf" user add "$user" --password-file "$tmp/pw" >"$tmp/cli.log" 2>&1 ||
	{ echo "Bail out! larder user add: $(cat "$tmp/cli.log")"; exit 1; }

shots=$builddir/t/screenshots
mkdir -p "$shots"
node "$srcdir/t/js/browser_reader.mjs" --base "http://127.0.0.1:$port" --pages "http://127.0.0.1:$ts_port" \
	--user "$user" --password 'a long enough password' --shots "$shots" --chromium "$chromium" \
	>"$tmp/reader.tap" 2>"$tmp/reader.err"
browser_finish "$tmp/reader.tap" "$tmp/reader.err" $?
