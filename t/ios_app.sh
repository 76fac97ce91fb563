#!/bin/sh
# ios_app.sh: a session of Omnivore's iOS app against nginx + auth.fcgi + graphql.fcgi, byte for byte as its source builds the calls (t/data/clients/omnivore-ios, t/ios_app.py): sign-up's tokenless validateUsername, e-mail sign-in, the token check, the library, search, an article and its web page, highlights, labels, archive, moves, progress, sync, a PDF upload, delete and undelete, feeds, newsletter addresses, push calls, each answer decoded as the app's generated decoders do and its values checked; bad input on the new surfaces (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-ios.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"
serve_need nginx spawn-fcgi curl jq python3 "$(db_cli)"
[ -x "$builddir/src/cmd/auth.fcgi" ] || bail_out "auth.fcgi missing or not built"
serve_start --set argon2_t_cost=1 --set argon2_memory_kib=64 --set signup=yes
B=http://127.0.0.1:$port
IOS=$srcdir/t/data/clients/omnivore-ios
printf 'pelican pouch 42\n' | "$larder" -c "$conf" user add alice --email alice@example.org --password-file - >/dev/null 2>&1 ||
	bail_out "user add failed"

# the ids the corpus's variables carry (t/api_clients' seeded page and highlight, an unknown id) and those of this session
ART=6f1c2d7e-1b2a-4c3d-8e9f-0a1b2c3d4e5f HL=0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e GONE=3e8d1c55-2b7a-4f0e-9c61-7d2a4b9e0f13
LABEL=9d6a2f41-0c7b-4e3a-b5d8-61f0e2c4a7b9 IBIS=a1b2c3d4-0001-4e5f-8a9b-0c1d2e3f4a5b
EGRET=a1b2c3d4-0002-4e5f-8a9b-0c1d2e3f4a5b H1=5c0ffee0-1234-4abc-8def-0123456789ab H2=5c0ffee0-1234-4abc-8def-0123456789ac
# the headers every call of the app carries (URLRequest.defaultHeaders, Networker.defaultHeaders)
hdr() {
	curl -s -m 30 -H 'content-type: application/json' -H 'user-agent: Omnivore/1 CFNetwork/1490 Darwin/23.2.0' \
		-H 'app-language: en-GB' -H 'X-OmnivoreClient: ios' -H 'device-language: en' ${token:+-H "authorization: $token"} "$@"
}
# app NAME [OLD=NEW...]: the app's call NAME (its variables' values replaced as given); the answer in $tmp/NAME.json,
# what the app's decoders could not read in $tmp/NAME.dec, the status in $code
app() {
	_n=$1
	shift
	_v=
	[ -f "$IOS/$_n.json" ] && _v=$IOS/$_n.json
	python3 "$srcdir/t/ios_app.py" body "$IOS/$_n.graphql" "$_v" "$@" >"$tmp/$_n.req" || bail_out "building $_n"
	if [ -n "$bare" ]; then # a call sent without the app's headers: SwiftGraphQL's content-type only
		code=$(curl -s -m 30 -H 'Content-Type: application/json' -o "$tmp/$_n.json" -w '%{http_code}' \
			--data-binary "@$tmp/$_n.req" "$B/api/graphql")
	else
		code=$(hdr -o "$tmp/$_n.json" -w '%{http_code}' --data-binary "@$tmp/$_n.req" "$B/api/graphql")
	fi
	python3 "$srcdir/t/ios_app.py" decode "$IOS/$_n.graphql" "$tmp/$_n.json" "$IOS/decode.txt" >"$tmp/$_n.dec" 2>&1
}
# decodes NAME WHAT: one TAP line, the answer to NAME is 200 and the app decodes all of it
decodes() {
	if [ "$code" = 200 ] && [ ! -s "$tmp/$1.dec" ]; then
		pass "$2: the app decodes the answer"
	else
		fail "$2: the app decodes the answer" "status $code" "$(head -c 800 "$tmp/$1.dec")" "$(head -c 400 "$tmp/$1.json")"
	fi
}
# pick NAME FIELD: every value under a key the app aliased from FIELD (FIELD__hash), compact JSON, one a line
pick() { jq -c --arg p "$2__" '.. | objects | to_entries[] | select(.key | startswith($p)) | .value' "$tmp/$1.json" 2>/dev/null; }

