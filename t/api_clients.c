/* api_clients.c: every GraphQL document real Omnivore clients send (t/data/clients) validates against Larder's schema and runs on a seeded library without errors; t/data/clients/EXPECTED names the exceptions (TAP). */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <sys/stat.h>

#include "t/api_harness.h"
#include "t/tap.h"

#define DOC_MAX (256 * 1024)

/* one line of EXPECTED: "client/Name invalid|todo reason" */
struct expect {
	char doc[160];
	char kind[16];
	char reason[240];
	bool seen;
};

static struct expect expects[400];
static size_t nexpects;

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	size_t n;
	if (f == NULL)
		return NULL;
	if ((buf = malloc(DOC_MAX + 1)) == NULL) {
		fclose(f);
		return NULL;
	}
	n = fread(buf, 1, DOC_MAX, f);
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

static void read_expected(const char *dir)
{
	char path[600], line[600];
	FILE *f;
	snprintf(path, sizeof path, "%s/EXPECTED", dir);
	if ((f = fopen(path, "r")) == NULL)
		return;
	while (fgets(line, sizeof line, f) && nexpects < sizeof expects / sizeof expects[0]) {
		struct expect *e = &expects[nexpects];
		int off = 0;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sscanf(line, "%159s %15s %n", e->doc, e->kind, &off) < 2)
			continue;
		snprintf(e->reason, sizeof e->reason, "%s", line + off);
		e->reason[strcspn(e->reason, "\n")] = '\0';
		nexpects++;
	}
	fclose(f);
}

static struct expect *expected(const char *doc)
{
	for (size_t i = 0; i < nexpects; i++)
		if (strcmp(expects[i].doc, doc) == 0)
			return &expects[i];
	return NULL;
}

/* a library for alice: two saved pages (one archived, one labelled and highlighted) */
static void seed(struct harness *h)
{
	static const char *const ops[] = {
		"mutation { savePage(input: {url: \"https://example.org/pelicans\", clientRequestId: "
		"\"6f1c2d7e-1b2a-4c3d-8e9f-0a1b2c3d4e5f\", source: \"test\", title: \"Pelicans\", originalContent: "
		"\"<html><body><article><h1>Pelicans</h1><p>Pelicans are large water birds with a long beak and a "
		"large throat pouch used for catching prey. They live on every continent but Antarctica.</p>"
		"</article></body></html>\", labels: [{name: \"Birds\"}]}) { __typename } }",
		"mutation { savePage(input: {url: \"https://example.org/herons\", clientRequestId: "
		"\"7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d\", source: \"test\", title: \"Herons\", originalContent: "
		"\"<html><body><article><h1>Herons</h1><p>Herons wade in shallow water and spear fish with their "
		"bills. Most herons nest in colonies in trees near water.</p></article></body></html>\"}) "
		"{ __typename } }",
		"mutation { setLinkArchived(input: {linkId: \"7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d\", archived: true}) "
		"{ __typename } }",
		"mutation { createHighlight(input: {id: \"0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e\", shortId: \"abc123\", "
		"articleId: \"6f1c2d7e-1b2a-4c3d-8e9f-0a1b2c3d4e5f\", quote: \"long beak\", annotation: \"a note\"}) "
		"{ __typename } }",
	};
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		const char *body = h_run(h, &h->alice, ops[i], NULL);
		if (strstr(body, "Success") == NULL)
			h_bail("seeding the library", body);
	}
}

/* the verdict on one document: NULL when it validates and runs cleanly, else what went wrong */
static const char *verdict(struct harness *h, const char *body)
{
	if (h->res.outcome == GQL_RESULT_REQUEST_ERROR)
		return h_fmt(h, "not valid: %.300s", body);
	if (strstr(body, "\"errors\"") != NULL)
		return h_fmt(h, "ran with errors: %.300s", body);
	return NULL;
}

static void run_doc(struct harness *h, const char *dir, const char *client, const char *name)
{
	char path[1400], name_only[300], id[600];
	char *doc, *vars;
	const char *body, *why;
	struct expect *e;
	size_t n = strlen(name) - strlen(".graphql");

	snprintf(name_only, sizeof name_only, "%.*s", (int)n, name);
	snprintf(id, sizeof id, "%s/%s", client, name_only);
	snprintf(path, sizeof path, "%s/%s/%s", dir, client, name);
	if ((doc = slurp(path, NULL)) == NULL)
		h_bail("reading", path);
	snprintf(path, sizeof path, "%s/%s/%s.json", dir, client, name_only);
	vars = slurp(path, NULL);
	body = h_run(h, &h->alice, doc, vars);
	why = verdict(h, body);
	e = expected(id);
	if (e)
		e->seen = true;
	if (e && strcmp(e->kind, "invalid") == 0)
		/* broken on Omnivore too: Larder must refuse it as invalid, as Omnivore does */
		ok(h->res.outcome == GQL_RESULT_REQUEST_ERROR, "%s is refused as invalid (%s)", id, e->reason);
	else if (e && strcmp(e->kind, "todo") == 0) {
		tap_n++;
		printf("%s %d - %s validates and runs # TODO %s\n", why ? "not ok" : "ok", tap_n, id, e->reason);
	} else if (!ok(why == NULL, "%s validates and runs", id))
		printf("#   %s\n", why);
	free(doc);
	free(vars);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

int main(void)
{
	const char *top = getenv("top_srcdir");
	char dir[512], sub[1000];
	struct dirent **clients, **docs;
	struct harness h;
	int nc, nd;

	snprintf(dir, sizeof dir, "%s/t/data/clients", top && *top ? top : ".");
	if ((nc = scandir(dir, &clients, NULL, by_name)) < 0) {
		printf("Bail out! %s: %s\n", dir, strerror(errno));
		return 1;
	}
	read_expected(dir);
	h_init(&h);
	seed(&h);
	/* the documents run under larder.conf's default budgets for one operation's root fields */
	struct gql_limits lim = { .costly_field = "search", .max_costly = LIMIT_SEARCHES_PER_REQUEST,
	                          .name_costly = "searches_per_request", .max_cost = LIMIT_REQUEST_COST,
	                          .name_cost = "request_cost_max" };
	h.lim = &lim;
	for (int i = 0; i < nc; i++) {
		struct stat sb;
		snprintf(sub, sizeof sub, "%s/%s", dir, clients[i]->d_name);
		if (clients[i]->d_name[0] == '.' || stat(sub, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
			free(clients[i]);
			continue;
		}
		if ((nd = scandir(sub, &docs, NULL, by_name)) < 0)
			h_bail("scandir", sub);
		for (int j = 0; j < nd; j++) {
			size_t l = strlen(docs[j]->d_name);
			if (l > 8 && strcmp(docs[j]->d_name + l - 8, ".graphql") == 0)
				run_doc(&h, dir, clients[i]->d_name, docs[j]->d_name);
			free(docs[j]);
		}
		free(docs);
		free(clients[i]);
	}
	free(clients);
	for (size_t i = 0; i < nexpects; i++)
		ok(expects[i].seen, "EXPECTED names a document that exists: %s", expects[i].doc);
	h_free(&h);
	return done_testing();
}
