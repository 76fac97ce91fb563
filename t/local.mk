# t/local.mk: shell tests that drive the built programs (end-to-end through nginx + spawn-fcgi, Node checks) and their data.
# The C unit tests are listed by each area's own fragment.

# end-to-end: contrib/larder-serve starts nginx + spawn-fcgi on a loopback port of its own
TESTS += t/e2e_graphql.sh t/e2e_library.sh t/omnivore_client.sh t/e2e_auth.sh t/cgi_auth.sh t/e2e_badinput.sh t/e2e_slowfetch.sh t/key_scopes.sh t/mobile_auth.sh t/sessions.sh
dist_check_SCRIPTS += t/e2e_graphql.sh t/e2e_library.sh t/omnivore_client.sh t/e2e_auth.sh t/cgi_auth.sh t/e2e_badinput.sh t/e2e_slowfetch.sh t/key_scopes.sh t/mobile_auth.sh t/sessions.sh
# a session of Omnivore's iOS app, its calls byte for byte (t/data/clients/omnivore-ios), its answers decoded as the app does
TESTS += t/ios_app.sh
dist_check_SCRIPTS += t/ios_app.sh
EXTRA_DIST += t/ios_app.py
# a PDF item opened as Omnivore's Android app does: GetArticle, then its url fetched with no credential (a signed link)
TESTS += t/android_pdf.sh
dist_check_SCRIPTS += t/android_pdf.sh

# requests_per_user: one user's requests beyond their slots are answered 429 at once, others are served (no timing)
TESTS += t/user_slots.sh
dist_check_SCRIPTS += t/user_slots.sh
# ... and the browser pages send a request refused so again after a short wait (Node, a mocked fetch)
TESTS += t/www_api_retry.sh
dist_check_SCRIPTS += t/www_api_retry.sh
EXTRA_DIST += t/js/api_retry.mjs

# every root field of the schema driven by a hostile account while another user times `me` (t/js/hostile_sweep.mjs;
# a few minutes): an expected-failures list names the fields still waiting for their fix
TESTS += t/hostile_sweep.sh
dist_check_SCRIPTS += t/hostile_sweep.sh
EXTRA_DIST += t/js/hostile_sweep.mjs

# every larder.conf abuse limit at its boundary (graphql.fcgi and save.fcgi as CGI; the fetch limits with t/js/testserver.mjs)
TESTS += t/limits.sh t/request_cost.sh
dist_check_SCRIPTS += t/limits.sh t/request_cost.sh

# the per-user quotas at N and N+1 and stored text at its limits (graphql.fcgi as CGI, the larder CLI)
TESTS += t/quotas.sh
dist_check_SCRIPTS += t/quotas.sh

# search answers depend only on the caller's own items (graphql.fcgi as CGI)
TESTS += t/search_owner.sh
dist_check_SCRIPTS += t/search_owner.sh

# Node checks (t/js: `npm install` there first, or they skip): the graphql-http audit through
# nginx, and graphql-js against our introspection compared with Omnivore's schema
TESTS += t/audit.sh t/introspection.sh
dist_check_SCRIPTS += t/audit.sh t/introspection.sh
EXTRA_DIST += t/js/package.json t/js/package-lock.json t/js/audit.mjs t/js/introspection.mjs t/js/omnivore_excerpt.mjs \
	t/data/omnivore-schema.graphql
EXTRA_DIST += t/js/omnivore_client.mjs
# the real feeds of t/data/real/feeds (other projects' fixtures and constructed ones, SOURCES.md) served by
# t/js/feedserver.mjs and polled by `larder worker`, each checked against its NAME.expect
TESTS += t/real_feeds.sh
dist_check_SCRIPTS += t/real_feeds.sh
EXTRA_DIST += t/data/real/feeds

# the extractor's precision rules: one hand-made page a rule in t/data/pages/extract-rules, each stating in its
# comments what `larder extract` must keep and drop
TESTS += t/extract_rules.sh
dist_check_SCRIPTS += t/extract_rules.sh
EXTRA_DIST += t/data/pages/extract-rules

EXTRA_DIST += t/time_driver.sh t/serve_lib.sh t/port_lib.sh t/tap_lib.sh t/feedserver_lib.sh t/data/pages/pelicans.html

# the sanitizer in real Chromium: the XSS corpus sanitized stays inert, raw it runs (t/data/xss)
TESTS += t/browser_sanitize.sh
dist_check_SCRIPTS += t/browser_sanitize.sh
EXTRA_DIST += t/js/sanitize_browser.mjs
CLEANFILES += t/browser_sanitize_benign.png

# the browser pages in Chromium through nginx (login, keys, bookmarklet save, library, reader); screenshots in t/screenshots/
TESTS += t/browser_flow.sh
dist_check_SCRIPTS += t/browser_flow.sh
EXTRA_DIST += t/js/browser_flow.mjs

# the library in Chromium: keyboard, multi-select and bulk actions, saved searches, label colours, the trash, sort,
# counts, the empty state and the phone layout; screenshots in t/screenshots/library-*.png
TESTS += t/browser_library.sh
dist_check_SCRIPTS += t/browser_library.sh
EXTRA_DIST += t/js/browser_library.mjs

