#!/bin/sh
# cgi_graphql.sh: graphql.fcgi run as CGI: key authentication (valid, missing, unknown, expired, revoked, Bearer) and GraphQL errors (TAP).
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/t/cgi_lib.sh"
setup
GQLRESP=application/graphql-response+json

# ---- a valid key ----
gql '{ me { id name } }' HTTP_AUTHORIZATION="$KEY"
is "me with a key: 200" 200 "$status"
is "me with a key: name" "Alice Liddell" "$(jqr '.data.me.name')"
like "me with a key: id is a UUID" '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$' "$(jqr '.data.me.id')"
is "me with a key: no errors member" false "$(jqr 'has("errors")')"
like "me with a key: application/json by default" '^application/json' "$ctype"
exited_cleanly "me with a key: the process exits cleanly"
like "the key's use is recorded (LAST USED is a time)" '^[0-9]{4}-[0-9]{2}-[0-9]{2}T' "$("$LARDER" -c "$conf" key list alice 2>&1 | awk -F'\t' '$2 == "test" { print $5 }')"

gql '{ me { name } }' HTTP_AUTHORIZATION="Bearer $KEY"
is "Bearer form: 200" 200 "$status"
is "Bearer form: name" "Alice Liddell" "$(jqr '.data.me.name')"
gql '{ me { name } }' HTTP_AUTHORIZATION="bearer   $KEY  "
is "bearer (lower case, extra spaces): name" "Alice Liddell" "$(jqr '.data.me.name')"

# ---- no key ----
gql '{ me { id name } }'
is "me without a key: 200" 200 "$status"
is "me without a key: null" null "$(jqr '.data.me')"
is "me without a key: data present" true "$(jqr '.data | has("me")')"
gql '{ me { name } }' HTTP_AUTHORIZATION=" "
is "blank authorization is no key: me null" "200 null" "$status $(jqr '.data.me')"

# ---- unknown, expired, revoked keys: 401 UNAUTHENTICATED, nothing executed ----
gql '{ me { name } }' HTTP_AUTHORIZATION=0b8e2b0e-4f5e-4a56-9d6b-3c1d2e3f4a5b
is "unknown key: 401" 401 "$status"
is "unknown key: code" UNAUTHENTICATED "$(jqr '.errors[0].extensions.code')"
like "unknown key: message says it is not valid" 'not valid' "$(jqr '.errors[0].message')"
is "unknown key: no data" false "$(jqr 'has("data")')"
like "unknown key: JSON content type" '^application/json' "$ctype"
like "unknown key: WWW-Authenticate" '^Bearer' "$(header WWW-Authenticate)"
like "unknown key: one log line" 'graphql.fcgi: 401 POST /api/graphql' "$err"
gql '{ me { name } }' HTTP_AUTHORIZATION="Bearer not-a-key"
is "garbage Bearer key: 401 UNAUTHENTICATED" "401 UNAUTHENTICATED" "$status $(jqr '.errors[0].extensions.code')"
gql '{ me { name } }' HTTP_AUTHORIZATION=0b8e2b0e-4f5e-4a56-9d6b-3c1d2e3f4a5b HTTP_ACCEPT=$GQLRESP
is "unknown key with graphql-response+json: 401 in that type" "401 $GQLRESP" "$status ${ctype%%;*}"

OLD=$("$LARDER" -c "$conf" key create alice --name old --expires 2020-01-01T00:00:00Z 2>/dev/null)
gql '{ me { name } }' HTTP_AUTHORIZATION="$OLD"
is "expired key: 401" 401 "$status"
is "expired key: code" UNAUTHENTICATED "$(jqr '.errors[0].extensions.code')"
like "expired key: message says it expired, and when" 'expired at 2020-01-01T00:00:00.000Z' "$(jqr '.errors[0].message')"

