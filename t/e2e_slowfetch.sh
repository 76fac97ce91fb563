#!/bin/sh
# e2e_slowfetch.sh: slow pages do not hold the web processes: while one user's four dripping pages are fetched, another user's requests are answered at once, the per-user cap holds, and the pages still complete (TAP).
# Runs nginx + spawn-fcgi (contrib/larder-serve, 4 graphql.fcgi children, fetch_in_web on: the default) and
# t/js/testserver.mjs, whose /drip page sends 1 KiB every 0.2 s and then holds its last piece at a gate the test
# opens: alice saves four of them; the fetches run in detached runners (at most fetch_runners = 3 at once, at most
# fetches_per_user = 2 of alice's), so bob's `me` and bob's own save are served while they are held. The checks wait
# for conditions, not times: what must happen "while alice's pages drip" happens before the test opens the gate, so a
# busy machine makes the test slower but cannot make it fail (fetch_timeout is raised so that no held page times out).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-slow.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"
serve_need nginx spawn-fcgi node curl jq "$(db_cli)"
. "$srcdir/t/testserver_lib.sh"
trap 'touch "$tmp/stop"; testserver_stop; serve_cleanup' EXIT
testserver_start --pages "$srcdir/t/data/pages"

serve_start --allow-private-fetch --children 4 --set fetch_timeout=3600   # the defaults: fetch_in_web = yes, fetch_runners = 3, fetches_per_user = 2
url=http://127.0.0.1:$port/api/graphql
db=${serve_db:-$data/larder.db}
serve_user_key ka alice slow
serve_user_key kb bob slow

# gql NAME KEY QUERY [VARIABLES-JSON]: POST as KEY; body in $tmp/NAME.json, seconds taken in $secs
gql() {
	jq -n --arg q "$3" --argjson v "${4:-null}" '{query: $q, variables: $v}' >"$tmp/$1.req"
	secs=$(curl -s -m 20 -o "$tmp/$1.json" -w '%{time_total}' -H "authorization: $2" -H 'content-type: application/json' \
		--data-binary "@$tmp/$1.req" "$url")
}
save_q='mutation S($u: String!) { saveUrl(input: {url: $u, source: "api", clientRequestId: ""}) {
	__typename ... on SaveSuccess { clientRequestId } } }'
# sql QUERY: against the server's database (SQLite's WAL: readers never wait for the runners)
sql() { db_sql "$db" "$1"; }
# now in milliseconds since 1970, in each engine's SQL
NOW="CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"
! db_pg "$db" || NOW="CAST(extract(epoch FROM clock_timestamp()) * 1000 AS BIGINT)"
# alice's jobs: running under a live lease, and not yet finished
leased="SELECT count(*) FROM jobs j JOIN library_items i ON i.seq = j.item_seq JOIN users u ON u.id = i.user_id
	WHERE u.username = 'alice' AND j.status = 'running' AND j.locked_until > $NOW"
unfinished="SELECT count(*) FROM jobs j JOIN library_items i ON i.seq = j.item_seq JOIN users u ON u.id = i.user_id
	WHERE u.username = 'alice'"
