#!/bin/sh
# real_import_b.sh: every real (and constructed) sample of t/data/real/import-json-export/ imported with `larder import`, its items, states, favourites, labels, dates and highlights checked against EXPECT, then exported with `larder export` and the zip imported into a fresh account, which must hold the same (TAP).
set -u
: "${top_builddir:=$(pwd)}"
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
LARDER="$top_builddir/src/cmd/larder"
DATA="$top_srcdir/t/data/real/import-json-export"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-real-b.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
. "$top_srcdir/t/tap_lib.sh"
. "$top_srcdir/t/pg_lib.sh"
[ -x "$LARDER" ] || { echo "Bail out! $LARDER not built"; exit 1; }
command -v "$(db_cli)" >/dev/null 2>&1 || { echo "1..0 # SKIP $(db_cli) not installed"; exit 0; }
test_db=$(pg_fresh_database) || { echo "$test_db"; exit 1; }
lib=${test_db:-$tmp/data/larder.db}
if db_pg "$lib"; then NL='chr(10)' SEP='chr(31)'; else NL='char(10)' SEP='char(31)'; fi
US=$(printf '\037')   # the field separator of the snapshots and of EXPECT's lines once read (keeps empty fields)

cat >"$tmp/larder.conf" <<CONF
database = ${test_db:-data/larder.db}
${test_db:+data_dir = $tmp/data}
argon2_t_cost = 1
argon2_memory_kib = 64
CONF
unset LARDER_CONFIG
run() { "$LARDER" -c "$tmp/larder.conf" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; out=$(cat "$tmp/out"); }
db() { db_sql "$lib" "$1"; }
q() { printf '%s' "$1" | sed "s/'/''/g"; }   # a value inside an SQL string
run init; is "init" 0 "$rc"

# URL $1 as Larder keeps it: without its #fragment and utm_* parameters, a bare host without its last slash
norm_url() {
	printf '%s\n' "${1%%#*}" | sed -E -e ':a' -e 's/([?&])utm_[^&]*(&|$)/\1/' -e 'ta' -e 's/[?&]$//' \
		-e 's#^(https?://[^/?]+)/(\?|$)#\1\2#'
}
# the library of user $1 read into $2.items (URL, title, state, saved_at), $2.labels (URL, label) and $2.hl
# (URL, quote, note): three queries, fields split by \037, a newline inside a value written \n
snapshot() {
	_mine="JOIN users u ON u.id = i.user_id WHERE u.username = '$(q "$1")'"
	db "SELECT i.url || $SEP || replace(i.title, $NL, '\\n') || $SEP || CASE WHEN i.deleted_at IS NOT NULL THEN 'DELETED'
		WHEN i.archived_at IS NOT NULL THEN 'ARCHIVED' ELSE 'INBOX' END || $SEP || i.saved_at FROM library_items i $_mine" >"$2.items"
	db "SELECT i.url || $SEP || l.name FROM item_labels il JOIN labels l ON l.id = il.label_id
		JOIN library_items i ON i.seq = il.item_seq $_mine" >"$2.labels"
	db "SELECT i.url || $SEP || replace(coalesce(h.quote, ''), $NL, '\\n') || $SEP ||
		replace(coalesce(h.annotation, ''), $NL, '\\n') FROM highlights h JOIN library_items i ON i.seq = h.item_seq $_mine" >"$2.hl"
}
# the URL of snapshot $1 that EXPECT's URL $2 is, or nothing
item_url() {
	awk -F"$US" -v a="$2" -v b="$(norm_url "$2")" '$1 == a || $1 == b { print $1; exit }' "$1.items"
}
# field $3 (2 title, 3 state, 4 saved_at) of item $2 of snapshot $1
item_field() { awk -F"$US" -v u="$2" -v f="$3" '$1 == u { print $f; exit }' "$1.items"; }
# its labels, sorted, comma-separated, without the favourites' label; 1 when it has that label, else 0
item_labels() {
	awk -F"$US" -v u="$2" '$1 == u && $2 != "Favorites" { print $2 }' "$1.labels" | LC_ALL=C sort -f | paste -sd, -
}
item_fav() { awk -F"$US" -v u="$2" 'BEGIN { n = 0 } $1 == u && $2 == "Favorites" { n = 1 } END { print n }' "$1.labels"; }
# its highlights as "QUOTE<TAB>NOTE" lines, sorted
item_highlights() { awk -F"$US" -v u="$2" '$1 == u { print $2 "\t" $3 }' "$1.hl" | LC_ALL=C sort; }
# a date of EXPECT (iso:, chrome:, moz:, ms:) as ms since 1970
expect_ms() {
	case $1 in
	iso:*) echo $(( $(date -u -d "${1#iso:}" +%s) * 1000 + $(date -u -d "${1#iso:}" +%-N) / 1000000 )) ;;
	chrome:*) v=${1#chrome:}; echo $(( v / 1000 - 11644473600000 )) ;;
	moz:*) v=${1#moz:}; echo $(( v / 1000 )) ;;
	ms:*) echo "${1#ms:}" ;;
	esac
}
# the whole library of user $1 as text: each item's URL, title, state, labels (favourites' too) and highlights
library() {
	snapshot "$1" "$tmp/lib"
	cut -d"$US" -f1 "$tmp/lib.items" | LC_ALL=C sort | while IFS= read -r u; do
		echo "$u	$(item_field "$tmp/lib" "$u" 2)"
		echo "  $(item_field "$tmp/lib" "$u" 3) [$(item_labels "$tmp/lib" "$u")] fav=$(item_fav "$tmp/lib" "$u")"
		item_highlights "$tmp/lib" "$u" | sed 's/^/  hl /'
	done
}

