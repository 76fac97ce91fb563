# testserver_lib.sh: start and stop t/js/testserver.mjs (sourced by tests that need a page server on loopback).
# The sourcing script sets srcdir and tmp (a private temporary directory) first, and calls
# testserver_stop from its own EXIT trap (this file sets no trap, so it combines with serve_lib.sh).
# testserver_start [--pages DIR]: starts the server, sets $ts_port and $ts_port2 (its two
# listeners on 127.0.0.1), or prints "Bail out!" and exits. testserver_have_node: 0 when node runs.
ts_pid=
testserver_have_node() {
	command -v node >/dev/null 2>&1
}
testserver_start() {
	: >"$tmp/testserver.ports"
	node "$srcdir/t/js/testserver.mjs" --max-seconds 600 "$@" >"$tmp/testserver.ports" 2>"$tmp/testserver.log" </dev/null &
	ts_pid=$!
	_i=0
	while [ "$(wc -l <"$tmp/testserver.ports")" -lt 2 ]; do
		_i=$((_i + 1))
		if [ $_i -ge 600 ] || ! kill -0 "$ts_pid" 2>/dev/null; then
			echo "Bail out! the test server did not start: $(head -c 400 "$tmp/testserver.log" | tr '\n' ' ')"
			exit 1
		fi
		sleep 0.1
	done
	ts_port=$(sed -n 1p "$tmp/testserver.ports")
	ts_port2=$(sed -n 2p "$tmp/testserver.ports")
}
testserver_stop() {
	if [ -n "$ts_pid" ]; then
		kill "$ts_pid" 2>/dev/null && wait "$ts_pid" 2>/dev/null
		ts_pid=
	fi
}
