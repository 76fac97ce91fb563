# browser_lib.sh: shared by the Chromium tests (sourced): skip when the browser tools are missing, and end their TAP (the servers' logs checked for sanitizer reports, then the plan).
# The sourcing script sets srcdir and chromium first; browser_finish needs $data (serve_lib.sh's serve_start).

# browser_require PROGRAM...: "1..0 # SKIP" and exit 0 unless playwright-core, node, chromium, nginx, spawn-fcgi and
# curl are there; "Bail out!" unless each PROGRAM of src/cmd/ is built
browser_require() {
	for _p in "$@"; do
		[ -x "$builddir/src/cmd/$_p" ] || { echo "Bail out! $builddir/src/cmd/$_p missing or not built"; exit 1; }
	done
	[ -d "$srcdir/t/js/node_modules/playwright-core" ] || { echo "1..0 # SKIP playwright-core missing: run npm ci in t/js"; exit 0; }
	command -v node >/dev/null 2>&1 || { echo "1..0 # SKIP node not found"; exit 0; }
	[ -x "$chromium" ] || { echo "1..0 # SKIP chromium not found at $chromium"; exit 0; }
	for _c in nginx spawn-fcgi curl; do
		command -v $_c >/dev/null 2>&1 || [ -x /usr/sbin/$_c ] || { echo "1..0 # SKIP $_c not installed"; exit 0; }
	done
}

# browser_finish TAP ERR RC: the browser's TAP without its plan, its stderr as comments, one more test (no
# sanitizer report in the servers' logs), the plan; on failure the tail of the servers' error logs. Exits.
browser_finish() {
	_rc=$3
	grep -v '^1\.\.[0-9]*$' "$1"
	_n=$(grep -c -e '^ok ' -e '^not ok ' "$1")
	[ -s "$2" ] && sed 's/^/# /' "$2"
	_n=$((_n + 1))
	if grep -q -e 'Sanitizer' -e 'runtime error' "$data"/logs/*.log 2>/dev/null; then
		echo "not ok $_n - no sanitizer report in the servers' logs"
		grep -h -m 5 -e 'Sanitizer' -e 'runtime error' "$data"/logs/*.log | sed 's/^/#   /'
		_rc=1
	else
		echo "ok $_n - no sanitizer report in the servers' logs"
	fi
	echo "1..$_n"
	if [ "$_rc" -ne 0 ]; then
		for _f in "$data/logs/error.log" "$data/logs/graphql.log" "$data/logs/save.log"; do
			[ -s "$_f" ] && { echo "# --- $_f"; tail -n 20 "$_f" | sed 's/^/# /'; }
		done
	fi
	exit "$_rc"
}