# --- sign-up (larder.conf signup = yes): the form asks validateUsername as a name is typed, with no token and none
# of the app's headers (ValidateUsernameQuery.swift), then posts EmailSignUpParams
bare=1 app ValidateUsername
decodes ValidateUsername "validateUsername before signing up, without a token"
is "carol is free" true "$(pick ValidateUsername validateUsername)"
code=$(hdr -o "$tmp/signup.json" -w '%{http_code}' \
	--data-binary '{"email":"carol@example.org","password":"heron stilts 7","username":"carol","name":"Carol"}' \
	"$B/api/mobile-auth/email-sign-up")
is "email-sign-up answers 200 {}" "200 {}" "$code $(jq -c . "$tmp/signup.json")"
bare=1 app ValidateUsername
is "then carol is taken" false "$(pick ValidateUsername validateUsername)"

# --- sign-in as AuthModels.swift's EmailSignInParams encodes it, the token check as Networker does it
code=$(hdr -o "$tmp/signin.json" -D "$tmp/signin.h" -w '%{http_code}' \
	--data-binary '{"email":"alice@example.org","password":"pelican pouch 42"}' "$B/api/mobile-auth/email-sign-in")
token=$(jq -r .authToken "$tmp/signin.json")
is "email-sign-in: 200 and a token" "200 64" "$code ${#token}"
# URLSession.shared keeps a Set-Cookie in its cookie store and sends it with later requests to the host
set_cookie=$(tr -d '\r' <"$tmp/signin.h" | sed -n 's/^[Ss]et-[Cc]ookie: //p')
is "the answer sets the session cookie authCookieString names" "$(jq -r .authCookieString "$tmp/signin.json")" "$set_cookie"
is "GET /api/auth/verify with authorization: TOKEN answers AUTHENTICATED" AUTHENTICATED \
	"$(hdr "$B/api/auth/verify" | jq -r .authStatus)"

app Viewer
decodes Viewer "Viewer (me)"
is "me: alice, her id and username" "\"alice\" \"alice\" 36" \
	"$(pick Viewer name | head -1) $(pick Viewer username) $(pick Viewer id | tr -d '"' | awk '{ print length }')"

# --- the share extension saves a page and a URL
app SavePage
decodes SavePage "savePage from the share extension"
is "the page is saved under the app's clientRequestId" "\"$EGRET\"" "$(pick SavePage clientRequestId)"
app SaveUrl
decodes SaveUrl "saveUrl from the share extension"
is "the URL is saved under its clientRequestId" '"a1b2c3d4-0001-4e5f-8a9b-0c1d2e3f4a5b"' "$(pick SaveUrl clientRequestId)"
# the library's "Add link" sends UUID().uuidString unlowered (LibraryAddLinkView.swift)
app SaveUrl "a1b2c3d4-0001-4e5f-8a9b-0c1d2e3f4a5b=A1B2C3D4-0005-4E5F-8A9B-0C1D2E3F4A5B" 'ibis=spoonbill'
decodes SaveUrl "saveUrl from Add link, an upper-case id"
is "saved, its id answered" "SaveSuccess" "$(jq -r '.data[].__typename' "$tmp/SaveUrl.json")"
is "under the id the app sent" '"A1B2C3D4-0005-4E5F-8A9B-0C1D2E3F4A5B"' "$(pick SaveUrl clientRequestId)"

# --- the library list, search, typeahead
app Search
decodes Search "the library (search ' sort:saved', first 10, includeContent)"
like "the saved page is in it with its title and content" '"Egrets".*white plumes' \
	"$(jq -c --arg id "$EGRET" '[.. | objects | select(to_entries | any(.key | startswith("id__")) and any(.value == $id))] | .[0]' "$tmp/Search.json")"
is "totalCount counts the three saves" 3 "$(pick Search totalCount)"
# paging as LibraryItemFetcher does it: the next page asks after the last endCursor
app Search '"_1u2qnqm375fwf":10="_1u2qnqm375fwf":1'
first_id=$(pick Search id | head -1)
cursor=$(pick Search endCursor)
app Search '"_1u2qnqm375fwf":10="_1u2qnqm375fwf":1' "null=$cursor"
decodes Search "the library's second page (first 1, after the first page's endCursor)"
is "it holds another item, and the same total" "true 3" \
	"$([ "$(pick Search id | head -1)" != "$first_id" ] && [ -n "$first_id" ] && echo true || echo false) $(pick Search totalCount)"
