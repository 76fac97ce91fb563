#!/bin/sh
# install_paths.sh: `make install` with other directories than the default (a Debian-like prefix=/usr, /etc, /var): the man pages and samples name those, the data folder is made (TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
. "$srcdir/t/tap_lib.sh"
[ -f "$builddir/Makefile" ] || { echo "1..0 # SKIP no configured build tree"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-inst.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
# only the data part of the install (man pages, samples, the data folder): the programs are not needed for this
${MAKE:-make} -s -C "$builddir" install-data-local DESTDIR="$tmp" prefix=/usr sysconfdir=/etc localstatedir=/var \
	>"$tmp/make.log" 2>&1 || bail_out "make install-data-local: $(tail -c 600 "$tmp/make.log")"
[ -d "$tmp/var/lib/larder" ] && pass "the data folder \$(localstatedir)/lib/larder is made" ||
	fail "the data folder \$(localstatedir)/lib/larder is made" "$(find "$tmp" -maxdepth 3 -type d)"
for m in man1/larder.1 man8/graphql.fcgi.8 man8/auth.fcgi.8 man8/save.fcgi.8 man5/larder.conf.5; do
	f=$tmp/usr/share/man/$m
	[ -s "$f" ] || { fail "$m is installed"; continue; }
	left=$(grep -n '/usr/local' "$f" | head -3)
	is "$m names no /usr/local path" "" "$left"
done
grep -q '/etc/larder/larder.conf' "$tmp/usr/share/man/man5/larder.conf.5" && pass "larder.conf(5) names /etc/larder/larder.conf" ||
	fail "larder.conf(5) names /etc/larder/larder.conf"
grep -q '/var/lib/larder/larder.db' "$tmp/usr/share/man/man5/larder.conf.5" && pass "and the default database under /var" ||
	fail "and the default database under /var"
grep -q '/usr/libexec/larder/auth.fcgi' "$tmp/usr/share/man/man8/auth.fcgi.8" && pass "auth.fcgi(8) names /usr/libexec/larder/auth.fcgi" ||
	fail "auth.fcgi(8) names /usr/libexec/larder/auth.fcgi"
ex=$tmp/usr/share/doc/larder/examples
for f in nginx-larder.conf lighttpd-larder.conf apache-larder.conf htaccess-larder larder-graphql.service larder-auth.service \
	larder-save.service; do
	[ -s "$ex/$f" ] || { fail "examples/$f is installed"; continue; }
	is "examples/$f names no /usr/local path" "" "$(grep -n '/usr/local' "$ex/$f" | head -3)"
done
done_testing
