#!/bin/sh
# feeds_poll.sh: feeds end to end with t/js/feedserver.mjs on loopback: an OPML import subscribes, `larder worker --once` polls (full-content entries kept, the other fetched), a second poll sends the ETag back and gets a 304 with nothing new, a changed feed brings one item, OPML export, and refusals (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
LARDER=$builddir/src/cmd/larder
if ! command -v node >/dev/null 2>&1; then
	echo "1..0 # SKIP node not found"
	exit 0
fi
[ -x "$LARDER" ] || { echo "Bail out! $LARDER not built"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-feeds.XXXXXX") || exit 1
fs_pid=
trap '[ -n "$fs_pid" ] && kill "$fs_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
. "$srcdir/t/tap_lib.sh"
. "$srcdir/t/pg_lib.sh"
# the library: data/larder.db, or a fresh PostgreSQL database under t/pg_e2e.sh
test_db=$(pg_fresh_database) || { echo "$test_db"; exit 1; }
WRAP=${LARDER_TEST_WRAP:-}
run() { $WRAP "$LARDER" -c "$tmp/larder.conf" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; out=$(cat "$tmp/out"); err=$(cat "$tmp/err"); }
# due: the feeds' poll jobs due now (the queue's run_after is the poll's schedule)
due() { db "UPDATE jobs SET run_after = 0 WHERE kind = 'poll'"; }
# due_like PATTERN: the poll of the feeds whose URL is LIKE PATTERN due now, its validators forgotten
due_like() {
	db "UPDATE subscriptions SET etag = NULL, last_modified = NULL WHERE url LIKE '$1'"
	db "UPDATE jobs SET run_after = 0 WHERE kind = 'poll' AND ref IN (SELECT id FROM subscriptions WHERE url LIKE '$1')"
}
db() { db_sql "${test_db:-$tmp/data/larder.db}" "$1"; }
unset LARDER_CONFIG

. "$srcdir/t/feedserver_lib.sh"
feedserver_start "$srcdir"
stats() { curl -s "$base/stats"; }

cat >"$tmp/larder.conf" <<CONF
database = ${test_db:-data/larder.db}
${test_db:+data_dir = $tmp/data}
argon2_t_cost = 1
argon2_memory_kib = 64
allow_private_fetch = 127.0.0.1/32
CONF
run init; is "init" 0 "$rc"
run user add alice; is "alice" 0 "$rc"

cat >"$tmp/subs.opml" <<OPML
<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>mine</title></head><body>
  <outline text="Blogs">
    <outline type="rss" text="Local Feed" xmlUrl="$base/feed.xml" htmlUrl="$base/"/>
  </outline>
  <outline type="rss" text="Not a web URL" xmlUrl="ftp://example.com/feed"/>
</body></opml>
OPML
run import --user alice --format opml "$tmp/subs.opml"
is "opml import: one URL refused, exit 1" 1 "$rc"
like "opml import: one subscribed" '^subscribed: 1$' "$out"
like "opml import: the refused one named" '^ftp://example.com/feed: ' "$out"
run import --user alice --format opml "$tmp/subs.opml"
like "opml import again: already subscribed" '^already subscribed: 1$' "$out"
is "one subscription, named from the outline" "Local Feed|$base/feed.xml|ACTIVE" "$(db 'SELECT name, url, status FROM subscriptions')"

run worker --once
is "first poll: worker exit 0" 0 "$rc"
is "three items from the feed" 3 "$(db 'SELECT count(*) FROM library_items')"
is "all in the following folder, source rss" "following|rss|3" "$(db 'SELECT folder, source, count(*) FROM library_items GROUP BY 1, 2')"
is "full-content entries kept from the feed" 1 \
	"$(db "SELECT count(*) FROM library_items i JOIN item_content c ON c.seq = i.seq WHERE i.url LIKE '%/post/1' AND c.content LIKE '%kept from the feed%'")"
is "kept content sanitized: no script, no javascript: link, no handler" 0 \
	"$(db "SELECT count(*) FROM item_content WHERE content LIKE '%<script%' OR content LIKE '%javascript:%' OR content LIKE '%onclick%'")"
is "kept content: its link text stays" 2 "$(db "SELECT count(*) FROM item_content WHERE content LIKE '%a link%'")"
is "the entry without content fetched" 1 \
	"$(db "SELECT count(*) FROM library_items i JOIN item_content c ON c.seq = i.seq WHERE i.url LIKE '%/post/3' AND c.content LIKE '%fetched page%'")"
is "the entry without content: the feed's title and summary, kept through the page's fetch" "Post 3|Summary 3" \
	"$(db "SELECT title || '|' || coalesce(description, '') FROM library_items WHERE url LIKE '%/post/3'")"
is "the entries with content: their summaries as descriptions" "Summary 1
Summary 2" "$(db "SELECT description FROM library_items WHERE url NOT LIKE '%/post/3' ORDER BY url")"
is "every entry recorded with its item and subscription" 3 \
	"$(db 'SELECT count(*) FROM feed_entries e JOIN subscriptions s ON s.id = e.subscription_id WHERE e.item_id IS NOT NULL')"
is "the validators kept" '"v1"|Tue, 24 Nov 2026 10:00:00 GMT|0' "$(db 'SELECT etag, last_modified, failures FROM subscriptions')"
is "next poll an hour on" 1 "$(db 'SELECT CAST(next_poll_at - last_fetched_at = 3600000 AS INTEGER) FROM subscriptions')"
is "the server sent the feed once" '{"ok":1,"notModified":0}' "$(stats)"

run worker --once
is "not due yet: not fetched again" '{"ok":1,"notModified":0}' "$(stats)"
db 'UPDATE subscriptions SET next_poll_at = 0'; due
run worker --once
is "second poll: exit 0" 0 "$rc"
is "second poll: a 304" '{"ok":1,"notModified":1}' "$(stats)"
is "second poll: nothing new" 3 "$(db 'SELECT count(*) FROM library_items')"

curl -s "$base/add" >/dev/null
db 'UPDATE subscriptions SET next_poll_at = 0'; due
run worker --once
is "changed feed: fetched" '{"ok":2,"notModified":1}' "$(stats)"
is "changed feed: one new item" 4 "$(db 'SELECT count(*) FROM library_items')"
is "changed feed: the new ETag" '"v2"' "$(db 'SELECT etag FROM subscriptions')"

# an entry already in the library by URL is not saved twice
db "DELETE FROM feed_entries WHERE entry_id = 'feedserver-post-2'"
db 'UPDATE subscriptions SET next_poll_at = 0, etag = NULL'; due
run worker --once
is "deduplicated by URL" 4 "$(db 'SELECT count(*) FROM library_items')"
is "the entry recorded against the existing item" 1 \
	"$(db "SELECT count(*) FROM feed_entries e JOIN library_items i ON i.id = e.item_id WHERE e.entry_id = 'feedserver-post-2'")"

# a failing feed backs off
db "UPDATE subscriptions SET url = '$base/missing.xml', next_poll_at = 0"; due
run worker --once
is "a 404: one failure recorded" "1|HTTP 404 Not Found" "$(db 'SELECT failures, last_error FROM subscriptions')"
is "a 404: the next poll two hours on" 1 "$(db 'SELECT CAST(next_poll_at - last_fetched_at = 7200000 AS INTEGER) FROM subscriptions')"
db "UPDATE subscriptions SET url = '$base/feed.xml'"

# feed_polls_per_minute holds for the server, not for each worker: three feeds due and a rate of 2, two
# workers one after the other poll 2 in all; a feed leased by a worker is not taken by another meanwhile
db 'UPDATE subscriptions SET next_poll_at = 0, etag = NULL'; due
run user add bob; is "bob" 0 "$rc"
printf '<opml version="2.0"><body><outline text="b1" xmlUrl="%s/feed.xml?b=1"/><outline text="b2" xmlUrl="%s/feed.xml?b=2"/></body></opml>\n' \
	"$base" "$base" >"$tmp/bob.opml"
run import --user bob --format opml "$tmp/bob.opml"
like "bob: two feeds" '^subscribed: 2$' "$out"
db "UPDATE subscriptions SET next_poll_at = 0, last_fetched_at = NULL"; due
printf 'feed_polls_per_minute = 2\n' >>"$tmp/larder.conf"
run worker --once
is "rate 2: the first worker polls two feeds" 2 "$(db 'SELECT count(*) FROM subscriptions WHERE last_fetched_at IS NOT NULL')"
run worker --once
is "rate 2: a second worker polls none in the same minute" 2 "$(db 'SELECT count(*) FROM subscriptions WHERE last_fetched_at IS NOT NULL')"
is "rate 2: the third feed still due" 1 "$(db 'SELECT count(*) FROM subscriptions WHERE last_fetched_at IS NULL AND next_poll_at = 0')"
db "UPDATE subscriptions SET last_fetched_at = last_fetched_at - 61000 WHERE last_fetched_at IS NOT NULL"
run worker --once
is "rate 2: a minute later the third is polled" 0 "$(db 'SELECT count(*) FROM subscriptions WHERE last_fetched_at IS NULL')"
sed -i '/^feed_polls_per_minute/d' "$tmp/larder.conf"
db "UPDATE subscriptions SET next_poll_at = 0, last_fetched_at = NULL, etag = NULL"; due
before=$(stats | sed 's/.*"ok":\([0-9]*\).*/\1/')
$WRAP "$LARDER" -c "$tmp/larder.conf" worker --once >/dev/null 2>&1 </dev/null &
w1=$!
$WRAP "$LARDER" -c "$tmp/larder.conf" worker --once >/dev/null 2>&1 </dev/null &
w2=$!
wait $w1; wait $w2
after=$(stats | sed 's/.*"ok":\([0-9]*\).*/\1/')
is "two workers at once: each of the three feeds fetched once" 3 "$((after - before))"
is "two workers at once: all three polled" 0 "$(db 'SELECT count(*) FROM subscriptions WHERE last_fetched_at IS NULL')"

run export --user alice --opml
is "opml export: exit 0" 0 "$rc"
like "opml export: the feed" "<outline type=\"rss\" text=\"Local Feed\" title=\"Local Feed\" xmlUrl=\"$base/feed.xml\"" "$out"
printf '%s\n' "$out" >"$tmp/out.opml"
run import --user alice --format opml "$tmp/out.opml"
like "opml export read back: already subscribed" '^already subscribed: 1$' "$out"

# subscribe(fetchContent: false): the entry without content is kept from the feed's summary, its page not fetched
run user add fran; is "fran" 0 "$rc"
printf '<opml version="2.0"><body><outline text="F" xmlUrl="%s/feed.xml?f=1"/></body></opml>\n' "$base" >"$tmp/f.opml"
run import --user fran --format opml "$tmp/f.opml"
db "UPDATE subscriptions SET fetch_content = 0 WHERE url LIKE '%f=1'"
due_like '%f=1'
run worker --once
is "fetchContent off: post 3 kept from its summary, not fetched" "SUCCEEDED|Post 3|Summary 3|1|0" \
	"$(db "SELECT i.state || '|' || i.title || '|' || i.description || '|' || CAST(c.content LIKE '%Summary 3%' AS INTEGER) || '|' ||
		CAST(c.content LIKE '%fetched page%' AS INTEGER) FROM library_items i JOIN users u ON u.id = i.user_id
		JOIN item_content c ON c.seq = i.seq WHERE u.username = 'fran' AND i.url LIKE '%/post/3'")"

# a feed whose title and an entry's title are 4 MB each (issue 20): the item keeps 1000 characters of its title
# and 500 of its site name
run user add carol; is "carol" 0 "$rc"
printf '<opml version="2.0"><body><outline text="Huge" xmlUrl="%s/huge.xml"/></body></opml>\n' "$base" >"$tmp/huge.opml"
run import --user carol --format opml "$tmp/huge.opml"
like "carol: the huge feed subscribed" '^subscribed: 1$' "$out"
db 'UPDATE subscriptions SET next_poll_at = 0, etag = NULL'
run worker --once
is "the huge feed polled: worker exit 0" 0 "$rc"
is "its item: the title cut to 1000 characters, the site name to 500" "1000|500" \
	"$(db "SELECT length(i.title) || '|' || length(i.site_name) FROM library_items i JOIN users u ON u.id = i.user_id WHERE u.username = 'carol'")"
is "the subscription polled without an error" "0|" \
	"$(db "SELECT s.failures || '|' || coalesce(s.last_error, '') FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.username = 'carol'")"

# items_per_user reached: a poll saves nothing new, the subscription's last error names the key (and no
# failure is counted: the feed itself is fine); the entries wait for room
printf '<opml version="2.0"><body><outline text="More" xmlUrl="%s/feed.xml?c=1"/></body></opml>\n' "$base" >"$tmp/more.opml"
run import --user carol --format opml "$tmp/more.opml"
printf 'items_per_user = 1\n' >>"$tmp/larder.conf"
due_like '%c=1'
run worker --once
is "past items_per_user: no new item for carol" 1 \
	"$(db "SELECT count(*) FROM library_items i JOIN users u ON u.id = i.user_id WHERE u.username = 'carol'")"
is "the subscription says why, without a failure" "0|new entries not saved: items_per_user (1) reached" \
	"$(db "SELECT failures || '|' || substr(last_error, 1, 49) FROM subscriptions WHERE url LIKE '%c=1'")"
sed -i '/^items_per_user/d' "$tmp/larder.conf"
due_like '%c=1'
run worker --once
is "with room again, the waiting entries are saved (the four of the feed)" 5 \
	"$(db "SELECT count(*) FROM library_items i JOIN users u ON u.id = i.user_id WHERE u.username = 'carol'")"

# bytes_per_user = 1K: the feed's kept articles fit (about 200 bytes each), the fetched page of post 3 (over 1000)
# does not: its item is FAILED with the reason, nothing of it stored
run user add erin; is "erin" 0 "$rc"
printf '<opml version="2.0"><body><outline text="E" xmlUrl="%s/feed.xml?e=1"/></body></opml>\n' "$base" >"$tmp/e.opml"
run import --user erin --format opml "$tmp/e.opml"
printf 'bytes_per_user = 1K\n' >>"$tmp/larder.conf"
db "UPDATE subscriptions SET next_poll_at = 0, etag = NULL WHERE url LIKE '%e=1'"
run worker --once
is "past bytes_per_user: the fetched page's item FAILED, naming the key" "FAILED|bytes_per_user (1024) reached" \
	"$(db "SELECT i.state || '|' || substr(i.fail_reason, 1, 29) FROM library_items i JOIN users u ON u.id = i.user_id WHERE u.username = 'erin' AND i.url LIKE '%/post/3'")"
is "erin's stored bytes stay within 1024" 1 \
	"$(db "SELECT CAST(x.bytes <= 1024 AND x.bytes > 0 AS INTEGER) FROM user_usage x JOIN users u ON u.id = x.user_id WHERE u.username = 'erin'")"
sed -i '/^bytes_per_user/d' "$tmp/larder.conf"

printf '<?xml version="1.0"?>\n<!DOCTYPE opml [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<opml><body><outline xmlUrl="&x;"/></body></opml>\n' >"$tmp/xxe.opml"
run import --user alice --format opml "$tmp/xxe.opml"
is "an OPML declaring entities: exit 2" 2 "$rc"
like "refused for its entities" 'entit' "$err"
printf '<html><body/></html>' >"$tmp/html.opml"
run import --user alice --format opml "$tmp/html.opml"
is "not OPML: exit 2" 2 "$rc"
like "not OPML: said" 'is not OPML' "$err"
# what a feed gives from outside: its icon and thumbnails stored only as http(s) URLs (a javascript: icon and a
# data: thumbnail dropped), and a feed with an attribute bomb refused by the poll, naming the limit
run user add dora; is "dora" 0 "$rc"
printf '<opml version="2.0"><body><outline text="h" xmlUrl="%s/hostile.xml"/><outline text="b" xmlUrl="%s/bomb.xml?n=200000"/></body></opml>\n' \
	"$base" "$base" >"$tmp/dora.opml"
run import --user dora --format opml "$tmp/dora.opml"
like "dora: two feeds" '^subscribed: 2$' "$out"
db "UPDATE subscriptions SET next_poll_at = 0 WHERE url LIKE '%hostile.xml' OR url LIKE '%bomb.xml%'"
run worker --once
is "hostile feed: its two entries kept" 2 "$(db "SELECT count(*) FROM library_items WHERE url LIKE '%/hostile/%'")"
is "hostile feed: the javascript: icon and the data: thumbnail dropped, the https thumbnail kept" \
	"1|null|null
2|null|https://img.example/ok.png" \
	"$(db "SELECT replace(url, '$base/hostile/', ''), coalesce(site_icon, 'null'), coalesce(image, 'null') FROM library_items WHERE url LIKE '%/hostile/%' ORDER BY url")"
{
	printf '<opml version="2.0"><body><outline'
	seq 0 199999 | sed 's/.*/ a&="x"/' | tr -d '\n'
	printf ' xmlUrl="%s/feed.xml?c=bomb"/></body></opml>\n' "$base"
} >"$tmp/bomb.opml"
run import --user dora --format opml "$tmp/bomb.opml"
is "an OPML list with a 200,000-attribute outline: exit 2" 2 "$rc"
like "refused naming LIMIT_XML_ATTRS" 'an element has more than 128 attributes \(LIMIT_XML_ATTRS\)' "$err"
is "nothing subscribed from it" 0 "$(db "SELECT count(*) FROM subscriptions WHERE url LIKE '%c=bomb'")"
is "a feed with 200,000 attributes on an item: the poll fails naming LIMIT_XML_ATTRS" \
	'1|feed: refused: an element has more than 128 attributes (LIMIT_XML_ATTRS)' \
	"$(db "SELECT failures, last_error FROM subscriptions WHERE url LIKE '%bomb.xml%'")"
done_testing
