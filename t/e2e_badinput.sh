#!/bin/sh
# e2e_badinput.sh: the bad-input matrix: malformed and hostile requests to every endpoint through nginx + spawn-fcgi, none of which may crash, hang or answer 5xx (TAP).
# Each request is one TAP line asserting together: the status is one of those expected, it is not a 5xx,
# curl got a whole answer (a hang is no answer within curl's 60 s bound, which no busy machine reaches where a
# threshold of a few seconds did; the slowest answer is printed at the end), and the body is well-formed (JSON
# checked with jq where JSON is promised) and says what is wrong. Afterwards the database, the FastCGI processes, a normal `me`
# and the logs are checked, and the count of requests sent is printed by endpoint.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

. "$srcdir/t/pg_lib.sh"
for c in nginx spawn-fcgi curl jq "$(db_cli)" perl openssl; do
	command -v $c >/dev/null 2>&1 || [ -x /usr/sbin/$c ] || { echo "1..0 # SKIP $c not installed"; exit 0; }
done
larder=$builddir/src/cmd/larder
for p in "$larder" "$builddir/src/cmd/graphql.fcgi" "$builddir/src/cmd/auth.fcgi" "$builddir/src/cmd/save.fcgi"; do
	[ -x "$p" ] || { echo "Bail out! $p missing or not built"; exit 1; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-e2ebad.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"

# fetch_in_web = no: nothing saved here is ever fetched (no traffic leaves the machine)
serve_start --set argon2_t_cost=1 --set argon2_memory_kib=64 --set fetch_in_web=no
# db SQL: on the server's library (its SQLite file, or its PostgreSQL database under t/pg_e2e.sh)
db() { db_sql "${serve_db:-$data/larder.db}" "$1"; }
B=http://127.0.0.1:$port
G=$B/api/graphql
C=$B/api/content
printf 'mallory password\n' | "$larder" -c "$conf" user add mal --email mal@example.org --password-file - >/dev/null 2>&1 ||
	bail_out "user add failed"
key=$("$larder" -c "$conf" key create mal --name main 2>/dev/null)
expired=$("$larder" -c "$conf" key create mal --name old --expires 2001-01-01T00:00:00Z 2>/dev/null)
revoked=$("$larder" -c "$conf" key create mal --name gone 2>/dev/null)
rid=$("$larder" -c "$conf" key list mal 2>/dev/null | awk -F '\t' '$2 == "gone" { print $1 }')
"$larder" -c "$conf" key revoke "$rid" >/dev/null 2>&1
[ -n "$key" ] && [ -n "$expired" ] && [ -n "$revoked" ] && [ -n "$rid" ] || bail_out "key create failed"

# counters by endpoint, and the largest time one answer took
eps="graphql content download login logout signup save health static"
for e in $eps; do eval "cnt_$e=0"; done
total=0
slowest=0

# body_ok CHECK: the body in $tmp/b (headers in $tmp/h) is well-formed for CHECK:
#   json  a JSON object with a non-empty message (errors[0].message, message, error or errorCode)
#   gql   a GraphQL response with a non-empty errors[0].message
#   err   a GraphQL error, or every *Error union member in data has a message or error codes
#   page  a non-empty text body (an HTML page or nginx's error page) with words in it
#   loc   a Location header (the login form answers with a redirect carrying error=)
#   anything else: a jq filter that must be true
body_ok() {
	case $1 in
	json) jq -e 'type == "object" and ([.errors[0].message?, .message?, .error?, .errorCode?] |
		map(select(type == "string" and length > 0)) | length > 0)' "$tmp/b" >/dev/null 2>&1 ;;
	gql) jq -e '.errors[0].message | type == "string" and length > 0' "$tmp/b" >/dev/null 2>&1 ;;
	err) jq -e '(.errors[0].message? | type == "string" and length > 0) or
		([.. | objects | select((.__typename? // "") | test("Error$"))] as $e | ($e | length > 0) and
		($e | all(((.message? // "") | length > 0) or ((.errorCodes? // []) | length > 0))))' "$tmp/b" >/dev/null 2>&1 ;;
	page) [ -s "$tmp/b" ] && grep -q '[A-Za-z][A-Za-z]' "$tmp/b" ;;
	loc) [ -n "$(tr -d '\r' <"$tmp/h" | sed -n 's/^[Ll]ocation: //p')" ] ;;
	*) jq -e "$1" "$tmp/b" >/dev/null 2>&1 ;;
	esac
}

# verdict EP WANT CHECK NAME CODE SECONDS RC: one TAP line for one request
verdict() {
	ep=$1 want=$2 chk=$3 name=$4 code=$5 secs=$6 rc=$7
	eval "cnt_$ep=\$((cnt_$ep + 1))"
	total=$((total + 1))
	why=
	[ "$rc" -eq 0 ] || why="no complete answer (curl/perl exit $rc: a hang or a reset)"
	case $code in 5*) why="$why; a $code" ;; esac
	case " $want " in *" $code "*) ;; *) why="$why; status $code, want one of: $want" ;; esac
	awk -v t="$secs" -v m="$slowest" 'BEGIN { exit !(t > m) }' && slowest=$secs
	[ -n "$why" ] || body_ok "$chk" || why="body is not well-formed ($chk)"
	if [ -z "$why" ]; then
		pass "$ep: $name ($code)"
	else
		fail "$ep: $name" "${why#; }" "body: $(head -c 300 "$tmp/b" | tr -d '\000' | tr '\n' ' ')"
	fi
}

# hit EP WANT CHECK NAME [curl args...] URL
hit() {
	_ep=$1 _want=$2 _chk=$3 _name=$4
	shift 4
	: >"$tmp/b"
	: >"$tmp/h"
	_out=$(curl -s -m 60 -o "$tmp/b" -D "$tmp/h" -w '%{http_code} %{time_total}' "$@")
	_rc=$?
	verdict "$_ep" "$_want" "$_chk" "$_name" "${_out%% *}" "${_out#* }" $_rc
}
# gq WANT CHECK NAME BODY [curl args]: POST BODY (a string) to /api/graphql as the key
gq() {
	_w=$1 _c=$2 _n=$3 _b=$4
	shift 4
	hit graphql "$_w" "$_c" "$_n" -H "authorization: $key" -H 'content-type: application/json' --data-binary "$_b" "$@" "$G"
}
# gqf WANT CHECK NAME FILE [curl args]: POST the bytes of FILE to /api/graphql as the key
gqf() {
	_w=$1 _c=$2 _n=$3 _f=$4
	shift 4
	hit graphql "$_w" "$_c" "$_n" -H "authorization: $key" -H 'content-type: application/json' --data-binary "@$_f" "$@" "$G"
}
# gqv WANT CHECK NAME QUERY [VARIABLES-JSON]: a well-formed request body made by jq
gqv() {
	printf '%s' "$4" >"$tmp/req.q"
	jq -n --rawfile q "$tmp/req.q" --argjson v "${5:-null}" '{query: $q, variables: $v}' >"$tmp/req.json"
	gqf "$1" "$2" "$3" "$tmp/req.json"
}
# raw EP WANT CHECK NAME FILE: FILE is sent as it is on a fresh connection (for what curl cannot send:
# NUL bytes in headers, paths with .. or %00); the status is read from the answer's first line
raw() {
	: >"$tmp/h"
	_t0=$(date +%s.%N)
	perl -MIO::Socket::INET -e '
		my ($port, $file, $out) = @ARGV;
		$SIG{ALRM} = sub { exit 3 }; alarm 60;
		my $s = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $port) or exit 2;
		open(my $f, "<:raw", $file) or exit 2; local $/; my $req = <$f>;
		print $s $req; shutdown($s, 1);
		my $r = ""; while (sysread($s, my $buf, 65536)) { $r .= $buf }
		my ($head, $body) = split(/\r\n\r\n/, $r, 2);
		open(my $o, ">:raw", $out) or exit 2; print $o ($body // "");
		print(($head // "") =~ m{^HTTP/1\.[01] (\d{3})} ? $1 : "000");' "$port" "$5" "$tmp/b" >"$tmp/rawcode"
	_rc=$?
	_t1=$(date +%s.%N)
	verdict "$1" "$2" "$3" "$4" "$(cat "$tmp/rawcode")" "$(awk -v a="$_t0" -v b="$_t1" 'BEGIN { printf "%.3f", b - a }')" $_rc
}
# rawreq FILE METHOD TARGET [HEADER-LINE...]: write a raw HTTP/1.1 request (headers may hold any byte via printf escapes)
rawreq() {
	_f=$1 _m=$2 _t=$3
	shift 3
	{
		printf '%s %s HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nConnection: close\r\n' "$_m" "$_t" "$port"
		for h in "$@"; do printf "$h"'\r\n'; done
		printf '\r\n'
	} >"$_f"
}
# rep N STRING: STRING repeated N times
rep() { awk -v n="$1" -v s="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'; }

# =====================================================================================================
# /api/graphql: the HTTP layer
# =====================================================================================================
gq "400" json "truncated JSON" '{"query":"{ me { id'
gq "400" json "invalid JSON (unquoted keys)" '{query: "{ me { id } }"}'
gq "400" json "invalid JSON (trailing comma)" '{"query":"{ me { id } }",}'
gq "400" json "a JSON array (batching)" '[{"query":"{ me { id } }"}]'
gq "400" json "a JSON string" '"{ me { id } }"'
gq "400" json "a JSON number" '42'
gq "400" json "JSON null" 'null'
gq "400" json "an empty body" ''
gq "400" json "no query member" '{"variables":{}}'
gq "400" json "query is a number" '{"query":42}'
gq "400" json "query is an object" '{"query":{"a":1}}'
gq "400" json "variables is a list" '{"query":"{ me { id } }","variables":[1,2]}'
gq "400" json "variables is a string" '{"query":"{ me { id } }","variables":"{}"}'
gq "400" json "operationName is a number" '{"query":"{ me { id } }","operationName":7}'
gq "400" json "extensions is a string" '{"query":"{ me { id } }","extensions":"x"}'
gq "400" json "two JSON values" '{"query":"{ me { id } }"}{"query":"{ me { id } }"}'
gq "200" '.data.me.name != null' "unknown top-level keys are ignored" '{"query":"{ me { name } }","bogus":[1,{"x":null}]}'
# gct CONTENT-TYPE NAME: a good query sent as the key with that Content-Type (empty: none at all)
gct() {
	hit graphql 415 json "$2" -H "authorization: $key" -H "content-type:${1:+ $1}" --data-binary '{"query":"{ me { id } }"}' "$G"
}
gct text/plain "Content-Type text/plain"
gct application/x-www-form-urlencoded "Content-Type form-urlencoded"
gct 'multipart/form-data; boundary=x' "Content-Type multipart/form-data"
hit graphql "415" json "a real multipart form" -H "authorization: $key" -F 'query={ me { id } }' "$G"
gct '' "no Content-Type"
gct application/jsonx "Content-Type application/jsonx"
gct 'application/json; charset=latin1' "charset=latin1"
gct 'application/json; charset=utf-16' "charset=utf-16"
gct 'application/json; charset="iso-8859-1"' "charset=\"iso-8859-1\""
gct 'text/html; charset=utf-8' "Content-Type text/html"
gq "406" json "Accept: text/html only" '{"query":"{ me { id } }"}' -H 'accept: text/html'
printf '{"query":"{ search(query: \\"\377\376\\") { __typename } }"}' >"$tmp/u1"
gqf "400" json "invalid UTF-8 in the query" "$tmp/u1"
printf '{"query":"query Q($q: String) { search(query: $q) { __typename } }","variables":{"q":"a\300\257b"}}' >"$tmp/u2"
gqf "400" json "invalid UTF-8 (overlong) in a variable" "$tmp/u2"
printf '{"query":"{ me { id } }"\000}' >"$tmp/u3"
gqf "400" json "a NUL byte in the body" "$tmp/u3"
printf '{"query":"{ me\000 { id } }"}' >"$tmp/u4"
gqf "400" json "a raw NUL inside the query string" "$tmp/u4"
gq "200 400" gql "an escaped NUL in the query document" '{"query":"{ me\u0000 { id } }"}'
gq "200 400" '(.data | not) and (.errors[0].message | test("U\\+0000"))' "an escaped NUL in a search variable is refused, not cut short" \
	'{"query":"query Q($q: String) { search(query: $q) { __typename ... on SearchError { errorCodes } } }","variables":{"q":"a\u0000b"}}'
gq "200" '(.data.search == null) and (.errors[0].message | test("U\\+0000"))' "an escaped NUL in a search literal is refused" \
	'{"query":"{ search(query: \"a\\u0000b\") { __typename } }"}'
gq "200 400" '(.data | not) and (.errors[0].message | test("U\\+0000"))' "an escaped NUL in a saveUrl input is refused" \
	'{"query":"mutation M($u: String!) { saveUrl(input: {url: $u, source: \"x\", clientRequestId: \"\"}) { __typename } }","variables":{"u":"https://example.org/\u0000x"}}'
gq "200 400" '.data.search.__typename != null or (.errors[0].message | length > 0)' "a lone surrogate escape in a variable" \
	'{"query":"query Q($q: String) { search(query: $q) { __typename ... on SearchError { errorCodes } } }","variables":{"q":"\ud800"}}'
gq "200 400" gql "a lone surrogate escape in the query" '{"query":"{ me \udc00 { id } }"}'
printf '{"query":"{ me { id } }","pad":"' >"$tmp/big"; head -c 9437184 /dev/zero | tr '\0' a >>"$tmp/big"; printf '"}' >>"$tmp/big"
gqf "413" json "a 9 MB body (over body_limit) with the key" "$tmp/big"
printf '{"query":"{ me { id } }","pad":"' >"$tmp/mid"; head -c 307200 /dev/zero | tr '\0' a >>"$tmp/mid"; printf '"}' >>"$tmp/mid"
hit graphql "413" json "a 300 KB body without a key (over the unauthenticated limit)" \
	-H 'content-type: application/json' --data-binary "@$tmp/mid" "$G"
gqf "200" '.data.me.id != null' "the same 300 KB body with the key is served" "$tmp/mid"
{ printf '{"query":"{ me { id } }","variables":{"a":'; rep 100 '['; rep 100 ']'; printf '}}'; } >"$tmp/deep"
gqf "400" json "JSON nested 100 deep in variables" "$tmp/deep"
{ rep 100000 '['; rep 100000 ']'; } >"$tmp/deep2"
gqf "400" json "JSON nested 100000 deep" "$tmp/deep2"
{ rep 100000 '{"a":'; } >"$tmp/deep3"
gqf "400" json "100000 unclosed objects" "$tmp/deep3"

# --- methods and headers ---------------------------------------------------------------------------
for m in PUT DELETE PATCH; do
	hit graphql "405" json "method $m" -X $m -H "authorization: $key" -H 'content-type: application/json' -d '{"query":"{ me { id } }"}' "$G"
done
hit graphql "405" page "method TRACE" -X TRACE "$G"
hit graphql "200 204" '1' "OPTIONS without CORS headers says what it takes" -X OPTIONS "$G"
hit graphql "403" json "a preflight from an unlisted origin" -X OPTIONS -H 'origin: https://evil.example' \
	-H 'access-control-request-method: POST' "$G"
hit graphql "400" json "GET without a query" -H "authorization: $key" "$G"
hit graphql "405" gql "GET with a mutation" -H "authorization: $key" -G --data-urlencode 'query=mutation { revokeApiKey(id: "x") { __typename } }' "$G"
hit graphql "400 414" page "GET with a 70 KB query string" -H "authorization: $key" "$G?query=$(rep 70000 a)"
hit graphql "400" json "GET with variables that are not JSON" -H "authorization: $key" -G --data-urlencode 'query={ me { id } }' \
	--data-urlencode 'variables={nope' "$G"
hit graphql "200 400" gql "GET with a bad percent escape" -H "authorization: $key" "$G?query=%7B%20me%zz"
hit graphql "401" json "a malformed key" -H 'authorization: not-a-key' -H 'content-type: application/json' -d '{"query":"{ me { id } }"}' "$G"
hit graphql "401" json "an expired key" -H "authorization: $expired" -H 'content-type: application/json' -d '{"query":"{ me { id } }"}' "$G"
hit graphql "401" json "a revoked key" -H "authorization: $revoked" -H 'content-type: application/json' -d '{"query":"{ me { id } }"}' "$G"
hit graphql "401" json "Bearer with nothing" -H 'authorization: Bearer' -H 'content-type: application/json' -d '{"query":"{ me { id } }"}' "$G"
hit graphql "401" json "Bearer and a space" -H 'authorization: Bearer ' -H 'content-type: application/json' -d '{"query":"{ me { id } }"}' "$G"
hit graphql "401" json "Basic credentials" -H 'authorization: Basic bWFsOnB3' -H 'content-type: application/json' -d '{"query":"{ me { id } }"}' "$G"
hit graphql "401" json "a key with invalid UTF-8" -H "$(printf 'authorization: \377\376\375')" -H 'content-type: application/json' -d '{"query":"{ me { id } }"}' "$G"
hit graphql "400 431" page "a 9 KB authorization header" -H "authorization: Bearer $(rep 9216 a)" -H 'content-type: application/json' -d '{"query":"{ me { id } }"}' "$G"
hit graphql "400 431" page "a 9 KB cookie" -H "cookie: auth=$(rep 9216 b)" -H 'content-type: application/json' -d '{"query":"{ me { id } }"}' "$G"
hit graphql "200 400 403" '.data.me == null or .errors[0].message' "a cookie with invalid UTF-8 and a same-site Origin" \
	-H "$(printf 'cookie: auth=\377\376')" -H "origin: $B" -H 'content-type: application/json' -d '{"query":"{ me { id } }"}' "$G"
rawreq "$tmp/r1" POST /api/graphql 'authorization: abc\000def' 'content-type: application/json' 'content-length: 24'
printf '{"query":"{ me { id } }"}' >>"$tmp/r1"
raw graphql "400 401" page "a NUL byte in the authorization header" "$tmp/r1"
rawreq "$tmp/r2" POST /api/graphql "authorization: $key" 'content-type: application/json' 'content-length: abc'
raw graphql "400" page "Content-Length is not a number" "$tmp/r2"

# =====================================================================================================
# /api/graphql: hostile documents
# =====================================================================================================
q=$(printf '{ '; rep 1000 'search { '; rep 1000 '} '; printf '}')
gqv "200" gql "a selection set nested 1000 deep" "$q"
q=$(printf '{ search(query: '; rep 2000 '['; printf '"a"'; rep 2000 ']'; printf ') { __typename } }')
gqv "200" gql "a list literal nested 2000 deep" "$q"
q=$(printf 'mutation { saveUrl(input: '; rep 500 '{url: '; rep 500 '}'; printf ') { __typename } }')
gqv "200" gql "an object literal nested 500 deep" "$q"
q=$(printf '{ __schema { types { '; rep 30 'fields { type { '; printf 'name'; rep 30 '} } '; printf '} } }')
gqv "200" gql "introspection nested 60 deep" "$q"
q=$(printf '{ '; for i in $(seq 1000); do printf 'a%d: __typename ' $i; done; printf '}')
gqv "200" gql "an alias bomb (1000 aliases)" "$q"
q=$(printf '{ '; for i in $(seq 300); do printf 'm%d: me { id name } ' $i; done; printf '}')
gqv "200" gql "an alias bomb of 300 me fields" "$q"
q=$(printf '{ '; for i in $(seq 5000); do printf 'f%d ' $i; done; printf '}')
gqv "200" gql "5000 unknown fields" "$q"
q=$(printf '{ '; rep 3000 'me { id } '; printf '}')
gqv "200" err "3000 repeats of the same field" "$q"
gqv "200" gql "a fragment cycle" 'query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }'
gqv "200" gql "a fragment that spreads itself" 'query { ...A } fragment A on Query { me { id } ...A }'
q=$(printf 'query { ...F30 } fragment F0 on Query { me { id } } '; for i in $(seq 30); do
	printf 'fragment F%d on Query { ...F%d ...F%d } ' $i $((i - 1)) $((i - 1)); done)
gqv "200" gql "a fragment bomb (2^30 expansions)" "$q"
q=$(printf 'query { me { ...U30 } } fragment U0 on User { id } '; for i in $(seq 30); do
	printf 'fragment U%d on User { ...U%d a%d: name ...U%d } ' $i $((i - 1)) $i $((i - 1)); done)
gqv "200" gql "a fragment bomb with aliases inside" "$q"
gqv "200" gql "a spread of an unknown fragment" '{ ...Nope }'
gqv "200" gql "an unused fragment" '{ me { id } } fragment X on Query { me { id } }'
q=$(printf '{ search(query: "'; rep 204800 x; printf '") { __typename } }')
gqv "200" gql "a 200 KB string literal (over the document limit)" "$q"
q=$(printf '{ search(query: """'; rep 90000 y; printf '""") { __typename ... on SearchError { errorCodes } } }')
gqv "200" err "a 90 KB block string literal" "$q"
gqv "200" gql "a document of 21000 tokens" "$(printf '{ '; rep 21000 'a '; printf '}')"
gqv "200" err "a document of 20000 comments and commas" "$(printf '{ me { id } } '; rep 20000 '# x
, ')"
gqv "200" gql "an unterminated string" '{ search(query: "abc) { __typename } }'
gqv "200" gql "an unterminated block string" '{ search(query: """abc) { __typename } }'
gqv "200" gql "a bad escape in a string" '{ search(query: "\q") { __typename } }'
gqv "200" gql "a bad unicode escape in a string" '{ search(query: "\uZZZZ") { __typename } }'
gqv "200" gql "an unbalanced brace" '{ me { id }'
gqv "200" gql "an empty document" ''
gqv "200" gql "only a comment" '# nothing here'
gqv "200" gql "an unknown field" '{ nope }'
gqv "200" gql "an unknown argument" '{ search(bogus: 1) { __typename } }'
gqv "200" gql "two anonymous operations" '{ me { id } } { me { name } }'
jq -n '{query: "query A { me { id } } query B { me { name } }", operationName: "C"}' >"$tmp/req.json"
gqf "200" gql "operationName naming no operation" "$tmp/req.json"
jq -n '{query: "query A { me { id } } query B { me { name } }"}' >"$tmp/req.json"
gqf "200" gql "two named operations and no operationName" "$tmp/req.json"
gqv "200" gql "a subscription" 'subscription { me { id } }'
gqv "200" gql "a selection on a scalar" '{ me { id { x } } }'
gqv "200" gql "no selection on an object" '{ me }'
gqv "200" gql "a directive that does not exist" '{ me @nope { id } }'
gqv "200" gql "@include without if" '{ me @include { id } }'

# --- variables --------------------------------------------------------------------------------------
sq='query Q($f: Int, $a: String, $q: String) { search(first: $f, after: $a, query: $q) { __typename
	... on SearchSuccess { pageInfo { totalCount } } ... on SearchError { errorCodes } } }'
gqv "200" gql "first as a string variable" "$sq" '{"f":"ten"}'
gqv "200" gql "first as a float variable" "$sq" '{"f":1.5}'
gqv "200" gql "first as 2^63 in a variable" "$sq" '{"f":9223372036854775808}'
gqv "200" gql "first as 2^31 in a variable" "$sq" '{"f":2147483648}'
gqv "200" gql "first as 1e400 in a variable" "$sq" '{"f":1e400}'
gqv "200" gql "first as a list variable" "$sq" '{"f":[1]}'
gqv "200" gql "query as an object variable" "$sq" '{"q":{"a":1}}'
gqv "200" err "first: -1" '{ search(first: -1) { __typename ... on SearchError { errorCodes } ... on SearchSuccess { pageInfo { totalCount } } } }'
gqv "200" gql "first: 2^63" '{ search(first: 9223372036854775808) { __typename } }'
gqv "200" gql "first: -2^63 - 1" '{ search(first: -9223372036854775809) { __typename } }'
gqv "200" gql "first as a string literal" '{ search(first: "10") { __typename } }'
gqv "200" gql "first as a float literal" '{ search(first: 1.5) { __typename } }'
gqv "200" '.data.search.__typename == "SearchSuccess"' "after: a negative offset counts as 0" '{ search(after: "-5") { __typename } }'
gqv "200" '.data.search.__typename == "SearchSuccess"' "after: 2^63 is an empty page" '{ search(after: "9223372036854775808") { __typename } }'
gqv "200" gql "after as a number literal" '{ search(after: 10) { __typename } }'
gqv "200" err "a 10 KB search query" "$sq" "{\"q\":\"$(rep 2048 'word ')\"}"
gqv "200" err "a search query of 500 nested parentheses" "$sq" "{\"q\":\"$(rep 500 '(')a$(rep 500 ')')\"}"
gqv "200" gql "a required variable missing" 'query Q($u: String!) { saveUrl(input: {url: $u, source: "api", clientRequestId: "x"}) { __typename } }'
gqv "200" gql "a required variable given null" 'query Q($u: String!) { me { id } }' '{"u":null}'
gqv "200" gql "a variable of an unknown type" 'query Q($u: Nope) { me { id } }' '{"u":1}'
gqv "200" gql "a variable used but not declared" '{ search(query: $q) { __typename } }' '{"q":"a"}'
gqv "200" gql "a variable declared twice" 'query Q($q: String, $q: String) { search(query: $q) { __typename } }'
gqv "200" gql "an input object variable with an unknown field" \
	'mutation M($i: SaveUrlInput!) { saveUrl(input: $i) { __typename } }' '{"i":{"url":"https://example.org/","source":"api","clientRequestId":"x","nope":1}}'
gqv "200" gql "an input object variable missing a required field" \
	'mutation M($i: SaveUrlInput!) { saveUrl(input: $i) { __typename } }' '{"i":{"source":"api","clientRequestId":"x"}}'
gqv "200" gql "an enum variable with a bad value" \
	'query Q($f: SortBy) { me { id } }' '{"f":"SIDEWAYS"}'

# --- saveUrl and savePage with bad URLs and hostile pages -------------------------------------------
su='mutation S($u: String!) { saveUrl(input: {url: $u, source: "api", clientRequestId: ""}) {
	__typename ... on SaveSuccess { url } ... on SaveError { errorCodes message } } }'
