# src/util/local.mk: the util layer (arena, string builder, JSON writer, UTF-8, time, crypto, config, text helpers, URLs, addresses, slugs, whole writes to a descriptor) and its tests.
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
	src/util/url.c src/util/url.h \
	src/util/netaddr.c src/util/netaddr.h \
	src/util/slug.c src/util/slug.h \
	src/util/slots.c src/util/slots.h \
	src/util/libexec.c src/util/libexec.h \
	src/util/fdio.c src/util/fdio.h \
	src/util/limits.h
src_util_libutil_a_CPPFLAGS = $(AM_CPPFLAGS) $(CRYPTO_CFLAGS) $(UUID_CFLAGS) $(ARGON2_CFLAGS)

# What a program linking libutil needs (crypto.c pulls in libcrypto, libuuid and libargon2).
UTIL_LIBS = src/util/libutil.a $(CRYPTO_LIBS) $(UUID_LIBS) $(ARGON2_LIBS) -lm

# Each test is t/NAME.c (Automake's default source) with t/tap.h; all but util_basics link UTIL_LIBS.
UTIL_TESTS = t/util_basics t/util_time t/util_crypto t/util_config t/util_url t/util_netaddr t/util_slug
check_PROGRAMS += $(UTIL_TESTS)
TESTS += $(UTIL_TESTS)
EXTRA_DIST += t/tap.h
t_util_basics_LDADD = src/util/libutil.a -lm
t_util_time_LDADD = $(UTIL_LIBS)
t_util_crypto_LDADD = $(UTIL_LIBS)
t_util_config_LDADD = $(UTIL_LIBS)
t_util_url_LDADD = $(UTIL_LIBS)
t_util_netaddr_LDADD = $(UTIL_LIBS)
t_util_slug_LDADD = $(UTIL_LIBS)
