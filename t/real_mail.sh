#!/bin/sh
# real_mail.sh: the real newsletters and mail-parser fixtures of t/data/real/mail piped into `larder mail` as an MTA would (the envelope recipient given by --recipient), each item read back through GraphQL and held to t/data/real/mail/EXPECT: exit status, title, author, site name, publication time, a phrase of its content (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-realmail.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"
serve_need nginx spawn-fcgi curl jq "$(db_cli)"
mails=$srcdir/t/data/real/mail

serve_start --set argon2_t_cost=1 --set argon2_memory_kib=64 --set fetch_in_web=no --set mail_domain=mail.example.test
G=http://127.0.0.1:$port/api/graphql
serve_user_key key reader mail

tap_context() { printf 'stderr: %s\nitem: %s\n' "$(cat "$tmp/err" 2>/dev/null)" "$(cat "$tmp/node.json" 2>/dev/null)"; }
# gq QUERY [VARIABLES]: POST over nginx with the key; the answer in $tmp/gq.json
gq() {
	jq -cn --arg q "$1" --argjson v "${2:-{\}}" '{query: $q, variables: $v}' >"$tmp/gq.req"
	curl -s -m 30 -o "$tmp/gq.json" -H "authorization: $key" -H 'content-type: application/json' \
		--data-binary "@$tmp/gq.req" "$G"
}
gq 'mutation { createNewsletterEmail(input: {name: "Real"}) { ... on CreateNewsletterEmailSuccess { newsletterEmail { address } } } }'
addr=$(jq -r '.data.createNewsletterEmail.newsletterEmail.address' "$tmp/gq.json")
like "a newsletter address to deliver to" '^reader-[a-z0-9]+@mail\.example\.test$' "$addr"

ITEM='query S($q: String!) { search(query: $q, first: 1, includeContent: true) { ... on SearchSuccess { edges { node { id title author siteName subscription publishedAt content } } } } }'
# every line of EXPECT: the sample delivered (or refused) and its item compared field by field
tab=$(printf '\t')
passed=0 total=0
while IFS="$tab" read -r file want_st want_title want_author want_site want_date want_phrase; do
	case $file in '#'* | '') continue ;; esac
	total=$((total + 1))
	failed_before=$failed
	"$larder" -c "$conf" mail --recipient "$addr" <"$mails/$file" >/dev/null 2>"$tmp/err"
	st=$?
	: >"$tmp/node.json"
	is "$file: exit status $want_st" "$want_st" "$st"
	if [ "$want_st" != 0 ]; then
		like "$file:   refused saying why" "$want_title" "$(cat "$tmp/err")"
	else
		id=$(sed -n 's/.* as item \([0-9a-f-]*\).*/\1/p' "$tmp/err")
		gq "$ITEM" "$(jq -cn --arg q "in:all includes:$id" '{q: $q}')"
		jq '.data.search.edges[0].node // {}' "$tmp/gq.json" >"$tmp/node.json"
		is "$file:   title" "$want_title" "$(jq -r '.title // "NONE"' "$tmp/node.json")"
		is "$file:   author" "$want_author" "$(jq -r '.author // "NONE"' "$tmp/node.json")"
		is "$file:   site name and subscription" "$want_site|$want_site" \
			"$(jq -r '"\(.siteName // "NONE")|\(.subscription // "NONE")"' "$tmp/node.json")"
		is "$file:   published" "$want_date" "$(jq -r '(.publishedAt // "-") | sub("\\.000Z$"; "Z")' "$tmp/node.json")"
		if [ "$want_phrase" != - ]; then
			content=$(jq -r '.content // ""' "$tmp/node.json")
			if printf '%s' "$content" | grep -qF -- "$want_phrase"; then pass "$file:   its content"
			else _tap_fail_ctx "$file:   its content" "want the phrase: $want_phrase"; fi
		fi
	fi
	[ "$failed" -eq "$failed_before" ] && passed=$((passed + 1))
done <"$mails/EXPECT"
diag "samples passing every check: $passed of $total"
is "every sample of EXPECT was tried" "$total" "$(grep -vc -e '^#' -e '^$' "$mails/EXPECT")"
done_testing
