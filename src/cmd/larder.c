/* larder.c: the admin command line (init, users and their removal, passwords, API keys, a fetch check); non-interactive, for admins and scripts. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/larder_sanitize.h"
#include "cmd/larder_cmds.h"
#include "cmd/larder_worker.h"
#include "cmd/larder_fetch.h"
#include "cmd/larder_export.h"
#include "cmd/larder_import.h"
#include "cmd/larder_mail.h"
#include "cmd/larder_migrate.h"
#include "cmd/larder_backup.h"
#include "store/store.h"
#include "svc/account.h"
#include "svc/apikey.h"
#include "svc/svc.h"
#include "util/arena.h"
#include "util/config.h"
#include "util/time.h"

#define PASSWORD_MAX SVC_PASSWORD_MAX

#define U_INIT   "larder [-c CONF] init"
#define U_UADD   "larder [-c CONF] user add USERNAME [--name \"Full Name\"] [--email EMAIL] [--password-file FILE|-]"
#define U_UPASS  "larder [-c CONF] user passwd USERNAME [--password-file FILE|-]"
#define U_UDEL   "larder [-c CONF] user delete USERNAME"
#define U_USHOW  "larder [-c CONF] user show USERNAME"
#define U_KNEW   "larder [-c CONF] key create USERNAME --name NAME [--expires 7d|30d|90d|1y|never|ISO-8601]"
#define U_KLIST  "larder [-c CONF] key list USERNAME"
#define U_KREV   "larder [-c CONF] key revoke KEY_ID"
#define U_SANI   "larder sanitize [--base URL] [--markdown] < in.html"

static const char usage_all[] =
	"usage: " U_INIT "\n"
	"       " U_UADD "\n"
	"       " U_UPASS "\n"
	"       " U_UDEL "\n"
	"       " U_USHOW "\n"
	"       " U_KNEW "\n"
	"       " U_KLIST "\n"
	"       " U_KREV "\n"
	"       " U_SANI "\n"
	"       " U_EXTRACT "\n"
	"       " LARDER_WORKER_USAGE "\n"
	"       " U_FETCH "\n"
	"       " U_EXPORT "\n"
	"       " U_EXPORT_OPML "\n"
	"       " LARDER_IMPORT_USAGE "\n"
	"       " LARDER_MAIL_USAGE "\n"
	"       " U_MIGRATE "\n"
	"       " U_BACKUP "\n"
	"       " U_RESTORE "\n"
	"       " U_STATUS "\n"
	"       larder --version | --help\n";

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

int larder_fail(const char *fmt, ...)
{
	va_list ap;
	fputs("larder: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return EXIT_FAIL;
}

/* a problem with the command line: say what, then the usage line of the command */
__attribute__((format(printf, 2, 3)))
static int usage(const char *line, const char *fmt, ...)
{
	va_list ap;
	if (fmt) {
		fputs("larder: ", stderr);
		va_start(ap, fmt);
		vfprintf(stderr, fmt, ap);
		va_end(ap);
		fputc('\n', stderr);
	}
	if (line)
		fprintf(stderr, "usage: %s\n", line);
	else
		fputs(usage_all, stderr);
	return EXIT_USAGE;
}

struct opt {
	const char *name;   /* "--name" */
	const char **val;
};

/* options (`--opt VALUE` or `--opt=VALUE`, any order, `--` ends them) and exactly npos positionals;
 * 0 ok, else the exit code after printing the usage */
static int parse_args(int argc, char **argv, const struct opt *opts, const char **pos, int npos, const char *line)
{
	int got = 0;
	bool dashdash = false;

	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (!dashdash && strcmp(a, "--") == 0) {
			dashdash = true;
			continue;
		}
		if (!dashdash && a[0] == '-' && a[1] == '-') {
			const char *eq = strchr(a, '=');
			size_t n = eq ? (size_t)(eq - a) : strlen(a);
			const struct opt *o;
			for (o = opts; o && o->name; o++)
				if (strlen(o->name) == n && strncmp(o->name, a, n) == 0)
					break;
			if (!o || !o->name)
				return usage(line, "unknown option %.*s", (int)n, a);
			if (*o->val)
				return usage(line, "%s given twice", o->name);
			if (eq) {
				*o->val = eq + 1;
			} else {
				if (i + 1 >= argc)
					return usage(line, "%s needs a value", o->name);
				*o->val = argv[++i];
			}
			continue;
		}
		if (!dashdash && a[0] == '-' && a[1] != '\0')
			return usage(line, "unknown option %s", a);
		if (got == npos)
			return usage(line, "unexpected argument '%s'", a);
		pos[got++] = a;
	}
	if (got < npos)
		return usage(line, "missing argument");
	return 0;
}

