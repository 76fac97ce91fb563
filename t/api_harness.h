/* api_harness.h: shared set-up for the resolver tests: a temporary store, the schema, and running operations. */
#ifndef LARDER_T_API_HARNESS_H
#define LARDER_T_API_HARNESS_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <json-c/json.h>

#include "api/api.h"
#include "util/arena.h"
#include "util/sb.h"
#include "util/time.h"
#include "t/test_config.h"
#include "t/test_db.h"

struct harness {
	char dir[256], db[300];
	struct store *st;
	struct gql_schema *schema;
	struct arena a;              /* per "request" (reset by run) and for test data */
	struct arena keep;           /* lives as long as the harness: users */
	struct store_user alice, bob;
	struct sb out;
	struct gql_result res;
	const struct gql_limits *lim; /* the budgets h_run gives (NULL: the engine's defaults) */
	struct larder_config cfg;    /* the defaults (t/test_config.h), data_dir the test's folder, base_url "" so
	                              * that reader URLs are answered as paths */
};

__attribute__((noreturn)) static void h_bail(const char *what, const char *why)
{
	printf("Bail out! %s: %s\n", what, why);
	exit(1);
}

/* a fresh database with the users alice and bob, and the schema */
__attribute__((unused)) static void h_init(struct harness *h)
{
	char err[512];
	const char *tmp = getenv("TMPDIR");
	memset(h, 0, sizeof *h);
	snprintf(h->dir, sizeof h->dir, "%s/larder-api-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(h->dir) == NULL)
		h_bail("mkdtemp", h->dir);
	test_config(&h->cfg, h->dir);
	free(h->cfg.base_url);
	if ((h->cfg.base_url = strdup("")) == NULL)
		h_bail("test_config", "out of memory");
	test_db_target(h->db, sizeof h->db, h->dir, "larder.db");
	if (store_init(h->db, err, sizeof err) != 0)
		h_bail("store_init", err);
	if (store_open(h->db, &h->st, err, sizeof err) != 0)
		h_bail("store_open", err);
	arena_init(&h->a);
	arena_init(&h->keep);
	sb_init(&h->out);
	if (store_user_add(h->st, &h->keep, "alice", "Alice Liddell", "alice@example.org", NULL, &h->alice) != 0)
		h_bail("store_user_add", "alice");
	if (store_user_add(h->st, &h->keep, "bob", NULL, NULL, NULL, &h->bob) != 0)
		h_bail("store_user_add", "bob");
	if ((h->schema = api_schema_load(err, sizeof err)) == NULL)
		h_bail("api_schema_load", err);
}

__attribute__((unused)) static void h_free(struct harness *h)
{
	char path[400];
	gql_schema_free(h->schema);
	store_close(h->st);
	arena_free(&h->a);
	arena_free(&h->keep);
	sb_free(&h->out);
	config_free(&h->cfg);
	/* the database and its WAL files */
	snprintf(path, sizeof path, "%s-wal", h->db);
	unlink(path);
	snprintf(path, sizeof path, "%s-shm", h->db);
	unlink(path);
	snprintf(path, sizeof path, "%s-writer.lock", h->db);
	unlink(path);
	unlink(h->db);
	snprintf(path, sizeof path, "%s/files", h->dir); /* svc_files_dir makes it when an upload is asked for */
	rmdir(path);
	rmdir(h->dir);
}

/* run one operation as `user` (NULL: no credentials); vars is JSON text or NULL; returns the body */
__attribute__((unused)) static const char *h_run(struct harness *h, const struct store_user *user,
                                                 const char *query, const char *vars)
{
	struct api_ctx ctx = { .store = h->st, .cfg = &h->cfg, .user = user, .key = NULL, .now_ms = time_now_ms() };
	struct gql_request req = { .query = query, .query_len = strlen(query), .context = &ctx, .limits = h->lim };
	struct json_object *jv = NULL;
	if (vars != NULL && (jv = json_tokener_parse(vars)) == NULL)
		h_bail("bad variables JSON in the test", vars);
	req.variables = jv;
	arena_reset(&h->a);
	sb_reset(&h->out);
	memset(&h->res, 0, sizeof h->res);
	gql_execute(h->schema, &req, &h->a, &h->out, &h->res);
	json_object_put(jv);
	if (sb_error(&h->out))
		h_bail("gql_execute", "output buffer error");
	return sb_str(&h->out);
}

/* a string found at a dotted path in the JSON body (e.g. "data.generateApiKey.apiKey.key"), copied
 * into the harness's long-lived arena; NULL when absent or not a string */
__attribute__((unused)) static const char *h_get(struct harness *h, const char *body, const char *path)
{
	struct json_object *root = json_tokener_parse(body), *j = root;
	const char *p = path, *res = NULL;
	char seg[128];
	while (j != NULL && *p) {
		size_t n = strcspn(p, ".");
		if (n >= sizeof seg)
			break;
		memcpy(seg, p, n);
		seg[n] = 0;
		p += n + (p[n] == '.');
		if (json_object_is_type(j, json_type_array))
			j = json_object_array_get_idx(j, (size_t)atoi(seg));
		else if (!json_object_object_get_ex(j, seg, &j))
			j = NULL;
	}
	if (j != NULL && json_object_is_type(j, json_type_string))
		res = arena_strdup(&h->keep, json_object_get_string(j));
	json_object_put(root);
	return res;
}

/* a formatted expected body, in the long-lived arena */
__attribute__((unused, format(printf, 2, 3))) static const char *h_fmt(struct harness *h, const char *fmt, ...)
{
	va_list ap;
	char *s;
	va_start(ap, fmt);
	s = arena_vprintf(&h->keep, fmt, ap);
	va_end(ap);
	return s;
}

__attribute__((unused)) static void h_sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}
#endif
