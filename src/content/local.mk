# src/content/local.mk: the content layer (page fetching, HTML parsing into an editable tree, serializing, charsets) and its tests.
noinst_LIBRARIES += src/content/libcontent.a
src_content_libcontent_a_SOURCES = \
	src/content/html.c src/content/html.h \
	src/content/charset.c src/content/charset.h \
	src/content/fetch.c src/content/fetch.h
src_content_libcontent_a_CPPFLAGS = $(AM_CPPFLAGS) $(GUMBO_CFLAGS) $(CURL_CFLAGS)

# What a program linking the content layer needs (with $(UTIL_LIBS) after it).
CONTENT_LIBS = src/content/libcontent.a $(GUMBO_LIBS) $(CURL_LIBS)

check_PROGRAMS += t/content_html t/content_charset
TESTS += t/content_html t/content_charset
t_content_html_SOURCES = t/content_html.c t/tap.h
t_content_html_CPPFLAGS = $(AM_CPPFLAGS) $(GUMBO_CFLAGS)
t_content_html_LDADD = $(CONTENT_LIBS) src/util/libutil.a -lm
t_content_charset_SOURCES = t/content_charset.c t/tap.h
t_content_charset_LDADD = $(CONTENT_LIBS) src/util/libutil.a -lm

# the fetcher against t/js/testserver.mjs on a loopback port (t/content_fetch.sh starts it)
check_PROGRAMS += t/content_fetch
TESTS += t/content_fetch.sh
dist_check_SCRIPTS += t/content_fetch.sh
EXTRA_DIST += t/js/testserver.mjs t/testserver_lib.sh
t_content_fetch_SOURCES = t/content_fetch.c t/tap.h
t_content_fetch_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
