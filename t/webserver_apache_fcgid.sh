#!/bin/sh
# webserver_apache_fcgid.sh: conf/apache-larder.conf as shipped (port and paths changed only) with mod_fcgid starting the programs itself, driven through t/webserver_lib.sh's flow (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
. "$srcdir/t/webserver_lib.sh"
ws_need apache2 unzip
[ -f /usr/lib/apache2/modules/mod_fcgid.so ] || { echo "1..0 # SKIP mod_fcgid not installed (libapache2-mod-fcgid)"; exit 0; }
[ "$(id -u)" -eq 0 ] && ws_user=www-data
ws_cleanup_hook() { ws_apache_stop; }

started=
for _ in 1 2 3 4 5 6; do
	ws_port
	ws_sample apache-larder.conf | sed "s|<VirtualHost \*:80>|<VirtualHost *:$port>|" >"$tmp/site.conf"
	if ws_apache fcgid; then
		started=1
		break
	fi
	ws_apache_stop
done
[ -n "$started" ] || bail_out "apache did not start: $(cat "$tmp/logs/apache-start.log" "$tmp/logs/apache-error.log" 2>/dev/null | tail -c 600)"
ws_flow apache-fcgid
done_testing
