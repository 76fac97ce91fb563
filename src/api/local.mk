# src/api/local.mk: build rules for src/api (included by the top Makefile.am).
