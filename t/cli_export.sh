#!/bin/sh
# cli_export.sh: `larder export`: the zip on standard output or in --output FILE, never on a terminal, every imported highlight in its highlights files, and its usage and failures with their exit codes (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
LARDER=$builddir/src/cmd/larder
[ -x "$LARDER" ] || { echo "Bail out! $LARDER not built"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-cliexport.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
. "$srcdir/t/tap_lib.sh"
run() { "$LARDER" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; err=$(cat "$tmp/err"); }
unset LARDER_CONFIG

printf 'database = %s/larder.db\n' "$tmp" >"$tmp/larder.conf"
c="-c $tmp/larder.conf"
run $c init
run $c user add kite
is "setup" 0 "$rc"

run $c export --user kite
is "to standard output: exit 0" 0 "$rc"
is "nothing on standard error" "" "$err"
like "a zip archive" '^PK' "$(head -c 2 "$tmp/out")"
cp "$tmp/out" "$tmp/stdout.zip"
run $c export --user=kite --output "$tmp/lib.zip"
is "--output FILE: exit 0" 0 "$rc"
is "nothing on standard output then" "" "$(cat "$tmp/out")"
if cmp -s "$tmp/lib.zip" "$tmp/stdout.zip" || [ "$(wc -c <"$tmp/lib.zip")" -eq "$(wc -c <"$tmp/stdout.zip")" ]; then
	pass "the same archive in the file"
else
	fail "the same archive in the file"
fi
if command -v unzip >/dev/null 2>&1; then
	like "an empty library is one empty metadata file" 'metadata_0_to_0\.json' "$(unzip -l "$tmp/lib.zip")"
else
	skip "unzip not installed" 1
fi

# highlights without a note, and quotes the content does not hold, go out as passages, each with its own note
run $c user add wren
run $c import --user wren "$srcdir/t/data/real/import-json-export/wallabag-v2-annotations.json"
is "three annotations and two unplaced quotes imported" 0 "$rc"
run $c export --user wren --output "$tmp/wren.zip"
is "exported" 0 "$rc"
if command -v unzip >/dev/null 2>&1; then
	for f in $(unzip -Z1 "$tmp/wren.zip" 'highlights/*.md'); do unzip -p "$tmp/wren.zip" "$f"; echo; done >"$tmp/wren.md"
	is "five passages in the highlights files" 5 "$(grep -c '^> [^[:space:]]' "$tmp/wren.md")"
	like "a quote without a note is written" '^> reading later is a habit $' "$(cat "$tmp/wren.md")"
	like "a quote the content does not hold is written" '^> A quote kept without the page it came from $' "$(cat "$tmp/wren.md")"
	like "a note stays with its own quote" '^A note of my own on the ending\.$' "$(grep -A2 '^> ends the article quietly $' "$tmp/wren.md")"
	like "and the other with its own" '^Second thought, with its quote$' "$(grep -A2 '^> and a second one $' "$tmp/wren.md")"
else
	skip "unzip not installed" 5
fi

run $c export --user nobody --output "$tmp/none.zip"
is "an unknown user: exit 1" 1 "$rc"
is "says so" "larder: no user nobody" "$err"
[ -e "$tmp/none.zip" ] && fail "no file left for an unknown user" || pass "no file left for an unknown user"
run $c export --user kite --output "$tmp/no/such/dir.zip"
is "an unwritable --output: exit 1" 1 "$rc"
like "says why" '^larder: cannot write .*/no/such/dir.zip: No such file or directory' "$err"
run $c export
is "no --user: exit 2" 2 "$rc"
like "with the usage" 'usage: larder \[-c CONF\] export --user NAME \[--output FILE\]' "$err"
run $c export --user kite --user kite
is "--user twice: exit 2" 2 "$rc"
run $c export --user kite --zip
is "an unknown option: exit 2" 2 "$rc"
like "names it" 'unknown option --zip' "$err"
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
	script -qec "$LARDER $c export --user kite; echo rc=\$?" /dev/null >"$tmp/tty" 2>&1 </dev/null
	like "never onto a terminal" 'not writing a zip archive to a terminal' "$(cat "$tmp/tty")"
	like "exit 2 there" 'rc=2' "$(cat "$tmp/tty")"
else
	skip "script(1) not available" 2
fi
run $c --help
like "--help lists export" 'export --user NAME' "$(cat "$tmp/out")"
done_testing
