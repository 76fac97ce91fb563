#!/bin/sh
# browser_pdf.sh: PDFs in real Chromium through nginx + graphql.fcgi (TAP): the library's "Upload PDF" (uploadFileRequest, the PUT with its progress, saveFile), the item in the list, the reader showing its text with the file's links and frame, a highlight on the text; a file that is not a PDF refused in words. Screenshots go to $top_builddir/t/screenshots/.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
chromium=${CHROMIUM:-/usr/bin/chromium}

. "$srcdir/t/browser_lib.sh"
browser_require larder graphql.fcgi auth.fcgi save.fcgi
larder=$builddir/src/cmd/larder

tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-pdfpage.XXXXXX") || exit 1
. "$srcdir/t/serve_lib.sh"
serve_start --set argon2_t_cost=1 --set argon2_memory_kib=64

user=scribe
printf '%s\n' 'vellum and ink' >"$tmp/pw"
"$larder" -c "$conf" user add "$user" --password-file "$tmp/pw" >"$tmp/cli.log" 2>&1 ||
	{ echo "Bail out! larder user add: $(cat "$tmp/cli.log")"; exit 1; }
key=$("$larder" -c "$conf" key create "$user" --name pdf-page 2>"$tmp/cli.log") ||
	{ echo "Bail out! larder key create: $(cat "$tmp/cli.log")"; exit 1; }
cp "$srcdir/t/data/pdf/sample-3.pdf" "$tmp/Sample Paper.pdf"
cp "$srcdir/t/data/pdf/not-a-pdf.pdf" "$tmp/notes.pdf"

shots=$builddir/t/screenshots
mkdir -p "$shots"
node "$srcdir/t/js/browser_pdf.mjs" --base "http://127.0.0.1:$port" --user "$user" --password 'vellum and ink' \
	--key "$key" --file "$tmp/Sample Paper.pdf" --bad "$tmp/notes.pdf" --shots "$shots" --chromium "$chromium" \
	>"$tmp/flow.tap" 2>"$tmp/flow.err"
browser_finish "$tmp/flow.tap" "$tmp/flow.err" $?
