# src/svc/local.mk: the service layer (libsvc.a): the product's actions, below the GraphQL, HTTP and command-line front ends.
# svc_ingest parses each page once and stores what re-parsing would (the Readability corpus and hostile shapes)
check_PROGRAMS += t/svc_ingest
TESTS += t/svc_ingest
t_svc_ingest_SOURCES = t/svc_ingest.c t/tap.h
t_svc_ingest_CPPFLAGS = $(AM_CPPFLAGS) \
	-DCORPUS_DEFAULT='"$(abs_top_srcdir)/../shared/corpus/readability"'
t_svc_ingest_LDADD = $(SVC_LIBS)

noinst_LIBRARIES += src/svc/libsvc.a
src_svc_libsvc_a_SOURCES = src/svc/svc.h \
	src/svc/ingest.c src/svc/limits.c
src_svc_libsvc_a_CPPFLAGS = $(AM_CPPFLAGS) $(JSONC_CFLAGS) $(GUMBO_CFLAGS)

# What a program using the services needs, in link order.
SVC_LIBS = src/svc/libsvc.a $(STORE_LIBS) $(CONTENT_LIBS) $(UTIL_LIBS) -lm