for u in 'javascript:alert(1)' 'data:text/html,<script>alert(1)</script>' 'file:///etc/passwd' 'ftp://example.org/x' \
	'http://user:secret@example.org/' "https://example.org/$(rep 10240 a)" 'http://[fe80::1%25eth0]/' 'http://[fe80::1%eth0]/' \
	'http://0x7f.1/' 'http://[::ffff:127.0.0.1]/' 'http://127.1/' 'http://2130706433/' 'http://localhost/' 'http://[::1]/' \
	'http://169.254.169.254/latest/meta-data/' '' 'not a url' 'http://' 'https://exa mple.org/' 'http://example.org:99999/' \
	"$(printf 'https://example.org/\001\177')" "https://example.org/$(printf '\t')x"; do
	gqv "200" '.data.saveUrl.__typename == "SaveError" and (.data.saveUrl.message | length > 0) or (.errors[0].message | length > 0)' \
		"saveUrl refuses '$(printf '%s' "$u" | head -c 40 | tr -d '\000-\037\177')'" "$su" "$(jq -n --arg u "$u" '{u: $u}')"
done
sp='mutation P($u: String!, $h: String!) { savePage(input: {url: $u, source: "api", clientRequestId: "", originalContent: $h}) {
	__typename ... on SaveSuccess { clientRequestId } ... on SaveError { errorCodes message } } }'
