/* larder_import.c: `larder import --user NAME [--format F] FILE`: reads an export of another service (its format detected unless named; `--format opml` subscribes to an OPML list's feeds), stores it for the user, progress on stderr and the report on stdout; exit 0 all imported (records that are never items, such as a browser's place: queries, skipped), 1 some rows bad, 2 usage or an unreadable file. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cmd/larder_import.h"
#include "store/store.h"
#include "svc/feeds.h"
#include "svc/import.h"
#include "svc/svc.h"
#include "util/arena.h"

enum { IMPORT_OK = 0, IMPORT_BAD_ROWS = 1, IMPORT_USAGE = 2 };

static int bad_usage(const char *what, const char *arg)
{
	fprintf(stderr, "larder: %s%s\nusage: %s\n", what, arg ? arg : "", LARDER_IMPORT_USAGE);
	return IMPORT_USAGE;
}

struct import_args { const char *user, *format, *file; };

/* --user and --format (`--opt VALUE` or `--opt=VALUE`) and the file; 0 or the usage exit code */
static int read_args(int argc, char **argv, struct import_args *ia)
{
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], **slot = NULL;
		size_t n = strcspn(a, "=");
		if (strncmp(a, "--user", n) == 0 && n == 6)
			slot = &ia->user;
		else if (strncmp(a, "--format", n) == 0 && n == 8)
			slot = &ia->format;
		else if (a[0] == '-' && a[1] != '\0')
			return bad_usage("unknown option ", a);
		else if (ia->file)
			return bad_usage("unexpected argument ", a);
		else {
			ia->file = a;
			continue;
		}
		if (a[n] == '=')
			*slot = a + n + 1;
		else if (i + 1 < argc)
			*slot = argv[++i];
		else
			return bad_usage("a value is missing after ", a);
	}
	if (!ia->user || !*ia->user)
		return bad_usage("import needs --user NAME", NULL);
	if (!ia->file)
		return bad_usage("import needs a file", NULL);
	return 0;
}

static void progress(void *ctx, const struct svc_import_report *r)
{
	(void)ctx;
	fprintf(stderr, "larder import: %zu done (%zu added, %zu updated, %zu unchanged, %zu failed)\n",
	        r->added + r->updated + r->unchanged + r->failed, r->added, r->updated, r->unchanged, r->failed);
}

static void print_report(enum content_import_format f, const struct svc_import_report *r)
{
	printf("format: %s\nadded: %zu\nupdated: %zu\nunchanged: %zu\nfailed: %zu\n", content_import_format_name(f),
	       r->added, r->updated, r->unchanged, r->failed);
	if (r->skipped)
		printf("skipped: %zu\n", r->skipped);
	if (r->left_out)
		printf("left out: %zu\n", r->left_out);
	fputs(sb_str(&r->lines), stdout);
}

/* the file read and stored for user u, the report printed; the exit code */
static int run(const struct larder_config *c, struct store *st, struct arena *a, const struct store_user *u,
               enum content_import_format f, const char *file)
{
	struct svc_import_report r = { 0 };
	const char *err = NULL;
	int rc;
	if (f == CONTENT_IMPORT_UNKNOWN && (f = content_import_detect(file)) == CONTENT_IMPORT_UNKNOWN) {
		fprintf(stderr, "larder: %s: the format is not one Larder recognises: name it with --format\n", file);
		return IMPORT_USAGE;
	}
	sb_init(&r.lines);
	rc = svc_import_file(st, c, a, u->id, f, file, &r, progress, NULL, &err);
	if (rc == -1) {
		fprintf(stderr, "larder: %s: %s\n", file, err ? err : "cannot be read");
		sb_free(&r.lines);
		return IMPORT_USAGE;
	}
	print_report(f, &r);
	if (rc == -2)
		fprintf(stderr, "larder: %s\n", err);
	rc = r.failed > 0 || rc != 0 ? IMPORT_BAD_ROWS : IMPORT_OK;
	sb_free(&r.lines);
	if (fflush(stdout) != 0)
		return IMPORT_BAD_ROWS;
	return rc;
}

/* an OPML list: each feed subscribed (not fetched: `larder worker` polls them), the report printed */
static int run_opml(const struct larder_config *c, struct store *st, struct arena *a, const struct store_user *u,
                    const char *file)
{
	struct svc_opml_report r;
	struct sb lines;
	const char *err = NULL;
	sb_init(&lines);
	int rc = svc_import_opml(st, c, a, u->id, file, &r, &lines, &err);
	if (rc == -1) {
		fprintf(stderr, "larder: %s: %s\n", file, err ? err : "cannot be read");
		sb_free(&lines);
		return IMPORT_USAGE;
	}
	printf("format: opml\nsubscribed: %zu\nalready subscribed: %zu\nfailed: %zu\n", r.added, r.existing, r.failed);
	fputs(sb_str(&lines), stdout);
	sb_free(&lines);
	if (rc == -2)
		fprintf(stderr, "larder: %s\n", err);
	return r.failed > 0 || rc != 0 || fflush(stdout) != 0 ? IMPORT_BAD_ROWS : IMPORT_OK;
}

int larder_cmd_import(const struct larder_config *c, int argc, char **argv)
{
	struct import_args ia = { 0 };
	enum content_import_format f = CONTENT_IMPORT_UNKNOWN;
	struct store *st = NULL;
	struct store_user u;
	struct arena a;
	char err[512];
	FILE *probe;
	int rc = read_args(argc, argv, &ia);
	if (rc)
		return rc;
	bool opml = ia.format && strcmp(ia.format, "opml") == 0;
	if (ia.format && !opml && (f = content_import_format_by_name(ia.format)) == CONTENT_IMPORT_UNKNOWN)
		return bad_usage("unknown format ", ia.format);
	if ((probe = fopen(ia.file, "rb")) == NULL) {
		fprintf(stderr, "larder: cannot read %s: %s\n", ia.file, strerror(errno));
		return IMPORT_USAGE;
	}
	fclose(probe);
	if (store_open(c->database, &st, err, sizeof err) != STORE_OK) {
		fprintf(stderr, "larder: %s\n", err);
		return IMPORT_BAD_ROWS;
	}
	svc_store_limits(st, c);
	arena_init(&a);
	if ((rc = store_user_by_name(st, &a, ia.user, &u)) != STORE_OK) {
		fprintf(stderr, "larder: %s\n", rc == STORE_E_NOTFOUND ? "no such user" : store_errmsg(st));
		rc = rc == STORE_E_NOTFOUND ? IMPORT_USAGE : IMPORT_BAD_ROWS;
	} else
		rc = opml ? run_opml(c, st, &a, &u, ia.file) : run(c, st, &a, &u, f, ia.file);
	arena_free(&a);
	store_close(st);
	return rc;
}
