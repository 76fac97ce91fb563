#!/bin/sh
# backup_pg.sh: larder backup and restore on PostgreSQL (pg_dump's custom format, read back, the owner's alone; pg_restore with --force only), on a throwaway server (t/pg_lib.sh): a user, a key and a file kept, a user deleted after the backup, restored (TAP).
set -u
: "${top_builddir:=$(pwd)}"
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
LARDER="$top_builddir/src/cmd/larder"
. "$srcdir/t/tap_lib.sh"
. "$srcdir/t/pg_lib.sh"
command -v pg_dump >/dev/null 2>&1 && command -v pg_restore >/dev/null 2>&1 ||
	{ echo "1..0 # SKIP pg_dump or pg_restore not installed (Debian: postgresql-client)"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-bpg.XXXXXX") || exit 99
pg_start
trap 'pg_stop; rm -rf "$tmp"' EXIT INT TERM
unset LARDER_CONFIG
cat >"$tmp/larder.conf" <<CONF
database = $PG_URL
data_dir = $tmp/data
argon2_t_cost = 1
argon2_memory_kib = 64
CONF
L() { "$LARDER" -c "$tmp/larder.conf" "$@"; }
mkdir -p "$tmp/data/files"
L init >/dev/null 2>"$tmp/err" && L user add alice >/dev/null 2>>"$tmp/err" && L user add bob >/dev/null 2>>"$tmp/err" ||
	bail_out "setup: $(cat "$tmp/err")"
key=$(L key create alice --name kept 2>"$tmp/err") || bail_out "key create: $(cat "$tmp/err")"
echo "%PDF-1.4 a kept file" >"$tmp/data/files/kept.pdf" && chmod 0640 "$tmp/data/files/kept.pdf"

L backup "$tmp/bk" >"$tmp/out" 2>"$tmp/err"
is "backup: exit 0" "0 " "$? $(cat "$tmp/err")"
like "backup: pg_dump's file, read back" "^database: $tmp/bk/larder.pgdump \\(pg_dump's custom format, read back by pg_restore --list\\)" "$(cat "$tmp/out")"
is "backup: the dump is the owner's alone" 600 "$(stat -c %a "$tmp/bk/larder.pgdump")"
like "backup: the files" "^files: 1 files, 21 bytes" "$(cat "$tmp/out")"

L user delete bob >/dev/null 2>&1
rm -rf "$tmp/data/files"
L restore "$tmp/bk" >"$tmp/out" 2>"$tmp/err"
is "restore without --force: exit 1" 1 "$?"
like "restore without --force: says so, without the URL" "^larder: the PostgreSQL database already holds a library.*--force" "$(cat "$tmp/err")"
unlike "restore without --force: no connection string in the message" "postgresql://" "$(cat "$tmp/err")"
L restore "$tmp/bk" --force >"$tmp/out" 2>"$tmp/err"
is "restore --force: exit 0" "0 " "$? $(cat "$tmp/err")"
like "restore: bob is back" "^username: bob" "$(L user show bob 2>&1)"
like "restore: alice's key is back" "kept" "$(L key list alice 2>&1)"
is "restore: the file and its mode" "%PDF-1.4 a kept file 640" "$(cat "$tmp/data/files/kept.pdf") $(stat -c %a "$tmp/data/files/kept.pdf")"
L user add carol >/dev/null 2>"$tmp/err"
is "the restored library takes a new user" "0 " "$? $(cat "$tmp/err")"
like "larder status on it" "^schema: ([0-9]+) of \\1" "$(L status 2>&1)"
done_testing