GONE=$("$LARDER" -c "$conf" key create alice --name gone 2>/dev/null)
gql '{ me { name } }' HTTP_AUTHORIZATION="$GONE"
is "key before revocation: works" "200 Alice Liddell" "$status $(jqr '.data.me.name')"
gone_id=$("$LARDER" -c "$conf" key list alice | awk -F'\t' '$2 == "gone" { print $1 }')
"$LARDER" -c "$conf" key revoke "$gone_id" >/dev/null 2>&1
is "larder key revoke: exit 0" 0 "$?"
gql '{ me { name } }' HTTP_AUTHORIZATION="$GONE"
is "revoked key: 401 on the next request" 401 "$status"
is "revoked key: code" UNAUTHENTICATED "$(jqr '.errors[0].extensions.code')"
like "revoked key: message" 'not valid.*revoked' "$(jqr '.errors[0].message')"
gql '{ me { name } }' HTTP_AUTHORIZATION="$KEY"
is "the other key still works" "200 Alice Liddell" "$status $(jqr '.data.me.name')"

# ---- GraphQL request errors: 400 with graphql-response+json, 200 with application/json ----
gql '{ me { name }' HTTP_ACCEPT=$GQLRESP
is "syntax error (graphql-response+json): 400" 400 "$status"
is "syntax error: content type" $GQLRESP "${ctype%%;*}"
is "syntax error: no data" false "$(jqr 'has("data")')"
is "syntax error: location line 1" 1 "$(jqr '.errors[0].locations[0].line')"
like "syntax error: location column" '^[0-9]+$' "$(jqr '.errors[0].locations[0].column')"
like "syntax error: message" '.' "$(jqr '.errors[0].message')"
gql '{ me { name }' HTTP_ACCEPT=application/json
is "syntax error (application/json): 200" 200 "$status"
is "syntax error (application/json): errors, no data" "true false" "$(jqr '"\(.errors | length > 0) \(has("data"))"')"

gql '{ me { nope } }' HTTP_ACCEPT=$GQLRESP HTTP_AUTHORIZATION="$KEY"
is "unknown field: 400" 400 "$status"
like "unknown field: message names it" 'nope' "$(jqr '.errors[0].message')"
like "unknown field: location" '^1 [0-9]+$' "$(jqr '"\(.errors[0].locations[0].line) \(.errors[0].locations[0].column)"')"
is "unknown field: no data" false "$(jqr 'has("data")')"
gql '{ 8f31403dfe404bccbb0e835f2629c6a7 }'
is "unknown root field (application/json): 200 with errors" "200 true" "$status $(jqr '.errors | length > 0')"

req POST '{"query":"query Q($s: String!) { __type(name: $s) { name } }","variables":{"s":7}}' HTTP_ACCEPT=$GQLRESP
is "wrong variable type: 400" 400 "$status"
like "wrong variable type: message names the variable" '"\$s"' "$(jqr '.errors[0].message')"
is "wrong variable type: a request error, not a validation error" false "$(jqr '.errors[0].message | test("never used")')"
is "wrong variable type: no data" false "$(jqr 'has("data")')"
req POST '{"query":"query CoerceFailure($id: ID!){ __typename }","variables":{"id":null}}' HTTP_ACCEPT=application/json
is "null for a non-null variable (application/json): 200 with errors" "200 true" "$status $(jqr '.errors | length > 0')"

deep='{ me'
i=0; while [ $i -lt 40 ]; do deep="$deep { me"; i=$((i + 1)); done
i=0; while [ $i -le 40 ]; do deep="$deep }"; i=$((i + 1)); done
gql "$deep" HTTP_ACCEPT=$GQLRESP
is "too-deep query: 400" 400 "$status"
like "too-deep query: message says so" '[Dd]epth|deep|nest' "$(jqr '.errors[0].message')"
is "too-deep query: no data" false "$(jqr 'has("data")')"

