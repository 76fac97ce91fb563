#!/bin/sh
# migrate_store.sh: `larder migrate-store`: a SQLite library made through the CLI and GraphQL (keys, saves with content, labels, highlights, a filter, a newsletter address, a feed subscription) moved to a throwaway PostgreSQL (t/pg_lib.sh) and back; graphql.fcgi answers alike on each, the same key works, new rows get fresh ids (TAP).
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/t/cgi_lib.sh"
. "$top_srcdir/t/pg_lib.sh"
pg_need_libpq
command -v node >/dev/null 2>&1 || { echo "1..0 # SKIP node not found (the feed server)"; exit 0; }
fs_pid=
trap '[ -n "$fs_pid" ] && kill "$fs_pid" 2>/dev/null; pg_stop; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
pg_start
. "$top_srcdir/t/feedserver_lib.sh"
feedserver_start "$top_srcdir"
printf 'allow_private_fetch = 127.0.0.1/32\nmail_domain = mail.example.test\n' >>"$conf"
setup
sqlite_conf=$conf
db="$tmp/data/larder.db"
[ -f "$db" ] || db="$tmp/larder.db"
A="HTTP_AUTHORIZATION=$KEY"
gqlv() { _q=$1 _v=$2; shift 2; req POST "$(jq -cn --arg q "$_q" --argjson v "$_v" '{query: $q, variables: $v}')" "$@"; }

# ---- the library on SQLite ----
save() { # save ID URL TITLE TEXT
	gqlv 'mutation P($u: String!, $c: ID!, $h: String!) { savePage(input: {url: $u, source: "api", clientRequestId: $c, originalContent: $h}) { __typename } }' \
		"$(jq -cn --arg u "$2" --arg c "$1" --arg h "<html><head><title>$3</title></head><body><article><p>$4</p><p>$4 again, at length, so the reader keeps it.</p></article></body></html>" '{u: $u, c: $c, h: $h}')" "$A"
	is "savePage $3" SaveSuccess "$(jqr '.data.savePage.__typename')"
}
i1=5a0f6c1e-2b7a-4f5e-9a39-0c2b1f0e9d12 i2=6a0f6c1e-2b7a-4f5e-9a39-0c2b1f0e9d13 i3=7a0f6c1e-2b7a-4f5e-9a39-0c2b1f0e9d14
save $i1 https://news.example.org/pelicans "Pelicans of the Coast" "Brown pelicans dive from the air to catch fish along the coast"
save $i2 https://news.example.org/herons "Herons at Dawn" "Grey herons stand still in the shallows waiting for fish"
save $i3 https://blog.example.net/bread "Sourdough Notes" "A starter of flour and water feeds the bread with its own yeast"
gql 'mutation { createLabel(input: {name: "Birds", color: "#00aa00"}) { ... on CreateLabelSuccess { label { id } } } }' "$A"
lid=$(jqr '.data.createLabel.label.id')
for it in $i1 $i2; do
	gqlv 'mutation L($p: ID!, $i: [ID!]) { setLabels(input: {pageId: $p, labelIds: $i}) { __typename } }' "{\"p\":\"$it\",\"i\":[\"$lid\"]}" "$A"
	is "setLabels on $it" SetLabelsSuccess "$(jqr '.data.setLabels.__typename')"
done
gqlv 'mutation H($i: CreateHighlightInput!) { createHighlight(input: $i) { __typename } }' \
	"{\"i\":{\"id\":\"6b1e7d2f-3c8b-4a6f-8b4a-1d3c2e4f5a60\",\"shortId\":\"6b1e7d2f\",\"articleId\":\"$i1\",\"quote\":\"Brown pelicans dive\",\"annotation\":\"remember the plunge\"}}" "$A"
is "createHighlight" CreateHighlightSuccess "$(jqr '.data.createHighlight.__typename')"
gql 'mutation { saveFilter(input: {name: "Birds only", filter: "label:Birds"}) { __typename } }' "$A"
is "saveFilter" SaveFilterSuccess "$(jqr '.data.saveFilter.__typename')"
gql 'mutation { createNewsletterEmail(input: {name: "Pantry"}) { __typename } }' "$A"
is "createNewsletterEmail" CreateNewsletterEmailSuccess "$(jqr '.data.createNewsletterEmail.__typename')"
gqlv 'mutation S($u: String!) { subscribe(input: {url: $u}) { __typename } }' "{\"u\":\"$base/feed.xml\"}" "$A"
is "subscribe" SubscribeSuccess "$(jqr '.data.subscribe.__typename')"
"$LARDER" -c "$conf" worker --once >/dev/null 2>&1
"$LARDER" -c "$conf" user add bob --name "Bob" >/dev/null 2>&1 || bail_out "user add bob"