# the reader in Chromium: highlights from a selection, notes, labels, merging, re-anchoring, the notebook's Markdown,
# text settings kept per user, keys, phone width; screenshots in t/screenshots/reader-*.png
TESTS += t/browser_reader.sh
dist_check_SCRIPTS += t/browser_reader.sh
EXTRA_DIST += t/js/browser_reader.mjs
# public share links of single articles: the mutation, the /s/ page, another account, revocation and the trash
TESTS += t/share_link.sh
dist_check_SCRIPTS += t/share_link.sh
# the Share panel and the shared page in Chromium
TESTS += t/browser_share.sh
dist_check_SCRIPTS += t/browser_share.sh
EXTRA_DIST += t/js/browser_share.mjs
# the EPUB export of an article, a label or a search, checked by epubcheck
TESTS += t/epub_export.sh
dist_check_SCRIPTS += t/epub_export.sh
EXTRA_DIST += t/data/pages/hard-markup.html

# the settings pages in Chromium: the navigation every settings page has, the feeds page (follow, list, unfollow)
TESTS += t/browser_settings.sh
dist_check_SCRIPTS += t/browser_settings.sh
EXTRA_DIST += t/js/browser_settings.mjs
# the library's search suggestions as you type (issue 24)
TESTS += t/browser_suggest.sh
dist_check_SCRIPTS += t/browser_suggest.sh
EXTRA_DIST += t/js/browser_suggest.mjs

# the installable reader in Chromium at phone width: manifest, service worker, reading with the network cut, changes
# made offline sent once when it returns, the share target, per-user offline data, 44 px targets, 320 px wide pages
TESTS += t/browser_pwa.sh
dist_check_SCRIPTS += t/browser_pwa.sh
EXTRA_DIST += t/js/browser_pwa.mjs t/data/pwa/SOURCES.md t/data/pwa/phone-article.html t/data/pwa/phone-share.html \
	t/data/pwa/jar.png

# cross-site /api/save in Chromium: another site's page can neither save nor click through the confirmation
# page, a forged form POST is refused, the bookmarklet's token saves in one click and a replaced one does not
TESTS += t/save_csrf.sh
dist_check_SCRIPTS += t/save_csrf.sh
EXTRA_DIST += t/js/save_csrf.mjs t/data/attack/nav.html t/data/attack/form.html t/browser_lib.sh t/js/tap.mjs t/js/page_console.mjs
clean-local: clean-screenshots
clean-screenshots:
	rm -rf t/screenshots
.PHONY: clean-screenshots

# the rules of src/README.md a script can check (layers, system libraries, file heads, function length)
TESTS += t/layers.sh
dist_check_SCRIPTS += t/layers.sh

# contrib/test-all's shorter passes (the plain `make check` always runs every test):
# `make distcheck-smoke` is distcheck with this smoke set as its inner check: its job is the tarball (it
# builds, installs, passes a few tests of each kind and cleans up), the whole suite having just run
SMOKE_TESTS = t/util_basics t/gql_exec t/store_basic t/svc_save t/api_me t/web_request t/content_sanitize \
	t/cgi_graphql.sh t/cli_larder.sh t/e2e_graphql.sh t/layers.sh
distcheck-smoke:
	$(MAKE) $(AM_MAKEFLAGS) distcheck TESTS='$(SMOKE_TESTS)'
# `make check-sanitize` (in a build configured with --enable-asan --enable-ubsan) runs every C harness and every
# test that starts the programs; it leaves out the PostgreSQL re-run of the end-to-end tests (t/pg_e2e.sh: the
# same programs and paths as the SQLite run here; t/pg_suite.sh still runs the harnesses on PostgreSQL), the
# tests that run no C of ours (the source tree's rules, the pages' retry logic in Node), and the tests whose
# subject is the pages in Chromium (the plain run has them): the requests those pages send are the GraphQL, file
# and page requests that the curl and Node tests and the t/api_* harnesses make here under the sanitizers, and
# they took a fifth of this run's test time (458 of 2,248 s in one run). save_csrf and web_export stay (most of
# their checks are the server's refusals, made with curl). epubcheck (Java) judges the EPUB books in the plain
# run only (LARDER_TEST_EPUBCHECK=no here); t/pg_suite.sh runs the store's and the services' harnesses on
# PostgreSQL, not the t/api_* ones (LARDER_PG_SUITE=store); the Omnivore round trip moves 300 items, not 2,000, as
# on PostgreSQL (the same C for each item)
SANITIZE_BROWSER = t/browser_flow.sh t/browser_library.sh t/browser_pdf.sh t/browser_pwa.sh t/browser_reader.sh \
	t/browser_sanitize.sh t/browser_settings.sh t/browser_share.sh t/browser_suggest.sh t/import_browser.sh \
	t/newsletters_browser.sh
