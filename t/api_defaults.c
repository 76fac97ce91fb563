/* api_defaults.c: the default bindings: *Error types answer code and message, other objects empty values, resolvers bound first are kept, root fields get none. */
#include "t/api_harness.h"
#include "t/tap.h"
#include "api/api_int.h"
#include "svc/apikey.h"

/* stands in for a resolver a later file binds before api_bind_defaults runs */
static int resolve_test_search(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	(void)parent;
	(void)rc;
	gql_out_object(out, "SearchSuccess", api_absent);
	return 0;
}

static int resolve_test_label_name(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	(void)rc;
	(void)parent;
	gql_out_cstr(out, "from the test");
	return 0;
}

static int resolve_test_labels(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	struct gql_out *items;
	(void)parent;
	if ((items = gql_out_list(rc, out, 1)) == NULL)
		return -1;
	gql_out_object(&items[0], "Label", api_absent);
	return 0;
}

/* error members with and without a message, for the probes */
static int resolve_probe_archive(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	(void)parent;
	return api_out_error(rc, out, "ArchiveLinkError", "UNAUTHORIZED", NULL);
}

static int resolve_probe_save(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	(void)parent;
	return api_out_error(rc, out, "SaveError", "UNKNOWN", "not a web address: %s", "ftp://x");
}

/* the schema with extra fields in `ext`, bound by `pre` first and then by api_schema_bind */
static struct gql_schema *build_with(const char *ext, const char *const *names, const gql_resolve_fn *fns,
                                     size_t n, char *err, size_t errlen)
{
	struct sb b;
	struct gql_schema *s;
	sb_init(&b);
	sb_puts(&b, larder_schema_sdl);
	sb_puts(&b, ext);
	s = gql_schema_parse(sb_str(&b), b.len, err, errlen);
	sb_free(&b);
	if (s == NULL)
		return NULL;
	/* an extra root field carries its own cost and grant (api/policy.c's table has rows only for the SDL's) */
	static const struct api_root_policy probe_policy = { "probe", 1, SVC_GRANT_READ };
	for (size_t i = 0; i < n; i++) {
		if (gql_bind(s, names[i], fns[i], NULL) != 0) {
			snprintf(err, errlen, "cannot bind %s", names[i]);
			gql_schema_free(s);
			return NULL;
		}
		if (strncmp(names[i], "Query.", 6) == 0) {
			gql_type_field(s->query, names[i] + 6)->meta = &probe_policy;
			gql_type_field(s->query, names[i] + 6)->cost = probe_policy.cost;
		}
	}
	if (api_schema_bind(s, err, errlen) != 0) {
		gql_schema_free(s);
		return NULL;
	}
	return s;
}