/* the first line of FILE ("-" = standard input), without its line end */
static int read_password(const char *file, char *buf, size_t len)
{
	FILE *f = strcmp(file, "-") == 0 ? stdin : fopen(file, "r");
	size_t n;

	if (!f)
		return larder_fail("cannot read password file %s: %s", file, strerror(errno));
	if (!fgets(buf, (int)len, f)) {
		buf[0] = '\0';
	}
	if (f != stdin)
		fclose(f);
	n = strlen(buf);
	if (n == len - 1 && buf[n - 1] != '\n') {
		memset(buf, 0, len); /* the start of a password: not left on the stack */
		return larder_fail("password longer than %d bytes", PASSWORD_MAX - 2);
	}
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
		buf[--n] = '\0';
	if (n == 0)
		return larder_fail("empty password in %s", strcmp(file, "-") == 0 ? "standard input" : file);
	return 0;
}

static int open_store(const struct larder_config *c, struct store **st)
{
	char err[512];
	if (store_open(c->database, st, err, sizeof err) != STORE_OK)
		return larder_fail("%s", err);
	svc_store_limits(*st, c);
	return 0;
}

static int find_user(struct store *st, struct arena *a, const char *name, struct store_user *u)
{
	int rc = store_user_by_name(st, a, name, u);
	if (rc == STORE_E_NOTFOUND)
		return larder_fail("no user %s", name);
	if (rc != STORE_OK)
		return larder_fail("%s", store_errmsg(st));
	return 0;
}

static int finish_output(void)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		return larder_fail("cannot write to standard output: %s", strerror(errno));
	return EXIT_OK;
}

/* larder init's progress through the search rows an upgrade left out of the index (db/024_search_words.sql);
 * a stopped init goes on where it was when run again */
static void reindex_progress(void *arg, int64_t done, int64_t total)
{
	static int64_t shown = -1;
	(void)arg;
	if (done == total || shown < 0 || done - shown >= 5000) {
		fprintf(stderr, "larder: search index: %lld of %lld items\n", (long long)done, (long long)total);
		shown = done;
	}
}

static int cmd_init(const struct larder_config *c, int argc, char **argv)
{
	char err[512];
	int rc = parse_args(argc, argv, NULL, NULL, 0, U_INIT);
	if (rc)
		return rc;
	if (store_init_progress(c->database, reindex_progress, NULL, err, sizeof err) != STORE_OK)
		return larder_fail("%s", err);
	return EXIT_OK;
}

/* what a command on one user's data holds from its start to its end */
struct run {
	struct store *st;
	struct arena a;
	struct store_user u;
};

/* start a command: an empty run and the command line read (one positional argument into *arg) */
static int run_start(struct run *r, int argc, char **argv, const struct opt *opts, const char **arg, const char *line)
{
	r->st = NULL;
	arena_init(&r->a);
	return parse_args(argc, argv, opts, arg, 1, line);
}

/* open the store and, when username is given, find that user into r->u */
static int run_open(struct run *r, const struct larder_config *c, const char *username)
{
	int rc = open_store(c, &r->st);
	if (rc == 0 && username)
		rc = find_user(r->st, &r->a, username, &r->u);
	return rc;
}

static int run_end(struct run *r, int rc)
{
	store_close(r->st);
	arena_free(&r->a);
	return rc;
}

/* the hashing failed: larder.conf's argon2 cost is likely more than this machine allows */
static int hash_failed(const struct larder_config *c)
{
	return larder_fail("cannot hash the password (argon2 parameters t=%u m=%u p=%u)", c->argon2_t_cost, c->argon2_m_kib,
	            c->argon2_parallelism);
}

