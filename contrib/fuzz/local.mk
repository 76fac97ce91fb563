# contrib/fuzz/local.mk: libFuzzer targets, built only with --enable-fuzz (CC=clang); contrib/fuzz/run drives them.
if ENABLE_FUZZ
noinst_PROGRAMS += contrib/fuzz/fuzz_gql_parse contrib/fuzz/fuzz_gql_execute contrib/fuzz/fuzz_time \
	contrib/fuzz/fuzz_config contrib/fuzz/fuzz_json_request contrib/fuzz/fuzz_sanitize contrib/fuzz/fuzz_markdown \
	contrib/fuzz/fuzz_extract contrib/fuzz/fuzz_query contrib/fuzz/fuzz_search contrib/fuzz/fuzz_url \
	contrib/fuzz/fuzz_html_bomb contrib/fuzz/fuzz_import contrib/fuzz/fuzz_feed
noinst_PROGRAMS += contrib/fuzz/fuzz_mime
endif
# configure adds -fsanitize=fuzzer-no-link to every object; the targets link libFuzzer's main
FUZZ_LINK = $(AM_LDFLAGS) -fsanitize=fuzzer
FUZZ_CPP = $(AM_CPPFLAGS) $(JSONC_CFLAGS)

contrib_fuzz_fuzz_gql_parse_SOURCES = contrib/fuzz/fuzz_gql_parse.c contrib/fuzz/fuzz_json.h
contrib_fuzz_fuzz_gql_parse_CPPFLAGS = $(FUZZ_CPP)
contrib_fuzz_fuzz_gql_parse_LDFLAGS = $(FUZZ_LINK)
contrib_fuzz_fuzz_gql_parse_LDADD = $(GQL_LIBS)

contrib_fuzz_fuzz_gql_execute_SOURCES = contrib/fuzz/fuzz_gql_execute.c contrib/fuzz/fuzz_schema.h \
	contrib/fuzz/fuzz_json.h
contrib_fuzz_fuzz_gql_execute_CPPFLAGS = $(FUZZ_CPP)
contrib_fuzz_fuzz_gql_execute_LDFLAGS = $(FUZZ_LINK)
contrib_fuzz_fuzz_gql_execute_LDADD = $(GQL_LIBS)

contrib_fuzz_fuzz_time_SOURCES = contrib/fuzz/fuzz_time.c
contrib_fuzz_fuzz_time_LDFLAGS = $(FUZZ_LINK)
contrib_fuzz_fuzz_time_LDADD = $(UTIL_LIBS)

contrib_fuzz_fuzz_config_SOURCES = contrib/fuzz/fuzz_config.c
contrib_fuzz_fuzz_config_LDFLAGS = $(FUZZ_LINK)
contrib_fuzz_fuzz_config_LDADD = $(UTIL_LIBS)

contrib_fuzz_fuzz_json_request_SOURCES = contrib/fuzz/fuzz_json_request.c contrib/fuzz/fuzz_schema.h \
	contrib/fuzz/fuzz_json.h contrib/fuzz/fuzz_store.h
contrib_fuzz_fuzz_json_request_CPPFLAGS = $(FUZZ_CPP)
contrib_fuzz_fuzz_json_request_LDFLAGS = $(FUZZ_LINK)
contrib_fuzz_fuzz_json_request_LDADD = $(WEB_LIBS) $(API_LIBS) $(FCGI_LIBS)

contrib_fuzz_fuzz_sanitize_SOURCES = contrib/fuzz/fuzz_sanitize.c
contrib_fuzz_fuzz_sanitize_LDFLAGS = $(FUZZ_LINK)
contrib_fuzz_fuzz_sanitize_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)

contrib_fuzz_fuzz_markdown_SOURCES = contrib/fuzz/fuzz_markdown.c
contrib_fuzz_fuzz_markdown_LDFLAGS = $(FUZZ_LINK)
contrib_fuzz_fuzz_markdown_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)

