# conf/local.mk: build rules for conf (included by the top Makefile.am).
