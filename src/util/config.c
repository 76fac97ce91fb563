/* config.c: reads larder.conf (`key = value`, `#` comments, optional double quotes) into struct larder_config. */
#include "util/config.h"

#include <errno.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/limits.h"

#ifndef LARDER_SYSCONFDIR
#define LARDER_SYSCONFDIR "/etc/larder"
#endif
#ifndef LARDER_LOCALSTATEDIR
#define LARDER_LOCALSTATEDIR "/var/lib/larder"
#endif

#define CONFIG_LINE_MAX 8192
#define DEFAULT_BASE_URL "http://127.0.0.1:8080"
#define DEFAULT_CORS "lsp://logseq.io app://obsidian.md capacitor://localhost http://localhost"

const char *config_default_path(const char *explicit_path)
{
	const char *env;
	if (explicit_path && *explicit_path)
		return explicit_path;
	env = getenv("LARDER_CONFIG");
	if (env && *env)
		return env;
	return LARDER_SYSCONFDIR "/larder.conf";
}

__attribute__((format(printf, 5, 6)))
static int fail(char *err, size_t errlen, const char *path, unsigned line, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (err && errlen) {
		if (line)
			snprintf(err, errlen, "%s:%u: %s", path, line, msg);
		else
			snprintf(err, errlen, "%s: %s", path, msg);
	}
	return -1;
}

static void free_origins(struct larder_config *c)
{
	for (size_t i = 0; i < c->ncors_origins; i++)
		free(c->cors_origins[i]);
	free(c->cors_origins);
	c->cors_origins = NULL;
	c->ncors_origins = 0;
}

/* space-separated list; 0 ok, -1 out of memory */
static int set_origins(struct larder_config *c, const char *v)
{
	size_t n = 0, k = 0;
	const char *p;
	char **list;

	free_origins(c);
	for (p = v; *p;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		n++;
		while (*p && *p != ' ' && *p != '\t')
			p++;
	}
	list = calloc(n + 1, sizeof *list);
	if (!list)
		return -1;
	for (p = v; *p;) {
		const char *start;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		start = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		list[k] = strndup(start, (size_t)(p - start));
		if (!list[k]) {
			c->cors_origins = list;
			c->ncors_origins = k;
			free_origins(c);
			return -1;
		}
		k++;
	}
	c->cors_origins = list;
	c->ncors_origins = k;
	return 0;
}

static int set_str(char **dst, const char *v)
{
	char *s = strdup(v);
	if (!s)
		return -1;
	free(*dst);
	*dst = s;
	return 0;
}

/* unsigned decimal with an optional K/M/G suffix (powers of 1024) when allow_suffix */
static int parse_uint(const char *v, uint64_t max, bool allow_suffix, uint64_t *out)
{
	uint64_t n = 0, mult = 1;
	const char *p = v;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (n > (UINT64_MAX - 9) / 10)
			return -1;
		n = n * 10 + (uint64_t)(*p - '0');
	}
	if (*p && allow_suffix && !p[1]) {
		switch (*p) {
		case 'k': case 'K': mult = 1024; break;
		case 'm': case 'M': mult = 1024 * 1024; break;
		case 'g': case 'G': mult = 1024 * 1024 * 1024; break;
		default: return -1;
		}
		p++;
	}
	if (*p)
		return -1;
	if (n > max / mult)
		return -1;
	*out = n * mult;
	return 0;
}

/* database path relative to the config file's directory unless absolute */
static char *resolve_path(const char *conf_path, const char *v)
{
	const char *slash;
	char *s;
	size_t dl;

	if (v[0] == '/' || !(slash = strrchr(conf_path, '/')))
		return strdup(v);
	dl = (size_t)(slash - conf_path) + 1;
	s = malloc(dl + strlen(v) + 1);
	if (!s)
		return NULL;
	memcpy(s, conf_path, dl);
	strcpy(s + dl, v);
	return s;
}

/* trims and unquotes the value in place; NULL on a bad quoted string */
static char *unquote(char *v)
{
	char *r, *w;
	size_t n = strlen(v);

	if (v[0] != '"')
		return v;
	if (n < 2 || v[n - 1] != '"')
		return NULL;
	v[n - 1] = '\0';
	for (r = w = v + 1; *r; r++) {
		if (*r == '\\') {
			r++;
			if (*r != '"' && *r != '\\')
				return NULL;
		} else if (*r == '"') {
			return NULL;
		}
		*w++ = *r;
	}
	*w = '\0';
	return v + 1;
}

