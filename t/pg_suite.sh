#!/bin/sh
# pg_suite.sh: the C harnesses that open a database (t/store_*, t/svc_*, t/api_*) run again against PostgreSQL: one throwaway server (t/pg_lib.sh), a fresh database for each, one TAP line per harness. (store_schema and the shell tests that read the database with the sqlite3 CLI stay SQLite-only.)
set -u
: "${top_builddir:=$(pwd)}"
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
. "$srcdir/t/tap_lib.sh"
. "$srcdir/t/pg_lib.sh"
pg_need_libpq
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-pgsuite.XXXXXX") || exit 99
trap 'pg_stop; rm -rf "$tmp"' EXIT INT TERM
pg_start

# the store's and the services' harnesses that open one, and every t/api_* (t/api_harness.h opens it). With
# LARDER_PG_SUITE=store (`make check-sanitize`) the store's and the services' only: the PostgreSQL code is the
# store's, which those call directly; the t/api_* harnesses reach it through them, and they run on PostgreSQL in
# the plain check
HARNESSES="store_driver store_basic store_items store_plans store_batches store_upgrade store_concurrent store_search store_search_window store_search_lang
	svc_account svc_save svc_import svc_omnivore"
[ "${LARDER_PG_SUITE:-all}" = store ] ||
	HARNESSES="$HARNESSES $(cd "$top_builddir/t" && for f in api_*; do case $f in *.*) ;; *) [ -x "$f" ] && echo "$f" ;; esac; done)"

k=0
for t in $HARNESSES; do
	k=$((k + 1))
	if [ ! -x "$top_builddir/t/$t" ]; then
		skip "t/$t not built"
		continue
	fi
	"$PG_BIN/psql" -X -q "$PG_URL" -c "CREATE DATABASE t$k" >/dev/null 2>&1 || { fail "a database for t/$t"; continue; }
	(cd "$top_builddir" && srcdir="$srcdir" LARDER_TEST_PG="postgresql:///t$k?host=$PG_DIR&user=larder" "./t/$t") >"$tmp/$t.out" 2>&1
	trc=$?
	bad=$(grep -E '^not ok|^Bail out' "$tmp/$t.out" | head -n 20)
	if [ "$trc" -eq 0 ] && [ -z "$bad" ] && grep -q '^1\.\.[1-9]' "$tmp/$t.out"; then
		pass "t/$t passes against PostgreSQL ($(grep -c '^ok' "$tmp/$t.out") checks)"
	else
		fail "t/$t passes against PostgreSQL" "exit $trc" "$bad" "$(grep -v '^ok' "$tmp/$t.out" | tail -n 15)"
	fi
done
done_testing
