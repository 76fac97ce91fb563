#!/bin/sh
# search_owner.sh: through GraphQL, another user's matching item changes nothing of a user's search answers (ids, order, totalCount, pageInfo), issue 10 (TAP).
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/t/cgi_lib.sh"
# the library is filled 150 pages a request: set-up, under a raised budget for one request's root fields
echo 'request_cost_max = 10000' >>"$conf"
# (search_time_ms is raised to 10 minutes by t/cgi_lib.sh: at load 17 on PostgreSQL a count took longer than the
# default 500 ms, and these answers are compared, not timed)
setup
A="HTTP_AUTHORIZATION=$KEY"
"$LARDER" -c "$conf" user add bob --name "Bob" >/dev/null 2>"$tmp/err" || bail_out "user add: $(cat "$tmp/err")"
BKEY=$("$LARDER" -c "$conf" key create bob --name test 2>"$tmp/err") || bail_out "key create: $(cat "$tmp/err")"

# save FROM COUNT: alice's pages FROM..FROM+COUNT-1 in one request (aliased savePage), each with the
# marker word and a body whose length varies, so relevance and newest-first give different orders
save() {
	_d='mutation {'
	for i in $(seq "$1" $(($1 + $2 - 1))); do
		_f=$(seq 1 $((i % 10)) | sed 's/^/filler/' | tr '\n' ' ')
		_d="$_d p$i: savePage(input: {url: \"https://alice.example/$i\", source: \"api\", clientRequestId: \"\", title: \"Page $i\", originalContent: \"<p>marker $_f</p>\"}) { __typename }"
	done
	req POST "$(jq -cn --arg q "$_d }" '{query: $q}')" "$A"
}
save 1 150
is "150 pages saved in one request" 150 "$(jqr '[.data[] | select(.__typename == "SaveSuccess")] | length')"
save 151 150
is "150 more" 150 "$(jqr '[.data[] | select(.__typename == "SaveSuccess")] | length')"

SEL='... on SearchSuccess { pageInfo { totalCount hasNextPage endCursor } edges { node { id } } }'
answers() {
	_all=
	for q in 'marker OR probe*' 'marker OR \"probe secret\"' 'marker OR title:probesecret'; do
		for after in '' 140 290; do
			req POST "$(jq -cn --arg q "{ search(query: \"$q\", first: 20, after: \"$after\") { $SEL } }" '{query: $q}')" "$A"
			_all="$_all $body"
		done
	done
	printf '%s' "$_all"
}
before=$(answers)
like "alice's answers are real: 300 matches" '"totalCount":300' "$before"
req POST "$(jq -cn '{query: "mutation { savePage(input: {url: \"https://bob.example/s\", source: \"api\", clientRequestId: \"\", title: \"probesecret\", originalContent: \"<p>probesecret probe secret</p>\"}) { __typename } }"}')" "HTTP_AUTHORIZATION=$BKEY"
is "bob saves his secret page" SaveSuccess "$(jqr '.data.savePage.__typename')"
after=$(answers)
is "bob's page changes none of alice's answers" "$before" "$after"
req POST '{"query":"{ search(query: \"probesecret\") { ... on SearchSuccess { pageInfo { totalCount } } } }"}' "HTTP_AUTHORIZATION=$BKEY"
is "bob finds it" 1 "$(jqr '.data.search.pageInfo.totalCount')"
req POST '{"query":"{ search(query: \"probesecret\") { ... on SearchSuccess { pageInfo { totalCount } } } }"}' "$A"
is "alice does not" 0 "$(jqr '.data.search.pageInfo.totalCount')"
done_testing
