#!/bin/sh
# epub_export.sh: /api/export?format=epub through nginx + graphql.fcgi: one article, a label and a search as EPUB 3 books that epubcheck passes (mimetype first, stored, no extra field; a chapter per article with its text, hard markup mended), and the refusals: no id or query, another user's item, a search finding nothing or more than 100 articles, a query too long, no credentials (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}

. "$srcdir/t/pg_lib.sh"
for c in nginx spawn-fcgi curl jq python3 java; do
	command -v $c >/dev/null 2>&1 || [ -x /usr/sbin/$c ] || { echo "1..0 # SKIP $c not installed"; exit 0; }
done
jar=/usr/share/java/epubcheck.jar
[ -f "$jar" ] || { echo "1..0 # SKIP epubcheck not installed"; exit 0; }
larder=$builddir/src/cmd/larder
[ -x "$builddir/src/cmd/graphql.fcgi" ] || { echo "Bail out! graphql.fcgi missing or not built"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-epub.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/tap_lib.sh"
serve_start
B=http://127.0.0.1:$port
serve_user_key ka alice
serve_user_key kb bob

gql() {
	jq -n --arg q "$2" --argjson v "${3:-{\}}" '{query: $q, variables: $v}' >"$tmp/req.json"
	curl -s -m 30 -o "$tmp/r.json" -H "authorization: $1" -H 'content-type: application/json' \
		--data-binary "@$tmp/req.json" "$B/api/graphql"
}
SAVE='mutation P($u: String!, $h: String!) { savePage(input: {url: $u, source: "api", clientRequestId: "", originalContent: $h}) { ... on SaveSuccess { clientRequestId } ... on SaveError { message } } }'
# save KEY URL FILE: the item's id in $id
save() {
	gql "$1" "$SAVE" "$(jq -n --arg u "$2" --rawfile h "$3" '{u: $u, h: $h}')"
	id=$(jq -r '.data.savePage.clientRequestId' "$tmp/r.json")
	[ -n "$id" ] && [ "$id" != null ] || bail_out "savePage: $(cat "$tmp/r.json")"
}
page() { # page FILE TITLE TEXT
	printf '<html><head><title>%s</title><meta name="author" content="Ann Wren"></head><body><article><h1>%s</h1><p>%s</p><p>%s</p></article></body></html>' "$2" "$2" "$3" "$3" >"$1"
}
# epub NAME KEY QUERY-STRING: the book in $tmp/NAME.epub, status in $code, headers in $tmp/h
epub() { code=$(curl -s -m 60 -D "$tmp/h" -o "$tmp/$1.epub" -w '%{http_code}' ${2:+-H "authorization: $2"} "$B/api/export?$3"); }
hdr() { grep -i "^$1:" "$tmp/h" | tr -d '\r' | sed 's/^[^:]*: *//'; }
# epubcheck_ok NAME CHECK-NAME: epubcheck passes NAME.epub (its report kept in $tmp/NAME.check). With
# LARDER_TEST_EPUBCHECK=no (t/pg_e2e.sh and `make check-sanitize`, which run this test again on the same C that
# builds the books) epubcheck is not run and the check is skipped: its four runs are most of this test's time.
# The JVM runs with its quick compiler only and one collector thread: a short run spends most of its CPU compiling
# (the test's user CPU went from 82 to 43 s; epubcheck's verdicts are the same).
epubcheck_ok() {
	if [ "${LARDER_TEST_EPUBCHECK:-yes}" = no ]; then skip "$2: epubcheck left to the first run (LARDER_TEST_EPUBCHECK=no)"; return; fi
	java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$jar" "$tmp/$1.epub" >"$tmp/$1.check" 2>&1
	like "$2" 'No errors or warnings detected' "$(cat "$tmp/$1.check")"
}
# the zip's first entry: its name, compression method and extra field length, read from the local header
first() { python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(); s,v,f,m=struct.unpack("<IHHH",d[:10]); n,x=struct.unpack("<HH",d[26:30]); print(d[30:30+n].decode(), m, x, d[30+n+x:30+n+x+20].decode())' "$tmp/$1.epub"; }
chapters() { python3 -c 'import zipfile,sys; print(len([n for n in zipfile.ZipFile(sys.argv[1]).namelist() if n.startswith("EPUB/a")]))' "$tmp/$1.epub"; }
unz() { python3 -c 'import zipfile,sys; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode())' "$tmp/$1.epub" "$2"; }

page "$tmp/p1.html" "Herons at dawn" "Grey herons wait in the reeds at dawn for the first fish of the day."
save "$ka" https://example.com/herons "$tmp/p1.html"
a1=$id
page "$tmp/p2.html" "Egrets in the marsh" "Little egrets stir the mud of the marsh with their yellow feet."
save "$ka" https://example.com/egrets "$tmp/p2.html"
a2=$id
save "$ka" https://example.com/hard "$srcdir/t/data/pages/hard-markup.html"
a3=$id
save "$ka" https://example.com/pelicans "$srcdir/t/data/pages/pelicans.html"
for i in $a1 $a2; do gql "$ka" "mutation { setLabels(input: {pageId: \"$i\", labels: [{name: \"Wading birds\"}]}) { __typename } }"; done

# ---- one article
epub one "$ka" "format=epub&id=$a1"
is "one article: 200" 200 "$code"
is "as application/epub+zip" application/epub+zip "$(hdr content-type)"
is "an attachment named after the article" 'attachment; filename="herons-at-dawn.epub"' "$(hdr content-disposition)"
is "not cached" 'private, no-store' "$(hdr cache-control)"
is "the zip's first entry is mimetype, stored (method 0), no extra field, application/epub+zip" \
	"mimetype 0 0 application/epub+zip" "$(first one)"
epubcheck_ok one "epubcheck passes it"
is "one chapter" 1 "$(chapters one)"
like "holding the article's text" 'Grey herons wait in the reeds' "$(unz one EPUB/a00001.xhtml)"
like "its title" '<h1>Herons at dawn</h1>' "$(unz one EPUB/a00001.xhtml)"
like "its author" 'class="byline">Ann Wren' "$(unz one EPUB/a00001.xhtml)"
like "and its source" 'href="https://example.com/herons"' "$(unz one EPUB/a00001.xhtml)"
like "the package names the book after it" '<dc:title>Herons at dawn</dc:title>' "$(unz one EPUB/package.opf)"
like "the navigation lists it" '<a href="a00001.xhtml">Herons at dawn</a>' "$(unz one EPUB/nav.xhtml)"

# ---- a label, a search, the whole library
epub label "$ka" "format=epub&q=label:%22Wading%20birds%22%20sort:saved-asc"
is "a label: 200" 200 "$code"
is "named after the search" 'attachment; filename="larder-label-wading-birds-sort-saved-asc.epub"' "$(hdr content-disposition)"
is "two chapters" 2 "$(chapters label)"
like "in the search's order" 'Herons at dawn.*Egrets in the marsh' "$(unz label EPUB/nav.xhtml | tr -d '\n')"
epubcheck_ok label "epubcheck passes it"
epub search "$ka" "format=epub&q=egrets"
is "a search: one chapter" 1 "$(chapters search)"
like "the article it finds" 'Little egrets stir the mud' "$(unz search EPUB/a00001.xhtml)"
epub all "$ka" "format=epub&q="
is "an empty query: every article (4)" 4 "$(chapters all)"
epubcheck_ok all "epubcheck passes the whole library, hard markup included"
epub hard "$ka" "format=epub&id=$a3"
x=$(unz hard EPUB/a00001.xhtml)
like "a block in a span keeps its text" 'a div in a span' "$x"
like "stray list parts keep theirs" 'stray item.*stray description' "$(printf '%s' "$x" | tr -d '\n')"
like "an image becomes its text" '\[Image: a heron\]' "$x"
unlike "no img element (an EPUB may not fetch remote files)" '<img' "$x"
unlike "no character XML forbids" "$(printf '\001')" "$x"
like "the link into the article stays" 'href="#user-content-n1"' "$x"
unlike "the link to a missing id goes" 'href="#user-content-missing"' "$x"
is "the duplicate id is written once" 1 "$(printf '%s' "$x" | grep -o 'id="user-content-n1"' | wc -l)"
like "a date HTML takes stays" 'datetime="2024-03-05"' "$x"
unlike "one it does not goes" 'last tuesday' "$x"
like "but not its text" 'Tuesday</time>' "$x"
like "a caption in the middle of a figure keeps its text" 'A caption in the middle.*After the caption' "$(printf '%s' "$x" | tr -d '\n')"
like "a picture becomes its image's text" '\[Image: a picture\]</span></span> in a picture' "$x"
unlike "an attribute of a renamed element goes with its name (details' open)" ' open=' "$x"
like "a late summary keeps its text" 'Before the summary.*A late summary' "$(printf '%s' "$x" | tr -d '\n')"

# ---- refusals
epub none "$ka" "format=epub"
is "neither id nor q: 400" 400 "$code"
like "saying what to give" 'name an item' "$(cat "$tmp/none.epub")"
epub other "$kb" "format=epub&id=$a1"
is "another user's item: 404" 404 "$code"
unlike "and nothing of it" 'Herons' "$(cat "$tmp/other.epub")"
epub other2 "$kb" "format=epub&q=herons"
is "another user's search finds none of alice's: 404" 404 "$code"
epub nomatch "$ka" "format=epub&q=albatross"
is "a search finding nothing: 404" 404 "$code"
epub long "$ka" "format=epub&q=$(printf 'a%.0s' $(seq 1 300))"
is "a query over 255 characters: 400" 400 "$code"
epub nul "$ka" "format=epub&id=%00x"
is "an id holding a NUL: 400" 400 "$code"
epub anon "" "format=epub&id=$a1"
is "no credentials: 401" 401 "$code"
gql "$ka" 'mutation { generateApiKey(input: {name: "reader", expiresAt: "2099-01-01", scopes: ["read"]}) { ... on GenerateApiKeySuccess { apiKey { key } } } }'
epub ro "$(jq -r '.data.generateApiKey.apiKey.key' "$tmp/r.json")" "format=epub&id=$a1"
is "a read-only key may download it" 200 "$code"
# bob's 101 articles, saved by one curl over one connection (a process per save took three quarters of this
# test's time without epubcheck): page() writes each page as a line, one jq makes the bodies (bob.000 … bob.100)
i=0
while [ $i -lt 101 ]; do
	page /dev/stdout "Bob item $i" "Kingfisher number $i dives from its perch."
	echo
	i=$((i + 1))
done | jq -R -n -c --arg q "$SAVE" '[inputs] | to_entries[] | {query: $q, variables: {u: "https://example.com/bob/\(.key)", h: .value}}' |
	split -l 1 -d -a 3 - "$tmp/bob."
for f in "$tmp"/bob.[0-9][0-9][0-9]; do
	printf 'url = "%s"\nheader = "authorization: %s"\nheader = "content-type: application/json"\ndata-binary = "@%s"\noutput = "%s.out"\nnext\n' \
		"$B/api/graphql" "$kb" "$f" "$f"
done >"$tmp/bob.curl"
curl -s -m 300 -K "$tmp/bob.curl"
is "bob's 101 articles saved" 101 "$(cat "$tmp"/bob.*.out | jq -r '.data.savePage.clientRequestId // empty' | grep -c .)"
epub many "$kb" "format=epub&q="
is "a search finding 101 articles: 400" 400 "$code"
like "naming the bound" 'more than 100 articles' "$(cat "$tmp/many.epub")"
epub hundred "$kb" "format=epub&q=kingfisher%20-%22number%20100%22"
is "100 articles: 200" 200 "$code"
is "100 chapters" 100 "$(chapters hundred)"
epubcheck_ok hundred "epubcheck passes it"
done_testing
