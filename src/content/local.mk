# src/content/local.mk: the content layer (HTML parsing into an editable tree, serializing, charsets) and its tests.
noinst_LIBRARIES += src/content/libcontent.a
src_content_libcontent_a_SOURCES = \
	src/content/html.c src/content/html.h \
	src/content/charset.c src/content/charset.h \
	src/content/extract.c src/content/extract.h src/content/extract_int.h \
	src/content/extract_util.c src/content/extract_meta.c src/content/extract_clean.c \
	src/content/extract_strip.c
src_content_libcontent_a_CPPFLAGS = $(AM_CPPFLAGS) $(GUMBO_CFLAGS) $(JSONC_CFLAGS)

# What a program linking the content layer needs (with $(UTIL_LIBS) after it).
CONTENT_LIBS = src/content/libcontent.a $(GUMBO_LIBS) $(JSONC_LIBS)

check_PROGRAMS += t/content_html t/content_charset
TESTS += t/content_html t/content_charset
t_content_html_SOURCES = t/content_html.c t/tap.h
t_content_html_CPPFLAGS = $(AM_CPPFLAGS) $(GUMBO_CFLAGS)
t_content_html_LDADD = $(CONTENT_LIBS) src/util/libutil.a -lm
t_content_charset_SOURCES = t/content_charset.c t/tap.h
t_content_charset_LDADD = $(CONTENT_LIBS) src/util/libutil.a -lm

# the extractor: unit tests, and the Readability corpus (skips when ../shared/corpus is absent)
check_PROGRAMS += t/content_extract t/extract_corpus
TESTS += t/content_extract t/extract_corpus
t_content_extract_SOURCES = t/content_extract.c t/tap.h
t_content_extract_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)
t_content_extract_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
t_extract_corpus_SOURCES = t/extract_corpus.c t/extract_score.h t/tap.h
t_extract_corpus_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir) $(JSONC_CFLAGS) \
	-DCORPUS_DEFAULT='"$(abs_top_srcdir)/../shared/corpus/readability"'
t_extract_corpus_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
