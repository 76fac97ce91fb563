#!/bin/sh
# webserver_apache_cgi.sh: shared hosting — conf/htaccess-larder as the .htaccess of an account's web folder (its EDIT line changed), the programs as plain CGI from larder-bin/ there, larder.conf and the data outside it; the first run without a shell (LARDER_INIT, /api/auth/setup: its bad inputs, a race of eight browsers that one wins, gone afterwards), then t/webserver_lib.sh's flow (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
. "$srcdir/t/webserver_lib.sh"
ws_need apache2 unzip
[ -f /usr/lib/apache2/modules/mod_cgid.so ] || { echo "1..0 # SKIP mod_cgid not installed (apache2)"; exit 0; }
[ "$(id -u)" -eq 0 ] && ws_user=www-data
# no `larder init`: the first run makes the database
ws_noinit=1
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
	# the README's first-run step: the EDIT line, and the # taken from LARDER_INIT
	sed -e "s|^SetEnv LARDER_CONFIG .*|SetEnv LARDER_CONFIG $conf|" -e 's|^#SetEnv LARDER_INIT yes|SetEnv LARDER_INIT yes|' \
		"$srcdir/conf/htaccess-larder" >"$web/.htaccess"
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

# --- the first run ---
S=$B/api/auth/setup
# post NAME [curl args]: POST to the first-run page; status and Location in $got, the body in $tmp/NAME.html
post() {
	_n=$1; shift
	got=$(curl -s -m 60 -o "$tmp/$_n.html" -D "$tmp/$_n.h" -w '%{http_code}' -H "Origin: $B" "$@" "$S")
	got="$got $(hdr "$tmp/$_n.h" location)"
	got=${got% }
}
user_exists() { ws_cli -c "$conf" user show "$1" >/dev/null 2>&1; }
[ ! -e "$data/larder.db" ] && pass "first run: no database before it" || fail "first run: no database before it"
code=$(curl -s -m 60 -o "$tmp/setup.html" -D "$tmp/setup.h" -w '%{http_code}' "$S")
is "first run: GET /api/auth/setup shows the form" 200 "$code"
grep -q 'action="/api/auth/setup"' "$tmp/setup.html" && pass "first run: a form posting to itself" ||
	fail "first run: a form posting to itself" "$(head -c 300 "$tmp/setup.html")"
is "first run: one Content-Security-Policy on it" 1 "$(hdr "$tmp/setup.h" content-security-policy | wc -l)"
[ -s "$data/larder.db" ] && pass "first run: LARDER_INIT made the database" || fail "first run: LARDER_INIT made the database" "$(ls -la "$data")"
post short --data-urlencode username=eve --data-urlencode password=short
is "first run: a short password: 400" 400 "$got"
grep -q 'too short' "$tmp/short.html" && pass "first run: saying so" || fail "first run: saying so" "$(head -c 300 "$tmp/short.html")"
post badname --data-urlencode 'username=eve smith' --data-urlencode 'password=a good long password'
is "first run: a username with a space: 400" 400 "$got"
post nul --data-binary 'username=eve%00x&password=a+good+long+password'
is "first run: a username holding a NUL byte: 400" 400 "$got"
post nopass --data-urlencode username=eve
is "first run: no password: 400" 400 "$got"
head -c 20000 /dev/zero | tr '\0' a | sed 's/^/username=/' >"$tmp/big.form"
post big --data-binary "@$tmp/big.form"
is "first run: a form over 16 KiB: 400" 400 "$got"
got=$(curl -s -m 60 -o /dev/null -w '%{http_code}' -H 'Origin: https://evil.example' --data-urlencode username=eve \
	--data-urlencode 'password=a good long password' "$S")