/* the keys of larder.conf that are not plain numbers (those are num_keys' rows): X(enum name, the key as written) */
#define CONFIG_KEYS(X) \
	X(K_DATABASE, "database") \
	X(K_DATA_DIR, "data_dir") \
	X(K_BASE_URL, "base_url") \
	X(K_CORS, "cors_origins") \
	X(K_TOUCH, "key_touch_interval") \
	X(K_PRIVATE_FETCH, "allow_private_fetch") \
	X(K_FETCH_IN_WEB, "fetch_in_web") \
	X(K_SIGNUP, "signup") \
	X(K_TRUST_REMOTE_USER, "trust_remote_user") \
	X(K_MAIL_DOMAIN, "mail_domain") \
	X(K_FILES_DIR, "files_dir") \
	X(K_FILES_STORE, "files_store")
#define KEY_ENUM(k, name) k,
#define KEY_NAME(k, name) [k] = name,
enum key { CONFIG_KEYS(KEY_ENUM) K__MAX };
static const char *const key_names[K__MAX] = { CONFIG_KEYS(KEY_NAME) };
#undef KEY_NAME
#undef KEY_ENUM

/* the numeric keys, each one row: its name, its default (mostly a util/limits.h constant), a whole number
 * from lo to hi kept in a field of the config (uint32_t, int or size_t). A new numeric key is a row here and
 * its field in config.h. The error says "'KEY' must be a number" + unit + range, range "from LO to HI" unless
 * given (byte sizes take K, M and G suffixes and name their top as such). key_touch_interval keeps its own case below. */
