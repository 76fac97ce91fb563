#!/bin/sh
# www_api_retry.sh: the browser pages send a request refused with 429 (requests_per_user) again after a short wait (t/js/api_retry.mjs, Node with a mocked fetch; TAP).
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
command -v node >/dev/null 2>&1 || { echo "1..0 # SKIP node not installed"; exit 0; }
exec node "$srcdir/t/js/api_retry.mjs" "$srcdir/www/js/api.js"