static int cmd_user_add(const struct larder_config *c, int argc, char **argv)
{
	const char *username = NULL, *name = NULL, *email = NULL, *pwfile = NULL;
	const struct opt opts[] = { { "--name", &name }, { "--email", &email }, { "--password-file", &pwfile }, { NULL, NULL } };
	char pw[PASSWORD_MAX];
	struct run r;
	int rc;

	if ((rc = run_start(&r, argc, argv, opts, &username, U_UADD)) != 0 || (rc = run_open(&r, c, NULL)) != 0 ||
	    (pwfile && (rc = read_password(pwfile, pw, sizeof pw)) != 0))
		return run_end(&r, rc);
	/* the admin's rules: an account may have no password (no password login) */
	rc = svc_signup(r.st, c, &r.a, &(struct svc_signup){ username, name, email, pwfile ? pw : NULL },
	                &svc_signup_admin, &r.u);
	memset(pw, 0, sizeof pw);
	switch (rc) {
	case SVC_ACCOUNT_OK:
		return run_end(&r, EXIT_OK);
	case SVC_ACCOUNT_EXISTS:
		if (store_user_by_name(r.st, &r.a, username, &r.u) == STORE_OK)
			return run_end(&r, larder_fail("user %s already exists", username));
		return run_end(&r, larder_fail("email %s is already in use", email ? email : ""));
	case SVC_ACCOUNT_INVALID:
		return run_end(&r, larder_fail("%s", store_errmsg(r.st)));
	case SVC_ACCOUNT_HASH:
		return run_end(&r, hash_failed(c));
	default:
		return run_end(&r, larder_fail("cannot add user %s: %s", username, store_errmsg(r.st)));
	}
}

static int cmd_user_passwd(const struct larder_config *c, int argc, char **argv)
{
	const char *username = NULL, *pwfile = NULL;
	const struct opt opts[] = { { "--password-file", &pwfile }, { NULL, NULL } };
	char pw[PASSWORD_MAX];
	struct run r;
	int rc;

	if ((rc = run_start(&r, argc, argv, opts, &username, U_UPASS)) != 0 || (rc = run_open(&r, c, username)) != 0 ||
	    (rc = read_password(pwfile ? pwfile : "-", pw, sizeof pw)) != 0)
		return run_end(&r, rc);
	/* also ends every login session of the user */
	switch (svc_password_change(r.st, c, r.u.id, pw)) {
	case SVC_ACCOUNT_OK:
		break;
	case SVC_ACCOUNT_HASH:
		rc = hash_failed(c);
		break;
	default:
		rc = larder_fail("cannot set the password of %s: %s", username, store_errmsg(r.st));
		break;
	}
	memset(pw, 0, sizeof pw);
	return run_end(&r, rc);
}

/* removes the user and everything of theirs, for good */
static int cmd_user_delete(const struct larder_config *c, int argc, char **argv)
{
	const char *username = NULL;
	struct run r;
	int rc;

	if ((rc = run_start(&r, argc, argv, NULL, &username, U_UDEL)) != 0 || (rc = run_open(&r, c, username)) != 0)
		return run_end(&r, rc);
	switch (svc_account_delete(r.st, r.u.id)) {
	case SVC_ACCOUNT_OK:
		return run_end(&r, EXIT_OK);
	case SVC_ACCOUNT_NOTFOUND:
		return run_end(&r, larder_fail("no user %s", username));
	default:
		return run_end(&r, larder_fail("cannot delete user %s: %s", username, store_errmsg(r.st)));
	}
}

/* the user's account and usage against each quota of larder.conf, one "field: value" a line */
static int cmd_user_show(const struct larder_config *c, int argc, char **argv)
{
	const char *username = NULL;
	struct svc_quota q[SVC_QUOTA__N];
	struct run r;
	int rc;

	if ((rc = run_start(&r, argc, argv, NULL, &username, U_USHOW)) != 0 || (rc = run_open(&r, c, username)) != 0)
		return run_end(&r, rc);
	if (svc_quota_usage(r.st, c, r.u.id, q) != STORE_OK)
		return run_end(&r, larder_fail("cannot read the usage of %s: %s", username, store_errmsg(r.st)));
	printf("username: %s\nid: %s\nname: %s\nemail: %s\n", r.u.username, r.u.id, r.u.name ? r.u.name : "",
	       r.u.email ? r.u.email : "");
	printf("items: %lld of %lld (%s)\n", (long long)q[SVC_QUOTA_ITEMS].used, (long long)q[SVC_QUOTA_ITEMS].most,
	       q[SVC_QUOTA_ITEMS].key);
	printf("bytes: %lld of %lld (%s)\n", (long long)q[SVC_QUOTA_BYTES].used, (long long)q[SVC_QUOTA_BYTES].most,
	       q[SVC_QUOTA_BYTES].key);
	printf("imports pending: %lld of %lld (%s)\n", (long long)q[SVC_QUOTA_IMPORTS].used,
	       (long long)q[SVC_QUOTA_IMPORTS].most, q[SVC_QUOTA_IMPORTS].key);
	printf("subscriptions: %lld of %lld (%s)\n", (long long)q[SVC_QUOTA_SUBSCRIPTIONS].used,
	       (long long)q[SVC_QUOTA_SUBSCRIPTIONS].most, q[SVC_QUOTA_SUBSCRIPTIONS].key);
	return run_end(&r, finish_output());
}

