# src/svc/local.mk: the service layer (libsvc.a): the product's actions, below the GraphQL, HTTP and command-line front ends.
noinst_LIBRARIES += src/svc/libsvc.a
src_svc_libsvc_a_SOURCES = src/svc/svc.h \
	src/svc/ingest.c src/svc/limits.c src/svc/import.h
# accounts, logins, sessions and API keys
src_svc_libsvc_a_SOURCES += src/svc/account.c src/svc/account.h src/svc/throttle.c src/svc/throttle.h \
	src/svc/apikey.c src/svc/apikey.h
src_svc_libsvc_a_CPPFLAGS = $(AM_CPPFLAGS) $(JSONC_CFLAGS) $(GUMBO_CFLAGS) $(ARCHIVE_CFLAGS)

# saving (URL and page), the fetch queue and its detached runner, content export; and svc_save's test
src_svc_libsvc_a_SOURCES += src/svc/save.c src/svc/save.h src/svc/jobs.h src/svc/worker.c src/svc/runner.c \
	src/svc/export.c src/svc/export.h
# storing imports (and, on branch i12-import only, a stand-in for the readers: drop import_read_stub.c with i12-readers)
src_svc_libsvc_a_SOURCES += src/svc/import.c src/svc/import_job.c src/svc/import_read_stub.c
check_PROGRAMS += t/svc_import
TESTS += t/svc_import
t_svc_import_SOURCES = t/svc_import.c t/tap.h
t_svc_import_CPPFLAGS = $(AM_CPPFLAGS) $(SQLITE_CFLAGS)
t_svc_import_LDADD = $(SVC_LIBS)
check_PROGRAMS += t/svc_save
TESTS += t/svc_save
t_svc_save_SOURCES = t/svc_save.c t/tap.h
t_svc_save_LDADD = $(SVC_LIBS)

# What a program using the services needs, in link order.
SVC_LIBS = src/svc/libsvc.a $(STORE_LIBS) $(CONTENT_LIBS) $(UTIL_LIBS) $(ARCHIVE_LIBS) $(CSV_LIBS) -lm

# the account, login and API-key services called directly on a temporary database
check_PROGRAMS += t/svc_account
TESTS += t/svc_account
t_svc_account_SOURCES = t/svc_account.c t/tap.h
t_svc_account_LDADD = $(SVC_LIBS)
