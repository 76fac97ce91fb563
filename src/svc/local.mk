# src/svc/local.mk: the service layer (libsvc.a): the product's actions, below the GraphQL, HTTP and command-line front ends.
# svc_ingest parses each page once and stores what re-parsing would (the Readability corpus and hostile shapes)
check_PROGRAMS += t/svc_ingest
TESTS += t/svc_ingest
t_svc_ingest_SOURCES = t/svc_ingest.c t/tap.h
t_svc_ingest_CPPFLAGS = $(AM_CPPFLAGS) \
	-DCORPUS_DEFAULT='"$(abs_top_srcdir)/../shared/corpus/readability"'
t_svc_ingest_LDADD = $(SVC_LIBS)

noinst_LIBRARIES += src/svc/libsvc.a
EXTRA_DIST += src/svc/README.md
src_svc_libsvc_a_SOURCES = src/svc/svc.h \
	src/svc/ingest.c src/svc/cut.c src/svc/quota.c src/svc/import.h
# accounts, logins, sessions and API keys
src_svc_libsvc_a_SOURCES += src/svc/account.c src/svc/account.h src/svc/sessions.c src/svc/throttle.c src/svc/throttle.h \
	src/svc/apikey.c src/svc/apikey.h
src_svc_libsvc_a_CPPFLAGS = $(AM_CPPFLAGS) $(JSONC_CFLAGS)

# saving (URL and page), the fetch queue and its detached runner, content export; and svc_save's test
src_svc_libsvc_a_SOURCES += src/svc/save.c src/svc/save.h src/svc/jobs.h src/svc/worker.c src/svc/runner.c src/svc/runner_run.c \
	src/svc/export.c src/svc/export.h
# bulkAction: one action over the items a search finds
src_svc_libsvc_a_SOURCES += src/svc/bulk.c src/svc/bulk.h
# one item, labels, highlights, saved searches, the profile and the save token changed: every write of api, web
# and cmd goes through svc (src/svc/README.md)
src_svc_libsvc_a_SOURCES += src/svc/library.c src/svc/library.h src/svc/trash.c src/svc/label.c src/svc/label.h \
	src/svc/highlight.c src/svc/highlight.h src/svc/filter.c src/svc/filter.h src/svc/profile.c src/svc/profile.h \
	src/svc/savetoken.c src/svc/savetoken.h src/svc/share.c src/svc/share.h
# Omnivore's export zip written for export (read for import by content/import_omnivore.c), and the round-trip test
src_svc_libsvc_a_SOURCES += src/svc/export_omnivore.c src/svc/export_omnivore.h
# one article, a label or a search as an EPUB book
src_svc_libsvc_a_SOURCES += src/svc/export_epub.c src/svc/export_epub.h
check_PROGRAMS += t/svc_omnivore
TESTS += t/svc_omnivore
t_svc_omnivore_SOURCES = t/svc_omnivore.c t/tap.h
t_svc_omnivore_LDADD = $(SVC_LIBS)
EXTRA_DIST += t/data/import/make-omnivore-sample.py t/data/import/omnivore-sample.zip t/data/import/omnivore-nometa.zip
# the whole loop: a generated export of 2,000 items imported, exported and compared by programs of their own
check_PROGRAMS += t/omnivore_gen t/omnivore_cmp
t_omnivore_gen_SOURCES = t/omnivore_gen.c
t_omnivore_gen_CPPFLAGS = $(AM_CPPFLAGS) $(JSONC_CFLAGS) $(ARCHIVE_CFLAGS)
t_omnivore_gen_LDADD = $(JSONC_LIBS) $(ARCHIVE_LIBS)
t_omnivore_cmp_SOURCES = t/omnivore_cmp.c
t_omnivore_cmp_CPPFLAGS = $(AM_CPPFLAGS) $(JSONC_CFLAGS) $(ARCHIVE_CFLAGS)
t_omnivore_cmp_LDADD = $(JSONC_LIBS) $(ARCHIVE_LIBS) -lm
TESTS += t/omnivore_roundtrip.sh
dist_check_SCRIPTS += t/omnivore_roundtrip.sh
# storing imports: batches, the report, upload tokens and background import jobs
src_svc_libsvc_a_SOURCES += src/svc/import.c src/svc/import_job.c
check_PROGRAMS += t/svc_import
TESTS += t/svc_import
t_svc_import_SOURCES = t/svc_import.c t/tap.h
t_svc_import_CPPFLAGS = $(AM_CPPFLAGS) $(SQLITE_CFLAGS)
t_svc_import_LDADD = $(SVC_LIBS)
check_PROGRAMS += t/svc_save
TESTS += t/svc_save
t_svc_save_SOURCES = t/svc_save.c t/tap.h
t_svc_save_LDADD = $(SVC_LIBS)

