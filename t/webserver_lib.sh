# webserver_lib.sh: one deployment flow (log in, key, save, search, read, a share link and an EPUB, /api/save, /api/content, export, import, PDF) driven through a conf/ sample started for real (sourced by t/webserver_*.sh).
# The sourcing script sets srcdir and builddir, sources this file, calls ws_need, then for each attempt at a free port:
# ws_port (a port and its larder.conf), starts its server from ws_sample's copy of a conf/ sample, and ws_up (the
# server answers); then ws_flow. Everything lives in $tmp (removed at exit); ws_cleanup_hook is the script's own stop.
srcdir=$(cd "$srcdir" && pwd)
builddir=$(cd "$builddir" && pwd)
. "$srcdir/t/tap_lib.sh"
. "$srcdir/t/port_lib.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-ws.XXXXXX") || exit 1
chmod 755 "$tmp"
data=$tmp/data
conf=$data/larder.conf
run=$tmp/run
larder=$builddir/src/cmd/larder
cmd=$builddir/src/cmd
ws_pids=
# ws_user: the user the programs run as when the test runs as root and the server will not run them as root (Apache)
ws_user=
# ws_noinit: set, ws_port writes larder.conf but makes no database (the first-run page makes it)
ws_noinit=
# ws_cli ARGS...: the larder CLI as the programs' user (root's files in the data folder would lock them out)
ws_cli() {
	if [ -n "$ws_user" ]; then runuser -u "$ws_user" -- "$larder" "$@"; else "$larder" "$@"; fi
}
ws_cleanup_hook() { :; }
ws_cleanup() {
	ws_cleanup_hook
	for _p in $ws_pids; do kill "$_p" 2>/dev/null; done
	for _p in $ws_pids; do
		for _ in $(seq 100); do kill -0 "$_p" 2>/dev/null || break; sleep 0.05; done
	done
	rm -rf "$tmp"
}
trap ws_cleanup EXIT
trap 'exit 1' INT TERM HUP PIPE

# ws_need COMMAND...: skip the whole test when a server program is missing; bail out when Larder is not built
ws_need() {
	for _c in "$@" curl jq; do
		command -v "$_c" >/dev/null 2>&1 || [ -x "/usr/sbin/$_c" ] || { echo "1..0 # SKIP $_c not installed"; exit 0; }
	done
	for _p in "$larder" "$cmd/graphql.fcgi" "$cmd/auth.fcgi" "$cmd/save.fcgi"; do
		[ -x "$_p" ] || bail_out "$_p missing or not built"
	done
}

# ws_port: a random port (rand_port, t/port_lib.sh) in $port, $B its base URL, and a fresh larder.conf naming it as base_url
ws_port() {
	port=$(rand_port)
	B=http://127.0.0.1:$port
	mkdir -p "$data" "$run" "$tmp/logs"
	cat >"$conf" <<EOF
# larder.conf of t/webserver_lib.sh
database = $data/larder.db
data_dir = $data
base_url = $B
allow_private_fetch = yes
argon2_t_cost = 1
argon2_memory_kib = 64
# the answers are checked, not timed: a search's wall-clock budget (search_time_ms) is raised past any busy machine
search_time_ms = 600000
EOF
	[ -z "$ws_user" ] || chown -R "$ws_user:$ws_user" "$tmp"
	[ -n "$ws_noinit" ] && return 0
	ws_cli -c "$conf" init >"$tmp/logs/init.log" 2>&1 || bail_out "larder init: $(cat "$tmp/logs/init.log")"
}

# ws_sample FILE: conf/FILE with the installed paths replaced by this build's (and /run/larder by $run): an admin's
# edits are these paths and the port only (the caller replaces the port, which each server spells its own way)
ws_sample() {
	sed -e "s|/usr/local/libexec/larder|$cmd|g" \
		-e "s|/usr/local/etc/larder/larder.conf|$conf|g" \
		-e "s|/usr/local/share/larder/www|$srcdir/www|g" \
		-e "s|/run/larder/|$run/|g" "$srcdir/conf/$1"
}

# ws_spawn: graphql.fcgi, auth.fcgi and save.fcgi under spawn-fcgi -n on $run/NAME.sock, as the systemd units run them
ws_spawn() {
	for _n in graphql auth save; do
		rm -f "$run/$_n.sock"
		LARDER_CONFIG=$conf spawn-fcgi -n -s "$run/$_n.sock" -M 0666 -- "$cmd/$_n.fcgi" >>"$tmp/logs/$_n.log" 2>&1 &
		ws_pids="$ws_pids $!"
	done
	for _n in graphql auth save; do
		for _ in $(seq 2400); do [ -S "$run/$_n.sock" ] && break; sleep 0.05; done
		[ -S "$run/$_n.sock" ] || bail_out "spawn-fcgi: no $run/$_n.sock: $(cat "$tmp/logs/$_n.log")"
	done
}