req POST '{"query":"query A { a: __typename } query B { b: __typename }","operationName":"B"}'
is "operationName picks the operation" "200 Query" "$status $(jqr '.data.b')"
req POST '{"query":"query A { a: __typename } query B { b: __typename }"}' HTTP_ACCEPT=$GQLRESP
is "two operations without operationName: 400" "400 false" "$status $(jqr 'has("data")')"
req POST '{"query":"{ __typename }","variables":null,"operationName":null,"extensions":null}'
is "null variables/operationName/extensions: 200, no errors" "200 Query false" "$status $(jqr '.data.__typename') $(jqr 'has("errors")')"
req POST '{"query":"{ __typename }","extensions":{"some":"value"}}'
is "extensions object: 200" "200 Query" "$status $(jqr '.data.__typename')"
req POST '{"query":"query T($name: String!) { __type(name: $name) { name } }","variables":{"name":"Run🏃Swim🏊"}}' CONTENT_TYPE="application/json; charset=utf-8"
is "UTF-8 in variables, charset param: 200" "200 null" "$status $(jqr '.data.__type')"

# ---- GET ----
req GET '' QUERY_STRING="query=$(urlenc '{ me { name } }')" HTTP_AUTHORIZATION="$KEY" CONTENT_TYPE= CONTENT_LENGTH=
is "GET query: 200" 200 "$status"
is "GET query: data" "Alice Liddell" "$(jqr '.data.me.name')"
req GET '' QUERY_STRING="query=$(urlenc 'query T($name: String!) { __type(name: $name) { name } }')&variables=$(urlenc '{"name":"User"}')" CONTENT_TYPE=
is "GET with variables: 200" "200 User" "$status $(jqr '.data.__type.name')"
req GET '' QUERY_STRING="query=query+Q+%7B+a%3A+__typename+%7D&operationName=Q" CONTENT_TYPE=
is "GET with '+' for spaces and operationName" "200 Query" "$status $(jqr '.data.a')"
req GET '' QUERY_STRING="query=$(urlenc 'mutation { __typename }')" HTTP_ACCEPT=$GQLRESP CONTENT_TYPE=
is "GET mutation: 405" 405 "$status"
like "GET mutation: Allow names POST" 'POST' "$(header Allow)"
is "GET mutation: not executed (no data)" false "$(jqr 'has("data")')"
like "GET mutation: error message" '.' "$(jqr '.errors[0].message')"
req GET '' QUERY_STRING="query=$(urlenc 'mutation M { __typename } query Q { __typename }')&operationName=M" CONTENT_TYPE=
is "GET mutation chosen by operationName: 405 even for application/json" 405 "$status"
req GET '' QUERY_STRING="query=$(urlenc 'mutation M { __typename } query Q { __typename }')&operationName=Q" CONTENT_TYPE=
is "GET query chosen beside a mutation: 200" "200 Query" "$status $(jqr '.data.__typename')"
req POST '{"query":"mutation { __typename }"}'
is "POST mutation: 200" "200 Mutation" "$status $(jqr '.data.__typename')"
req GET '' QUERY_STRING= CONTENT_TYPE=
is "GET without query: 400" "400 BAD_REQUEST" "$status $(jqr '.errors[0].extensions.code')"
req GET '' QUERY_STRING="query=$(urlenc '{ __typename }')&variables=%5B1%5D" CONTENT_TYPE=
is "GET with variables not an object: 400" 400 "$status"
like "GET with variables not an object: message" 'variables' "$(jqr '.errors[0].message')"
req GET '' QUERY_STRING="query=%7B+__typename+%7D&variables=%7Bbad" CONTENT_TYPE=
is "GET with variables not JSON: 400" 400 "$status"
req GET '' QUERY_STRING="query=%7B+__typename+%FF%7D" CONTENT_TYPE=
is "GET query not UTF-8: 400" 400 "$status"
like "GET query not UTF-8: message" 'UTF-8' "$(jqr '.errors[0].message')"

done_testing
