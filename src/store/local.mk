# src/store/local.mk: the store (libstore.a) on its database drivers (SQLite; PostgreSQL with --with-postgresql), its migrations compiled in from db/ and db/pg/, and its tests.
noinst_LIBRARIES += src/store/libstore.a
src_store_libstore_a_SOURCES = \
	src/store/store.h src/store/store_int.h src/store/feeds_int.h src/store/db.h src/store/db_sqlite.c \
	src/store/store_open.c \
	src/store/store.c src/store/usage.c src/store/user.c src/store/apikey.c src/store/session.c \
	src/store/item.c src/store/label.c src/store/highlight.c src/store/job.c src/store/setting.c src/store/login.c src/store/savetoken.c src/store/share.c \
	src/store/search_query.h src/store/search_query.c src/store/search.h src/store/search.c src/store/fts.c \
	src/store/rank.h src/store/rank.c src/store/search_rank.h src/store/search_rank.c \
	src/store/words.h src/store/words.c src/store/search_index.c src/store/search_pg.h src/store/search_pg.c \
	src/store/bulk.c \
	src/store/filter.c src/store/account.c src/store/personalization.c src/store/import.c \
	src/store/feeds.h src/store/feeds.c \
	src/store/newsletter.c
# uploaded and fetched files (PDFs)
src_store_libstore_a_SOURCES += src/store/file.c src/store/blob.c
# larder migrate-store: a library copied from one database to another
src_store_libstore_a_SOURCES += src/store/copy.c
# larder backup and restore: the online copy, its check, the file in use
src_store_libstore_a_SOURCES += src/store/backup.c src/store/status.c
nodist_src_store_libstore_a_SOURCES = src/store/migrations_gen.c
src_store_libstore_a_CPPFLAGS = $(AM_CPPFLAGS) $(SQLITE_CFLAGS) $(PQ_CFLAGS) $(ICU_CFLAGS)
EXTRA_DIST += src/store/README.md

# What a program linking the store needs (it uses libutil too: link $(UTIL_LIBS) after it).
STORE_LIBS = src/store/libstore.a $(SQLITE_LIBS) $(PQ_LIBS) $(ICU_LIBS) $(STEMMER_LIBS)

# The migrations, applied in this order by `larder init`: one list of names for both engines. Each name NNN_what
# is db/NNN_what.sql (SQLite) and db/pg/NNN_what.sql (PostgreSQL), the same version the same schema (a migration
# with nothing to do on one engine is a file saying so); add new ones at the end. A file in db/ or db/pg/ that is
# not on the list, or a name without its two files, fails the build (t/migrations.sh checks it too).
STORE_MIGRATION_NAMES = 001_init 002_library 003_settings 004_trash 005_logins 006_search_owner 007_save_tokens \
	008_items 009_user 010_import 011_personalization 012_feeds 013_newsletters