#define FIELD(f) offsetof(struct larder_config, f), sizeof(((struct larder_config *)0)->f)
#define SIZES(lo, top, sfx) " of bytes", "from " #lo " to " top " (" sfx " suffixes allowed)", true
static const struct num_key {
	const char *name;         /* the key as written in larder.conf */
	uint64_t dflt;            /* its value when the file does not set it */
	uint64_t lo, hi;
	const char *unit, *range; /* range NULL: "from lo to hi" */
	bool suffix;
	size_t off, size;
} num_keys[] = {
	{ "body_limit", LIMIT_BODY_MAX, 1024, (uint64_t)1 << 31, SIZES(1024, "2G", "K, M, G"), FIELD(body_limit) },
	{ "fetch_max_bytes", LIMIT_FETCH_BYTES, 1024, (uint64_t)1 << 30, SIZES(1024, "1G", "K, M, G"),
	  FIELD(fetch_max_bytes) },
	{ "query_max_bytes", LIMIT_GQL_DOC_BYTES, 1024, 16 * 1024 * 1024, SIZES(1024, "16M", "K, M"),
	  FIELD(query_max_bytes) },
	{ "highlight_max_bytes", LIMIT_HIGHLIGHT_TEXT, 16, 16 * 1024 * 1024, SIZES(16, "16M", "K, M"),
	  FIELD(highlight_max_bytes) },
	{ "content_max_bytes", LIMIT_CONTENT_BYTES, 1024, LIMIT_SANITIZE_OUTPUT, SIZES(1024, "16M", "K, M"),
	  FIELD(content_max_bytes) },
	{ "argon2_t_cost", 3, 1, 1000, "", NULL, false, FIELD(argon2_t_cost) },
	{ "argon2_memory_kib", 65536, 8, 4194304, "", NULL, false, FIELD(argon2_m_kib) },
	{ "argon2_parallelism", 1, 1, 255, "", NULL, false, FIELD(argon2_parallelism) },
	{ "fetch_timeout", LIMIT_FETCH_TOTAL_MS / 1000, 1, 3600, " of seconds", NULL, false, FIELD(fetch_timeout_s) },
	{ "fetch_max_redirects", LIMIT_FETCH_REDIRECTS, 0, 50, "", NULL, false, FIELD(fetch_max_redirects) },
	{ "session_days", 30, 1, 3650, " of days", NULL, false, FIELD(session_days) },
	{ "job_lease", LIMIT_JOB_LEASE_MS / 1000, 1, 86400, " of seconds", NULL, false, FIELD(job_lease_s) },
	{ "fetch_runners", LIMIT_FETCH_RUNNERS, 1, 64, "", NULL, false, FIELD(fetch_runners) },
	{ "fetches_per_user", LIMIT_FETCHES_PER_USER, 1, 1000, "", NULL, false, FIELD(fetches_per_user) },
	{ "requests_per_user", LIMIT_REQUESTS_PER_USER, 1, 1000, "", NULL, false, FIELD(requests_per_user) },
	{ "query_max_depth", LIMIT_GQL_DEPTH, 2, 256, "", NULL, false, FIELD(query_max_depth) },
	{ "query_max_fields", LIMIT_GQL_FIELDS, 1, 1000000, "", NULL, false, FIELD(query_max_fields) },
	{ "query_max_aliases", LIMIT_GQL_ALIASES, 1, 100000, "", NULL, false, FIELD(query_max_aliases) },
	{ "page_size_max", LIMIT_PAGE_SIZE, 1, LIMIT_PAGE_SIZE_MAX, "", NULL, false, FIELD(page_size_max) },
	{ "searches_per_request", LIMIT_SEARCHES_PER_REQUEST, 1, 1000, "", NULL, false, FIELD(searches_per_request) },
	{ "request_cost_max", LIMIT_REQUEST_COST, LIMIT_COST_FETCH, 1000000, "", NULL, false, FIELD(request_cost_max) },
	{ "search_time_ms", LIMIT_SEARCH_TIME_MS, 10, 600000, " of milliseconds", NULL, false, FIELD(search_time_ms) },
	{ "labels_per_item", LIMIT_LABELS_PER_ITEM, 1, 10000, "", NULL, false, FIELD(labels_per_item) },
	{ "labels_per_user", LIMIT_LABELS_PER_USER, 1, 1000000, "", NULL, false, FIELD(labels_per_user) },
	{ "highlights_per_item", LIMIT_HIGHLIGHTS_PER_ITEM, 1, 1000000, "", NULL, false, FIELD(highlights_per_item) },
	{ "import_max_bytes", LIMIT_IMPORT_BYTES, 1024, (uint64_t)1 << 31, SIZES(1024, "2G", "K, M, G"),
	  FIELD(import_max_bytes) },
	{ "import_fetches_per_minute", LIMIT_IMPORT_FETCHES_PER_MINUTE, 1, 100000, "", NULL, false,
	  FIELD(import_fetches_per_minute) },
	{ "feed_poll_interval", LIMIT_FEED_POLL_INTERVAL_S, 60, 604800, " of seconds", NULL, false,
	  FIELD(feed_poll_interval_s) },
	{ "feed_polls_per_minute", LIMIT_FEED_POLLS_PER_MINUTE, 1, 100000, "", NULL, false,
	  FIELD(feed_polls_per_minute) },
	{ "subscriptions_per_user", LIMIT_SUBSCRIPTIONS, 1, 100000, "", NULL, false, FIELD(subscriptions_per_user) },
	{ "items_per_user", LIMIT_ITEMS_PER_USER, 1, 100000000, "", NULL, false, FIELD(items_per_user) },
	{ "bytes_per_user", LIMIT_BYTES_PER_USER, 1024, (uint64_t)1 << 40, SIZES(1024, "1024G", "K, M, G"),
	  FIELD(bytes_per_user) },
	{ "imports_pending_per_user", LIMIT_IMPORTS_PENDING, 1, 1000, "", NULL, false,
	  FIELD(imports_pending_per_user) },
	{ "newsletter_emails_per_user", LIMIT_NEWSLETTER_EMAILS, 1, 10000, "", NULL, false,
	  FIELD(newsletter_emails_per_user) },
	{ "mail_max_bytes", LIMIT_MAIL_BYTES, 1024, (uint64_t)1 << 30, SIZES(1024, "1G", "K, M, G"),
	  FIELD(mail_max_bytes) },
	{ "pdf_max_bytes", LIMIT_PDF_BYTES, 1024, (uint64_t)1 << 30, SIZES(1024, "1G", "K, M, G"),
	  FIELD(pdf_max_bytes) },
	{ "pdf_sync_bytes", LIMIT_PDF_SYNC_BYTES, 0, (uint64_t)1 << 30, SIZES(0, "1G", "K, M, G"),
	  FIELD(pdf_sync_bytes) },
	{ "pdf_read_seconds", LIMIT_PDF_CPU_MS / 1000, 1, 600, " of seconds", NULL, false, FIELD(pdf_read_s) },
	{ "login_delay", LIMIT_LOGIN_DELAY_MS / 1000, 1, 86400, " of seconds", NULL, false, FIELD(login_delay_s) },
	{ "login_delay_max", LIMIT_LOGIN_DELAY_MAX_MS / 1000, 1, 31536000, " of seconds", NULL, false,
	  FIELD(login_delay_max_s) },
	{ "login_window", LIMIT_LOGIN_WINDOW_MS / 1000, 60, 31536000, " of seconds", NULL, false, FIELD(login_window_s) },
};
#undef SIZES
#undef FIELD

