#!/bin/sh
# share_link.sh: public share links through nginx + graphql.fcgi: setItemShare makes and revokes an item's link, Article.sharedAt tells its owner, GET /s/TOKEN shows the article alone under a no-script policy, and another account can neither make, see nor revoke one; a revoked, trashed or deleted item's link, and any made-up token, answer one same 404 (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

. "$srcdir/t/pg_lib.sh"
for c in nginx spawn-fcgi curl jq "$(db_cli)"; do
	command -v $c >/dev/null 2>&1 || [ -x /usr/sbin/$c ] || { echo "1..0 # SKIP $c not installed"; exit 0; }
done
larder=$builddir/src/cmd/larder
[ -x "$builddir/src/cmd/graphql.fcgi" ] || { echo "Bail out! graphql.fcgi missing or not built"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-share.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"
serve_start
db() { db_sql "${serve_db:-$data/larder.db}" "$1"; }
B=http://127.0.0.1:$port
serve_user_key ka alice
serve_user_key kb bob

# gql KEY QUERY [VARS-JSON]: the answer's body in $tmp/r.json
gql() {
	jq -n --arg q "$2" --argjson v "${3:-{\}}" '{query: $q, variables: $v}' >"$tmp/req.json"
	curl -s -m 30 -o "$tmp/r.json" -H "authorization: $1" -H 'content-type: application/json' \
		--data-binary "@$tmp/req.json" "$B/api/graphql"
}
jqr() { jq -r "$1" "$tmp/r.json"; }
SAVE='mutation P($u: String!, $h: String!, $t: String!) { savePage(input: {url: $u, source: "api", clientRequestId: "", originalContent: $h, title: $t}) { ... on SaveSuccess { clientRequestId } ... on SaveError { message } } }'
# save KEY URL TITLE TEXT: the item's id in $id
save() {
	gql "$1" "$SAVE" "$(jq -n --arg u "$2" --arg t "$3" --arg x "$4" '{u: $u, t: $t, h: ("<html><head><meta name=\"author\" content=\"Ada Finch\"><meta property=\"og:site_name\" content=\"Finch Notes\"></head><body><article><h1>" + $t + "</h1><p>" + $x + "</p><p>" + $x + "</p></article></body></html>")}')"
	id=$(jqr '.data.savePage.clientRequestId')
	[ -n "$id" ] && [ "$id" != null ] || bail_out "savePage: $(cat "$tmp/r.json")"
}
SHARE='mutation S($id: ID!, $on: Boolean!) { setItemShare(input: {itemId: $id, enabled: $on}) { __typename ... on SetItemShareSuccess { itemId shareUrl sharedAt } ... on SetItemShareError { errorCodes message } } }'
share() { gql "$1" "$SHARE" "$(jq -n --arg id "$2" --argjson on "$3" '{id: $id, on: $on}')"; }
# page URL: status in $code, headers in $tmp/h, body in $tmp/b
page() { code=$(curl -s -m 20 -D "$tmp/h" -o "$tmp/b" -w '%{http_code}' "$1"); }
hdr() { grep -i "^$1:" "$tmp/h" | tr -d '\r' | sed 's/^[^:]*: *//'; }

save "$ka" https://example.com/herons "Grey herons" "Grey herons stand still in the shallows for a long time before they strike at a fish."
a1=$id
save "$ka" https://example.com/secret "Alice private diary" "Nobody but alice should ever read this private line about the diary."
a2=$id
save "$kb" https://example.com/bobs "Bob's kingfishers" "Kingfishers dive from a perch into the stream and come up with a minnow."
b1=$id
# alice's label and highlight on the shared item: the page must show neither
gql "$ka" 'mutation { createLabel(input: {name: "SecretLabelZebra", color: "#ff0000"}) { ... on CreateLabelSuccess { label { id } } } }'
lab=$(jqr '.data.createLabel.label.id')
gql "$ka" "mutation { setLabels(input: {pageId: \"$a1\", labelIds: [\"$lab\"]}) { __typename } }"
is "a label on the item" SetLabelsSuccess "$(jqr '.data.setLabels.__typename')"

