#!/bin/sh
# feeds_api.sh: the subscription calls through graphql.fcgi against t/js/feedserver.mjs on loopback: scanFeeds (a feed, a page announcing one: pending until `larder worker --once` reads them; OPML text at once), subscribe answered at once and read by the worker (discovery, the refusals, a page without feeds), subscriptions, feeds, subscription after a poll, updateSubscription, unsubscribe (TAP).
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/t/cgi_lib.sh"
command -v node >/dev/null 2>&1 || { echo "1..0 # SKIP node not found"; exit 0; }
fs_pid=
trap '[ -n "$fs_pid" ] && kill "$fs_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
. "$top_srcdir/t/feedserver_lib.sh"
feedserver_start "$top_srcdir"
printf 'allow_private_fetch = 127.0.0.1/32\nsubscriptions_per_user = 1\nfetch_in_web = no\n' >>"$conf"
setup
A="HTTP_AUTHORIZATION=$KEY"
gqlv() { _q=$1 _v=$2; shift 2; req POST "$(jq -cn --arg q "$_q" --argjson v "$_v" '{query: $q, variables: $v}')" "$@"; }
SCAN='query S($u: String, $o: String) { scanFeeds(input: {url: $u, opml: $o}) { __typename ... on ScanFeedsSuccess { feeds { title url type } } ... on ScanFeedsError { errorCodes message } } }'
SUB='mutation S($u: String!) { subscribe(input: {url: $u}) { __typename ... on SubscribeSuccess { subscriptions { id name url type status folder fetchContent } } ... on SubscribeError { errorCodes message } } }'
LIST='{ subscriptions { ... on SubscriptionsSuccess { subscriptions { id name } } } }'

worker() { "$LARDER" -c "$conf" worker --once >/dev/null 2>"$tmp/worker.err"; }
served() { curl -s "$base/stats" | jq -r .ok; }
gqlv "$SCAN" "{\"u\":\"$base/feed.xml\"}" "$A"
is "scanFeeds of a feed: pending, nothing fetched in the web process" \
	"ScanFeedsError|BAD_REQUEST|looking for feeds at this URL: ask again in a few seconds for the answer|0" \
	"$(jqr '.data.scanFeeds | [.__typename, .errorCodes[0], .message] | join("|")')|$(served)"
gqlv "$SCAN" "{\"u\":\"$base/page.html\"}" "$A"
is "scanFeeds of a page: pending too" "ScanFeedsError" "$(jqr '.data.scanFeeds.__typename')"
worker
gqlv "$SCAN" "{\"u\":\"$base/feed.xml\"}" "$A"
is "scanFeeds of a feed after the worker: itself" "Local Feed|$base/feed.xml|RSS" "$(jqr '.data.scanFeeds.feeds[] | [.title, .url, .type] | join("|")')"
gqlv "$SCAN" "{\"u\":\"$base/page.html\"}" "$A"
is "scanFeeds of a page after the worker: the feed it announces" "Local Feed|$base/feed.xml|RSS" "$(jqr '.data.scanFeeds.feeds[] | [.title, .url, .type] | join("|")')"
gqlv "$SCAN" "{\"u\":\"$base/nothing\"}" "$A"
worker
gqlv "$SCAN" "{\"u\":\"$base/nothing\"}" "$A"
like "scanFeeds of an unreachable URL after the worker: why" "ScanFeedsError BAD_REQUEST .*404" "$(jqr '[.data.scanFeeds.__typename, .data.scanFeeds.errorCodes[0], .data.scanFeeds.message] | join(" ")')"
gqlv "$SCAN" "{\"o\":\"<opml><body><outline text=\\\"A\\\" xmlUrl=\\\"https://a.example/f\\\"/></body></opml>\"}" "$A"
is "scanFeeds of OPML text" "A|https://a.example/f" "$(jqr '.data.scanFeeds.feeds[] | [.title, .url] | join("|")')"
gqlv "$SCAN" "{\"u\":\"http://10.1.2.3/feed\"}" "$A"
is "scanFeeds of a private address: refused" "ScanFeedsError BAD_REQUEST" "$(jqr '[.data.scanFeeds.__typename, .data.scanFeeds.errorCodes[0]] | join(" ")')"
gqlv "$SCAN" "{\"u\":\"$base/feed.xml\"}"
is "scanFeeds without a key" "BAD_REQUEST" "$(jqr '.data.scanFeeds.errorCodes[0]')"

gqlv "$SUB" "{\"u\":\"$base/page.html\"}" "$A"
is "subscribe through the page: answered at once, pending under the URL given" \
	"SubscribeSuccess|$base/page.html|$base/page.html|RSS|ACTIVE|following|true" \
	"$(jqr '.data.subscribe as $s | $s.subscriptions[0] | [$s.__typename, .name, .url, .type, .status, .folder, .fetchContent] | map(tostring) | join("|")')"