# ws_up: true once the server answers on $port (its login page)
ws_up() {
	for _ in $(seq 200); do
		_c=$(curl -s -m 5 -o /dev/null -w '%{http_code}' "$B/login") && [ "$_c" != 000 ] && return 0
		sleep 0.05
	done
	return 1
}

# gql NAME QUERY [VARIABLES]: POST to /api/graphql with the key; the answer in $tmp/NAME.json, the status in $code
gql() {
	jq -n --arg q "$2" --argjson v "${3:-{\}}" '{query: $q, variables: $v}' >"$tmp/$1.req"
	code=$(curl -s -m 30 -o "$tmp/$1.json" -w '%{http_code}' -H "authorization: $key" -H 'content-type: application/json' \
		--data-binary "@$tmp/$1.req" "$B/api/graphql")
}
# hdr FILE NAME: the values of header NAME in a curl -D file, one a line
hdr() { tr -d '\r' <"$1" | grep -i "^$2:" | sed 's/^[^:]*: *//'; }

ws_flow_login() {
	printf 'a long test password\n' | ws_cli -c "$conf" user add alice --password-file - >"$tmp/logs/cli.log" 2>&1 ||
		bail_out "user add: $(cat "$tmp/logs/cli.log")"
	code=$(curl -s -m 20 -o /dev/null -D "$tmp/login.h" -w '%{http_code}' -H "Origin: $B" --data-urlencode username=alice \
		--data-urlencode 'password=a long test password' --data-urlencode redirect=/home "$B/api/auth/login")
	cookie=$(hdr "$tmp/login.h" set-cookie | sed -n 's/^auth=\([0-9a-f]*\);.*/\1/p')
	is "$srv: logging in redirects to /home" "303 /home" "$code $(hdr "$tmp/login.h" location)"
	is "$srv: with a session cookie" 64 "${#cookie}"
	is "$srv: the login's answer carries one Content-Security-Policy" 1 "$(hdr "$tmp/login.h" content-security-policy | wc -l)"
	# every page of www/ under its short name
	for _pg in /login /home /highlights /article /settings/api /settings/bookmarklet /settings/import \
		/settings/newsletters /settings/feeds /settings/offline /settings/sessions; do
		code=$(curl -s -m 20 -o "$tmp/page.html" -w '%{http_code}' "$B$_pg")
		grep -q '<html' "$tmp/page.html" && code="$code html"
		is "$srv: the page $_pg" "200 html" "$code"
	done
	# the health answer (graphql.fcgi) for load balancers and monitors
	code=$(curl -s -m 20 -o "$tmp/health.json" -w '%{http_code}' "$B/api/health")
	is "$srv: GET /api/health answers (database reachable, schema current)" "200 true" \
		"$code $(jq -r '.database.reachable' "$tmp/health.json" 2>/dev/null)"
	# Omnivore's apps sign in at /api/mobile-auth/ and check their token at /api/auth/verify (auth.fcgi)
	code=$(curl -s -m 20 -o "$tmp/mob.json" -D "$tmp/mob.h" -w '%{http_code}' -H 'content-type: application/json' \
		-d '{"email":"alice","password":"a long test password"}' "$B/api/mobile-auth/email-sign-in")
	mtoken=$(jq -r '.authToken // empty' "$tmp/mob.json" 2>/dev/null)
	is "$srv: /api/mobile-auth/email-sign-in answers a token" "200 64" "$code ${#mtoken}"
	is "$srv: with one Content-Security-Policy" 1 "$(hdr "$tmp/mob.h" content-security-policy | wc -l)"
	is "$srv: /api/auth/verify knows it" AUTHENTICATED \
		"$(curl -s -m 20 -H "Authorization: $mtoken" "$B/api/auth/verify" | jq -r .authStatus 2>/dev/null)"
	jq -n '{query: "mutation K($i: GenerateApiKeyInput!) { generateApiKey(input: $i) { ... on GenerateApiKeySuccess { apiKey { key } } } }", variables: {i: {name: "flow", expiresAt: "2100-01-01T00:00:00Z"}}}' >"$tmp/k.req"
	code=$(curl -s -m 20 -o "$tmp/k.json" -w '%{http_code}' -H "Cookie: auth=$cookie" -H "Origin: $B" \
		-H 'content-type: application/json' --data-binary "@$tmp/k.req" "$B/api/graphql")
	# the first-run page (auth.fcgi, /api/auth/setup) is routed by every sample, and gone once an account exists
	code=$(curl -s -m 20 -o /dev/null -D "$tmp/setup.h" -w '%{http_code}' "$B/api/auth/setup")
	is "$srv: /api/auth/setup is gone once an account exists (302 /login)" "302 /login" "$code $(hdr "$tmp/setup.h" location)"
	code=$(curl -s -m 20 -o /dev/null -D "$tmp/setup.h" -w '%{http_code}' -H "Origin: $B" --data-urlencode username=mallory \
		--data-urlencode 'password=a long test password' "$B/api/auth/setup")
	is "$srv: its form then makes nothing (303 /login)" "303 /login" "$code $(hdr "$tmp/setup.h" location)"
	ws_cli -c "$conf" user show mallory >/dev/null 2>&1 && fail "$srv: no account mallory" || pass "$srv: no account mallory"
	# looked at before the form is (no password is hashed for it): even a form the first run would refuse goes to /login
	code=$(curl -s -m 20 -o /dev/null -D "$tmp/setup.h" -w '%{http_code}' -H "Origin: $B" --data-urlencode username=mallory \
		--data-urlencode password=short "$B/api/auth/setup")
	is "$srv: and answers before reading the form (a short password: 303 /login too)" "303 /login" "$code $(hdr "$tmp/setup.h" location)"
	key=$(jq -r '.data.generateApiKey.apiKey.key // empty' "$tmp/k.json" 2>/dev/null)
	[ -n "$key" ] && pass "$srv: the session makes an API key" || fail "$srv: the session makes an API key" "$code $(head -c 300 "$tmp/k.json")"
}

