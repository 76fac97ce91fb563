# tap_lib.sh: TAP helpers for the shell tests (sourced): pass, fail, is, jqok; the plan is printed by tap_end.
n=0
fails=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() {
	n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"
	shift
	for l in "$@"; do printf '%s\n' "$l" | sed 's/^/#   /'; done
}
# is GOT WANT NAME
is() {
	if [ "x$1" = "x$2" ]; then pass "$3"; else fail "$3" "got:  '$1'" "want: '$2'"; fi
}
# jqok FILTER FILE NAME: the jq filter is true for the JSON in FILE
jqok() {
	if jq -e "$1" "$2" >/dev/null 2>&1; then pass "$3"; else fail "$3" "filter: $1" "body: $(head -c 400 "$2")"; fi
}
# tap_end: the plan, and the exit status
tap_end() {
	echo "1..$n"
	[ $fails -eq 0 ]
}
