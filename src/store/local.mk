# src/store/local.mk: build rules for src/store (included by the top Makefile.am).