ws_flow_library() {
	gql save 'mutation P($h: String!) { savePage(input: {url: "https://news.example.org/pelicans", source: "api",
		clientRequestId: "5a0f6c1e-2b7a-4f5e-9a39-0c2b1f0e9d12", originalContent: $h}) { __typename ... on SaveSuccess { url } } }' \
		"$(jq -cn --rawfile h "$srcdir/t/data/pages/pelicans.html" '{h: $h}')"
	jqok "$srv: savePage with the key saves" '.data.savePage.__typename == "SaveSuccess"' "$tmp/save.json"
	gql find 'query S($q: String!) { search(query: $q, first: 5) { ... on SearchSuccess { edges { node { id slug title } } } } }' \
		'{"q":"pelicans"}'
	jqok "$srv: search finds it" '.data.search.edges | length == 1' "$tmp/find.json"
	id=$(jq -r '.data.search.edges[0].node.id' "$tmp/find.json")
	slug=$(jq -r '.data.search.edges[0].node.slug' "$tmp/find.json")
	gql read 'query A($s: String!) { article(username: "me", slug: $s) { ... on ArticleSuccess { article { content } } } }' \
		"$(jq -cn --arg s "$slug" '{s: $s}')"
	jqok "$srv: article reads its content" '.data.article.article.content | test("elican")' "$tmp/read.json"
	code=$(curl -s -m 20 -o "$tmp/reader.html" -w '%{http_code}' "$B/alice/$slug")
	is "$srv: the reader page at /USERNAME/SLUG" 200 "$code"
	grep -q 'src="/js/reader.js"' "$tmp/reader.html" && pass "$srv: serves the reader" || fail "$srv: serves the reader" "$(head -c 200 "$tmp/reader.html")"
	code=$(curl -s -m 20 -o "$tmp/c.json" -w '%{http_code}' -H "authorization: $key" -H 'content-type: application/json' \
		--data-binary "{\"libraryItemIds\":[\"$id\"],\"format\":\"markdown\"}" "$B/api/content")
	is "$srv: POST /api/content" 200 "$code"
	dl=$(jq -r '.data[0].downloadUrl // empty' "$tmp/c.json" 2>/dev/null)
	code=$(curl -s -m 20 -o "$tmp/dl.md" -w '%{http_code}' "$dl")
	is "$srv: its download link (/api/content/download)" 200 "$code"
	grep -q 'elican' "$tmp/dl.md" && pass "$srv: serves the Markdown" || fail "$srv: serves the Markdown" "$(head -c 200 "$tmp/dl.md")"
}