# the answers compared on each database (a name and a query each)
QUERIES='me|{ me { id name profile { username } } }
search|{ search(query: "fish", first: 10) { ... on SearchSuccess { edges { node { id title slug url labels { name color } highlights { quote annotation } } } pageInfo { totalCount } } } }
label|{ search(query: "label:Birds sort:saved-asc", first: 10) { ... on SearchSuccess { edges { node { id title } } pageInfo { totalCount } } } }
notes|{ search(query: "plunge") { ... on SearchSuccess { edges { node { id } } } } }
all|{ search(query: "in:all sort:saved-asc", first: 20) { ... on SearchSuccess { edges { node { id title slug savedAt wordsCount readingProgressPercent } } } } }
article|{ article(username: "me", slug: "SLUG") { ... on ArticleSuccess { article { id title content labels { name } highlights { id quote annotation } } } } }
highlights|{ highlights(first: 5) { ... on HighlightsSuccess { edges { node { id quote annotation libraryItem { id } } } } } }
labels|{ labels { ... on LabelsSuccess { labels { id name color } } } }
filters|{ filters { ... on FiltersSuccess { filters { id name filter } } } }
newsletters|{ newsletterEmails { ... on NewsletterEmailsSuccess { newsletterEmails { id address name } } } }
subscriptions|{ subscriptions { ... on SubscriptionsSuccess { subscriptions { id name url status } } } }'
gql '{ search(query: "pelicans") { ... on SearchSuccess { edges { node { slug } } } } }' "$A"
slug=$(jqr '.data.search.edges[0].node.slug')
answers() { # answers DIR: each query's body, one file each
	mkdir -p "$1"
	printf '%s\n' "$QUERIES" | while IFS='|' read -r name q; do
		gql "$(printf '%s' "$q" | sed "s/SLUG/$slug/")" "$A"
		printf '%s\n' "$body" | jq -S . >"$1/$name" 2>/dev/null || printf '%s\n' "$body" >"$1/$name"
	done
}
answers "$tmp/sqlite"
is "the SQLite search finds two items" 2 "$(jq '.data.search.search.pageInfo.totalCount // .data.search.pageInfo.totalCount' "$tmp/sqlite/search")"
like "the article has its content" 'pelicans dive' "$(cat "$tmp/sqlite/article")"
is "one subscription" 1 "$(jq '.data.subscriptions.subscriptions | length' "$tmp/sqlite/subscriptions")"

# more rows than one batch of the copy holds (and so many parameters in one statement), and on the way
# back more than two batches of the PostgreSQL source's cursor (2,000 rows each)
sqlite3 "$db" "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4500)
	INSERT INTO login_failures (key, at) SELECT 'addr:192.0.2.' || i, i FROM n" || bail_out "sqlite3 failed"

# ---- to PostgreSQL ----
run() { "$LARDER" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; out=$(cat "$tmp/out"); err=$(cat "$tmp/err"); }
run migrate-store --from "sqlite:$db" --to "$PG_URL"
is "migrate-store to PostgreSQL: exit 0" 0 "$rc"
is "(no error)" "" "$err"
like "it prints every table's counts" 'library_items +6 +6' "$out"
like "(item_search too)" 'item_search +6 +6' "$out"
like "(and a table of several batches)" 'login_failures +4500 +4500' "$out"
like "(and says they are alike)" 'migrated: every table counted alike' "$out"
is "user_usage: each user's counts the same on PostgreSQL (counted from the copied rows)" \
	"$(sqlite3 "$db" "SELECT u.username || ':' || x.items || ':' || x.bytes FROM user_usage x JOIN users u ON u.id = x.user_id ORDER BY 1" | paste -sd,)" \
	"$("$PG_BIN/psql" -X -A -t -q "$PG_URL" -c "SELECT u.username || ':' || x.items || ':' || x.bytes FROM user_usage x JOIN users u ON u.id = x.user_id ORDER BY 1" 2>&1 | paste -sd,)"
for t in users api_keys login_failures library_items item_content labels item_labels highlights filters newsletter_emails subscriptions feed_entries jobs; do
	is "$t: the same rows on PostgreSQL" "$(sqlite3 "$db" "SELECT count(*) FROM $t")" \
		"$("$PG_BIN/psql" -X -A -t -q "$PG_URL" -c "SELECT count(*) FROM $t" 2>&1)"
done
is "the key hashes are the same" "$(sqlite3 "$db" 'SELECT key_hash FROM api_keys ORDER BY rowid' | paste -sd,)" \
	"$("$PG_BIN/psql" -X -A -t -q "$PG_URL" -c 'SELECT key_hash FROM api_keys ORDER BY rowid' | paste -sd,)"