int main(void)
{
	struct harness h;
	const char *body;
	char err[512];
	h_init(&h);

	/* ---- the compiled-in schema: roots nobody implemented yet answer an honest error ---- */
	/* roots with resolvers are not touched by the defaults bindings */
	body = h_run(&h, NULL, "{ me { id } apiKeys { __typename ... on ApiKeysError { errorCodes message } } }", NULL);
	like(body, "{\"data\":{\"me\":null,\"apiKeys\":{\"__typename\":\"ApiKeysError\",\"errorCodes\":[\"UNAUTHORIZED\"],"
	     "\"message\":", "me and apiKeys keep their own resolvers (%s)", body);
	is_int(h.res.nerrors, 0, "without errors");

	/* ---- a resolver bound before api_schema_bind is kept; defaults fills in the rest ---- */
	{
		static const char *const names[] = {
			"Query.probeSearch", "Label.name", "Query.probeLabels", "Query.probeArchive", "Query.probeSave",
			"Query.probeItem",
		};
		static const gql_resolve_fn fns[] = {
			resolve_test_search, resolve_test_label_name, resolve_test_labels, resolve_probe_archive,
			resolve_probe_save, api_resolve_absent,
		};
		const char *ext = "\nextend type Query { probeSearch: SearchResult! probeLabels: [Label!]! probeArchive: ArchiveLinkResult!"
		                  " probeSave: SaveResult! probeItem: SearchItem! }\n";
		struct gql_schema *s = build_with(ext, names, fns, sizeof names / sizeof names[0], err, sizeof err);
		struct gql_type *q = s ? gql_schema_type(s, "Query") : NULL;
		struct gql_type *label = s ? gql_schema_type(s, "Label") : NULL;
		struct gql_type *serr = s ? gql_schema_type(s, "SearchError") : NULL;
		if (!ok(s != NULL, "a schema with resolvers bound first builds (%s)", s ? "" : err))
			goto out;
		ok(gql_type_field(q, "probeSearch")->resolve == resolve_test_search, "a root field keeps the resolver bound first");
		ok(gql_type_field(label, "name")->resolve == resolve_test_label_name, "Label.name keeps its resolver");
		ok(gql_type_field(gql_schema_type(s, "Recommendation"), "name")->resolve == api_resolve_absent,
		   "Recommendation.name gets api_resolve_absent");
		ok(gql_type_field(serr, "errorCodes")->resolve == api_resolve_error &&
		   gql_type_field(serr, "message")->resolve == api_resolve_error, "SearchError's fields get api_resolve_error");
		ok(gql_type_field(gql_schema_type(s, "LinkShareInfo"), "title")->resolve == api_resolve_absent,
		   "LinkShareInfo.title gets api_resolve_absent");
		ok(gql_type_field(q, "labels")->resolve != NULL && gql_type_field(q, "labels")->resolve != api_resolve_absent,
		   "Query.labels has a resolver");
		/* run through the real harness with this schema */
		gql_schema_free(h.schema);
		h.schema = s;
		body = h_run(&h, &h.alice, "{ probeSearch { __typename ... on SearchSuccess { edges { cursor } pageInfo {"
		             " hasNextPage hasPreviousPage startCursor endCursor totalCount } } } }", NULL);
		is_str(body, "{\"data\":{\"probeSearch\":{\"__typename\":\"SearchSuccess\",\"edges\":[],\"pageInfo\":{"
		       "\"hasNextPage\":false,\"hasPreviousPage\":false,\"startCursor\":null,\"endCursor\":null,"
		       "\"totalCount\":null}}}}", "search answers through the resolver bound first");
		body = h_run(&h, &h.alice, "{ probeLabels { name color description createdAt } }", NULL);
		is_str(body, "{\"data\":{\"probeLabels\":[{\"name\":\"from the test\",\"color\":\"\",\"description\":null,"
		       "\"createdAt\":null}]}}", "a type with one field bound keeps it and gets defaults for the others");
		body = h_run(&h, &h.alice, "{ probeArchive { ... on ArchiveLinkError { errorCodes message } }"
		             " probeSave { ... on SaveError { errorCodes message } } }", NULL);
		is_str(body, "{\"data\":{\"probeArchive\":{\"errorCodes\":[\"UNAUTHORIZED\"],\"message\":\"\"},"
		       "\"probeSave\":{\"errorCodes\":[\"UNKNOWN\"],\"message\":\"not a web address: ftp://x\"}}}",
		       "error members: codes and message (\"\" where the message is String! and none was given)");
		body = h_run(&h, &h.alice, "{ probeItem { id title slug url pageType contentReader isArchived folder"
		             " readingProgressPercent readingProgressAnchorIndex savedAt labels { id } highlights { id }"
		             " links state } }", NULL);
		is_str(body, "{\"data\":{\"probeItem\":{\"id\":\"\",\"title\":\"\",\"slug\":\"\",\"url\":\"\","
		       "\"pageType\":\"ARTICLE\",\"contentReader\":\"WEB\",\"isArchived\":false,\"folder\":\"\","
		       "\"readingProgressPercent\":0,\"readingProgressAnchorIndex\":0,"
		       "\"savedAt\":\"1970-01-01T00:00:00.000Z\",\"labels\":null,\"highlights\":null,\"links\":null,"
		       "\"state\":null}}}", "an absent SearchItem has empty values that fit its types");
	}

	/* ---- a root field outside the scope is not bound by defaults: the schema is refused ---- */
	{
		struct gql_schema *s = build_with("\nextend type Mutation { emptyTrash: SaveResult! }\n", NULL, NULL, 0,
		                                  err, sizeof err);
		ok(s == NULL, "an unimplemented root field outside the scope is refused");
		like(err, "Mutation.emptyTrash", "naming it (%s)", err);
		if (s != NULL)
			gql_schema_free(s);
	}
out:
	h_free(&h);
	return done_testing();
}
