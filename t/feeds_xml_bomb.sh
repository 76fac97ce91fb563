#!/bin/sh
# feeds_xml_bomb.sh: XML attribute bombs sent through a real server (contrib/larder-serve with one graphql.fcgi child) and t/js/feedserver.mjs: scanFeeds with OPML text refused naming LIMIT_XML_ATTRS, after which the same child answers normal calls; scanFeeds and subscribe by the URL of a bombed feed, read by `larder worker --once`, answer and fail naming the limit; a feed's javascript: icon is neither shown nor stored (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-xmlbomb.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"
serve_need nginx spawn-fcgi curl jq node
fs_pid=
trap '[ -n "$fs_pid" ] && kill "$fs_pid" 2>/dev/null; serve_cleanup' EXIT

. "$srcdir/t/feedserver_lib.sh"
feedserver_start "$srcdir"
feeds=$base

# one FastCGI child: the requests after the bombs are answered by the process that read them
serve_start --children 1 --allow-private-fetch --set argon2_t_cost=1 --set argon2_memory_kib=64 --set fetch_in_web=no
G=http://127.0.0.1:$port/api/graphql
printf 'password1\n' | "$larder" -c "$conf" user add ann --email ann@example.org --password-file - >/dev/null 2>&1 ||
	bail_out "user add failed"
key=$("$larder" -c "$conf" key create ann --name main 2>/dev/null)
[ -n "$key" ] || bail_out "key create failed"

# gql QUERY [VARS-FILE]: POST to graphql.fcgi with the key; status in $status, body in $body
gql() {
	if [ -n "${2:-}" ]; then
		jq -n --arg q "$1" --slurpfile v "$2" '{query: $q, variables: $v[0]}' >"$tmp/req.json"
	else
		jq -n --arg q "$1" '{query: $q}' >"$tmp/req.json"
	fi
	status=$(curl -s -o "$tmp/body" -w '%{http_code}' -m 120 -H "Authorization: $key" -H 'Content-Type: application/json' \
		--data-binary @"$tmp/req.json" "$G")
	body=$(cat "$tmp/body")
}
jqr() { printf '%s' "$body" | jq -r "$1" 2>/dev/null || echo JQ-ERROR; }
tap_context() { printf 'body: %.400s\n' "${body-}"; }

SCAN='query S($u: String, $o: String) { scanFeeds(input: {url: $u, opml: $o}) { __typename ... on ScanFeedsSuccess { feeds { title url image } } ... on ScanFeedsError { errorCodes message } } }'
SUB='mutation S($u: String!) { subscribe(input: {url: $u}) { __typename ... on SubscribeSuccess { subscriptions { name icon } } ... on SubscribeError { errorCodes message } } }'

gql '{ me { id } }'
# this server's graphql.fcgi children alive, from its own pid file (pgrep would also see other tests' servers, which
# run beside this one under make -j2 and in t/pg_e2e.sh's streams)
children() { for _p in $(cat "$data/run/graphql.pid" 2>/dev/null); do kill -0 "$_p" 2>/dev/null && echo "$_p"; done | sort | tr '\n' ' '; }
pid_before=$(children)

# one outline with 200,000 attributes (2.1 MB of OPML, within body_limit): minutes of CPU for libxml2 before
{
	printf '<?xml version="1.0"?><opml version="2.0"><body><outline'
	seq 0 199999 | sed 's/.*/ a&="x"/' | tr -d '\n'
	printf ' xmlUrl="https://a.example/feed"/></body></opml>'
} >"$tmp/bomb.opml"
jq -n --rawfile o "$tmp/bomb.opml" '{o: $o}' >"$tmp/vars.json"
gql "$SCAN" "$tmp/vars.json"
is "scanFeeds(opml:) with a 200,000-attribute outline: HTTP 200" 200 "$status"
is "scanFeeds(opml:): refused naming the limit" \
	"ScanFeedsError|BAD_REQUEST|is not OPML: refused: an element has more than 128 attributes (LIMIT_XML_ATTRS)" \
	"$(jqr '.data.scanFeeds | [.__typename, .errorCodes[0], .message] | join("|")')"

