#!/bin/sh
# extract_eval.sh: the extraction evaluation's scorer (bench/extract_eval_score.mjs) on hand-made pages with figures worked out by hand, its bad-input errors, and the real `larder extract` scored the same way (TAP).
set -u
: "${top_builddir:=$(pwd)}"
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
. "$srcdir/t/tap_lib.sh"
command -v node >/dev/null 2>&1 || { echo "1..0 # SKIP node missing"; exit 0; }
command -v jq >/dev/null 2>&1 || { echo "1..0 # SKIP jq missing"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-extract-eval.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
score="$srcdir/bench/extract_eval_score.mjs"
data="$srcdir/t/data/extract-eval/data"

node "$score" --json "$data" "$srcdir/t/data/extract-eval/results" >"$tmp/hand.json" 2>"$tmp/err"
is "the scorer runs on the hand-made answers" "0:" "$?:$(cat "$tmp/err")"
# v SET FIELD: the figure, rounded to 4 places
v() { jq -r --arg s "$1" --arg f "$2" '.rows[] | select(.extractor == "hand") | .sets[$s][$f] * 10000 | round / 10000' "$tmp/hand.json"; }

# scrapinghub (4-token shingles, tp/fp/fn normalised per page, P and R averaged, F1 of the means):
#  p1: truth 9 tokens = 6 shingles, ours adds "Share this" = 8 shingles: tp 6, fp 2, fn 0 -> P 6/8, R 1
#  p2: truth "One two three four. Five six" = 3 shingles, ours "One two three four.Five" = 2, both in
#      the truth: tp 2, fp 0, fn 1 -> P 1, R 2/3
#  P = (0.75 + 1) / 2 = 0.875, R = (1 + 2/3) / 2 = 0.8333, F1 = 2PR / (P + R) = 0.8537
is "scrapinghub precision" 0.875 "$(v scrapinghub p)"
is "scrapinghub recall" 0.8333 "$(v scrapinghub r)"
is "scrapinghub F1" 0.8537 "$(v scrapinghub f1)"
# trafilatura (snippets summed over the set): "first sentence here" found (tp; its double space is
# normalised), "second one" missing (fn), "Subscribe" found (fp), "Cookie banner" absent (tn)
is "trafilatura precision" 0.5 "$(v trafilatura p)"
is "trafilatura recall" 0.5 "$(v trafilatura r)"
is "trafilatura F1" 0.5 "$(v trafilatura f1)"
# dragnet (distinct tokens, case kept, per page, averaged): d1 is dragnet's own example, 4 shared
# of our 6 and of the truth's 5: P 2/3, R 4/5, F1 0.7273; d2 has no answer: 0, 0, 0; d3 answers
# "NewYork" where the truth has "New York": 4 shared of our 5 and of the truth's 6: P 4/5, R 4/6,
# F1 0.7273; means P (2/3 + 0 + 4/5) / 3 = 0.4889, R (4/5 + 0 + 4/6) / 3 = 0.4889, F1 0.4848
is "dragnet precision" 0.4889 "$(v dragnet p)"
is "dragnet recall" 0.4889 "$(v dragnet r)"
is "dragnet F1" 0.4848 "$(v dragnet f1)"
# cleaneval (words aligned in order as difflib's SequenceMatcher does): "x a b c y f e" against
# "a b c d e f g h" aligns "a b c" and then one of "f", "e" (not both: they are in the other order),
# 4 words: P 4/7, R 4/8, F1 0.5333 (the bag-of-words rule would have found 5)
is "cleaneval precision" 0.5714 "$(v cleaneval p)"
is "cleaneval recall" 0.5 "$(v cleaneval r)"
is "cleaneval F1" 0.5333 "$(v cleaneval f1)"
# glued pages: p2 runs "four." into "Five" (the truth has "four. Five"); "YouTube" in t1 is no glue;
# d3's "NewYork" is two words of its truth, but the page itself runs them together in one line
# ("New<b>York</b>"), so no block boundary was glued
is "one glued page, in scrapinghub" "1 1 0 0 0" \
	"$(jq -r '.rows[0] | "\(.glued) \(.sets.scrapinghub.glued) \(.sets.trafilatura.glued) \(.sets.dragnet.glued) \(.sets.cleaneval.glued)"' "$tmp/hand.json")"
# the page's own line, as the glue check reads it: tags of blocks, <br> and <img> a space, others nothing,
# scripts gone, C1 controls read as windows-1252 (0x92 a right quote)
is "the glue check's reading of a page" "a Y.W.C.A.’s and NewYork b c" \
	"$(node --input-type=module -e "import { inlineText } from '$score'; process.stdout.write(inlineText('a Y.W.C.A.\u0092s and New<b>York</b><script>x</script><br>b<img src=i>c').replace(/ +/g, ' '))")"
is "pages per CPU second from the .speed files (4 pages in 2 s)" 2 "$(jq -r '.rows[0].pagesPerSec' "$tmp/hand.json")"
is "a set without answers is not scored" null "$(jq -r '.rows[0].sets["l3s-gn1"]' "$tmp/hand.json")"

# the printed tables: F1 a set (the best of each column marked *), pages/s and glued pages; then P / R
node "$score" "$data" "$srcdir/t/data/extract-eval/results" >"$tmp/table" 2>&1
like "the F1 table's columns: the sets with answers" '^extractor +cleaneval +dragnet +scrapinghub +trafilatura +pages/s +glued +pages$' "$(cat "$tmp/table")"
like "the F1 row, each the best of its column" '^hand +\.533\* +\.485\* +\.854\* +\.500\* +2\.0 +1 +7$' "$(cat "$tmp/table")"
like "the P / R row" '^hand +\.571 \.500 +\.489 \.489 +\.875 \.833 +\.500 \.500$' "$(cat "$tmp/table")"
# two extractors: "larder" answers as hand does; "rival" gives scrapinghub's ground truth itself (F1 1)
# and answers nothing elsewhere (not scored there)
mkdir -p "$tmp/two/rival/scrapinghub"
cp -R "$srcdir/t/data/extract-eval/results/hand" "$tmp/two/larder"
cp "$data/scrapinghub/p1.txt" "$data/scrapinghub/p2.txt" "$tmp/two/rival/scrapinghub/"
node "$score" -x larder,rival "$data" "$tmp/two" >"$tmp/table2" 2>"$tmp/err"
is "-x: the rows in its order" "0:larder rival" "$?:$(sed -n '3,4s/ .*//p' "$tmp/table2" | tr '\n' ' ' | sed 's/ $//')"
like "larder's scrapinghub F1 is not marked when rival's is higher" '^larder +\.533\* +\.485\* +\.854 +\.500\* +2\.0 +1 +7$' "$(cat "$tmp/table2")"
like "rival's is marked; no answers is a dash, no speed file no speed" '^rival +- +- +1\.000\* +- +- +0 +2$' "$(cat "$tmp/table2")"
is "where larder stands" "larder: the best F1 on 3 of 4 sets; on scrapinghub rival is ahead (1.000)" "$(tail -n 1 "$tmp/table2")"
# a run still under way (its cache lists p1 only): scored on the pages it has done, and the table says so
printf 'p1 0.5\n' >"$tmp/two/rival/scrapinghub.times"
node "$score" -x rival "$data" "$tmp/two" >"$tmp/table3" 2>"$tmp/err"
like "a run under way: its pages of all" '^rival +1\.000\* +- +0 +1 of 2$' "$?:$(cat "$tmp/table3" "$tmp/err")"
like "and its P / R cell the pages done" '^rival +1\.000 1\.000 \[1\]$' "$(cat "$tmp/table3")"
node "$score" -x larder,nobody "$data" "$tmp/two" >/dev/null 2>"$tmp/err"
is "-x naming an extractor without answers: exit 1, named" "1:extract_eval_score: $tmp/two/nobody: no answers of nobody" "$?:$(cat "$tmp/err")"

# bad input: each a clear error and exit 1
node "$score" "$tmp/none" "$srcdir/t/data/extract-eval/results" >/dev/null 2>"$tmp/err"
is "a missing data folder: exit 1 and its name" "1:extract_eval_score: $tmp/none: no such folder" "$?:$(cat "$tmp/err")"
mkdir -p "$tmp/bad/x" "$tmp/res/e/x"
printf '<p>a</p>' >"$tmp/bad/x/a.html"
node "$score" "$tmp/bad" "$tmp/res" >/dev/null 2>"$tmp/err"
is "a page without ground truth: exit 1, named" "1:extract_eval_score: $tmp/bad/x/a.html has no ground truth (a.txt or a.json)" "$?:$(cat "$tmp/err")"
printf '{"with": "not a list"}' >"$tmp/bad/x/a.json"
node "$score" "$tmp/bad" "$tmp/res" >/dev/null 2>"$tmp/err"
like "snippets that are not lists: exit 1, named" "^1:extract_eval_score: .*/a.json: \"with\" and \"without\" must be lists of strings$" "$?:$(cat "$tmp/err")"
printf '{"with": [' >"$tmp/bad/x/a.json"
node "$score" "$tmp/bad" "$tmp/res" >/dev/null 2>"$tmp/err"
like "snippets that are not JSON: exit 1, named" "^1:extract_eval_score: .*/a.json: not JSON" "$?:$(cat "$tmp/err")"

# the runners' cache (bench/extract_eval_run.mjs, _py.py, _boilerpipe.java, _goose.go): a
# page's text and a line of its CPU time; a second run runs nothing; a page whose time line is gone runs
# again; another version of the extractor empties the cache
J=/usr/share/java
runner() {
	case $1 in
	readability) LARDER_JS_DIR="$srcdir/t/js" node "$srcdir/bench/extract_eval_run.mjs" -o "$2" readability "$data/scrapinghub" "$data/l3s-gn1" ;;
	html-text) /usr/bin/python3 "$srcdir/bench/extract_eval_py.py" -o "$2" html-text "$data/scrapinghub" "$data/l3s-gn1" ;;
	boilerpipe) BOILERPIPE_VERSION=test java -cp "$J/boilerpipe.jar:$J/nekohtml.jar:$J/xercesImpl.jar" \
		"$srcdir/bench/extract_eval_boilerpipe.java" -o "$2" boilerpipe "$data/scrapinghub" "$data/l3s-gn1" ;;
	goose) GOOSE_VERSION=test "$top_builddir/bench/extract_eval_goose" -o "$2" goose "$data/scrapinghub" "$data/l3s-gn1" ;;
	esac
}
make -C "$top_builddir" -s bench/extract_eval_goose >"$tmp/make.log" 2>&1
is "the goose runner builds with Debian's Go packages" "0" "$?"
for x in readability html-text boilerpipe goose; do
	c="$tmp/cache/$x"
	runner "$x" "$c" >"$tmp/out" 2>"$tmp/err"
	like "$x: the first run runs every page" "^0:scrapinghub: 2 pages \\(2 run now, 0 from the cache\\)" "$?:$(cat "$tmp/out" "$tmp/err")"
	is "$x: a time line a page" "p1 p2" "$(cut -d' ' -f1 "$c/scrapinghub.times" | tr '\n' ' ' | sed 's/ $//')"
	like "$x: the speed file sums the pages" '^2 [0-9]+\.[0-9]{6}$' "$(cat "$c/scrapinghub.speed")"
	like "$x: the article's text kept" 'eight months of repairs' "$(cat "$c/l3s-gn1/article.txt")"
	runner "$x" "$c" >"$tmp/out" 2>&1
	like "$x: the second run runs nothing" '^scrapinghub: 2 pages \(0 run now, 2 from the cache\)' "$(cat "$tmp/out")"
	echo "stale" >"$c/l3s-gn1/article.txt"
	: >"$c/l3s-gn1.times"
	runner "$x" "$c" >"$tmp/out" 2>&1
	like "$x: a page without its time line runs again" '^l3s-gn1: 1 pages \(1 run now, 0 from the cache\)' "$(cat "$tmp/out")"
	like "$x: and its text is made anew" 'eight months of repairs' "$(cat "$c/l3s-gn1/article.txt")"
	echo "$x some-other-version" >"$c/VERSION"
	runner "$x" "$c" >"$tmp/out" 2>&1
	like "$x: another version runs every page again" '^scrapinghub: 2 pages \(2 run now, 0 from the cache\)' "$(cat "$tmp/out")"
