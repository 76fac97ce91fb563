#!/bin/sh
# cli_larder.sh: drives the built `larder` admin CLI with a temporary config: exit codes, outputs, stored hashes.
set -u
: "${top_builddir:=$(pwd)}"
LARDER="$top_builddir/src/cmd/larder"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-cli.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/t/tap_lib.sh"
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/t/pg_lib.sh"
# the library: data/larder.db, or a fresh PostgreSQL database under t/pg_e2e.sh (the checks of the SQLite file
# itself are skipped then)
test_db=$(pg_fresh_database) || { echo "$test_db"; exit 1; }
target=${test_db:-$tmp/data/larder.db}

# run ARGS...: sets rc, out, err
# LARDER_TEST_WRAP (see t/cgi_lib.sh) goes in front of each run; wrapped fails a run it reported on
WRAP=${LARDER_TEST_WRAP:-}
wrapped() {
	[ -n "$WRAP" ] || return 0
	if [ "$rc" -eq 97 ] || grep -Eq '^==[0-9]+== ' "$tmp/err"; then
		fail "$WRAP: no memory error or leak in larder $*" "exit $rc" "$(grep -E '^==[0-9]+== ' "$tmp/err" | head -n 30)"
	fi
}
run() { $WRAP "$LARDER" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; wrapped "$@"; out=$(cat "$tmp/out"); err=$(cat "$tmp/err"); }
run_in() { input=$1; shift; printf '%s' "$input" | $WRAP "$LARDER" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; wrapped "$@"; out=$(cat "$tmp/out"); err=$(cat "$tmp/err"); }
db() { db_sql "$target" "$1"; }
# the schema version: SQLite's user_version, PostgreSQL's larder_schema table; set_version V changes it
version() { if db_pg "$target"; then db 'SELECT max(version) FROM larder_schema'; else db 'PRAGMA user_version'; fi; }
set_version() { if db_pg "$target"; then db "UPDATE larder_schema SET version = $1"; else db "PRAGMA user_version = $1"; fi; }

conf="$tmp/larder.conf"
cat >"$conf" <<CONF
# test configuration: tiny argon2 parameters so the tests stay fast
database = ${test_db:-data/larder.db}
${test_db:+data_dir = $tmp/data}
argon2_t_cost = 1
argon2_memory_kib = 64
# the answers are checked, not timed: a search's wall-clock budget (search_time_ms) is raised past any busy machine
search_time_ms = 600000
CONF
unset LARDER_CONFIG

# version, help, usage
run --version;            is "--version exits 0" 0 "$rc"; like "--version prints the version" '^larder [0-9]+\.[0-9]+' "$out"
run --help;               is "--help exits 0" 0 "$rc"; like "--help shows key create" 'key create USERNAME --name NAME' "$out"
run key create --help;    is "subcommand --help exits 0" 0 "$rc"; like "and shows the usage" 'key revoke KEY_ID' "$out"
run;                      is "no command: exit 2" 2 "$rc"; like "usage on stderr" '^usage: larder' "$err"
run -c "$conf" frobnicate; is "unknown command: exit 2" 2 "$rc"; like "names it" 'unknown command frobnicate' "$err"
run -c "$conf" key;       is "key without subcommand: exit 2" 2 "$rc"
run -c "$conf" user add;  is "user add without USERNAME: exit 2" 2 "$rc"; like "user add usage line" 'usage: larder \[-c CONF\] user add USERNAME' "$err"
run -c "$conf" key create alice; is "key create without --name: exit 2" 2 "$rc"
run -c "$conf" key create alice --name x --expires tomorrow; is "bad --expires: exit 2" 2 "$rc"; like "says why" "bad --expires 'tomorrow'" "$err"
run -c "$conf" key list alice extra; is "extra argument: exit 2" 2 "$rc"
run -c "$conf" user add alice --colour red; is "unknown option: exit 2" 2 "$rc"; like "names the option" 'unknown option --colour' "$err"
run -c; is "-c without a file: exit 2" 2 "$rc"

# missing config, missing database
run -c "$tmp/nope.conf" init; is "missing config: exit 1" 1 "$rc"; like "config message" "^larder: $tmp/nope.conf: cannot read" "$err"
run -c "$conf" key list alice; is "before init: exit 1" 1 "$rc"
is "before init: message" "larder: database $target not initialised: run larder init" "$err"
printf 'bogus = 1\n' >"$tmp/bad.conf"
run -c "$tmp/bad.conf" init; is "bad config: exit 1" 1 "$rc"; is "bad config: FILE:LINE message" "larder: $tmp/bad.conf:1: unknown key 'bogus'" "$err"