# ---- making a link
gql "$ka" "{ article(username: \"me\", slug: \"$a1\") { ... on ArticleSuccess { article { sharedAt } } } }"
is "an item never shared has sharedAt null" null "$(jqr '.data.article.article.sharedAt')"
share "$ka" "$a1" true
is "setItemShare(enabled: true) succeeds" SetItemShareSuccess "$(jqr '.data.setItemShare.__typename')"
url=$(jqr '.data.setItemShare.shareUrl')
like "the link is base_url/s/ and 64 hex digits" "^$B/s/[0-9a-f]{64}\$" "$url"
is "the answer names the item" "$a1" "$(jqr '.data.setItemShare.itemId')"
token=${url##*/}
since=$(jqr '.data.setItemShare.sharedAt')
gql "$ka" "{ article(username: \"me\", slug: \"$a1\") { ... on ArticleSuccess { article { sharedAt } } } }"
is "Article.sharedAt tells the owner when" "$since" "$(jqr '.data.article.article.sharedAt')"
hash=$(printf '%s' "$token" | sha256sum | cut -d' ' -f1)
is "the store keeps only the token's SHA-256" "$hash" "$(db 'SELECT token_hash FROM item_shares')"
is "and never the token" 0 "$(db "SELECT count(*) FROM item_shares WHERE token_hash = '$token'")"

# ---- the page
page "$url"
is "GET /s/TOKEN answers 200" 200 "$code"
like "as HTML" '^text/html; charset=utf-8$' "$(hdr content-type)"
like "with the title" '<h1>Grey herons</h1>' "$(cat "$tmp/b")"
like "the site" 'class="share-site">Finch Notes<' "$(cat "$tmp/b")"
like "the author" 'class="share-byline">Ada Finch' "$(cat "$tmp/b")"
like "the stored article" 'stand still in the shallows' "$(cat "$tmp/b")"
like "a link to the original" '<a href="https://example.com/herons" rel="noreferrer noopener">Read the original</a>' "$(cat "$tmp/b")"
unlike "no script element" '<script' "$(cat "$tmp/b")"
unlike "no username" 'alice' "$(cat "$tmp/b")"
unlike "no label" 'SecretLabelZebra' "$(cat "$tmp/b")"
unlike "no other item" 'diary' "$(cat "$tmp/b")"
unlike "no link into the library" 'href="/(home|settings|highlights|api)' "$(cat "$tmp/b")"
csp=$(hdr content-security-policy)
is "one policy" 1 "$(printf '%s\n' "$csp" | grep -c .)"
like "that allows no script" "default-src 'none'" "$csp"
unlike "(no script-src at all)" 'script-src' "$csp"
is "Referrer-Policy: no-referrer, once" no-referrer "$(hdr referrer-policy)"
like "X-Robots-Tag: noindex" '^noindex' "$(hdr x-robots-tag)"
is "Cache-Control: no-store" no-store "$(hdr cache-control)"
is "X-Frame-Options: DENY" DENY "$(hdr x-frame-options)"
code=$(curl -s -m 20 -o /dev/null -w '%{http_code}' "$B/css/share.css")
is "its stylesheet is served" 200 "$code"

# ---- another account
share "$kb" "$a1" true
is "bob cannot share alice's item: NOT_FOUND" NOT_FOUND "$(jqr '.data.setItemShare.errorCodes[0]')"
share "$kb" "$a1" false
is "nor revoke its link: NOT_FOUND" NOT_FOUND "$(jqr '.data.setItemShare.errorCodes[0]')"
gql "$kb" "{ article(username: \"me\", slug: \"$a1\") { __typename ... on ArticleError { errorCodes } } }"
is "nor see it (sharedAt with it)" NOT_FOUND "$(jqr '.data.article.errorCodes[0]')"
page "$url"
is "alice's link still works after bob's tries" 200 "$code"
share "$kb" "$b1" true
burl=$(jqr '.data.setItemShare.shareUrl')
page "$burl"
like "bob's own link shows bob's article" 'Kingfishers dive' "$(cat "$tmp/b")"
unlike "and nothing of alice's" 'herons|diary' "$(cat "$tmp/b")"
page "$url"
unlike "alice's link shows none of bob's" 'Kingfisher' "$(cat "$tmp/b")"
is "two live links, one per item" 2 "$(db 'SELECT count(*) FROM item_shares')"

# ---- bad input
share "$ka" "" true
is "an empty itemId: NOT_FOUND" NOT_FOUND "$(jqr '.data.setItemShare.errorCodes[0]')"
share "$ka" "no-such-item" true
is "an unknown itemId: NOT_FOUND" NOT_FOUND "$(jqr '.data.setItemShare.errorCodes[0]')"
gql "$ka" 'mutation { setItemShare(input: {itemId: "x"}) { __typename } }'
like "enabled is required" 'enabled' "$(jqr '.errors[0].message')"
gql "" "mutation { setItemShare(input: {itemId: \"$a1\", enabled: true}) { ... on SetItemShareError { errorCodes } } }"
is "no credentials: UNAUTHORIZED" UNAUTHORIZED "$(jqr '.data.setItemShare.errorCodes[0]')"
gql "$ka" 'mutation { generateApiKey(input: {name: "reader", expiresAt: "2099-01-01", scopes: ["read"]}) { ... on GenerateApiKeySuccess { apiKey { key } } } }'
kr=$(jqr '.data.generateApiKey.apiKey.key')
gql "$kr" "mutation { setItemShare(input: {itemId: \"$a1\", enabled: false}) { __typename } }"
like "a read-only key cannot change a link" 'write|scope' "$(jqr '.errors[0].message')"
page "$url"
is "(the link still works)" 200 "$code"
page "$B/s/$(printf '%064d' 0)"
is "an unknown token: 404" 404 "$code"
cp "$tmp/b" "$tmp/notfound"
is "with the same headers' policy" "$csp" "$(hdr content-security-policy)"
is "and no-store" no-store "$(hdr cache-control)"
page "$B/s/xyz"
is "a malformed token: 404" 404 "$code"
cmp -s "$tmp/b" "$tmp/notfound" && pass "the same body" || fail "the same body"
page "$B/s/$(printf 'a%.0s' $(seq 1 300))"
is "a token of 300 characters: 404" 404 "$code"
page "$B/s/"
is "no token: 404" 404 "$code"
code=$(curl -s -m 20 -o /dev/null -w '%{http_code}' -X POST "$url")
is "POST: 405" 405 "$code"
page "$B/s/$(printf '%s' "$token" | tr 'a-f' 'A-F')"
is "the token in upper case opens nothing" 404 "$code"

# ---- revoking, the trash, deleting
share "$ka" "$a1" true
url2=$(jqr '.data.setItemShare.shareUrl')
isnt "a new link is another token" "$url" "$url2"
page "$url"
is "the older link stops at once" 404 "$code"
cmp -s "$tmp/b" "$tmp/notfound" && pass "with the one 404 page" || fail "with the one 404 page"
page "$url2"
is "the new one works" 200 "$code"
share "$ka" "$a1" false
is "revoking succeeds" SetItemShareSuccess "$(jqr '.data.setItemShare.__typename')"
is "and answers no link" null "$(jqr '.data.setItemShare.shareUrl')"
page "$url2"
is "a revoked link answers 404 at once" 404 "$code"
cmp -s "$tmp/b" "$tmp/notfound" && pass "the same 404 page" || fail "the same 404 page"
gql "$ka" "{ article(username: \"me\", slug: \"$a1\") { ... on ArticleSuccess { article { sharedAt } } } }"
is "sharedAt is null again" null "$(jqr '.data.article.article.sharedAt')"
share "$ka" "$a1" false
is "revoking again succeeds (nothing to revoke)" SetItemShareSuccess "$(jqr '.data.setItemShare.__typename')"
share "$ka" "$a1" true
url3=$(jqr '.data.setItemShare.shareUrl')
gql "$ka" "mutation { setBookmarkArticle(input: {articleID: \"$a1\", bookmark: false}) { __typename } }"
is "the item into the trash" SetBookmarkArticleSuccess "$(jqr '.data.setBookmarkArticle.__typename')"
page "$url3"
is "a trashed item's link answers 404" 404 "$code"
cmp -s "$tmp/b" "$tmp/notfound" && pass "the same 404 page" || fail "the same 404 page"
share "$ka" "$a1" true
is "a trashed item cannot be shared: BAD_REQUEST" BAD_REQUEST "$(jqr '.data.setItemShare.errorCodes[0]')"
like "saying why" 'trash' "$(jqr '.data.setItemShare.message')"
gql "$ka" "mutation { updatePage(input: {pageId: \"$a1\", state: SUCCEEDED}) { __typename } }"
is "restored" UpdatePageSuccess "$(jqr '.data.updatePage.__typename')"
page "$url3"
is "the link works again once the item is restored" 200 "$code"
gql "$ka" "mutation { setBookmarkArticle(input: {articleID: \"$a1\", bookmark: false}) { __typename } }"
gql "$ka" 'mutation { emptyTrash { __typename } }'
is "the trash emptied" EmptyTrashSuccess "$(jqr '.data.emptyTrash.__typename')"
page "$url3"
is "a deleted item's link answers 404" 404 "$code"
is "and its row is gone" 0 "$(db "SELECT count(*) FROM item_shares WHERE token_hash = '$(printf '%s' "${url3##*/}" | sha256sum | cut -d' ' -f1)'")"
page "$burl"
is "bob's link is untouched by alice's deletions" 200 "$code"
done_testing
