# src/web/local.mk: build rules for src/web (included by the top Makefile.am).
