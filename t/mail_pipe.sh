#!/bin/sh
# mail_pipe.sh: newsletters end to end: addresses made through GraphQL over nginx, the sample mails of t/data/mail piped into `larder mail` as an MTA would, the items in search (author, site, sanitized), confirmations apart in recentEmails, and the refusals with their exit statuses (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-mail.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"
serve_need nginx spawn-fcgi curl jq "$(db_cli)"
mails=$srcdir/t/data/mail
PLACEHOLDER=reader-abcd1234@mail.example.test

serve_start --set argon2_t_cost=1 --set argon2_memory_kib=64 --set fetch_in_web=no \
	--set mail_domain=mail.example.test --set newsletter_emails_per_user=3
G=http://127.0.0.1:$port/api/graphql
db=${serve_db:-$data/larder.db}
printf 'pw\n' | "$larder" -c "$conf" user add mal --email mal@example.org --password-file - >/dev/null 2>&1 ||
	bail_out "user add failed"
key=$("$larder" -c "$conf" key create mal --name main 2>/dev/null) || bail_out "key create failed"

tap_context() { printf 'body: %s\nstderr: %s\n' "${body-}" "$(cat "$tmp/err" 2>/dev/null)"; }
jqr() { printf '%s' "$body" | jq -r "$1" 2>/dev/null || echo JQ-ERROR; }
# gq QUERY [KEY]: POST the query over nginx (with the key, "" for none); the answer in $body
gq() {
	if [ $# -ge 2 ]; then _auth="x-no-key: 1"; else _auth="authorization: $key"; fi
	body=$(curl -s -m 20 -H "$_auth" -H 'content-type: application/json' \
		--data "$(jq -cn --arg q "$1" '{query: $q}')" "$G")
}
# mail FILE TO [larder mail options]: the sample with its recipient replaced by TO, piped into `larder mail`;
# the exit status in $st, standard error in $tmp/err
mail() {
	_f=$1 _to=$2
	shift 2
	sed "s/$PLACEHOLDER/$_to/g" "$mails/$_f" | "$larder" -c "$conf" mail "$@" >/dev/null 2>"$tmp/err"
	st=$?
}
rows() { db_sql "$db" "SELECT (SELECT count(*) FROM library_items) || ' ' || (SELECT count(*) FROM received_emails)"; }

CREATE='mutation { createNewsletterEmail(input: {name: "Pantry", description: "food letters"}) { __typename ... on CreateNewsletterEmailSuccess { newsletterEmail { id address name description folder confirmationCode subscriptionCount createdAt } } ... on CreateNewsletterEmailError { errorCodes message } } }'
gq "$CREATE"
like "createNewsletterEmail: mal-xxxxxxxx at mail_domain" \
	'^CreateNewsletterEmailSuccess\|mal-[a-z0-9]{8}@mail\.example\.test\|Pantry\|food letters\|inbox\|null\|0\|true$' \
	"$(jqr '.data.createNewsletterEmail as $r | $r.newsletterEmail | [$r.__typename, .address, .name, .description, .folder, .confirmationCode, .subscriptionCount, (.createdAt != null)] | map(tostring) | join("|")')"
addr=$(jqr '.data.createNewsletterEmail.newsletterEmail.address')
nid=$(jqr '.data.createNewsletterEmail.newsletterEmail.id')
gq '{ newsletterEmails { ... on NewsletterEmailsSuccess { newsletterEmails { id address } } } }'
is "newsletterEmails lists it" "$nid $addr" "$(jqr '.data.newsletterEmails.newsletterEmails[] | "\(.id) \(.address)"')"

before=$(rows)
mail alternative.eml "$addr"
is "a multipart/alternative newsletter: delivered (0)" 0 "$st"
like "  saying where it went" "^larder mail: saved for $addr as item " "$(cat "$tmp/err")"
gq '{ search(query: "fermenting", first: 5) { ... on SearchSuccess { edges { node { title author siteName subscription folder content } } } } }'
is "the item in search with the sender as author and the newsletter as site" \
	"The Weekly Pantry #12: fermenting everything|Jane Writer|The Weekly Pantry|The Weekly Pantry|inbox" \
	"$(jqr '.data.search.edges[0].node | [.title, .author, .siteName, .subscription, .folder] | join("|")')"
content=$(jqr '.data.search.edges[0].node.content')
like "  with the newsletter's text" "Fermenting everything.*Sauerkraut needs only two ingredients" "$content"
unlike "  its <script> gone" "<script|alert\\(" "$content"
unlike "  its onclick gone" "onclick|steal\\(" "$content"
mail alternative.eml "$addr"
is "the same Message-ID again: accepted (0)" 0 "$st"
like "  as a duplicate" "delivered before" "$(cat "$tmp/err")"
gq '{ search(query: "fermenting") { ... on SearchSuccess { edges { cursor } } } }'
is "  still one item" 1 "$(jqr '.data.search.edges | length')"

gq '{ subscriptions(type: NEWSLETTER) { ... on SubscriptionsSuccess { subscriptions { name type url status } } } }'
is "subscriptions(type: NEWSLETTER): the sender's" "The Weekly Pantry|NEWSLETTER|mailto:jane@news.example.org|ACTIVE" \
	"$(jqr '.data.subscriptions.subscriptions[] | [.name, .type, .url, .status] | join("|")')"
gq '{ subscriptions(type: NEWSLETTER) { ... on SubscriptionsSuccess { subscriptions { newsletterEmail count unsubscribeMailTo unsubscribeHttpUrl } } } }'
is "  its address, its one item, its unsubscribe links" \
	"$addr|1|unsubscribe@news.example.org?subject=pantry|$(sed -n 's/.*<\(https:[^>]*\)>.*/\1/p' "$srcdir/t/data/mail/alternative.eml" | head -n 1)" \
	"$(jqr '.data.subscriptions.subscriptions[] | [.newsletterEmail, .count, .unsubscribeMailTo, .unsubscribeHttpUrl] | join("|")')"
gq '{ subscriptions(type: RSS) { ... on SubscriptionsSuccess { subscriptions { name } } } }'
is "subscriptions(type: RSS): none" 0 "$(jqr '.data.subscriptions.subscriptions | length')"
gq '{ newsletterEmails { ... on NewsletterEmailsSuccess { newsletterEmails { subscriptionCount } } } }'
is "the address counts one subscription" 1 "$(jqr '.data.newsletterEmails.newsletterEmails[0].subscriptionCount')"

mail confirm-gmail.eml "$addr"
is "Gmail's forwarding confirmation: accepted (0)" 0 "$st"
like "  kept apart with its code" "confirmation mail for .*: code 123456789" "$(cat "$tmp/err")"
mail confirm-substack.eml "$addr"
is "a confirm-your-subscription mail: accepted (0)" 0 "$st"
gq '{ recentEmails { ... on RecentEmailsSuccess { recentEmails { type subject from to } } } }'
is "recentEmails: the confirmations and the newsletter" \
	"CONFIRMATION|CONFIRMATION|NEWSLETTER" "$(jqr '[.data.recentEmails.recentEmails[].type] | sort | join("|")')"
is "  the Gmail one with its sender and recipient" \
	"Gmail Team <forwarding-noreply@google.com>|$addr" \
	"$(jqr '.data.recentEmails.recentEmails[] | select(.subject | test("Gmail")) | [.from, .to] | join("|")')"
gq '{ search(query: "Forwarding") { ... on SearchSuccess { edges { cursor } } } }'
is "  no item made of a confirmation" 0 "$(jqr '.data.search.edges | length')"
gq '{ newsletterEmails { ... on NewsletterEmailsSuccess { newsletterEmails { confirmationCode } } } }'
is "  the forwarding code kept on the address" 123456789 "$(jqr '.data.newsletterEmails.newsletterEmails[0].confirmationCode')"
gq '{ recentEmails { ... on RecentEmailsSuccess { recentEmails { id subject } } } }'
cid=$(jqr '.data.recentEmails.recentEmails[] | select(.subject | test("Gmail")) | .id')
MARK="mutation { markEmailAsItem(recentEmailId: \"$cid\") { __typename ... on MarkEmailAsItemSuccess { success } ... on MarkEmailAsItemError { errorCodes message } } }"
gq "$MARK"
is "markEmailAsItem makes the confirmation an item" "MarkEmailAsItemSuccess true" "$(jqr '.data.markEmailAsItem | "\(.__typename) \(.success)"')"
gq '{ search(query: "Forwarding") { ... on SearchSuccess { edges { node { author content } } } } }'
is "  found in search with its sender as author" "Gmail Team <forwarding-noreply@google.com>" "$(jqr '.data.search.edges[0].node.author')"
like "  and its text" "Confirmation code: 123456789" "$(jqr '.data.search.edges[0].node.content')"
gq "$MARK"
is "markEmailAsItem again: success" true "$(jqr '.data.markEmailAsItem.success')"
gq '{ search(query: "Forwarding") { ... on SearchSuccess { edges { cursor } } } }'
is "  still one item" 1 "$(jqr '.data.search.edges | length')"
gq 'mutation { markEmailAsItem(recentEmailId: "nope") { ... on MarkEmailAsItemError { errorCodes } } }'
is "markEmailAsItem of another id: NOT_FOUND" NOT_FOUND "$(jqr '.data.markEmailAsItem.errorCodes[0]')"

mail text-only.eml "someone@elsewhere.example" --recipient "$addr"
is "a text-only mail to the envelope recipient given by --recipient: delivered" 0 "$st"
gq '{ search(query: "\"Plain letter\"") { ... on SearchSuccess { edges { node { author content } } } } }'
is "  the bare sender address as author" "plain@text.example.com" "$(jqr '.data.search.edges[0].node.author')"
content=$(jqr '.data.search.edges[0].node.content')
like "  its text in escaped paragraphs" "&lt;script&gt;alert\\(1\\)&lt;/script&gt;" "$content"
unlike "  no script element" "<script" "$content"

before=$(rows)
mail alternative.eml "nobody-zzzzzzzz@mail.example.test"
is "an unknown address: EX_NOUSER (67)" 67 "$st"
like "  saying so" "no recipient of this message is a newsletter address here" "$(cat "$tmp/err")"
is "  nothing written" "$before" "$(rows)"
mail broken.eml "$addr" --recipient "$addr"
is "bad MIME: EX_DATAERR (65)" 65 "$st"
like "  saying why" "not a mail message" "$(cat "$tmp/err")"
mail no-from.eml "$addr"
is "no sender: EX_DATAERR (65)" 65 "$st"
is "  nothing written" "$before" "$(rows)"
cp "$conf" "$tmp/small.conf"
echo "mail_max_bytes = 1K" >>"$tmp/small.conf"
mail alternative.eml "$addr" --config "$tmp/small.conf"
is "over mail_max_bytes (--config after mail): EX_UNAVAILABLE (69)" 69 "$st"
like "  naming the key" "larger than 1024 bytes \\(mail_max_bytes\\)" "$(cat "$tmp/err")"
printf 'database = %s/missing/x.db\n' "$tmp" >"$tmp/nodb.conf"
mail alternative.eml "$addr" --config "$tmp/nodb.conf"
is "no database: EX_TEMPFAIL (75), the MTA tries again" 75 "$st"
"$larder" -c "$conf" mail --colour >/dev/null 2>"$tmp/err" </dev/null
is "an unknown option: EX_USAGE (64)" 64 "$?"
is "  nothing written by any of them" "$before" "$(rows)"

# the GraphQL calls' refusals
gq 'mutation { createNewsletterEmail(input: {folder: "archive"}) { ... on CreateNewsletterEmailError { errorCodes message } } }'
is "createNewsletterEmail in another folder: BAD_REQUEST" "BAD_REQUEST|folder must be inbox or following" \
	"$(jqr '.data.createNewsletterEmail | [.errorCodes[0], .message] | join("|")')"
long=$(head -c 401 /dev/zero | tr '\0' x)
gq "mutation { createNewsletterEmail(input: {name: \"$long\"}) { ... on CreateNewsletterEmailError { errorCodes message } } }"
is "a name over 400 bytes: BAD_REQUEST" "BAD_REQUEST|name is longer than 400 bytes" \
	"$(jqr '.data.createNewsletterEmail | [.errorCodes[0], .message] | join("|")')"
gq "$CREATE" ""
is "createNewsletterEmail without a key: UNAUTHORIZED" UNAUTHORIZED "$(jqr '.data.createNewsletterEmail.errorCodes[0]')"
gq '{ recentEmails { ... on RecentEmailsError { errorCodes } } }' ""
is "recentEmails without a key: UNAUTHORIZED" UNAUTHORIZED "$(jqr '.data.recentEmails.errorCodes[0]')"
gq "$CREATE"
gq "$CREATE"
is "a third address (newsletter_emails_per_user = 3)" CreateNewsletterEmailSuccess "$(jqr '.data.createNewsletterEmail.__typename')"
gq "$CREATE"
is "a fourth: refused naming the key" \
	"BAD_REQUEST|you have 3 newsletter addresses, the most this server allows (newsletter_emails_per_user)" \
	"$(jqr '.data.createNewsletterEmail | [.errorCodes[0], .message] | join("|")')"
# ---- a 9 MB Subject (issue 20): the item's title and the received mail's subject are cut to LIMIT_TITLE
# (1000 characters); the owner's recentEmails and search still answer ----
{
	printf 'From: "Jane Writer" <jane@news.example.org>\nTo: %s\nDate: Tue, 24 Nov 2026 08:00:00 +0000\n' "$addr"
	printf 'Message-ID: <huge-subject@news.example.org>\nMIME-Version: 1.0\n'
	printf 'Content-Type: text/html; charset=utf-8\nSubject: '
	head -c 9000000 /dev/zero | tr '\0' 'g'
	printf '\n\n<p>A letter whose subject is long.</p>\n'
} >"$tmp/huge.eml"
is "the 9 MB-subject mail is under mail_max_bytes (10M)" 1 "$([ "$(wc -c <"$tmp/huge.eml")" -lt 10485760 ] && echo 1)"
"$larder" -c "$conf" mail <"$tmp/huge.eml" >/dev/null 2>"$tmp/err"
is "a mail with a 9 MB Subject is taken (exit 0)" 0 "$?"
is "its item's title is cut to 1000 characters" 1000 \
	"$(db_sql "$db" "SELECT length(title) FROM library_items WHERE title LIKE 'ggg%'")"
is "the received mail's subject too" 1000 "$(db_sql "$db" "SELECT length(subject) FROM received_emails WHERE subject LIKE 'ggg%'")"
gq '{ recentEmails { __typename ... on RecentEmailsSuccess { recentEmails { subject } } } }'
is "recentEmails answers, the subject cut" "RecentEmailsSuccess 1000" \
	"$(jqr '.data.recentEmails.__typename + " " + ([.data.recentEmails.recentEmails[] | select(.subject | startswith("ggg")) | .subject | length] | map(tostring) | join(","))')"
gq '{ search(query: "") { __typename ... on SearchSuccess { edges { node { title } } } } }'
is "search answers, the title cut" "SearchSuccess 1000" \
	"$(jqr '.data.search.__typename + " " + ([.data.search.edges[].node.title | select(startswith("ggg")) | length] | map(tostring) | join(","))')"

# items_per_user reached: the mail is kept (recentEmails) without an item, and `larder mail` says why
items_before=$(db_sql "$db" "SELECT count(*) FROM library_items")
cp "$conf" "$tmp/quota.conf"
echo "items_per_user = $items_before" >>"$tmp/quota.conf"
sed -e 's/^Message-ID: .*/Message-ID: <over-quota@news.example.org>/' -e "s/$PLACEHOLDER/$addr/g" "$mails/alternative.eml" |
	"$larder" -c "$tmp/quota.conf" mail >/dev/null 2>"$tmp/err"
is "a newsletter past items_per_user: taken (exit 0)" 0 "$?"
like "its message names the key" 'kept as a received mail for .*, but no item was made: items_per_user \('"$items_before"'\) reached' "$(cat "$tmp/err")"
is "no item made" "$items_before" "$(db_sql "$db" "SELECT count(*) FROM library_items")"
is "the mail kept without an item" "1|0" \
	"$(db_sql "$db" "SELECT count(*) || '|' || count(item_id) FROM received_emails WHERE message_id LIKE '%over-quota%'")"

gq 'mutation { deleteNewsletterEmail(newsletterEmailId: "no-such-id") { ... on DeleteNewsletterEmailError { errorCodes } } }'
is "deleteNewsletterEmail of an unknown id: NOT_FOUND" NOT_FOUND "$(jqr '.data.deleteNewsletterEmail.errorCodes[0]')"
gq "mutation { deleteNewsletterEmail(newsletterEmailId: \"$nid\") { ... on DeleteNewsletterEmailSuccess { newsletterEmail { address } } } }"
is "deleteNewsletterEmail" "$addr" "$(jqr '.data.deleteNewsletterEmail.newsletterEmail.address')"
mail base64.eml "$addr"
is "a mail to the deleted address: EX_NOUSER (67)" 67 "$st"
gq '{ search(query: "fermenting") { ... on SearchSuccess { edges { node { title } } } } }'
is "its items stay" 1 "$(jqr '.data.search.edges | length')"
done_testing