ws_flow_save() {
	u="$B/login"
	code=$(curl -s -m 20 -o "$tmp/ask.html" -D "$tmp/ask.h" -w '%{http_code}' -H "Cookie: auth=$cookie" \
		"$B/api/save?url=$(jq -rn --arg u "$u" '$u | @uri')")
	is "$srv: GET /api/save asks first" 200 "$code"
	is "$srv: save.fcgi's page carries one Content-Security-Policy" 1 "$(hdr "$tmp/ask.h" content-security-policy | wc -l)"
	csrf=$(sed -n 's/.*name="csrf" value="\([0-9a-f]*\)".*/\1/p' "$tmp/ask.html")
	code=$(curl -s -m 30 -o /dev/null -D "$tmp/saved.h" -w '%{http_code}' -H "Cookie: auth=$cookie" -H "Origin: $B" \
		--data-urlencode "url=$u" --data-urlencode "csrf=$csrf" "$B/api/save")
	like "$srv: its form saves and goes on to the reader" "^303 /alice/" "$code $(hdr "$tmp/saved.h" location)"
}

ws_flow_files() {
	code=$(curl -s -m 60 -o "$tmp/export.zip" -w '%{http_code}' -H "authorization: $key" "$B/api/export")
	is "$srv: GET /api/export" 200 "$code"
	unzip -l "$tmp/export.zip" 2>/dev/null | grep -q 'metadata_0_to_' && pass "$srv: an Omnivore export zip" ||
		fail "$srv: an Omnivore export zip" "$(unzip -l "$tmp/export.zip" 2>&1 | head -5)"
	printf '%s/login?imported=1\n' "$B" >"$tmp/list.txt"
	gql up 'mutation U { uploadImportFile(type: URL_LIST, contentType: "text/plain") { ... on UploadImportFileSuccess { uploadSignedUrl } } }'
	path=$(jq -r '.data.uploadImportFile.uploadSignedUrl // empty' "$tmp/up.json"); path=/api/import/upload/${path#*/api/import/upload/}
	code=$(curl -s -m 30 -o "$tmp/put.json" -w '%{http_code}' -X PUT -H 'content-type: text/plain' --data-binary "@$tmp/list.txt" "$B$path")
	is "$srv: an import's file PUT to /api/import/upload/TOKEN" 200 "$code"
	imp=$(jq -r '.id // empty' "$tmp/put.json" 2>/dev/null)
	for _ in $(seq 1200); do
		curl -s -m 10 -o "$tmp/status.json" -H "authorization: $key" "$B/api/import/$imp"
		jq -e '.status == "done" or .status == "failed"' "$tmp/status.json" >/dev/null 2>&1 && break
		sleep 0.1
	done
	jqok "$srv: /api/import/ID reports it done, one added" '.status == "done" and .added == 1' "$tmp/status.json"
	gql pdf 'mutation U { uploadFileRequest(input: {url: "file:///flow.pdf", contentType: "application/pdf", createPageEntry: true}) { ... on UploadFileRequestSuccess { uploadSignedUrl createdPageId } } }'
	path=$(jq -r '.data.uploadFileRequest.uploadSignedUrl // empty' "$tmp/pdf.json"); path=/api/upload/${path#*/api/upload/}
	item=$(jq -r '.data.uploadFileRequest.createdPageId // empty' "$tmp/pdf.json")
	code=$(curl -s -m 30 -o "$tmp/put.json" -w '%{http_code}' -X PUT -H 'content-type: application/pdf' \
		--data-binary "@$srcdir/t/data/pdf/sample-3.pdf" "$B$path")
	is "$srv: a PDF PUT to /api/upload/TOKEN" 200 "$code"
	code=$(curl -s -m 30 -o "$tmp/got.pdf" -w '%{http_code}' -H "authorization: $key" "$B/api/file/$item")
	is "$srv: GET /api/file/ITEMID" 200 "$code"
	cmp -s "$tmp/got.pdf" "$srcdir/t/data/pdf/sample-3.pdf" && pass "$srv: the same bytes" || fail "$srv: the same bytes"
	# the item's url: a signed link read with no credential (Omnivore's Android app), its query passed through
	gql pdfurl "{ article(username: \"me\", slug: \"$item\") { ... on ArticleSuccess { article { url } } } }"
	link=$(jq -r '.data.article.article.url // empty' "$tmp/pdfurl.json"); link=/api/file/${link#*/api/file/}
	code=$(curl -s -m 30 -o "$tmp/got2.pdf" -w '%{http_code}' "$B$link")
	is "$srv: the item's url (a signed link) with no credential: the same bytes" "200 yes" \
		"$code $(cmp -s "$tmp/got2.pdf" "$srcdir/t/data/pdf/sample-3.pdf" && echo yes)"
	code=$(curl -s -m 30 -o "$tmp/part" -w '%{http_code}' -H 'Range: bytes=0-3' "$B$link")
	is "$srv: one byte range of it" "206 %PDF" "$code $(cat "$tmp/part")"
}

# a shared article's page (/s/TOKEN, no credentials) and its revocation, and the article as an EPUB
ws_flow_share() {
	gql share 'mutation S($i: ID!) { setItemShare(input: {itemId: $i, enabled: true}) { ... on SetItemShareSuccess { shareUrl } } }' \
		"$(jq -cn --arg i "$id" '{i: $i}')"
	spath=$(jq -r '.data.setItemShare.shareUrl // empty' "$tmp/share.json" | sed 's#^[a-z]*://[^/]*##')
	code=$(curl -s -m 20 -D "$tmp/s.h" -o "$tmp/s.html" -w '%{http_code}' "$B$spath")
	is "$srv: a shared article's page (/s/TOKEN) without credentials" 200 "$code"
	grep -q 'elican' "$tmp/s.html" && pass "$srv: shows the article" || fail "$srv: shows the article" "$(head -c 200 "$tmp/s.html")"
	is "$srv: under its own policy alone (no script)" "default-src 'none'" "$(hdr "$tmp/s.h" content-security-policy | cut -d';' -f1)"
	is "$srv: with one Referrer-Policy: no-referrer" no-referrer "$(hdr "$tmp/s.h" referrer-policy)"
	gql unshare 'mutation S($i: ID!) { setItemShare(input: {itemId: $i, enabled: false}) { __typename } }' "$(jq -cn --arg i "$id" '{i: $i}')"
	is "$srv: revoked, the link answers 404" 404 "$(curl -s -m 20 -o /dev/null -w '%{http_code}' "$B$spath")"
	code=$(curl -s -m 60 -o "$tmp/a.epub" -w '%{http_code}' -H "authorization: $key" "$B/api/export?format=epub&id=$id")
	is "$srv: the article as an EPUB (/api/export?format=epub)" "200 mimetypeapplication/epub+zip" "$code $(head -c 58 "$tmp/a.epub" | tail -c 28)"
}

# ws_flow NAME: the whole flow through the server at $B; NAME prefixes every check
ws_flow() {
	srv=$1
	ws_flow_login
	ws_flow_library
	ws_flow_share
	ws_flow_save
	ws_flow_files
}

# ws_apache MODULE...: Apache from $tmp/site.conf with the base modules and MODULE... (mod_MODULE.so), unprivileged
# on $port (as root: the worker processes and the programs run as www-data, which then owns $tmp); true once it answers
ws_apache() {
	apache=/usr/sbin/apache2
	mkdir -p "$tmp/apache/fcgid"
	{
		echo "# httpd.conf of t/webserver_lib.sh (the role of Debian's /etc/apache2/apache2.conf)"
		echo "ServerName 127.0.0.1"
		echo "Listen 127.0.0.1:$port"
		echo "PidFile $tmp/apache/httpd.pid"
		echo "DefaultRuntimeDir $tmp/apache"
		echo "Mutex file:$tmp/apache default"
		echo "ErrorLog $tmp/logs/apache-error.log"
		echo "LogLevel warn"
		echo "TypesConfig /etc/mime.types"
		for _m in mpm_event authz_core mime dir alias rewrite headers env "$@"; do
			echo "LoadModule ${_m}_module /usr/lib/apache2/modules/mod_$_m.so"
		done
		echo "<IfModule fcgid_module>"
		echo "	FcgidIPCDir $tmp/apache/fcgid"
		echo "	FcgidProcessTableFile $tmp/apache/fcgid/shm"
		echo "</IfModule>"
		echo "<IfModule cgid_module>"
		echo "	ScriptSock $tmp/apache/cgid.sock"
		echo "</IfModule>"
		[ -n "$ws_user" ] && printf 'User %s\nGroup %s\n' "$ws_user" "$ws_user"
		echo "Include $tmp/site.conf"
	} >"$tmp/apache/httpd.conf"
	[ -z "$ws_user" ] || chown -R "$ws_user:$ws_user" "$tmp"
	"$apache" -f "$tmp/apache/httpd.conf" -k start >"$tmp/logs/apache-start.log" 2>&1 && ws_up
}
# ws_apache_stop: stops the Apache ws_apache started, waiting for it to go
ws_apache_stop() {
	[ -f "$tmp/apache/httpd.pid" ] || return 0
	_p=$(cat "$tmp/apache/httpd.pid" 2>/dev/null)
	[ -n "$_p" ] && kill "$_p" 2>/dev/null && for _ in $(seq 200); do kill -0 "$_p" 2>/dev/null || break; sleep 0.05; done
	rm -f "$tmp/apache/httpd.pid"
}
