#!/bin/sh
# android_pdf.sh: a PDF item opened as Omnivore's Android app opens it, through nginx + auth.fcgi + graphql.fcgi: its sign-in, its GetArticle query as Apollo sends it, then the GET of the item's url with no header and no cookie (PSPDFKit's DownloadRequest): the signed link serves the exact bytes, stays the same all day, serves byte ranges (from disk and from files_store = database), and a tampered, foreign, expired or purged one serves nothing, the same whoever's item it names (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-android-pdf.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"
serve_need nginx spawn-fcgi curl jq python3 "$(db_cli)"
[ -x "$builddir/src/cmd/auth.fcgi" ] || bail_out "auth.fcgi missing or not built"
serve_start --set argon2_t_cost=1 --set argon2_memory_kib=64
B=http://127.0.0.1:$port
db=${serve_db:-$data/larder.db}
for u in alice bob; do
	printf 'correct horse battery\n' | "$larder" -c "$conf" user add $u --email $u@example.org --password-file - >/dev/null 2>&1 ||
		bail_out "user add $u failed"
done

# the app's sign-in (RESTNetworker.kt: Retrofit's JSON body, OkHttp's User-Agent); prints the token
sign_in() {
	curl -s -m 20 -A 'okhttp/4.12.0' -H 'Content-Type: application/json' \
		--data-binary "{\"email\":\"$1@example.org\",\"password\":\"correct horse battery\"}" "$B/api/mobile-auth/email-sign-in" |
		jq -r .authToken
}
alice=$(sign_in alice)
bob=$(sign_in bob)
is "the app signs in (two accounts)" "64 64" "${#alice} ${#bob}"

# gql TOKEN NAME BODY-FILE: a GraphQL call as Apollo Kotlin 3 sends it (its headers, the token in authorization);
# the answer in $tmp/NAME.json
gql() {
	curl -s -m 30 -o "$tmp/$2.json" -A 'okhttp/4.12.0' -H "authorization: $1" -H 'Content-Type: application/json' \
		-H 'Accept: multipart/mixed; deferSpec=20220824, application/json' -H "X-APOLLO-OPERATION-NAME: $2" \
		--data-binary "@$3" "$B/api/graphql"
}
# upload USER-TOKEN NAME PDF: uploadFileRequest, the PUT of the bytes, saveFile; prints the item's id
upload() {
	jq -n --arg n "$2" '{query: "mutation U($url: String!) { uploadFileRequest(input: {url: $url, contentType: \"application/pdf\", createPageEntry: true}) { ... on UploadFileRequestSuccess { id uploadSignedUrl createdPageId } } }", variables: {url: ("file:///sdcard/Download/" + $n + ".pdf")}}' >"$tmp/up.req"
	gql "$1" up "$tmp/up.req"
	_path=/api/upload/$(jq -r '.data.uploadFileRequest.uploadSignedUrl' "$tmp/up.json" | sed 's|.*/api/upload/||')
	curl -s -m 30 -o /dev/null -X PUT -H 'content-type: application/pdf' --data-binary "@$3" "$B$_path"
	jq -n --arg f "$(jq -r '.data.uploadFileRequest.id' "$tmp/up.json")" \
		'{query: "mutation F($f: ID!) { saveFile(input: {url: \"file:///x.pdf\", source: \"android\", clientRequestId: $f, uploadFileId: $f}) { __typename } }", variables: {f: $f}}' >"$tmp/sf.req"
	gql "$1" sf "$tmp/sf.req"
	jq -r '.data.uploadFileRequest.createdPageId' "$tmp/up.json"
}
pdf=$srcdir/t/data/pdf/sample-3.pdf
a_item=$(upload "$alice" alices "$pdf")
b_item=$(upload "$bob" bobs "$srcdir/t/data/pdf/sample-50.pdf")
a_slug=$(db_sql "$db" "SELECT slug FROM library_items WHERE id = '$a_item'")

