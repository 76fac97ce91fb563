#!/bin/sh
# browser_suggest.sh: the library's search box suggests titles, labels and sites as you type, in real Chromium through nginx: no page reload, debounced, one request in flight at most, keyboard (up/down/Enter/Esc) and touch, ARIA combobox roles (TAP).
# Starts contrib/larder-serve, creates a user with a password and an API key (to fill the library through the
# API), and runs t/js/browser_suggest.mjs, which prints the TAP. Screenshots go to $top_builddir/t/screenshots/.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
chromium=${CHROMIUM:-/usr/bin/chromium}

. "$srcdir/t/browser_lib.sh"
browser_require larder graphql.fcgi auth.fcgi
larder=$builddir/src/cmd/larder

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-suggest.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
serve_start

user=suggester
printf '%s\n' 'tides and harbour lights' >"$tmp/pw"
"$larder" -c "$conf" user add "$user" --password-file "$tmp/pw" >"$tmp/cli.log" 2>&1 ||
	{ echo "Bail out! larder user add: $(cat "$tmp/cli.log")"; exit 1; }
key=$("$larder" -c "$conf" key create "$user" --name suggest-test 2>"$tmp/key.log")
[ -n "$key" ] || { echo "Bail out! larder key create printed no key: $(head -c 300 "$tmp/key.log")"; exit 1; }

shots=$builddir/t/screenshots
mkdir -p "$shots"
node "$srcdir/t/js/browser_suggest.mjs" --base "http://127.0.0.1:$port" --user "$user" --password 'tides and harbour lights' \
	--key "$key" --shots "$shots" --chromium "$chromium" >"$tmp/suggest.tap" 2>"$tmp/suggest.err"
browser_finish "$tmp/suggest.tap" "$tmp/suggest.err" $?