# uploaded and fetched PDFs
STORE_MIGRATION_NAMES += 014_files 015_search_speed 016_user_paths 017_item_ids_per_user
# per-user usage against the quotas
STORE_MIGRATION_NAMES += 018_usage
# feed discovery out of the web processes
STORE_MIGRATION_NAMES += 019_feed_scans
# one fair queue for all background work
STORE_MIGRATION_NAMES += 020_work_queue
# an item's labels re-indexed once per change, not once per label row
STORE_MIGRATION_NAMES += 021_label_reindex
# the search row's text and notes bounded, so re-indexing an item has a bound
STORE_MIGRATION_NAMES += 022_search_bounds
# a new label's position and the labels_per_user count read through an index, not every label of the user
STORE_MIGRATION_NAMES += 023_label_position
# words.c's words in the index: stems in the item's language, CJK and Thai words, Hangul bigrams
STORE_MIGRATION_NAMES += 024_search_words
# public read-only share links of single items
STORE_MIGRATION_NAMES += 025_item_shares
# files and imports kept in the database (files_store = database)
STORE_MIGRATION_NAMES += 026_file_blobs
# the sessions page: each session's public id, kind (browser or app), client and extension use
STORE_MIGRATION_NAMES += 027_session_list
# PostgreSQL's tsvector made in C from words.c's words (search_pg.c), every row re-indexed by larder init
STORE_MIGRATION_NAMES += 028_search_words_c
# the saved searches a new account gets (Omnivore's defaultFilter)
STORE_MIGRATION_NAMES += 029_default_filters
STORE_MIGRATION_NAMES += 030_search_vector_lz4
# PostgreSQL's trigger functions keep a generic plan (plan_cache_mode = auto) instead of planning every run
STORE_MIGRATION_NAMES += 031_trigger_plans
# the same saved searches for an account made before 029 that has none
STORE_MIGRATION_NAMES += 032_default_filters_existing
# PostgreSQL: one search row in 8 holds its words once more, a sample the search probe counts (search_pg.c)
STORE_MIGRATION_NAMES += 033_search_samples
# PostgreSQL: each search row holds its seq's buckets, a window the date-order walk reads from the GIN index (search_pg.c)
STORE_MIGRATION_NAMES += 034_search_windows
# PostgreSQL: each search row's words again in 16 parts by the word, so a ranked page reads a 16th of a vector (search_pg.c)
STORE_MIGRATION_NAMES += 035_search_rank_parts
# PostgreSQL: the rank parts' lexemes without the owner's key (15 % smaller), written again by larder init
STORE_MIGRATION_NAMES += 036_search_parts_unkeyed
# PostgreSQL: the search index without a pending list, which every user's searches scanned (db/pg/037)
STORE_MIGRATION_NAMES += 037_search_gin_no_pending
STORE_MIGRATIONS = $(STORE_MIGRATION_NAMES:%=db/%.sql)
STORE_PG_MIGRATIONS = $(STORE_MIGRATION_NAMES:%=db/pg/%.sql)
EXTRA_DIST += $(STORE_MIGRATIONS) $(STORE_PG_MIGRATIONS)
# the embedded list of one engine's migrations: $(EMBED) -list SYMBOL, each name's file in DIR (db or db/pg), after
# checking that DIR holds exactly the listed migrations
STORE_EMBED_MIGRATIONS = \
	for f in $(srcdir)/$$dir/[0-9]*.sql; do \
		n=`basename $$f .sql`; case " $(STORE_MIGRATION_NAMES) " in *" $$n "*) ;; \
		*) echo "$$f: a migration not on STORE_MIGRATION_NAMES (src/store/local.mk)" >&2; exit 1;; esac; \
	done && files= && \
	for n in $(STORE_MIGRATION_NAMES); do files="$$files $(srcdir)/$$dir/$$n.sql"; done && \
	$(EMBED) -list $$sym $$files > $@.tmp && mv $@.tmp $@

# The PostgreSQL backend (configure --with-postgresql): its driver and its migrations
EXTRA_DIST += src/store/db_pg.c
if WITH_POSTGRESQL
src_store_libstore_a_SOURCES += src/store/db_pg.c
nodist_src_store_libstore_a_SOURCES += src/store/pg_migrations_gen.c
BUILT_SOURCES += src/store/pg_migrations_gen.c
endif
CLEANFILES += src/store/pg_migrations_gen.c
src/store/pg_migrations_gen.c: $(STORE_PG_MIGRATIONS) $(top_srcdir)/build-aux/embed.sh $(srcdir)/src/store/local.mk
	$(AM_V_GEN)$(MKDIR_P) src/store && dir=db/pg && sym=store_pg_migrations && $(STORE_EMBED_MIGRATIONS)

BUILT_SOURCES += src/store/migrations_gen.c
CLEANFILES += src/store/migrations_gen.c
src/store/migrations_gen.c: $(STORE_MIGRATIONS) $(top_srcdir)/build-aux/embed.sh $(srcdir)/src/store/local.mk
	$(AM_V_GEN)$(MKDIR_P) src/store && dir=db && sym=store_migrations && $(STORE_EMBED_MIGRATIONS)

