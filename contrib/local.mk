# contrib/local.mk: the development server, quick-start/test/CI scripts, the reliability scripts (the man pages: conf/local.mk).
# larder-serve is needed by the end-to-end tests, so it ships as a check script.
dist_check_SCRIPTS += contrib/larder-serve
EXTRA_DIST += contrib/quickstart contrib/test-all contrib/deps.sh contrib/debian-packages.txt .ci/run
EXTRA_DIST += contrib/reliability/soak contrib/reliability/soak.mjs contrib/reliability/crash contrib/reliability/valgrind \
	contrib/reliability/rss contrib/reliability/rss.mjs contrib/reliability/search-cost contrib/reliability/slowfetch \
	contrib/reliability/hostile-sweep
# several front ends and workers on one PostgreSQL
EXTRA_DIST += contrib/reliability/multinode contrib/reliability/multinode.mjs

# the iOS app's corpus (t/data/clients/omnivore-ios) written again from the app's generated schema code
EXTRA_DIST += contrib/omnivore-ios-corpus