#define NUM_KEYS (sizeof num_keys / sizeof num_keys[0])

static const struct num_key *num_key_of(const char *name)
{
	for (size_t i = 0; i < NUM_KEYS; i++)
		if (strcmp(num_keys[i].name, name) == 0)
			return &num_keys[i];
	return NULL;
}

/* store n (already within the key's range) in its field, whatever the field's width */
static void num_key_set(struct larder_config *c, const struct num_key *nk, uint64_t n)
{
	char *f = (char *)c + nk->off;
	if (nk->size == sizeof(uint64_t)) {
		uint64_t v = n;
		memcpy(f, &v, sizeof v);
	} else {
		uint32_t v = (uint32_t)n; /* uint32_t or int fields; every range fits both */
		memcpy(f, &v, sizeof v);
	}
}

static int set_defaults(struct larder_config *c, const char *path)
{
	memset(c, 0, sizeof *c);
	for (size_t i = 0; i < NUM_KEYS; i++)
		num_key_set(c, &num_keys[i], num_keys[i].dflt);
	c->path = strdup(path);
	c->database = strdup(LARDER_LOCALSTATEDIR "/larder.db");
	c->base_url = strdup(DEFAULT_BASE_URL);
	c->key_touch_interval_s = 60;
	c->fetch_in_web = true;
	if (!c->path || !c->database || !c->base_url || set_origins(c, DEFAULT_CORS) < 0)
		return -1;
	return 0;
}

/* yes/no, true/false, on/off, 1/0 (any case) */
static int parse_bool(const char *v, bool *out)
{
	static const char *const yes[] = { "yes", "true", "on", "1" }, *const no[] = { "no", "false", "off", "0" };
	for (size_t i = 0; i < 4; i++) {
		if (strcasecmp(v, yes[i]) == 0) {
			*out = true;
			return 0;
		}
		if (strcasecmp(v, no[i]) == 0) {
			*out = false;
			return 0;
		}
	}
	return -1;
}

static bool is_space(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\v' || ch == '\f';
}

/* the yes/no keys and their fields */
static const struct bool_key {
	enum key key;
	size_t off;
} bool_keys[] = {
	{ K_FETCH_IN_WEB, offsetof(struct larder_config, fetch_in_web) },
	{ K_SIGNUP, offsetof(struct larder_config, signup) },
	{ K_TRUST_REMOTE_USER, offsetof(struct larder_config, trust_remote_user) },
};

/* where a value was read, for its error message */
struct where {
	char *err;
	size_t errlen;
	const char *path;
	unsigned line;
};

/* split a line into key and value (trimmed, the value's trailing comment cut off): 1 with *k and *v
 * set, 0 for a blank or comment line, -1 without '=' */
static int split_line(char *line, char **k, char **v)
{
	char *p = line, *eq, *e;
	while (is_space(*p))
		p++;
	if (*p == '\0' || *p == '#')
		return 0;
	eq = strchr(p, '=');
	if (!eq)
		return -1;
	*k = p;
	for (e = eq; e > p && is_space(e[-1]); e--)
		;
	*e = '\0';
	char *val = eq + 1;
	while (is_space(*val))
		val++;
	/* a `#` preceded by white space outside quotes starts a comment */
	bool inq = false;
	for (e = val; *e; e++) {
		if (*e == '"' && (e == val || e[-1] != '\\'))
			inq = !inq;
		else if (*e == '#' && !inq && e > val && is_space(e[-1])) {
			*e = '\0';
			break;
		}
	}
	for (e = val + strlen(val); e > val && is_space(e[-1]); e--)
		;
	*e = '\0';
	*v = val;
	return 1;
}

static int set_number(struct larder_config *c, const struct num_key *nk, const char *k, const char *v,
                      const struct where *w)
{
	uint64_t num;
	if (parse_uint(v, nk->hi, nk->suffix, &num) < 0 || num < nk->lo) {
		if (nk->range)
			return fail(w->err, w->errlen, w->path, w->line, "'%s' must be a number%s %s", k, nk->unit, nk->range);
		return fail(w->err, w->errlen, w->path, w->line, "'%s' must be a number%s from %llu to %llu", k, nk->unit,
		            (unsigned long long)nk->lo, (unsigned long long)nk->hi);
	}
	num_key_set(c, nk, num);
	return 0;
}

