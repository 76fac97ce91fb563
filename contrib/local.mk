# contrib/local.mk: build rules for contrib (included by the top Makefile.am).
