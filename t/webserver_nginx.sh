#!/bin/sh
# webserver_nginx.sh: conf/nginx-larder.conf as shipped (port and paths changed only) in front of the three programs under spawn-fcgi -n, driven through t/webserver_lib.sh's flow (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
. "$srcdir/t/webserver_lib.sh"
ws_need nginx spawn-fcgi unzip
nginx=/usr/sbin/nginx
[ -x "$nginx" ] || nginx=$(command -v nginx)
ws_cleanup_hook() { [ -f "$tmp/nginx.pid" ] && "$nginx" -p "$tmp" -c "$tmp/nginx.conf" -s stop 2>/dev/null; }

started=
for _ in 1 2 3 4 5 6; do
	ws_port
	# the sample's server block, included by a main file of the test's own (the role of /etc/nginx/nginx.conf)
	ws_sample nginx-larder.conf | sed -e "s|listen 80;|listen 127.0.0.1:$port;|" -e '/listen \[::\]:80;/d' \
		-e "s|include fastcgi_params;|include /etc/nginx/fastcgi_params;|" >"$tmp/site.conf"
	mkdir -p "$tmp/temp"
	cat >"$tmp/nginx.conf" <<EOT
$( [ "$(id -u)" -eq 0 ] && echo 'user root;' )
pid $tmp/nginx.pid;
error_log $tmp/logs/nginx-error.log warn;
events { worker_connections 64; }
http {
	include /etc/nginx/mime.types;
	access_log $tmp/logs/nginx-access.log;
	client_body_temp_path $tmp/temp/body;
	fastcgi_temp_path $tmp/temp/fastcgi;
	include $tmp/site.conf;
}
EOT
	if "$nginx" -p "$tmp" -c "$tmp/nginx.conf" >"$tmp/logs/nginx-start.log" 2>&1 && ws_up; then
		started=1
		break
	fi
	ws_cleanup_hook
done
[ -n "$started" ] || bail_out "nginx did not start: $(cat "$tmp/logs/nginx-start.log" "$tmp/logs/nginx-error.log" 2>/dev/null | tail -c 600)"
ws_spawn
ws_flow nginx

# why the units run spawn-fcgi with -n: a program that cannot start (here: no database) makes spawn-fcgi -n itself
# exit non-zero with the program's reason (systemd sees it; forking, spawn-fcgi watches the child only a moment)
printf 'database = %s/none/larder.db\n' "$tmp" >"$tmp/broken.conf"
LARDER_CONFIG=$tmp/broken.conf spawn-fcgi -n -s "$tmp/broken.sock" -- "$cmd/graphql.fcgi" >"$tmp/n.out" 2>&1
is "spawn-fcgi -n: a program that cannot start exits 1" 1 "$?"
like "with its reason on standard error" "graphql.fcgi: .*(not initialised|larder init)" "$(cat "$tmp/n.out")"
done_testing
