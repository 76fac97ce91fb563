#!/bin/sh
# browser_settings.sh: the settings pages in real Chromium through nginx + the FastCGI programs: every settings page lists every other (the current one marked), and the feeds page follows a feed and unfollows it, at desktop and phone widths (TAP).
# Starts contrib/larder-serve and t/js/feedserver.mjs on loopback ports of their own, creates a user with a password,
# and runs t/js/browser_settings.mjs, which prints the TAP. Screenshots go to $top_builddir/t/screenshots/settings-*.png.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
chromium=${CHROMIUM:-/usr/bin/chromium}

. "$srcdir/t/browser_lib.sh"
browser_require larder graphql.fcgi auth.fcgi
larder=$builddir/src/cmd/larder

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-settings.XXXXXX") || exit 1
bail_out() { echo "Bail out! $*"; exit 1; }
fs_pid=
. "$srcdir/t/serve_lib.sh"
. "$srcdir/t/feedserver_lib.sh"
trap '[ -n "$fs_pid" ] && kill "$fs_pid" 2>/dev/null; serve_cleanup' EXIT

feedserver_start "$srcdir"
feeds=$base
serve_start --allow-private-fetch

user=settler
printf '%s\n' 'a long enough password' >"$tmp/pw"
"$larder" -c "$conf" user add "$user" --password-file "$tmp/pw" >"$tmp/cli.log" 2>&1 ||
	{ echo "Bail out! larder user add: $(cat "$tmp/cli.log")"; exit 1; }

shots=$builddir/t/screenshots
mkdir -p "$shots"
node "$srcdir/t/js/browser_settings.mjs" --base "http://127.0.0.1:$port" --feeds "$feeds" \
	--user "$user" --password 'a long enough password' --shots "$shots" --chromium "$chromium" \
	>"$tmp/settings.tap" 2>"$tmp/settings.err"
browser_finish "$tmp/settings.tap" "$tmp/settings.err" $?