SANITIZE_SKIP = t/pg_e2e.sh t/layers.sh t/www_api_retry.sh t/install_paths.sh $(SANITIZE_BROWSER)
check-sanitize:
	@for t in $(SANITIZE_SKIP); do case " $(TESTS) " in *" $$t "*) ;; *) echo "check-sanitize: $$t is not a test" >&2; exit 1 ;; esac; done; \
	tests=; for t in $(TESTS); do case " $(SANITIZE_SKIP) " in *" $$t "*) ;; *) tests="$$tests $$t" ;; esac; done; \
	LARDER_TEST_EPUBCHECK=no LARDER_PG_SUITE=store OMNIVORE_ROUNDTRIP_ITEMS=300 $(MAKE) $(AM_MAKEFLAGS) check TESTS="$$tests"
.PHONY: distcheck-smoke check-sanitize

# every web server sample of conf/ started for real (nginx; lighttpd with Debian's stock lighttpd.conf; Apache with
# mod_fcgid; Apache plain CGI from a shared host's .htaccess), each driven through the same flow (t/webserver_lib.sh)
TESTS += t/webserver_nginx.sh t/webserver_lighttpd.sh t/webserver_apache_fcgid.sh t/webserver_apache_cgi.sh t/webserver_apache_vhost_cgi.sh
dist_check_SCRIPTS += t/webserver_nginx.sh t/webserver_lighttpd.sh t/webserver_apache_fcgid.sh t/webserver_apache_cgi.sh t/webserver_apache_vhost_cgi.sh
EXTRA_DIST += t/webserver_lib.sh
# `make install` with Debian's directories: the man pages and samples carry them, the data folder is made
TESTS += t/install_paths.sh
dist_check_SCRIPTS += t/install_paths.sh

# issue 22's real imports of HTML, CSV and zip files (t/data/real/import-html-csv: its SOURCES.md)
TESTS += t/real_import_a.sh
dist_check_SCRIPTS += t/real_import_a.sh
EXTRA_DIST += t/data/real/import-html-csv

# issue 22: the real JSON imports (wallabag, Chrome, Firefox, Pinboard, Omnivore) and the export round trip
TESTS += t/real_import_b.sh
dist_check_SCRIPTS += t/real_import_b.sh
EXTRA_DIST += t/data/real/import-json-export

# real newsletters and mail-parser fixtures piped into `larder mail`, each held to t/data/real/mail/EXPECT
TESTS += t/real_mail.sh
dist_check_SCRIPTS += t/real_mail.sh
EXTRA_DIST += t/data/real/mail
# real PDFs (pdf.js's and pypdf's fixtures) uploaded and saved by URL, each held to t/data/real/pdf/EXPECT
TESTS += t/real_pdf.sh
dist_check_SCRIPTS += t/real_pdf.sh
EXTRA_DIST += t/data/real/pdf
# errors that reach the admin (issue 23): a deleted database, a full disk, read-only files and children that cannot
# start end non-zero or in the GraphQL error shape, with the cause in the log
TESTS += t/admin_errors.sh
dist_check_SCRIPTS += t/admin_errors.sh
# larder backup while the server runs, a wipe, larder restore (items, a highlight, a PDF and the modes back; the
# refusals), and larder status
TESTS += t/backup_restore.sh
dist_check_SCRIPTS += t/backup_restore.sh
# GET /api/health: no credentials, the database, schema and worker; bad methods, keys and load; no user data
TESTS += t/health.sh
dist_check_SCRIPTS += t/health.sh
# README's Upgrading on a library an older larder made (schema 16, t/store_upgrade --make-v16): refused until larder
# init, backed up, migrated, used through the app; the pre-upgrade backup restored and migrated again
TESTS += t/upgrade.sh
dist_check_SCRIPTS += t/upgrade.sh
# larder backup and restore on PostgreSQL (pg_dump, pg_restore) on a throwaway server
TESTS += t/backup_pg.sh
dist_check_SCRIPTS += t/backup_pg.sh
# PostgreSQL's trigger functions keep a generic plan per session (db/pg/031): the setting after larder init, and the
# plans made while the tables were empty still index lookups on a grown library (auto_explain in one session)
TESTS += t/pg_trigger_plans.sh
dist_check_SCRIPTS += t/pg_trigger_plans.sh
# files_store = database: two front ends and a worker on one throwaway PostgreSQL, each its own data_dir (no shared
# disk): a PDF uploaded on one served by the other, a large one and an import run by the worker; status, backup, sweep
TESTS += t/files_db.sh
dist_check_SCRIPTS += t/files_db.sh
# contrib/larder-serve: one Content-Security-Policy on each route (auth.fcgi and save.fcgi send their own)
TESTS += t/serve_csp.sh
dist_check_SCRIPTS += t/serve_csp.sh
EXTRA_DIST += t/syslog_listen.py

# the extraction evaluation's scorer on hand-made pages with figures worked out by hand, and the real
# `larder extract` scored the same way (the benchmark itself is bench/extract-eval, not a test)
TESTS += t/extract_eval.sh
dist_check_SCRIPTS += t/extract_eval.sh
EXTRA_DIST += t/data/extract-eval
