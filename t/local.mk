# t/local.mk: build rules for t (included by the top Makefile.am).
