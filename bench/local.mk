# bench/local.mk: the core benchmark's programs; built by `make bench` only (not by all, check or install).
EXTRA_PROGRAMS += bench/engine_bench bench/minimal_fcgi
bench_engine_bench_SOURCES = bench/engine_bench.c
bench_engine_bench_CPPFLAGS = $(AM_CPPFLAGS) $(JSONC_CFLAGS)
bench_engine_bench_LDADD = $(GQL_LIBS)
bench_minimal_fcgi_SOURCES = bench/minimal_fcgi.c
bench_minimal_fcgi_LDADD = $(FCGI_LIBS)
EXTRA_DIST += bench/run-core bench/post.lua bench/engine_bench.mjs bench/bench.graphql \
	bench/me.graphql bench/search.graphql bench/search.json
CLEANFILES += bench/engine_bench$(EXEEXT) bench/minimal_fcgi$(EXEEXT)

# the search benchmark (bench/search-bench): in-process search and saves, and the FTS5 baseline responder
EXTRA_PROGRAMS += bench/search_bench bench/minimal_search_fcgi
bench_search_bench_SOURCES = bench/search_bench.c
bench_search_bench_LDADD = $(STORE_LIBS) $(UTIL_LIBS)
bench_minimal_search_fcgi_SOURCES = bench/minimal_search_fcgi.c
bench_minimal_search_fcgi_CPPFLAGS = $(AM_CPPFLAGS) $(SQLITE_CFLAGS)
bench_minimal_search_fcgi_LDADD = $(FCGI_LIBS) $(STORE_LIBS) $(UTIL_LIBS)
EXTRA_DIST += bench/search-bench bench/library-http bench/http_lib.sh
CLEANFILES += bench/search_bench$(EXEEXT) bench/minimal_search_fcgi$(EXEEXT)
.PHONY: bench-search
bench-search: bench/search_bench$(EXEEXT) bench/minimal_search_fcgi$(EXEEXT) src/cmd/graphql.fcgi$(EXEEXT) src/cmd/larder$(EXEEXT)
	bash $(top_srcdir)/bench/search-bench -B $(abs_top_builddir)
	bash $(top_srcdir)/bench/library-http -B $(abs_top_builddir)

# SQLite beside PostgreSQL (bench/pg-bench): saves/s with 4 front-end processes, search over growing libraries
EXTRA_DIST += bench/pg-bench
.PHONY: bench-pg
bench-pg: bench/search_bench$(EXEEXT) src/cmd/graphql.fcgi$(EXEEXT) src/cmd/larder$(EXEEXT)
	bash $(top_srcdir)/bench/pg-bench -B $(abs_top_builddir)

# the same, as one user's library grows to 1,000,000 articles (bench/pg-grow; ~31 GB of disk while it runs)
EXTRA_DIST += bench/pg-grow bench/pg_bench_lib.sh
# what the GIN index of the search words costs a save, with and without its pending list (bench/pg-gin-upkeep)
EXTRA_DIST += bench/pg-gin-upkeep
.PHONY: bench-pg-grow
bench-pg-grow: bench/search_bench$(EXEEXT) src/cmd/graphql.fcgi$(EXEEXT) src/cmd/larder$(EXEEXT)
	bash $(top_srcdir)/bench/pg-grow -B $(abs_top_builddir)

# one large library's costs through nginx: the export, lookups by slug, emptyTrash while another user writes
EXTRA_DIST += bench/library-costs
.PHONY: bench-library-costs
bench-library-costs: bench/search_bench$(EXEEXT) src/cmd/graphql.fcgi$(EXEEXT) src/cmd/larder$(EXEEXT)
	bash $(top_srcdir)/bench/library-costs -B $(abs_top_builddir)

# `make bench` builds what bench/run-core measures; `make bench-run` also runs it.
.PHONY: bench bench-run
bench: bench/engine_bench$(EXEEXT) bench/minimal_fcgi$(EXEEXT) src/cmd/graphql.fcgi$(EXEEXT) src/cmd/larder$(EXEEXT)
bench-run: bench
	bash $(top_srcdir)/bench/run-core -B $(abs_top_builddir)

# the extractor against Readability (bench/extract-bench drives it; not part of make check)
EXTRA_PROGRAMS += bench/extract_bench
bench_extract_bench_SOURCES = bench/extract_bench.c bench/cpu_clock.h t/extract_score.h
bench_extract_bench_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir) $(JSONC_CFLAGS)
bench_extract_bench_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
EXTRA_DIST += bench/extract-bench bench/extract_bench.mjs
CLEANFILES += bench/extract_bench$(EXEEXT)
bench: bench/extract_bench$(EXEEXT)
.PHONY: bench-extract
bench-extract: bench/extract_bench$(EXEEXT)
	bash $(top_srcdir)/bench/extract-bench -B $(abs_top_builddir)

# the extraction evaluation on public benchmarks (bench/extract-eval drives it; not part of make check)
EXTRA_PROGRAMS += bench/extract_eval
bench_extract_eval_SOURCES = bench/extract_eval.c bench/cpu_clock.h t/extract_score.h
bench_extract_eval_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir) $(JSONC_CFLAGS)
bench_extract_eval_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
EXTRA_DIST += bench/extract-eval bench/extract_eval_data.mjs bench/extract_eval_data.sha256 \
	bench/extract_eval_run.mjs bench/extract_eval_score.mjs bench/extract_common.mjs \
	bench/extract_eval_py.py bench/extract_eval_boilerpipe.java bench/extract_eval_goose.go \
	bench/extract_eval_sources.md