app Search_unread
decodes Search_unread "a filtered search (unread, label, words)"
app SearchItemIDs
decodes SearchItemIDs "the ids pass (first 100, query null)"
is "it lists the three items" 3 "$(pick SearchItemIDs id | grep -c -- -)"
app TypeaheadSearch "peli=egre"
decodes TypeaheadSearch "typeaheadSearch"
is "typeahead finds the page by the start of its title" '"Egrets"' "$(pick TypeaheadSearch title)"

# --- the web page of an article: the app hands WEB/me/SLUG to a browser (WebReaderContainer.swift's handoff) and keeps
# authCookieString for its web views (with "comment=ios-webview-cookie; " put before HttpOnly, AuthModels.swift)
app Search
slug=$(jq -r --arg id "$EGRET" '[.. | objects | select(to_entries | any(.key | startswith("id__")) and any(.value == $id))] | .[0] | to_entries[] | select(.key | startswith("slug__")) | .value' "$tmp/Search.json")
cookie=$(jq -r .authCookieString "$tmp/signin.json" | sed 's/HttpOnly/comment=ios-webview-cookie; HttpOnly/')
like "authCookieString, as the app rewrites it, is still a cookie" '^auth=[0-9a-f]{64}; .*comment=ios-webview-cookie; HttpOnly' "$cookie"
jar="Cookie: ${cookie%%;*}"
code=$(curl -s -m 30 -o "$tmp/page.html" -w '%{http_code}' -H "$jar" "$B/me/$slug")
is "GET WEB/me/SLUG with that cookie: the reader page" "200 1" "$code $(grep -c '<title>Reader' "$tmp/page.html")"
code=$(curl -s -m 30 -o "$tmp/page.json" -w '%{http_code}' -H "$jar" -H "Origin: $B" -H 'content-type: application/json' \
	--data-binary "{\"query\":\"query A(\$s: String!) { article(username: \\\"me\\\", slug: \$s) { ... on ArticleSuccess { article { title } } } }\",\"variables\":{\"s\":\"$slug\"}}" \
	"$B/api/graphql")
is "and the page's own call for the article, with the cookie, answers it" "200 Egrets" "$code $(jq -r .data.article.article.title "$tmp/page.json")"

# --- reading: the article with its content and highlights
app ArticleContent "$ART=$EGRET"
decodes ArticleContent "the article's content (article by id as slug)"
like "its content is the saved page's" 'white plumes' "$(pick ArticleContent content | head -1)"
app Article "$ART=$EGRET"
decodes Article "the article"

# --- highlights and notes
app CreateHighlight "$ART=$EGRET" "throat pouch=white plumes"
decodes CreateHighlight "createHighlight"
is "the highlight is made with the app's id and quote" "\"$H1\" \"white plumes\"" "$(pick CreateHighlight id | head -1) $(pick CreateHighlight quote)"
app CreateHighlight_note "$ART=$EGRET"
decodes CreateHighlight_note "createHighlight of a note (the share extension's: no quote, no patch, type NOTE)"
is "the note is kept as a NOTE with its text" '"NOTE" "Egrets nest in colonies."' \
	"$(pick CreateHighlight_note type) $(pick CreateHighlight_note annotation)"
app UpdateHighlight "$HL=$H1"
decodes UpdateHighlight "updateHighlight (a note)"
is "the note is kept" '"pouch, not bag"' "$(pick UpdateHighlight annotation)"
app MergeHighlight "$ART=$EGRET" "$GONE=$H1"
decodes MergeHighlight "mergeHighlight"
is "the merged highlight replaces the first" "\"$H2\"" "$(pick MergeHighlight id | head -1)"
app ArticleContent "$ART=$EGRET"
is "the article now has the merged highlight and the note" "[\"$H2\",\"5c0ffee0-1234-4abc-8def-0123456789ad\"]" \
	"$(jq -c '[.. | objects | to_entries[] | select(.key | startswith("highlights__")) | .value[] | to_entries[] | select(.key | startswith("id__")) | .value] | unique' "$tmp/ArticleContent.json")"

