#!/bin/sh
# feedserver_lib.sh: feedserver_start SRCDIR starts t/js/feedserver.mjs on a loopback port of its own (sourced by the tests of feeds, imports and fetches).
# It writes its port to $tmp/port and its log to $tmp/feedserver.log, sets fs_pid (the caller's EXIT trap kills it)
# and base (http://127.0.0.1:PORT), and bails out when the server does not come up.
feedserver_start() {
	node "$1/t/js/feedserver.mjs" --max-seconds 300 >"$tmp/port" 2>"$tmp/feedserver.log" </dev/null &
	fs_pid=$!
	_fs_i=0
	while [ ! -s "$tmp/port" ]; do
		_fs_i=$((_fs_i + 1))
		[ $_fs_i -lt 600 ] && kill -0 "$fs_pid" 2>/dev/null || bail_out "the feed server did not start"
		sleep 0.1
	done
	base=http://127.0.0.1:$(cat "$tmp/port")
}
