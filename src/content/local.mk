# src/content/local.mk: the content layer (fetching, HTML parsing and extraction, sanitizing, Markdown, and the readers of feeds, OPML, import files, mail and PDFs) and its tests.
noinst_LIBRARIES += src/content/libcontent.a
EXTRA_DIST += src/content/README.md
# the shared base: the readers' convention (reader.h) and charset decoding
src_content_libcontent_a_SOURCES = \
	src/content/reader.c src/content/reader.h src/content/charset.c src/content/charset.h
# article/: the HTML DOM (gumbo under html_guard), extraction, the sanitizer and its policy, shape, Markdown
src_content_libcontent_a_SOURCES += \
	src/content/article/html.c src/content/article/html.h src/content/article/html_guard.c src/content/article/html_guard.h \
	src/content/article/html_policy.c src/content/article/html_policy.h src/content/article/sanitize.c src/content/article/sanitize.h \
	src/content/article/shape.c src/content/article/shape.h \
	src/content/article/markdown.c src/content/article/markdown.h \
	src/content/article/xhtml.c src/content/article/xhtml.h \
	src/content/article/extract.c src/content/article/extract.h src/content/article/extract_int.h \
	src/content/article/extract_util.c src/content/article/extract_meta.c src/content/article/extract_clean.c \
	src/content/article/extract_precise.c \
	src/content/article/extract_strip.c
# fetch/: one page over http(s)
src_content_libcontent_a_SOURCES += src/content/fetch/fetch.c src/content/fetch/fetch.h
# feeds/: RSS, Atom, JSON Feed, OPML, discovery, and the one safe XML parse
src_content_libcontent_a_SOURCES += \
	src/content/feeds/xml.c src/content/feeds/xml.h src/content/feeds/xml_guard.c src/content/feeds/xml_guard.h \
	src/content/feeds/feed.h src/content/feeds/feed_int.h src/content/feeds/feed.c src/content/feeds/feed_read.c \
	src/content/feeds/feed_xml.c src/content/feeds/feed_json.c src/content/feeds/feed_find.c src/content/feeds/opml.c
# transfer/: the import readers and the export zip writer
src_content_libcontent_a_SOURCES += \
	src/content/transfer/import.h src/content/transfer/import_int.h src/content/transfer/import_read.c src/content/transfer/import_util.c \
	src/content/transfer/import_csv.c src/content/transfer/import_html.c src/content/transfer/import_json.c \
	src/content/transfer/import_urls.c src/content/transfer/import_omnivore.c src/content/transfer/import_pocket.c \
	src/content/transfer/omnivore_format.h src/content/transfer/omnivore_md.c \
	src/content/transfer/zipw.c src/content/transfer/zipw.h src/content/transfer/epubw.c src/content/transfer/epubw.h
# mail/: one e-mail message (newsletters) read with GMime
src_content_libcontent_a_SOURCES += src/content/mail/mime.c src/content/mail/mime.h src/content/mail/mime_int.h \
	src/content/mail/mime_body.c src/content/mail/mime_words.c
src_content_libcontent_a_CPPFLAGS = $(AM_CPPFLAGS) $(GUMBO_CFLAGS) $(JSONC_CFLAGS) $(CURL_CFLAGS) $(LIBXML_CFLAGS) $(ARCHIVE_CFLAGS) $(GMIME_CFLAGS)
# PDFs: text read with poppler by the larder-pdf helper (src/cmd/local.mk) in a child process under limits; only
# what calls content_pdf_records (pdf_poppler.c: the helper, t/content_pdf, the fuzzer) links $(PDF_READ_LIBS)
src_content_libcontent_a_SOURCES += src/content/pdf/pdf.c src/content/pdf/pdf.h src/content/pdf/pdf_int.h \
	src/content/pdf/pdf_info.c src/content/pdf/pdf_poppler.c
src_content_libcontent_a_CPPFLAGS += $(POPPLER_CFLAGS)
PDF_READ_LIBS = $(POPPLER_LIBS)

# What a program linking the content layer needs (with $(UTIL_LIBS) after it); a web program calls neither the
# fetcher (libcurl) nor the MIME reader (GMime): CONTENT_WEB_LIBS, so calling them there fails to link
CONTENT_WEB_LIBS = src/content/libcontent.a $(GUMBO_LIBS) $(JSONC_LIBS) $(LIBXML_LIBS) $(ARCHIVE_LIBS) $(CSV_LIBS)
CONTENT_LIBS = $(CONTENT_WEB_LIBS) $(CURL_LIBS) $(GMIME_LIBS)