/* create the key named name for r->u and print it */
static int new_key(struct run *r, const char *name, int64_t exp_ms)
{
	struct svc_key k;
	const char *msg;

	switch (svc_apikey_create(r->st, &r->a, r->u.id, &(struct svc_key_spec){ .name = name, .name_len = strlen(name),
	                          .expires_ms = exp_ms }, &k, &msg)) {
	case STORE_OK:
		printf("%s\n", k.value);
		return finish_output();
	case STORE_E_EXISTS:
		return larder_fail("user %s already has a key named '%s'", r->u.username, k.row.name);
	case STORE_E_INVAL:
		return larder_fail("%s", msg);
	default:
		return larder_fail("cannot create the key: %s", store_errmsg(r->st));
	}
}

static int cmd_key_create(const struct larder_config *c, int argc, char **argv)
{
	const char *username = NULL, *name = NULL, *expires = NULL;
	const struct opt opts[] = { { "--name", &name }, { "--expires", &expires }, { NULL, NULL } };
	struct run r;
	int64_t exp_ms = STORE_NEVER_MS;
	int rc;

	if ((rc = run_start(&r, argc, argv, opts, &username, U_KNEW)) != 0)
		return run_end(&r, rc);
	if (!name || !*name)
		return run_end(&r, usage(U_KNEW, "key create needs --name NAME"));
	if (expires && time_parse_expiry(expires, time_now_ms(), &exp_ms) < 0)
		return run_end(&r, usage(U_KNEW, "bad --expires '%s': use 7d, 30d, 90d, 1y, never or an ISO 8601 time", expires));
	if ((rc = run_open(&r, c, username)) != 0)
		return run_end(&r, rc);
	return run_end(&r, new_key(&r, name, exp_ms));
}

