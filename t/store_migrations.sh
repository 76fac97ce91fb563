#!/bin/sh
# store_migrations.sh: the one list of migrations (STORE_MIGRATION_NAMES in src/store/local.mk) matches db/ and db/pg/ file for file, numbered 001 on without a gap (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
. "$srcdir/t/tap_lib.sh"
cd "$srcdir" || bail_out "no source folder $srcdir"

# the names on the list, one a line, in its order (the lines of STORE_MIGRATION_NAMES = / += and their continuations)
listed=$(awk '/^STORE_MIGRATION_NAMES *\+?=/ { on = 1; sub(/^[^=]*=/, "") } on { c = sub(/\\$/, ""); print; on = c }' \
	src/store/local.mk | tr ' \t' '\n\n' | grep -v '^$')
[ -n "$listed" ] || bail_out "no STORE_MIGRATION_NAMES in src/store/local.mk"
# the migrations a folder holds, one a line, in name order
held() { (cd "$1" && ls [0-9]*.sql | sed 's/\.sql$//' | LC_ALL=C sort); }

is "db/ holds exactly the listed migrations" "$(printf '%s\n' "$listed" | LC_ALL=C sort)" "$(held db)"
is "db/pg/ holds exactly the listed migrations" "$(printf '%s\n' "$listed" | LC_ALL=C sort)" "$(held db/pg)"
is "the list is in number order" "$(printf '%s\n' "$listed" | LC_ALL=C sort)" "$listed"
i=0 gap=
for m in $listed; do
	i=$((i + 1))
	[ "${m%%_*}" = "$(printf '%03d' $i)" ] || gap="$gap $m"
done
is "numbered 001 to $(printf '%03d' $i) without a gap or a repeat" "" "$gap"
done_testing
