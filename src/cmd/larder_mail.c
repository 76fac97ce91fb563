/* larder_mail.c: `larder mail`: reads one RFC 5322 message on standard input (at most mail_max_bytes), hands it to svc_mail_receive with the MTA's envelope recipient, and answers with a sysexits.h status and one line on standard error. */
#include "cmd/larder_mail.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "store/store.h"
#include "svc/newsletter.h"
#include "svc/svc.h"
#include "util/arena.h"
#include "util/config.h"

#define MAX_RECIPIENTS 16 /* --recipient options and environment recipients read */

/* the options of `mail`: --config/-c CONF, --recipient ADDRESS (also as --opt=VALUE) */
struct mail_opts {
	const char *conf;
	const char *rcpt[MAX_RECIPIENTS + 2];
	size_t n;
};

static int usage_error(const char *what, const char *opt)
{
	fprintf(stderr, "larder mail: %s %s\nusage: %s\n", what, opt, LARDER_MAIL_USAGE);
	return EX_USAGE;
}

static int options(int argc, char **argv, struct mail_opts *o)
{
	for (int i = 0; i < argc; i++) {
		const char *opt = argv[i], *val;
		size_t k = strcspn(opt, "=");
		bool conf = (k == 8 && strncmp(opt, "--config", k) == 0) || strcmp(opt, "-c") == 0;
		if (!conf && !(k == 11 && strncmp(opt, "--recipient", k) == 0))
			return usage_error(opt[0] == '-' ? "unknown option" : "unexpected argument", opt);
		if (opt[k] == '=')
			val = opt + k + 1;
		else if (i + 1 < argc)
			val = argv[++i];
		else
			return usage_error("a value is missing after", opt);
		if (conf)
			o->conf = val;
		else if (o->n < MAX_RECIPIENTS)
			o->rcpt[o->n++] = val;
	}
	return 0;
}

/* the recipients an MTA gives in the environment: Postfix's local(8) ORIGINAL_RECIPIENT, Exim's pipe
 * transport LOCAL_PART and DOMAIN */
static void env_recipients(struct arena *a, struct mail_opts *o)
{
	const char *orig = getenv("ORIGINAL_RECIPIENT"), *lp = getenv("LOCAL_PART"), *dom = getenv("DOMAIN");
	if (orig && *orig)
		o->rcpt[o->n++] = orig;
	if (lp && *lp)
		o->rcpt[o->n++] = arena_printf(a, "%s@%s", lp, dom ? dom : "");
}

/* standard input, at most max + 1 bytes (one more tells it is too large); NULL when it cannot be read */
static char *read_message(size_t max, size_t *n)
{
	size_t cap = 64 * 1024;
	char *buf = malloc(cap);
	*n = 0;
	while (buf && *n <= max) {
		if (*n == cap) {
			cap = cap * 2 > max + 1 ? max + 1 : cap * 2;
			char *grown = realloc(buf, cap);
			if (grown == NULL)
				break;
			buf = grown;
		}
		ssize_t r = read(STDIN_FILENO, buf + *n, cap - *n);
		if (r == 0)
			return buf;
		if (r < 0)
			break;
		*n += (size_t)r;
	}
	if (buf && *n > max)
		return buf;
	free(buf);
	return NULL;
}

static int exit_status(enum svc_mail_status st)
{
	switch (st) {
	case SVC_MAIL_SAVED: case SVC_MAIL_CONFIRMATION: case SVC_MAIL_DUPLICATE: case SVC_MAIL_IGNORED:
		return EX_OK;
	case SVC_MAIL_NOUSER: return EX_NOUSER;
	case SVC_MAIL_BADMIME: return EX_DATAERR;
	case SVC_MAIL_TOOBIG: return EX_UNAVAILABLE;
	default: return EX_TEMPFAIL;
	}
}

/* the message delivered with the configuration loaded: the exit status */
static int deliver(const struct larder_config *c, struct mail_opts *o)
{
	struct arena a;
	struct store *st;
	struct svc_mail_result res;
	char err[512];
	size_t n;
	char *msg = read_message(c->mail_max_bytes, &n);
	if (msg == NULL) {
		fprintf(stderr, "larder mail: the message could not be read from standard input\n");
		return EX_TEMPFAIL;
	}
	if (store_open(c->database, &st, err, sizeof err) != STORE_OK) {
		fprintf(stderr, "larder mail: %s\n", err);
		free(msg);
		return EX_TEMPFAIL;
	}
	svc_store_limits(st, c);
	arena_init(&a);
	env_recipients(&a, o);
	svc_mail_receive(st, c, &a, msg, n, o->rcpt, o->n, &res);
	fprintf(stderr, "larder mail: %s\n", res.message ? res.message : "done");
	int rc = exit_status(res.status);
	arena_free(&a);
	store_close(st);
	free(msg);
	return rc;
}

int larder_cmd_mail(const char *conf, int argc, char **argv)
{
	struct mail_opts o = { .conf = conf };
	struct larder_config c;
	char err[768];
	int rc = options(argc, argv, &o);
	if (rc != 0)
		return rc;
	if (config_load(config_default_path(o.conf), &c, err, sizeof err) < 0) {
		fprintf(stderr, "larder mail: %s\n", err);
		return EX_TEMPFAIL;
	}
	rc = deliver(&c, &o);
	config_free(&c);
	return rc;
}
