#!/bin/sh
# webserver_apache_cgi.sh: shared hosting — conf/htaccess-larder as the .htaccess of an account's web folder (its one EDIT line changed), the programs as plain CGI from larder-bin/ there, larder.conf and the data outside it; driven through t/webserver_lib.sh's flow (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
. "$srcdir/t/webserver_lib.sh"
ws_need apache2 unzip
[ -f /usr/lib/apache2/modules/mod_cgid.so ] || { echo "1..0 # SKIP mod_cgid not installed (apache2)"; exit 0; }
[ "$(id -u)" -eq 0 ] && ws_user=www-data
ws_cleanup_hook() { ws_apache_stop; }

# the account's web folder, as README's "Shared hosting" fills it: the pages, the .htaccess, the programs
web=$tmp/public_html
mkdir -p "$web/larder-bin"
cp -R "$srcdir/www/." "$web/" && rm -f "$web/local.mk"
for p in graphql.fcgi auth.fcgi save.fcgi larder-runner larder-pdf; do
	cp "$cmd/$p" "$web/larder-bin/" || bail_out "cannot copy $p"
done
# the host's side: a virtual host whose folder lets .htaccess files decide (most shared hosts: AllowOverride All)
started=
for _ in 1 2 3 4 5 6; do
	ws_port
	sed "s|^SetEnv LARDER_CONFIG .*|SetEnv LARDER_CONFIG $conf|" "$srcdir/conf/htaccess-larder" >"$web/.htaccess"
	cat >"$tmp/site.conf" <<EOT
<VirtualHost *:$port>
	DocumentRoot $web
	<Directory $web>
		AllowOverride All
		Require all granted
	</Directory>
</VirtualHost>
EOT
	if ws_apache cgid; then
		started=1
		break
	fi
	ws_apache_stop
done
[ -n "$started" ] || bail_out "apache did not start: $(cat "$tmp/logs/apache-start.log" "$tmp/logs/apache-error.log" 2>/dev/null | tail -c 600)"
ws_flow apache-cgi
# the data is outside the web folder, and the helpers are not served
code=$(curl -s -m 20 -o /dev/null -w '%{http_code}' "$B/larder-bin/larder-runner")
is "apache-cgi: the helpers are not served" 403 "$code"
code=$(curl -s -m 20 -o /dev/null -D "$tmp/page.h" -w '%{http_code}' "$B/home")
is "apache-cgi: the pages carry the Content-Security-Policy, once" "200 1" "$code $(hdr "$tmp/page.h" content-security-policy | wc -l)"
done_testing
