#!/bin/sh
# web_nonet.sh: a web child never waits on the network: every root field that takes a URL (saveUrl, savePage, createArticleSavingRequest, articleSavingRequest, uploadFileRequest, saveFile, createArticle, subscribe to a feed and to a page, scanFeeds, addDiscoverFeed, setWebhook), and 199 aliased subscribe and scanFeeds, answered by graphql.fcgi (fetch_in_web = no, no worker) while a local server counts the TCP connections it accepts: none; the queued feed reads stay under LIMIT_FEED_WAITING; then `larder worker --once` connects and the subscriptions and scans fill (TAP).
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/t/cgi_lib.sh"
command -v node >/dev/null 2>&1 || { echo "1..0 # SKIP node not found"; exit 0; }
command -v curl >/dev/null 2>&1 || { echo "1..0 # SKIP curl not found"; exit 0; }
fs_pid=
trap '[ -n "$fs_pid" ] && kill "$fs_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
. "$top_srcdir/t/feedserver_lib.sh"
feedserver_start "$top_srcdir"
# (request_cost_max raised: this test sends every URL-taking field, and 199 aliases, in one document each, to see
# what the web process does with them when they run; the cost budget that refuses such documents is t/request_cost.sh's)
printf 'allow_private_fetch = 127.0.0.1/32\nfetch_in_web = no\nrequest_cost_max = 1000000\n' >>"$conf"
setup
A="HTTP_AUTHORIZATION=$KEY"
conns() { curl -s "$base/connections"; }
# the lines graphql.fcgi logged when its fetcher refused (a resolver path that tried to fetch)
refusals() { grep -c "never waits on the network" "$tmp/all.err"; }
: >"$tmp/all.err"
gqlv() { _q=$1 _v=$2; shift 2; req POST "$(jq -cn --arg q "$_q" --argjson v "$_v" '{query: $q, variables: $v}')" "$@"; cat "$tmp/err" >>"$tmp/all.err" 2>/dev/null; }
db() { db_sql "${test_db:-$tmp/data/larder.db}" "$1"; }

is "the counting server: no connection yet" 0 "$(conns)"
M='mutation M($u: String!, $p: String!, $f: String!) {
  a: saveUrl(input: {url: $u, source: "api", clientRequestId: ""}) { __typename }
  b: savePage(input: {url: $p, source: "api", clientRequestId: "", originalContent: "<html><body><p>kept</p></body></html>"}) { __typename }
  c: createArticleSavingRequest(input: {url: $p}) { __typename }
  d: uploadFileRequest(input: {url: $u, contentType: "application/pdf"}) { __typename }
  e: saveFile(input: {url: $u, source: "api", clientRequestId: "", uploadFileId: "00000000-0000-4000-8000-000000000000"}) { __typename }
  f: createArticle(input: {url: $u}) { __typename }
  g: subscribe(input: {url: $f}) { __typename ... on SubscribeSuccess { subscriptions { name } } }
  h: subscribe(input: {url: $u}) { __typename }
  i: addDiscoverFeed(input: {url: $f}) { __typename }
  j: setWebhook(input: {url: $u, eventTypes: [PAGE_CREATED]}) { __typename }
}'
gqlv "$M" "{\"u\":\"$base/page/1.html\",\"p\":\"$base/post/9\",\"f\":\"$base/feed.xml\"}" "$A"
is "every mutation taking a URL answered" "SaveSuccess SaveSuccess CreateArticleSavingRequestSuccess UploadFileRequestSuccess" \
	"$(jqr '[.data.a, .data.b, .data.c, .data.d] | map(.__typename) | join(" ")')"
is "subscribe answered at once, pending under its URL" "SubscribeSuccess|$base/feed.xml|SubscribeSuccess" \
	"$(jqr '[.data.g.__typename, .data.g.subscriptions[0].name, .data.h.__typename] | join("|")')"
Q='query Q($u: String!, $f: String!) {
  a: scanFeeds(input: {url: $f}) { __typename }
  b: scanFeeds(input: {url: $u}) { __typename }
  c: articleSavingRequest(url: $u) { __typename }
}'
gqlv "$Q" "{\"u\":\"$base/page/1.html\",\"f\":\"$base/feed.xml\"}" "$A"
is "every query taking a URL answered" "ScanFeedsError ScanFeedsError ArticleSavingRequestSuccess" \
	"$(jqr '[.data.a, .data.b, .data.c] | map(.__typename) | join(" ")')"

