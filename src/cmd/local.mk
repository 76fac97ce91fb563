# src/cmd/local.mk: the programs' mains: the `larder` admin command line, and its tests.
bin_PROGRAMS += src/cmd/larder
src_cmd_larder_SOURCES = src/cmd/larder.c src/cmd/larder_fetch.c src/cmd/larder_fetch.h
src_cmd_larder_LDADD = $(CONTENT_LIBS) $(STORE_LIBS) $(UTIL_LIBS)

TESTS += t/cli_larder.sh t/cli_fetch.sh
dist_check_SCRIPTS += t/cli_larder.sh t/cli_fetch.sh