check_PROGRAMS += t/store_basic t/store_schema t/store_concurrent t/store_driver
TESTS += t/store_basic t/store_schema t/store_concurrent t/store_driver
t_store_basic_SOURCES = t/store_basic.c t/tap.h
t_store_basic_CPPFLAGS = $(AM_CPPFLAGS) $(SQLITE_CFLAGS)
t_store_basic_LDADD = $(STORE_LIBS) $(UTIL_LIBS)
t_store_schema_SOURCES = t/store_schema.c t/tap.h
t_store_schema_CPPFLAGS = $(AM_CPPFLAGS) $(SQLITE_CFLAGS)
t_store_schema_LDADD = $(STORE_LIBS) $(UTIL_LIBS)
t_store_concurrent_SOURCES = t/store_concurrent.c t/tap.h
t_store_concurrent_LDADD = $(STORE_LIBS) $(UTIL_LIBS)
t_store_driver_SOURCES = t/store_driver.c t/tap.h t/test_db.h
t_store_driver_LDADD = $(STORE_LIBS) $(UTIL_LIBS)

check_PROGRAMS += t/store_items
TESTS += t/store_items
t_store_items_SOURCES = t/store_items.c t/tap.h
t_store_items_LDADD = $(STORE_LIBS) $(UTIL_LIBS)

check_PROGRAMS += t/store_search
TESTS += t/store_search
# the search's words in people's languages (words.c) and the re-index of an upgraded library
check_PROGRAMS += t/store_search_lang
TESTS += t/store_search_lang
t_store_search_lang_SOURCES = t/store_search_lang.c t/tap.h t/test_db.h
t_store_search_lang_LDADD = $(STORE_LIBS) $(UTIL_LIBS)
t_store_search_SOURCES = t/store_search.c t/tap.h
t_store_search_CPPFLAGS = $(AM_CPPFLAGS) $(SQLITE_CFLAGS)
t_store_search_LDADD = $(STORE_LIBS) $(UTIL_LIBS)

# the same search tests with tiny ranking and window thresholds, so a few items take the large-match-set path
check_PROGRAMS += t/store_search_window
TESTS += t/store_search_window
t_store_search_window_SOURCES = t/store_search.c t/tap.h src/store/search.c
t_store_search_window_CPPFLAGS = $(AM_CPPFLAGS) $(SQLITE_CFLAGS) -DSEARCH_WINDOW_TEST -DRANK_MAX=3 -DWINDOW=5
t_store_search_window_LDADD = $(STORE_LIBS) $(UTIL_LIBS)

# the PostgreSQL backend on a throwaway server (SKIP without --with-postgresql or the server programs)
TESTS += t/store_pg.sh t/pg_restart.sh
EXTRA_DIST += t/store_pg.sh t/pg_restart.sh t/pg_lib.sh t/test_db.h

# the C harnesses that open a database (t/store_*, t/svc_*, t/api_*) again, each on a fresh PostgreSQL database
TESTS += t/pg_suite.sh
EXTRA_DIST += t/pg_suite.sh
# the end-to-end tests that reach Larder only through its programs and HTTP, with the library in PostgreSQL
TESTS += t/pg_e2e.sh
EXTRA_DIST += t/pg_e2e.sh

# the one list of migrations matches db/ and db/pg/
TESTS += t/store_migrations.sh
EXTRA_DIST += t/store_migrations.sh

# larder migrate-store: a library made on SQLite moved to a throwaway PostgreSQL and back, answering alike
TESTS += t/migrate_store.sh
EXTRA_DIST += t/migrate_store.sh

# every statement of the store's table explained: no scan of a user table, nor of all a user's items, where an index should serve
check_PROGRAMS += t/store_plans
TESTS += t/store_plans
t_store_plans_SOURCES = t/store_plans.c t/tap.h t/test_db.h
t_store_plans_LDADD = $(STORE_LIBS) $(UTIL_LIBS)

# the long deletes in batches, another connection writing between them, a deletion cut short and asked again
check_PROGRAMS += t/store_batches
TESTS += t/store_batches
t_store_batches_SOURCES = t/store_batches.c t/tap.h t/test_db.h
t_store_batches_LDADD = $(STORE_LIBS) $(UTIL_LIBS)

# a library made at schema 16, upgraded by larder init (017 makes library_items again on SQLite): nothing lost
check_PROGRAMS += t/store_upgrade
TESTS += t/store_upgrade
t_store_upgrade_SOURCES = t/store_upgrade.c t/tap.h t/test_db.h
t_store_upgrade_LDADD = $(STORE_LIBS) $(UTIL_LIBS)
