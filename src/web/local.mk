# src/web/local.mk: the web layer (libweb.a: request input, responses, key auth, GraphQL over HTTP), graphql.fcgi and its CGI tests.
noinst_LIBRARIES += src/web/libweb.a
# each module is a .c and its .h: the requests and answers, who asks, then each endpoint
src_web_libweb_a_SOURCES = src/web/request.c src/web/request.h src/web/response.c src/web/response.h \
	src/web/auth.c src/web/auth.h src/web/authenticate.c src/web/authenticate.h \
	src/web/session.c src/web/session.h src/web/page.c src/web/page.h \
	src/web/graphql_http.c src/web/graphql_http.h src/web/content_http.c src/web/content_http.h \
	src/web/auth_http.c src/web/auth_http.h src/web/first_run.c src/web/first_run.h src/web/mobile_auth.c src/web/mobile_auth.h \
	src/web/save_http.c src/web/save_http.h \
	src/web/save_guard.c src/web/save_guard.h src/web/export_http.c src/web/export_http.h \
	src/web/health_http.c src/web/health_http.h \
	src/web/import_http.c src/web/import_http.h
src_web_libweb_a_CPPFLAGS = $(AM_CPPFLAGS) $(JSONC_CFLAGS)
# PDFs: the upload URL and the file served to its owner
src_web_libweb_a_SOURCES += src/web/upload_http.c src/web/upload_http.h
# public share links of single articles (/s/TOKEN)
src_web_libweb_a_SOURCES += src/web/share_http.c src/web/share_http.h
# the EPUB export (/api/export?format=epub)
src_web_libweb_a_SOURCES += src/web/epub_http.c src/web/epub_http.h

WEB_LIBS = src/web/libweb.a

# the web programs link what answering a request needs: no fetcher, MIME or PDF reader (API_WEB_LIBS; the
# larder-runner and larder-pdf helpers of src/cmd/local.mk do that work, and t/layers.sh checks it)
fcgi_PROGRAMS += src/cmd/graphql.fcgi
src_cmd_graphql_fcgi_SOURCES = src/cmd/graphql_fcgi.c src/cmd/fcgi_main.c src/cmd/fcgi_main.h src/cmd/start_check.c src/cmd/start_check.h
src_cmd_graphql_fcgi_CPPFLAGS = $(AM_CPPFLAGS) $(JSONC_CFLAGS)
src_cmd_graphql_fcgi_LDADD = $(WEB_LIBS) $(API_WEB_LIBS) $(FCGI_LIBS)
fcgi_PROGRAMS += src/cmd/auth.fcgi src/cmd/save.fcgi
src_cmd_auth_fcgi_SOURCES = src/cmd/auth_fcgi.c src/cmd/fcgi_main.c src/cmd/fcgi_main.h src/cmd/start_check.c src/cmd/start_check.h
src_cmd_auth_fcgi_CPPFLAGS = $(AM_CPPFLAGS) $(JSONC_CFLAGS)
src_cmd_auth_fcgi_LDADD = $(WEB_LIBS) $(API_WEB_LIBS) $(FCGI_LIBS)
src_cmd_save_fcgi_SOURCES = src/cmd/save_fcgi.c src/cmd/fcgi_main.c src/cmd/fcgi_main.h src/cmd/start_check.c src/cmd/start_check.h
src_cmd_save_fcgi_CPPFLAGS = $(AM_CPPFLAGS) $(JSONC_CFLAGS)
src_cmd_save_fcgi_LDADD = $(WEB_LIBS) $(API_WEB_LIBS) $(FCGI_LIBS)

# CGI-mode tests of graphql.fcgi (they use the larder CLI to set up a database and keys)
TESTS += t/cgi_graphql.sh t/cgi_http.sh
dist_check_SCRIPTS += t/cgi_graphql.sh t/cgi_http.sh
EXTRA_DIST += t/cgi_lib.sh

# a small FastCGI client, so one worker can be sent many requests in a row
check_PROGRAMS += t/fcgi_client
t_fcgi_client_SOURCES = t/fcgi_client.c
t_fcgi_client_LDADD =
TESTS += t/cgi_fcgi.sh
dist_check_SCRIPTS += t/cgi_fcgi.sh

check_PROGRAMS += t/web_request
TESTS += t/web_request
t_web_request_SOURCES = t/web_request.c t/tap.h
t_web_request_CPPFLAGS = $(AM_CPPFLAGS) $(JSONC_CFLAGS)
t_web_request_LDADD = $(WEB_LIBS) $(API_LIBS) $(FCGI_LIBS)

# /api/export: the settings page's button in Chromium, and the endpoint with curl
TESTS += t/web_export.sh
dist_check_SCRIPTS += t/web_export.sh
EXTRA_DIST += t/js/export_button.mjs
# imports through the web: uploadImportFile + PUT through nginx, and the /settings/import page in Chromium
TESTS += t/import_upload.sh t/import_browser.sh
dist_check_SCRIPTS += t/import_upload.sh t/import_browser.sh
EXTRA_DIST += t/js/import_page.mjs
# PDFs end to end through nginx: uploadFileRequest + PUT + saveFile, search, /api/file, saveUrl of a PDF, bad inputs
TESTS += t/upload_pdf.sh t/browser_pdf.sh
dist_check_SCRIPTS += t/upload_pdf.sh t/browser_pdf.sh
EXTRA_DIST += t/js/browser_pdf.mjs
