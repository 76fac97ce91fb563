#!/bin/sh
# browser_sanitize.sh: every XSS payload, sanitized by `larder sanitize`, stays inert in real Chromium (as a page and through innerHTML); unsanitized, many run (TAP).
# The checks are in t/js/sanitize_browser.mjs; a screenshot of the benign article goes to the build directory.
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${top_builddir:-$srcdir}
chromium=${CHROMIUM:-/usr/bin/chromium}

if [ ! -d "$srcdir/t/js/node_modules/playwright-core" ]; then
	echo "1..0 # SKIP playwright-core missing: run npm ci in t/js"
	exit 0
fi
if ! command -v node >/dev/null 2>&1; then
	echo "1..0 # SKIP node not found"
	exit 0
fi
if [ ! -x "$chromium" ]; then
	echo "1..0 # SKIP chromium not found at $chromium"
	exit 0
fi
larder=$builddir/src/cmd/larder
if [ ! -x "$larder" ]; then
	echo "Bail out! $larder not built"
	exit 1
fi
exec node "$srcdir/t/js/sanitize_browser.mjs" --larder "$larder" --chromium "$chromium" \
	--payloads "$srcdir/t/data/xss/payloads.txt" --benign "$srcdir/t/data/xss/benign.html" \
	--screenshot "$builddir/t/browser_sanitize_benign.png"
