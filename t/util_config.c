/* util_config.c: tests of larder.conf parsing: defaults, quoting, comments, errors with line numbers. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/config.h"
#include "util/limits.h"
#include "t/tap.h"

static char dir[] = "/tmp/larder-cfg-XXXXXX";
static char path[256];

static void write_conf(const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(99);
	}
	fputs(text, f);
	fclose(f);
}

static int load(const char *text, struct larder_config *c, char *err, size_t errlen)
{
	write_conf(text);
	return config_load(path, c, err, errlen);
}

static void bad(const char *text, const char *want_err)
{
	struct larder_config c;
	char err[512];
	is_int(load(text, &c, err, sizeof err), -1, "rejected: %s", want_err);
	is_str(err, want_err, "message");
	ok(c.path == NULL && c.database == NULL, "config left empty after an error");
}

int main(void)
{
	struct larder_config c;
	char err[512], want[600];

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 99;
	}
	snprintf(path, sizeof path, "%s/larder.conf", dir);

	is_str(config_default_path("/x/y.conf"), "/x/y.conf", "explicit path wins");
	setenv("LARDER_CONFIG", "/from/env.conf", 1);
	is_str(config_default_path(NULL), "/from/env.conf", "LARDER_CONFIG next");
	setenv("LARDER_CONFIG", "", 1);
	like(config_default_path(NULL), "/larder.conf", "installed default last");
	unsetenv("LARDER_CONFIG");
	like(config_default_path(NULL), "larder/larder.conf", "installed default is under sysconfdir/larder");

	/* defaults */
	is_int(load("# nothing here\n\n   \n", &c, err, sizeof err), 0, "comments and blank lines only");
	is_str(c.path, path, "path kept");
	like(c.database, "/larder.db", "default database");
	ok(c.database[0] == '/', "default database is absolute");
	is_str(c.base_url, "http://127.0.0.1:8080", "default base_url");
	is_int(c.ncors_origins, 4, "four default origins");
	is_str(c.cors_origins[0], "lsp://logseq.io", "origin 1");
	is_str(c.cors_origins[1], "app://obsidian.md", "origin 2");
	is_str(c.cors_origins[2], "capacitor://localhost", "origin 3");
	is_str(c.cors_origins[3], "http://localhost", "origin 4");
	is_int(c.body_limit, LIMIT_BODY_MAX, "default body_limit");
	is_int(c.argon2_t_cost, 3, "default t_cost");
	is_int(c.argon2_m_kib, 65536, "default memory");
	is_int(c.argon2_parallelism, 1, "default parallelism");
	is_int(c.key_touch_interval_s, 60, "default touch interval");
	ok(!c.allow_private_fetch.all && c.allow_private_fetch.n == 0, "private fetch off by default");
	is_int(c.fetch_timeout_s, LIMIT_FETCH_TOTAL_MS / 1000, "default fetch_timeout");
	is_int(c.pdf_read_s, LIMIT_PDF_CPU_MS / 1000, "default pdf_read_seconds");
	is_int(c.login_delay_s, 1, "default login_delay: 1 s");
	is_int(c.login_delay_max_s, 300, "default login_delay_max: 5 minutes");
	is_int(c.login_window_s, 900, "default login_window: 15 minutes");
	is_int(c.fetch_max_bytes, LIMIT_FETCH_BYTES, "default fetch_max_bytes");
	is_int(c.fetch_max_redirects, LIMIT_FETCH_REDIRECTS, "default fetch_max_redirects");
	is_int(c.query_max_bytes, LIMIT_GQL_DOC_BYTES, "default query_max_bytes");
	is_int(c.query_max_depth, LIMIT_GQL_DEPTH, "default query_max_depth");
	is_int(c.query_max_fields, LIMIT_GQL_FIELDS, "default query_max_fields");
	is_int(c.query_max_aliases, LIMIT_GQL_ALIASES, "default query_max_aliases");
	is_int(c.page_size_max, LIMIT_PAGE_SIZE, "default page_size_max");
	is_int(c.searches_per_request, LIMIT_SEARCHES_PER_REQUEST, "default searches_per_request");
	is_int(c.request_cost_max, LIMIT_REQUEST_COST, "default request_cost_max");
	is_int(c.search_time_ms, LIMIT_SEARCH_TIME_MS, "default search_time_ms");
	is_int(c.labels_per_item, LIMIT_LABELS_PER_ITEM, "default labels_per_item");
	is_int(c.labels_per_user, LIMIT_LABELS_PER_USER, "default labels_per_user");
	is_int(c.highlights_per_item, LIMIT_HIGHLIGHTS_PER_ITEM, "default highlights_per_item");
	is_int(c.highlight_max_bytes, LIMIT_HIGHLIGHT_TEXT, "default highlight_max_bytes");
	is_int(c.content_max_bytes, LIMIT_CONTENT_BYTES, "default content_max_bytes");
	is_int(c.fetch_runners, LIMIT_FETCH_RUNNERS, "default fetch_runners");
	is_int(c.fetches_per_user, LIMIT_FETCHES_PER_USER, "default fetches_per_user");
	is_int(c.requests_per_user, LIMIT_REQUESTS_PER_USER, "default requests_per_user");
	is_int((long long)c.import_max_bytes, LIMIT_IMPORT_BYTES, "default import_max_bytes");
	is_int(c.import_fetches_per_minute, LIMIT_IMPORT_FETCHES_PER_MINUTE, "default import_fetches_per_minute");
	{
		/* config_defaults (the tests' configuration) gives what an empty file gives: the same numbers and
		 * switches, the same texts */
		struct larder_config d, same;
		is_int(config_defaults(&d), 0, "config_defaults");
		is_str(d.path, "(defaults)", "config_defaults: its path says so");
		is_str(d.database, c.database, "config_defaults: the default database");
		is_str(d.data_dir, c.data_dir, "config_defaults: data_dir beside it");
		is_str(d.base_url, c.base_url, "config_defaults: the default base_url");
		is_int(d.ncors_origins, c.ncors_origins, "config_defaults: the default origins");
		memcpy(&same, &c, sizeof same); /* c with d's pointers: every other byte must agree */
		same.path = d.path, same.database = d.database, same.data_dir = d.data_dir, same.base_url = d.base_url;
		same.cors_origins = d.cors_origins;
		ok(memcmp(&same, &d, sizeof d) == 0, "config_defaults: every other field as an empty file leaves it");
		config_free(&d);
	}
	config_free(&c);
	ok(c.path == NULL && c.cors_origins == NULL, "config_free clears");
	config_free(&c);

	/* every key */
	is_int(load("database = data/l.db\n"
	            "  base_url=https://example.org/larder/  \n"
	            "cors_origins = \"app://a  app://b\"\n"
	            "\tbody_limit = 2M # two mebibytes\n"
	            "argon2_t_cost = 1\n"
	            "argon2_memory_kib = 64\r\n"
	            "argon2_parallelism = 2\n"
	            "key_touch_interval = 0\n"
	            "allow_private_fetch = Yes\n"
	            "fetch_timeout = 5\n"
	            "fetch_max_bytes = 512K\n"
	            "fetch_max_redirects = 0\n", &c, err, sizeof err), 0, "all keys: %s", err);
	snprintf(want, sizeof want, "%s/data/l.db", dir);
	is_str(c.database, want, "relative database resolved against the config's directory");
	snprintf(want, sizeof want, "%s/data", dir);
	is_str(c.data_dir, want, "data_dir defaults to the database's folder");
	is_str(c.base_url, "https://example.org/larder", "trailing slash dropped");
	is_int(c.ncors_origins, 2, "two origins");
	is_str(c.cors_origins[0], "app://a", "origin a");
	is_str(c.cors_origins[1], "app://b", "origin b");
	is_int(c.body_limit, 2 * 1024 * 1024, "body_limit with suffix and trailing comment");
	is_int(c.argon2_t_cost, 1, "t_cost");
	is_int(c.argon2_m_kib, 64, "memory (CRLF line)");
	is_int(c.argon2_parallelism, 2, "parallelism");
	is_int(c.key_touch_interval_s, 0, "touch interval 0");
	ok(c.allow_private_fetch.all, "allow_private_fetch = Yes");
	is_int(c.fetch_timeout_s, 5, "fetch_timeout");
	is_int(c.fetch_max_bytes, 512 * 1024, "fetch_max_bytes with suffix");
	is_int(c.fetch_max_redirects, 0, "fetch_max_redirects 0");
	config_free(&c);

	/* the abuse limits: smallest values, then largest */
	is_int(load("query_max_bytes = 1K\nquery_max_depth = 2\nquery_max_fields = 1\nquery_max_aliases = 1\n"
	            "page_size_max = 1\nlabels_per_item = 1\nlabels_per_user = 1\nhighlights_per_item = 1\n"
	            "highlight_max_bytes = 16\ncontent_max_bytes = 1024\nfetch_runners = 1\nfetches_per_user = 1\nrequests_per_user = 1\n", &c, err,
	            sizeof err), 0, "limits at their minimum: %s", err);
	ok(c.fetch_runners == 1 && c.fetches_per_user == 1 && c.requests_per_user == 1, "fetch and request limits at their minimum");
	ok(c.query_max_bytes == 1024 && c.query_max_depth == 2 && c.query_max_fields == 1 && c.query_max_aliases == 1,
	   "query limits at their minimum");
	ok(c.page_size_max == 1 && c.labels_per_item == 1 && c.labels_per_user == 1 && c.highlights_per_item == 1,
	   "count limits at their minimum");
	ok(c.highlight_max_bytes == 16 && c.content_max_bytes == 1024, "byte limits at their minimum");
	config_free(&c);
	is_int(load("query_max_bytes = 16M\nquery_max_depth = 256\nquery_max_fields = 1000000\nquery_max_aliases = 100000\n"
	            "page_size_max = 1000\nlabels_per_item = 10000\nlabels_per_user = 1000000\nhighlights_per_item = 1000000\n"
	            "highlight_max_bytes = 16M\ncontent_max_bytes = 16M\nfetch_runners = 64\nfetches_per_user = 1000\nrequests_per_user = 1000\n", &c, err,
	            sizeof err), 0, "limits at their maximum: %s", err);
	ok(c.fetch_runners == 64 && c.fetches_per_user == 1000 && c.requests_per_user == 1000,
	   "fetch and request limits at their maximum");
	ok(c.query_max_bytes == 16 * 1024 * 1024 && c.query_max_depth == 256 && c.query_max_fields == 1000000 &&
	   c.query_max_aliases == 100000, "query limits at their maximum");
	ok(c.page_size_max == LIMIT_PAGE_SIZE_MAX && c.labels_per_item == 10000 && c.labels_per_user == 1000000 &&
	   c.highlights_per_item == 1000000, "count limits at their maximum");
	ok(c.highlight_max_bytes == 16 * 1024 * 1024 && c.content_max_bytes == 16 * 1024 * 1024, "byte limits at their maximum");
	config_free(&c);

	/* the search budgets */
	is_int(load("searches_per_request = 1\nsearch_time_ms = 10\n", &c, err, sizeof err), 0, "search budgets at their minimum: %s", err);
	ok(c.searches_per_request == 1 && c.search_time_ms == 10, "searches_per_request 1, search_time_ms 10");
	config_free(&c);
	is_int(load("searches_per_request = 1000\nsearch_time_ms = 600000\n", &c, err, sizeof err), 0, "at their maximum: %s", err);
	ok(c.searches_per_request == 1000 && c.search_time_ms == 600000, "searches_per_request 1000, search_time_ms 600000");
	config_free(&c);
	is_int(load("search_time_ms = 9\n", &c, err, sizeof err), -1, "search_time_ms 9 refused");
	like(err, "'search_time_ms' must be a number of milliseconds from 10 to 600000", "naming its range");
	is_int(load("request_cost_max = 50\n", &c, err, sizeof err), 0, "request_cost_max at its minimum: %s", err);
	is_int(c.request_cost_max, 50, "request_cost_max 50");
	config_free(&c);
	is_int(load("request_cost_max = 49\n", &c, err, sizeof err), -1, "request_cost_max under a fetch-like field's cost refused");
	like(err, "'request_cost_max' must be a number from 50 to 1000000", "naming its range");
	is_int(load("searches_per_request = 0\n", &c, err, sizeof err), -1, "searches_per_request 0 refused");
	like(err, "'searches_per_request' must be a number from 1 to 1000", "naming its range");

	/* allow_private_fetch: a list of addresses and prefixes, or a boolean */
	is_int(load("allow_private_fetch = 127.0.0.1/32 ::1 # loopback only\n", &c, err, sizeof err), 0,
	       "allow-list: %s", err);
	ok(!c.allow_private_fetch.all, "list is not all");
	is_int(c.allow_private_fetch.n, 2, "two entries");
	{
		struct sockaddr_in s4;
		memset(&s4, 0, sizeof s4);
		s4.sin_family = AF_INET;
		inet_pton(AF_INET, "127.0.0.1", &s4.sin_addr);
		ok(netaddr_allow_match(&c.allow_private_fetch, (struct sockaddr *)&s4), "127.0.0.1 allowed");
		inet_pton(AF_INET, "127.0.0.2", &s4.sin_addr);
		ok(!netaddr_allow_match(&c.allow_private_fetch, (struct sockaddr *)&s4), "127.0.0.2 not allowed");
	}
	config_free(&c);
	is_int(load("allow_private_fetch = \"10.0.0.0/8, 192.168.0.0/16\"\n", &c, err, sizeof err), 0,
	       "quoted comma list: %s", err);
	is_int(c.allow_private_fetch.n, 2, "two entries");
	is_int(c.allow_private_fetch.p[1].bits, 16, "second is a /16");
	config_free(&c);
	is_int(load("allow_private_fetch = off\n", &c, err, sizeof err), 0, "off: %s", err);
	ok(!c.allow_private_fetch.all && c.allow_private_fetch.n == 0, "off allows nothing");
	config_free(&c);

	is_int(load("database = \"/abs/with \\\"quote\\\" # not a comment.db\"\ncors_origins =\n", &c, err, sizeof err), 0,
	       "quoted value: %s", err);
	is_str(c.database, "/abs/with \"quote\" # not a comment.db", "quotes and escapes");
	is_int(c.ncors_origins, 0, "empty origins list");
	config_free(&c);

	/* data_dir: relative to the config's directory; with a PostgreSQL URL it must be given */
	is_int(load("database = postgresql:///larder?host=/run/postgresql\ndata_dir = files\n", &c, err, sizeof err), 0,
	       "a URL and data_dir: %s", err);
	snprintf(want, sizeof want, "%s/files", dir);
	is_str(c.data_dir, want, "data_dir resolved against the config's directory");
	config_free(&c);
	snprintf(want, sizeof want, "%s: 'data_dir' must be set when 'database' is a PostgreSQL URL (the folder for"
	         " fetch runner slots and uploaded imports)", path);
	bad("database = postgres://db.example/larder\n", want);

	/* errors */
	snprintf(want, sizeof want, "%s:2: unknown key 'colour'", path);
	bad("database = /x.db\ncolour = blue\n", want);
	snprintf(want, sizeof want, "%s:1: 'argon2_t_cost' must be a number from 1 to 1000", path);
	bad("argon2_t_cost = three\n", want);
	bad("argon2_t_cost = 0\n", want);
	bad("argon2_t_cost = -1\n", want);
	bad("argon2_t_cost = 99999999999999999999999\n", want);
	snprintf(want, sizeof want, "%s:3: 'body_limit' must be a number of bytes from 1024 to 2G (K, M, G suffixes allowed)", path);
	bad("\n# c\nbody_limit = 12X\n", want);
	snprintf(want, sizeof want, "%s:1: expected `key = value`", path);
	bad("just words\n", want);
	snprintf(want, sizeof want, "%s:1: bad quoted value for 'database'", path);
	bad("database = \"unterminated\n", want);
	snprintf(want, sizeof want, "%s:2: 'database' set twice", path);
	bad("database = /a\ndatabase = /b\n", want);
	snprintf(want, sizeof want, "%s:1: 'base_url' must start with http:// or https://", path);
	bad("base_url = ftp://x\n", want);
	snprintf(want, sizeof want, "%s: 'argon2_memory_kib' must be at least 8 times 'argon2_parallelism'", path);
	bad("argon2_memory_kib = 64\nargon2_parallelism = 16\n", want);
	snprintf(want, sizeof want, "%s:1: 'allow_private_fetch' must be yes, no, or a list of addresses and CIDR "
	         "prefixes: 'maybe' is not an IP address or CIDR prefix", path);
	bad("allow_private_fetch = maybe\n", want);
	snprintf(want, sizeof want, "%s:1: 'allow_private_fetch' must be yes, no, or a list of addresses and CIDR "
	         "prefixes: '10.0.0.0/33' is not an IP address or CIDR prefix", path);
	bad("allow_private_fetch = 127.0.0.1 10.0.0.0/33\n", want);
	snprintf(want, sizeof want, "%s:1: 'allow_private_fetch' must be yes, no, or a list of addresses and CIDR "
	         "prefixes", path);
	bad("allow_private_fetch =\n", want);
	snprintf(want, sizeof want, "%s:1: 'fetch_timeout' must be a number of seconds from 1 to 3600", path);
	bad("fetch_timeout = 0\n", want);
	bad("fetch_timeout = 3601\n", want);
	bad("fetch_timeout = 10s\n", want);
	snprintf(want, sizeof want, "%s:1: 'pdf_read_seconds' must be a number of seconds from 1 to 600", path);
	bad("pdf_read_seconds = 0\n", want);
	bad("pdf_read_seconds = 601\n", want);
	snprintf(want, sizeof want, "%s:1: 'login_delay' must be a number of seconds from 1 to 86400", path);
	bad("login_delay = 0\n", want);
	bad("login_delay = 86401\n", want);
	snprintf(want, sizeof want, "%s:1: 'fetch_max_bytes' must be a number of bytes from 1024 to 1G (K, M, G suffixes allowed)", path);
	bad("fetch_max_bytes = 100\n", want);
	bad("fetch_max_bytes = 2G\n", want);
	snprintf(want, sizeof want, "%s:1: 'fetch_max_redirects' must be a number from 0 to 50", path);
	bad("fetch_max_redirects = 51\n", want);
	bad("fetch_max_redirects = -1\n", want);
	snprintf(want, sizeof want, "%s:1: unknown key ''", path);
	bad("= value\n", want);
	/* the abuse limits: one below the minimum, one above the maximum, not a number */
	{
		static const struct { const char *lo, *hi, *junk, *msg; } lim[] = {
			{ "query_max_bytes = 1023", "query_max_bytes = 16385K", "query_max_bytes = 1T",
			  "'query_max_bytes' must be a number of bytes from 1024 to 16M (K, M suffixes allowed)" },
			{ "query_max_depth = 1", "query_max_depth = 257", "query_max_depth = deep",
			  "'query_max_depth' must be a number from 2 to 256" },
			{ "query_max_fields = 0", "query_max_fields = 1000001", "query_max_fields = 1K",
			  "'query_max_fields' must be a number from 1 to 1000000" },
			{ "query_max_aliases = 0", "query_max_aliases = 100001", "query_max_aliases = -1",
			  "'query_max_aliases' must be a number from 1 to 100000" },
			{ "page_size_max = 0", "page_size_max = 1001", "page_size_max = 1e3",
			  "'page_size_max' must be a number from 1 to 1000" },
			{ "labels_per_item = 0", "labels_per_item = 10001", "labels_per_item = two",
			  "'labels_per_item' must be a number from 1 to 10000" },
			{ "labels_per_user = 0", "labels_per_user = 1000001", "labels_per_user = 1M",
			  "'labels_per_user' must be a number from 1 to 1000000" },
			{ "highlights_per_item = 0", "highlights_per_item = 1000001", "highlights_per_item = ",
			  "'highlights_per_item' must be a number from 1 to 1000000" },
			{ "highlight_max_bytes = 15", "highlight_max_bytes = 17M", "highlight_max_bytes = 1KB",
			  "'highlight_max_bytes' must be a number of bytes from 16 to 16M (K, M suffixes allowed)" },
			{ "content_max_bytes = 1023", "content_max_bytes = 1G", "content_max_bytes = 2X",
			  "'content_max_bytes' must be a number of bytes from 1024 to 16M (K, M suffixes allowed)" },
			{ "fetch_runners = 0", "fetch_runners = 65", "fetch_runners = many",
			  "'fetch_runners' must be a number from 1 to 64" },
			{ "fetches_per_user = 0", "fetches_per_user = 1001", "fetches_per_user = 2.5",
			  "'fetches_per_user' must be a number from 1 to 1000" },
			{ "requests_per_user = 0", "requests_per_user = 1001", "requests_per_user = two",
			  "'requests_per_user' must be a number from 1 to 1000" },
			{ "import_max_bytes = 1023", "import_max_bytes = 3G", "import_max_bytes = lots",
			  "'import_max_bytes' must be a number of bytes from 1024 to 2G (K, M, G suffixes allowed)" },
			{ "import_fetches_per_minute = 0", "import_fetches_per_minute = 100001", "import_fetches_per_minute = 1.5",
			  "'import_fetches_per_minute' must be a number from 1 to 100000" },
		};
		for (size_t i = 0; i < sizeof lim / sizeof lim[0]; i++) {
			char text[128];
			snprintf(want, sizeof want, "%s:1: %s", path, lim[i].msg);
			snprintf(text, sizeof text, "%s\n", lim[i].lo);
			bad(text, want);
			snprintf(text, sizeof text, "%s\n", lim[i].hi);
			bad(text, want);
			snprintf(text, sizeof text, "%s\n", lim[i].junk);
			bad(text, want);
		}
	}

	unlink(path);
	is_int(config_load(path, &c, err, sizeof err), -1, "missing file is an error");
	snprintf(want, sizeof want, "%s: cannot read: No such file or directory", path);
	is_str(err, want, "missing file message");
	rmdir(dir);
	return done_testing();
}