# init
run -c "$conf" init; is "init: exit 0" 0 "$rc"; is "init: quiet" "" "$out$err"
if db_pg "$target"; then
	skip "init created the directory and the database: the library is not a file on PostgreSQL"
else
	[ -f "$tmp/data/larder.db" ] && pass "init created the directory and the database" || fail "database file missing"
fi
run -c "$conf" init; is "init again: exit 0 (idempotent)" 0 "$rc"
is "schema version recorded (one per migration in db/)" "$(ls "$top_srcdir"/db/[0-9]*.sql | wc -l | tr -d " ")" "$(version)"
if db_pg "$target"; then skip "journal mode WAL: a setting of the SQLite file"; else is "journal mode WAL" wal "$(db 'PRAGMA journal_mode')"; fi
LARDER_CONFIG="$conf" "$LARDER" init >/dev/null 2>&1; is "LARDER_CONFIG picks the config" 0 "$?"
LARDER_CONFIG="$tmp/nope.conf" "$LARDER" init 2>"$tmp/err"; rc=$?
is "LARDER_CONFIG missing file: exit 1" 1 "$rc"; like "LARDER_CONFIG path used" "nope.conf" "$(cat "$tmp/err")"

# users
run -c "$conf" user add alice --name "Alice Liddell" --email alice@example.org; is "user add: exit 0" 0 "$rc"
is "user row" "alice|Alice Liddell|alice@example.org|" "$(db "SELECT username, name, email, coalesce(password_hash,'') FROM users")"
run -c "$conf" user add alice; is "duplicate user: exit 1" 1 "$rc"; is "duplicate user message" "larder: user alice already exists" "$err"
run -c "$conf" user add ALICE; is "duplicate user (case): exit 1" 1 "$rc"
run -c "$conf" user add bob --email ALICE@example.org; is "duplicate email: exit 1" 1 "$rc"; like "email message" 'already in use' "$err"
run -c "$conf" user add "bad name"; is "bad username: exit 1" 1 "$rc"; like "one line" '^larder: ' "$err"
printf 'hunter2\n' >"$tmp/pw"
run -c "$conf" user add bob --password-file="$tmp/pw"; is "user add with password file: exit 0" 0 "$rc"
like "argon2id hash stored with config parameters" '^\$argon2id\$v=19\$m=64,t=1,p=1\$' "$(db "SELECT password_hash FROM users WHERE username='bob'")"
run_in 'secret
' -c "$conf" user add carol --password-file -; is "password from stdin: exit 0" 0 "$rc"
like "stdin password hashed" '^\$argon2id\$' "$(db "SELECT password_hash FROM users WHERE username='carol'")"
run_in '' -c "$conf" user add dave --password-file -; is "empty password: exit 1" 1 "$rc"; like "empty password message" 'empty password' "$err"
run -c "$conf" user add erin --password-file "$tmp/missing"; is "missing password file: exit 1" 1 "$rc"
old=$(db "SELECT password_hash FROM users WHERE username='alice'")
run_in 'newpass
' -c "$conf" user passwd alice; is "user passwd from stdin: exit 0" 0 "$rc"
new=$(db "SELECT password_hash FROM users WHERE username='alice'")
like "password set" '^\$argon2id\$' "$new"
[ "$old" != "$new" ] && pass "password changed" || fail "password unchanged"
run -c "$conf" user passwd nobody --password-file "$tmp/pw"; is "passwd unknown user: exit 1" 1 "$rc"; is "message" "larder: no user nobody" "$err"

