#!/bin/sh
# user_slots.sh: requests_per_user through nginx: while the test holds all of one user's slot files (flock(1)), that user's next request is answered 429 at once (Retry-After, TOO_MANY_REQUESTS naming the key) without running, another user is served, and a finished or failed request gives its slot back (TAP).
# No timing: the slots are the lock files DATA/NAME-user-ID.1..N that graphql.fcgi and save.fcgi take once a
# request's credentials are known; the test takes them itself, so "busy" is exact.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-uslots.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"
serve_need nginx spawn-fcgi curl jq flock "$(db_cli)"
holders=
trap 'for h in $holders; do kill "$h" 2>/dev/null; done; serve_cleanup' EXIT

serve_start --children 4 --set requests_per_user=2
url=http://127.0.0.1:$port/api/graphql
serve_user_key ka alice s
serve_user_key kb bob s

# gql NAME KEY QUERY: POST as KEY; body in $tmp/NAME.json, headers in $tmp/NAME.h, status in $code, seconds in $secs
gql() {
	jq -n --arg q "$3" '{query: $q}' >"$tmp/$1.req"
	out=$(curl -s -m 20 -D "$tmp/$1.h" -o "$tmp/$1.json" -w '%{http_code} %{time_total}' -H "authorization: $2" \
		-H 'content-type: application/json' --data-binary "@$tmp/$1.req" "$url")
	code=${out% *} secs=${out#* }
}
gql me0 "$ka" '{ me { id name } }'
is "alice is served with no slot taken" 200 "$code"
aid=$(jq -r .data.me.id "$tmp/me0.json")
slots=$data/larder.db-user-$aid
[ -z "$serve_db" ] || slots=$data/larder-user-$aid
is "her request took and gave back slot 1 (the file exists, unlocked)" "free" \
	"$(flock -n "$slots.1" true 2>/dev/null && echo free || echo busy)"

# hold SLOT: flock the file until the test kills the holder; waits until the lock is held
hold() {
	: >"$tmp/held.$1"; rm -f "$tmp/held.$1"
	( exec 9<"$slots.$1" && flock -x 9 && touch "$tmp/held.$1" && exec sleep 120 ) &  # one process: killing it frees the lock
	holders="$holders $!"
	for _ in $(seq 2400); do [ -f "$tmp/held.$1" ] && return 0; sleep 0.05; done
	bail_out "could not take $slots.$1"
}
hold 1
gql me1 "$ka" '{ me { name } }'
is "one of alice's two slots busy: she is still served" 200 "$code"
jqok "... with her answer" '.data.me.name == "alice"' "$tmp/me1.json"

hold 2
gql busy "$ka" '{ me { name } }'
is "both busy: alice's next request is answered 429" 429 "$code"
like "... with Retry-After" '^[Rr]etry-[Aa]fter: 1' "$(tr -d '\r' <"$tmp/busy.h")"
jqok "... TOO_MANY_REQUESTS naming requests_per_user" \
	'.errors[0].extensions.code == "TOO_MANY_REQUESTS" and (.errors[0].message | test("requests_per_user"))' "$tmp/busy.json"
# at once: both holders keep their slot until the test kills them, so a request that waited for one would have
# had no answer before curl gave up (-m 20); it was answered while both were still held (a condition, not a time)
held=$(for k in 1 2; do flock -n "$slots.$k" true 2>/dev/null && echo free || echo busy; done | paste -sd, -)
is "... at once, while both slots were still held (${secs}s)" "429 busy,busy" "$code $held"
# a mutation refused this way must not have run
gql lab "$ka" 'mutation { createLabel(input: {name: "never", color: "#ff0000"}) { __typename } }'
is "a mutation is refused the same way" 429 "$code"
gql bob "$kb" '{ me { name } }'
is "bob is served meanwhile" 200 "$code"
jqok "... with his answer" '.data.me.name == "bob"' "$tmp/bob.json"
# /api/save (save.fcgi) takes the same slots
scode=$(curl -s -o "$tmp/save.html" -w '%{http_code}' -H "authorization: $ka" \
	--data-urlencode "url=http://127.0.0.1:9/never" "http://127.0.0.1:$port/api/save")
is "save.fcgi refuses alice too" 429 "$scode"

for h in $holders; do kill "$h" 2>/dev/null; wait "$h" 2>/dev/null; done
holders=
gql labels "$ka" '{ labels { ... on LabelsSuccess { labels { name } } } }'
is "slots free again: alice is served" 200 "$code"
jqok "... and the refused mutation had not run" '.data.labels.labels | map(.name) | index("never") == null' "$tmp/labels.json"

# failed requests give their slot back: a GraphQL error, a bad body, an over-long body
gql bad1 "$ka" '{ nosuchfield }'
curl -s -o /dev/null -H "authorization: $ka" -H 'content-type: application/json' --data-binary '{"query": ' "$url"
head -c 300000 /dev/zero | tr '\0' 'a' >"$tmp/big"
curl -s -o /dev/null -H "authorization: $ka" -H 'content-type: application/json' --data-binary "@$tmp/big" \
	"$url?x=1" -H 'content-length: 9999999999'
free=0
for i in 1 2; do flock -n "$slots.$i" true 2>/dev/null && free=$((free + 1)); done
is "after three failed requests both of alice's slots are free" 2 "$free"
gql me2 "$ka" '{ me { name } }'
is "... and she is served" 200 "$code"
done_testing