# --- labels
app CreateLabel
decodes CreateLabel "createLabel"
app SetLabels "$ART=$EGRET"
decodes SetLabels "setLabels (by name, as the app sends them)"
is "the page has both labels" '["Birds","Water"]' "$(pick SetLabels name | jq -sc sort)"
app Labels
decodes Labels "labels"
is "the list has both, with the app's colour" '"#7CFF7B"' "$(jq -c '[.. | objects | select(to_entries | any(.value == "Water"))] | .[0] | to_entries[] | select(.key | startswith("color__")) | .value' "$tmp/Labels.json")"
water=$(jq -r '[.. | objects | select(to_entries | any(.value == "Water"))] | .[0] | to_entries[] | select(.key | startswith("id__")) | .value' "$tmp/Labels.json")
app SetLabelsForHighlight "$HL=$H2" "$LABEL=$water"
decodes SetLabelsForHighlight "setLabelsForHighlight"
is "the highlight is labelled Water" '"Water"' "$(pick SetLabelsForHighlight name)"
app DeleteHighlight "$GONE=$H2"
decodes DeleteHighlight "deleteHighlight"
is "the deleted highlight's id comes back" "\"$H2\"" "$(pick DeleteHighlight id)"
app DeleteLabel "$LABEL=$water"
decodes DeleteLabel "deleteLabel"
is "the deleted label's id comes back" "\"$water\"" "$(pick DeleteLabel id)"
app Labels
is "then only Birds is left" '["Birds"]' "$(pick Labels name | jq -sc .)"

# --- archive, reading progress
app SetLinkArchived "$ART=$EGRET" '"archived":false="archived":true'
decodes SetLinkArchived "setLinkArchived"
is "archived, the page's id answered" "\"$EGRET\"" "$(pick SetLinkArchived linkId)"
app SaveArticleReadingProgress "$ART=$EGRET"
decodes SaveArticleReadingProgress "saveArticleReadingProgress"
like "readAt is set" '^"[0-9]{4}-' "$(pick SaveArticleReadingProgress readAt)"

# --- sync: the first one (since the app's zero date) and one after a delete
app UpdatesSince
decodes UpdatesSince "updatesSince (first sync, since 2001-01-01)"
is "the archived page comes back archived at 42.5%" "true 42.5" \
	"$(jq -c --arg id "$EGRET" '[.. | objects | select(to_entries | any(.key | startswith("id__")) and any(.value == $id)) | to_entries[] | select(.key | startswith("isArchived__") or startswith("readingProgressPercent__")) | .value] | unique | join(" ")' "$tmp/UpdatesSince.json" | tr -d '"')"

# --- a PDF from the share extension: uploadFileRequest, the PUT of its bytes, saveFile
app UploadFileRequest
decodes UploadFileRequest "uploadFileRequest"
upid=$(pick UploadFileRequest uploadFileId | tr -d '"')
uppath=/api/upload/$(pick UploadFileRequest uploadSignedUrl | tr -d '"' | sed 's|.*/api/upload/||')
code=$(curl -s -m 30 -o "$tmp/put.json" -w '%{http_code}' -X PUT -H 'content-type: application/pdf' \
	--data-binary "@$srcdir/t/data/pdf/sample-3.pdf" "$B$uppath")
is "the PUT of the PDF to uploadSignedUrl (as SavePDF.swift sends it)" 200 "$code"
app SaveFile "$GONE=$upid" "a1b2c3d4-0004=a1b2c3d4-0003"
decodes SaveFile "saveFile"
is "the file is saved under the upload's clientRequestId" '"a1b2c3d4-0003-4e5f-8a9b-0c1d2e3f4a5b"' "$(pick SaveFile clientRequestId)"
# reading a PDF item: PDFLoading.swift GETs its url (downloadURL) with nothing but URLSession's cookies
app SearchItemIDs
app Article "$ART=a1b2c3d4-0003-4e5f-8a9b-0c1d2e3f4a5b"
decodes Article "the PDF item"
pdfpath=/$(pick Article url | head -1 | tr -d '"' | sed 's|^[a-z]*://[^/]*/||')
like "its url is this site's /api/file/ID, signed (svc/signlink.h)" \
	'^/api/file/a1b2c3d4-0003-4e5f-8a9b-0c1d2e3f4a5b[?]user=[^&]*&expires=[0-9]*&sig=[0-9a-f]{64}$' "$pdfpath"
code=$(curl -s -m 30 -o "$tmp/got.pdf" -w '%{http_code}' -H "Cookie: ${set_cookie%%;*}" "$B$pdfpath")
is "GET of it with the sign-in's cookie only: the PDF" "200 %PDF" "$code $(head -c 4 "$tmp/got.pdf")"
code=$(curl -s -m 30 -o "$tmp/got2.pdf" -w '%{http_code}' "$B$pdfpath")
is "and without it (the link is signed): the PDF" "200 %PDF" "$code $(head -c 4 "$tmp/got2.pdf")"
code=$(curl -s -m 30 -o /dev/null -w '%{http_code}' -H "Cookie: ${set_cookie%%;*}" "$B${pdfpath%%[?]*}")
is "its plain address with the sign-in's cookie only: 200" 200 "$code"
code=$(curl -s -m 30 -o /dev/null -w '%{http_code}' "$B${pdfpath%%[?]*}")
is "and without it: 401" 401 "$code"