# scanFeeds and subscribe by URL answer at once (the web child reads no feed): the reads are queued here and
# answered after `larder worker --once` below
printf '{"u":"%s/bomb.xml?n=200000"}' "$feeds" >"$tmp/vars.json"
gql "$SCAN" "$tmp/vars.json"
is "scanFeeds(url:) of a feed with a 200,000-attribute item: queued" \
	"ScanFeedsError|looking for feeds at this URL: ask again in a few seconds for the answer" \
	"$(jqr '.data.scanFeeds | [.__typename, .message] | join("|")')"
gql "$SUB" "$tmp/vars.json"
is "subscribe to it: answered at once, pending" "SubscribeSuccess|$feeds/bomb.xml?n=200000" \
	"$(jqr '.data.subscribe | [.__typename, .subscriptions[0].name] | join("|")')"
# the same child answers what comes next
gql '{ me { id } }'
is "me afterwards: answered" "200|true" "$status|$(jqr '.data.me.id != null')"
is "the same graphql.fcgi process" "${pid_before:-none}" "$(children)"
jq -n '{o: "<opml version=\"2.0\"><body><outline text=\"A\" xmlUrl=\"https://a.example/f\"/></body></opml>"}' >"$tmp/vars.json"
gql "$SCAN" "$tmp/vars.json"
is "a normal scanFeeds(opml:) afterwards" "ScanFeedsSuccess|A|https://a.example/f" \
	"$(jqr '.data.scanFeeds | [.__typename, .feeds[0].title, .feeds[0].url] | join("|")')"

# a feed whose channel image is a javascript: URL: not shown by scanFeeds, not stored by subscribe
printf '{"u":"%s/hostile.xml"}' "$feeds" >"$tmp/vars.json"
gql "$SCAN" "$tmp/vars.json"
gql "$SUB" "$tmp/vars.json"
# the runner's work: the two scans and the two first reads
"$larder" -c "$conf" worker --once >/dev/null 2>"$tmp/worker.err" || bail_out "larder worker --once failed: $(cat "$tmp/worker.err")"
printf '{"u":"%s/bomb.xml?n=200000"}' "$feeds" >"$tmp/vars.json"
gql "$SCAN" "$tmp/vars.json"
like "scanFeeds(url:) of the bombed feed asked again: refused naming the limit" \
	'^ScanFeedsError\|BAD_REQUEST\|.*an element has more than 128 attributes \(LIMIT_XML_ATTRS\)' \
	"$(jqr '.data.scanFeeds | [.__typename, .errorCodes[0], .message] | join("|")')"
gql '{ subscriptions { ... on SubscriptionsSuccess { subscriptions { url name description failedAt icon } } } }'
like "the subscription to it: failed, saying why" \
	'^true\|Not read yet: .*an element has more than 128 attributes \(LIMIT_XML_ATTRS\)' \
	"$(jqr '.data.subscriptions.subscriptions[] | select(.url | test("bomb")) | [(.failedAt != null | tostring), .description] | join("|")')"
is "the subscription to the hostile feed: named after it, no icon" "Hostile|null" \
	"$(jqr '.data.subscriptions.subscriptions[] | select(.url | test("hostile")) | [.name, (.icon | tostring)] | join("|")')"
printf '{"u":"%s/hostile.xml"}' "$feeds" >"$tmp/vars.json"
gql "$SCAN" "$tmp/vars.json"
is "scanFeeds of a feed with a javascript: icon: no image" "ScanFeedsSuccess|Hostile|null" \
	"$(jqr '.data.scanFeeds | [.__typename, .feeds[0].title, (.feeds[0].image | tostring)] | join("|")')"
is "no javascript: stored in subscriptions" 0 \
	"$(db_sql "${serve_db:-$data/larder.db}" "SELECT count(*) FROM subscriptions WHERE icon LIKE '%script:%'")"
done_testing