gqv "200" '.data.savePage.__typename == "SaveError" and (.data.savePage.message | length > 0)' "savePage with a javascript: URL" \
	"$sp" '{"u":"javascript:alert(1)","h":"<p>x</p>"}'
gqv "200" '.data.savePage.__typename == "SaveSuccess"' "savePage with scripts, handlers and javascript: links is stored" \
	"$sp" '{"u":"https://example.org/hostile","h":"<html><body><p>Pelicans dive.</p><script>alert(1)</script><img src=x onerror=alert(2)><a href=\"javascript:alert(3)\">x</a><iframe src=\"https://evil.example/\"></iframe></body></html>"}'
stored=$(db "SELECT c.content FROM item_content c JOIN library_items i ON i.seq = c.seq WHERE i.url = 'https://example.org/hostile'")
case $stored in
*'<script'*|*onerror*|*'javascript:'*|*'<iframe'*) fail "savePage: the stored content holds no script, handler, javascript: link or iframe" "$stored" ;;
*Pelicans*) pass "savePage: the stored content holds no script, handler, javascript: link or iframe" ;;
*) fail "savePage: the stored content holds the text" "$stored" ;;
esac
{ printf '{"query":"mutation P($u: String!, $h: String!) { savePage(input: {url: $u, source: \\"api\\", clientRequestId: \\"\\", originalContent: $h}) { __typename ... on SaveSuccess { clientRequestId } ... on SaveError { errorCodes message } } }","variables":{"u":"https://example.org/deep","h":"<html><body>'
	rep 100000 '<div>'; printf 'deep'; printf '</body></html>"}}'; } >"$tmp/deephtml"
