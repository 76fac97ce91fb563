#!/bin/sh
# pg_e2e.sh: the end-to-end tests (Larder through its programs and HTTP; the library read, where a test does, through db_sql of t/pg_lib.sh) run again with the library in PostgreSQL: one throwaway server (t/pg_lib.sh) shared by PG_E2E_JOBS streams (default 2) that take the tests in turn, a fresh database for each server a test starts (t/serve_lib.sh's LARDER_TEST_PG_HOST), one TAP line per test with its wall time.
set -u
: "${top_builddir:=$(pwd)}"
srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
. "$srcdir/t/tap_lib.sh"
. "$srcdir/t/pg_lib.sh"
pg_need_libpq
command -v psql >/dev/null 2>&1 || { echo "1..0 # SKIP psql not installed"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/larder-pge2e.XXXXXX") || exit 99
trap 'pg_stop; rm -rf "$tmp"' EXIT INT TERM
pg_start

# through GraphQL (as CGI or behind nginx), the pages' whole path in Chromium once (browser_flow), the bookmarklet,
# uploads, exports, feeds, mail and Omnivore's own client library; then the tests that also read or change the
# library itself (db_sql): the CLI, logins and sessions, limits, the fetch runners, imports, feeds polled, mail piped
# in, PDFs, hostile input. The other Chromium tests (library, reader, PWA, PDF, sanitize, newsletters and import
# pages) run on SQLite only: what reaches the store from them is the GraphQL that every t/api_* harness sends on
# PostgreSQL (t/pg_suite.sh) and the requests of the curl tests here, and they took 266 s of the 900 s that this
# test's tests took (two at a time). So does the iOS app's session (t/ios_app.sh, 58 s here): its calls are
# GraphQL and sign-in that the t/api_* harnesses and e2e_auth, sessions and cgi_auth make here.
TESTS_PG=${PG_E2E_TESTS:-"browser_flow.sh omnivore_roundtrip.sh limits.sh real_import_b.sh cli_import.sh e2e_badinput.sh upload_pdf.sh
	save_csrf.sh feeds_api.sh mail_pipe.sh
	e2e_slowfetch.sh e2e_auth.sh feeds_poll.sh cgi_auth.sh quotas.sh e2e_library.sh web_export.sh web_nonet.sh share_link.sh epub_export.sh
	feeds_xml_bomb.sh fair_queue.sh key_scopes.sh search_owner.sh cgi_graphql.sh cgi_http.sh cgi_items2.sh omnivore_client.sh
	audit.sh cli_larder.sh cgi_fcgi.sh e2e_graphql.sh import_upload.sh health.sh sessions.sh
	android_pdf.sh"}
# the Omnivore round trip with 300 items here (2,000 on SQLite): a save costs more on PostgreSQL (src/store/README.md)
OMNIVORE_ROUNDTRIP_ITEMS=${OMNIVORE_ROUNDTRIP_ITEMS:-300}
export OMNIVORE_ROUNDTRIP_ITEMS
# epubcheck judges the books once, in the SQLite run (t/epub_export.sh): they are built by the same C from the same rows
LARDER_TEST_EPUBCHECK=${LARDER_TEST_EPUBCHECK:-no}
export LARDER_TEST_EPUBCHECK

# the streams: each takes the next test nobody has claimed (mkdir is atomic), longest first in the list above
# (the browser tests, the round trip and the limits lead), and keeps its output, status and wall time; the TAP
# lines come at the end, in the list's order
run_stream() {
	for t in $TESTS_PG; do
		mkdir "$tmp/claim.$t" 2>/dev/null || continue
		t0=$(date +%s)
		(cd "$top_builddir" && top_srcdir="$srcdir" top_builddir="$top_builddir" LARDER_TEST_PG_HOST="$PG_DIR" \
			sh "$srcdir/t/$t") >"$tmp/$t.out" 2>&1 </dev/null
		echo "$? $(($(date +%s) - t0))" >"$tmp/$t.rc"
	done
}
jobs=${PG_E2E_JOBS:-2}
pids=
k=0
while [ $k -lt "$jobs" ]; do
	run_stream &
	pids="$pids $!"
	k=$((k + 1))
done
for p in $pids; do wait "$p"; done

for t in $TESTS_PG; do
	read -r trc secs <"$tmp/$t.rc" || { trc=99 secs=0; }
	plan=$(grep -E '^1\.\.' "$tmp/$t.out" | head -n 1)
	bad=$(grep -E '^not ok|^Bail out' "$tmp/$t.out" | head -n 20)
	case $plan in
	'1..0'*) skip "t/$t on PostgreSQL: ${plan#*# SKIP }" ;;
	*)
		if [ "$trc" -eq 0 ] && [ -z "$bad" ] && [ -n "$plan" ]; then
			pass "t/$t passes with the library in PostgreSQL ($(grep -c '^ok' "$tmp/$t.out") checks, ${secs} s)"
		else
			fail "t/$t passes with the library in PostgreSQL" "exit $trc" "$bad" "$(grep -v '^ok' "$tmp/$t.out" | tail -n 15)"
		fi ;;
	esac
done
done_testing