# What a program using the services needs, in link order.
SVC_LIBS = src/svc/libsvc.a $(STORE_LIBS) $(CONTENT_LIBS) $(UTIL_LIBS) -lm
SVC_WEB_LIBS = src/svc/libsvc.a $(STORE_LIBS) $(CONTENT_WEB_LIBS) $(UTIL_LIBS) -lm

# the account, login and API-key services called directly on a temporary database
check_PROGRAMS += t/svc_account
TESTS += t/svc_account
t_svc_account_SOURCES = t/svc_account.c t/tap.h
t_svc_account_LDADD = $(SVC_LIBS)


# feed subscriptions: subscribing, polling in the worker, OPML import and export (the readers are content/feeds/)
src_svc_libsvc_a_SOURCES += src/svc/feeds.h src/svc/feeds_poll.c src/svc/feeds_sub.c src/svc/feeds_scan.c src/svc/feeds_read.c src/svc/import_opml.c
# feeds end to end: OPML import, `larder worker --once` polls against a local feed server, 304s, OPML export
TESTS += t/feeds_poll.sh
dist_check_SCRIPTS += t/feeds_poll.sh
EXTRA_DIST += t/js/feedserver.mjs
# the subscription calls through graphql.fcgi against the local feed server
TESTS += t/feeds_api.sh
dist_check_SCRIPTS += t/feeds_api.sh
# XML attribute bombs and a javascript: feed icon through a real server (larder-serve, one graphql.fcgi child)
TESTS += t/feeds_xml_bomb.sh
dist_check_SCRIPTS += t/feeds_xml_bomb.sh
# no root field that takes a URL makes graphql.fcgi connect anywhere; the worker does, and fills them
TESTS += t/web_nonet.sh
dist_check_SCRIPTS += t/web_nonet.sh
# one user's import and feeds do not hold another's save (the one fair claim)
TESTS += t/fair_queue.sh
dist_check_SCRIPTS += t/fair_queue.sh
# polling 1,000 unchanged feeds: CPU seconds (run by hand: bench/feeds-bench -B BUILDDIR)
EXTRA_DIST += bench/feeds-bench
# one user's save while another's feeds and import wait (run by hand: bench/fair-bench -B BUILDDIR)
EXTRA_DIST += bench/fair-bench
# scanFeeds of URLs that never answer: the time graphql.fcgi takes (run by hand: bench/scan-held -B BUILDDIR)
EXTRA_DIST += bench/scan-held

# newsletters: receiving addresses and one mail received by pipe (content/mail/mime.c reads it)
src_svc_libsvc_a_SOURCES += src/svc/newsletter.h src/svc/newsletter.c src/svc/newsletter_mail.c
# newsletters end to end: addresses through GraphQL over nginx, t/data/mail piped into `larder mail`
TESTS += t/mail_pipe.sh
dist_check_SCRIPTS += t/mail_pipe.sh
# the /settings/newsletters page in Chromium (make an address, mails piped in, delete it)
TESTS += t/newsletters_browser.sh
dist_check_SCRIPTS += t/newsletters_browser.sh
EXTRA_DIST += t/js/newsletters_page.mjs
# PDFs: uploadFileRequest's item and upload, saveFile, fetched PDFs kept and read (content/pdf.c)
src_svc_libsvc_a_SOURCES += src/svc/upload.c src/svc/upload.h src/svc/files_sweep.c
# links that need no credential (a PDF item's url, /api/content's downloads), signed under a server secret
src_svc_libsvc_a_SOURCES += src/svc/signlink.c src/svc/signlink.h
# how soon a 50-page PDF is searchable after its upload, through nginx (run by hand: bench/pdf-bench -B BUILDDIR)
EXTRA_DIST += bench/pdf-bench
