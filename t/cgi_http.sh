#!/bin/sh
# cgi_http.sh: graphql.fcgi run as CGI: HTTP-level checks (methods, media types, body limits, malformed bodies, CORS, paths) (TAP).
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/t/cgi_lib.sh"
setup
GQLRESP=application/graphql-response+json
OK='{"query":"{ __typename }"}'

# good_after DESCRIPTION: a good request right after a bad one still works
good_after() {
	req POST "$OK"
	is "$1: a good request still works" "200 Query" "$status $(jqr '.data.__typename')"
}
# bad DESCRIPTION STATUS CODE MESSAGE-ERE: checks the last response
bad() {
	is "$1: status $2" "$2" "$status"
	is "$1: extensions.code" "$3" "$(jqr '.errors[0].extensions.code')"
	like "$1: message" "$4" "$(jqr '.errors[0].message')"
	is "$1: no data" false "$(jqr 'has("data")')"
	exited_cleanly "$1: the process exits cleanly"
}

# ---- malformed bodies ----
req POST '{"query":'
bad "truncated JSON" 400 BAD_REQUEST 'not valid JSON'
req POST '{"query": "{ __typename }",}'
bad "trailing comma" 400 BAD_REQUEST 'not valid JSON'
req POST "{'query': '{ __typename }'}"
bad "single quotes" 400 BAD_REQUEST 'not valid JSON'
req POST '{"query":"{ __typename }"} x'
bad "text after the object" 400 BAD_REQUEST 'not valid JSON'
req POST '{"query":"{ __typename }"}{}'
bad "two objects" 400 BAD_REQUEST 'not valid JSON|after the value'
req POST '{ "not a JSON' HTTP_ACCEPT=$GQLRESP
bad "unterminated string (graphql-response+json)" 400 BAD_REQUEST 'not valid JSON'
good_after "malformed JSON"
req POST '[{"query":"{ __typename }"}]'
bad "an array" 400 BAD_REQUEST 'must be a JSON object, not an array'
req POST '"{ __typename }"'
bad "a string" 400 BAD_REQUEST 'must be a JSON object, not a string'
req POST '42'
bad "a number" 400 BAD_REQUEST 'must be a JSON object, not a number'
req POST 'null'
bad "null" 400 BAD_REQUEST 'must be a JSON object, not null'
req POST '{"query": 5}'
bad "query a number" 400 BAD_REQUEST '"query" must be a string, not a number'
req POST '{"query": {"obj":"ect"}}'
bad "query an object" 400 BAD_REQUEST '"query" must be a string, not an object'
req POST '{"query": ["array"]}'
bad "query an array" 400 BAD_REQUEST '"query" must be a string'
req POST '{"query": null}'
bad "query null" 400 BAD_REQUEST 'no "query"'
req POST '{"qeury": "{ __typename }"}'
bad "query missing" 400 BAD_REQUEST 'no "query"'
req POST '{"query":"{ __typename }","variables":[7]}'
bad "variables an array" 400 BAD_REQUEST '"variables" must be an object or null'
req POST '{"query":"{ __typename }","variables":"{}"}'
bad "variables a string" 400 BAD_REQUEST '"variables" must be an object or null, not a string'
req POST '{"query":"{ __typename }","operationName":0}'
bad "operationName a number" 400 BAD_REQUEST '"operationName" must be a string or null'
req POST '{"query":"{ __typename }","extensions":false}'
bad "extensions a boolean" 400 BAD_REQUEST '"extensions" must be an object or null'
good_after "invalid parameters"
req POST ''
bad "empty body" 400 BAD_REQUEST 'body is empty'

deep=''
i=0; while [ $i -lt 70 ]; do deep="$deep{\"a\":"; i=$((i + 1)); done
deep="${deep}1"
i=0; while [ $i -lt 70 ]; do deep="$deep}"; i=$((i + 1)); done
req POST "{\"query\":\"{ __typename }\",\"extensions\":$deep}"
bad "JSON nested 71 deep" 400 BAD_REQUEST 'nested deeper than 64'