static int set_database(struct larder_config *c, const char *v, const struct where *w)
{
	char *s;
	if (!*v)
		return fail(w->err, w->errlen, w->path, w->line, "'database' must not be empty");
	/* a PostgreSQL URL is taken as it is, a file path relative to the config file */
	s = strncmp(v, "postgresql://", 13) == 0 || strncmp(v, "postgres://", 11) == 0 ? strdup(v) : resolve_path(w->path, v);
	if (!s)
		return fail(w->err, w->errlen, w->path, w->line, "out of memory");
	free(c->database);
	c->database = s;
	return 0;
}

/* a folder key (data_dir, files_dir): not empty, relative to the config file's directory unless absolute */
static int set_dir(char **dst, const char *key, const char *v, const struct where *w)
{
	char *s;
	if (!*v)
		return fail(w->err, w->errlen, w->path, w->line, "'%s' must not be empty", key);
	if (!(s = resolve_path(w->path, v)))
		return fail(w->err, w->errlen, w->path, w->line, "out of memory");
	free(*dst);
	*dst = s;
	return 0;
}

/* data_dir when the file gave none: the SQLite database's folder; a PostgreSQL URL has none */
static int default_data_dir(struct larder_config *c, char *err, size_t errlen)
{
	const char *slash = strrchr(c->database, '/');
	if (c->data_dir)
		return 0;
	if (strncmp(c->database, "postgresql://", 13) == 0 || strncmp(c->database, "postgres://", 11) == 0)
		return fail(err, errlen, c->path, 0, "'data_dir' must be set when 'database' is a PostgreSQL URL"
		            " (the folder for fetch runner slots and uploaded imports)");
	c->data_dir = !slash ? strdup(".") : slash == c->database ? strdup("/")
	              : strndup(c->database, (size_t)(slash - c->database));
	return c->data_dir ? 0 : fail(err, errlen, c->path, 0, "out of memory");
}

static int set_base_url(struct larder_config *c, char *v, const struct where *w)
{
	size_t bl = strlen(v);
	while (bl > 0 && v[bl - 1] == '/')
		v[--bl] = '\0';
	if (strncmp(v, "http://", 7) != 0 && strncmp(v, "https://", 8) != 0)
		return fail(w->err, w->errlen, w->path, w->line, "'base_url' must start with http:// or https://");
	if (set_str(&c->base_url, v) < 0)
		return fail(w->err, w->errlen, w->path, w->line, "out of memory");
	return 0;
}

static int set_private_fetch(struct larder_config *c, const char *v, const struct where *w)
{
	bool yes;
	char why[160];
	if (parse_bool(v, &yes) == 0) {
		memset(&c->allow_private_fetch, 0, sizeof c->allow_private_fetch);
		c->allow_private_fetch.all = yes;
	} else if (!*v || netaddr_allow_parse(v, &c->allow_private_fetch, why, sizeof why) < 0) {
		return fail(w->err, w->errlen, w->path, w->line, "'allow_private_fetch' must be yes, no, or a list of "
		            "addresses and CIDR prefixes%s%s", *v ? ": " : "", *v ? why : "");
	}
	return 0;
}

/* a domain name: letters, digits, dots and hyphens */
static int set_mail_domain(struct larder_config *c, const char *v, const struct where *w)
{
	size_t n = strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-");
	if (!*v || v[n] || n > 253 || *v == '.' || *v == '-')
		return fail(w->err, w->errlen, w->path, w->line, "'mail_domain' must be a domain name such as mail.example.org");
	if (set_str(&c->mail_domain, v) < 0)
		return fail(w->err, w->errlen, w->path, w->line, "out of memory");
	return 0;
}