gqf "200" '.data.savePage.__typename == "SaveSuccess"' "savePage with 100000 nested divs" "$tmp/deephtml"
{ printf '{"query":"mutation P($u: String!, $h: String!) { savePage(input: {url: $u, source: \\"api\\", clientRequestId: \\"\\", originalContent: $h}) { __typename ... on SaveSuccess { clientRequestId } ... on SaveError { errorCodes message } } }","variables":{"u":"https://example.org/six","h":"<p>'
	head -c 6291456 /dev/zero | tr '\0' z; printf '</p>"}}'; } >"$tmp/sixmb"
gqf "200" err "savePage with 6 MB of HTML (over the content limit)" "$tmp/sixmb"
{ printf '{"query":"mutation P($u: String!, $h: String!) { savePage(input: {url: $u, source: \\"api\\", clientRequestId: \\"\\", originalContent: $h}) { __typename } }","variables":{"u":"https://example.org/eight","h":"<p>'
	head -c 8388608 /dev/zero | tr '\0' z; printf '</p>"}}'; } >"$tmp/eightmb"
gqf "413" json "savePage with 8 MB of HTML (over body_limit)" "$tmp/eightmb"

# =====================================================================================================
# /api/content and its download links
# =====================================================================================================
item=$(db "SELECT id FROM library_items WHERE url = 'https://example.org/hostile'")
ct() {
	_w=$1 _c=$2 _n=$3 _b=$4
	shift 4
	hit content "$_w" "$_c" "$_n" -H 'content-type: application/json' --data-binary "$_b" "$@" "$C"
}
ct "400" json "truncated JSON" '{"libraryItemIds":[' -H "authorization: $key"
ct "400" json "a JSON array" '["x"]' -H "authorization: $key"
ct "400" json "a JSON string" '"x"' -H "authorization: $key"
ct "400" json "an empty body" '' -H "authorization: $key"
ct "400" json "no libraryItemIds" '{"format":"markdown"}' -H "authorization: $key"
ct "400" json "libraryItemIds a string" '{"libraryItemIds":"x"}' -H "authorization: $key"
ct "400" json "libraryItemIds of numbers" '{"libraryItemIds":[1,2]}' -H "authorization: $key"
ct "400" json "libraryItemIds with null" '{"libraryItemIds":[null]}' -H "authorization: $key"
ct "400" json "format a number" "{\"libraryItemIds\":[\"$item\"],\"format\":5}" -H "authorization: $key"
ct "400" json "51 ids" "{\"libraryItemIds\":[$(seq 51 | sed 's/.*/"x&"/' | paste -sd, -)]}" -H "authorization: $key"
ct "200 400" '(.errorCode // .data[0].error) | length > 0' "a 10 KB id" "{\"libraryItemIds\":[\"$(rep 10240 i)\"]}" -H "authorization: $key"
ct "400" json "JSON nested 100000 deep" "$(rep 100000 '[')" -H "authorization: $key"
printf '{"libraryItemIds":["a\000b"]}' >"$tmp/c0"
hit content "400" json "a NUL byte in the body" -H "authorization: $key" -H 'content-type: application/json' --data-binary "@$tmp/c0" "$C"
printf '{"libraryItemIds":["\377\376"]}' >"$tmp/c1"
hit content "400" json "invalid UTF-8 in the body" -H "authorization: $key" -H 'content-type: application/json' --data-binary "@$tmp/c1" "$C"
hit content "415" '.errorCode == "UNSUPPORTED_MEDIA_TYPE" and (.message | test("application/json"))' "Content-Type text/plain" \
	-H "authorization: $key" -H 'content-type: text/plain' --data-binary "{\"libraryItemIds\":[\"$item\"]}" "$C"
