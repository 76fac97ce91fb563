# src/content/local.mk: the content layer (HTML parsing into an editable tree, serializing, charsets) and its tests.
noinst_LIBRARIES += src/content/libcontent.a
src_content_libcontent_a_SOURCES = \
	src/content/html.c src/content/html.h \
	src/content/charset.c src/content/charset.h \
	src/content/sanitize.c src/content/sanitize.h \
	src/content/markdown.c src/content/markdown.h
src_content_libcontent_a_CPPFLAGS = $(AM_CPPFLAGS) $(GUMBO_CFLAGS)

# What a program linking the content layer needs (with $(UTIL_LIBS) after it).
CONTENT_LIBS = src/content/libcontent.a $(GUMBO_LIBS)

check_PROGRAMS += t/content_html t/content_charset
TESTS += t/content_html t/content_charset
t_content_html_SOURCES = t/content_html.c t/tap.h
t_content_html_CPPFLAGS = $(AM_CPPFLAGS) $(GUMBO_CFLAGS)
t_content_html_LDADD = $(CONTENT_LIBS) src/util/libutil.a -lm
t_content_charset_SOURCES = t/content_charset.c t/tap.h
t_content_charset_LDADD = $(CONTENT_LIBS) src/util/libutil.a -lm

check_PROGRAMS += t/content_sanitize t/content_markdown
TESTS += t/content_sanitize t/content_markdown
t_content_sanitize_SOURCES = t/content_sanitize.c t/tap.h
t_content_sanitize_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
t_content_markdown_SOURCES = t/content_markdown.c t/tap.h
t_content_markdown_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
EXTRA_DIST += t/data/xss/payloads.txt t/data/xss/benign.html