# ---- bytes that are not text ----
printf '{"query":"{ __typename \377 }"}' >"$tmp/bad-utf8"
req_file POST "$tmp/bad-utf8"
bad "invalid UTF-8 in the body" 400 BAD_REQUEST 'not valid UTF-8'
printf '{"query":"{ __typename \300\257 }"}' >"$tmp/overlong"
req_file POST "$tmp/overlong"
bad "overlong UTF-8 in the body" 400 BAD_REQUEST 'not valid UTF-8'
printf '{"query":"{ __typename }"}\000\000' >"$tmp/nul"
req_file POST "$tmp/nul"
bad "NUL bytes after the object" 400 BAD_REQUEST 'NUL byte'
printf '{"query":"{ __type\000name }"}' >"$tmp/nul2"
req_file POST "$tmp/nul2"
bad "a NUL byte inside a string" 400 BAD_REQUEST 'NUL byte'
req POST '{"query":"{ __typename \u0000 }"}' HTTP_ACCEPT=$GQLRESP
is "an escaped NUL in the document: a GraphQL syntax error (400)" "400 false" "$status $(jqr 'has("data")')"
exited_cleanly "escaped NUL: the process exits cleanly"
good_after "bad bytes"

# ---- body size ----
big="$tmp/big.json"
{ printf '{"query":"{ __typename }","extensions":{"pad":"'; head -c 300000 /dev/zero | tr '\0' x; printf '"}}'; } >"$big"
req_file POST "$big"
bad "300 kB body without a key" 413 PAYLOAD_TOO_LARGE 'over the limit of 262144 bytes'
req_file POST "$big" HTTP_AUTHORIZATION="$KEY"
is "300 kB body with a key: 200" "200 Query" "$status $(jqr '.data.__typename')"
req POST "$OK" CONTENT_LENGTH=99999999999
bad "declared length over the maximum" 413 PAYLOAD_TOO_LARGE 'over the limit'
req POST "$OK" CONTENT_LENGTH=1x
bad "Content-Length not a number" 400 BAD_REQUEST 'Content-Length'
req POST "$OK" CONTENT_LENGTH=1000
bad "body shorter than Content-Length" 400 BAD_REQUEST 'shorter'
req POST "$OK" CONTENT_LENGTH=
is "no Content-Length: the body is read to its end" "200 Query" "$status $(jqr '.data.__typename')"
good_after "oversize body"

# ---- methods ----
for m in PUT DELETE PATCH HEAD; do
	req $m "$OK"
	is "$m: 405" 405 "$status"
	is "$m: Allow" "GET, POST, OPTIONS" "$(header Allow)"
	is "$m: code" METHOD_NOT_ALLOWED "$(jqr '.errors[0].extensions.code')"
done
req BREW "$OK"
is "unknown method: 405" 405 "$status"
good_after "wrong methods"

# ---- request content types ----
req POST "$OK" CONTENT_TYPE=text/plain
bad "text/plain body" 415 UNSUPPORTED_MEDIA_TYPE 'text/plain is not supported'
req POST "$OK" CONTENT_TYPE=
bad "no Content-Type" 415 UNSUPPORTED_MEDIA_TYPE 'Content-Type: application/json'
req POST "query=%7B__typename%7D" CONTENT_TYPE=application/x-www-form-urlencoded
bad "form-encoded body" 415 UNSUPPORTED_MEDIA_TYPE 'not supported'
req POST "$OK" CONTENT_TYPE="application/json; charset=latin1"
bad "charset latin1" 415 UNSUPPORTED_MEDIA_TYPE 'Charset latin1'
req POST "$OK" CONTENT_TYPE="Application/JSON;charset=UTF-8"
is "application/json with charset, any case: 200" "200 Query" "$status $(jqr '.data.__typename')"
req POST "$OK" CONTENT_TYPE="application/jsonp"
is "application/jsonp is not JSON: 415" 415 "$status"

