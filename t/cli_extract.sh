#!/bin/sh
# cli_extract.sh: `larder extract`: JSON on stdout for a page on stdin, charset decoding, no configuration needed, usage errors.
set -u
: "${top_builddir:=$(pwd)}"
LARDER="$top_builddir/src/cmd/larder"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-extract.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/t/tap_lib.sh"

# extract FILE ARGS...: sets rc, out, err
# LARDER_TEST_WRAP (see t/cgi_lib.sh) goes in front of each run; wrapped fails a run it reported on
WRAP=${LARDER_TEST_WRAP:-}
wrapped() {
	[ -n "$WRAP" ] || return 0
	if [ "$rc" -eq 97 ] || grep -Eq '^==[0-9]+== ' "$tmp/err"; then
		fail "$WRAP: no memory error or leak in larder extract $*" "exit $rc" "$(grep -E '^==[0-9]+== ' "$tmp/err" | head -n 30)"
	fi
}
extract() { f=$1; shift; $WRAP "$LARDER" extract "$@" <"$f" >"$tmp/out" 2>"$tmp/err"; rc=$?; wrapped "$f"; out=$(cat "$tmp/out"); err=$(cat "$tmp/err"); }

# no configuration anywhere: extract must not look for one
export LARDER_CONFIG="$tmp/does-not-exist.conf"
HOME=$tmp; export HOME

cat >"$tmp/page.html" <<'HTML'
<!DOCTYPE html><html lang="fr"><head><title>Le conseil vote le budget de la ville | Journal</title>
<meta property="og:image" content="/img/une.jpg"><meta name="author" content="Marie Curie">
<meta property="article:published_time" content="2024-05-02T09:00:00Z"></head><body>
<nav class="menu">Accueil NAVWORDS</nav><article>
<p>Le conseil municipal s'est réuni mardi pour discuter du nouveau budget, qui comprend des fonds pour les routes, les écoles et la bibliothèque.</p>
<p>Les habitants présents se sont dits satisfaits, même si certains s'inquiètent des impôts, des taxes et du coût de la vie en général.</p>
<p>Les observateurs ont noté que le vote était serré, plusieurs membres ayant changé d'avis à la dernière minute, après un <a href="/debat">long débat</a>.</p>
</article><footer>FOOTWORDS</footer></body></html>
HTML
extract "$tmp/page.html" https://journal.example/ville/budget.html
is "exit 0" 0 "$rc"
is "nothing on stderr" "" "$err"
like "title cleaned" '"title":"Le conseil vote le budget de la ville"' "$out"
like "byline" '"byline":"Marie Curie"' "$out"
like "image made absolute" '"image":"https://journal.example/img/une.jpg"' "$out"
like "published time" '"publishedTime":"2024-05-02T09:00:00Z"' "$out"
like "language" '"language":"fr"' "$out"
like "link made absolute" 'href=\\"https://journal.example/debat\\"' "$out"
like "text content" '"textContent":"[^"]*dernière minute' "$out"
unlike "navigation dropped" 'NAVWORDS' "$out"
unlike "footer dropped" 'FOOTWORDS' "$out"
like "words counted" '"wordsCount":[0-9]+' "$out"
like "the keys, in order" '^\{"title":.*"byline":.*"content":.*"textContent":.*"excerpt":.*"siteName":.*"image":.*"publishedTime":.*"language":.*"wordsCount":' "$out"
is "one line of output" 1 "$(wc -l <"$tmp/out" | tr -d ' ')"
if command -v node >/dev/null 2>&1; then
	node -e 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))' "$tmp/out" 2>/dev/null
	is "the output is JSON" 0 $?
fi

# no URL: links stay as written
extract "$tmp/page.html"
like "without URL, relative links stay" 'href=\\"/debat\\"' "$out"

# blocks written with nothing between them: their words stay apart (a line each), inline runs stay joined
printf '<html><body><article><div><p>%s premier paragraphe finit ici.</p><p>Suivant <b>gras</b>sans<em>espace</em> et %s</p><ul><li>un</li><li>deux</li></ul></div></article></body></html>' \
	"$(printf 'mot %.0s' $(seq 40))" "$(printf 'fin %.0s' $(seq 40))" >"$tmp/glued.html"
extract "$tmp/glued.html"
like "blocks apart: paragraph" '"textContent":"[^"]*ici\.\\nSuivant grassansespace' "$out"
like "blocks apart: list items" 'fin\\nun\\ndeux"' "$out"
unlike "no words run together" 'ici\.Suivant' "$out"

# charset: a windows-1252 page declared by <meta>, and an undeclared UTF-8 page
printf '<html><head><meta charset="windows-1252"><title>Caf\351 cr\350me et g\342teaux du matin</title></head><body><p>x</p></body></html>' >"$tmp/latin.html"
extract "$tmp/latin.html"
like "windows-1252 decoded" '"title":"Café crème et gâteaux du matin"' "$out"
printf '<title>Caf\303\251 cr\303\250me et g\303\242teaux du matin</title><p>x</p>' >"$tmp/utf8.html"
extract "$tmp/utf8.html"
like "undeclared valid UTF-8 read as UTF-8" '"title":"Café crème et gâteaux du matin"' "$out"

# empty and junk input: still one JSON object, unknown values null
: >"$tmp/empty.html"
extract "$tmp/empty.html"
is "empty page: exit 0" 0 "$rc"
like "empty page: nulls" '"title":null.*"content":null.*"wordsCount":null' "$out"
head -c 20000 /dev/urandom >"$tmp/junk.html" 2>/dev/null || dd if=/dev/urandom of="$tmp/junk.html" bs=1000 count=20 2>/dev/null
extract "$tmp/junk.html" http://x.example/
is "binary junk: exit 0" 0 "$rc"

# usage
extract "$tmp/page.html" --frob
is "unknown option: exit 2" 2 "$rc"
like "usage line" 'usage: larder extract' "$err"
extract "$tmp/page.html" http://a.example/ http://b.example/
is "two URLs: exit 2" 2 "$rc"
"$LARDER" --help >"$tmp/out" 2>&1
like "--help lists extract" 'larder extract \[URL\]' "$(cat "$tmp/out")"

done_testing