CLEANFILES += bench/extract_eval$(EXEEXT)
# GoOse's runner, built with Debian's Go packages when bench/extract-eval or t/extract_eval.sh asks for it
# (not part of all: Go is only a test and bench package)
bench/extract_eval_goose$(EXEEXT): $(top_srcdir)/bench/extract_eval_goose.go
	$(AM_V_GEN)cd $(top_srcdir)/bench && GOPATH=/usr/share/gocode GO111MODULE=off GOFLAGS= \
		GOCACHE=$(abs_top_builddir)/bench/go-cache go build -o $(abs_top_builddir)/bench/extract_eval_goose$(EXEEXT) extract_eval_goose.go
CLEANFILES += bench/extract_eval_goose$(EXEEXT)
bench: bench/extract_eval$(EXEEXT)
.PHONY: bench-extract-eval
bench-extract-eval: bench/extract_eval$(EXEEXT)
	bash $(top_srcdir)/bench/extract-eval -B $(abs_top_builddir)

# html_parse, extract and sanitize on hostile HTML shapes (bench/html-bench drives it; not part of make check)
EXTRA_PROGRAMS += bench/html_bench
bench_html_bench_SOURCES = bench/html_bench.c
bench_html_bench_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
EXTRA_DIST += bench/html-bench
CLEANFILES += bench/html_bench$(EXEEXT)
bench: bench/html_bench$(EXEEXT)
.PHONY: bench-html
bench-html: bench/html_bench$(EXEEXT)
	bash $(top_srcdir)/bench/html-bench -B $(abs_top_builddir)

# content_opml_read / content_feed_read on hostile XML shapes (run by hand: bench/xml_bench SHAPE N ...; not part of make check)
EXTRA_PROGRAMS += bench/xml_bench
bench_xml_bench_SOURCES = bench/xml_bench.c
bench_xml_bench_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
CLEANFILES += bench/xml_bench$(EXEEXT)
bench: bench/xml_bench$(EXEEXT)

# Omnivore's export zip round trip on a generated library (bench/import-export-bench drives it; not part of make check)
EXTRA_PROGRAMS += bench/omnivore_bench
bench_omnivore_bench_SOURCES = bench/omnivore_bench.c
bench_omnivore_bench_LDADD = $(SVC_LIBS)
EXTRA_DIST += bench/import-export-bench
CLEANFILES += bench/omnivore_bench$(EXEEXT)
bench: bench/omnivore_bench$(EXEEXT)
.PHONY: bench-omnivore
bench-omnivore: bench/omnivore_bench$(EXEEXT) src/cmd/larder$(EXEEXT)
	bash $(top_srcdir)/bench/import-export-bench -B $(abs_top_builddir)

# start-up under plain CGI (bench/cgi-start): graphql.fcgi's `me` run as a CGI program beside a minimal C CGI program
EXTRA_PROGRAMS += bench/minimal_cgi bench/cgi_start
bench_minimal_cgi_SOURCES = bench/minimal_cgi.c
bench_minimal_cgi_LDADD =
bench_cgi_start_SOURCES = bench/cgi_start.c
bench_cgi_start_LDADD =
EXTRA_DIST += bench/cgi-start
CLEANFILES += bench/minimal_cgi$(EXEEXT) bench/cgi_start$(EXEEXT)
.PHONY: bench-cgi-programs bench-cgi
bench-cgi-programs: bench/minimal_cgi$(EXEEXT) bench/cgi_start$(EXEEXT) src/cmd/graphql.fcgi$(EXEEXT) src/cmd/larder$(EXEEXT)
bench: bench-cgi-programs
bench-cgi: bench-cgi-programs
	bash $(top_srcdir)/bench/cgi-start -B $(abs_top_builddir)

# the search's ranking measured on a labelled set of real articles (bench/rank-eval; RANK-EVAL.md)
EXTRA_PROGRAMS += bench/rank_eval
bench_rank_eval_SOURCES = bench/rank_eval.c
bench_rank_eval_LDADD = $(STORE_LIBS) $(UTIL_LIBS) -lm
EXTRA_DIST += bench/rank-eval bench/rank_eval_prep.mjs bench/RANK-EVAL.md bench/SOURCES.md
CLEANFILES += bench/rank_eval$(EXEEXT)
.PHONY: bench-rank
bench-rank: bench/rank_eval$(EXEEXT)
	bash $(top_srcdir)/bench/rank-eval -B $(abs_top_builddir)

# the extractor's metadata against pages whose metadata is known (bench/meta-eval drives it; not part of make check)
EXTRA_PROGRAMS += bench/meta_eval
bench_meta_eval_SOURCES = bench/meta_eval.c t/extract_score.h
bench_meta_eval_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir) $(JSONC_CFLAGS)
bench_meta_eval_LDADD = $(CONTENT_LIBS) $(UTIL_LIBS)
EXTRA_DIST += bench/meta-eval bench/meta_truth.py
CLEANFILES += bench/meta_eval$(EXEEXT)
.PHONY: bench-meta
bench-meta: bench/meta_eval$(EXEEXT)
	bash $(top_srcdir)/bench/meta-eval -B $(abs_top_builddir)