# ---- response media types (Accept) ----
req POST "$OK" HTTP_ACCEPT=$GQLRESP
is "Accept graphql-response+json: that type" "200 $GQLRESP" "$status ${ctype%%;*}"
like "charset utf-8 is declared" 'charset=utf-8' "$ctype"
req POST "$OK" HTTP_ACCEPT=application/json
is "Accept application/json: that type" "200 application/json" "$status ${ctype%%;*}"
req POST "$OK"
is "no Accept: application/json" "200 application/json" "$status ${ctype%%;*}"
req POST "$OK" HTTP_ACCEPT='*/*'
is "Accept */*: application/json" "200 application/json" "$status ${ctype%%;*}"
req POST "$OK" HTTP_ACCEPT='application/*'
is "Accept application/*: application/json" "200 application/json" "$status ${ctype%%;*}"
req POST "$OK" HTTP_ACCEPT="$GQLRESP; charset=utf-8, application/json; charset=utf-8"
is "recommended client Accept: graphql-response+json" "$GQLRESP" "${ctype%%;*}"
req POST "$OK" HTTP_ACCEPT="$GQLRESP;q=0.5, application/json"
is "q values decide" "application/json" "${ctype%%;*}"
req POST "$OK" HTTP_ACCEPT="text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
is "a browser's Accept: application/json" "200 application/json" "$status ${ctype%%;*}"
req POST "$OK" HTTP_ACCEPT=text/html
bad "Accept text/html" 406 NOT_ACCEPTABLE 'neither'
like "406 still answers JSON" '^application/json' "$ctype"
req POST "$OK" HTTP_ACCEPT="application/json;q=0"
is "application/json;q=0: 406" 406 "$status"
req POST "$OK" HTTP_ACCEPT="application/json; charset=latin1"
is "application/json in another charset: 406" 406 "$status"
req POST '{"query":' HTTP_ACCEPT=$GQLRESP
is "request errors use the chosen type" "400 $GQLRESP" "$status ${ctype%%;*}"

# ---- paths ----
req POST "$OK" REQUEST_URI=//api/graphql SCRIPT_NAME=//api/graphql
is "//api/graphql: 200" "200 Query" "$status $(jqr '.data.__typename')"
req POST "$OK" REQUEST_URI=/larder/api/graphql?x=1 SCRIPT_NAME=/larder/api/graphql
is "another prefix and a query string on POST: 200" "200 Query" "$status $(jqr '.data.__typename')"
req POST "$OK" REQUEST_URI= SCRIPT_NAME=/cgi-bin/graphql.fcgi PATH_INFO=
is "plain CGI path: 200" "200 Query" "$status $(jqr '.data.__typename')"

# ---- CORS ----
req OPTIONS '' CONTENT_TYPE= CONTENT_LENGTH= HTTP_ORIGIN=lsp://logseq.io \
	HTTP_ACCESS_CONTROL_REQUEST_METHOD=POST HTTP_ACCESS_CONTROL_REQUEST_HEADERS="authorization,content-type"
is "preflight from lsp://logseq.io: 204" 204 "$status"
is "preflight: origin echoed" lsp://logseq.io "$(header Access-Control-Allow-Origin)"
is "preflight: requested headers allowed" "authorization, content-type" "$(header Access-Control-Allow-Headers)"
like "preflight: methods" 'POST' "$(header Access-Control-Allow-Methods)"
is "preflight: max age" 86400 "$(header Access-Control-Max-Age)"
like "preflight: Vary names Origin" 'Origin' "$(headers_all Vary)"
is "preflight: one Vary header naming the request headers" "Origin, Access-Control-Request-Method, Access-Control-Request-Headers" "$(header Vary)"
is "preflight: no body" "" "$body"
is "preflight: no credentials allowed" "" "$(header Access-Control-Allow-Credentials)"
req OPTIONS '' CONTENT_TYPE= CONTENT_LENGTH= HTTP_ORIGIN=app://obsidian.md \
	HTTP_ACCESS_CONTROL_REQUEST_METHOD=POST HTTP_ACCESS_CONTROL_REQUEST_HEADERS="Authorization, Content-Type, X-Bad Header\", Accept"
is "preflight from app://obsidian.md: 204" "204 app://obsidian.md" "$status $(header Access-Control-Allow-Origin)"
is "preflight: header names cleaned and lower-cased" "authorization, content-type, x-bad, header, accept" "$(header Access-Control-Allow-Headers)"
req OPTIONS '' CONTENT_TYPE= CONTENT_LENGTH= HTTP_ORIGIN=https://evil.example \
	HTTP_ACCESS_CONTROL_REQUEST_METHOD=POST HTTP_ACCESS_CONTROL_REQUEST_HEADERS=authorization
