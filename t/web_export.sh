#!/bin/sh
# web_export.sh: /api/export through nginx + graphql.fcgi: the settings page's button downloads the library as Omnivore's export zip in Chromium; an API key downloads it with curl; no credentials, a bad key or a wrong method are refused (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
chromium=${CHROMIUM:-/usr/bin/chromium}

. "$srcdir/t/browser_lib.sh"
browser_require larder graphql.fcgi auth.fcgi save.fcgi
command -v unzip >/dev/null 2>&1 || { echo "1..0 # SKIP unzip not installed"; exit 0; }
command -v jq >/dev/null 2>&1 || { echo "1..0 # SKIP jq not installed"; exit 0; }
larder=$builddir/src/cmd/larder

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-export.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
serve_start --set argon2_t_cost=1 --set argon2_memory_kib=64

user=egret
printf '%s\n' 'little egret on the shore' >"$tmp/pw"
"$larder" -c "$conf" user add "$user" --password-file "$tmp/pw" >"$tmp/cli.log" 2>&1 || {
	echo "Bail out! larder user add: $(cat "$tmp/cli.log")"; exit 1; }
key=$("$larder" -c "$conf" key create "$user" --name export 2>"$tmp/cli.log") || {
	echo "Bail out! larder key create: $(cat "$tmp/cli.log")"; exit 1; }

# one page saved with its content, so the export has metadata and content
q='mutation P($u: String!, $h: String!) { savePage(input: {url: $u, source: "api", clientRequestId: "", originalContent: $h, title: "Egrets"}) { __typename } }'
jq -n --arg q "$q" '{query: $q, variables: {u: "https://example.com/egrets", h: "<html><body><article><h1>Egrets</h1><p>Little egrets wade in the shallows of the shore and stir the mud with their yellow feet to flush out small fish.</p></article></body></html>"}}' >"$tmp/save.req"
curl -s -m 20 -o "$tmp/save.json" -H "authorization: $key" -H 'content-type: application/json' \
	--data-binary "@$tmp/save.req" "http://127.0.0.1:$port/api/graphql"
jq -e '.data.savePage.__typename == "SaveSuccess"' "$tmp/save.json" >/dev/null || {
	echo "Bail out! savePage: $(cat "$tmp/save.json")"; exit 1; }

shots=$builddir/t/screenshots
mkdir -p "$shots"
node "$srcdir/t/js/export_button.mjs" --base "http://127.0.0.1:$port" --user "$user" \
	--password 'little egret on the shore' --out "$tmp/button.zip" --shots "$shots" --chromium "$chromium" \
	>"$tmp/flow.tap" 2>"$tmp/flow.err"
rc=$?
n=$(grep -c -e '^ok ' -e '^not ok ' "$tmp/flow.tap")

# more TAP lines after the browser's: t NAME COMMAND...
t() {
	_name=$1; shift
	n=$((n + 1))
	if "$@" >/dev/null 2>&1; then echo "ok $n - $_name" >>"$tmp/flow.tap"; else echo "not ok $n - $_name" >>"$tmp/flow.tap"; rc=1; fi
}
t "the button's download is a zip with a metadata file" sh -c "unzip -l '$tmp/button.zip' | grep -q 'metadata_0_to_1.json'"
t "holding the saved page's URL" sh -c "unzip -p '$tmp/button.zip' metadata_0_to_1.json | jq -e '.[0].url == \"https://example.com/egrets\" and .[0].state == \"Active\"'"
t "and its content" sh -c "unzip -l '$tmp/button.zip' | grep -q 'content/.*\\.html'"
code=$(curl -s -m 20 -o "$tmp/key.zip" -D "$tmp/key.h" -w '%{http_code}' -H "authorization: $key" "http://127.0.0.1:$port/api/export")
t "GET /api/export with an API key answers 200" test "$code" = 200
t "as application/zip" grep -qi '^content-type: application/zip' "$tmp/key.h"
t "as an attachment" grep -qi '^content-disposition: attachment; filename="larder-export-' "$tmp/key.h"
unzip -p "$tmp/button.zip" metadata_0_to_1.json >"$tmp/m1" 2>/dev/null
unzip -p "$tmp/key.zip" metadata_0_to_1.json >"$tmp/m2" 2>/dev/null
t "the same library as the button's" cmp -s "$tmp/m1" "$tmp/m2"
t "without credentials: 401" test "$(curl -s -m 20 -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$port/api/export")" = 401
t "with a bad key: 401" test "$(curl -s -m 20 -o /dev/null -w '%{http_code}' -H 'authorization: nope' "http://127.0.0.1:$port/api/export")" = 401
t "PUT: 405" test "$(curl -s -m 20 -o /dev/null -w '%{http_code}' -X PUT -H "authorization: $key" "http://127.0.0.1:$port/api/export")" = 405
browser_finish "$tmp/flow.tap" "$tmp/flow.err" $rc
