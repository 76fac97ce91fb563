#!/bin/sh
# health.sh: GET /api/health through nginx + graphql.fcgi (TAP): no credentials needed, JSON with the database reachable and writable, the schema current and the worker's last round ("degraded" before larder worker ran, "ok" after, 503 "fail" with the database gone); other methods, a bad key, a long query string refused or ignored; no user data or path in any answer; 300 requests cost the children little CPU.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-health.XXXXXX") || exit 1
. "$srcdir/t/tap_lib.sh"
. "$srcdir/t/serve_lib.sh"
serve_need nginx spawn-fcgi curl jq
serve_start
serve_user_key key alice
url=http://127.0.0.1:$port/api/health
worker_pid=
trap '[ -n "$worker_pid" ] && kill "$worker_pid" 2>/dev/null; serve_cleanup' EXIT

# get [CURL ARGS]: the answer's status in $code, its body in $body
get() { code=$(curl -s -m 30 -o "$tmp/h.json" -w '%{http_code}' "$@" "$url"); body=$(cat "$tmp/h.json"); }
tap_context() { printf 'body: %s\n' "${body-}"; }
private() { unlike "$1: no user data or path" "alice|$data|$tmp|$(printf '%s' "$key" | cut -c1-12)" "$body"; }

get
is "before the worker ran: 200" 200 "$code"
is "before the worker ran: degraded, the database fine" "degraded true true true false true" \
	"$(jq -r '[.status, .database.reachable, .database.writable, .database.schemaCurrent, .worker.recent, .worker.lastSeenSecondsAgo == null] | join(" ")' "$tmp/h.json" 2>&1)"
is "the schema wanted is the one found" "$(jq -r .database.schemaWanted "$tmp/h.json")" "$(jq -r .database.schema "$tmp/h.json")"
is "JSON, not cached" "application/json no-store" \
	"$(curl -s -D - -o /dev/null "$url" | tr -d '\r' | sed -n 's/^Content-Type: \([^;]*\).*/\1/Ip; s/^Cache-Control: //Ip' | paste -sd' ' -)"
private "degraded"

"$larder" -c "$conf" worker >"$tmp/worker.log" 2>&1 &
worker_pid=$!
i=0
until get && [ "$(jq -r .status "$tmp/h.json")" = ok ]; do
	i=$((i + 1)); [ $i -lt 300 ] || break; sleep 0.1
done
is "with larder worker running: ok" "200 ok true" "$code $(jq -r '[.status, .worker.recent] | join(" ")' "$tmp/h.json")"
like "the worker's last round in seconds" '^[0-9]+$' "$(jq -r .worker.lastSeenSecondsAgo "$tmp/h.json")"
private "ok"

# --- what a stranger can send -------------------------------------------------------------------------------------
get -X POST -H 'content-type: application/json' --data '{"query":"{ me { id } }"}'
is "POST: 405" 405 "$code"
get -X PUT --data x
is "PUT: 405" 405 "$code"
get -X DELETE
is "DELETE: 405" 405 "$code"
get -I
is "HEAD: 200" 200 "$code"
get -H 'authorization: not-a-key'
is "a bad key: ignored, 200" "200 ok" "$code $(jq -r .status "$tmp/h.json")"
get -H "authorization: $key"
private "with alice's key"
long=$(head -c 6000 /dev/zero | tr '\0' a)
code=$(curl -s -m 30 -o "$tmp/h.json" -w '%{http_code}' "$url?x=$long")
body=$(cat "$tmp/h.json")
like "a long query string: answered or refused, never a 5xx" '^(200|4[0-9][0-9])$' "$code"
get -H 'accept: text/html'
is "any Accept: JSON all the same" "200 ok" "$code $(jq -r .status "$tmp/h.json")"

# --- cheap: 300 requests on 4 connections, the children's CPU read from /proc -----------------------------------------
cpu() {
	_t=0
	for _p in $(cat "$data/run/graphql.pid"); do
		[ -r "/proc/$_p/stat" ] || continue
		_t=$((_t + $(sed 's/^.*) //' "/proc/$_p/stat" | awk '{ print $12 + $13 }')))
	done
	echo "$_t"
}
c0=$(cpu)
pids=
for c in 1 2 3 4; do
	( n=0; while [ $n -lt 75 ]; do curl -s -o /dev/null "$url"; n=$((n + 1)); done ) &
	pids="$pids $!"
done
wait $pids
c1=$(cpu)
ticks=$(getconf CLK_TCK)
ms=$(( (c1 - c0) * 1000 / ticks ))
echo "# 300 health requests: ${ms} ms of the children's CPU"
[ "$ms" -lt 1500 ] && pass "300 requests: under 5 ms of CPU each (${ms} ms in all)" ||
	fail "300 requests: under 5 ms of CPU each" "got ${ms} ms in all"
get
is "still answering after them" "200 ok" "$code $(jq -r .status "$tmp/h.json")"

# --- the database gone: 503, and still no path ---------------------------------------------------------------------
kill "$worker_pid" 2>/dev/null
wait "$worker_pid" 2>/dev/null
worker_pid=
if db_pg "${serve_db:-}"; then
	skip "the database file gone: a SQLite case (under t/pg_e2e.sh the library is on PostgreSQL)" 2
else
	mv "$data/larder.db" "$data/larder.db.away"
	get
	is "database gone: 503 fail, not writable" "503 fail false" \
		"$code $(jq -r '[.status, .database.writable] | join(" ")' "$tmp/h.json")"
	private "fail"
	mv "$data/larder.db.away" "$data/larder.db"
fi
done_testing
