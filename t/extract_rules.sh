#!/bin/sh
# extract_rules.sh: the extractor's precision rules, one hand-made page each in t/data/pages/extract-rules/: `larder extract` keeps and drops what the page's own comments say.
set -u
: "${top_builddir:=$(pwd)}"
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
LARDER="$top_builddir/src/cmd/larder"
PAGES="$top_srcdir/t/data/pages/extract-rules"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-extract-rules.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
. "$top_srcdir/t/tap_lib.sh"
command -v jq >/dev/null 2>&1 || { echo "1..0 # SKIP jq not installed (contrib/debian-packages.txt [test])"; exit 0; }
export LARDER_CONFIG="$tmp/none.conf" HOME="$tmp"

# Each page says what it checks in comments at its top: `<!-- keep: TEXT -->` must be in the article's
# text, `<!-- drop: TEXT -->` must not (whitespace runs are compared as one space).
for page in "$PAGES"/*.html; do
	name=$(basename "$page")
	"$LARDER" extract "http://rules.example/$name" <"$page" >"$tmp/out" 2>"$tmp/err"
	is "$name: exit 0" 0 $?
	is "$name: nothing on stderr" "" "$(cat "$tmp/err")"
	jq -r '.textContent // ""' "$tmp/out" | tr -s ' \n\t' '   ' >"$tmp/text"
	is "$name: an article came out" 1 "$([ -s "$tmp/text" ] && echo 1 || echo 0)"
	claims=0
	sed -n 's/^<!-- \(keep\|drop\): \(.*\) -->$/\1 \2/p' "$page" >"$tmp/claims"
	while read -r what words; do
		claims=$((claims + 1))
		if grep -qF -- "$words" "$tmp/text"; then found=1; else found=0; fi
		if [ "$what" = keep ]; then
			is "$name: keeps \"$words\"" 1 "$found"
		else
			is "$name: drops \"$words\"" 0 "$found"
		fi
	done <"$tmp/claims"
	[ "$claims" -gt 0 ] || fail "$name: the page states what it keeps and drops" "no <!-- keep/drop: --> lines"
done
done_testing