# GetArticle (android/Omnivore/app/src/main/graphql/ArticleContent.graphql) as Apollo Kotlin 3 builds the document:
# __typename added beside every fragment, the fragments after the operation
GETARTICLE='query GetArticle($slug: String!) { article(username: "me", slug: $slug) { __typename ... on ArticleSuccess { article { __typename ...ArticleFields content highlights(input: { includeFriends: false } ) { __typename ...HighlightFields } labels { __typename ...LabelFields } } } ... on ArticleError { errorCodes } } }  fragment ArticleFields on Article { id title url author image savedAt createdAt publishedAt contentReader originalArticleUrl readingProgressPercent readingProgressAnchorIndex slug isArchived description linkId siteName state readAt updatedAt content wordsCount }  fragment HighlightFields on Highlight { id type shortId quote prefix suffix patch annotation createdByMe updatedAt sharedAt }  fragment LabelFields on Label { id name color description createdAt }'
# article TOKEN SLUG NAME: the app's GetArticle; $tmp/NAME.json
article() {
	jq -n --arg q "$GETARTICLE" --arg s "$2" '{operationName: "GetArticle", variables: {slug: $s}, query: $q}' >"$tmp/$3.req"
	gql "$1" "$3" "$tmp/$3.req"
}
article "$alice" "$a_slug" GetArticle
jqok "GetArticle: the PDF item, read as a PDF" \
	".data.article.article | .id == \"$a_item\" and .contentReader == \"PDF\" and .state == \"SUCCEEDED\"" "$tmp/GetArticle.json"
url=$(jq -r '.data.article.article.url' "$tmp/GetArticle.json")
like "its url (pageURLString, what the app downloads): this site's /api/file/ID, signed" \
	"^$B/api/file/$a_item[?]user=[0-9a-f-]+&expires=[0-9]+&sig=[0-9a-f]{64}\$" "$url"
is "its originalArticleUrl: the file's plain address (kept in notes: no expiry)" "$B/api/file/$a_item" \
	"$(jq -r '.data.article.article.originalArticleUrl' "$tmp/GetArticle.json")"
exp=$(printf '%s' "$url" | sed 's/.*expires=\([0-9]*\).*/\1/')
now=$(date +%s)
is "it expires at a UTC midnight, two to three days ahead" "0 yes" \
	"$((exp % 86400)) $([ "$exp" -gt $((now + 2 * 86400)) ] && [ "$exp" -le $((now + 3 * 86400)) ] && echo yes || echo no)"
article "$alice" "$a_slug" again
is "asked again: the same url (a client comparing urls sees no change)" "$url" "$(jq -r '.data.article.article.url' "$tmp/again.json")"

# the download: PSPDFKit's DownloadRequest (and SavedItemQuery.kt's URL.openStream) send no header and no cookie
code=$(curl -s -m 30 -D "$tmp/h" -o "$tmp/got.pdf" -w '%{http_code}' "$url")
is "GET of the url with no credential: 200" 200 "$code"
if cmp -s "$tmp/got.pdf" "$pdf"; then pass "the exact bytes uploaded"; else fail "the exact bytes uploaded"; fi
hdr=$(tr -d '\r' <"$tmp/h")
like "served as a PDF" "^Content-Type: application/pdf$" "$hdr"
like "its length" "^Content-Length: $(wc -c <"$pdf" | tr -d ' ')$" "$hdr"
like "not sniffed" "^X-Content-Type-Options: nosniff$" "$hdr"
like "sandboxed, framed only by our pages" "^Content-Security-Policy: sandbox; default-src 'none'; frame-ancestors 'self'$" "$hdr"
code=$(curl -s -m 30 -I -o "$tmp/head" -w '%{http_code}' "$url")
is "HEAD of it: 200 with the PDF's length" "200 $(wc -c <"$pdf" | tr -d ' ')" \
	"$code $(tr -d '\r' <"$tmp/head" | sed -n 's/^Content-Length: //p')"