# keys
run -c "$conf" key create alice --name laptop; is "key create: exit 0" 0 "$rc"; key1=$out
like "key printed alone: a UUID v4" '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$' "$key1"
is "nothing on stderr" "" "$err"
hash1=$(printf '%s' "$key1" | sha256sum | cut -d' ' -f1)
is "stored hash is the SHA-256 of the printed key" "$hash1" "$(db "SELECT key_hash FROM api_keys WHERE name='laptop'")"
is "the key itself is not stored" 0 "$(db "SELECT count(*) FROM api_keys WHERE key_hash = '$key1' OR id = '$key1'")"
is "default expiry is never" 8640000000000000 "$(db "SELECT expires FROM api_keys WHERE name='laptop'")"
run -c "$conf" key create alice --name laptop; is "duplicate key name: exit 1" 1 "$rc"
is "duplicate key message" "larder: user alice already has a key named 'laptop'" "$err"; is "no key printed" "" "$out"
run -c "$conf" key create nobody --name x; is "key for unknown user: exit 1" 1 "$rc"; is "unknown user message" "larder: no user nobody" "$err"
run -c "$conf" key create alice --name phone --expires 30d; is "key with 30d: exit 0" 0 "$rc"
exp=$(db "SELECT CAST(abs(expires - created - 2592000000) < 10000 AS INTEGER) FROM api_keys WHERE name='phone'")
is "30d expiry (created + 30 days, within clock skew of the two calls)" 1 "$exp"
run -c "$conf" key create Alice --name tablet --expires 2030-01-02T03:04:05Z; is "key with ISO expiry (username any case): exit 0" 0 "$rc"
is "ISO expiry stored" 1893553445000 "$(db "SELECT expires FROM api_keys WHERE name='tablet'")"
run -c "$conf" key create alice --name old --expires never; is "--expires never" 0 "$rc"
run -c "$conf" key create bob --name laptop --expires 1y; is "same name for another user" 0 "$rc"
run -c "$conf" key create bob --name "$(printf 'tab\there')"; is "name with a tab" 0 "$rc"
run -c "$conf" key list bob; is "tab in a name cannot break the columns" "tab?here" "$(printf '%s\n' "$out" | grep here | cut -f2)"
# key names follow the API's rules (svc/apikey.c): trimmed, not blank, at most 100 characters
# (a NUL cannot reach the command line: argv strings end at one)
run -c "$conf" key create bob --name "   "; is "blank key name: exit 1" 1 "$rc"
is "blank key name message" "larder: name must not be empty" "$err"; is "no key printed for a blank name" "" "$out"
long=$(printf '%0101d' 0)
run -c "$conf" key create bob --name "$long"; is "101-character key name: exit 1" 1 "$rc"
is "long key name message" "larder: name is too long: at most 100 characters" "$err"
is "no key stored for refused names" 0 "$(db "SELECT count(*) FROM api_keys WHERE trim(name) = '' OR length(name) > 100")"
run -c "$conf" key create bob --name "${long#0}"; is "100-character key name: exit 0" 0 "$rc"
run -c "$conf" key create bob --name "  spaced out  "; is "padded key name: exit 0" 0 "$rc"
is "the name is stored trimmed" 1 "$(db "SELECT count(*) FROM api_keys WHERE name = 'spaced out'")"
run -c "$conf" key create bob --name " spaced out"; is "a name taken once trimmed: exit 1" 1 "$rc"
is "names the trimmed name" "larder: user bob already has a key named 'spaced out'" "$err"

db "UPDATE api_keys SET used = 1700000000000 WHERE name = 'tablet'"
run -c "$conf" key list alice; is "key list: exit 0" 0 "$rc"
printf '%s\n' "$out" >"$tmp/list"
is "header line" "$(printf 'ID\tNAME\tCREATED\tEXPIRES\tLAST USED')" "$(sed -n 1p "$tmp/list")"
is "one line per key" 5 "$(wc -l <"$tmp/list" | tr -d ' ')"
is "used key first" tablet "$(sed -n 2p "$tmp/list" | cut -f2)"
is "last used shown" 2023-11-14T22:13:20.000Z "$(sed -n 2p "$tmp/list" | cut -f5)"
is "expiry shown" 2030-01-02T03:04:05.000Z "$(sed -n 2p "$tmp/list" | cut -f4)"
is "then never-used, newest first" "old phone laptop" "$(sed -n '3,$p' "$tmp/list" | cut -f2 | tr '\n' ' ' | sed 's/ $//')"
laptop_line=$(grep "	laptop	" "$tmp/list")
is "never expires shown as never" never "$(printf '%s' "$laptop_line" | cut -f4)"
is "never used shown as never" never "$(printf '%s' "$laptop_line" | cut -f5)"
like "created is ISO 8601" '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$' "$(printf '%s' "$laptop_line" | cut -f3)"
laptop_id=$(printf '%s' "$laptop_line" | cut -f1)
is "id column is the stored id" "$(db "SELECT a.id FROM api_keys a JOIN users u ON u.id = a.user_id WHERE u.username='alice' AND a.name='laptop'")" "$laptop_id"
run -c "$conf" key list carol; is "list with no keys: exit 0" 0 "$rc"; is "just the header" "$(printf 'ID\tNAME\tCREATED\tEXPIRES\tLAST USED')" "$out"
run -c "$conf" key list nobody; is "list unknown user: exit 1" 1 "$rc"

