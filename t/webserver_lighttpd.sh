#!/bin/sh
# webserver_lighttpd.sh: conf/lighttpd-larder.conf enabled in Debian's stock /etc/lighttpd/lighttpd.conf (ports, paths and log files changed only), the programs under spawn-fcgi -n, driven through t/webserver_lib.sh's flow (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
. "$srcdir/t/webserver_lib.sh"
ws_need lighttpd spawn-fcgi unzip
[ -f /etc/lighttpd/lighttpd.conf ] || { echo "1..0 # SKIP no /etc/lighttpd/lighttpd.conf (Debian's lighttpd package)"; exit 0; }
lighttpd=/usr/sbin/lighttpd
[ -x "$lighttpd" ] || lighttpd=$(command -v lighttpd)
ws_cleanup_hook() {
	[ -f "$tmp/lighttpd.pid" ] || return 0
	_p=$(cat "$tmp/lighttpd.pid" 2>/dev/null)
	[ -n "$_p" ] && kill "$_p" 2>/dev/null && for _ in $(seq 100); do kill -0 "$_p" 2>/dev/null || break; sleep 0.05; done
	rm -f "$tmp/lighttpd.pid"
}

# Debian's layout in $tmp/lighttpd: the stock main file, its conf-enabled/ plus the sample as 50-larder.conf
# (what `lighty-enable-mod larder` links); the main file's own port, pid, logs and user are the test's
started=
for _ in 1 2 3 4 5 6; do
	ws_port
	mkdir -p "$tmp/lighttpd/conf-enabled" "$tmp/lighttpd/uploads"
	rm -f "$tmp/lighttpd/conf-enabled/"*
	for f in /etc/lighttpd/conf-enabled/*.conf; do [ -e "$f" ] && ln -s "$f" "$tmp/lighttpd/conf-enabled/"; done
	ws_sample lighttpd-larder.conf >"$tmp/lighttpd/conf-enabled/50-larder.conf"
	sed -e "s|^server.port .*|server.port = $port|" \
		-e "s|^server.pid-file .*|server.pid-file = \"$tmp/lighttpd.pid\"|" \
		-e "s|^server.errorlog .*|server.errorlog = \"$tmp/logs/lighttpd-error.log\"|" \
		-e "s|^server.upload-dirs .*|server.upload-dirs = ( \"$tmp/lighttpd/uploads\" )|" \
		-e '/^server.username/d' -e '/^server.groupname/d' \
		-e "s|/etc/lighttpd/conf-enabled/|$tmp/lighttpd/conf-enabled/|" /etc/lighttpd/lighttpd.conf >"$tmp/lighttpd/lighttpd.conf"
	printf 'server.bind = "127.0.0.1"\n' >>"$tmp/lighttpd/lighttpd.conf"
	if "$lighttpd" -f "$tmp/lighttpd/lighttpd.conf" >"$tmp/logs/lighttpd-start.log" 2>&1 && ws_up; then
		started=1
		break
	fi
	ws_cleanup_hook
done
[ -n "$started" ] || bail_out "lighttpd did not start: $(cat "$tmp/logs/lighttpd-start.log" "$tmp/logs/lighttpd-error.log" 2>/dev/null | tail -c 600)"
ws_spawn
ws_flow lighttpd
code=$(curl -s -m 20 -o /dev/null -D "$tmp/page.h" -w '%{http_code}' "$B/home")
is "lighttpd: the pages carry the sample's Content-Security-Policy, once" "200 1" "$code $(hdr "$tmp/page.h" content-security-policy | wc -l)"
done_testing
