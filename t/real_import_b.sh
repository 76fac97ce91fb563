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
if db_pg "$lib"; then NL='chr(10)'; else NL='char(10)'; fi

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
# the item of user $1 with URL $2 as the file has it: its seq, or nothing
item_seq() {
	db "SELECT i.seq FROM library_items i JOIN users u ON u.id = i.user_id WHERE u.username = '$(q "$1")'
		AND i.url IN ('$(q "$2")', '$(q "$(norm_url "$2")")')"
}
# its labels, sorted, comma-separated, without the favourites' label
item_labels() {
	db "SELECT l.name FROM item_labels il JOIN labels l ON l.id = il.label_id WHERE il.item_seq = $1 AND l.name <> 'Favorites'" |
		LC_ALL=C sort -f | paste -sd, -
}
item_fav() { db "SELECT count(*) FROM item_labels il JOIN labels l ON l.id = il.label_id WHERE il.item_seq = $1 AND l.name = 'Favorites'"; }
item_state() { db "SELECT CASE WHEN deleted_at IS NOT NULL THEN 'DELETED' WHEN archived_at IS NOT NULL THEN 'ARCHIVED' ELSE 'INBOX' END FROM library_items WHERE seq = $1"; }
# its highlights as "QUOTE<TAB>NOTE" lines (a newline inside as \n), sorted
item_highlights() {
	db "SELECT replace(coalesce(quote, ''), $NL, '\\n') || '	' || replace(coalesce(annotation, ''), $NL, '\\n') FROM highlights WHERE item_seq = $1" |
		LC_ALL=C sort
}
# a date of EXPECT (iso:, chrome:, moz:) as ms since 1970
expect_ms() {
	case $1 in
	iso:*) echo $(( $(date -u -d "${1#iso:}" +%s) * 1000 + $(date -u -d "${1#iso:}" +%-N) / 1000000 )) ;;
	chrome:*) v=${1#chrome:}; echo $(( v / 1000 - 11644473600000 )) ;;
	moz:*) v=${1#moz:}; echo $(( v / 1000 )) ;;
	esac
}
# the whole library of user $1 as text: each item's URL, title, state, labels (favourites' too) and highlights
library() {
	db "SELECT i.seq FROM library_items i JOIN users u ON u.id = i.user_id WHERE u.username = '$(q "$1")' ORDER BY i.url" |
		while read -r s; do
			db "SELECT url, replace(title, $NL, '\\n') FROM library_items WHERE seq = $s"
			echo "  $(item_state "$s") [$(item_labels "$s")] fav=$(item_fav "$s")"
			item_highlights "$s" | sed 's/^/  hl /'
		done
}

US=$(printf '\037')
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
	want_hl='' last_seq=''
	while IFS="$US" read -r kind url a b c d e; do
		case $kind in
		item)
			s=$(item_seq "$user" "$url")
			if [ -z "$s" ]; then fail "$name: $url kept"; last_seq=''; continue; fi
			last_seq=$s
			got="$(db "SELECT replace(title, $NL, '\\n') FROM library_items WHERE seq = $s")	$(item_state "$s")	$(item_fav "$s")	$(item_labels "$s")"
			is "$name: $url: title, state, favourite, labels" "$a	$b	$c	$d" "$got"
			if [ "$e" != "-" ]; then
				is "$name: $url: saved at $e" "$(expect_ms "$e")" "$(db "SELECT saved_at FROM library_items WHERE seq = $s")"
			fi
			;;
		hl) [ -n "$last_seq" ] && printf '%s\t%s\t%s\n' "$last_seq" "$a" "$b" >>"$tmp/hl.$k" ;;
		esac
	done <"$tmp/lines.us"
	for s in $(cut -f1 "$tmp/hl.$k" 2>/dev/null | sort -u); do
		awk -F'\t' -v s="$s" '$1 == s { print $2 "\t" $3 }' "$tmp/hl.$k" | LC_ALL=C sort >"$tmp/want"
		is "$name: item $s: every highlight's quote and note" "$(cat "$tmp/want")" "$(item_highlights "$s")"
	done
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
for f in $(ls "$tmp"/sample.* | sort -t. -k2 -n); do
	k=$((k + 1))
	IFS='	' read -r kind name format items skipped <"$f"
	tail -n +2 "$f" | tr '\t' '\037' >"$tmp/lines.us"   # a separator read keeps empty fields between
	check_sample "$name" "$format" "$items" "$skipped"
done
diag "samples passing: $(wc -l <"$tmp/passed") of $(wc -l <"$tmp/samples")"
is "every sample of EXPECT was tried" "$(grep -c '^file	' "$DATA/EXPECT")" "$(wc -l <"$tmp/samples" | tr -d ' ')"
done_testing