# --- the item's details, its folder, a bulk archive
app UpdatePage "$ART=$EGRET"
decodes UpdatePage "updatePage (title, author, description)"
is "the new title is answered" '"Pelicans"' "$(pick UpdatePage title)"
app MoveToFolder "$ART=$EGRET" '"inbox"="following"'
decodes MoveToFolder "moveToFolder following"
is "moved" true "$(pick MoveToFolder success)"
app MoveToFolder "$ART=$EGRET"
is "and back to the inbox (as the reader does for a feed's item)" true "$(pick MoveToFolder success)"
app MoveToFolder "$ART=$EGRET"
decodes MoveToFolder "moveToFolder to the folder it is in"
is "ALREADY_EXISTS, as Omnivore answers" '["ALREADY_EXISTS"]' "$(pick MoveToFolder errorCodes)"
app BulkAction "$GONE=$IBIS"
decodes BulkAction "bulkAction (archive the selected items)"
is "done" true "$(pick BulkAction success)"

# --- delete, then the sync says so
app SetBookmarkArticle "$GONE=$EGRET"
decodes SetBookmarkArticle "setBookmarkArticle (delete)"
is "the deleted page's id comes back" "\"$EGRET\"" "$(pick SetBookmarkArticle id)"
app UpdatesSince
decodes UpdatesSince "updatesSince after the delete"
is "the sync names the page DELETED" '"DELETED"' \
	"$(jq -c --arg id "$EGRET" '.. | objects | select(to_entries | any(.key | startswith("itemId__")) and any(.value == $id)) | to_entries[] | select(.key | startswith("updateReason__")) | .value' "$tmp/UpdatesSince.json" | sort -u)"

# --- undelete (the app's updatePage with state SUCCEEDED), then empty the trash
app UpdatePage_state "$ART=$EGRET"
decodes UpdatePage_state "updatePage (undelete)"
is "the page is answered by its title" '"Pelicans"' "$(pick UpdatePage_state title)"
app SearchItemIDs
is "it is listed again" 1 "$(pick SearchItemIDs id | grep -c "$EGRET")"
app EmptyTrash
decodes EmptyTrash "emptyTrash"
is "emptied" true "$(pick EmptyTrash success)"

# --- feeds: look for them at a page, subscribe, change, list, unsubscribe
app ScanFeeds 'https:\/\/example.org\/birds\/=http:\/\/127.0.0.1:9\/'
decodes ScanFeeds "scanFeeds (a page with no feed to find)"
app Subscribe
decodes Subscribe "subscribe (a feed URL)"
sub=$(pick Subscribe id | tr -d '"' | head -1)
like "a subscription id" '^[0-9a-f-]{36}$' "$sub"
app UpdateSubscription "$GONE=$sub"
decodes UpdateSubscription "updateSubscription (folder inbox)"
is "its folder is inbox now" '"inbox"' "$(pick UpdateSubscription folder)"
app Subscriptions
decodes Subscriptions "subscriptions"
is "the list has it" "\"$sub\"" "$(pick Subscriptions id)"
app Unsubscribe "$GONE=$sub"
decodes Unsubscribe "unsubscribe"
is "its id comes back" "\"$sub\"" "$(pick Unsubscribe id)"

# --- newsletter addresses, push notifications and features (not offered: refusals the app reads)
app CreateNewsletterEmail
decodes CreateNewsletterEmail "createNewsletterEmail"
app NewsletterEmails
decodes NewsletterEmails "newsletterEmails"
is "one address, the one made" "$(pick CreateNewsletterEmail address)" "$(pick NewsletterEmails address)"
app SetDeviceToken
decodes SetDeviceToken "setDeviceToken"
is "push notifications are refused" '["BAD_REQUEST"]' "$(pick SetDeviceToken errorCodes)"
app DeviceTokens
decodes DeviceTokens "deviceTokens"
is "no devices" '[]' "$(pick DeviceTokens deviceTokens | tail -1)"
app OptInFeature
decodes OptInFeature "optInFeature (ai-digest)"

