# serve_lib.sh: shared by the tests that need a real server: start contrib/larder-serve on a free loopback port, stop it on exit (sourced).
# The sourcing script sets srcdir, builddir and tmp (a private temporary directory) first; after
# serve_start, $port, $data (the server's data directory) and $conf (its larder.conf) are set, and
# the server and $tmp are removed when the script exits.
serve=$srcdir/contrib/larder-serve
data=$tmp/data
conf=$data/larder.conf
started=
serve_cleanup() {
	[ -n "$started" ] && "$serve" --stop --data "$data" >/dev/null 2>&1
	rm -rf "$tmp"
}
trap serve_cleanup EXIT
trap 'exit 1' INT TERM

# serve_need COMMAND...: skip the whole test (plan 1..0) when a command is missing; bail out when larder or
# graphql.fcgi is not built. Sets $larder.
serve_need() {
	for _c in "$@"; do
		command -v "$_c" >/dev/null 2>&1 || [ -x "/usr/sbin/$_c" ] || { echo "1..0 # SKIP $_c not installed"; exit 0; }
	done
	larder=$builddir/src/cmd/larder
	for _p in "$larder" "$builddir/src/cmd/graphql.fcgi"; do
		[ -x "$_p" ] || { echo "Bail out! $_p missing or not built"; exit 1; }
	done
}

. "$srcdir/t/pg_lib.sh"
. "$srcdir/t/port_lib.sh"

# serve_start [larder-serve options]: a random port (rand_port, t/port_lib.sh), another when it is taken (larder-serve then fails
# to bind); prints "Bail out!" with the log's tail and exits when no attempt starts. The library is
# $data/larder.db, or a fresh PostgreSQL database when LARDER_TEST_PG_HOST is set. A search may run 10 minutes
# (search_time_ms): the tests check answers, and a busy machine must not turn one into SEARCH_TIMEOUT.
serve_start() {
	port=
	serve_db=$(pg_fresh_database) || { echo "$serve_db"; exit 1; }
	for _ in 1 2 3 4 5 6 7 8; do
		_p=$(rand_port)
		if "$serve" --port "$_p" --data "$data" --build "$builddir" ${serve_db:+--database "$serve_db"} \
			--set search_time_ms=600000 "$@" \
			>"$tmp/serve.log" 2>&1; then
			port=$_p
			started=1
			return 0
		fi
		"$serve" --stop --data "$data" >/dev/null 2>&1
	done
	echo "Bail out! larder-serve did not start: $(tail -c 600 "$tmp/serve.log" | tr '\n' ' ')"
	exit 1
}
# serve_user_key VAR USER [KEY-NAME]: the user USER on the started server, and an API key of theirs in $VAR; prints
# "Bail out!" and exits when either cannot be made
serve_user_key() {
	"$larder" -c "$conf" user add "$2" >"$tmp/cli.log" 2>&1 ||
		{ echo "Bail out! user add $2: $(cat "$tmp/cli.log")"; exit 1; }
	_k=$("$larder" -c "$conf" key create "$2" --name "${3:-test}" 2>"$tmp/cli.log") && [ -n "$_k" ] ||
		{ echo "Bail out! key create $2: $(cat "$tmp/cli.log")"; exit 1; }
	eval "$1=\$_k"
}