hit content "415" '.errorCode == "UNSUPPORTED_MEDIA_TYPE"' "a form body (curl -d)" \
	-H "authorization: $key" -d "libraryItemIds=$item" "$C"
hit content "415" '.errorCode == "UNSUPPORTED_MEDIA_TYPE"' "no Content-Type" \
	-H "authorization: $key" -H 'content-type:' --data-binary "{\"libraryItemIds\":[\"$item\"]}" "$C"
ct "401" json "no key" "{\"libraryItemIds\":[\"$item\"]}"
ct "401" json "a malformed key" "{\"libraryItemIds\":[\"$item\"]}" -H 'authorization: garbage'
ct "401" json "an expired key" "{\"libraryItemIds\":[\"$item\"]}" -H "authorization: $expired"
ct "401" json "a revoked key" "{\"libraryItemIds\":[\"$item\"]}" -H "authorization: $revoked"
hit content "413" json "a 9 MB body" -H "authorization: $key" -H 'content-type: application/json' --data-binary "@$tmp/big" "$C"
hit content "401" json "a 300 KB body without a key" -H 'content-type: application/json' --data-binary "@$tmp/mid" "$C"
hit content "405" json "GET" -H "authorization: $key" "$C"
hit content "405" json "PUT" -X PUT -H "authorization: $key" -H 'content-type: application/json' -d '{}' "$C"
hit content "400 431" page "a 9 KB authorization header" -H "authorization: $(rep 9216 k)" -H 'content-type: application/json' -d '{}' "$C"

# a real link, then forged, tampered and expired ones
curl -s -m 10 -o "$tmp/link.json" -H "authorization: $key" -H 'content-type: application/json' \
	-d "{\"libraryItemIds\":[\"$item\"],\"format\":\"markdown\"}" "$C"
