#!/bin/sh
# newsletters_browser.sh: the /settings/newsletters page in real Chromium through nginx + graphql.fcgi (TAP): make an address, mails piped into `larder mail` listed, delete it. Screenshots go to $top_builddir/t/screenshots/.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
chromium=${CHROMIUM:-/usr/bin/chromium}

. "$srcdir/t/browser_lib.sh"
browser_require larder graphql.fcgi auth.fcgi save.fcgi
larder=$builddir/src/cmd/larder

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-nlpage.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
serve_start --set argon2_t_cost=1 --set argon2_memory_kib=64 --set fetch_in_web=no --set mail_domain=mail.example.test

user=heron
printf '%s\n' 'herons stand still' >"$tmp/pw"
"$larder" -c "$conf" user add "$user" --password-file "$tmp/pw" >"$tmp/cli.log" 2>&1 ||
	{ echo "Bail out! larder user add: $(cat "$tmp/cli.log")"; exit 1; }
# the page's test calls this with the address it made: a newsletter and a confirmation piped to it
cat >"$tmp/deliver" <<SH
#!/bin/sh
for f in alternative.eml confirm-substack.eml; do
	"$larder" -c "$conf" mail --recipient "\$1" <"$srcdir/t/data/mail/\$f" 2>>"$tmp/deliver.log" || exit 1
done
SH
chmod +x "$tmp/deliver"

shots=$builddir/t/screenshots
mkdir -p "$shots"
node "$srcdir/t/js/newsletters_page.mjs" --base "http://127.0.0.1:$port" --user "$user" --password 'herons stand still' \
	--shots "$shots" --chromium "$chromium" --deliver "$tmp/deliver" >"$tmp/flow.tap" 2>"$tmp/flow.err"
browser_finish "$tmp/flow.tap" "$tmp/flow.err" $?