check_PROGRAMS += t/content_html t/content_charset
TESTS += t/content_html t/content_charset
t_content_html_SOURCES = t/content_html.c t/tap.h
t_content_html_CPPFLAGS = $(AM_CPPFLAGS) $(GUMBO_CFLAGS)
t_content_html_LDADD = $(CONTENT_LIBS) src/util/libutil.a -lm
# html_parse on hostile shapes: attribute bombs, desync tricks, the parse budget and its fallback
check_PROGRAMS += t/content_html_bomb
TESTS += t/content_html_bomb
t_content_html_bomb_SOURCES = t/content_html_bomb.c t/tap.h
t_content_html_bomb_CPPFLAGS = $(AM_CPPFLAGS) $(GUMBO_CFLAGS)
t_content_html_bomb_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
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
	-DCORPUS_DEFAULT='"$(abs_top_srcdir)/../shared/corpus/readability"' \
	-DRECALL_FLOOR_FILE='"$(abs_top_srcdir)/t/extract_corpus_floor.txt"' \
	-DBOILER_FILE='"$(abs_top_srcdir)/t/extract_corpus_boiler.txt"'
t_extract_corpus_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
# no words run together at block boundaries (extract's text, the index's, the Markdown export) on real pages
check_PROGRAMS += t/text_glue
TESTS += t/text_glue
t_text_glue_SOURCES = t/text_glue.c t/extract_score.h t/tap.h
t_text_glue_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir) $(JSONC_CFLAGS) \
	-DCORPUS_DEFAULT='"$(abs_top_srcdir)/../shared/corpus/readability"' \
	-DRECALL_FLOOR_FILE='"$(abs_top_srcdir)/t/extract_corpus_floor.txt"' \
	-DBOILER_FILE='"$(abs_top_srcdir)/t/extract_corpus_boiler.txt"' -DREAL_DEFAULT='"$(abs_top_srcdir)/t/data/real"'
t_text_glue_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
check_PROGRAMS += t/content_sanitize t/content_markdown
TESTS += t/content_sanitize t/content_markdown
t_content_sanitize_SOURCES = t/content_sanitize.c t/tap.h
t_content_sanitize_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
t_content_markdown_SOURCES = t/content_markdown.c t/tap.h
t_content_markdown_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
EXTRA_DIST += t/data/xss/payloads.txt t/data/xss/benign.html
# the fetcher against t/js/testserver.mjs on a loopback port (t/content_fetch.sh starts it)
check_PROGRAMS += t/content_fetch
TESTS += t/content_fetch.sh
dist_check_SCRIPTS += t/content_fetch.sh
EXTRA_DIST += t/js/testserver.mjs t/testserver_lib.sh
t_content_fetch_SOURCES = t/content_fetch.c t/tap.h
t_content_fetch_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)

# the feed readers (RSS, Atom, JSON Feed, OPML, discovery) on the samples of t/data/feeds, the hostile ones included
check_PROGRAMS += t/content_xml_bomb
TESTS += t/content_xml_bomb
t_content_xml_bomb_SOURCES = t/content_xml_bomb.c t/tap.h
t_content_xml_bomb_CPPFLAGS = $(AM_CPPFLAGS) $(LIBXML_CFLAGS)
t_content_xml_bomb_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)

check_PROGRAMS += t/content_feed
TESTS += t/content_feed
t_content_feed_SOURCES = t/content_feed.c t/tap.h
t_content_feed_CPPFLAGS = $(AM_CPPFLAGS) -DFEEDS_DIR='"$(abs_top_srcdir)/t/data/feeds"'
t_content_feed_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
EXTRA_DIST += t/data/feeds

# the import readers on the samples of t/data/import: every record field by field, the bad rows, detection
check_PROGRAMS += t/content_import_read
TESTS += t/content_import_read
t_content_import_read_SOURCES = t/content_import_read.c t/tap.h
t_content_import_read_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS) -lm
EXTRA_DIST += t/data/import

# content_mime_read on the sample messages of t/data/mail (encodings, charsets, nesting, a confirmation, broken and bomb mails)
check_PROGRAMS += t/content_mime
TESTS += t/content_mime
t_content_mime_SOURCES = t/content_mime.c t/tap.h
t_content_mime_CPPFLAGS = $(AM_CPPFLAGS) -DMAIL_DIR='"$(abs_top_srcdir)/t/data/mail"'
t_content_mime_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
EXTRA_DIST += t/data/mail
# content_pdf_read on the samples t/make-pdf.py made: pages, info, the article, bad and encrypted files, the limits
check_PROGRAMS += t/content_pdf
TESTS += t/content_pdf
t_content_pdf_SOURCES = t/content_pdf.c t/tap.h
t_content_pdf_CPPFLAGS = $(AM_CPPFLAGS) -DPDF_DIR='"$(abs_top_srcdir)/t/data/pdf"'
t_content_pdf_LDADD = $(CONTENT_LIBS) $(PDF_READ_LIBS) $(UTIL_LIBS)
EXTRA_DIST += t/data/pdf t/make-pdf.py

# no two files of the content layer call each other, directly or through others (nm and tsort on libcontent.a)
TESTS += t/content_cycles.sh
dist_check_SCRIPTS += t/content_cycles.sh
