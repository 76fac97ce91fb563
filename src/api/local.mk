# src/api/local.mk: the resolvers (libapi.a), the schema SDL compiled in and installed, and their tests.
noinst_LIBRARIES += src/api/libapi.a
src_api_libapi_a_SOURCES = \
	src/api/api.h src/api/api_int.h \
	src/api/api.c src/api/user.c src/api/apikey.c src/api/session.c src/api/defaults.c \
	src/api/item.c src/api/paging.c src/api/library.c src/api/label.c src/api/highlight.c \
	src/api/save.c src/api/search.c \
	src/api/bulk.c src/api/highlights.c src/api/typeahead.c src/api/saving_request.c \
	src/api/filter.c src/api/account.c \
	src/api/articles.c src/api/personalization.c src/api/unoffered.c src/api/policy.c \
	src/api/import.c src/api/feeds.c \
	src/api/newsletter.c
# uploadFileRequest, saveFile and a PDF item's file URLs
src_api_libapi_a_SOURCES += src/api/upload.c
nodist_src_api_libapi_a_SOURCES = src/api/schema_sdl.c
src_api_libapi_a_CPPFLAGS = $(AM_CPPFLAGS) $(JSONC_CFLAGS) $(GUMBO_CFLAGS)

# What a program linking the resolvers needs, in link order.
API_LIBS = src/api/libapi.a $(SVC_LIBS) $(GQL_LIBS) $(UTIL_LIBS) -lm
# the web programs' (src/web/local.mk): the same without the fetcher's and the MIME reader's libraries
API_WEB_LIBS = src/api/libapi.a $(SVC_WEB_LIBS) $(GQL_LIBS) $(UTIL_LIBS) -lm

# The SDL is the single source of truth: compiled in, and installed for users to read.
larderschemadir = $(pkgdatadir)
larderschema_DATA = schema/larder.graphql
EXTRA_DIST += schema/larder.graphql
BUILT_SOURCES += src/api/schema_sdl.c
CLEANFILES += src/api/schema_sdl.c
src/api/schema_sdl.c: $(top_srcdir)/schema/larder.graphql $(top_srcdir)/build-aux/embed.sh
	$(AM_V_GEN)$(MKDIR_P) src/api && \
	$(EMBED) larder_schema_sdl $(top_srcdir)/schema/larder.graphql > $@.tmp && mv $@.tmp $@

# the resolver tests: t/api_NAME.c with the shared harness, each linked as LDADD says (Makefile.am: the resolvers)
API_TESTS = t/api_schema t/api_me t/api_keys t/api_date t/api_defaults t/api_library t/api_clients \
	t/api_items2 t/api_user2 t/api_rest
check_PROGRAMS += $(API_TESTS)
TESTS += $(API_TESTS)
EXTRA_DIST += t/api_harness.h t/test_config.h
# the documents real Omnivore clients send (t/api_clients runs each; EXPECTED lists those that cannot pass yet)
EXTRA_DIST += t/data/clients

# the item and highlight calls of issue 12 through graphql.fcgi run as CGI
TESTS += t/cgi_items2.sh
dist_check_SCRIPTS += t/cgi_items2.sh
src_api_libapi_a_SOURCES += src/api/share.c