done
node "$srcdir/bench/extract_eval_run.mjs" readability "$data/l3s-gn1" >/dev/null 2>"$tmp/err"
like "a runner without OUTDIR: exit 2 and its usage" '^2:usage: extract_eval_run.mjs -o OUTDIR ' "$?:$(cat "$tmp/err")"
/usr/bin/python3 "$srcdir/bench/extract_eval_py.py" -o "$tmp/c" nothing "$data/l3s-gn1" >/dev/null 2>"$tmp/err"
like "an unknown Python extractor: exit 2 and its usage" '^2:usage: extract_eval_py.py -o OUTDIR readability-lxml\|html-text ' "$?:$(cat "$tmp/err")"

# the real CLI: `larder extract`'s textContent of a news page, scored by the bag-of-words rule: every
# word of the three paragraphs kept (R = 1), the menu and footer left out (P = 1 but for the headline)
mkdir -p "$tmp/larder/larder/l3s-gn1"
LARDER_CONFIG="$tmp/none.conf" "$top_builddir/src/cmd/larder" extract <"$data/l3s-gn1/article.html" >"$tmp/art.json" 2>"$tmp/err"
is "larder extract runs" "0:" "$?:$(cat "$tmp/err")"
jq -j '.textContent' "$tmp/art.json" >"$tmp/larder/larder/l3s-gn1/article.txt"
node "$score" --json "$data" "$tmp/larder" >"$tmp/larder.json" 2>"$tmp/err"
is "the scorer reads larder's text" "0:" "$?:$(cat "$tmp/err")"
is "larder keeps every word of the article (recall 1)" 1 "$(jq -r '.rows[0].sets["l3s-gn1"].r' "$tmp/larder.json")"
jqok "larder leaves the menu and the footer out (precision over 0.9)" '.rows[0].sets["l3s-gn1"].p > 0.9' "$tmp/larder.json"
unlike "no menu or footer word in larder's text" 'Weather|Copyright' "$(cat "$tmp/larder/larder/l3s-gn1/article.txt")"
done_testing
