# src/cmd/local.mk: the programs' mains: the `larder` admin command line, and its tests.
bin_PROGRAMS += src/cmd/larder
src_cmd_larder_SOURCES = src/cmd/larder.c src/cmd/larder_sanitize.c src/cmd/larder_sanitize.h \
	src/cmd/larder_cmds.h src/cmd/larder_content.c src/cmd/larder_worker.c src/cmd/larder_worker.h \
	src/cmd/larder_fetch.c src/cmd/larder_fetch.h src/cmd/larder_export.c src/cmd/larder_export.h \
	src/cmd/larder_import.c src/cmd/larder_import.h \
	src/cmd/larder_mail.c src/cmd/larder_mail.h src/cmd/larder_migrate.c src/cmd/larder_migrate.h \
	src/cmd/start_check.c src/cmd/start_check.h src/cmd/larder_backup.c src/cmd/larder_backup.h \
	src/cmd/larder_status.c
src_cmd_larder_LDADD = $(API_LIBS)

# larder-pdf: the PDF reader's helper (content/pdf/pdf.c runs it in its bounded child), the one program
# linking poppler; installed beside the FastCGI programs in $(pkglibexecdir)
pkglibexec_PROGRAMS += src/cmd/larder-pdf
src_cmd_larder_pdf_SOURCES = src/cmd/larder_pdf.c
src_cmd_larder_pdf_LDADD = src/content/libcontent.a src/util/libutil.a $(PDF_READ_LIBS)

# larder-runner: the fetch runner the web programs start after a save (fcgi_main.c hands `--fetch-runner` to it),
# so they link neither the fetcher nor the feed and import readers; installed beside them
pkglibexec_PROGRAMS += src/cmd/larder-runner
src_cmd_larder_runner_SOURCES = src/cmd/larder_runner.c src/cmd/start_check.c src/cmd/start_check.h
src_cmd_larder_runner_LDADD = $(API_LIBS)

TESTS += t/cli_larder.sh t/cli_fetch.sh t/cli_extract.sh t/cli_import.sh
dist_check_SCRIPTS += t/cli_larder.sh t/cli_fetch.sh t/cli_extract.sh t/cli_import.sh

# `larder export`: the zip to standard output or a file, usage and failures
TESTS += t/cli_export.sh
dist_check_SCRIPTS += t/cli_export.sh
