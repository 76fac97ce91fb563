#!/bin/sh
# request_cost.sh: request_cost_max, what one GraphQL operation's root fields may cost: each selection counted (aliases, fragments spread more than once), N accepted, N+1 refused before anything runs, nothing written (TAP).
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/t/cgi_lib.sh"
cat >>"$conf" <<CONF
fetch_in_web = no
CONF
# a smaller budget: a fetch-like field (50) and one cheap read (1) are over it
cconf="$tmp/c.conf"
cat "$conf" - >"$cconf" <<CONF
request_cost_max = 50
CONF
setup
A="HTTP_AUTHORIZATION=$KEY"
C="LARDER_CONFIG=$cconf"

# gql QUERY [NAME=VALUE ...]: cgi_lib's, keeping every run's stderr for the sanitizer check at the end
gql() { _q=$1; shift; req POST "$(jq -cn --arg q "$_q" '{query: $q}')" "$@"; printf '%s\n' "$err" >>"$tmp/all.err"; }
# many N FIELD-TEXT: N aliased copies (a1: … aN: …) of a root field, on one line
many() { _i=1 _s=; while [ $_i -le "$1" ]; do _s="$_s a$_i: $2"; _i=$((_i + 1)); done; printf '%s' "$_s"; }
label_names() { gql '{ labels { ... on LabelsSuccess { labels { name } } } }' "$A"; jqr '[.data.labels.labels[].name] | sort | join(",")'; }
items() { gql '{ search(query: "", first: 3) { ... on SearchSuccess { pageInfo { totalCount } } } }' "$A"; jqr '.data.search.pageInfo.totalCount'; }
UPD='updateLabel(input: {labelId: "00000000-0000-4000-8000-000000000000", name: "x", color: "#000000"}) { __typename }'
PROG='saveArticleReadingProgress(input: {id: "00000000-0000-4000-8000-000000000000", readingProgressPercent: 10}) { __typename }'
SAVEU='saveUrl(input: {url: "https://example.com/a", source: "api", clientRequestId: ""}) { __typename }'
ME='me { name }'

# ---- the default, 100: ten writes at 10 ----
gql "mutation { $(many 10 "$UPD") }" "$A"
is "request_cost_max: ten aliased updateLabel (cost 100) run" "200 10 UpdateLabelError" \
	"$status $(jqr '.data | length') $(jqr '.data.a10.__typename')"
gql "mutation { $(many 11 "$UPD") }" "$A"
is "request_cost_max: eleven (cost 110) refused before anything runs" "GRAPHQL_VALIDATION_FAILED false" \
	"$(jqr '.errors[0].extensions.code') $(jqr 'has("data")')"
is "request_cost_max: the message names the key and what each field costs" \
	"The operation costs 110, more than the budget of 100 (request_cost_max in larder.conf): 11 updateLabel at 10." \
	"$(jqr '.errors[0].message')"
gql "mutation { $(many 32 "$UPD") }" "$A"
is "request_cost_max: 32 updateLabel refused" "The operation costs 320, more than the budget of 100 (request_cost_max in larder.conf): 32 updateLabel at 10." \
	"$(jqr '.errors[0].message')"

# nothing is written on refusal: eleven createLabel, and saves
gql "mutation { $(i=1; while [ $i -le 11 ]; do printf ' c%d: createLabel(input: {name: "L%d"}) { __typename }' $i $i; i=$((i + 1)); done) }" "$A"
is "request_cost_max: eleven createLabel refused" "GRAPHQL_VALIDATION_FAILED" "$(jqr '.errors[0].extensions.code')"
is "request_cost_max: and no label was made" "" "$(label_names)"
gql "mutation { $(many 3 "$SAVEU") }" "$A"
is "request_cost_max: three saveUrl (150) refused" \
	"The operation costs 150, more than the budget of 100 (request_cost_max in larder.conf): 3 saveUrl at 50." "$(jqr '.errors[0].message')"
is "request_cost_max: and nothing was saved" 0 "$(items)"
gql "mutation { $(many 2 "$SAVEU") }" "$A"
is "request_cost_max: two saveUrl (100) run" "SaveSuccess SaveSuccess" "$(jqr '.data.a1.__typename + " " + .data.a2.__typename')"
is "request_cost_max: and save" 1 "$(items)"

