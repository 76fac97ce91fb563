#!/bin/sh
# layers.sh: the rules of src/README.md that a script can check: includes only of the same or a lower layer (and inside content, of the same or a lower sub-area), each system library in its own layer, a first-line comment in every file, no function over 120 lines, and no web program linking the fetcher, MIME or PDF reader (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
. "$srcdir/t/tap_lib.sh"
cd "$srcdir/src" || bail_out "no src folder in $srcdir"

# the layers each layer may include (itself first); a layer not named here is an error
allowed() {
	case $1 in
	util) echo "util" ;;
	gql) echo "gql util" ;;
	store) echo "store util" ;;
	content) echo "content util" ;;
	svc) echo "svc store content util" ;;
	api) echo "api svc gql store content util" ;;
	web) echo "web api svc gql store content util" ;;
	cmd) echo "cmd web api svc gql store content util" ;;
	esac
}

for dir in */; do
	layer=${dir%/}
	ok_layers=$(allowed "$layer")
	if [ -z "$ok_layers" ]; then
		fail "src/$layer is a layer src/README.md and this test know"
		continue
	fi
	# every project include "LAYER/file.h" of every file of the layer, as "file LAYER"
	bad=$(grep -Ho '^#include "[a-z]*/' "$layer"/*.c "$layer"/*.h "$layer"/*/*.c "$layer"/*/*.h 2>/dev/null |
		sed 's|:#include "| |; s|/$||' | while read -r file to; do
			case " $ok_layers " in *" $to "*) ;; *) echo "$file includes $to/" ;; esac
		done)
	is "src/$layer includes only: $ok_layers" "" "$bad"
done

# inside content, each sub-area includes only itself and those below it (src/content/README.md's order: the
# shared files at content/'s top, then article, then feeds and transfer; mail, fetch and pdf on the top alone),
# so the sub-areas cannot form a cycle; a sub-area not named here is an error
content_allowed() {
	case $1 in
	top) echo "top" ;;
	article) echo "article top" ;;
	feeds | transfer) echo "$1 article top" ;;
	mail | fetch) echo "$1 top" ;;
	pdf) echo "pdf article top" ;;
	esac
}
content_area() { # PATH under content/ (a file or an include): its sub-area, "top" for content/'s own files
	case $1 in */*) echo "${1%%/*}" ;; *) echo top ;; esac
}
bad=$(grep -Ho '^#include "content/[^"]*"' content/*.c content/*.h content/*/*.c content/*/*.h 2>/dev/null |
	sed 's|:#include "content/| |; s|"$||' | while read -r file inc; do
		from=$(content_area "${file#content/}")
		ok_areas=$(content_allowed "$from")
		if [ -z "$ok_areas" ]; then
			echo "$file: content/$from is a sub-area this test does not know"
			continue
		fi
		case " $ok_areas " in *" $(content_area "$inc") "*) ;; *) echo "$file includes content/$inc" ;; esac
	done)
is "content's sub-areas include only themselves and those below them" "" "$bad"

# each system library stays in the layer that owns it
only_in() { # NAME PATTERN LAYERS...: files outside LAYERS including a header matching PATTERN
	_name=$1 _pat=$2
	shift 2
	_bad=$(grep -l "^#include <$_pat" */*.c */*.h */*/*.c */*/*.h 2>/dev/null | while read -r f; do
		_keep=no
		for l in "$@"; do case $f in "$l"/*) _keep=yes ;; esac; done
		[ $_keep = no ] && echo "$f"
	done)
	is "$_name only in $*" "" "$_bad"
}
only_in sqlite3 'sqlite3' store
only_in libcurl 'curl/' content
only_in gumbo 'gumbo' content
only_in libfcgi 'fcgi' cmd web
only_in libarchive 'archive' content
only_in libcsv 'csv.h' content
only_in libxml2 'libxml/' content
only_in libpq 'libpq-fe' store
only_in gmime 'gmime/' content
only_in poppler 'poppler' content
only_in icu 'unicode/' store
only_in libstemmer 'libstemmer' store

# a first line that says what the file is: "/* name: …" in C, "# name…" in make fragments
nohead=$(for f in */*.c */*.h */*/*.c */*/*.h; do
	[ -e "$f" ] || continue
	head -n 1 "$f" | grep -q "^/\* $(basename "$f")\( (.*)\)\?: " || echo "$f"
done)
is "every .c and .h starts with '/* NAME: what it is'" "" "$nohead"
nohead=$(for f in */local.mk; do head -n 1 "$f" | grep -q "^# src/.*local.mk: " || echo "$f"; done)
is "every local.mk starts with '# PATH: what it is'" "" "$nohead"

# functions (a line "{" at the start, to the next "}" at the start) of at most 120 lines; the
# Readability port's scoring loop (content/article/extract.c grab) is the one exception
long=$(for f in */*.c */*/*.c; do
	[ -e "$f" ] || continue
	awk -v f="$f" '
		/^[a-zA-Z_].*\(/ { sig = $0 }
		/^\{/ { start = NR; name = sig }
		/^\}/ && start { if (NR - start - 1 > 120) print f ": " NR - start - 1 " lines: " name; start = 0 }
	' "$f"
done | grep -v '^content/article/extract.c: [0-9]* lines: static .*grab(')
is "no function over 120 lines but extract.c's grab" "" "$long"

# and the counter works: a long function is seen
probe=$(printf 'static int f(void)\n{\n%s\n}\n' "$(yes '	x++;' | head -n 121)" |
	awk '/^\{/ { s = NR } /^\}/ && s { print NR - s - 1; s = 0 }')
is "the line counter sees a 121-line function" 121 "$probe"

# each program links what it runs: no web program needs the fetcher, the MIME reader or poppler (the
# larder-runner and larder-pdf helpers do that work), read from the built programs' dynamic sections
for prog in graphql.fcgi auth.fcgi save.fcgi; do
	bin=${top_builddir:-}/src/cmd/$prog
	if [ -z "${top_builddir:-}" ] || [ ! -x "$bin" ] || ! command -v readelf >/dev/null 2>&1; then
		skip "$prog is not built here (or no readelf)"
		continue
	fi
	needs=$(readelf -d "$bin" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | grep -E '^lib(curl|gmime|poppler)' | tr '\n' ' ')
	is "$prog links no fetcher, MIME or PDF reader" "" "$needs"
done

done_testing
