# src/cmd/local.mk: build rules for src/cmd (included by the top Makefile.am).
bin_PROGRAMS += src/cmd/larder
src_cmd_larder_SOURCES = src/cmd/larder.c