# one sample: file line "$@" (NAME FORMAT ITEMS SKIPPED), the item and hl lines in $tmp/lines.us; counts a sample that
# passes every check in $tmp/passed (tap_lib's $failed did not grow)
check_sample() {
	name=$1 format=$2 items=$3 skipped=$4 user=u$k failed_before=$failed
	run user add "$user"
	run import --user "$user" "$DATA/$name"
	is "$name: exit 0 (every record kept or skipped)" 0 "$rc"
	like "$name: found as $format" "^format: $format\$" "$out"
	like "$name: $items added" "^added: $items\$" "$out"
	like "$name: none failed" '^failed: 0$' "$out"
	if [ "$skipped" -gt 0 ]; then like "$name: $skipped skipped" "^skipped: $skipped\$" "$out"; fi
	snapshot "$user" "$tmp/got"
	last=''
	while IFS="$US" read -r kind url a b c d e; do
		case $kind in
		item)
			last=$(item_url "$tmp/got" "$url")
			if [ -z "$last" ]; then fail "$name: $url kept"; continue; fi
			got="$(item_field "$tmp/got" "$last" 2)	$(item_field "$tmp/got" "$last" 3)	$(item_fav "$tmp/got" "$last")	$(item_labels "$tmp/got" "$last")"
			[ "$a" = "-" ] && a=$last   # no title in the file: the item is titled by its URL until it is fetched
			is "$name: $url: title, state, favourite, labels" "$a	$b	$c	$d" "$got"
			if [ "$e" != "-" ]; then
				is "$name: $url: saved at $e" "$(expect_ms "$e")" "$(item_field "$tmp/got" "$last" 4)"
			fi
			;;
		hl) [ -n "$last" ] && printf '%s\037%s\t%s\n' "$last" "$a" "$b" >>"$tmp/hl.$k" ;;
		esac
	done <"$tmp/lines.us"
	cut -d"$US" -f1 "$tmp/hl.$k" 2>/dev/null | sort -u >"$tmp/hl-items"
	while IFS= read -r u; do   # (not in a pipe: the checks count in this shell)
		awk -F"$US" -v u="$u" '$1 == u { print $2 }' "$tmp/hl.$k" | LC_ALL=C sort >"$tmp/want"
		is "$name: $u: every highlight's quote and note" "$(cat "$tmp/want")" "$(item_highlights "$tmp/got" "$u")"
	done <"$tmp/hl-items"
	# the round trip: export, import into a fresh account, the same library
	run export --user "$user" --output "$tmp/export.$k.zip"
	is "$name: exported" 0 "$rc"
	run user add "r$k"
	run import --user "r$k" "$tmp/export.$k.zip"
	is "$name: its export imported again: exit 0" 0 "$rc"
	like "$name: as omnivore" '^format: omnivore$' "$out"
	is "$name: the round trip keeps items, states, labels and every highlight" "$(library "$user")" "$(library "r$k")"
	[ "$failed" -eq "$failed_before" ] && echo "$name" >>"$tmp/passed"
	echo "$name" >>"$tmp/samples"
}

k=0
: >"$tmp/passed"; : >"$tmp/samples"
grep -v '^#' "$DATA/EXPECT" | awk -v dir="$tmp" '
	/^file\t/ { s++; }
	s > 0 && NF > 0 { print > (dir "/sample." s) }'
# On PostgreSQL (t/pg_e2e.sh) the first sample of each format and every sample with highlights: reading the files
# is the same C on both engines, and what PostgreSQL adds (the store's writes of items, labels and highlights, the
# export's reads) these cover; all 36 took 80 s there, where a save costs more than on SQLite
: >"$tmp/formats"
for f in $(ls "$tmp"/sample.* | sort -t. -k2 -n); do
	k=$((k + 1))
	IFS='	' read -r kind name format items skipped <"$f"
	if db_pg "$lib"; then
		grep -qxF "$format" "$tmp/formats" && ! grep -q '^hl	' "$f" && continue
		echo "$format" >>"$tmp/formats"
	fi
	tail -n +2 "$f" | tr '\t' '\037' >"$tmp/lines.us"   # a separator read keeps empty fields between
	check_sample "$name" "$format" "$items" "$skipped"
done
diag "samples passing: $(wc -l <"$tmp/passed") of $(wc -l <"$tmp/samples")"
if db_pg "$lib"; then
	is "a sample of every format of EXPECT was tried" \
		"$(grep '^file	' "$DATA/EXPECT" | cut -f3 | sort -u | tr '\n' ' ')" "$(sort -u "$tmp/formats" | tr '\n' ' ')"
else
	is "every sample of EXPECT was tried" "$(grep -c '^file	' "$DATA/EXPECT")" "$(wc -l <"$tmp/samples" | tr -d ' ')"
fi
done_testing