# --- bad input on these calls: a name too long to be one, push calls without credentials or with a huge token
name=$(head -c 300 /dev/zero | tr '\0' 'n')
bare=1 app ValidateUsername "carol=$name"
is "validateUsername of a 300-character name, tokenless: false" false "$(pick ValidateUsername validateUsername)"
token_was=$token token=
app SetDeviceToken
is "setDeviceToken without credentials: UNAUTHORIZED" '["UNAUTHORIZED"]' "$(pick SetDeviceToken errorCodes)"
app DeviceTokens
is "deviceTokens without credentials: UNAUTHORIZED" '["UNAUTHORIZED"]' "$(pick DeviceTokens errorCodes)"
token=$token_was
big=$(head -c 60000 /dev/zero | tr '\0' 'f')
app SetDeviceToken "740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad=$big"
is "setDeviceToken with a 60 KB token: refused as any other" "200 [\"BAD_REQUEST\"]" "$code $(pick SetDeviceToken errorCodes)"

# --- the rest of a normal session: saved searches, feeds, personalisation
# filters_read: the Filter objects of the last Filters answer as "name filter folder position<10", joined by "|"
filters_read() {
	jq -r '[.. | objects | select(.__typename == "Filter") | [(to_entries[] | select(.key | startswith("name__")) | .value),
		(to_entries[] | select(.key | startswith("filter__")) | .value),
		((to_entries[] | select(.key | startswith("folder__")) | .value) // "inbox"),
		(to_entries[] | select(.key | startswith("position__")) | .value < 10)] | map(tostring) | join(" ")] | join("|")' "$tmp/Filters.json"
}
app Filters
decodes Filters "filters"
is "a new account has Omnivore's eight saved searches, which the app reads in the inbox folder (folder null or inbox), before its own (position under 10)" \
	'Inbox in:inbox inbox true|Continue Reading in:inbox sort:read-desc is:reading inbox true|Non-Feed Items no:subscription inbox true|Highlights in:all has:highlights mode:highlights inbox true|Unlabeled no:label inbox true|Oldest First sort:saved-asc inbox true|Files type:file inbox true|Archived in:archive inbox true' \
	"$(filters_read)"
# one saved in Larder's library page (its saveFilter) joins them, after the last
curl -s -m 30 -o "$tmp/sf.json" -H 'content-type: application/json' -H "Origin: $B" -H "$jar" --data-binary \
	'{"query":"mutation S($input: SaveFilterInput!) { saveFilter(input: $input) { __typename } }","variables":{"input":{"name":"Long reads","filter":"wordsCount:>3000"}}}' \
	"$B/api/graphql" >/dev/null
app Filters
decodes Filters "filters, one more saved"
is "the one saved in the library page comes after the eight" "Long reads wordsCount:>3000 inbox true" "$(filters_read | tr '|' '\n' | tail -n 1)"
app SetUserPersonalization
decodes SetUserPersonalization "setUserPersonalization (digest channels)"

# --- the decoding check itself refuses what the app would not read: an enum value it lacks, a date without
# milliseconds, a missing non-null field, a key it did not ask for
# set KEY VALUE: a jq program giving every key the app aliased from KEY that value
set_all() { printf 'walk(if type == "object" then with_entries(if (.key | startswith("%s__")) then .value = %s else . end) else . end)' "$1" "$2"; }
for bad in "$(set_all type '"SCRIBBLE"')" "$(set_all createdAt '"2024-05-01T12:00:00Z"')" "$(set_all shortId null)" \
	'.data[] += {"extra__1": 1}'; do
	jq "$bad" "$tmp/UpdateHighlight.json" >"$tmp/Doctored.json" || bail_out "jq $bad"
	if python3 "$srcdir/t/ios_app.py" decode "$IOS/UpdateHighlight.graphql" "$tmp/Doctored.json" "$IOS/decode.txt" >"$tmp/doctored.dec"; then
		fail "the check refuses an answer changed by $bad"
	else
		pass "the decoding check refuses a doctored answer: $(head -1 "$tmp/doctored.dec" | sed 's/.*: //')"
	fi
done

if grep -q -e 'Sanitizer' -e 'runtime error' "$data"/logs/*.log 2>/dev/null; then
	fail "no sanitizer report in the logs" "$(grep -h -m 5 -e 'Sanitizer' -e 'runtime error' "$data"/logs/*.log)"
else
	pass "no sanitizer report in the logs"
fi
done_testing