run -c "$conf" key revoke "$laptop_id"; is "revoke: exit 0" 0 "$rc"
is "row deleted" 0 "$(db "SELECT count(*) FROM api_keys WHERE id='$laptop_id'")"
is "bob's laptop key untouched" 1 "$(db "SELECT count(*) FROM api_keys WHERE name='laptop'")"
run -c "$conf" key revoke "$laptop_id"; is "revoke again: exit 1" 1 "$rc"; is "revoke message" "larder: no API key $laptop_id" "$err"
run -c "$conf" key revoke not-a-uuid; is "revoke garbage: exit 1" 1 "$rc"
run -c "$conf" key create alice --name laptop; is "name free again after revoke" 0 "$rc"

# user delete: the account and every row of it
run -c "$conf" user add doomed --email doomed@example.org; is "user add doomed: exit 0" 0 "$rc"
run -c "$conf" key create doomed --name k; is "a key for doomed" 0 "$rc"
doomed_id=$(db "SELECT id FROM users WHERE username = 'doomed'")
run -c "$conf" user delete; is "user delete without USERNAME: exit 2" 2 "$rc"; like "user delete usage line" 'usage: larder \[-c CONF\] user delete USERNAME' "$err"
run -c "$conf" user delete DOOMED; is "user delete (username any case): exit 0" 0 "$rc"; is "user delete: quiet" "" "$out$err"
is "the user row is gone" 0 "$(db "SELECT count(*) FROM users WHERE id = '$doomed_id'")"
is "and its key" 0 "$(db "SELECT count(*) FROM api_keys WHERE user_id = '$doomed_id'")"
is "the others stay" 3 "$(db "SELECT count(*) FROM users")"
run -c "$conf" user delete doomed; is "user delete again: exit 1" 1 "$rc"; is "names the user" "larder: no user doomed" "$err"
run -c "$conf" user frob; is "unknown user command: exit 2" 2 "$rc"; like "names it" 'unknown command user frob' "$err"
run --help; like "--help lists user delete" 'user delete USERNAME' "$out"

# an old database is refused with a clear message
set_version 0
run -c "$conf" key list alice; is "old schema: exit 1" 1 "$rc"; like "old schema message" 'not initialised: run larder init' "$err"
run -c "$conf" init; is "init on tables with a lost version fails cleanly: exit 1" 1 "$rc"
# the engine's own words for the table already there
if db_pg "$target"; then exists='relation "users" already exists'; else exists='table users already exists'; fi
like "names the migration" "^larder: database .*: migration 001_init.sql failed: $exists\$" "$err"
is "version unchanged after the failed migration" 0 "$(version)"
if db_pg "$target"; then
	skip "a text file in the database's place: a SQLite file check" 2
else
	printf 'not a database at all, only text, long enough to fill a header page of sqlite\n' >"$tmp/data/larder.db"
	rm -f "$tmp/data/larder.db-wal" "$tmp/data/larder.db-shm"
	run -c "$conf" key list alice; is "non-database: exit 1" 1 "$rc"; like "non-database message" 'is not a larder database' "$err"
fi

# sanitize: a filter that needs no configuration or database
LARDER_CONFIG=/nonexistent/larder.conf run_in '<p onclick=x>Hi<script>alert(1)</script> <a href="javascript:alert(1)">j</a> <img src="i.png"></p>' sanitize --base https://e.com/a/
is "sanitize without a configuration: exit 0" 0 "$rc"
is "sanitize output" '<p>Hi <a>j</a> <img src="https://e.com/a/i.png"></p>' "$out"
run_in '<h1>T</h1><p><em>x</em></p>' sanitize --markdown; is "sanitize --markdown" '# T

*x*' "$out"
run sanitize --bogus;     is "sanitize bad option: exit 2" 2 "$rc"; like "sanitize usage line" 'usage: larder sanitize' "$err"
run --help;               like "--help lists sanitize" 'larder sanitize \[--base URL\]' "$out"

done_testing
