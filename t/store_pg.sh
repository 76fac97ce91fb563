#!/bin/sh
# store_pg.sh: the PostgreSQL backend on a throwaway server (t/pg_lib.sh): larder init, a user, an API key, a save (an import of a URL) and reading it back (export), through `database = postgresql://…`.
set -u
: "${top_builddir:=$(pwd)}"
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
LARDER="$top_builddir/src/cmd/larder"
. "$srcdir/t/tap_lib.sh"
. "$srcdir/t/pg_lib.sh"
pg_need_libpq
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-storepg.XXXXXX") || exit 99
trap 'pg_stop; rm -rf "$tmp"' EXIT INT TERM
pg_start

run() { "$LARDER" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; out=$(cat "$tmp/out"); err=$(cat "$tmp/err"); }
psql_q() { "$PG_BIN/psql" -X -A -t -q "$PG_URL" -c "$1" 2>&1; }
conf="$tmp/larder.conf"
cat >"$conf" <<CONF
database = $PG_URL
data_dir = $tmp
argon2_t_cost = 1
argon2_memory_kib = 64
CONF

printf 'database = %s\n' "$PG_URL" >"$tmp/nodir.conf"
run -c "$tmp/nodir.conf" key list nobody; is "a URL without data_dir: exit 1" 1 "$rc"
like "says data_dir must be set" "'data_dir' must be set when 'database' is a PostgreSQL URL" "$err"
run -c "$conf" key list nobody; is "before init: exit 1" 1 "$rc"; like "says to run init" 'not initialised: run larder init' "$err"
printf 'database = postgresql://larder:sekrit@/postgres?host=%s\ndata_dir = %s\n' "$PG_DIR" "$tmp" >"$tmp/pw.conf"
run -c "$tmp/pw.conf" key list nobody; like "a message shows the URL without its password" 'postgresql://larder:\*\*\*@/postgres' "$err"
unlike "(the password is not in it)" 'sekrit' "$err"
printf 'database = postgresql:///nosuchdb?host=%s&user=larder\ndata_dir = %s\n' "$PG_DIR" "$tmp" >"$tmp/nodb.conf"
run -c "$tmp/nodb.conf" init; is "no such database: exit 1" 1 "$rc"; like "says it cannot connect" 'cannot connect to the PostgreSQL server' "$err"
run -c "$conf" init; is "init: exit 0" 0 "$rc"; is "init: no error" "" "$err"
is "the schema version is the SQLite one's" "$(ls "$srcdir"/db/[0-9]*.sql | wc -l | tr -d ' ')" "$(psql_q 'SELECT version FROM larder_schema')"
run -c "$conf" init; is "init again: exit 0 (nothing to do)" 0 "$rc"
run -c "$conf" user add alice --name "Alice Liddell" --email alice@example.org; is "user add: exit 0" 0 "$rc"
run -c "$conf" user add ALICE; is "the same name in other case: exit 1" 1 "$rc"; like "already exists" 'already exists' "$err"
run -c "$conf" key create alice --name laptop; is "key create: exit 0" 0 "$rc"
key=$(printf '%s\n' "$out" | grep -Eo '[A-Za-z0-9_-]{30,}' | head -n 1)
isnt "a key is printed" "" "$key"
run -c "$conf" key list alice; is "key list: exit 0" 0 "$rc"; like "lists the key" 'laptop' "$out"
is "the key is stored as its hash only" 0 "$(psql_q "SELECT count(*) FROM api_keys WHERE key_hash = '$key'")"

printf 'https://example.org/pg-article\n' >"$tmp/urls.txt"
run -c "$conf" import --user alice --format urls "$tmp/urls.txt"; is "import (a save): exit 0" 0 "$rc"
like "one added" '^added: 1$' "$out"
is "the item is in the database" "https://example.org/pg-article" "$(psql_q "SELECT url FROM library_items")"
is "with its search row" 1 "$(psql_q "SELECT count(*) FROM item_search WHERE owner = (SELECT id FROM users)")"
is "and a fetch job queued" 1 "$(psql_q "SELECT count(*) FROM jobs WHERE status = 'queued'")"
run -c "$conf" import --user alice --format urls "$tmp/urls.txt"; is "the same URL again: exit 0" 0 "$rc"
like "unchanged, not added twice" '^added: 0$' "$out"
run -c "$conf" export --user alice --output "$tmp/export.zip"; is "export (reading the library): exit 0" 0 "$rc"
if command -v unzip >/dev/null 2>&1; then
	like "the export has the item" 'pg-article' "$(unzip -p "$tmp/export.zip" 2>/dev/null)"
else
	skip "unzip not installed"
fi
run -c "$conf" user delete alice; is "user delete: exit 0" 0 "$rc"
is "her items went with her" 0 "$(psql_q "SELECT count(*) FROM library_items")"

# (the C harnesses run against PostgreSQL in t/pg_suite.sh)
done_testing
