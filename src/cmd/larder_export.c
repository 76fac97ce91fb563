/* larder_export.c: `larder export --user NAME [--opml] [--output FILE]`: the user's whole library as Omnivore's export zip (or with --opml the user's feed subscriptions as OPML), to a file or standard output. */
#include "cmd/larder_export.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "store/store.h"
#include "svc/export_omnivore.h"
#include "svc/feeds.h"
#include "util/arena.h"

__attribute__((format(printf, 1, 2)))
static int usage_error(const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	fprintf(stderr, "larder: %s\nusage: %s\n", msg, U_EXPORT);
	return 2;
}

/* --user NAME, --output FILE (also as --opt=VALUE), --opml; 0 or the usage exit code */
static int options(int argc, char **argv, const char **user, const char **output, bool *opml)
{
	for (int i = 0; i < argc; i++) {
		const char *opt = argv[i], **to;
		size_t n = strcspn(opt, "=");
		if (strcmp(opt, "--") == 0)
			continue; /* no arguments follow that could look like options */
		if (strcmp(opt, "--opml") == 0) {
			*opml = true;
			continue;
		}
		if (n == 6 && strncmp(opt, "--user", n) == 0)
			to = user;
		else if (n == 8 && strncmp(opt, "--output", n) == 0)
			to = output;
		else
			return usage_error(opt[0] == '-' ? "unknown option %s" : "unexpected argument '%s'", opt);
		if (*to)
			return usage_error("%s given twice", to == user ? "--user" : "--output");
		if (opt[n] == '=')
			*to = opt + n + 1;
		else if (i + 1 < argc)
			*to = argv[++i];
		else
			return usage_error("%s needs a value", opt);
	}
	if (!*user || !**user)
		return usage_error("export needs --user NAME");
	return 0;
}

/* the user's subscriptions as OPML, to the file or standard output */
static int export_opml(struct store *st, struct arena *a, const char *user_id, const char *output)
{
	FILE *f = output ? fopen(output, "w") : stdout;
	if (f == NULL) {
		fprintf(stderr, "larder: cannot write %s: %s\n", output, strerror(errno));
		return 1;
	}
	int rc = svc_export_opml(st, a, user_id, f);
	if ((output && fclose(f) != 0) || rc != 0) {
		fprintf(stderr, "larder: cannot write the subscriptions: %s\n", rc ? store_errmsg(st) : strerror(errno));
		if (output)
			unlink(output);
		return 1;
	}
	return 0;
}

static int export_to(struct store *st, const struct larder_config *c, const char *user_id, const char *output)
{
	int fd = output ? open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600) : STDOUT_FILENO;
	enum svc_export_rc rc;
	if (fd < 0) {
		fprintf(stderr, "larder: cannot write %s: %s\n", output, strerror(errno));
		return 1;
	}
	rc = svc_export_omnivore(st, c, user_id, fd);
	if (rc == SVC_EXPORT_E_WRITE)
		fprintf(stderr, "larder: cannot write %s: %s\n", output ? output : "to standard output", strerror(errno));
	else if (rc == SVC_EXPORT_E_STORE)
		fprintf(stderr, "larder: cannot read the library: %s\n", store_errmsg(st));
	else if (rc != SVC_EXPORT_OK)
		fprintf(stderr, "larder: cannot make the zip archive\n");
	if (output && (close(fd) != 0 || rc != SVC_EXPORT_OK)) {
		if (rc == SVC_EXPORT_OK)
			fprintf(stderr, "larder: cannot write %s: %s\n", output, strerror(errno));
		unlink(output); /* no half-written export left behind */
		return 1;
	}
	return rc == SVC_EXPORT_OK ? 0 : 1;
}

int larder_cmd_export(const struct larder_config *c, int argc, char **argv)
{
	const char *username = NULL, *output = NULL;
	struct store *st;
	struct store_user u;
	struct arena a;
	char err[512];
	bool opml = false;
	int rc = options(argc, argv, &username, &output, &opml);

	if (rc)
		return rc;
	if (!output && !opml && isatty(STDOUT_FILENO))
		return usage_error("not writing a zip archive to a terminal: redirect standard output or give --output FILE");
	if (store_open(c->database, &st, err, sizeof err) != STORE_OK) {
		fprintf(stderr, "larder: %s\n", err);
		return 1;
	}
	arena_init(&a);
	rc = store_user_by_name(st, &a, username, &u);
	if (rc == STORE_OK)
		rc = opml ? export_opml(st, &a, u.id, output) : export_to(st, c, u.id, output);
	else if (rc == STORE_E_NOTFOUND)
		rc = (fprintf(stderr, "larder: no user %s\n", username), 1);
	else
		rc = (fprintf(stderr, "larder: %s\n", store_errmsg(st)), 1);
	arena_free(&a);
	store_close(st);
	return rc;
}
