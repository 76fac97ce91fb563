#!/bin/sh
# real_import_a.sh: every real HTML, CSV and zip export under t/data/real/import-html-csv/ (Pocket, Instapaper, browsers' bookmark files, Readwise Reader) imported with `larder import` for a user of its own, then checked against its NAME.expect: exit status, counts, and the chosen items' title, date, labels, state, favourite and highlights.
set -u
: "${top_builddir:=$(pwd)}"
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
LARDER="$top_builddir/src/cmd/larder"
DATA="$top_srcdir/t/data/real/import-html-csv"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-real-import.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
. "$top_srcdir/t/tap_lib.sh"
. "$top_srcdir/t/pg_lib.sh"
test_db=$(pg_fresh_database) || { echo "$test_db"; exit 1; }

cat >"$tmp/larder.conf" <<CONF
database = ${test_db:-data/larder.db}
${test_db:+data_dir = $tmp/data}
argon2_t_cost = 1
argon2_memory_kib = 64
import_fetches_per_minute = 6000
CONF
unset LARDER_CONFIG
run() { "$LARDER" -c "$tmp/larder.conf" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; out=$(cat "$tmp/out"); }
db() { db_sql "${test_db:-$tmp/data/larder.db}" "$1"; }
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/''/g")"; }
run init || bail_out "larder init failed: $(cat "$tmp/err")"

# the URL as Larder keeps it, for the rules a sample's URLs meet: the fragment dropped, scheme and host in lower
# case, a path of just "/" dropped, the query's empty and utm_ parameters dropped and the rest sorted by name
stored_url() {
	printf '%s\n' "$1" | awk '{
		sub(/#.*$/, "")
		q = ""; i = index($0, "?"); if (i) { q = substr($0, i + 1); $0 = substr($0, 1, i - 1) }
		if (match($0, /^[A-Za-z]+:\/\/[^\/]*/)) $0 = tolower(substr($0, 1, RLENGTH)) substr($0, RLENGTH + 1)
		if ($0 ~ /^[A-Za-z]+:\/\/[^\/]*\/$/) $0 = substr($0, 1, length($0) - 1)
		n = split(q, p, "&"); m = 0
		for (k = 1; k <= n; k++) if (p[k] != "" && tolower(substr(p[k], 1, 4)) != "utm_") keep[++m] = p[k]
		for (a = 2; a <= m; a++) { v = keep[a]; nv = v; sub(/=.*/, "", nv)
			for (b = a - 1; b >= 1; b--) { nb = keep[b]; sub(/=.*/, "", nb); if (nb <= nv) break; keep[b + 1] = keep[b] }
			keep[b + 1] = v }
		out = ""; for (k = 1; k <= m; k++) out = out (k > 1 ? "&" : "") keep[k]
		print $0 (m ? "?" out : "")
	}'
}

# the checks of one item (ITEM set to its row's seq) against one line of the expect file
check_field() {
	key=$1 want=$2
	case $key in
	title) got=$(db "SELECT title FROM library_items WHERE seq = $seq") ;;
	saved) got=$(db "SELECT saved_at / 1000 FROM library_items WHERE seq = $seq") ;;
	description) got=$(db "SELECT coalesce(description, '') FROM library_items WHERE seq = $seq") ;;
	state) got=$(db "SELECT CASE WHEN deleted_at IS NOT NULL THEN 'deleted' WHEN archived_at IS NOT NULL THEN 'archived' ELSE 'inbox' END FROM library_items WHERE seq = $seq") ;;
	labels) got=$(db "SELECT l.name FROM item_labels il JOIN labels l ON l.id = il.label_id WHERE il.item_seq = $seq AND l.name <> 'Favorites' ORDER BY l.name" | paste -sd '|' -)
		# a user's labels are one a name in any case: a folder Dev and a tag dev are one label
		want=$(printf '%s' "$want" | tr '|' '\n' | tr 'A-Z' 'a-z' | LC_ALL=C sort -u | paste -sd '|' -)
		got=$(printf '%s' "$got" | tr '|' '\n' | tr 'A-Z' 'a-z' | LC_ALL=C sort -u | paste -sd '|' -) ;;
	favorite) got=$(db "SELECT CASE WHEN count(*) > 0 THEN 'yes' ELSE 'no' END FROM item_labels il JOIN labels l ON l.id = il.label_id WHERE il.item_seq = $seq AND l.name = 'Favorites'") ;;
	highlights) got=$(db "SELECT count(*) FROM highlights WHERE item_seq = $seq") ;;
	highlight) got=$(db "SELECT quote FROM highlights WHERE item_seq = $seq AND quote = $(q "$want")") ;;
	*) fail "$name: unknown key '$key' in its expect file"; return ;;
	esac
	is "$name: $url: $key" "$want" "$got"
}

user=0 samples=0 passed=0
for exp in "$DATA"/*.expect; do
	[ -f "$exp" ] || continue
	name=$(basename "$exp" .expect)
	file="$DATA/$name"
	before=$failed
	samples=$((samples + 1))
	user=$((user + 1))
	run user add "u$user" >/dev/null
	fmt=$(sed -n 's/^format //p' "$exp")
	run import --user "u$user" ${fmt:+--format "$fmt"} "$file"
	seq=
	while IFS= read -r line; do
		key=${line%% *}
		val=${line#* }
		[ "$key" = "$line" ] && val=
		case $key in
		'' | '#'*) ;;
		format) ;;
		exit) is "$name: exit status" "$val" "$rc" ;;
		added | updated | unchanged | failed | skipped)
			got=$(printf '%s\n' "$out" | sed -n "s/^$key: //p")
			is "$name: $key" "$val" "${got:-0}" ;;
		items)
			is "$name: items kept" "$val" "$(db "SELECT count(*) FROM library_items i JOIN users u ON u.id = i.user_id WHERE u.username = 'u$user'")" ;;
		url)
			url=$val
			seq=$(db "SELECT i.seq FROM library_items i JOIN users u ON u.id = i.user_id WHERE u.username = 'u$user' AND i.url = $(q "$(stored_url "$val")")")
			if [ -z "$seq" ]; then fail "$name: $url is kept" "$(printf '%s\n' "$out" | head -20)"; fi ;;
		*) [ -n "$seq" ] && check_field "$key" "$val" ;;
		esac
	done <"$exp"
	if [ "$failed" -eq "$before" ]; then passed=$((passed + 1)); else diag "$name: $(printf '%s' "$out" | head -12)"; fi
done
diag "samples passing: $passed of $samples"
is "every sample has its expect file" "$(ls "$DATA" | grep -v -e '\.expect$' -e '^SOURCES.md$' | wc -l | tr -d ' ')" "$samples"
done_testing