dl=$(jq -r '.data[0].downloadUrl' "$tmp/link.json")
case $dl in http*download\?*sig=*) ;; *) bail_out "no download link: $(cat "$tmp/link.json")" ;; esac
D=$B/api/content/download
qs=${dl#*\?}
uid=$(printf '%s' "$qs" | tr '&' '\n' | sed -n 's/^user=//p')
exp=$(printf '%s' "$qs" | tr '&' '\n' | sed -n 's/^expires=//p')
sig=$(printf '%s' "$qs" | tr '&' '\n' | sed -n 's/^sig=//p')
hit download "400" json "no parameters" "$D"
hit download "400" json "no sig" "$D?user=$uid&item=$item&format=markdown&expires=$exp"
hit download "400" json "a short sig" "$D?user=$uid&item=$item&format=markdown&expires=$exp&sig=abc"
hit download "403" json "a forged sig" "$D?user=$uid&item=$item&format=markdown&expires=$exp&sig=$(rep 64 0)"
hit download "403" json "the sig in upper case" "$D?user=$uid&item=$item&format=markdown&expires=$exp&sig=$(printf '%s' "$sig" | tr a-f A-F)"
hit download "403" json "another item" "$D?user=$uid&item=$(printf '%s' "$item" | tr 0-9a-f 1-9a-f0)&format=markdown&expires=$exp&sig=$sig"
hit download "403" json "another format" "$D?user=$uid&item=$item&format=html&expires=$exp&sig=$sig"
hit download "403" json "a later expiry" "$D?user=$uid&item=$item&format=markdown&expires=$((exp + 1000))&sig=$sig"
hit download "403" json "expires not a number" "$D?user=$uid&item=$item&format=markdown&expires=soon&sig=$sig"
hit download "403" json "expires past 2^63" "$D?user=$uid&item=$item&format=markdown&expires=99999999999999999999&sig=$sig"
hit download "400" json "a NUL in the item" "$D?user=$uid&item=$item%00x&format=markdown&expires=$exp&sig=$sig"
hit download "414" page "a 10 KB user (nginx refuses the line)" "$D?user=$(rep 10240 u)&item=$item&format=markdown&expires=$exp&sig=$sig"
secret=$(db "SELECT value FROM settings WHERE name = 'content_link_key'")
old=$(( $(date +%s) * 1000 - 60000 ))
osig=$(printf '%s\n%s\n%s\n%s' "$uid" "$item" markdown "$old" | openssl dgst -sha256 -hmac "$secret" -r | cut -d' ' -f1)
hit download "403" '.message | test("expired")' "a correctly signed link that has expired" "$D?user=$uid&item=$item&format=markdown&expires=$old&sig=$osig"
hit download "405" json "POST" -X POST -d 'x' "$dl"
hit download "200" page "(the real link still works)" -H 'accept: text/markdown' "$dl"

# =====================================================================================================
# /api/auth/login, logout, signup
# =====================================================================================================
L=$B/api/auth/login
lg() {
	_w=$1 _c=$2 _n=$3
	shift 3
	hit login "$_w" "$_c" "$_n" -H "origin: $B" "$@" "$L"
}
lg "303" loc "no fields" -d ''
lg "303" loc "no password" -d 'username=mal'
lg "303" loc "no username" -d 'password=mallory+password'
lg "303" loc "empty fields" -d 'username=&password='
lg "303" loc "a 10 KB password (over the password limit)" --data-urlencode "username=mal" --data-urlencode "password=$(rep 10240 p)"
lg "303" loc "a 60 KB password (over the form limit)" --data-urlencode "username=mal" --data-urlencode "password=$(rep 61440 p)"
printf 'username=mal&password=' >"$tmp/pw100k"; rep 102400 p >>"$tmp/pw100k"
lg "303 413" page "a 100 KB password" --data-binary "@$tmp/pw100k"
lg "303" loc "a NUL in the username" -d 'username=mal%00ice&password=mallory+password'
printf 'username=mal\000&password=mallory+password' >"$tmp/nul"
lg "303" loc "a raw NUL byte in the form" --data-binary "@$tmp/nul"
lg "303" loc "invalid UTF-8 in the username" -d 'username=%FF%FE&password=x'
lg "303" loc "a 1 KB username" -d "username=$(rep 1024 u)&password=x"
lg "303" loc "a bad percent escape" -d 'username=%zz&password=%'
lg "303" loc "multipart form" -F 'username=mal' -F 'password=mallory password'
db "DELETE FROM login_failures"
for r in '//evil.example/x' 'https://evil.example/' '/\evil.example' '\/evil.example' 'javascript:alert(1)' \
	"$(printf '/home\r\nSet-Cookie: x=1')" '/%2F%2Fevil.example' ' //evil.example' "$(printf '/\t/evil.example')" "/$(rep 5000 r)"; do
	hit login "303" loc "redirect target '$(printf '%s' "$r" | head -c 30 | tr -d '\000-\037')' after a good login" -H "origin: $B" \
		--data-urlencode 'username=mal' --data-urlencode 'password=mallory password' --data-urlencode "redirect=$r" "$L"
	loc=$(tr -d '\r' <"$tmp/h" | sed -n 's/^[Ll]ocation: //p')
	case $loc in
	/home|/%2F%2Fevil.example) pass "login: and it stays on this site ($loc)" ;;
	*) fail "login: and it stays on this site" "location: $loc" ;;
	esac
done
grep -qi '^set-cookie: x=' "$tmp/h" && fail "no header injected through the redirect" || pass "no header injected through the redirect"
hit login "403" page "a cross-site Origin" -H 'origin: https://evil.example' -d 'username=mal&password=mallory+password' "$L"
hit login "403" page "a cross-site Origin (null)" -H 'origin: null' -d 'username=mal&password=mallory+password' "$L"
hit login "405" page "GET" "$L"
hit login "405" page "PUT" -X PUT -d 'username=mal' "$L"
hit login "400 431" page "a 9 KB cookie" -H "cookie: auth=$(rep 9216 c)" -d 'username=mal&password=x' "$L"
hit logout "405" page "GET" "$B/api/auth/logout"
hit logout "403" page "a cross-site Origin" -X POST -H 'origin: https://evil.example' "$B/api/auth/logout"
hit logout "303" loc "a forged cookie" -X POST -H "origin: $B" -H "cookie: auth=$(rep 64 f)" "$B/api/auth/logout"
hit logout "303" loc "a malformed cookie" -X POST -H "origin: $B" -H "$(printf 'cookie: auth=\377; auth=; =;;')" "$B/api/auth/logout"
hit signup "303" loc "signup while disabled" -H "origin: $B" -d "username=x&password=$(rep 2000 p)" "$B/api/auth/signup"
hit signup "405" page "GET" "$B/api/auth/signup"
hit signup "404" page "an unknown /api/auth/ route" -X POST -d 'x' "$B/api/auth/nothing"

