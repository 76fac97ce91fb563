#!/bin/sh
# browser_share.sh: the reader's Share panel and the public page of a shared article, and the reader's and the library's EPUB downloads, in Chromium through nginx + graphql.fcgi (t/js/browser_share.mjs; screenshots in t/screenshots/share-*.png and epub-*.png; the books checked by epubcheck when it is installed) (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
chromium=${CHROMIUM:-/usr/bin/chromium}

. "$srcdir/t/browser_lib.sh"
browser_require larder graphql.fcgi auth.fcgi save.fcgi
command -v jq >/dev/null 2>&1 || { echo "1..0 # SKIP jq not installed"; exit 0; }
larder=$builddir/src/cmd/larder

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-bshare.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
serve_start --set argon2_t_cost=1 --set argon2_memory_kib=64

user=egret
printf '%s\n' 'little egret on the shore' >"$tmp/pw"
"$larder" -c "$conf" user add "$user" --password-file "$tmp/pw" >"$tmp/cli.log" 2>&1 || {
	echo "Bail out! larder user add: $(cat "$tmp/cli.log")"; exit 1; }
key=$("$larder" -c "$conf" key create "$user" --name share 2>"$tmp/cli.log") || {
	echo "Bail out! larder key create: $(cat "$tmp/cli.log")"; exit 1; }
post() {
	curl -s -m 20 -o "$tmp/r.json" -H "authorization: $key" -H 'content-type: application/json' \
		--data-binary "@$tmp/req.json" "http://127.0.0.1:$port/api/graphql"
}
q='mutation P($u: String!, $h: String!) { savePage(input: {url: $u, source: "api", clientRequestId: "", originalContent: $h, title: "Herons in winter"}) { ... on SaveSuccess { clientRequestId } } }'
jq -n --arg q "$q" '{query: $q, variables: {u: "https://example.com/herons-winter", h: "<html><body><article><h1>Herons in winter</h1><p>Grey herons stand in the cold shallows for an hour at a time, waiting for a fish to come within reach of the bill.</p><p>When the pond freezes they move to the river, where the current keeps a channel open all winter long.</p></article></body></html>"}}' >"$tmp/req.json"
post
item=$(jq -r '.data.savePage.clientRequestId' "$tmp/r.json")
[ -n "$item" ] && [ "$item" != null ] || { echo "Bail out! savePage: $(cat "$tmp/r.json")"; exit 1; }
# a label the shared page must not show
jq -n --arg id "$item" '{query: "mutation L($id: ID!) { setLabels(input: {pageId: $id, labels: [{name: \"SecretLabel\"}]}) { __typename } }", variables: {id: $id}}' >"$tmp/req.json"
post

shots=$builddir/t/screenshots
mkdir -p "$shots"
node "$srcdir/t/js/browser_share.mjs" --base "http://127.0.0.1:$port" --user "$user" \
	--password 'little egret on the shore' --item "$item" --shots "$shots" --chromium "$chromium" --out "$tmp" \
	>"$tmp/flow.tap" 2>"$tmp/flow.err"
rc=$?
n=$(grep -c -e '^ok ' -e '^not ok ' "$tmp/flow.tap")
# epubcheck with the JVM's quick compiler only and one collector thread, as in t/epub_export.sh
for b in reader library; do
	n=$((n + 1))
	if [ ! -f /usr/share/java/epubcheck.jar ] || ! command -v java >/dev/null 2>&1; then
		echo "ok $n # skip epubcheck not installed" >>"$tmp/flow.tap"
	elif java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar /usr/share/java/epubcheck.jar "$tmp/$b.epub" >"$tmp/$b.check" 2>&1 && grep -q 'No errors or warnings' "$tmp/$b.check"; then
		echo "ok $n - epubcheck passes the $b's download" >>"$tmp/flow.tap"
	else
		echo "not ok $n - epubcheck passes the $b's download" >>"$tmp/flow.tap"
		sed 's/^/#   /' "$tmp/$b.check" | tail -n 5 >>"$tmp/flow.tap"
		rc=1
	fi
done
browser_finish "$tmp/flow.tap" "$tmp/flow.err" $rc
