# src/util/local.mk: the util layer (arena, string builder, JSON writer, UTF-8, ...) and its tests.
noinst_LIBRARIES += src/util/libutil.a
src_util_libutil_a_SOURCES = \
	src/util/arena.c src/util/arena.h \
	src/util/sb.c src/util/sb.h \
	src/util/jsonw.c src/util/jsonw.h \
	src/util/utf8.c src/util/utf8.h \
	src/util/limits.h

check_PROGRAMS += t/util_basics
TESTS += t/util_basics
t_util_basics_SOURCES = t/util_basics.c t/tap.h
t_util_basics_LDADD = src/util/libutil.a -lm