# =====================================================================================================
# /api/save
# =====================================================================================================
S=$B/api/save
# svh HEADER WANT NAME QUERY [curl args]: one /api/save request with that credential header
svh() {
	_h=$1 _w=$2 _n=$3 _q=$4
	shift 4
	hit save "$_w" page "$_n" -H "$_h" "$@" "$S$_q"
}
sv() { svh "authorization: $key" "$@"; }
sv "400" "no url" ''
sv "400" "an empty url" '?url='
sv "400" "a javascript: URL" '?url=javascript:alert(1)'
sv "400" "a data: URL" '?url=data:text/html,%3Cscript%3Ealert(1)%3C/script%3E'
sv "400" "a file: URL" '?url=file:///etc/passwd'
sv "400" "an ftp: URL" '?url=ftp://example.org/x'
sv "400" "credentials in the URL" '?url=http://user:secret@example.org/'
sv "400" "a 3 KB URL (over the URL limit)" "?url=https://example.org/$(rep 3072 a)"
sv "414" "a 10 KB URL (nginx refuses the line)" "?url=https://example.org/$(rep 10240 a)"
sv "400" "an IPv6 zone id" '?url=http://%5Bfe80::1%25eth0%5D/'
sv "400" "http://0x7f.1" '?url=http://0x7f.1/'
sv "400" "http://[::ffff:127.0.0.1]" '?url=http://%5B::ffff:127.0.0.1%5D/'
sv "400" "a NUL in the URL" '?url=https://example.org/%00x'
sv "302" "invalid UTF-8 in the URL is saved with the bytes replaced" '?url=https://example.org/%FF%FE'
sv "400" "200 labels" "?url=https://example.org/labels&$(seq 200 | sed 's/.*/labels=L&/' | paste -sd'&' -)"
sv "400 414" "a 70 KB query string" "?url=https://example.org/long&labels=$(rep 71680 q)"
sv "400" "a bad percent escape" '?url=%zz%'
sv "200 302 400" "a 1 KB label" "?url=https://example.org/biglabel&labels=$(rep 1024 l)"
# the installed app's share target: GET /api/save?title=…&text=…&url=…, the link often only in text
sv "400" "a share whose text holds no link" '?title=A%20title&text=only%20words'
sv "400" "a share whose text holds a javascript: link" '?text=javascript:alert(1)'
sv "400" "a share whose text holds a bare http://" '?text=see%20http://'
sv "400" "a share whose text's link is 3 KB (over the URL limit)" "?text=see%20https://example.org/$(rep 3072 a)"
sv "400 414" "a share of 70 KB of text" "?text=$(rep 71680 w)%20https://example.org/share-long"
hit save "401" page "a malformed key" -H 'authorization: nope' "$S?url=https://example.org/k"
hit save "401" page "an expired key" -H "authorization: $expired" "$S?url=https://example.org/k"
hit save "401" page "a revoked key" -H "authorization: $revoked" "$S?url=https://example.org/k"
hit save "401" page "Bearer with nothing" -H 'authorization: Bearer' "$S?url=https://example.org/k"
hit save "400 431" page "a 9 KB authorization header" -H "authorization: $(rep 9216 k)" "$S?url=https://example.org/k"
hit save "302" loc "no session goes to the login page" "$S?url=https://example.org/k"
for m in PUT DELETE PATCH; do
	hit save "405" page "method $m" -X $m -H "authorization: $key" "$S?url=https://example.org/m"
done
hit save "403" page "POST with a key (the confirmation form is for the browser's login)" -X POST -H "authorization: $key" "$S?url=https://example.org/m"
# the browser's session without the bookmarklet's token: never a save, a confirmation page or an error
curl -s -m 20 -o /dev/null -D "$tmp/lh" -H "origin: $B" --data-urlencode 'username=mal' --data-urlencode 'password=mallory password' "$L"
mc=$(tr -d '\r' <"$tmp/lh" | sed -n 's/^[Ss]et-[Cc]ookie: auth=\([0-9a-f]*\);.*/\1/p')
[ -n "$mc" ] || fail "save: a session to try tokens with" "$(cat "$tmp/lh")"
ss() { svh "cookie: auth=$mc" "$@"; }
ss "200" "a session without a token: the confirmation page" '?url=https://example.org/m1'
ss "200" "a short token" '?url=https://example.org/m2&token=abc'
ss "200" "a token of 64 upper-case hex digits" "?url=https://example.org/m3&token=$(rep 64 A)"
ss "200" "an unknown token" "?url=https://example.org/m4&token=$(rep 64 0)"
ss "200" "a NUL in the token" "?url=https://example.org/m5&token=$(rep 32 a)%00$(rep 31 a)"
ss "200" "two tokens" "?url=https://example.org/m6&token=$(rep 64 1)&token=$(rep 64 2)"
ss "200 414" "a 60 KB token" "?url=https://example.org/m7&token=$(rep 61440 t)"
ss "400" "a token but no url" "?token=$(rep 64 0)"
ss "400" "a token and a javascript: URL" "?url=javascript:alert(1)&token=$(rep 64 0)"
ss "400" "a token and 200 labels" "?url=https://example.org/m8&token=$(rep 64 0)&$(seq 200 | sed 's/.*/labels=L&/' | paste -sd'&' -)"
ss "403" "a POST without the CSRF token" '' -H "origin: $B" -d 'url=https://example.org/m9'
ss "403" "a POST with a malformed CSRF token" '' -H "origin: $B" -d "url=https://example.org/m9&csrf=$(rep 64 z)"
ss "403" "a POST with a 60 KB CSRF token" '' -H "origin: $B" -d "url=https://example.org/m9&csrf=$(rep 61440 c)"
ss "413" "a 100 KB POST" '' -H "origin: $B" -d "url=https://example.org/m9&labels=$(rep 102400 l)"
ss "403" "a multipart POST" '' -H "origin: $B" -F 'url=https://example.org/m9' -F 'csrf=x'
ss "403" "a POST from another site" '' -H 'origin: https://evil.example' -d 'url=https://example.org/m9'
ss "200" "a share with the link in its text: the confirmation page, not a save" '?title=T&text=Look%20at%20https://example.org/m12'
ss "200" "a share with an empty url and the link in text" '?url=&text=https://example.org/m13'
ss "200" "a share whose text's link is cut at a NUL" '?text=https://example.org/m14%00https://evil.example/'
ss "200" "a share with a save token of another user and the link in text" "?text=https://example.org/m15&token=$(rep 64 0)"
csrf=$(curl -s -m 10 -H "cookie: auth=$mc" "$S?url=https://example.org/m1" | sed -n 's/.*name="csrf" value="\([0-9a-f]*\)".*/\1/p')
ss "400" "a confirmed POST without a url" '' -H "origin: $B" -d "csrf=$csrf"
ss "400" "a confirmed POST of a file: URL" '' -H "origin: $B" -d "csrf=$csrf&url=file:///etc/passwd"
ss "400" "a confirmed POST with 200 labels" '' -H "origin: $B" -d "csrf=$csrf&url=https://example.org/m10&$(seq 200 | sed 's/.*/labels=L&/' | paste -sd'&' -)"
ss "403" "another session's CSRF token" '' -H "origin: $B" -d "csrf=$(rep 64 0)&url=https://example.org/m11"
is "save: none of the session's unconfirmed or refused saves stored an item" 0 "$(db "SELECT count(*) FROM library_items WHERE url LIKE 'https://example.org/m%'")"
# /api/save/token: only our own pages (or a key) may read or change it
T=$S/token
hit save "401" json "token: no login" -H "origin: $B" -X POST "$T"
hit save "403" json "token: the session from another site" -H "cookie: auth=$mc" -H 'origin: https://evil.example' -X POST "$T"
hit save "403" json "token: the session without Origin or Referer" -H "cookie: auth=$mc" -X POST "$T"
hit save "401" json "token: a revoked key" -H "authorization: $revoked" "$T"
hit save "405" json "token: PUT" -H "cookie: auth=$mc" -H "origin: $B" -X PUT "$T"
hit save "200" '.token == null' "token: GET, none yet" -H "cookie: auth=$mc" -H "referer: $B/settings/bookmarklet" "$T"
hit save "200" '.revoked == false' "token: DELETE with none" -H "cookie: auth=$mc" -H "origin: $B" -X DELETE "$T"
hit save "404" page "an unknown /api/save/ path" -H "cookie: auth=$mc" "$S/nothing"
is "none of the refused saves stored an item" 0 "$(db "SELECT count(*) FROM library_items WHERE url LIKE 'https://example.org/m%' OR url LIKE 'https://example.org/k%'
	OR url LIKE '%evil%' OR url LIKE 'javascript%' OR url LIKE 'file%' OR url LIKE 'ftp%' OR url LIKE 'data%'")"