# 199 aliases of each: subscribe to 199 feeds, scan 199 pages
subs= scans=
k=2
while [ $k -le 200 ]; do
	subs="$subs s$k: subscribe(input: {url: \"$base/atom/$k.xml\"}) { __typename ... on SubscribeError { message } }"
	scans="$scans s$k: scanFeeds(input: {url: \"$base/page/$k.html\"}) { __typename }"
	k=$((k + 1))
done
waiting() { db "SELECT (SELECT count(*) FROM subscriptions WHERE pending = 1) + (SELECT count(*) FROM feed_scans WHERE status = 'queued')"; }
before=$(waiting)
is "before: two pending subscriptions and two queued scans" 4 "$before"
gqlv "mutation { $subs }" '{}' "$A"
is "199 aliased subscribe: 16 feed reads wait in all (LIMIT_FEED_WAITING), the rest refused" \
	"16|$(( 16 - before ))|$(( 199 - 16 + before ))" \
	"$(waiting)|$(jqr '[.data[] | select(.__typename == "SubscribeSuccess")] | length')|$(jqr '[.data[] | select(.__typename == "SubscribeError")] | length')"
like "the refusal says why" "waiting to be read already, the most at a time \\(16\\)" "$(jqr '.data.s200.message')"
gqlv "query { $scans }" '{}' "$A"
is "199 aliased scanFeeds: nothing more queued" "16|0" "$(waiting)|$(db "SELECT count(*) FROM feed_scans WHERE url LIKE '%/page/1__.html'")"
is "each answered" "ScanFeedsError|199" "$(jqr '[.data[] | .__typename] | unique | join(",")')|$(jqr '.data | length')"
is "no connection reached the server from the web process" 0 "$(conns)"
is "and no resolver path even tried (graphql.fcgi logged no refusal)" 0 "$(refusals)"

"$LARDER" -c "$conf" worker --once >/dev/null 2>"$tmp/worker.err"
like "the worker connects" "^[1-9][0-9]*$" "$(conns)"
is "the worker read every pending subscription" 0 "$(db "SELECT count(*) FROM subscriptions WHERE pending = 1")"
gql '{ subscriptions { ... on SubscriptionsSuccess { subscriptions { name url failedAt } } } }' "$A"
is "the feed subscribed to, named after it" "Local Feed|null" \
	"$(jqr ".data.subscriptions.subscriptions[] | select(.url == \"$base/feed.xml\") | [.name, .failedAt] | map(tostring) | join(\"|\")")"
is "the page subscribed to: now its feed" "Feed 1|null" \
	"$(jqr ".data.subscriptions.subscriptions[] | select(.url == \"$base/atom/1.xml\") | [.name, .failedAt] | map(tostring) | join(\"|\")")"
is "the aliased ones read too" "Feed 2" "$(jqr ".data.subscriptions.subscriptions[] | select(.url == \"$base/atom/2.xml\") | .name")"
gqlv "$Q" "{\"u\":\"$base/page/1.html\",\"f\":\"$base/feed.xml\"}" "$A"
gqlv 'query Q($u: String!) { scanFeeds(input: {url: $u}) { ... on ScanFeedsSuccess { feeds { title url type } } } }' \
	"{\"u\":\"$base/page/1.html\"}" "$A"
is "scanFeeds asked again: the page's feed" "Feed 1|$base/atom/1.xml|ATOM" "$(jqr '.data.scanFeeds.feeds[] | [.title, .url, .type] | join("|")')"

# a page without feeds: the subscription says why
gqlv 'mutation M($u: String!) { subscribe(input: {url: $u}) { ... on SubscribeSuccess { subscriptions { id } } } }' "{\"u\":\"$base/post/5\"}" "$A"
id=$(jqr '.data.subscribe.subscriptions[0].id')
"$LARDER" -c "$conf" worker --once >/dev/null 2>>"$tmp/worker.err"
gqlv 'query Q($i: ID!) { subscription(id: $i) { ... on SubscriptionSuccess { subscription { name description failed: failedAt } } } }' "{\"i\":\"$id\"}" "$A"
is "a page without feeds: failed, the description says why" "$base/post/5|Not read yet: no feed found at this URL|true" \
	"$(jqr '.data.subscription.subscription | [.name, .description, (.failed != null)] | map(tostring) | join("|")')"
done_testing
