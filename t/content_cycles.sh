#!/bin/sh
# content_cycles.sh: no two files of src/content call each other, directly or through others: the calls between the objects of libcontent.a (nm: who defines a symbol, who uses it) sorted with tsort, which finds every loop (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-.}
. "$srcdir/t/tap_lib.sh"
lib=$builddir/src/content/libcontent.a
[ -f "$lib" ] || bail_out "no $lib: build first"
command -v nm >/dev/null && command -v tsort >/dev/null || bail_out "nm and tsort are needed"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# "object symbol" lines: what each object defines, what it uses from elsewhere
# (nm -A writes "LIB:OBJECT:ADDRESS TYPE SYMBOL", the address empty for an undefined one)
nm -A "$lib" 2>/dev/null | awk -v d="$tmp/defs" -v u="$tmp/uses" '{ split($1, p, ":"); o = p[2]
		sub(/^libcontent_a-/, "", o); sub(/\.o$/, "", o) }
	$2 ~ /^[TDBR]$/ { print o, $3 > d }
	$2 == "U" { print o, $3 > u }'
# the edges "user definer" between two different objects, each object also paired with itself (so tsort
# lists the ones without edges)
awk 'NR == FNR { def[$2] = $1; next } ($2 in def) && def[$2] != $1 { print $1, def[$2] }' "$tmp/defs" "$tmp/uses" |
	sort -u >"$tmp/edges"
awk '{ print $1, $1 }' "$tmp/defs" | sort -u >>"$tmp/edges"
n_edges=$(awk '$1 != $2' "$tmp/edges" | wc -l)
isnt "the objects call each other at all (edges seen)" 0 "$n_edges"
loops=$(tsort <"$tmp/edges" 2>&1 >/dev/null | sed -n 's/^tsort: -: input contains a loop:/loop:/p; s/^tsort: //p' |
	awk '!seen[$0]++' | tr '\n' ' ')
is "no cycle of calls between the files of src/content" "" "$loops"

# and tsort sees a loop when there is one
probe=$(printf 'a b\nb a\n' | tsort 2>&1 >/dev/null | grep -c loop)
is "tsort reports a loop" 1 "$probe"
done_testing
