#!/bin/sh
# pg_restart.sh: nginx and long-lived graphql.fcgi processes on a throwaway PostgreSQL (t/pg_lib.sh) go on answering after the server restarts under them: a key is checked, a save is stored and searched, with no request refused (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
grep -q '^#define HAVE_LIBPQ 1' "$builddir/config.h" 2>/dev/null ||
	{ echo "1..0 # SKIP larder built without PostgreSQL (configure --with-postgresql)"; exit 0; }
for c in nginx spawn-fcgi curl jq psql; do
	command -v $c >/dev/null 2>&1 || [ -x /usr/sbin/$c ] || { echo "1..0 # SKIP $c not installed"; exit 0; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-pgrestart.XXXXXX") || exit 1
. "$srcdir/t/tap_lib.sh"
. "$srcdir/t/serve_lib.sh"
trap 'serve_cleanup; pg_stop' EXIT
pg_start
LARDER_TEST_PG_HOST=$PG_DIR
export LARDER_TEST_PG_HOST
serve_need nginx spawn-fcgi
serve_start --set fetch_in_web=no
url=http://127.0.0.1:$port/api/graphql
"$larder" -c "$conf" user add keeper --name "Keeper" >"$tmp/cli.log" 2>&1 || bail_out "user add: $(cat "$tmp/cli.log")"
key=$("$larder" -c "$conf" key create keeper --name t 2>"$tmp/cli.log") || bail_out "key create: $(cat "$tmp/cli.log")"

# gql QUERY: POSTs as the key; the answer's body in $body, its status in $status
gql() {
	jq -n --arg q "$1" '{query: $q}' >"$tmp/req.json"
	status=$(curl -s -m 20 -o "$tmp/body.json" -w '%{http_code}' -H "authorization: $key" \
		-H 'content-type: application/json' --data-binary "@$tmp/req.json" "$url")
	body=$(cat "$tmp/body.json")
}
save() { gql "mutation { saveUrl(input: {url: \"https://restart.example/$1\", source: \"api\", clientRequestId: \"\"}) { __typename } }"; }
restart() {
	$PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w -t 60 restart >/dev/null 2>&1 ||
		bail_out "the server did not restart: $(tail -n 5 "$PG_DIR/server.log")"
}

# every process of the pool holds a connection: requests enough to reach each
for i in 1 2 3 4 5 6 7 8; do save "before-$i"; done
is "saves before the restart" SaveSuccess "$(printf '%s' "$body" | jq -r '.data.saveUrl.__typename')"
backends=$(psql -X -A -t -q -h "$PG_DIR" -U larder -d postgres -c \
	"SELECT count(*) FROM pg_stat_activity WHERE datname <> 'postgres' AND backend_type = 'client backend'")
[ "$backends" -ge 1 ] && pass "the FastCGI processes hold connections ($backends)" || fail "the FastCGI processes hold connections" "$backends"

restart
for round in 1 2; do
	bad=0
	for i in 1 2 3 4 5 6 7 8; do
		gql '{ me { name } }'
		[ "$status" = 200 ] && [ "$(printf '%s' "$body" | jq -r '.data.me.name')" = Keeper ] || bad=$((bad + 1))
	done
	is "restart $round: me answers on every process (8 requests, none refused)" 0 "$bad"
	bad=0
	for i in 1 2 3 4 5 6 7 8; do
		save "after-$round-$i"
		[ "$(printf '%s' "$body" | jq -r '.data.saveUrl.__typename')" = SaveSuccess ] || bad=$((bad + 1))
	done
	is "restart $round: saves are stored (8 saves, none refused)" 0 "$bad"
	[ "$round" = 1 ] && restart
done
gql '{ search(query: "", first: 100) { ... on SearchSuccess { pageInfo { totalCount } } } }'
is "every save is in the library" 24 "$(printf '%s' "$body" | jq -r '.data.search.pageInfo.totalCount')"
unlike "no error reached a client" '"errors"' "$body"
done_testing
