/* util_config.c: tests of larder.conf parsing: defaults, quoting, comments, errors with line numbers. */
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
	ok(!c.allow_private_fetch, "private fetch off by default");
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
	            "allow_private_fetch = Yes\n", &c, err, sizeof err), 0, "all keys: %s", err);
	snprintf(want, sizeof want, "%s/data/l.db", dir);
	is_str(c.database, want, "relative database resolved against the config's directory");
	is_str(c.base_url, "https://example.org/larder", "trailing slash dropped");
	is_int(c.ncors_origins, 2, "two origins");
	is_str(c.cors_origins[0], "app://a", "origin a");
	is_str(c.cors_origins[1], "app://b", "origin b");
	is_int(c.body_limit, 2 * 1024 * 1024, "body_limit with suffix and trailing comment");
	is_int(c.argon2_t_cost, 1, "t_cost");
	is_int(c.argon2_m_kib, 64, "memory (CRLF line)");
	is_int(c.argon2_parallelism, 2, "parallelism");
	is_int(c.key_touch_interval_s, 0, "touch interval 0");
	ok(c.allow_private_fetch, "allow_private_fetch = Yes");
	config_free(&c);

	is_int(load("database = \"/abs/with \\\"quote\\\" # not a comment.db\"\ncors_origins =\n", &c, err, sizeof err), 0,
	       "quoted value: %s", err);
	is_str(c.database, "/abs/with \"quote\" # not a comment.db", "quotes and escapes");
	is_int(c.ncors_origins, 0, "empty origins list");
	config_free(&c);

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
	snprintf(want, sizeof want, "%s:1: 'allow_private_fetch' must be yes or no", path);
	bad("allow_private_fetch = maybe\n", want);
	snprintf(want, sizeof want, "%s:1: unknown key ''", path);
	bad("= value\n", want);

	unlink(path);
	is_int(config_load(path, &c, err, sizeof err), -1, "missing file is an error");
	snprintf(want, sizeof want, "%s: cannot read: No such file or directory", path);
	is_str(err, want, "missing file message");
	rmdir(dir);
	return done_testing();
}