# 199 aliases (under query_max_aliases' 200) of a fetch-like field or a write
gql "mutation { $(many 199 "$SAVEU") }" "$A"
is "request_cost_max: 199 aliased saveUrl refused" \
	"GRAPHQL_VALIDATION_FAILED The operation costs 9950, more than the budget of 100 (request_cost_max in larder.conf): 199 saveUrl at 50." \
	"$(jqr '.errors[0].extensions.code') $(jqr '.errors[0].message')"
gql "mutation { $(many 199 "$PROG") }" "$A"
is "request_cost_max: 199 aliased saveArticleReadingProgress refused" \
	"The operation costs 1990, more than the budget of 100 (request_cost_max in larder.conf): 199 saveArticleReadingProgress at 10." \
	"$(jqr '.errors[0].message')"
is "request_cost_max: still one item" 1 "$(items)"

# ---- fragments: counted each time they are spread, also inside inline fragments and other fragments ----
gql "fragment F on Mutation { $(many 3 "$UPD") } mutation { ...F ...F ... on Mutation { ...F } x: $UPD }" "$A"
is "request_cost_max: a fragment of three spread three times, and one more (cost 100), runs" "200 4" \
	"$status $(jqr '.data | length')"
gql "fragment F on Mutation { $(many 3 "$UPD") } fragment G on Mutation { ...F ...F } mutation { ...G ... on Mutation { ...F } y: $UPD x: $UPD }" "$A"
is "request_cost_max: through nested fragments, 11 selections (cost 110) refused" \
	"The operation costs 110, more than the budget of 100 (request_cost_max in larder.conf): 11 updateLabel at 10." \
	"$(jqr '.errors[0].message')"
gql 'fragment F on Query { me { name } ...G } fragment G on Query { ...F ...F } { ...F }' "$A"
is "request_cost_max: fragments spread in a cycle end in an error, not a hang" "GRAPHQL_VALIDATION_FAILED false" \
	"$(jqr '.errors[0].extensions.code') $(jqr 'has("data")')"
# a chain of fragments each spreading the next twice: 2^9 selections of me (1024 fields, under query_max_fields),
# each fragment weighed once
d='{ ...F0 }' i=0
while [ $i -lt 9 ]; do d="$d fragment F$i on Query { ...F$((i + 1)) ...F$((i + 1)) }" i=$((i + 1)); done
gql "$d fragment F9 on Query { me { name } }" "$A"
is "request_cost_max: a doubling chain of 9 fragments is refused, its cost counted in full" \
	"GRAPHQL_VALIDATION_FAILED false The operation costs 512, more than the budget of 100 (request_cost_max in larder.conf): 512 me at 1." \
	"$(jqr '.errors[0].extensions.code') $(jqr 'has("data")') $(jqr '.errors[0].message')"

# ---- request_cost_max = 50: a fetch-like field alone runs, with one cheap read more it does not ----
gql "{ scanFeeds(input: {opml: \"<opml/>\"}) { __typename } }" "$A" "$C"
is "request_cost_max = 50: scanFeeds alone (50) runs" "200 false" "$status $(jqr 'has("errors")')"
gql "{ scanFeeds(input: {opml: \"<opml/>\"}) { __typename } $ME }" "$A" "$C"
is "request_cost_max = 50: scanFeeds and me (51) refused, the fields listed in the schema's order" \
	"The operation costs 51, more than the budget of 50 (request_cost_max in larder.conf): 1 me at 1, 1 scanFeeds at 50." \
	"$(jqr '.errors[0].message')"
gql "{ $(many 50 "$ME") }" "$A" "$C"
is "request_cost_max = 50: fifty cheap reads (50) run" "200 50" "$status $(jqr '.data | length')"
gql "{ $(many 51 "$ME") }" "$A" "$C"
is "request_cost_max = 50: fifty-one refused" "GRAPHQL_VALIDATION_FAILED" "$(jqr '.errors[0].extensions.code')"
# __typename and introspection cost nothing
gql "{ __typename $(many 50 "$ME") __schema { queryType { name } } }" "$A" "$C"
is "request_cost_max: __typename and __schema cost nothing" "200 Query" "$status $(jqr '.data.__schema.queryType.name')"

# the key's range
sed -i 's/^request_cost_max = 50$/request_cost_max = 49/' "$cconf"
gql "{ $ME }" "$A" "$C"
like "request_cost_max under a fetch-like field's cost is refused at start" "request_cost_max' must be a number from 50 to 1000000" "$err$body"

unlike "no sanitizer or valgrind report from any run" 'Sanitizer|runtime error|^==[0-9]+== ' "$(cat "$tmp/all.err")"
done_testing