/* a key name for one tab-separated field: control characters shown as '?' */
static const char *field(struct arena *a, const char *s)
{
	char *r = arena_strdup(a, s ? s : "");
	if (!r)
		return "?";
	for (char *p = r; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	return r;
}

static const char *fmt_time(int64_t ms, bool zero_is_never, char *buf, size_t len)
{
	if (ms == STORE_NEVER_MS || (zero_is_never && ms == 0))
		return "never";
	time_format_iso(ms, buf, len);
	return buf;
}

static int cmd_key_list(const struct larder_config *c, int argc, char **argv)
{
	const char *username = NULL;
	struct store_apikey *keys;
	struct run r;
	size_t n;
	int rc;

	if ((rc = run_start(&r, argc, argv, NULL, &username, U_KLIST)) != 0 || (rc = run_open(&r, c, username)) != 0)
		return run_end(&r, rc);
	if (store_apikey_list(r.st, &r.a, r.u.id, &keys, &n) != STORE_OK)
		return run_end(&r, larder_fail("cannot list keys: %s", store_errmsg(r.st)));
	printf("ID\tNAME\tCREATED\tEXPIRES\tLAST USED\n");
	for (size_t i = 0; i < n; i++) {
		char b1[TIME_ISO_BUF], b2[TIME_ISO_BUF], b3[TIME_ISO_BUF];
		printf("%s\t%s\t%s\t%s\t%s\n", keys[i].id, field(&r.a, keys[i].name), fmt_time(keys[i].created_ms, false, b1, sizeof b1),
		       fmt_time(keys[i].expires_ms, false, b2, sizeof b2), fmt_time(keys[i].used_ms, true, b3, sizeof b3));
	}
	return run_end(&r, finish_output());
}

static int cmd_key_revoke(const struct larder_config *c, int argc, char **argv)
{
	const char *id = NULL;
	struct store_apikey k;
	struct run r;
	int rc;

	if ((rc = run_start(&r, argc, argv, NULL, &id, U_KREV)) != 0 || (rc = run_open(&r, c, NULL)) != 0)
		return run_end(&r, rc);
	switch (svc_apikey_revoke(r.st, &r.a, NULL, id, &k)) {
	case STORE_OK:
		return run_end(&r, EXIT_OK);
	case STORE_E_NOTFOUND:
		return run_end(&r, larder_fail("no API key %s", id));
	default:
		return run_end(&r, larder_fail("cannot revoke the key: %s", store_errmsg(r.st)));
	}
}

int main(int argc, char **argv)
{
	const char *conf = NULL, *cmd, *sub = NULL;
	struct larder_config c;
	char err[768];
	int i = 1, rc;
	int (*fn)(const struct larder_config *, int, char **) = NULL;

	for (; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			fputs(usage_all, stdout);
			return finish_output();
		}
		if (strcmp(a, "--version") == 0) {
			printf("larder %s\n", PACKAGE_VERSION);
			return finish_output();
		}
		if (strcmp(a, "-c") == 0 || strcmp(a, "--config") == 0) {
			if (++i >= argc)
				return usage(NULL, "%s needs a file name", a);
			conf = argv[i];
		} else if (strncmp(a, "-c", 2) == 0) {
			conf = a + 2;
		} else if (strncmp(a, "--config=", 9) == 0) {
			conf = a + 9;
		} else if (a[0] == '-') {
			return usage(NULL, "unknown option %s", a);
		} else {
			break;
		}
	}
	if (i >= argc)
		return usage(NULL, "no command given");
	cmd = argv[i++];
	if (strcmp(cmd, "sanitize") == 0)       /* a filter: no configuration, no database */
		return larder_cmd_sanitize(argc - i, argv + i);
	if (strcmp(cmd, "extract") == 0)        /* needs no configuration or database */
		return larder_cmd_extract(argc - i, argv + i);
	if (strcmp(cmd, "mail") == 0)           /* loads its own configuration: its failures are exit statuses an MTA reads */
		return larder_cmd_mail(conf, argc - i, argv + i);
	if (strcmp(cmd, "migrate-store") == 0) /* names both databases itself: no configuration */
		return larder_cmd_migrate(argc - i, argv + i);
	if (strcmp(cmd, "init") == 0) {
		fn = cmd_init;
	} else if (strcmp(cmd, "worker") == 0) {
		fn = larder_cmd_worker;
	} else if (strcmp(cmd, "fetch") == 0) {
		fn = larder_cmd_fetch;
	} else if (strcmp(cmd, "export") == 0) {
		fn = larder_cmd_export;
	} else if (strcmp(cmd, "import") == 0) {
		fn = larder_cmd_import;
	} else if (strcmp(cmd, "backup") == 0) {
		fn = larder_cmd_backup;
	} else if (strcmp(cmd, "restore") == 0) {
		fn = larder_cmd_restore;
	} else if (strcmp(cmd, "status") == 0) {
		fn = larder_cmd_status;
	} else if (strcmp(cmd, "user") == 0 || strcmp(cmd, "key") == 0) {
		sub = i < argc ? argv[i++] : "";
		if (strcmp(cmd, "user") == 0 && strcmp(sub, "add") == 0)
			fn = cmd_user_add;
		else if (strcmp(cmd, "user") == 0 && strcmp(sub, "passwd") == 0)
			fn = cmd_user_passwd;
		else if (strcmp(cmd, "user") == 0 && strcmp(sub, "delete") == 0)
			fn = cmd_user_delete;
		else if (strcmp(cmd, "user") == 0 && strcmp(sub, "show") == 0)
			fn = cmd_user_show;
		else if (strcmp(cmd, "key") == 0 && strcmp(sub, "create") == 0)
			fn = cmd_key_create;
		else if (strcmp(cmd, "key") == 0 && strcmp(sub, "list") == 0)
			fn = cmd_key_list;
		else if (strcmp(cmd, "key") == 0 && strcmp(sub, "revoke") == 0)
			fn = cmd_key_revoke;
		else if (strcmp(cmd, "user") == 0)
			return usage(NULL, *sub ? "unknown command user %s" : "user needs a command: add, passwd, delete or show", sub);
		else
			return usage(NULL, *sub ? "unknown command key %s" : "key needs a command: create, list or revoke", sub);
	} else {
		return usage(NULL, "unknown command %s", cmd);
	}
	/* `larder key create --help` and the like: the usage, successfully */
	for (int j = i; j < argc && strcmp(argv[j], "--") != 0; j++) {
		if (strcmp(argv[j], "--help") == 0) {
			fputs(usage_all, stdout);
			return finish_output();
		}
	}
	conf = config_default_path(conf);
	if (config_load(conf, &c, err, sizeof err) < 0)
		return larder_fail("%s", err);
	rc = fn(&c, argc - i, argv + i);
	config_free(&c);
	return rc;
}
