/* larder_migrate.c: `larder migrate-store --from A --to B [--force]`: the command line around store_copy, which copies every table and prints the rows counted on both sides. */
#include "config.h"
#include "cmd/larder_migrate.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "store/store.h"

static int usage_error(const char *what, const char *arg)
{
	fprintf(stderr, "larder: %s%s\nusage: %s\n", what, arg ? arg : "", U_MIGRATE);
	return 2;
}

/* "sqlite:PATH" names a SQLite file, a postgresql:// (or postgres://) URL a server, anything else a file */
static const char *target(const char *arg)
{
	return strncmp(arg, "sqlite:", 7) == 0 ? arg + 7 : arg;
}

static void report(void *arg, const char *table, int64_t from_rows, int64_t to_rows)
{
	(void)arg;
	printf("%-22s %10" PRId64 " %10" PRId64 "%s\n", table, from_rows, to_rows, from_rows == to_rows ? "" : "  DIFFERENT");
}

int larder_cmd_migrate(int argc, char **argv)
{
	const char *from = NULL, *to = NULL;
	bool force = false;
	char err[1024];

	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], **slot = NULL;
		if (strcmp(a, "--force") == 0) {
			force = true;
			continue;
		}
		if (strcmp(a, "--from") == 0 || strncmp(a, "--from=", 7) == 0)
			slot = &from;
		else if (strcmp(a, "--to") == 0 || strncmp(a, "--to=", 5) == 0)
			slot = &to;
		else
			return usage_error("unknown argument ", a);
		if (*slot)
			return usage_error("given twice: ", a);
		if (strchr(a, '='))
			*slot = strchr(a, '=') + 1;
		else if (i + 1 < argc)
			*slot = argv[++i];
		else
			return usage_error("needs a value: ", a);
	}
	if (!from || !to || !*from || !*to)
		return usage_error("--from and --to are both needed", NULL);
	from = target(from);
	to = target(to);
	if (strcmp(from, to) == 0)
		return usage_error("--from and --to name the same database", NULL);
	printf("%-22s %10s %10s\n", "table", "source", "target");
	if (store_copy(from, to, force, report, NULL, err, sizeof err) != STORE_OK) {
		fflush(stdout);
		fprintf(stderr, "larder: migrate-store: %s\n", err);
		return 1;
	}
	printf("migrated: every table counted alike\n");
	return fflush(stdout) == 0 ? 0 : 1;
}