# the GIN index of the vectors is dropped during the copy and built once after it, inside the copy's transaction
is "PostgreSQL: every search row has its vector, none waits, and the GIN index is there (built after the copy)" "6|0|1" \
	"$("$PG_BIN/psql" -X -A -t -q "$PG_URL" -c "SELECT (SELECT count(*) FROM item_search WHERE tsv IS NOT NULL AND lens IS NOT NULL),
		(SELECT count(*) FROM search_pending), (SELECT count(*) FROM pg_indexes WHERE indexname = 'item_search_tsv')" 2>&1)"

conf="$tmp/pg.conf"
grep -v '^database\|^data_dir' "$sqlite_conf" >"$conf"
printf 'database = %s\ndata_dir = %s\n' "$PG_URL" "$tmp/data" >>"$conf"
answers "$tmp/pg"
for f in "$tmp"/sqlite/*; do
	q=$(basename "$f")
	if cmp -s "$f" "$tmp/pg/$q"; then pass "$q: the same answer on PostgreSQL"
	else fail "$q: the same answer on PostgreSQL" "$(diff "$f" "$tmp/pg/$q" | head -n 20)"; fi
done
is "the same key works on PostgreSQL" "Alice Liddell" "$(jq -r .data.me.name "$tmp/pg/me")"

# new rows after the copy get fresh ids (the identity sequences went on past the copied ones)
save 8a0f6c1e-2b7a-4f5e-9a39-0c2b1f0e9d15 https://news.example.org/gulls "Gulls" "Gulls steal fish from the pelicans"
run -c "$conf" key create alice --name second
is "a second key on PostgreSQL: exit 0" 0 "$rc"
gql '{ search(query: "fish") { ... on SearchSuccess { pageInfo { totalCount } } } }' "$A"
is "the new save is found beside the copied ones" 3 "$(jqr '.data.search.pageInfo.totalCount')"

run migrate-store --from "sqlite:$db" --to "$PG_URL"
is "again onto a library with users: exit 1" 1 "$rc"
like "(says to give --force)" 'already holds 2 users: give --force' "$err"
run migrate-store --from "sqlite:$db" --to "$PG_URL" --force
is "with --force: exit 0" 0 "$rc"
gql '{ search(query: "fish") { ... on SearchSuccess { pageInfo { totalCount } } } }' "$A"
is "(the library is the SQLite one again)" 2 "$(jqr '.data.search.pageInfo.totalCount')"

# ---- and back to a new SQLite file ----
run migrate-store --from "$PG_URL" --to "sqlite:$tmp/back.db"
is "migrate-store back to SQLite: exit 0" 0 "$rc"
is "(no error)" "" "$err"
is "every row read through the cursor, in batches" "4500 4500 $((4500 * 4501 / 2))" \
	"$(sqlite3 "$tmp/back.db" "SELECT count(*), count(DISTINCT key), sum(at) FROM login_failures" | tr '|' ' ')"
conf="$tmp/back.conf"
grep -v '^database' "$sqlite_conf" >"$conf"
printf 'database = %s\n' "$tmp/back.db" >>"$conf"
answers "$tmp/back"
for f in "$tmp"/sqlite/*; do
	q=$(basename "$f")
	if cmp -s "$f" "$tmp/back/$q"; then pass "$q: the same answer after the round trip"
	else fail "$q: the same answer after the round trip" "$(diff "$f" "$tmp/back/$q" | head -n 20)"; fi
done
is "user_usage: the same after the round trip" \
	"$(sqlite3 "$db" "SELECT user_id || ':' || items || ':' || bytes FROM user_usage ORDER BY 1" | paste -sd,)" \
	"$(sqlite3 "$tmp/back.db" "SELECT user_id || ':' || items || ':' || bytes FROM user_usage ORDER BY 1" | paste -sd,)"
is "the api_keys keep their order" "$(sqlite3 "$db" 'SELECT id FROM api_keys ORDER BY rowid' | paste -sd,)" \
	"$(sqlite3 "$tmp/back.db" 'SELECT id FROM api_keys ORDER BY rowid' | paste -sd,)"

run migrate-store --from "sqlite:$db"
is "without --to: exit 2" 2 "$rc"
like "(the usage)" 'usage: larder migrate-store' "$err"
run migrate-store --from "sqlite:$tmp/none.db" --to "sqlite:$tmp/x.db"
is "a source that is not a library: exit 1" 1 "$rc"
like "(says so)" 'not initialised' "$err"
done_testing