is "first run: the form sent from another site: 403" 403 "$got"
got=$(curl -s -m 60 -o /dev/null -w '%{http_code}' -X PUT -H "Origin: $B" --data-urlencode username=eve "$S")
is "first run: PUT: 405" 405 "$got"
user_exists eve && fail "first run: none of them made an account" || pass "first run: none of them made an account"
is "first run: the form is still there" 200 "$(curl -s -m 60 -o /dev/null -w '%{http_code}' "$S")"
# eight browsers send the form at once: one account is made and logged in, the others go to /login
racers=
for i in 1 2 3 4 5 6 7 8; do
	curl -s -m 120 -o /dev/null -D "$tmp/race$i.h" -w '%{http_code}' -H "Origin: $B" --data-urlencode "username=racer$i" \
		--data-urlencode "password=racer $i password" "$S" >"$tmp/race$i.code" &
	racers="$racers $!"
done
wait $racers
won= lost=0 made=0
for i in 1 2 3 4 5 6 7 8; do
	case "$(cat "$tmp/race$i.code") $(hdr "$tmp/race$i.h" location)" in
	"303 /home") won="$won $i" ;;
	"303 /login") lost=$((lost + 1)) ;;
	esac
	user_exists "racer$i" && made=$((made + 1))
done
is "first run: of eight forms at once, one is made" " 1" "$(printf ' %s' $won | wc -w | sed 's/^/ /')"
is "first run: the seven others are sent to /login" 7 "$lost"
is "first run: one account exists" 1 "$made"
w=${won# }
cookie=$(hdr "$tmp/race$w.h" set-cookie | sed -n 's/^auth=\([0-9a-f]*\);.*/\1/p')
curl -s -m 60 -o "$tmp/me.json" -H "Cookie: auth=$cookie" -H "Origin: $B" -H 'content-type: application/json' \
	-d '{"query":"{ me { profile { username } } }"}' "$B/api/graphql"
jqok "first run: the winner is logged in as its account" ".data.me.profile.username == \"racer$w\"" "$tmp/me.json"
code=$(curl -s -m 60 -o /dev/null -D "$tmp/gone.h" -w '%{http_code}' "$S")
is "first run: afterwards the page is gone (302 to /login)" "302 /login" "$code $(hdr "$tmp/gone.h" location)"
post late --data-urlencode username=late --data-urlencode 'password=a good long password'
is "first run: a late form is sent to /login" "303 /login" "$got"
user_exists late && fail "first run: and makes nothing" || pass "first run: and makes nothing"
# the README's last first-run step: the # back on LARDER_INIT
sed -i 's|^SetEnv LARDER_INIT yes|#SetEnv LARDER_INIT yes|' "$web/.htaccess"

ws_flow apache-cgi
# the data is outside the web folder, and the helpers are not served
code=$(curl -s -m 20 -o /dev/null -w '%{http_code}' "$B/larder-bin/larder-runner")
is "apache-cgi: the helpers are not served" 403 "$code"
code=$(curl -s -m 20 -o /dev/null -D "$tmp/page.h" -w '%{http_code}' "$B/home")
is "apache-cgi: the pages carry the Content-Security-Policy, once" "200 1" "$code $(hdr "$tmp/page.h" content-security-policy | wc -l)"
# every other route once too (.htaccess leaves out the routes whose program sends its own): the PDF under its own
# sandbox alone, the API and the programs' answers under one policy each
code=$(curl -s -m 20 -o /dev/null -D "$tmp/file.h" -w '%{http_code}' -H "authorization: $key" "$B/api/file/$item")
is "apache-cgi: the PDF under its own policy alone" "200 1 sandbox" \
	"$code $(hdr "$tmp/file.h" content-security-policy | wc -l) $(hdr "$tmp/file.h" content-security-policy | cut -d';' -f1)"
# (METHOD PATH, and whose policy: the pages' default-src 'self', or the program's own default-src 'none')
for r in "POST /api/graphql self" "GET /api/health self" "GET /api/auth/login none" "POST /api/mobile-auth/email-sign-in none" \
	"GET /api/save none" "POST /api/save/token none" "GET /s/0123456789abcdef none"; do
	set -- $r
	curl -s -m 20 -o /dev/null -X "$1" -D "$tmp/r.h" "$B$2"
	is "apache-cgi: $1 $2: one Content-Security-Policy, default-src '$3'" "1 default-src '$3'" \
		"$(hdr "$tmp/r.h" content-security-policy | wc -l) $(hdr "$tmp/r.h" content-security-policy | cut -d';' -f1)"
done
done_testing
