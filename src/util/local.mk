# src/util/local.mk: the util layer (arena, string builder, JSON writer, UTF-8, time, crypto, config) and its tests.
noinst_LIBRARIES += src/util/libutil.a
src_util_libutil_a_SOURCES = \
	src/util/arena.c src/util/arena.h \
	src/util/sb.c src/util/sb.h \
	src/util/jsonw.c src/util/jsonw.h \
	src/util/utf8.c src/util/utf8.h \
	src/util/time.c src/util/time.h \
	src/util/crypto.c src/util/crypto.h \
	src/util/config.c src/util/config.h \
	src/util/text.c src/util/text.h \
	src/util/limits.h
src_util_libutil_a_CPPFLAGS = $(AM_CPPFLAGS) $(CRYPTO_CFLAGS) $(UUID_CFLAGS) $(ARGON2_CFLAGS)

# What a program linking libutil needs (crypto.c pulls in libcrypto, libuuid and libargon2).
UTIL_LIBS = src/util/libutil.a $(CRYPTO_LIBS) $(UUID_LIBS) $(ARGON2_LIBS) -lm

check_PROGRAMS += t/util_basics t/util_time t/util_crypto t/util_config
TESTS += t/util_basics t/util_time t/util_crypto t/util_config
t_util_basics_SOURCES = t/util_basics.c t/tap.h
t_util_basics_LDADD = src/util/libutil.a -lm
t_util_time_SOURCES = t/util_time.c t/tap.h
t_util_time_LDADD = $(UTIL_LIBS)
t_util_crypto_SOURCES = t/util_crypto.c t/tap.h
t_util_crypto_LDADD = $(UTIL_LIBS)
t_util_config_SOURCES = t/util_config.c t/tap.h
t_util_config_LDADD = $(UTIL_LIBS)

# URL parsing/normalisation, SSRF address checks and slugs (groundwork for the library issue).
src_util_libutil_a_SOURCES += src/util/url.c src/util/url.h src/util/netaddr.c src/util/netaddr.h src/util/slug.c src/util/slug.h
check_PROGRAMS += t/util_url t/util_netaddr t/util_slug
TESTS += t/util_url t/util_netaddr t/util_slug
t_util_url_SOURCES = t/util_url.c t/tap.h
t_util_url_LDADD = $(UTIL_LIBS)
t_util_netaddr_SOURCES = t/util_netaddr.c t/tap.h
t_util_netaddr_LDADD = $(UTIL_LIBS)
t_util_slug_SOURCES = t/util_slug.c t/tap.h
t_util_slug_LDADD = $(UTIL_LIBS)
