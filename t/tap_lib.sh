# tap_lib.sh: the one TAP library of the shell tests (sourced): pass, fail, is, isnt, like, unlike, jqok, skip, diag, bail_out, done_testing.
# Every check takes its NAME first, then what is wanted, then what was got: is NAME WANT GOT.
# tap_context, when a sourcing library redefines it, prints more lines for a failing is/isnt/like/unlike
# (t/cgi_lib.sh prints the last response body).
n=0
failed=0
tap_context() { :; }
# pass NAME
pass() { n=$((n + 1)); echo "ok $n - $1"; }
# fail NAME [DIAGNOSTIC ...]: a failing check; each line of each diagnostic becomes a TAP comment
fail() {
	n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"
	shift
	for _l in "$@"; do printf '%s\n' "$_l" | sed 's/^/#   /'; done
}
# diag LINE ...: TAP comments
diag() { for _l in "$@"; do printf '%s\n' "$_l" | sed 's/^/# /'; done; }
_tap_fail_ctx() { _c=$(tap_context); fail "$@" ${_c:+"$_c"}; }
# is NAME WANT GOT: GOT is exactly WANT
is() { if [ "x$2" = "x$3" ]; then pass "$1"; else _tap_fail_ctx "$1" "want: '$2'" "got:  '$3'"; fi; }
# isnt NAME UNWANTED GOT: GOT is anything but UNWANTED
isnt() { if [ "x$2" != "x$3" ]; then pass "$1"; else _tap_fail_ctx "$1" "want anything but: '$2'" "got:  '$3'"; fi; }
# like NAME ERE GOT: GOT matches the extended regular expression (grep -E, any line)
like() { if printf '%s\n' "$3" | grep -Eq -- "$2"; then pass "$1"; else _tap_fail_ctx "$1" "want a match for: $2" "got:  '$3'"; fi; }
# unlike NAME ERE GOT: no line of GOT matches
unlike() { if printf '%s\n' "$3" | grep -Eq -- "$2"; then _tap_fail_ctx "$1" "want no match for: $2" "got:  '$3'"; else pass "$1"; fi; }
# jqok NAME FILTER FILE: the jq filter is true for the JSON in FILE
jqok() {
	if jq -e "$2" "$3" >/dev/null 2>&1; then pass "$1"; else fail "$1" "filter: $2" "body: $(head -c 400 "$3")"; fi
}
# skip REASON [COUNT]: COUNT checks (1 by default) that cannot run here
skip() {
	_k=${2:-1}
	while [ "$_k" -gt 0 ]; do n=$((n + 1)); echo "ok $n # skip $1"; _k=$((_k - 1)); done
}
# bail_out REASON: stop the whole test (automake's TAP driver reports it as an error)
bail_out() { echo "Bail out! $*"; exit 1; }
# done_testing: the plan, then exit 0 when every check passed, 1 otherwise
done_testing() {
	echo "1..$n"
	[ "$failed" -eq 0 ]
	exit $?
}
