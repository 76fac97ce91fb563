#!/bin/sh
# real_pdf.sh: the real PDFs of t/data/real/pdf (pdf.js's and pypdf's fixtures) uploaded through nginx (uploadFileRequest and the PUT of the bytes) or saved by URL from a local static server, read by the larder-pdf helper, each item held to t/data/real/pdf/EXPECT: title, author, a phrase of its text, or the refusal (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-realpdf.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"
serve_need nginx spawn-fcgi curl jq "$(db_cli)" python3
pdfs=$srcdir/t/data/real/pdf

# the static server of the saveUrl cases: python3's http.server on a port it picks, serving $tmp/www
mkdir -p "$tmp/www"
python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$tmp/www" >"$tmp/www.log" 2>&1 &
www_pid=$!
trap 'kill "$www_pid" 2>/dev/null; serve_cleanup' EXIT
for _ in $(seq 1200); do
	www_port=$(sed -n 's/.* port \([0-9]*\).*/\1/p' "$tmp/www.log" | head -n 1)
	[ -n "$www_port" ] && break
	sleep 0.1
done
[ -n "$www_port" ] || bail_out "the static server did not start: $(cat "$tmp/www.log")"

serve_start --allow-private-fetch --set pdf_read_seconds=120 --set argon2_t_cost=1 --set argon2_memory_kib=64
base=http://127.0.0.1:$port
serve_user_key key reader pdf

tap_context() { printf 'put: %s\nitem: %s\n' "$(cat "$tmp/put.json" 2>/dev/null)" "$(cat "$tmp/node.json" 2>/dev/null)"; }
# gql QUERY [VARIABLES]: the reader's request; the answer in $tmp/gq.json
gql() {
	jq -n --arg q "$1" --argjson v "${2:-{\}}" '{query: $q, variables: $v}' >"$tmp/gq.req"
	curl -s -m 30 -o "$tmp/gq.json" -H "authorization: $key" -H 'content-type: application/json' \
		--data-binary "@$tmp/gq.req" "$base/api/graphql"
}
UFR='mutation U($url: String!) { uploadFileRequest(input: {url: $url, contentType: "application/pdf", createPageEntry: true}) { ... on UploadFileRequestSuccess { uploadSignedUrl createdPageId } ... on UploadFileRequestError { errorCodes message } } }'
SAVE='mutation S($u: String!, $c: ID!) { saveUrl(input: {url: $u, source: "test", clientRequestId: $c}) { ... on SaveSuccess { clientRequestId } ... on SaveError { errorCodes message } } }'
ITEM='query S($q: String!) { search(query: $q, first: 1, includeContent: true) { ... on SearchSuccess { edges { node { id title author state content } } } } }'
# settled ID: the item once read (SUCCEEDED or FAILED) in $tmp/node.json
settled() {
	for _ in $(seq 1200); do
		gql "$ITEM" "$(jq -cn --arg q "in:all includes:$1" '{q: $q}')"
		jq '.data.search.edges[0].node // {}' "$tmp/gq.json" >"$tmp/node.json"
		jq -e '.state == "SUCCEEDED" or .state == "FAILED"' "$tmp/node.json" >/dev/null 2>&1 && return 0
		sleep 0.1
	done
}

tab=$(printf '\t')
passed=0 total=0 k=0
while IFS="$tab" read -r how file path want_title want_author want_phrase; do
	case $how in '#'* | '') continue ;; esac
	total=$((total + 1))
	k=$((k + 1))
	failed_before=$failed
	: >"$tmp/put.json"
	: >"$tmp/node.json"
	if [ "$how" = upload ]; then
		gql "$UFR" "$(jq -cn --arg u "file:///corpus/$file" '{url: $u}')"
		id=$(jq -r '.data.uploadFileRequest.createdPageId' "$tmp/gq.json")
		up=/api/upload/$(jq -r '.data.uploadFileRequest.uploadSignedUrl' "$tmp/gq.json" | sed 's|.*/api/upload/||')
		code=$(curl -s -m 60 -o "$tmp/put.json" -w '%{http_code}' -X PUT -H 'content-type: application/pdf' \
			--data-binary "@$pdfs/$file" "$base$up")
		if [ "$code" != 200 ]; then
			like "$file: refused saying why" "$want_title" "$(jq -r '.errors[0].message // ""' "$tmp/put.json" 2>/dev/null)"
			[ "$failed" -eq "$failed_before" ] && passed=$((passed + 1))
			continue
		elif [ "$want_title" = encrypted ] || [ "$want_title" = damaged ]; then
			fail "$file: refused" "the PUT answered $code"
			continue
		fi
		pass "$file: uploaded"
	else
		# the file served under path (percent-decoded on the disk, as a web server maps it)
		disk=$(printf '%s' "${path%%\?*}" | python3 -c 'import sys, urllib.parse; print(urllib.parse.unquote(sys.stdin.read()))')
		mkdir -p "$tmp/www$(dirname "$disk")"
		cp "$pdfs/$file" "$tmp/www$disk"
		gql "$SAVE" "$(jq -cn --arg u "http://127.0.0.1:$www_port$path" --arg c "real-pdf-$k" '{u: $u, c: $c}')"
		id=$(jq -r '.data.saveUrl.clientRequestId // empty' "$tmp/gq.json")
		if [ -z "$id" ]; then
			fail "$file as $path: saveUrl answers" "body: $(head -c 400 "$tmp/gq.json")"
			continue
		fi
		pass "$file as $path: saveUrl answers"
	fi
	settled "$id"
	is "$file${path#-}:   read" SUCCEEDED "$(jq -r '.state // "NONE"' "$tmp/node.json")"
	is "$file${path#-}:   title" "$want_title" "$(jq -r '.title // "NONE"' "$tmp/node.json")"
	[ "$want_author" = - ] || is "$file${path#-}:   author" "$want_author" "$(jq -r '.author // "NONE"' "$tmp/node.json")"
	if [ "$want_phrase" != - ]; then
		if jq -r '.content // ""' "$tmp/node.json" | grep -qF -- "$want_phrase"; then pass "$file${path#-}:   its text"
		else _tap_fail_ctx "$file${path#-}:   its text" "want the phrase: $want_phrase"; fi
	fi
	[ "$failed" -eq "$failed_before" ] && passed=$((passed + 1))
done <"$pdfs/EXPECT"
diag "cases passing every check: $passed of $total"
is "every case of EXPECT was tried" "$total" "$(grep -vc -e '^#' -e '^$' "$pdfs/EXPECT")"
done_testing
