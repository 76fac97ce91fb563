#!/bin/sh
# browser_library.sh: the library page in real Chromium through nginx: keyboard, multi-select and bulk actions, saved searches, label colours, the trash, sort, counts, the empty state and the phone layout (TAP).
# Starts contrib/larder-serve, creates a user with a password and an API key (to fill the library through the
# API), and runs t/js/browser_library.mjs, which prints the TAP. Screenshots go to $top_builddir/t/screenshots/.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
chromium=${CHROMIUM:-/usr/bin/chromium}

. "$srcdir/t/browser_lib.sh"
browser_require larder graphql.fcgi auth.fcgi
larder=$builddir/src/cmd/larder

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-library.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
serve_start

user=librarian
printf '%s\n' 'shelves of quiet paper' >"$tmp/pw"
if ! "$larder" -c "$conf" user add "$user" --name "Lib Rarian" --password-file "$tmp/pw" >"$tmp/cli.log" 2>&1; then
	echo "Bail out! larder user add: $(cat "$tmp/cli.log")"
	exit 1
fi
key=$("$larder" -c "$conf" key create "$user" --name library-test 2>"$tmp/key.log")
[ -n "$key" ] || { echo "Bail out! larder key create printed no key: $(head -c 300 "$tmp/key.log")"; exit 1; }

shots=$builddir/t/screenshots
mkdir -p "$shots"
node "$srcdir/t/js/browser_library.mjs" --base "http://127.0.0.1:$port" --user "$user" --password 'shelves of quiet paper' \
	--key "$key" --shots "$shots" --chromium "$chromium" >"$tmp/library.tap" 2>"$tmp/library.err"
browser_finish "$tmp/library.tap" "$tmp/library.err" $?