code=$(curl -s -m 30 -o "$tmp/dl.pdf" -D "$tmp/hd" -w '%{http_code}' "$url&download=1")
is "with &download=1: an attachment" "200 attachment" "$code $(tr -d '\r' <"$tmp/hd" | sed -n 's/^Content-Disposition: \([a-z]*\);.*/\1/p')"
code=$(curl -s -m 30 -o /dev/null -w '%{http_code}' -H "authorization: $alice" "$B/api/file/$a_item")
is "the token on the plain address still works" 200 "$code"

# ranges URL FILE WHERE: byte ranges of the url (a reader that fetches a PDF in pieces, a download resumed), each
# checked against the same bytes of FILE
ranges() {
	_size=$(wc -c <"$2" | tr -d ' ')
	# range URL RANGE FROM COUNT FILE NAME: 206, the Content-Range and exactly COUNT bytes of FILE from FROM
	range() {
		_code=$(curl -s -m 30 -D "$tmp/rh" -o "$tmp/part" -w '%{http_code}' -H "Range: $2" "$1")
		tail -c +$(($3 + 1)) "$5" | head -c "$4" >"$tmp/want"
		is "$6 ($2): 206 and its Content-Range" "206 bytes $3-$(($3 + $4 - 1))/$_size" \
			"$_code $(tr -d '\r' <"$tmp/rh" | sed -n 's/^Content-Range: //p')"
		if cmp -s "$tmp/part" "$tmp/want"; then pass "  exactly those bytes"; else fail "  exactly those bytes"; fi
	}
	range "$1" bytes=0-3 0 4 "$2" "$3: the first four bytes"
	range "$1" bytes=100- 100 $((_size - 100)) "$2" "$3: from byte 100 to the end"
	range "$1" bytes=-10 $((_size - 10)) 10 "$2" "$3: the last ten"
	range "$1" bytes=$((_size - 5))-$((_size + 1000)) $((_size - 5)) 5 "$2" "$3: a range past the end, cut at it"
	if [ "$_size" -gt 262200 ]; then # across the 256 KiB parts of files_store = database
		range "$1" bytes=262100-262200 262100 101 "$2" "$3: across two parts"
	fi
	_code=$(curl -s -m 30 -D "$tmp/rh" -o "$tmp/r416.json" -w '%{http_code}' -H "Range: bytes=$_size-" "$1")
	is "$3: a range after the last byte: 416 naming the size" "416 bytes */$_size" \
		"$_code $(tr -d '\r' <"$tmp/rh" | sed -n 's/^Content-Range: //p')"
	jqok "  said in JSON" '.errors[0].extensions.code == "RANGE_NOT_SATISFIABLE"' "$tmp/r416.json"
	for _r in bytes=0-1,5-6 bytes=abc items=0-3 bytes=5-2; do
		_code=$(curl -s -m 30 -o "$tmp/whole" -w '%{http_code}' -H "Range: $_r" "$1")
		is "$3: Range: $_r is not one range we serve: the whole file" "200 yes" "$_code $(cmp -s "$tmp/whole" "$2" && echo yes)"
	done
	_code=$(curl -s -m 30 -o "$tmp/whole" -w '%{http_code}' -H 'Range: bytes=0-3' -H 'If-Range: "x"' "$1")
	is "$3: with If-Range (no validator given): the whole file" "200 yes" "$_code $(cmp -s "$tmp/whole" "$2" && echo yes)"
	_code=$(curl -s -m 30 -I -o "$tmp/rh" -w '%{http_code}' -H 'Range: bytes=0-3' "$1")
	is "$3: HEAD with a range: 206 and its length" "206 4" "$_code $(tr -d '\r' <"$tmp/rh" | sed -n 's/^Content-Length: //p')"
}
like "the answer says ranges are served" "^Accept-Ranges: bytes$" "$hdr"
ranges "$url" "$pdf" "files on disk"