/* store the (unquoted) value v of key k */
static int set_value(struct larder_config *c, int key, const char *k, char *v, const struct where *w)
{
	uint64_t num;
	for (size_t i = 0; i < sizeof bool_keys / sizeof bool_keys[0]; i++)
		if ((int)bool_keys[i].key == key) {
			if (parse_bool(v, (bool *)((char *)c + bool_keys[i].off)) < 0)
				return fail(w->err, w->errlen, w->path, w->line, "'%s' must be yes or no", k);
			return 0;
		}
	switch (key) {
	case K_DATABASE:
		return set_database(c, v, w);
	case K_DATA_DIR:
		return set_dir(&c->data_dir, "data_dir", v, w);
	case K_BASE_URL:
		return set_base_url(c, v, w);
	case K_CORS:
		if (set_origins(c, v) < 0)
			return fail(w->err, w->errlen, w->path, w->line, "out of memory");
		return 0;
	case K_TOUCH:
		if (parse_uint(v, 86400 * 365, false, &num) < 0)
			return fail(w->err, w->errlen, w->path, w->line, "'key_touch_interval' must be a number of seconds");
		c->key_touch_interval_s = (uint32_t)num;
		return 0;
	case K_PRIVATE_FETCH:
		return set_private_fetch(c, v, w);
	case K_MAIL_DOMAIN:
		return set_mail_domain(c, v, w);
	case K_FILES_DIR:
		return set_dir(&c->files_dir, "files_dir", v, w);
	case K_FILES_STORE:
		if (strcmp(v, "disk") != 0 && strcmp(v, "database") != 0)
			return fail(w->err, w->errlen, w->path, w->line, "'files_store' must be disk or database");
		c->files_in_db = strcmp(v, "database") == 0;
		return 0;
	default:
		return 0;
	}
}

/* one `key = value` line (already split); seen[] has a place for each key of CONFIG_KEYS, then each of num_keys */
static int read_pair(struct larder_config *c, bool seen[K__MAX + NUM_KEYS], const char *k, char *v,
                     const struct where *w)
{
	const struct num_key *nk = num_key_of(k);
	int key;
	for (key = 0; key < K__MAX; key++)
		if (strcmp(k, key_names[key]) == 0)
			break;
	if (key == K__MAX && nk == NULL)
		return fail(w->err, w->errlen, w->path, w->line, "unknown key '%s'", k);
	if (nk != NULL)
		key = K__MAX + (int)(nk - num_keys);
	if (seen[key])
		return fail(w->err, w->errlen, w->path, w->line, "'%s' set twice", k);
	seen[key] = true;
	v = unquote(v);
	if (!v)
		return fail(w->err, w->errlen, w->path, w->line, "bad quoted value for '%s'", k);
	return nk != NULL ? set_number(c, nk, k, v, w) : set_value(c, key, k, v, w);
}

static int read_lines(FILE *f, struct larder_config *c, struct where *w)
{
	char line[CONFIG_LINE_MAX];
	bool seen[K__MAX + NUM_KEYS] = { false };
	while (fgets(line, sizeof line, f)) {
		size_t n = strlen(line);
		char *k, *v;
		w->line++;
		if (n == sizeof line - 1 && line[n - 1] != '\n' && !feof(f))
			return fail(w->err, w->errlen, w->path, w->line, "line too long");
		int got = split_line(line, &k, &v);
		if (got < 0)
			return fail(w->err, w->errlen, w->path, w->line, "expected `key = value`");
		if (got > 0 && read_pair(c, seen, k, v, w) < 0)
			return -1;
	}
	if (ferror(f))
		return fail(w->err, w->errlen, w->path, 0, "read error: %s", strerror(errno));
	return 0;
}

int config_defaults(struct larder_config *c)
{
	if (set_defaults(c, "(defaults)") < 0 || default_data_dir(c, NULL, 0) < 0) {
		config_free(c);
		return -1;
	}
	return 0;
}

int config_load(const char *path, struct larder_config *c, char *err, size_t errlen)
{
	struct where w = { err, errlen, path, 0 };
	FILE *f = NULL;
	int rc = -1;

	if (err && errlen)
		err[0] = '\0';
	if (set_defaults(c, path) < 0) {
		fail(err, errlen, path, 0, "out of memory");
		goto out;
	}
	f = fopen(path, "r");
	if (!f) {
		fail(err, errlen, path, 0, "cannot read: %s", strerror(errno));
		goto out;
	}
	if (read_lines(f, c, &w) < 0 || default_data_dir(c, err, errlen) < 0)
		goto out;
	if (c->argon2_m_kib < 8 * c->argon2_parallelism) {
		fail(err, errlen, path, 0, "'argon2_memory_kib' must be at least 8 times 'argon2_parallelism'");
		goto out;
	}
	rc = 0;
out:
	if (f)
		fclose(f);
	if (rc < 0)
		config_free(c);
	return rc;
}

void config_free(struct larder_config *c)
{
	if (!c)
		return;
	free(c->path);
	free(c->database);
	free(c->files_dir);
	free(c->data_dir);
	free(c->base_url);
	free(c->mail_domain);
	free_origins(c);
	memset(c, 0, sizeof *c);
}
