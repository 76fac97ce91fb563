#!/bin/sh
# real_feeds.sh: every feed of t/data/real/feeds (real files of other projects, and constructed ones; SOURCES.md) served by t/js/feedserver.mjs with the Content-Type its NAME.expect names, subscribed (fetchContent off), polled by `larder worker --once` until nothing new comes, and the items checked against NAME.expect: one TAP test a sample.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
LARDER=$builddir/src/cmd/larder
DATA=$srcdir/t/data/real/feeds
if ! command -v node >/dev/null 2>&1 || ! command -v sqlite3 >/dev/null 2>&1; then
	echo "1..0 # SKIP node or sqlite3 not found"
	exit 0
fi
[ -x "$LARDER" ] || { echo "Bail out! $LARDER not built"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-realfeeds.XXXXXX") || exit 1
fs_pid=
trap '[ -n "$fs_pid" ] && kill "$fs_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
. "$srcdir/t/tap_lib.sh"
unset LARDER_CONFIG
run() { "$LARDER" -c "$tmp/larder.conf" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; }
db() { sqlite3 -cmd '.timeout 5000' "$tmp/data/larder.db" "$1"; }
# q TEXT: TEXT as an SQL string literal
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/''/g")"; }

. "$srcdir/t/feedserver_lib.sh"
feedserver_start "$srcdir"

cat >"$tmp/larder.conf" <<CONF
database = data/larder.db
argon2_t_cost = 1
argon2_memory_kib = 64
allow_private_fetch = 127.0.0.1/32
feed_polls_per_minute = 100000
fetch_timeout = 2
CONF
run init
[ "$rc" = 0 ] || bail_out "larder init failed: $(cat "$tmp/err")"

# one user a sample (the samples share URLs such as example.com's), each following its sample's feed
samples=$(cd "$DATA" && ls *.expect | sed 's/\.expect$//')
i=0
for s in $samples; do
	i=$((i + 1))
	run user add "u$i" || bail_out "user u$i: $(cat "$tmp/err")"
	printf '<opml version="2.0"><body><outline text="%s" xmlUrl="%s/real/%s"/></body></opml>\n' "$s" "$base" "$s" >"$tmp/s.opml"
	run import --user "u$i" --format opml "$tmp/s.opml"
	[ "$rc" = 0 ] || bail_out "subscribing u$i to $s: $(cat "$tmp/out" "$tmp/err")"
done
# subscribe(fetchContent: false): the entries are kept from the feed, no page is fetched (nothing leaves loopback)
db "UPDATE subscriptions SET fetch_content = 0"
run worker --once
db "CREATE TABLE first_poll AS SELECT user_id, title, url FROM library_items"
# later polls until nothing new comes (a poll takes at most 50 new entries of a feed)
polls=0 last=-1 now=$(db 'SELECT count(*) FROM library_items')
while [ "$now" != "$last" ] && [ $polls -lt 15 ]; do
	db "UPDATE subscriptions SET next_poll_at = 0, etag = NULL, last_modified = NULL"
	db "UPDATE jobs SET run_after = 0 WHERE kind = 'poll'"
	run worker --once
	last=$now now=$(db 'SELECT count(*) FROM library_items') polls=$((polls + 1))
done

# check SAMPLE USER: NAME.expect's lines against what USER's library holds; prints why on failure
check() {
	uid=$(db "SELECT id FROM users WHERE username = '$2'")
	bad=
	sel=
	while IFS= read -r line; do
		key=${line%%:*} val=${line#*: }
		[ "$key" = "$line" ] && continue
		case $key in
		\#* | type) ;;
		error)
			got=$(db "SELECT coalesce(last_error, '') FROM subscriptions WHERE user_id = '$uid'")
			case $got in *"$val"*) ;; *) bad="$bad; error: wanted '$val', got '$got'" ;; esac ;;
		items)
			got=$(db "SELECT count(*) FROM library_items WHERE user_id = '$uid'")
			[ "$got" = "$val" ] || bad="$bad; items: wanted $val, got $got"
			grep -q '^error:' "$DATA/$1.expect" || { # a feed read, not refused (an empty one too)
				err=$(db "SELECT coalesce(last_error, '') FROM subscriptions WHERE user_id = '$uid'")
				[ -z "$err" ] || bad="$bad; the poll said: $err"
			} ;;
		first)
			got=$(db "SELECT count(*) FROM first_poll WHERE user_id = '$uid' AND title = $(q "$val")")
			[ "$got" = 1 ] || bad="$bad; first poll: no item titled '$val'" ;;
		later)
			got=$(db "SELECT count(*) FROM first_poll WHERE user_id = '$uid' AND title = $(q "$val")")$(db "SELECT count(*) FROM library_items WHERE user_id = '$uid' AND title = $(q "$val")")
			[ "$got" = 01 ] || bad="$bad; '$val' not taken by a later poll alone (first poll, end: $got)" ;;
		absent)
			got=$(db "SELECT count(*) FROM library_items WHERE user_id = '$uid' AND title = $(q "$val")")
			[ "$got" = 0 ] || bad="$bad; an item titled '$val' is there" ;;
		item | item-url | item-desc)
			col=title
			[ "$key" = item-url ] && col=url
			[ "$key" = item-desc ] && col="replace(replace(description, char(10), ' '), '  ', ' ')"
			sel="user_id = '$uid' AND $col = $(q "$val")"
			got=$(db "SELECT count(*) FROM library_items WHERE $sel")
			[ "$got" = 1 ] || { bad="$bad; $key '$val': $got items"; sel="1 = 0"; } ;;
		title | url | date | desc | site | author)
			case $key in
			date) col="coalesce(strftime('%Y-%m-%dT%H:%M:%SZ', published_at / 1000, 'unixepoch'), '')" ;;
			desc) col="coalesce(description, '')" ;;
			site) col="coalesce(site_name, '')" ;;
			*) col="coalesce($key, '')" ;;
			esac
			got=$(db "SELECT $col FROM library_items WHERE $sel" | tr '\n\t' '  ' | sed 's/  */ /g; s/^ //; s/ $//')
			[ -n "$sel" ] && [ "$sel" != "1 = 0" ] || continue
			case $key in
			desc) case $got in "$val"*) ;; *) bad="$bad; desc: wanted '$val...', got '$(printf %.80s "$got")'" ;; esac ;;
			*) [ "$got" = "$val" ] || bad="$bad; $key: wanted '$val', got '$got'" ;;
			esac ;;
		*) bad="$bad; unknown line '$line'" ;;
		esac
	done <"$DATA/$1.expect"
	[ -z "$bad" ] && return 0
	printf '# %s:%s\n' "$1" "${bad#;}"
	return 1
}

i=0 passed=0
for s in $samples; do
	i=$((i + 1))
	if check "$s" "u$i"; then passed=$((passed + 1)); pass "$s"; else fail "$s"; fi
done
diag "$passed of $i samples pass"
done_testing