# bad links, with no credential: 403 saying why, checked before any lookup
a_user=$(printf '%s' "$url" | sed 's/.*user=\([^&]*\).*/\1/')
b_user=$(db_sql "$db" "SELECT id FROM users WHERE username = 'bob'")
sig=${url##*sig=}
q="user=$a_user&expires=$exp"
flip=$(printf '%s' "$sig" | cut -c1 | tr '0-9a-f' '123456789abcdef0')$(printf '%s' "$sig" | cut -c2-)
# bad NAME PATH-AND-QUERY [WANT-MESSAGE]: no credential, 403 and the message
bad() {
	code=$(curl -s -m 30 -o "$tmp/bad.json" -w '%{http_code}' "$B$2")
	is "$1: 403" 403 "$code"
	jqok "  saying so" ".errors[0].message | test(\"${3:-not valid}\")" "$tmp/bad.json"
}
bad "one hex digit of the signature changed" "/api/file/$a_item?$q&sig=$flip"
bad "the signature cut short" "/api/file/$a_item?$q&sig=${sig%?}"
bad "no user" "/api/file/$a_item?expires=$exp&sig=$sig"
bad "no expiry" "/api/file/$a_item?user=$a_user&sig=$sig"
bad "the expiry moved a day later" "/api/file/$a_item?user=$a_user&expires=$((exp + 86400))&sig=$sig"
bad "the expiry with a leading zero" "/api/file/$a_item?user=$a_user&expires=0$exp&sig=$sig"
bad "a NUL after the user" "/api/file/$a_item?user=$a_user%00x&expires=$exp&sig=$sig"
bad "alice's link for bob's item id" "/api/file/$b_item?$q&sig=$sig"
bad "alice's link with bob's user id" "/api/file/$a_item?user=$b_user&expires=$exp&sig=$sig"
cp "$tmp/bad.json" "$tmp/bad_real.json"
bad "alice's link for an item id nobody has" "/api/file/00000000-0000-4000-8000-000000000000?$q&sig=$sig"
if cmp -s "$tmp/bad.json" "$tmp/bad_real.json"; then
	pass "a forged link gets the same answer whether its item exists or not"
else
	fail "a forged link gets the same answer whether its item exists or not"
fi

# an expired link, signed as the server signs (the secret read from the database, as only its admin can)
secret=$(db_sql "$db" "SELECT value FROM settings WHERE name = 'file_link_key'")
is "(the server's file-link secret: 64 hex digits)" 64 "${#secret}"
hmac() { python3 -c 'import hmac,hashlib,sys; print(hmac.new(sys.argv[1].encode(), sys.argv[2].encode(), hashlib.sha256).hexdigest())' "$@"; }
is "(the test signs as the server does: the same signature for the url's fields)" "$sig" "$(hmac "$secret" "$(printf '%s\n%s\n%s' "$a_user" "$a_item" "$exp")")"
old=$(((now / 86400 - 1) * 86400))
bad "a link whose expiry has passed" "/api/file/$a_item?user=$a_user&expires=$old&sig=$(hmac "$secret" "$(printf '%s\n%s\n%s' "$a_user" "$a_item" "$old")")" \
	"expired: fetch the item again"
expired="$B/api/file/$a_item?user=$a_user&expires=$old&sig=$(hmac "$secret" "$(printf '%s\n%s\n%s' "$a_user" "$a_item" "$old")")"
code=$(curl -s -m 30 -o "$tmp/x.pdf" -w '%{http_code}' -H "Cookie: auth=$alice" "$expired")
is "the expired link with the sign-in's session cookie (as the iOS app sends it): the login decides, the PDF" "200 yes" \
	"$code $(cmp -s "$tmp/x.pdf" "$pdf" && echo yes)"

# bob, with credentials: a bad link is no credential, his own login decides
code=$(curl -s -m 30 -o /dev/null -w '%{http_code}' -H "authorization: $bob" "$B/api/file/$a_item?user=$b_user&expires=$exp&sig=$sig")
is "bob's token with alice's link re-signed for him: 404 (his own login decides: not his item)" 404 "$code"
code=$(curl -s -m 30 -o /dev/null -w '%{http_code}' -H "authorization: $bob" "$B/api/file/$a_item")
is "bob's token on alice's plain address: 404" 404 "$code"
article "$bob" "$(db_sql "$db" "SELECT slug FROM library_items WHERE id = '$b_item'")" bobs
b_url=$(jq -r '.data.article.article.url' "$tmp/bobs.json")
code=$(curl -s -m 30 -o "$tmp/b.pdf" -w '%{http_code}' "$b_url")
is "bob's own url serves his PDF" "200 yes" "$code $(cmp -s "$tmp/b.pdf" "$srcdir/t/data/pdf/sample-50.pdf" && echo yes)"
bad "bob's link for alice's item" "/api/file/$a_item?${b_url#*[?]}"

# the item in the trash, then purged: its link serves nothing
jq -n --arg i "$a_item" '{query: "mutation D($i: ID!) { setBookmarkArticle(input: {articleID: $i, bookmark: false}) { __typename } }", variables: {i: $i}}' >"$tmp/del.req"
gql "$alice" del "$tmp/del.req"
code=$(curl -s -m 30 -o "$tmp/gone.json" -w '%{http_code}' "$url")
is "the item in the trash: its link 404" 404 "$code"
jqok "  saying so" '.errors[0].message | test("no longer in the library")' "$tmp/gone.json"
printf '{"query":"mutation { emptyTrash { __typename } }"}' >"$tmp/empty.req"
gql "$alice" empty "$tmp/empty.req"
jqok "(the trash emptied)" '.data.emptyTrash.__typename == "EmptyTrashSuccess"' "$tmp/empty.json"
code=$(curl -s -m 30 -o /dev/null -w '%{http_code}' "$url")
is "the item purged: its link 404" 404 "$code"
code=$(curl -s -m 30 -o /dev/null -w '%{http_code}' -H "authorization: $alice" "$B/api/file/$a_item")
is "the item purged: its plain address 404 to its owner too (the file's row waits for the hourly sweep)" 404 "$code"
code=$(curl -s -m 30 -o /dev/null -w '%{http_code}' "$b_url")
is "bob's link still works" 200 "$code"

# the same with files_store = database: a second server (its own data_dir and library), the file sent part by part
"$serve" --stop --data "$data" >/dev/null 2>&1
data=$tmp/data2 conf=$tmp/data2/larder.conf
serve_start --set argon2_t_cost=1 --set argon2_memory_kib=64 --set files_store=database
B=http://127.0.0.1:$port
db=${serve_db:-$data/larder.db}
printf 'correct horse battery\n' | "$larder" -c "$conf" user add alice --email alice@example.org --password-file - >/dev/null 2>&1 ||
	bail_out "user add alice failed"
alice=$(sign_in alice)
python3 "$srcdir/t/make-pdf.py" "$tmp/big.pdf" --pages 400
d_item=$(upload "$alice" big "$tmp/big.pdf")
is "(files_store = database: the file is in the database, not on disk)" "0 yes" \
	"$(find "$data" -name '*.pdf' | wc -l | tr -d ' ') $([ "$(db_sql "$db" "SELECT count(*) FROM file_blobs")" -gt 1 ] && echo yes)"
article "$alice" "$(db_sql "$db" "SELECT slug FROM library_items WHERE id = '$d_item'")" dbitem
d_url=$(jq -r '.data.article.article.url' "$tmp/dbitem.json")
code=$(curl -s -m 30 -o "$tmp/d.pdf" -w '%{http_code}' "$d_url")
is "files_store = database: the url with no credential serves the exact bytes" "200 yes" \
	"$code $(cmp -s "$tmp/d.pdf" "$tmp/big.pdf" && echo yes)"
ranges "$d_url" "$tmp/big.pdf" "files in the database"
done_testing
