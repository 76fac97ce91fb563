# cgi_lib.sh: shared helpers for the CGI-mode tests of graphql.fcgi (sourced by t/cgi_*.sh; TAP output).
# Sets up a temporary larder.conf and database with the built larder CLI, runs graphql.fcgi as plain
# CGI (CGI variables set, body on stdin) and splits its answer into status, headers and body.
# LARDER_TEST_WRAP, when set, is a command put in front of every program run (contrib/reliability/valgrind
# sets it to valgrind with --error-exitcode, so a memory error or leak fails the check that ran it).
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
# the checks (pass, fail, is, like, unlike, done_testing ...): t/tap_lib.sh; a failing check shows the last body
. "$top_srcdir/t/tap_lib.sh"
LARDER="$top_builddir/src/cmd/larder"
FCGI="$top_builddir/src/cmd/graphql.fcgi"
for p in "$LARDER" "$FCGI"; do
	[ -x "$p" ] || bail_out "$p is not built"
done
command -v jq >/dev/null 2>&1 || bail_out "jq is not installed"
WRAP=${LARDER_TEST_WRAP:-}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-cgi.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
unset LARDER_CONFIG

tap_context() { printf 'body: %s\n' "${body-}"; }
# jqr FILTER: the filter applied to the last response body (raw output; "JQ-ERROR" when not JSON)
jqr() { printf '%s' "$body" | jq -r "$1" 2>/dev/null || echo JQ-ERROR; }
# header NAME: the value of a header of the last response (first one), "" when absent
header() { printf '%s\n' "$hdrs" | sed -n "s/^$1: //Ip" | head -n 1; }
# headers_all NAME: every value of a header, joined with ", "
headers_all() { printf '%s\n' "$hdrs" | sed -n "s/^$1: //Ip" | paste -sd, - | sed 's/,\([^ ]\)/, \1/g'; }

conf="$tmp/larder.conf"
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/t/pg_lib.sh"
test_db=$(pg_fresh_database) || { echo "$test_db"; exit 1; }
cat >"$conf" <<CONF
# test configuration: tiny argon2 parameters so the tests stay fast (the library in PostgreSQL under t/pg_e2e.sh)
database = ${test_db:-data/larder.db}
data_dir = $tmp/data
argon2_t_cost = 1
argon2_memory_kib = 64
# the answers are checked, not timed: a search's wall-clock budget (search_time_ms) is raised past any busy machine
search_time_ms = 600000
CONF

# setup: a database, the user alice and her keys; KEY is a valid key
setup() {
	"$LARDER" -c "$conf" init >/dev/null 2>"$tmp/err" || bail_out "larder init: $(cat "$tmp/err")"
	"$LARDER" -c "$conf" user add alice --name "Alice Liddell" --email alice@example.com >/dev/null 2>"$tmp/err" ||
		bail_out "larder user add: $(cat "$tmp/err")"
	KEY=$("$LARDER" -c "$conf" key create alice --name test 2>"$tmp/err") ||
		bail_out "larder key create: $(cat "$tmp/err")"
}

# req METHOD BODY [NAME=VALUE ...]: run graphql.fcgi as CGI. Defaults: POST-style JSON request to
# /api/graphql without credentials; later NAME=VALUE pairs override them (NAME= empties one).
# Sets status, hdrs, ctype, body, err, rc.
req() {
	_m=$1 _b=$2
	shift 2
	printf '%s' "$_b" >"$tmp/body"
	req_file "$_m" "$tmp/body" "$@"
}
# req_file METHOD FILE [NAME=VALUE ...]: the same with the body read from FILE
req_file() {
	_m=$1 _f=$2
	shift 2
	_len=$(wc -c <"$_f" | tr -d ' ')
	env -i PATH="$PATH" LARDER_CONFIG="$conf" GATEWAY_INTERFACE=CGI/1.1 SERVER_PROTOCOL=HTTP/1.1 \
		REQUEST_METHOD="$_m" CONTENT_TYPE=application/json CONTENT_LENGTH="$_len" \
		SCRIPT_NAME=/api/graphql REQUEST_URI=/api/graphql QUERY_STRING= REMOTE_ADDR=127.0.0.1 \
		${ASAN_OPTIONS:+ASAN_OPTIONS="$ASAN_OPTIONS"} ${UBSAN_OPTIONS:+UBSAN_OPTIONS="$UBSAN_OPTIONS"} \
		"$@" $WRAP "$FCGI" <"$_f" >"$tmp/resp" 2>"$tmp/err"
	rc=$?
	[ -z "$WRAP" ] || wrap_check "$_m $(head -c 60 "$_f" | tr -d '\n')"
	tr -d '\r' <"$tmp/resp" >"$tmp/resp.lf"
	hdrs=$(sed '/^$/q' "$tmp/resp.lf")
	body=$(sed '1,/^$/d' "$tmp/resp.lf")
	status=$(printf '%s\n' "$hdrs" | sed -n 's/^Status: \([0-9]*\).*/\1/p')
	ctype=$(header Content-Type)
	err=$(cat "$tmp/err")
}
# wrap_check WHAT: under LARDER_TEST_WRAP, a failing check when the last run reported an error
# (valgrind's lines start with ==PID==; its --error-exitcode is 97)
wrap_check() {
	if [ "$rc" -eq 97 ] || grep -Eq '^==[0-9]+== ' "$tmp/err"; then
		fail "$LARDER_TEST_WRAP: no memory error or leak in $1" "exit $rc" "$(grep -E '^==[0-9]+== ' "$tmp/err" | head -n 30)"
	fi
}
# gql QUERY [NAME=VALUE ...]: POST {"query": QUERY}
gql() { _q=$1; shift; req POST "$(jq -cn --arg q "$_q" '{query: $q}')" "$@"; }
# urlenc STRING: application/x-www-form-urlencoded
urlenc() { printf '%s' "$1" | jq -sRr @uri; }
# exited_cleanly DESCRIPTION: the process ended with 0 and no sanitizer or valgrind report
exited_cleanly() {
	if [ "$rc" -eq 0 ] && ! printf '%s\n' "$err" | grep -Eq 'Sanitizer|runtime error|^==[0-9]+== '; then
		pass "$1"
	else
		fail "$1" "exit $rc" "stderr: $err"
	fi
}
