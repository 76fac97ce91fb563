#!/bin/sh
# import_browser.sh: the /settings/import page in real Chromium through nginx + graphql.fcgi (TAP): upload a URL list with its progress bar, the import run by the fetch runner, the per-item report shown, a second import changing nothing. Screenshots go to $top_builddir/t/screenshots/.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
chromium=${CHROMIUM:-/usr/bin/chromium}

. "$srcdir/t/browser_lib.sh"
browser_require larder graphql.fcgi auth.fcgi save.fcgi
larder=$builddir/src/cmd/larder

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-importpage.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
serve_start --allow-private-fetch --set argon2_t_cost=1 --set argon2_memory_kib=64

user=curlew
printf '%s\n' 'curlews call at dusk' >"$tmp/pw"
"$larder" -c "$conf" user add "$user" --password-file "$tmp/pw" >"$tmp/cli.log" 2>&1 ||
	{ echo "Bail out! larder user add: $(cat "$tmp/cli.log")"; exit 1; }
key=$("$larder" -c "$conf" key create "$user" --name import-page 2>"$tmp/cli.log") ||
	{ echo "Bail out! larder key create: $(cat "$tmp/cli.log")"; exit 1; }
# the items point at this server's own 404s: their fetches end at once, on no other host
printf 'http://127.0.0.1:%s/gone/1\nhttp://127.0.0.1:%s/gone/2\nnot a URL at all\n' "$port" "$port" >"$tmp/list.txt"

shots=$builddir/t/screenshots
mkdir -p "$shots"
node "$srcdir/t/js/import_page.mjs" --base "http://127.0.0.1:$port" --user "$user" --password 'curlews call at dusk' \
	--key "$key" --file "$tmp/list.txt" --shots "$shots" --chromium "$chromium" >"$tmp/flow.tap" 2>"$tmp/flow.err"
browser_finish "$tmp/flow.tap" "$tmp/flow.err" $?