is "preflight from a disallowed origin: 403" 403 "$status"
is "disallowed origin: no Access-Control-Allow-Origin" "" "$(header Access-Control-Allow-Origin)"
is "disallowed origin: no Access-Control-Allow-Headers" "" "$(header Access-Control-Allow-Headers)"
like "disallowed origin: message names it" 'https://evil.example' "$(jqr '.errors[0].message')"
req OPTIONS '' CONTENT_TYPE= CONTENT_LENGTH=
is "plain OPTIONS: 204 with Allow" "204 GET, POST, OPTIONS" "$status $(header Allow)"
gql '{ me { name } }' HTTP_ORIGIN=lsp://logseq.io HTTP_AUTHORIZATION="$KEY"
is "POST from lsp://logseq.io with a key: 200" "200 Alice Liddell" "$status $(jqr '.data.me.name')"
is "POST from lsp://logseq.io: origin echoed" lsp://logseq.io "$(header Access-Control-Allow-Origin)"
like "POST from lsp://logseq.io: Vary Origin" 'Origin' "$(headers_all Vary)"
gql '{ me { name } }' HTTP_ORIGIN=lsp://logseq.io HTTP_AUTHORIZATION=0b8e2b0e-4f5e-4a56-9d6b-3c1d2e3f4a5b
is "401 from an allowed origin is readable (origin echoed)" "401 lsp://logseq.io" "$status $(header Access-Control-Allow-Origin)"
gql '{ me { name } }' HTTP_ORIGIN=https://evil.example HTTP_AUTHORIZATION="$KEY"
is "POST from a disallowed origin: no Access-Control-Allow-Origin" "" "$(header Access-Control-Allow-Origin)"
{ cat "$conf"; echo 'cors_origins = https://reader.example'; } >"$tmp/cors.conf"
cp "$conf" "$tmp/orig.conf"; cp "$tmp/cors.conf" "$conf"
req OPTIONS '' CONTENT_TYPE= CONTENT_LENGTH= HTTP_ORIGIN=https://reader.example HTTP_ACCESS_CONTROL_REQUEST_METHOD=POST
is "configured cors_origins are used" "204 https://reader.example" "$status $(header Access-Control-Allow-Origin)"
req OPTIONS '' CONTENT_TYPE= CONTENT_LENGTH= HTTP_ORIGIN=lsp://logseq.io HTTP_ACCESS_CONTROL_REQUEST_METHOD=POST
is "and replace the defaults" 403 "$status"
cp "$tmp/orig.conf" "$conf"

# ---- headers ----
long=$(head -c 9000 /dev/zero | tr '\0' a)
req POST "$OK" HTTP_AUTHORIZATION="$long"
bad "authorization over 8 KiB" 431 BAD_REQUEST 'Authorization header is over 8192 bytes'
req GET '' QUERY_STRING="query=$(head -c 70000 /dev/zero | tr '\0' a)" CONTENT_TYPE=
bad "query string over 64 KiB" 414 BAD_REQUEST 'over 65536 bytes'
good_after "oversize headers"

# ---- response hygiene ----
req POST "$OK"
is "no-store" no-store "$(header Cache-Control)"
is "nosniff" nosniff "$(header X-Content-Type-Options)"
is "Content-Length matches the body" "$(printf '%s' "$body" | wc -c | tr -d ' ')" "$(header Content-Length)"

# ---- configuration and start-up problems ----
env -i PATH="$PATH" LARDER_CONFIG="$tmp/missing.conf" REQUEST_METHOD=POST "$FCGI" </dev/null >"$tmp/out" 2>"$tmp/err"
is "missing config: exit 1" 1 "$?"
like "missing config: message" 'graphql.fcgi: .*missing.conf' "$(cat "$tmp/err")"
printf 'database = nodb/none.db\n' >"$tmp/nodb.conf"
env -i PATH="$PATH" LARDER_CONFIG="$tmp/nodb.conf" REQUEST_METHOD=POST "$FCGI" </dev/null >"$tmp/out" 2>"$tmp/err"
is "database missing: exit 1" 1 "$?"
like "database missing: one-line message" '^graphql.fcgi: ' "$(cat "$tmp/err")"

done_testing