# =====================================================================================================
# /api/health: no credentials, no user data, whatever is sent
# =====================================================================================================
H=$B/api/health
HOK='.status != null and .database.reachable == true'
hit health "200" "$HOK" "GET" "$H"
hit health "200" "$HOK" "a bad key (ignored)" -H "authorization: $(rep 300 k)" "$H"
hit health "200" "$HOK" "a forged cookie (ignored)" -H "cookie: auth=$(rep 64 f)" "$H"
hit health "200" "$HOK" "a query string (ignored)" "$H?verbose=1&user=alice"
hit health "200 400 414" "$HOK" "a 6 KB query string" "$H?x=$(rep 6144 q)"
hit health "405" json "POST with a GraphQL body" -X POST -H "authorization: $key" -H 'content-type: application/json' \
	--data-binary '{"query":"{ me { id } }"}' "$H"
hit health "405" json "PUT" -X PUT --data-binary x "$H"
hit health "405" json "DELETE" -X DELETE "$H"
hit health "404" page "/api/health/ with more" "$H/x"
hit health "200" "$HOK" "an Origin from elsewhere" -H 'origin: https://evil.example' "$H"
unlike "health: no user data or path in the answer" "alice|$data|@" "$(curl -s -H "authorization: $key" "$H")"

# =====================================================================================================
# static pages and paths
# =====================================================================================================
for p in '/../../../etc/passwd' '/css/../../../../etc/passwd' '/%2e%2e/%2e%2e/etc/passwd' '/home%00.html' '/css/%00' \
	'/..%2f..%2f..%2fetc/passwd' '/api/graphql/../../../etc/passwd' '/api/save/..%00' '/a/b/%2e%2e%2f%2e%2e%2fx'; do
	rawreq "$tmp/rp" GET "$p"
	raw static "400 404" page "GET $p" "$tmp/rp"
	grep -q 'root:' "$tmp/b" && fail "static: $p does not leak /etc/passwd"
done
hit static "200 404" page "//etc//passwd (the reader page's route)" "$B//etc//passwd"
grep -q 'root:' "$tmp/b" && fail "static: //etc//passwd does not leak /etc/passwd"
hit static "404" page "/api/" "$B/api/"
hit static "404" page "/api/nothing is not the reader page" "$B/api/nothing"
hit static "404" page "/settings/nothing is not the reader page" "$B/settings/nothing"
hit static "404" page "/alice/<script> is not the reader page" "$B/alice/%3Cscript%3E"
hit static "404" page "a 65-character username is not the reader page" "$B/$(rep 65 u)/slug"
hit static "404" page "a 201-character slug is not the reader page" "$B/alice/$(rep 201 s)"
hit static "404" page "a slug with a space is not the reader page" "$B/alice/a%20b"
hit static "200" page "/alice/a-slug-1 is the reader page" "$B/alice/a-slug-1"
hit static "400 414" page "a 10 KB path" "$B/$(rep 10240 p)"
hit static "400 404 414" page "a 6 KB path" "$B/css/$(rep 6144 p).css"
hit static "405" page "TRACE /" -X TRACE "$B/index.html"
hit static "405" page "DELETE /index.html" -X DELETE "$B/index.html"
hit static "405" page "POST /index.html" -X POST -d x "$B/index.html"
rawreq "$tmp/rp" GET '/index.html' 'x-evil: a\000b'
raw static "200 400" page "a NUL in a header" "$tmp/rp"
rawreq "$tmp/rp" GET '/index.html' "cookie: $(rep 9000 c)"
raw static "400" page "a 9 KB cookie" "$tmp/rp"
printf 'GARBAGE\r\n\r\n' >"$tmp/rp"
raw static "400" page "not HTTP at all" "$tmp/rp"

# =====================================================================================================
# afterwards: the database, the processes, a normal request, the logs
# =====================================================================================================
if db_pg "${serve_db:-}"; then
	skip "integrity_check and foreign_key_check: SQLite's checks of its file (PostgreSQL enforces the keys)" 2
else
	is "the database passes integrity_check" ok "$(db 'PRAGMA integrity_check')"
	is "and foreign_key_check finds nothing" "" "$(db 'PRAGMA foreign_key_check')"
fi
dead= seen=0
for f in "$data"/run/*.pid; do
	for p in $(cat "$f"); do
		seen=$((seen + 1))
		[ -d "/proc/$p" ] && ! grep -q '^State:.*Z' "/proc/$p/status" 2>/dev/null || dead="$dead $(basename "$f" .pid):$p"
	done
done
[ $seen -ge 7 ] && [ -z "$dead" ] && pass "every process in run/*.pid is still alive ($seen)" ||
	fail "every process in run/*.pid is still alive" "seen $seen, dead:$dead"
code=$(curl -s -m 10 -o "$tmp/me.json" -w '%{http_code}' -H "authorization: $key" -H 'content-type: application/json' \
	-d '{"query":"{ me { name } }"}' "$G")
is "the service still answers me" "200:mal" "$code:$(jq -r '.data.me.name' "$tmp/me.json" 2>/dev/null)"
if grep -q -e 'Sanitizer' -e 'runtime error' -e 'LeakSanitizer' "$data"/logs/*.log 2>/dev/null; then
	fail "no sanitizer report in the logs" "$(grep -h -m 5 -e 'Sanitizer' -e 'runtime error' "$data"/logs/*.log)"
else
	pass "no sanitizer report in the logs"
fi
if grep -q -e 'signal' -e 'exited' -e 'upstream prematurely closed' -e 'connect() to unix' "$data/logs/error.log" 2>/dev/null; then
	fail "nginx logged no crashed or missing upstream" "$(grep -m 5 -e 'signal' -e 'exited' -e 'upstream prematurely' -e 'connect() to unix' "$data/logs/error.log")"
else
	pass "nginx logged no crashed or missing upstream"
fi

summary="requests sent: $total ="
for e in $eps; do eval "summary=\"\$summary $e \$cnt_$e\""; done
echo "# $summary; slowest answer ${slowest}s"
[ "$total" -ge 120 ] && pass "the matrix sent at least 120 requests ($total)" || fail "the matrix sent at least 120 requests" "$total"
done_testing