id=$(jqr '.data.subscribe.subscriptions[0].id')
gqlv 'query Q($i: ID!) { subscription(id: $i) { ... on SubscriptionSuccess { subscription { name lastFetchedAt failedAt } } } }' "{\"i\":\"$id\"}" "$A"
is "not read yet: never fetched" "$base/page.html|null|null" "$(jqr '.data.subscription.subscription | [.name, .lastFetchedAt, .failedAt] | map(tostring) | join("|")')"
worker
gqlv 'query Q($i: ID!) { subscription(id: $i) { ... on SubscriptionSuccess { subscription { name url failedAt } } } }' "{\"i\":\"$id\"}" "$A"
is "after the worker: the feed the page announces, named after it" "Local Feed|$base/feed.xml|null" \
	"$(jqr '.data.subscription.subscription | [.name, .url, .failedAt] | map(tostring) | join("|")')"
gqlv "$SUB" "{\"u\":\"$base/feed.xml\"}" "$A"
is "subscribe again: ALREADY_SUBSCRIBED" "ALREADY_SUBSCRIBED" "$(jqr '.data.subscribe.errorCodes[0]')"
gqlv "$SUB" "{\"u\":\"$base/atom/7.xml\"}" "$A"
is "a second feed past subscriptions_per_user = 1" \
	"EXCEEDED_MAX_SUBSCRIPTIONS|you follow 1 feeds, the most allowed (subscriptions_per_user in larder.conf)" \
	"$(jqr '.data.subscribe | [.errorCodes[0], .message] | join("|")')"
gqlv "$SUB" "{\"u\":\"http://10.1.2.3/feed\"}" "$A"
is "a private address: BAD_REQUEST at once" "BAD_REQUEST" "$(jqr '.data.subscribe.errorCodes[0]')"
gql "$LIST" "$A"
is "subscriptions: the one" "$id Local Feed" "$(jqr '.data.subscriptions.subscriptions[] | "\(.id) \(.name)"')"
gql '{ feeds(input: {query: "LOCAL", first: 5}) { ... on FeedsSuccess { edges { node { id title url type } } pageInfo { hasNextPage totalCount } } } }' "$A"
is "feeds: found by name" "$id|Local Feed|$base/feed.xml|RSS|false|1" \
	"$(jqr '.data.feeds | (.edges[0].node | [.id, .title, .url, .type]) + [.pageInfo.hasNextPage, .pageInfo.totalCount] | map(tostring) | join("|")')"
gql '{ feeds(input: {query: "nothing like it"}) { ... on FeedsSuccess { edges { cursor } } } }' "$A"
is "feeds: none for another query" 0 "$(jqr '.data.feeds.edges | length')"

gql '{ search(query: "in:all", first: 10) { ... on SearchSuccess { edges { node { title folder subscription } } } } }' "$A"
is "the worker polled: three items in following" "following following following" "$(jqr '[.data.search.edges[].node.folder] | join(" ")')"
is "each with its subscription's name" "Local Feed|Local Feed|Local Feed" "$(jqr '[.data.search.edges[].node.subscription] | join("|")')"
gqlv 'query Q($i: ID!) { subscription(id: $i) { ... on SubscriptionSuccess { subscription { lastFetchedAt failedAt mostRecentItemDate count newsletterEmail } } } }' "{\"i\":\"$id\"}" "$A"
is "subscription: fetched, not failed, with its newest entry, three items, no address" "true|null|2026-11-13T08:00:00.000Z|3|null" \
	"$(jqr '.data.subscription.subscription | [(.lastFetchedAt != null), .failedAt, .mostRecentItemDate, .count, .newsletterEmail] | map(tostring) | join("|")')"

gqlv 'mutation U($i: ID!) { updateSubscription(input: {id: $i, name: "Renamed", folder: "inbox", fetchContent: false}) { ... on UpdateSubscriptionSuccess { subscription { name folder fetchContent fetchContentType } } } }' "{\"i\":\"$id\"}" "$A"
is "updateSubscription" "Renamed|inbox|false|NEVER" "$(jqr '.data.updateSubscription.subscription | [.name, .folder, .fetchContent, .fetchContentType] | map(tostring) | join("|")')"
gqlv 'mutation U($i: ID!) { unsubscribe(name: "", subscriptionId: $i) { __typename ... on UnsubscribeSuccess { subscription { status } } ... on UnsubscribeError { errorCodes } } }' "{\"i\":\"$id\"}" "$A"
is "unsubscribe" "UNSUBSCRIBED" "$(jqr '.data.unsubscribe.subscription.status')"
gqlv 'mutation U($i: ID!) { unsubscribe(name: "", subscriptionId: $i) { __typename ... on UnsubscribeError { errorCodes } } }' "{\"i\":\"$id\"}" "$A"
is "unsubscribe again: ALREADY_UNSUBSCRIBED" "ALREADY_UNSUBSCRIBED" "$(jqr '.data.unsubscribe.errorCodes[0]')"
gql "$LIST" "$A"
is "subscriptions: none left" 0 "$(jqr '.data.subscriptions.subscriptions | length')"
gqlv "$SUB" "{\"u\":\"$base/feed.xml\"}" "$A"
is "subscribe again after unsubscribing: active again" "ACTIVE|$id" "$(jqr '.data.subscribe.subscriptions[0] | [.status, .id] | join("|")')"
done_testing
