# t/local.mk: shell tests that drive the built programs (end-to-end through nginx + spawn-fcgi, Node checks) and their data.
# The C unit tests are listed by each area's own fragment.

# end-to-end: contrib/larder-serve starts nginx + spawn-fcgi on a loopback port of its own
TESTS += t/e2e_graphql.sh t/e2e_library.sh t/omnivore_client.sh t/e2e_auth.sh t/cgi_auth.sh t/e2e_badinput.sh t/e2e_slowfetch.sh t/key_scopes.sh
dist_check_SCRIPTS += t/e2e_graphql.sh t/e2e_library.sh t/omnivore_client.sh t/e2e_auth.sh t/cgi_auth.sh t/e2e_badinput.sh t/e2e_slowfetch.sh t/key_scopes.sh

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
EXTRA_DIST += t/time_driver.sh t/serve_lib.sh t/tap_lib.sh t/feedserver_lib.sh t/data/pages/pelicans.html

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

# cross-site /api/save in Chromium: another site's page can neither save nor click through the confirmation
# page, a forged form POST is refused, the bookmarklet's token saves in one click and a replaced one does not
TESTS += t/save_csrf.sh
dist_check_SCRIPTS += t/save_csrf.sh
EXTRA_DIST += t/js/save_csrf.mjs t/data/attack/nav.html t/data/attack/form.html t/browser_lib.sh t/js/tap.mjs
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
# same programs and paths as the SQLite run here; t/pg_suite.sh still runs the harnesses on PostgreSQL) and the
# tests that run no C of ours (the source tree's rules, the pages' retry logic in Node)
SANITIZE_SKIP = t/pg_e2e.sh t/layers.sh t/www_api_retry.sh
check-sanitize:
	@tests=; for t in $(TESTS); do case " $(SANITIZE_SKIP) " in *" $$t "*) ;; *) tests="$$tests $$t" ;; esac; done; \
	$(MAKE) $(AM_MAKEFLAGS) check TESTS="$$tests"
.PHONY: distcheck-smoke check-sanitize

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
EXTRA_DIST += t/syslog_listen.py
