#!/bin/sh
# hostile_sweep.sh: every Query and Mutation root field (and GET /api/health, GET /s/TOKEN: a shared page, and a PDF item's signed /api/file link, both reached without a key), driven from one account with many aliases and the largest arguments on four connections while another user times `me`: no field may take a second of CPU in one request, time out or leave a child busy, but those listed below, each waiting for its fix in issue 20 (TAP, from t/js/hostile_sweep.mjs).
# What fails the test is a count, not a time: one request alone costs under 1 s of the children's CPU (nearly
# deterministic), every request is answered (within 60 s, a bound no busy machine reaches) and the children are idle
# again afterwards. The victim's p99 is printed but is a speed target, which a busy machine misses (bulkAction's
# p99 was 1.4 s at load 12 with 94 ms alone): contrib/reliability/hostile-sweep holds the sweep to p99 < 50 ms.
# A listed field that passes is reported (take it off the list); an unlisted one that fails fails the test.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-sweep.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
serve_need nginx spawn-fcgi node
# URLs the attacker saves are on 127.0.0.1's closed port 9: the fetch runners may try them and fail at once
serve_start --children 4 --allow-private-fetch
serve_user_key ka mallory sweep
serve_user_key kv victim sweep

# the fields that fail today, each with what will fix it, one a line ("NAME  # why"): none. The last ones came off
# as issue 20's parts landed (createHighlight, updateHighlight, setFavoriteArticle, deleteLabel, deleteHighlight,
# updatePage, saveArticleReadingProgress: request_cost_max, the text limits, requests_per_user; bulkAction: labels
# re-indexed once per item). A field added later that fails here fails the test.
: >"$tmp/expected"
# a sanitizer build runs two to three times slower: its CPU threshold is three times as loose
cpu=1
if grep -q -a -e __asan_init -e __ubsan_handle "$builddir/src/cmd/graphql.fcgi" 2>/dev/null; then
	cpu=3
fi
# the victim's p99 is printed, not judged (--p99-ms Infinity): it is not timed alone first (--baseline 0), nor
# kept waiting after each attack, which took half of this test's time (60 of 118 s)
echo "# $(nproc) cores, $(uptime | sed 's/.*load/load/'); threshold: ${cpu} s of CPU a request"
node "$srcdir/t/js/hostile_sweep.mjs" --url "http://127.0.0.1:$port/api/graphql" --attacker "$ka" --victim "$kv" --get /api/health \
	--pids "$data/run/graphql.pid" --expect "$tmp/expected" --rounds 1 --small 500 --large 1 --field-seconds 10 \
	--timeout 60 --settle 60 --baseline 0 --p99-ms Infinity --cpu-s "$cpu" --fail-fast
rc=$?
echo "# $(uptime | sed 's/.*load/load/')"
exit $rc
