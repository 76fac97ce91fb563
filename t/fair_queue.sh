#!/bin/sh
# fair_queue.sh: one user's bulk work does not hold another's save: alice imports 100 URLs whose pages the local server holds back and follows 30 feeds, then bob saves one URL through graphql.fcgi; a `larder worker` fetches bob's page first (SUCCEEDED) while alice's work is still queued, and at most one of her held pages was asked for (TAP).
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/t/cgi_lib.sh"
command -v node >/dev/null 2>&1 || { echo "1..0 # SKIP node not found"; exit 0; }
command -v curl >/dev/null 2>&1 || { echo "1..0 # SKIP curl not found"; exit 0; }
fs_pid= w_pid=
trap '[ -n "$w_pid" ] && kill "$w_pid" 2>/dev/null; [ -n "$fs_pid" ] && kill "$fs_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
. "$top_srcdir/t/feedserver_lib.sh"
feedserver_start "$top_srcdir"
printf 'allow_private_fetch = 127.0.0.1/32\nfetch_in_web = no\nimport_fetches_per_minute = 100000\n' >>"$conf"
setup
db() { db_sql "${test_db:-$tmp/data/larder.db}" "$1"; }
"$LARDER" -c "$conf" user add bob --email bob@example.com >/dev/null 2>&1 || bail_out "larder user add bob"
BOB=$("$LARDER" -c "$conf" key create bob --name test 2>/dev/null) || bail_out "larder key create bob"

k=1
while [ $k -le 100 ]; do echo "$base/hold/$k"; k=$((k + 1)); done >"$tmp/urls.txt"
"$LARDER" -c "$conf" import --user alice --format urls "$tmp/urls.txt" >/dev/null 2>"$tmp/import.err"
is "alice's import: 100 fetches queued" 100 "$(db "SELECT count(*) FROM jobs WHERE kind = 'fetch' AND status = 'queued'")"
{
	echo '<opml version="2.0"><body>'
	k=1
	while [ $k -le 30 ]; do echo "<outline text=\"f$k\" xmlUrl=\"$base/atom/$k.xml\"/>"; k=$((k + 1)); done
	echo '</body></opml>'
} >"$tmp/feeds.opml"
"$LARDER" -c "$conf" import --user alice --format opml "$tmp/feeds.opml" >/dev/null 2>>"$tmp/import.err"
is "alice's 30 feeds: their polls queued" 30 "$(db "SELECT count(*) FROM jobs WHERE kind = 'poll' AND status = 'queued'")"

req POST "{\"query\":\"mutation { saveUrl(input: {url: \\\"$base/post/7\\\", source: \\\"api\\\", clientRequestId: \\\"\\\"}) { __typename } }\"}" \
	"HTTP_AUTHORIZATION=$BOB"
is "bob's saveUrl, queued last" "SaveSuccess" "$(jqr '.data.saveUrl.__typename')"

"$LARDER" -c "$conf" worker >"$tmp/worker.out" 2>&1 </dev/null &
w_pid=$!
# wait for bob's item (a condition, not a time), at most 600 looks
state() { db "SELECT state FROM library_items i JOIN users u ON u.id = i.user_id WHERE u.username = 'bob'"; }
i=0
while [ "$(state)" != SUCCEEDED ] && [ $i -lt 600 ] && kill -0 "$w_pid" 2>/dev/null; do
	i=$((i + 1))
	sleep 0.1
done
is "bob's save SUCCEEDED" SUCCEEDED "$(state)"
# who was served first is read from the order the page server saw the requests in, not from the queue now: the
# worker goes on with alice's work once bob's is done, so a count taken after that moment would race it
curl -s "$base/order" >"$tmp/order"
grep -q '^/post/7$' "$tmp/order" || bail_out "the page server never saw bob's page asked for: $(head -c 300 "$tmp/order")"
before=$(sed '/^\/post\/7$/,$d' "$tmp/order")
polls=$(printf '%s\n' "$before" | grep -c '^/atom/')
held=$(printf '%s\n' "$before" | grep -c '^/hold/')
if [ "$polls" -le 1 ]; then pass "at most one of her 30 feeds polled before bob's page was asked for ($polls)"
else fail "at most one of her 30 feeds polled before bob's page was asked for ($polls)"; fi
if [ "$held" -le 1 ]; then pass "at most one of her 100 held pages asked for before bob's ($held)"
else fail "at most one of her 100 held pages asked for before bob's ($held)"; fi
left=$(db "SELECT count(*) FROM jobs j JOIN users u ON u.id = j.user_id WHERE u.username = 'alice' AND j.kind = 'fetch'")
is "none of her 100 page fetches lost or finished while their pages are held (a done job leaves the queue)" 100 "$left"
curl -s "$base/release" >/dev/null
kill "$w_pid" 2>/dev/null
wait "$w_pid" 2>/dev/null
w_pid=
done_testing