# runners: processes started with --fetch-runner for this server's larder.conf
runners() {
	for f in /proc/[0-9]*/cmdline; do
		tr '\0' ' ' 2>/dev/null <"$f" | grep -q -F -e "--fetch-runner $conf" && { p=${f#/proc/}; echo "${p%/cmdline}"; }
	done
}

# --- alice saves four slow pages (held at the gate "alice" until the test opens it) ---------------------------
slowest=0 early=
for i in 1 2 3 4; do
	gql save$i "$ka" "$save_q" "{\"u\":\"http://127.0.0.1:$ts_port/drip?ms=200&n=6&i=$i&gate=alice\"}"
	jqok "alice's slow save $i answers SaveSuccess" '.data.saveUrl.__typename == "SaveSuccess"' "$tmp/save$i.json"
	awk "BEGIN { exit !($secs > $slowest) }" && slowest=$secs
	# its page cannot have arrived (the gate is closed): an answer now did not wait for the fetch
	st=$(sql "SELECT state FROM library_items WHERE id = '$(jq -r '.data.saveUrl.clientRequestId' "$tmp/save$i.json")'")
	[ "$st" = PROCESSING ] || early="$early save$i:$st"
done
is "each save answered before its page arrived (slowest ${slowest}s)" "" "$early"

# the lease sampler: how many of alice's jobs run at once, every 0.1 s until the end
( while [ ! -f "$tmp/stop" ]; do sql "$leased" >>"$tmp/leased"; sleep 0.1; done ) &
for _ in $(seq 1200); do [ "$(sql "$leased")" -ge 2 ] && break; sleep 0.1; done
is "two of alice's fetches run at once (fetches_per_user = 2)" 2 "$(sql "$leased")"

# --- meanwhile bob is served at once ------------------------------------------------------------------------
slowest=0 answered=0 fewer=
for i in $(seq 20); do
	gql me "$kb" '{ me { name } }'
	jq -e '.data.me.name == "bob"' "$tmp/me.json" >/dev/null 2>&1 && answered=$((answered + 1))
	awk "BEGIN { exit !($secs > $slowest) }" && slowest=$secs
	u=$(sql "$unfinished")   # (not n: t/tap_lib.sh counts the checks in n)
	[ "$u" -eq 4 ] || fewer="$fewer me$i:$u"
done
left=$(sql "$unfinished")
is "bob's 20 \`me\` requests are all answered" 20 "$answered"
is "each while all four of alice's pages were unfinished, held at the gate (slowest ${slowest}s)" "" "$fewer"
[ "$left" -gt 0 ] && pass "all of them while alice's fetches were still running ($left left)" ||
	fail "all of them while alice's fetches were still running" "none left"

# the runners: detached (not children of graphql.fcgi), standard streams on /dev/null (stderr may be the log),
# without the FastCGI listen socket (fd 0 of every graphql.fcgi), at most fetch_runners of them
r=$(runners)
nr=$(printf '%s\n' $r | grep -c .)
[ "$nr" -ge 1 ] && [ "$nr" -le 3 ] && pass "1 to 3 fetch runners are running ($nr)" || fail "1 to 3 fetch runners are running" "$nr: $r"
listen=$(readlink "/proc/$(head -n 1 "$data/run/graphql.pid")/fd/0")
bad=
for p in $r; do
	pp=$(sed -n 's/^PPid:[[:space:]]*//p' "/proc/$p/status" 2>/dev/null)
	grep -qx "$pp" "$data/run/graphql.pid" && bad="$bad $p:parent=$pp"
	for fd in /proc/$p/fd/*; do
		t=$(readlink "$fd" 2>/dev/null)
		case ${fd##*/}:$t in
		0:/dev/null|1:/dev/null|2:*.log|2:/dev/null) ;;
		[012]:*) bad="$bad $p:fd${fd##*/}=$t" ;;
		*:"$listen") bad="$bad $p:fd${fd##*/}=the listen socket" ;;
		esac
	done
done
case $listen in socket:*) pass "graphql.fcgi's fd 0 is its listen socket ($listen)" ;; *) fail "graphql.fcgi's fd 0 is its listen socket" "$listen" ;; esac
is "no runner is a child of graphql.fcgi, has other standard streams, or holds the listen socket" "" "$bad"

# bob's own save is fetched while alice's wait: she cannot take every runner
gql bsave "$kb" "$save_q" "{\"u\":\"http://127.0.0.1:$ts_port/article/pelicans.html\"}"
bid=$(jq -r '.data.saveUrl.clientRequestId' "$tmp/bsave.json")
for _ in $(seq 1200); do
	state=$(sql "SELECT state FROM library_items WHERE id = '$bid'")
	[ "$state" = PROCESSING ] || break
	sleep 0.1
done
left=$(sql "$unfinished")
is "bob's page is fetched in a runner of its own" SUCCEEDED "$state"
[ "$left" -gt 0 ] && pass "before alice's slow pages are done ($left left)" || fail "before alice's slow pages are done" "none left"

# --- alice's pages complete, two at a time ------------------------------------------------------------------
curl -s -m 20 -o /dev/null "http://127.0.0.1:$ts_port/open?gate=alice"
for _ in $(seq 3000); do
	[ "$(sql "$unfinished")" -eq 0 ] && break
	sleep 0.1
done
touch "$tmp/stop"
is "alice's four pages end SUCCEEDED" "SUCCEEDED Drip,SUCCEEDED Drip,SUCCEEDED Drip,SUCCEEDED Drip" \
	"$(sql "SELECT state || ' ' || title FROM library_items i JOIN users u ON u.id = i.user_id
	WHERE u.username = 'alice' ORDER BY seq" | paste -sd, -)"
is "never more than two of alice's jobs leased at once" 2 "$(sort -n "$tmp/leased" | tail -n 1)"

# the runners end with the queue, and leave no zombie behind
for _ in $(seq 1200); do [ -z "$(runners)" ] && break; sleep 0.1; done
is "no runner is left once the queue is empty" "" "$(runners)"
z=
for p in $(cat "$data/run/graphql.pid"); do z="$z$(ps -o stat= --ppid "$p" 2>/dev/null | grep Z)"; done
is "graphql.fcgi has no zombie children" "" "$z"
# (named after the SQLite file; "larder" for a PostgreSQL library)
slots=$data/larder.db-runner
! db_pg "$db" || slots=$data/larder-runner
is "three slot files next to the database" 3 "$(ls "$slots".* 2>/dev/null | wc -l)"

if grep -q -e 'Sanitizer' -e 'runtime error' "$data/logs/graphql.log" 2>/dev/null; then
	fail "graphql.fcgi and its runners logged no sanitizer error" "$(grep -m 5 -e 'Sanitizer' -e 'runtime error' "$data/logs/graphql.log")"
else
	pass "graphql.fcgi and its runners logged no sanitizer error"
fi
done_testing