contrib_fuzz_fuzz_extract_SOURCES = contrib/fuzz/fuzz_extract.c
contrib_fuzz_fuzz_extract_LDFLAGS = $(FUZZ_LINK)
contrib_fuzz_fuzz_extract_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)

contrib_fuzz_fuzz_html_bomb_SOURCES = contrib/fuzz/fuzz_html_bomb.c contrib/fuzz/fuzz_repeat.h
contrib_fuzz_fuzz_html_bomb_LDFLAGS = $(FUZZ_LINK)
contrib_fuzz_fuzz_html_bomb_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)

contrib_fuzz_fuzz_query_SOURCES = contrib/fuzz/fuzz_query.c
contrib_fuzz_fuzz_query_LDFLAGS = $(FUZZ_LINK)
contrib_fuzz_fuzz_query_LDADD = $(WEB_LIBS) $(API_LIBS) $(FCGI_LIBS)

contrib_fuzz_fuzz_search_SOURCES = contrib/fuzz/fuzz_search.c contrib/fuzz/fuzz_store.h
contrib_fuzz_fuzz_search_LDFLAGS = $(FUZZ_LINK)
contrib_fuzz_fuzz_search_LDADD = $(STORE_LIBS) $(UTIL_LIBS)

contrib_fuzz_fuzz_url_SOURCES = contrib/fuzz/fuzz_url.c
contrib_fuzz_fuzz_url_LDFLAGS = $(FUZZ_LINK)
contrib_fuzz_fuzz_url_LDADD = $(UTIL_LIBS)

contrib_fuzz_fuzz_import_SOURCES = contrib/fuzz/fuzz_import.c
contrib_fuzz_fuzz_import_LDFLAGS = $(FUZZ_LINK)
contrib_fuzz_fuzz_import_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)

# the runner and the seed corpora (one directory per target) ship in the tarball
EXTRA_DIST += contrib/fuzz/run contrib/fuzz/README contrib/fuzz/gql.dict contrib/fuzz/http.dict contrib/fuzz/html.dict \
	contrib/fuzz/search.dict contrib/fuzz/corpus

contrib_fuzz_fuzz_feed_SOURCES = contrib/fuzz/fuzz_feed.c
contrib_fuzz_fuzz_feed_LDFLAGS = $(FUZZ_LINK)
contrib_fuzz_fuzz_feed_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)

# XML bombs: content_xml_read and the feed and OPML readers on a repeated pattern (run gives it -timeout=10)
if ENABLE_FUZZ
noinst_PROGRAMS += contrib/fuzz/fuzz_xml_bomb
endif
contrib_fuzz_fuzz_xml_bomb_SOURCES = contrib/fuzz/fuzz_xml_bomb.c contrib/fuzz/fuzz_repeat.h
contrib_fuzz_fuzz_xml_bomb_CPPFLAGS = $(AM_CPPFLAGS) $(LIBXML_CFLAGS)
contrib_fuzz_fuzz_xml_bomb_LDFLAGS = $(FUZZ_LINK)
contrib_fuzz_fuzz_xml_bomb_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)

contrib_fuzz_fuzz_mime_SOURCES = contrib/fuzz/fuzz_mime.c
contrib_fuzz_fuzz_mime_LDFLAGS = $(FUZZ_LINK)
contrib_fuzz_fuzz_mime_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
# PDFs: content_pdf_read in process (seeds: samples made by t/make-pdf.py)
if ENABLE_FUZZ
noinst_PROGRAMS += contrib/fuzz/fuzz_pdf
endif
contrib_fuzz_fuzz_pdf_SOURCES = contrib/fuzz/fuzz_pdf.c
contrib_fuzz_fuzz_pdf_LDFLAGS = $(FUZZ_LINK)
contrib_fuzz_fuzz_pdf_LDADD = $(CONTENT_LIBS) $(PDF_READ_LIBS) $(UTIL_LIBS)
