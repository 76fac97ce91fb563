#!/bin/sh
# cgi_fcgi.sh: one graphql.fcgi worker over FastCGI serves a run of bad and good requests without dying or leaking state (TAP).
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/t/cgi_lib.sh"
CLIENT="$top_builddir/t/fcgi_client"
[ -x "$CLIENT" ] || bail_out "$CLIENT is not built"
setup
GQLRESP=application/graphql-response+json
OK='{"query":"{ __typename }"}'

sock="$tmp/graphql.sock"
LARDER_CONFIG="$conf" "$CLIENT" listen "$sock" $WRAP "$FCGI" 2>"$tmp/worker.err" &
pid=$!
trap 'kill "$pid" 2>/dev/null; [ -n "${KEEP_LOG:-}" ] && cp "$tmp/worker.err" "$KEEP_LOG"; rm -rf "$tmp"' EXIT INT TERM
i=0
while [ ! -S "$sock" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
[ -S "$sock" ] || bail_out "the worker did not start: $(cat "$tmp/worker.err")"

# freq METHOD BODY [NAME=VALUE ...]: one request to the running worker (sets status, hdrs, ctype, body)
freq() {
	_m=$1
	printf '%s' "$2" >"$tmp/body"
	shift 2
	freq_file "$_m" "$tmp/body" "$@"
}
freq_file() {
	_m=$1 _f=$2
	shift 2
	_len=$(wc -c <"$_f" | tr -d ' ')
	"$CLIENT" request "$sock" REQUEST_METHOD="$_m" CONTENT_TYPE=application/json CONTENT_LENGTH="$_len" \
		SCRIPT_NAME=/api/graphql REQUEST_URI=/api/graphql DOCUMENT_URI=/api/graphql QUERY_STRING= \
		REMOTE_ADDR=127.0.0.1 "$@" <"$_f" >"$tmp/resp" 2>"$tmp/err"
	rc=$?
	tr -d '\r' <"$tmp/resp" >"$tmp/resp.lf"
	hdrs=$(sed '/^$/q' "$tmp/resp.lf")
	body=$(sed '1,/^$/d' "$tmp/resp.lf")
	status=$(printf '%s\n' "$hdrs" | sed -n 's/^Status: \([0-9]*\).*/\1/p')
	ctype=$(header Content-Type)
}
errors=0
# good DESCRIPTION: a good request answers 200 with data
good() {
	freq POST "$OK"
	is "$1: then a good request: 200 Query" "200 Query" "$status $(jqr '.data.__typename')"
}
# bad DESCRIPTION STATUS CODE: the last response was STATUS with extensions.code CODE and no data
bad() {
	errors=$((errors + 1))
	is "$1: $2 $3" "$2 $3 false" "$status $(jqr '.errors[0].extensions.code') $(jqr 'has("data")')"
}

freq POST '{"query":"{ me { name } }"}' HTTP_AUTHORIZATION="$KEY"
is "me with a key" "200 Alice Liddell" "$status $(jqr '.data.me.name')"
freq POST '{"query":"{ me { name } }"}'
is "the next request, without a key, is anonymous (no state kept)" "200 null" "$status $(jqr '.data.me')"

freq POST '{"query":'
bad "malformed JSON" 400 BAD_REQUEST
good "malformed JSON"
freq POST '[1,2]'
bad "JSON array" 400 BAD_REQUEST
good "JSON array"
freq POST '{"query":7}'
bad "query not a string" 400 BAD_REQUEST
good "query not a string"
printf '{"query":"{ \377 }"}' >"$tmp/bad-utf8"
freq_file POST "$tmp/bad-utf8"
bad "invalid UTF-8" 400 BAD_REQUEST
good "invalid UTF-8"
printf '{"query":"{ __typename }"}\000' >"$tmp/nul"
freq_file POST "$tmp/nul"
bad "NUL byte" 400 BAD_REQUEST
good "NUL byte"
{ printf '{"query":"{ __typename }","extensions":{"pad":"'; head -c 400000 /dev/zero | tr '\0' x; printf '"}}'; } >"$tmp/big"
freq_file POST "$tmp/big"
bad "400 kB body without a key" 413 PAYLOAD_TOO_LARGE
good "oversize body"
freq_file POST "$tmp/big" HTTP_AUTHORIZATION="$KEY"
is "400 kB body with a key" "200 Query" "$status $(jqr '.data.__typename')"
freq PUT "$OK"
bad "PUT" 405 METHOD_NOT_ALLOWED
good "PUT"
freq POST "$OK" CONTENT_TYPE=text/plain
bad "text/plain" 415 UNSUPPORTED_MEDIA_TYPE
good "text/plain"
freq POST "$OK" HTTP_ACCEPT=image/png
bad "Accept image/png" 406 NOT_ACCEPTABLE
good "Accept image/png"

freq POST '{"query":"{ me { name }"}' HTTP_ACCEPT=$GQLRESP
errors=$((errors + 1))
is "syntax error: 400 without data, with a location" "400 false 1" "$status $(jqr 'has("data")') $(jqr '.errors[0].locations[0].line')"
good "syntax error"
freq POST '{"query":"{ me { nope } }"}' HTTP_ACCEPT=$GQLRESP
errors=$((errors + 1))
like "unknown field: 400 naming it" '^400 .*nope' "$status $(jqr '.errors[0].message')"
good "unknown field"
freq POST '{"query":"query Q($s: String!) { __type(name: $s) { name } }","variables":{"s":[]}}' HTTP_ACCEPT=$GQLRESP
errors=$((errors + 1))
like "wrong variable type: 400 naming it" '^400 false .*"\$s"' "$status $(jqr 'has("data")') $(jqr '.errors[0].message')"
good "wrong variable type"
freq GET '' QUERY_STRING="query=$(urlenc 'mutation { __typename }')" CONTENT_TYPE=
errors=$((errors + 1))
is "GET mutation: 405" 405 "$status"
freq GET '' QUERY_STRING="query=$(urlenc '{ me { name } }')" CONTENT_TYPE= HTTP_AUTHORIZATION="Bearer $KEY"
is "GET query with a Bearer key" "200 Alice Liddell" "$status $(jqr '.data.me.name')"

freq POST "$OK" HTTP_AUTHORIZATION=11111111-2222-4333-8444-555555555555
bad "unknown key" 401 UNAUTHENTICATED
good "unknown key"
K2=$("$LARDER" -c "$conf" key create alice --name second 2>/dev/null)
freq POST '{"query":"{ me { name } }"}' HTTP_AUTHORIZATION="$K2"
is "a new key works at once in a running worker" "200 Alice Liddell" "$status $(jqr '.data.me.name')"
"$LARDER" -c "$conf" key revoke "$("$LARDER" -c "$conf" key list alice | awk -F'\t' '$2 == "second" { print $1 }')" >/dev/null
freq POST '{"query":"{ me { name } }"}' HTTP_AUTHORIZATION="$K2"
bad "the revoked key, next request to the same worker" 401 UNAUTHENTICATED
freq POST '{"query":"{ me { name } }"}' HTTP_AUTHORIZATION="$KEY"
is "the first key still works" "200 Alice Liddell" "$status $(jqr '.data.me.name')"

freq OPTIONS '' CONTENT_TYPE= CONTENT_LENGTH= HTTP_ORIGIN=lsp://logseq.io HTTP_ACCESS_CONTROL_REQUEST_METHOD=POST \
	HTTP_ACCESS_CONTROL_REQUEST_HEADERS=authorization,content-type
is "preflight over FastCGI" "204 lsp://logseq.io 86400" "$status $(header Access-Control-Allow-Origin) $(header Access-Control-Max-Age)"

# an internal failure (the store cannot look keys up) is a 500 JSON answer, and the worker carries on
if command -v "$(db_cli)" >/dev/null 2>&1; then
	# rename_table OLD NEW (on SQLite with legacy_alter_table: the shell has no "larder" search tokenizer, so it
	# must not re-check the triggers that write the full-text index)
	rename_table() {
		if db_pg "${test_db:-}"; then
			db_sql "$test_db" "ALTER TABLE $1 RENAME TO $2"
		else
			db_sql "$tmp/data/larder.db" "PRAGMA legacy_alter_table = ON; ALTER TABLE $1 RENAME TO $2"
		fi
	}
	rename_table api_keys api_keys_away
	freq POST '{"query":"{ me { name } }"}' HTTP_AUTHORIZATION="$KEY"
	errors=$((errors + 1))
	is "store failure: 500 INTERNAL_SERVER_ERROR, no data" "500 INTERNAL_SERVER_ERROR false" \
		"$status $(jqr '.errors[0].extensions.code') $(jqr 'has("data")')"
	like "store failure: JSON answer" '^application/json' "$ctype"
	rename_table api_keys_away api_keys
	freq POST '{"query":"{ me { name } }"}' HTTP_AUTHORIZATION="$KEY"
	is "store back: the same worker serves the key again" "200 Alice Liddell" "$status $(jqr '.data.me.name')"
else
	pass "# SKIP $(db_cli) not installed"; pass "# SKIP"; pass "# SKIP"
fi

# many requests in a row: the arena is reset each time
i=0 okc=0
while [ $i -lt 30 ]; do
	freq POST "{\"query\":\"{ a$i: __typename }\"}"
	[ "$status $(jqr ".data.a$i")" = "200 Query" ] && okc=$((okc + 1))
	i=$((i + 1))
done
is "30 requests in a row all answered" 30 "$okc"

if kill -0 "$pid" 2>/dev/null; then pass "the worker is still running"; else fail "the worker died" "$(cat "$tmp/worker.err")"; fi
is "one log line per error response" "$errors" "$(grep -c '^graphql.fcgi: [0-9][0-9][0-9] ' "$tmp/worker.err")"
unlike "no sanitizer or valgrind reports" 'Sanitizer|runtime error|^==[0-9]+== ' "$(cat "$tmp/worker.err")"
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
done_testing
